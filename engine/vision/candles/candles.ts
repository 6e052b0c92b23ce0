import type { InkClass } from '../palette/palette';
import type { PlotRect } from '../types';
import type { EdgeSampler } from './edges';
import { refineCandle, strokeWidth } from './edges';
import { colourDistance } from '../pixels/raster';
import { tint } from '../palette/palette';
import { BG_TOLERANCE } from '../layout/layout';
import { median } from '../pixels/stats';
import { removeVolumeBars } from '../cleanup/volume';
import { ScratchArray } from '../pixels/scratch';
import { countNonZero, nextNonZero, wordView } from '../pixels/byte-scan';
import { latticeFit, latticeGroups, latticeSpacing, shapeColumns, sureCut, type Column } from './lattice';

/** One candle or bar as pixel rows, before any price scale is applied. */
export interface PixelCandle {
  /** Centre column, image px. */
  x: number;
  left: number;
  right: number;
  highY: number;
  lowY: number;
  /** Rows of the open and close (top/bottom of the body for candles; ticks for bars). */
  bodyTop: number;
  bodyBottom: number;
  /** Ink class filling the body (0 = hollow: background inside an outline). */
  fill: number;
  /** +1 bull, -1 bear, 0 unknown yet (candles get theirs from the colour classes). */
  direction: number;
  /** The body could not be told from the wick (1 px candles): open/close are a best reading. */
  ambiguous: boolean;
  /** Stem (wick) columns, image px. */
  stemLeft: number;
  stemRight: number;
}

export interface CandleExtraction {
  kind: 'candles' | 'bars';
  candles: PixelCandle[];
  barSpacing: number;
  warnings: string[];
  /** Some candle's body could not be told from its wick (1 px wide, or a flat doji). */
  uncertainBodies: boolean;
  /** Every shape read as a candle before fragments off the candles' lattice were dropped. */
  allShapes: PixelCandle[];
}

/**
 * Removes thin horizontal strokes in candle colours (the dotted last-price line, price lines
 * of the same colour) so they do not glue neighbouring candles together. A pixel of a candle
 * has ink above or below it beyond the stroke; a pixel of the line does not.
 */
function removeHorizontalLines(ink: Uint8Array, pw: number, ph: number): void {
  const rowInk = new Uint32Array(ph);
  const words = wordView(ink);
  for (let y = 0; y < ph; y++) rowInk[y] = countNonZero(ink, words, y * pw, (y + 1) * pw);
  // Thin pixels: ink in a vertical run of at most 4 px (a line up to 4 px thick at 3x).
  const thin = (x: number, y: number) => {
    if (!ink[y * pw + x]) return false;
    let n = 1;
    for (let k = 1; k <= 4 && y - k >= 0 && ink[(y - k) * pw + x]; k++) n++;
    for (let k = 1; k <= 4 && y + k < ph && ink[(y + k) * pw + x]; k++) n++;
    return n <= 4;
  };
  const isLine = (y: number) => {
    if (rowInk[y]! < pw * 0.2) return false;
    // A row through many doji bodies is not a line: most of a line's pixels are thin.
    let t = 0;
    for (let x = 0; x < pw; x++) if (thin(x, y)) t++;
    return t >= rowInk[y]! * 0.3;
  };
  // A row beside the line whose thin ink is (nearly) all the line's anti-aliased edge: thin
  // pixels touching the line's row (candles crossing it are not thin). A dotted line drawn off the pixel grid (2.625x phones) has such an
  // edge row under some of its dashes only, too sparse to count as line; left in place it keeps
  // those dashes (ink below them) as a row of one-pixel specks between the candles.
  const isEdge = (yy: number, line: number) => {
    if (yy < 0 || yy >= ph || rowInk[yy] === 0) return false;
    let edge = 0;
    let loose = 0;
    for (let x = 0, i = yy * pw; x < pw; x++, i++) {
      if (!ink[i] || !thin(x, yy)) continue;
      if (ink[line * pw + x]) edge++;
      else loose++;
    }
    return edge >= pw * 0.02 && edge >= loose * 4;
  };
  for (let y = 0; y < ph; y++) {
    if (!isLine(y)) continue;
    let y1 = y;
    while (y1 + 1 < ph && y1 - y < 4 && rowInk[y1 + 1]! >= pw * 0.2) y1++;
    if (y1 - y < 4 && isEdge(y1 + 1, y1)) y1++;
    if (y1 - y < 4 && isEdge(y - 1, y)) y--;
    for (let x = 0; x < pw; x++) {
      const above = y > 0 ? ink[(y - 1) * pw + x]! : 0;
      const below = y1 + 1 < ph ? ink[(y1 + 1) * pw + x]! : 0;
      if (above || below) continue;
      for (let yy = y; yy <= y1; yy++) ink[yy * pw + x] = 0;
    }
    y = y1;
  }
}

interface Component {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  count: number;
}

/**
 * A shape of some size, which typical widths are taken from: specks (JPEG noise, the dots of a
 * dotted line) would make them a pixel or two.
 */
const isSized = (c: Component) => c.count >= 6 && c.maxY - c.minY >= 2;

/**
 * The label arrays of a read, kept from read to read (a fresh 15 MB array per call cost garbage
 * collections): two, as the first labels are still read after the components are found again.
 */
const labelPools = [0, 1].map(() => new ScratchArray((n) => new Uint32Array(n)));

/**
 * 4-connected components of ink pixels (any class), union-find over runs of ink along the rows:
 * a run joins the runs of the row above that share a column with it. Components are numbered in
 * the order of their first pixel (row by row); labels are -1 off the ink. `pool` picks the kept
 * array the labels are written to.
 */
export function components(
  ink: Uint8Array,
  pw: number,
  ph: number,
  pool: 0 | 1,
): { labels: Int32Array; comps: Component[]; first: Int32Array } {
  const n = pw * ph;
  const kept = labelPools[pool]!.take(n);
  const labels = new Int32Array(kept.buffer, kept.byteOffset, n).fill(-1);
  const words = wordView(ink);
  // Runs of ink: first and past-the-end pixel index, and the label given to the run.
  const runFrom: number[] = [];
  const runTo: number[] = [];
  const runLabel: number[] = [];
  // Per label: its parent (a label's root is the smallest label of its set, so roots number the
  // components in the order of their first run) and the extent of the runs given that label.
  const parent: number[] = [];
  const minX: number[] = [];
  const maxX: number[] = [];
  const minY: number[] = [];
  const maxY: number[] = [];
  const count: number[] = [];
  /** Index of the pixel that started the label. */
  const start: number[] = [];
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]!]!;
      a = parent[a]!;
    }
    return a;
  };
  let prevStart = 0;
  let prevEnd = 0;
  for (let y = 0; y < ph; y++) {
    const row = y * pw;
    const rowEnd = row + pw;
    const above = row - pw;
    const curStart = runFrom.length;
    // The first run of the row above that may still share a column with this row's runs.
    let p = prevStart;
    for (let i = nextNonZero(ink, words, row, rowEnd); i < rowEnd; i = nextNonZero(ink, words, i, rowEnd)) {
      let e = i + 1;
      while (e < rowEnd && ink[e]) e++;
      const a = i - row;
      const b = e - row;
      while (p < prevEnd && runTo[p]! - above <= a) p++;
      let label = -1;
      for (let q = p; q < prevEnd && runFrom[q]! - above < b; q++) {
        const r = find(runLabel[q]!);
        if (label < 0) label = r;
        else if (r !== label) {
          const lo = Math.min(r, label);
          parent[Math.max(r, label)] = lo;
          label = lo;
        }
      }
      if (label < 0) {
        label = parent.length;
        parent.push(label);
        minX.push(a);
        maxX.push(b - 1);
        minY.push(y);
        maxY.push(y);
        count.push(b - a);
        start.push(i);
      } else {
        if (a < minX[label]!) minX[label] = a;
        if (b - 1 > maxX[label]!) maxX[label] = b - 1;
        maxY[label] = y;
        count[label]! += b - a;
      }
      runFrom.push(i);
      runTo.push(e);
      runLabel.push(label);
      i = e;
    }
    prevStart = curStart;
    prevEnd = runFrom.length;
  }
  // Components in the order of their roots; every label's runs are added to its root's.
  const id = new Int32Array(parent.length);
  const comps: Component[] = [];
  // A component's first pixel (row by row) started its root.
  const first: number[] = [];
  for (let k = 0; k < parent.length; k++) {
    const root = find(k);
    if (root === k) {
      id[k] = comps.length;
      first.push(start[k]!);
      comps.push({ minX: minX[k]!, maxX: maxX[k]!, minY: minY[k]!, maxY: maxY[k]!, count: count[k]! });
      continue;
    }
    id[k] = id[root]!;
    const c = comps[id[k]!]!;
    if (minX[k]! < c.minX) c.minX = minX[k]!;
    if (maxX[k]! > c.maxX) c.maxX = maxX[k]!;
    if (minY[k]! < c.minY) c.minY = minY[k]!;
    if (maxY[k]! > c.maxY) c.maxY = maxY[k]!;
    c.count += count[k]!;
  }
  for (let r = 0; r < runFrom.length; r++) {
    const v = id[runLabel[r]!]!;
    for (let i = runFrom[r]!, end = runTo[r]!; i < end; i++) labels[i] = v;
  }
  return { labels, comps, first: Int32Array.from(first) };
}

/**
 * Removes a thick indicator line (a moving average in, or close to, a candle colour) from the
 * shapes it glues together. Such a shape is many candles wide; down each of its columns the line
 * is one short run of ink whose rows move smoothly from column to column, while wicks and bodies
 * are tall runs (or runs that stay put over a body's few columns). Runs that continue a curve
 * for longer than a candle is wide, and whose rows move by more than the line is thick, are
 * cleared; the tall runs where the line crosses a wick or body stay with the candle.
 * Returns the shapes ink was cleared from (the components must then be found again) and the
 * typical shape width, or null when nothing was cleared.
 */
function removeCrossingLines(
  ink: Uint8Array,
  pw: number,
  labels: Int32Array,
  comps: Component[],
  /** Shapes that are touching candles, not candles a line glued together. */
  keep: ReadonlySet<number> = new Set(),
): { crossed: Set<number>; typical: number } | null {
  const sized = comps.filter(isSized);
  if (sized.length < 5) return null;
  const typical = median(sized.map((c) => c.maxX - c.minX + 1));
  const minWide = Math.max(20, typical * 3);
  const minChain = 3;
  const crossed = new Set<number>();
  comps.forEach((c, id) => {
    const w = c.maxX - c.minX + 1;
    if (w < minWide || keep.has(id)) return;
    // Vertical runs of this component, column by column.
    const tops: number[] = [];
    const bottoms: number[] = [];
    const cols: number[] = [];
    const colStart = new Int32Array(w + 1);
    for (let x = c.minX; x <= c.maxX; x++) {
      colStart[x - c.minX] = tops.length;
      let start = -1;
      for (let y = c.minY, i = c.minY * pw + x; y <= c.maxY + 1; y++, i += pw) {
        const on = y <= c.maxY && labels[i] === id;
        if (on && start < 0) start = y;
        else if (!on && start >= 0) {
          tops.push(start);
          bottoms.push(y - 1);
          cols.push(x - c.minX);
          start = -1;
        }
      }
    }
    colStart[w] = tops.length;
    const n = tops.length;
    const h = (r: number) => bottoms[r]! - tops[r]! + 1;
    // The line's thickness: the shortest run of most columns (most columns hold only the line).
    const shortest: number[] = [];
    for (let k = 0; k < w; k++) {
      let m = Infinity;
      for (let r = colStart[k]!; r < colStart[k + 1]!; r++) m = Math.min(m, h(r));
      if (m < Infinity) shortest.push(m);
    }
    const thick = median(shortest);
    const similar = (a: number, b: number) => {
      const ha = h(a);
      const hb = h(b);
      return Math.abs(ha - hb) <= 2 || Math.max(ha, hb) <= Math.min(ha, hb) * 1.6;
    };
    const touch = (a: number, b: number) => tops[a]! <= bottoms[b]! && bottoms[a]! >= tops[b]!;
    // A run is line-like when a neighbouring run of like height continues it and it is no taller
    // than a line of that thickness at the slope between them.
    const lineLike = new Uint8Array(n);
    for (let r = 0; r < n; r++) {
      const k = cols[r]!;
      for (const kk of [k - 1, k + 1]) {
        if (kk < 0 || kk >= w) continue;
        for (let a = colStart[kk]!; a < colStart[kk + 1]!; a++) {
          if (!touch(a, r) || !similar(a, r)) continue;
          const shift = Math.abs(tops[a]! + bottoms[a]! - tops[r]! - bottoms[r]!) / 2;
          if (h(r) <= (thick + 1) * (1 + shift)) lineLike[r] = 1;
        }
      }
    }
    // Chains of line-like runs, linked across neighbouring columns.
    const parent = Array.from({ length: n }, (_, i) => i);
    const find = (a: number): number => {
      while (parent[a] !== a) a = parent[a] = parent[parent[a]!]!;
      return a;
    };
    for (let r = 0; r < n; r++) {
      if (!lineLike[r]) continue;
      const k = cols[r]!;
      if (k + 1 >= w) continue;
      for (let a = colStart[k + 1]!; a < colStart[k + 2]!; a++) {
        if (lineLike[a] && touch(a, r) && similar(a, r)) parent[find(a)] = find(r);
      }
    }
    const lo = new Int32Array(n).fill(w);
    const hi = new Int32Array(n).fill(-1);
    const top = new Int32Array(n).fill(1 << 30);
    const bottom = new Int32Array(n).fill(-1);
    for (let r = 0; r < n; r++) {
      if (!lineLike[r]) continue;
      const g = find(r);
      lo[g] = Math.min(lo[g]!, cols[r]!);
      hi[g] = Math.max(hi[g]!, cols[r]!);
      top[g] = Math.min(top[g]!, tops[r]!);
      bottom[g] = Math.max(bottom[g]!, bottoms[r]!);
    }
    const gone = new Uint8Array(n);
    // A flat chain many candles long is a line too, unless it fills the shape's height (one
    // wide body).
    const flatLine = (g: number) =>
      hi[g]! - lo[g]! + 1 >= typical * 2 + 2 && thick * 3 <= c.maxY - c.minY + 1;
    for (let r = 0; r < n; r++) {
      if (!lineLike[r]) continue;
      const g = find(r);
      // A short chain that stays on the same rows is a body or a hollow body's edge.
      if (hi[g]! - lo[g]! + 1 < minChain) continue;
      if (bottom[g]! - top[g]! + 1 < 2 * thick + 2 && !flatLine(g)) continue;
      gone[r] = 1;
    }
    // Where two lines cross or meet, their runs merge into one taller run that continues
    // neither: a run with cleared line on both sides, no taller than the two together, is
    // line too.
    const clearedBeside = (r: number, kk: number) => {
      let most = 0;
      if (kk < 0 || kk >= w) return 0;
      for (let a = colStart[kk]!; a < colStart[kk + 1]!; a++)
        if (gone[a] && touch(a, r)) most = Math.max(most, h(a));
      return most;
    };
    for (let pass = 0; pass < 8; pass++) {
      let more = false;
      for (let r = 0; r < n; r++) {
        if (gone[r]) continue;
        const left = clearedBeside(r, cols[r]! - 1);
        const right = clearedBeside(r, cols[r]! + 1);
        if (left && right && h(r) <= left + right + 2) {
          gone[r] = 1;
          more = true;
        }
      }
      if (!more) break;
    }
    for (let r = 0; r < n; r++) {
      if (!gone[r]) continue;
      const x = c.minX + cols[r]!;
      for (let y = tops[r]!; y <= bottoms[r]!; y++) ink[y * pw + x] = 0;
      crossed.add(id);
    }
  });
  return crossed.size ? { crossed, typical } : null;
}

/** Ink share (0..1) of the pixel at plot coordinates (x, y) in its own class's colour. */
type AlphaAt = (x: number, y: number) => number;

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
function measure(
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

/**
 * Finds every candle (or OHLC bar) in the ink mask. `ink` is modified (line removal).
 * Coordinates in the result are image px.
 */
export function extractCandles(
  ink: Uint8Array,
  plot: PlotRect,
  palette: InkClass[],
  sampler: EdgeSampler,
  /** Text boxes (image px) inside the plot: components wholly inside one are glyphs. */
  textBoxes: readonly PlotRect[] = [],
): CandleExtraction {
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  const warnings: string[] = [];
  const volumeCleared = removeVolumeBars(ink, plot, palette, sampler.raster, sampler.background);
  removeHorizontalLines(ink, pw, ph);
  let { labels, comps } = components(ink, pw, ph, 0);
  // What is left of a shape a line was cleared from and is much narrower than a candle is a
  // piece of the line (a steep stretch, where it met a body), not a candle: every candle,
  // even a doji, has a body as wide as the others.
  const remnant = new Set<number>();
  const { width, rgb } = sampler.raster;
  // Neighbouring rows' end pixels often repeat a colour: the last answer is kept.
  let lastK = -1;
  let lastRgb = -1;
  let lastAlpha = 1;
  const alphaAt: AlphaAt = (x, y) => {
    const k = ink[y * pw + x]!;
    const c = rgb[(y + plot.top) * width + x + plot.left]!;
    if (k === lastK && c === lastRgb) return lastAlpha;
    const colour = palette[k - 1]?.colour;
    const a = colour === undefined ? 1 : Math.max(0, Math.min(1, tint(c, sampler.background, colour).alpha));
    lastK = k;
    lastRgb = c;
    lastAlpha = a;
    return a;
  };
  // A staircase of touching candles is no line, though its runs continue from column to
  // column: shapes the candle lattice cuts cleanly keep their ink.
  const stairs = touchingCandles(
    comps.map((_, i) => i),
    comps,
    labels,
    ink,
    pw,
    alphaAt,
  );
  const keep = new Set(
    [...stairs]
      .filter(([, s]) => s.ranges.length >= 4 && s.bounds >= 0.75 && s.used >= 0.75 && s.thin < 0.3)
      .map(([i]) => i),
  );
  const crossing = removeCrossingLines(ink, pw, labels, comps, keep);
  if (crossing) {
    const before = labels;
    const again = components(ink, pw, ph, 1);
    ({ labels, comps } = again);
    const { first } = again;
    comps.forEach((c, i) => {
      if (crossing.crossed.has(before[first[i]!]!) && c.maxX - c.minX + 1 <= crossing.typical * 0.4)
        remnant.add(i);
    });
  }

  // Candles never share a column, so of components sharing columns only the largest is a
  // candle: legend glyphs, labels and fragments above or below it lose.
  const volume = volumeBaseline(comps, ph);
  const sizedShapes = comps.filter(isSized);
  const shapeWidth = median(sizedShapes.map((c) => c.maxX - c.minX + 1));
  if (volume !== null || volumeCleared) {
    warnings.push('Volume bars drawn over the chart were ignored.');
  }
  const order = comps
    .map((c, i) => i)
    .filter((i) => comps[i]!.count >= 2 && !insideText(comps[i]!, plot, textBoxes))
    .filter((i) => volume === null || Math.abs(comps[i]!.maxY - volume) > 1)
    .filter((i) => !remnant.has(i))
    .filter((i) => !lineSpeck(comps[i]!, shapeWidth))
    .sort((a, b) => comps[b]!.count - comps[a]!.count);
  const owner = new Int32Array(pw).fill(-1);
  const kept: number[] = [];
  for (const i of order) {
    const c = comps[i]!;
    let overlap = 0;
    for (let x = c.minX; x <= c.maxX; x++) if (owner[x]! >= 0) overlap++;
    if (overlap > 0) continue;
    for (let x = c.minX; x <= c.maxX; x++) if (owner[x]! < 0) owner[x] = i;
    kept.push(i);
  }
  kept.sort((a, b) => comps[a]!.minX - comps[b]!.minX);

  // OHLC bars of a continuous series touch: a bar's close tick meets the next bar's open tick
  // on the same row. Such a chain is cut between its stems when its pieces read as bars.
  const measured: { candle: PixelCandle; barLike: boolean; id: number }[] = [];
  const whole: number[] = [];
  /** Shapes already read whole (all their columns, all their rows), by shape. */
  const readWhole = new Map<number, { candle: PixelCandle; barLike: boolean; id: number }>();
  // Touching candles are cut on the candle lattice; a shape whose columns are mostly taller than
  // a tick is candles, however thin their wicks.
  const lattice = touchingCandles(kept, comps, labels, ink, pw, alphaAt);
  for (const i of kept) {
    const c = comps[i]!;
    const cut = lattice.get(i);
    if (cut && fitsLattice(cut) && cut.thin < 0.3) {
      whole.push(i);
      continue;
    }
    const pieces = stemPieces(labels, pw, i, c).map(([x0, x1]) => {
      const rows = pieceRows(labels, pw, i, c, x0, x1);
      return rows && { ...measure(ink, labels, pw, i, rows, x0, x1, alphaAt), id: i };
    });
    const bars = pieces.filter((p) => p?.barLike).length;
    if (pieces.length > 1 && bars >= pieces.length * 0.7) {
      for (const p of pieces) if (p) measured.push(p);
    } else {
      whole.push(i);
      // One piece is the whole shape read whole, as below unless it is cut there.
      if (pieces.length === 1 && pieces[0]) readWhole.set(i, pieces[0]);
    }
  }
  // Split components that are several touching candles wide.
  // Its typical width from shapes of some size: specks (JPEG noise, the dots of a dotted line)
  // would make it a pixel or two and cut every body apart.
  const sized = whole.filter((i) => isSized(comps[i]!));
  const typical = median((sized.length ? sized : whole).map((i) => comps[i]!.maxX - comps[i]!.minX + 1));
  for (const i of whole) {
    const c = comps[i]!;
    const w = c.maxX - c.minX + 1;
    let ranges: [number, number][];
    // A shape the lattice does not cut cleanly (candles a line glued together, with the line's
    // own shifts between them), or of OHLC bars (most columns a tick: they leave no sure cut
    // between bars and may leave one within a bar's stem), is cut at the typical width.
    const cut = lattice.get(i);
    if (cut && fitsLattice(cut) && cut.thin < 0.5) ranges = cut.ranges;
    else {
      const parts = w > typical * 1.7 && typical >= 1 ? Math.round(w / (typical + 1)) : 1;
      ranges = [];
      for (let p = 0; p < parts; p++)
        ranges.push([c.minX + Math.floor((p * w) / parts), c.minX + Math.floor(((p + 1) * w) / parts) - 1]);
    }
    const parts = ranges.length;
    const pieces: { candle: PixelCandle; barLike: boolean; id: number }[] = [];
    for (const [x0, x1] of ranges) {
      const rows = parts === 1 ? c : pieceRows(labels, pw, i, c, x0, x1);
      if (!rows) continue;
      const known = parts === 1 ? readWhole.get(i) : undefined;
      pieces.push(known ?? { ...measure(ink, labels, pw, i, rows, x0, x1, alphaAt), id: i });
    }
    // Touching candles each keep a wick or rows of their own (wickless ones a step between
    // them); pieces that are all one flat slab over the same rows (a wide body cut where the
    // typical shape is a sliver of a broken outline) are one candle.
    const first = pieces[0]?.candle;
    const slab = (p: { candle: PixelCandle }) =>
      p.candle.ambiguous &&
      first !== undefined &&
      Math.abs(p.candle.highY - first.highY) <= 1 &&
      Math.abs(p.candle.lowY - first.lowY) <= 1;
    if (parts > 1 && pieces.filter(slab).length >= pieces.length * 0.7) {
      measured.push(
        readWhole.get(i) ?? { ...measure(ink, labels, pw, i, c, c.minX, c.maxX, alphaAt), id: i },
      );
    } else measured.push(...pieces);
  }
  measured.sort((a, b) => a.candle.x - b.candle.x);
  const bars = measured.filter((m) => m.barLike).length > measured.length * 0.6;
  const kind = bars ? 'bars' : 'candles';
  refineAll(measured, ink, labels, pw, plot, palette, sampler, bars);
  const all = measured.map((m) => m.candle);
  const candles = offLattice(all);
  const gaps: number[] = [];
  for (let i = 1; i < candles.length; i++) gaps.push(candles[i]!.x - candles[i - 1]!.x);
  const barSpacing = gaps.length ? median(gaps) : 0;
  if (!bars) assignDirections(candles, palette);
  // A flat candle (doji) is also "ambiguous" as its body is no wider than its wick, but then
  // the candles are not 1 px wide: warn only when a real share of them are that narrow (up to
  // 2 px, as anti-aliasing or a scaled capture widens a 1 px stroke).
  const onePx = candles.filter((c) => c.ambiguous && c.right - c.left + 1 <= 2).length;
  if (onePx >= Math.max(2, 0.1 * candles.length)) {
    warnings.push(
      'Some candles are 1 pixel wide, so their open and close cannot be told from their wicks; zoom in for exact bodies.',
    );
  }
  return {
    kind,
    candles,
    allShapes: all,
    barSpacing,
    warnings,
    uncertainBodies: candles.some((c) => c.ambiguous),
  };
}

interface Staircase {
  /** Column ranges (plot px) of the candles the shape is cut into. */
  ranges: [number, number][];
  /** Share of the shape's columns no taller than an OHLC bar's tick. */
  thin: number;
  /** Share of the cuts that fall where the columns change (colour, shifted body). */
  bounds: number;
  /**
   * Share of those changes that are cuts. A line gluing candles shifts its rows every column or
   * two, off the lattice; same-colour neighbours cut on the lattice alone only lower `bounds`.
   */
  used: number;
}

const fitsLattice = (s: Staircase) => s.used >= 0.7 && s.bounds >= 0.3;

/**
 * Touching candles (a dense chart: bodies 2-3 px wide with no gap between them) merge into
 * staircases many candles wide. The candle spacing is found from where shapes and sure column
 * changes (a colour change, a shifted body) start; a shape wider than one and a half spacings is
 * cut into candles on that lattice.
 */
function touchingCandles(
  shapes: number[],
  comps: Component[],
  labels: Int32Array,
  ink: Uint8Array,
  pw: number,
  alphaAt: AlphaAt,
): Map<number, Staircase> {
  const out = new Map<number, Staircase>();
  const starts: number[] = [];
  const columns = new Map<number, Column[]>();
  // Shapes of some size only: specks (JPEG noise, glyph dots, fragments of a line between two
  // candles) would put starts off the lattice.
  const sized = shapes.filter((i) => isSized(comps[i]!));
  for (const i of sized) {
    const c = comps[i]!;
    starts.push(c.minX);
    if (c.maxX - c.minX < 2) continue;
    columns.set(i, shapeColumns(labels, ink, pw, i, c.minX, c.maxX, c.minY, c.maxY));
  }
  // Not on a blurred capture (JPEG, scaled: most column ends only partly ink): the ends wander
  // by a row, which passes for a shifted body, and the bodies measured on such staircases are
  // off by 2-3 px in a way the continuity check does not always catch.
  let soft = 0;
  let ends = 0;
  for (const [i, cols] of columns) {
    const x0 = comps[i]!.minX;
    cols.forEach((k, j) => {
      ends += 2;
      if (alphaAt(x0 + j, k.top) < 0.75) soft++;
      if (alphaAt(x0 + j, k.bottom) < 0.75) soft++;
    });
  }
  if (soft > ends * 0.25) return out;
  for (const [i, cols] of columns)
    for (let p = 1; p < cols.length; p++)
      if (sureCut(cols[p - 1]!, cols[p]!)) starts.push(comps[i]!.minX + p);
  const spacing = latticeSpacing(starts);
  if (!(spacing >= 1.5)) return out;
  // Only where candles touch: most of the ink stands in shapes wider than one candle. Elsewhere
  // a wide shape is candles a line glued together, cut at the typical width.
  let wide = 0;
  let all = 0;
  for (const i of sized) {
    const c = comps[i]!;
    const w = c.maxX - c.minX + 1;
    all += w;
    if (w > spacing * 1.5) wide += w;
  }
  if (wide < all * 0.3) return out;
  for (const [i, cols] of columns) {
    if (cols.length <= spacing * 1.5) continue;
    const x0 = comps[i]!.minX;
    const groups = latticeGroups(cols, spacing);
    const fit = latticeFit(cols, groups);
    if (groups.length < 2) continue;
    out.set(i, {
      ranges: groups.map(([a, b]) => [x0 + a, x0 + b]),
      // Columns no taller than an OHLC bar's tick.
      thin: cols.filter((k) => k.bottom - k.top < 3).length / cols.length,
      bounds: fit.bounds,
      used: fit.used,
    });
  }
  return out;
}

/**
 * Candles stand on a lattice of one spacing. A short fragment (a piece of an indicator line, a
 * glyph, a tick mark) that the tall candles either side of it put between two lattice places
 * is not a candle. The spacing comes from the tall candles, which such fragments do not split.
 */
function offLattice(candles: PixelCandle[]): PixelCandle[] {
  const isTall = (c: PixelCandle) => c.lowY - c.highY >= 3;
  const tall = candles.filter(isTall);
  if (tall.length < 10) return candles;
  const gaps: number[] = [];
  for (let i = 1; i < tall.length; i++) gaps.push(tall[i]!.x - tall[i - 1]!.x);
  const spacing = median(gaps);
  if (!(spacing >= 3)) return candles;
  const keep: PixelCandle[] = [];
  let prev: PixelCandle | undefined;
  let next = 0;
  for (const c of candles) {
    if (isTall(c)) {
      prev = c;
      keep.push(c);
      continue;
    }
    while (next < tall.length && tall[next]!.x <= c.x) next++;
    const after = tall[next];
    if (prev && after) {
      const span = (after.x - prev.x) / spacing;
      const at = (c.x - prev.x) / spacing;
      const regular = Math.round(span) >= 1 && Math.abs(span - Math.round(span)) <= 0.25;
      if (regular && Math.abs(at - Math.round(at)) > 0.3) continue;
    }
    keep.push(c);
  }
  return keep;
}

/**
 * Column ranges of a component, cut midway between thin stems joined only by ticks. A stem
 * column is tall; a tick column holds one short run of rows. A hollow body's inside holds two
 * runs (its top and bottom edges) and a filled body is wide, so candles are never cut.
 */
export function stemPieces(labels: Int32Array, pw: number, id: number, c: Component): [number, number][] {
  const w = c.maxX - c.minX + 1;
  if (w < 3) return [[c.minX, c.maxX]];
  const count = new Int32Array(w);
  const runs = new Int32Array(w);
  const top = new Int32Array(w);
  const bottom = new Int32Array(w);
  for (let x = c.minX; x <= c.maxX; x++) {
    let inRun = false;
    const k = x - c.minX;
    for (let y = c.minY, i = c.minY * pw + x; y <= c.maxY; y++, i += pw) {
      const on = labels[i] === id;
      if (on) {
        if (count[k]!++ === 0) top[k] = y;
        bottom[k] = y;
      }
      if (on && !inRun) runs[k]!++;
      inRun = on;
    }
  }
  // Stems are tall and ticks a few rows thick (3 on a 3x capture), whatever the bars' ranges.
  // A short bar's stem (a flat stretch of a dense chart) stands out from the one-pixel ticks
  // either side of it.
  const stem = (k: number) =>
    count[k]! >= 6 ||
    (count[k]! >= 4 && runs[k] === 1 && k > 0 && k + 1 < w && count[k - 1]! <= 2 && count[k + 1]! <= 2);
  const tick = (k: number) => runs[k] === 1 && count[k]! <= 3;
  const out: [number, number][] = [];
  let start = 0;
  let k = 0;
  while (k < w && !stem(k)) k++;
  while (k < w) {
    // Bar stems are thin; a run of tall columns wider than a scaled stem is a candle's body.
    const from = k;
    while (k < w && stem(k)) k++;
    if (k - from > 4) {
      while (k < w && !stem(k)) k++;
      continue;
    }
    // A gap of tick columns up to the next stem: cut in its middle.
    let g = k;
    while (g < w && tick(g)) g++;
    let next = g;
    while (next < w && stem(next)) next++;
    // A bar's tick leaves its stem between the stem's ends; a hollow body's edge (its outline
    // open at a corner, a wick below it) joins its sides and wick at their ends. Two bars' ticks
    // may also join them at opposite ends (a close on the high, the next open on its low), where
    // an edge joins the same ends of both sides.
    const r = top[k]!;
    const inside = (j: number) => top[j]! < r && r < bottom[j]!;
    const near = (row: number) => Math.abs(row - r) <= count[k]!;
    const opposite =
      (near(top[k - 1]!) && near(bottom[g]!) && !near(top[g]!)) ||
      (near(bottom[k - 1]!) && near(top[g]!) && !near(bottom[g]!));
    // Joined at the same ends, the two are bars when their other ends differ: a hollow body's
    // sides span the same rows.
    const apart = (a: number, b: number) => Math.abs(a - b) > count[k]! + 1;
    const sameEnds =
      (near(top[k - 1]!) && near(top[g]!) && apart(bottom[k - 1]!, bottom[g]!)) ||
      (near(bottom[k - 1]!) && near(bottom[g]!) && apart(top[k - 1]!, top[g]!));
    if (
      g >= w ||
      !stem(g) ||
      g === k ||
      next - g > 4 ||
      !(inside(k - 1) || inside(g) || opposite || sameEnds)
    ) {
      while (k < w && !stem(k)) k++;
      continue;
    }
    const cut = Math.floor((k + g) / 2);
    out.push([c.minX + start, c.minX + cut - 1]);
    start = cut;
    k = g;
  }
  out.push([c.minX + start, c.maxX]);
  return out;
}

/**
 * The rows of the part of shape `id` in columns x0..x1: its first and last row holding any of
 * it (looked for from the shape's top and from its bottom), or null when it holds none.
 */
function pieceRows(
  labels: Int32Array,
  pw: number,
  id: number,
  c: Component,
  x0: number,
  x1: number,
): { minY: number; maxY: number } | null {
  const holds = (y: number) => {
    for (let x = x0, i = y * pw + x0; x <= x1; x++, i++) if (labels[i] === id) return true;
    return false;
  };
  let minY = c.minY;
  while (minY <= c.maxY && !holds(minY)) minY++;
  if (minY > c.maxY) return null;
  let maxY = c.maxY;
  while (!holds(maxY)) maxY--;
  return { minY, maxY };
}

/**
 * Which fill means bull? Bars open where the previous one closed (or close by), so the mapping
 * that makes close[i] meet open[i+1] is right. Only when the series gaps everywhere do we fall
 * back to convention: hollow or green-ish bodies are bullish.
 */
function assignDirections(candles: PixelCandle[], palette: InkClass[]): void {
  const fills = new Map<number, number>();
  for (const c of candles) if (c.bodyBottom - c.bodyTop >= 1) fills.set(c.fill, (fills.get(c.fill) ?? 0) + 1);
  const ranked = [...fills.entries()].sort((a, b) => b[1] - a[1]).map((e) => e[0]);
  if (ranked.length === 0) return;
  const a = ranked[0]!;
  const b = ranked[1];
  // Cost of "a is bull": distance between each close and the next open, in px.
  const cost = (aBull: boolean) => {
    let s = 0;
    let n = 0;
    for (let i = 0; i + 1 < candles.length; i++) {
      const p = candles[i]!;
      const q = candles[i + 1]!;
      const pBull = (p.fill === a) === aBull;
      const qBull = (q.fill === a) === aBull;
      const pClose = pBull ? p.bodyTop : p.bodyBottom;
      const qOpen = qBull ? q.bodyBottom : q.bodyTop;
      s += Math.min(Math.abs(pClose - qOpen), 20);
      n++;
    }
    return n ? s / n : 0;
  };
  const costA = cost(true);
  const costB = cost(false);
  let aBull: boolean;
  if (Math.abs(costA - costB) > 0.3) aBull = costA < costB;
  else aBull = bullishByConvention(a, b, palette);
  for (const c of candles) {
    c.direction = (c.fill === a) === aBull ? 1 : -1;
  }
}

function bullishByConvention(a: number, b: number | undefined, palette: InkClass[]): boolean {
  if (a === 0) return true;
  if (b === 0) return false;
  const score = (k: number | undefined) => {
    const col = k ? palette[k - 1]?.colour : undefined;
    if (col === undefined) return 0;
    return ((col >> 8) & 255) - ((col >> 16) & 255);
  };
  return score(a) >= score(b);
}

/** Moves every candle to image px and refines its edges to sub-pixel "price rows". */
function refineAll(
  measured: { candle: PixelCandle; id: number }[],
  ink: Uint8Array,
  labels: Int32Array,
  pw: number,
  plot: PlotRect,
  palette: InkClass[],
  sampler: EdgeSampler,
  bars: boolean,
): void {
  const inkAt = (x: number, y: number, id: number) => {
    const i = (y - plot.top) * pw + (x - plot.left);
    return labels[i] === id ? ink[i]! : 0;
  };
  const colourOf = (k: number) => palette[k - 1]?.colour ?? palette[0]?.colour ?? 0;
  for (const { candle: c } of measured) {
    c.x += plot.left;
    c.left += plot.left;
    c.right += plot.left;
    c.stemLeft += plot.left;
    c.stemRight += plot.left;
    c.highY += plot.top;
    c.lowY += plot.top;
    c.bodyTop += plot.top;
    c.bodyBottom += plot.top;
  }
  // One rendering pixel, from the wick width: 1 on plain captures, 2-3 on scaled ones.
  const widths: number[] = [];
  for (const { candle: c, id } of measured) {
    const y = bars ? bareStemRow(c) : Math.round((c.highY + Math.min(c.bodyTop, c.lowY)) / 2);
    if (y === null || (c.bodyTop - c.highY < 3 && !bars)) continue;
    const k = inkAt(Math.round(c.x), y, id);
    if (k) widths.push(strokeWidth(sampler, Math.round(c.x), y, colourOf(k)));
    if (widths.length > 60) break;
  }
  const unit = widths.length >= 3 ? Math.max(1, Math.round(median(widths) * 2) / 2) : 1;
  for (const { candle: c, id } of measured) {
    const sx = Math.round(c.x);
    const wickK = inkAt(sx, c.highY, id) || inkAt(sx, c.lowY, id) || 1;
    if (bars) {
      const r = refineCandle(sampler, c, colourOf(wickK), colourOf(wickK), [], unit);
      c.highY = r.highY;
      c.lowY = r.lowY;
      c.bodyTop -= (unit - 1) / 2;
      c.bodyBottom -= (unit - 1) / 2;
      continue;
    }
    const top = Math.round(c.bodyTop);
    const bottom = Math.round(c.bodyBottom);
    const mid = Math.round((c.bodyTop + c.bodyBottom) / 2);
    const cols: number[] = [];
    for (let x = c.left; x <= c.right; x++) {
      if (x >= c.stemLeft - 1 && x <= c.stemRight + 1) continue;
      if (!inkAt(x, top, id) || !inkAt(x, bottom, id)) continue;
      if (c.fill !== 0 && inkAt(x, mid, id) !== c.fill) continue;
      cols.push(x);
    }
    // The edge rows carry the outline colour where bodies are outlined (MetaTrader).
    const bodyK = inkAt(cols[0] ?? sx, top, id) || c.fill || wickK;
    const r = refineCandle(sampler, c, colourOf(wickK), colourOf(bodyK), cols.slice(0, 6), unit);
    c.highY = r.highY;
    c.lowY = r.lowY;
    c.bodyTop = r.bodyTop;
    c.bodyBottom = r.bodyBottom;
  }
}

/**
 * A row of an OHLC bar's stem away from its open and close ticks (the middle of the longest
 * stretch of stem between high, ticks and low, 2+ rows from a tick), where the stem's width is
 * the rendering pixel; a row on a tick would measure the tick's length. Null when no stretch
 * is long enough.
 */
function bareStemRow(c: PixelCandle): number | null {
  const stops = [c.highY, c.bodyTop, c.bodyBottom, c.lowY].sort((a, b) => a - b);
  let best: number | null = null;
  let longest = 4;
  for (let i = 1; i < stops.length; i++) {
    const gap = stops[i]! - stops[i - 1]!;
    if (gap > longest) [best, longest] = [Math.round((stops[i]! + stops[i - 1]!) / 2), gap];
  }
  return best;
}

/**
 * A speck no wider than 0.4 of the typical shape and at most 3 rows tall is a piece of a thin
 * line between the candles (a 1 px moving average's steep stretch, a dash of a price line left
 * by its anti-aliased edge), not a candle: every candle, even a doji, has a body as wide as the
 * others, and a 1 px candle has a wick. Left in, a row of them breaks the candles' spacing.
 */
function lineSpeck(c: Component, typical: number): boolean {
  return typical >= 4 && c.maxX - c.minX + 1 <= typical * 0.4 && c.maxY - c.minY + 1 <= 3;
}

function insideText(c: Component, plot: PlotRect, boxes: readonly PlotRect[]): boolean {
  const l = c.minX + plot.left;
  const r = c.maxX + plot.left;
  const t = c.minY + plot.top;
  const b = c.maxY + plot.top;
  return boxes.some((x) => l >= x.left - 2 && r <= x.right + 2 && t >= x.top - 2 && b <= x.bottom + 2);
}

/**
 * Volume bars drawn over the plot stand on one baseline near the bottom; candles do not share a
 * bottom row. Returns that row (plot coordinates) when a quarter of the shapes stand on it.
 */
function volumeBaseline(comps: Component[], ph: number): number | null {
  const big = comps.filter((c) => c.count >= 4);
  if (big.length < 8) return null;
  const hist = new Map<number, number>();
  for (const c of big) hist.set(c.maxY, (hist.get(c.maxY) ?? 0) + 1);
  let row = -1;
  let best = 0;
  for (const [y, n] of hist) {
    const near = n + (hist.get(y - 1) ?? 0) + (hist.get(y + 1) ?? 0);
    if (near > best) [row, best] = [y, near];
  }
  return best >= Math.max(5, big.length * 0.25) && row >= ph * 0.6 ? row : null;
}

/** Whether 3 pixels of column x from row `from` in direction `dir` are all of class `cls`. */
function isStroke(
  ink: Uint8Array,
  pw: number,
  ph: number,
  x: number,
  from: number,
  dir: number,
  cls: number,
) {
  for (let k = 0; k < 3; k++) {
    const yy = from + dir * k;
    if (yy < 0 || yy >= ph || ink[yy * pw + x] !== cls) return false;
  }
  return true;
}

/**
 * Indicator lines drawn over the candles (a moving average crossing a wick or a body) cut a
 * candle in two. Where a short run of non-background, non-candle pixels has the same candle
 * class directly above and below it, the run is part of the candle and is filled in.
 * `bgMask` covers the whole image (row-major, `width` wide); `ink` covers the plot.
 */
export function bridgeOccluders(
  ink: Uint8Array,
  bgMask: Uint8Array,
  sampler: EdgeSampler,
  plot: PlotRect,
): void {
  const { width, rgb } = sampler.raster;
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  // A thin line crossing a 1 px stem steeply (a moving average in a fast move) covers it over
  // as many rows as it falls in one column: up to 16 rows are bridged.
  const maxRun = Math.max(16, Math.round(ph * 0.012));
  /**
   * Bridges the foreign run (neither candle ink nor background) that starts at row y of column
   * x under candle ink, when candle strokes of that class continue on both sides of it.
   */
  const bridge = (x: number, y: number): void => {
    const above = ink[(y - 1) * pw + x]!;
    let end = y;
    while (
      end < ph &&
      end - y < maxRun &&
      !ink[end * pw + x] &&
      !bgMask[(end + plot.top) * width + x + plot.left]
    )
      end++;
    // The crossing may hold a pixel or two that pass for ink (the line's blend with the
    // candle): the gap ends where a real stroke of the same class resumes.
    let resume = end;
    while (
      resume < ph &&
      resume - y < maxRun &&
      !bgMask[(resume + plot.top) * width + x + plot.left] &&
      !isStroke(ink, pw, ph, x, resume, 1, above)
    )
      resume++;
    // Both sides must be real strokes (3+ px), not the anti-aliased insides of a glyph;
    // except that a thin line (up to 3 px) crossing a wick near its end leaves only the tip
    // beyond it: a pixel or two of the wick's class, where the stroke ends.
    let tipEnd = end;
    while (tipEnd < ph && tipEnd - end < 3 && ink[tipEnd * pw + x] === above) tipEnd++;
    const tip = end - y <= 3 && tipEnd > end && tipEnd - end < 3 && (tipEnd >= ph || !ink[tipEnd * pw + x]);
    const across = resume < ph && resume - y < maxRun && isStroke(ink, pw, ph, x, resume, 1, above);
    const to = across ? resume : tip ? end : -1;
    // A one-pixel gap must be a line's colour, not near-background noise between the dashes
    // of a dotted grid (which would join them into a tall "candle").
    const solidGap =
      to - y >= 2 ||
      colourDistance(rgb[(y + plot.top) * width + x + plot.left]!, sampler.background) > BG_TOLERANCE * 3;
    if (to >= 0 && solidGap && isStroke(ink, pw, ph, x, y - 1, -1, above)) {
      for (let k = y; k < to; k++) ink[k * pw + x] = above;
    }
  };
  // Every column is bridged on its own (a bridge reads and writes only its own column), but the
  // plot is walked row by row: a walk down a column reads one cache line per pixel. Every
  // foreign pixel under candle ink is tried (the rows below it in its run are foreign under
  // foreign, and a bridge's rows are candle ink once it is made), so the walk looks for them
  // under the ink of the row above (a few % of the plot), found 4 bytes at a time.
  const words = wordView(ink);
  for (let y = 1; y < ph - 1; y++) {
    const above = (y - 1) * pw;
    const end = above + pw;
    // From an index into the row above to the pixel below it in the background mask.
    const toBg = (y + plot.top) * width + plot.left - above;
    for (let i = nextNonZero(ink, words, above, end); i < end; i = nextNonZero(ink, words, i + 1, end)) {
      if (!ink[i + pw] && !bgMask[i + toBg]) bridge(i - above, y);
    }
  }
}
