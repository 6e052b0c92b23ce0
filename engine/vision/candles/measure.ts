import type { PixelCandle } from './types';

/** Ink share (0..1) of the pixel at plot coordinates (x, y) in its own class's colour. */
export type AlphaAt = (x: number, y: number) => number;

/**
 * measure's per-row arrays, kept from call to call (it runs for every candle, and twice for
 * many); grown as needed. Only the first h elements of a call are written and read.
 */
const rowSpans = {
  left: new Int32Array(256),
  right: new Int32Array(256),
  frac: new Float64Array(256),
  wick: new Uint8Array(256),
};
/**
 * measure's tallies (rows per stem width, pixels per ink class), all zero between calls: each
 * call clears the entries it counted.
 */
const widthTally = { count: new Int32Array(256) };
const classTally = new Int32Array(256);

/** Reads one component: high/low rows, body rows, fill class, and whether it is an OHLC bar. */
export function measure(
  ink: Uint8Array,
  labels: Int32Array,
  pw: number,
  id: number,
  /** The rows of the piece (its first and last holding any of it). */
  c: { minY: number; maxY: number },
  x0: number,
  x1: number,
  alphaAt: AlphaAt,
): { candle: PixelCandle; barLike: boolean } {
  const h = c.maxY - c.minY + 1;
  if (rowSpans.left.length < h) {
    const n = Math.max(h, rowSpans.left.length * 2);
    rowSpans.left = new Int32Array(n);
    rowSpans.right = new Int32Array(n);
    rowSpans.frac = new Float64Array(n);
    rowSpans.wick = new Uint8Array(n);
  }
  const spanL = rowSpans.left;
  const spanR = rowSpans.right;
  // Row width counting the end pixels by their ink share: a wick drawn between two pixel
  // columns (a 1.5x capture) covers one column fully in some rows and two half-covered
  // columns in others, 1 or 2 whole pixels wide but always about 1.5 px of ink.
  const fracW = rowSpans.frac;
  let minY = -1;
  let maxY = -1;
  let inkRows = 0;
  for (let y = c.minY; y <= c.maxY; y++) {
    // The row's first and last pixel of the shape (the last looked for from the right).
    const row = y * pw;
    let l = x0;
    while (l <= x1 && labels[row + l] !== id) l++;
    let r = -1;
    if (l > x1) l = -1;
    else {
      r = x1;
      while (labels[row + r] !== id) r--;
    }
    const i = y - c.minY;
    spanL[i] = l;
    spanR[i] = r;
    fracW[i] = 0;
    if (l >= 0) {
      if (minY < 0) minY = y;
      maxY = y;
      inkRows++;
      const al = alphaAt(l, y);
      const ar = l === r ? al : alphaAt(r, y);
      fracW[i] = l === r ? al : r - l - 1 + al + ar;
    }
  }
  // The wick/stem: the narrowest rows. A wick's tip rows (its first and last) may be covered
  // only in part vertically and read narrower than the wick; they set the width only when no
  // other row is narrow (a wick one row long).
  let minAll = Infinity;
  let minInner = Infinity;
  let maxW = 0;
  let full = 0;
  for (let i = 0; i < h; i++) {
    if (spanL[i]! < 0) continue;
    const y = i + c.minY;
    minAll = Math.min(minAll, fracW[i]!);
    if (y !== minY && y !== maxY) minInner = Math.min(minInner, fracW[i]!);
    maxW = Math.max(maxW, fracW[i]!);
    full = Math.max(full, spanR[i]! - spanL[i]! + 1);
  }
  const stemW = minInner <= maxW * 0.6 ? minInner : minAll;
  // A row at most this much wider than the narrowest is still the wick (anti-aliasing).
  const wickMax = stemW + Math.max(0.7, stemW * 0.3);
  const wick = rowSpans.wick;
  for (let i = 0; i < h; i++) wick[i] = spanL[i]! >= 0 && fracW[i]! <= wickMax ? 1 : 0;
  const isWick = (i: number) => wick[i] === 1;
  // Stem columns: the most common whole-pixel span of the wick rows (the narrowest of equally
  // common ones); centre from those rows.
  if (widthTally.count.length <= full) widthTally.count = new Int32Array(full * 2);
  const widthCount = widthTally.count;
  const widths: number[] = [];
  for (let i = 0; i < h; i++) {
    if (!isWick(i)) continue;
    const w = spanR[i]! - spanL[i]! + 1;
    if (widthCount[w]!++ === 0) widths.push(w);
  }
  let stem = full;
  let stemN = 0;
  for (const w of widths) {
    const n = widthCount[w]!;
    widthCount[w] = 0;
    if (n > stemN || (n === stemN && w < stem)) [stem, stemN] = [w, n];
  }
  let sx = 0;
  let sn = 0;
  let wickRows = 0;
  for (let i = 0; i < h; i++) {
    if (!isWick(i)) continue;
    wickRows++;
    sx += (spanL[i]! + spanR[i]!) / 2;
    sn++;
  }
  const allWick = wickRows === inkRows;
  const stemX = !allWick && sn ? sx / sn : (x0 + x1) / 2;
  if (allWick) stem = full;
  const stemL = Math.round(stemX - (stem - 1) / 2);
  const stemR = stemL + stem - 1;

  // Rows wider than the stem: body rows (candles) or ticks (bars).
  let leftOnly = 0;
  let rightOnly = 0;
  let both = 0;
  let leftRows = 0;
  let leftN = 0;
  let rightRows = 0;
  let rightN = 0;
  let bodyTop = -1;
  let bodyBottom = -1;
  for (let i = 0; i < h; i++) {
    if (spanL[i]! < 0 || isWick(i)) continue;
    const l = spanL[i]! < stemL;
    const r = spanR[i]! > stemR;
    if (l && r) both++;
    else if (l) leftOnly++;
    else if (r) rightOnly++;
    if (l) {
      leftRows += i;
      leftN++;
    }
    if (r) {
      rightRows += i;
      rightN++;
    }
    if (l || r) {
      if (bodyTop < 0) bodyTop = i;
      bodyBottom = i;
    }
  }
  const barLike = leftOnly + rightOnly > both && leftN > 0 && rightN > 0;
  let ambiguous = false;
  let direction = 0;
  if (barLike) {
    const openY = c.minY + leftRows / leftN;
    const closeY = c.minY + rightRows / rightN;
    bodyTop = Math.min(openY, closeY);
    bodyBottom = Math.max(openY, closeY);
    direction = closeY < openY ? 1 : closeY > openY ? -1 : 0;
  } else if (bodyTop < 0) {
    // Nothing wider than the wick: a 1-px candle; its body cannot be told from its wick.
    ambiguous = true;
    bodyTop = minY;
    bodyBottom = maxY;
  } else {
    // A body is one run of wide rows; a wider row elsewhere on the wick is where a grid or
    // indicator line crosses it, blending with the wick's edges.
    let best = 0;
    let top = bodyTop;
    let bottom = bodyBottom;
    for (let i = bodyTop; i <= bodyBottom;) {
      if (isWick(i) || spanL[i]! < 0) {
        i++;
        continue;
      }
      let j = i;
      while (j + 1 <= bodyBottom && spanL[j + 1]! >= 0 && !isWick(j + 1)) j++;
      if (j - i + 1 > best) [best, top, bottom] = [j - i + 1, i, j];
      i = j + 1;
    }
    // A line in another colour drawn across the body (a price level) leaves a row or two of the
    // body narrow: a run of wide rows as wide as the body just beyond them is still the body.
    // (A line crossing the wick is about the wick's width, not the body's.)
    const wide = (i: number) => spanL[i]! >= 0 && !isWick(i);
    const sameSpan = (i: number, k: number) =>
      Math.abs(spanL[i]! - spanL[k]!) <= 1 && Math.abs(spanR[i]! - spanR[k]!) <= 1;
    for (let grown = true; grown;) {
      grown = false;
      for (let gap = 1; gap <= 2 && !grown; gap++) {
        const below = bottom + gap + 1;
        if (below < h && !wide(bottom + gap) && wide(below) && sameSpan(below, bottom)) {
          for (bottom = below; bottom + 1 < h && wide(bottom + 1);) bottom++;
          grown = true;
        }
        const above = top - gap - 1;
        if (!grown && above >= 0 && !wide(top - gap) && wide(above) && sameSpan(above, top)) {
          for (top = above; top > 0 && wide(top - 1);) top--;
          grown = true;
        }
      }
    }
    bodyTop = top + c.minY;
    bodyBottom = bottom + c.minY;
  }
  // Fill: the class at the body's centre column, middle rows (0 = hollow). Pixels per class,
  // and the classes in the order first met: the first of equally common classes fills it.
  const counts = classTally;
  const met: number[] = [];
  const cx = Math.round(stemX);
  const bt = Math.round(bodyTop);
  const bb = Math.round(bodyBottom);
  // Inside the outline (if any): skip the edge rows when the body is tall enough.
  const inset = bb - bt >= 6 ? 2 : bb - bt >= 2 ? 1 : 0;
  const inner0 = bt + inset;
  const inner1 = bb - inset;
  const fillColumns = full - stem >= 4 ? [cx - 1, cx + 1].filter((v) => v !== cx) : [cx];
  // Hollow bodies show background beside the wick column; sample beside it when there is room.
  const sampleX = full >= 5 ? fillColumns : [cx];
  for (let y = inner0; y <= inner1; y++) {
    for (const x of sampleX) {
      if (x < x0 || x > x1) continue;
      const k = labels[y * pw + x] === id ? ink[y * pw + x]! : 0;
      if (counts[k]!++ === 0) met.push(k);
    }
  }
  let fill = 0;
  let best = -1;
  for (const k of met) {
    const n = counts[k]!;
    counts[k] = 0;
    if (n > best) [fill, best] = [k, n];
  }
  return {
    candle: {
      x: stemX,
      left: x0,
      right: x1,
      highY: minY,
      lowY: maxY,
      bodyTop,
      bodyBottom,
      fill,
      direction,
      ambiguous,
      stemLeft: stemL,
      stemRight: stemR,
    },
    barLike,
  };
}
