import type { PixelCandle } from './types';
import {
  BODY_EDGE_SLACK_PX,
  BODY_GAP_ROWS,
  FILL_BESIDE_STEM_PX,
  FILL_INSET_ROWS,
  FILL_SAMPLE_MIN_WIDTH,
  TIP_ROWS_NARROW_SHARE,
  TIP_TAPER_MAX_RATIO,
  TIP_TAPER_ROWS,
  TAPER_PLATEAU_ROWS,
  WICK_SLACK_PX,
  WICK_SLACK_SHARE,
  BODY_MIN_SHARE,
  BODY_WIDTH_ROWS,
  WIDENED_WICK_MIN_ROWS,
  STEM_MOST_ROWS_MAX_RATIO,
  STEM_MOST_ROWS_SHARE,
  DOTTED_TICK_WEIGHT,
  DOT_MAX_THICK_PX,
} from './tuning';
import type { OnDottedLine } from './dotted-rows';

/**
 * The one tick a piece shows (rows reaching out on one side of its stem only): -1 the open's
 * (left), +1 the close's (right), on piece row `row` (plot px, the mean row of its run).
 */
export interface OneTick {
  side: -1 | 1;
  row: number;
}

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
/** tickRow's ink per row of the run it reads, kept from call to call. */
const tickInks: number[] = [];
const classTally = new Int32Array(256);

/** One piece of a shape: its label in `labels`, its rows and its columns (plot px). */
interface Piece {
  ink: Uint8Array;
  labels: Int32Array;
  pw: number;
  id: number;
  /** First row holding any of the piece (plot px). */
  minY: number;
  h: number;
  x0: number;
  x1: number;
}

/** The piece's rows as spans (in rowSpans): first and last ink row, ink rows, widest span. */
interface RowExtent {
  minY: number;
  maxY: number;
  inkRows: number;
  full: number;
}

/** The stem (wick) of a piece: its wick rows (rowSpans.wick), centre and whole-pixel columns. */
interface Stem {
  stemX: number;
  stemL: number;
  stemR: number;
  /** Whole-pixel width of the stem (or of the whole piece when every row is wick). */
  stem: number;
}

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
  /** Plot rows crossed by a dotted line (a bar's tick there may be one of its dots). */
  onDottedLine?: OnDottedLine,
): { candle: PixelCandle; barLike: boolean; oneTick?: OneTick } {
  const h = c.maxY - c.minY + 1;
  const p: Piece = { ink, labels, pw, id, minY: c.minY, h, x0, x1 };
  const extent = rowWidths(p, alphaAt);
  const stem = findStem(p, extent);
  const body = bodyRows(p, extent, stem, alphaAt, onDottedLine);
  return {
    candle: {
      x: stem.stemX,
      left: x0,
      right: x1,
      highY: extent.minY,
      lowY: extent.maxY,
      bodyTop: body.bodyTop,
      bodyBottom: body.bodyBottom,
      fill: fillClass(p, extent, stem, body),
      direction: body.direction,
      ambiguous: body.ambiguous,
      stemLeft: stem.stemL,
      stemRight: stem.stemR,
    },
    barLike: body.barLike,
    ...(body.oneTick ? { oneTick: body.oneTick } : {}),
  };
}

/** Fills rowSpans with each row's first and last pixel of the piece and its inked width. */
function rowWidths(p: Piece, alphaAt: AlphaAt): RowExtent {
  const { labels, pw, id, x0, x1, h } = p;
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
  for (let y = p.minY; y < p.minY + h; y++) {
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
    const i = y - p.minY;
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
  let full = 0;
  for (let i = 0; i < h; i++) if (spanL[i]! >= 0) full = Math.max(full, spanR[i]! - spanL[i]! + 1);
  return { minY, maxY, inkRows, full };
}

/** Marks the wick rows (the narrowest) in rowSpans.wick and finds the stem's columns. */
function findStem(p: Piece, e: RowExtent): Stem {
  const { h, x0, x1 } = p;
  const spanL = rowSpans.left;
  const spanR = rowSpans.right;
  const fracW = rowSpans.frac;
  // The wick/stem: the narrowest rows. A wick's tip rows (its first and last) may be covered
  // only in part vertically and read narrower than the wick; they set the width only when no
  // other row is narrow (a wick one row long). A blurred capture (a small image enlarged)
  // tapers a wick over its last TIP_TAPER_ROWS rows: the row before the tip reads one column of
  // a 2 px wick, and the wick's own rows, wider than that by more than the slack, were read as
  // body (a body from the high to the low). The rows beyond the taper set the width where they
  // are narrow, at most TIP_TAPER_MAX_RATIO times the taper's (wider is a body: a short wick's
  // body in a piece a line widens) and a wick of their own follows the taper (taperedTip).
  let minAll = Infinity;
  let minInner = Infinity;
  let minCore = Infinity;
  let maxW = 0;
  for (let i = 0; i < h; i++) {
    if (spanL[i]! < 0) continue;
    const y = i + p.minY;
    minAll = Math.min(minAll, fracW[i]!);
    if (y !== e.minY && y !== e.maxY) minInner = Math.min(minInner, fracW[i]!);
    if (y - e.minY >= TIP_TAPER_ROWS && e.maxY - y >= TIP_TAPER_ROWS) minCore = Math.min(minCore, fracW[i]!);
    maxW = Math.max(maxW, fracW[i]!);
  }
  const narrow = maxW * TIP_ROWS_NARROW_SHARE;
  const stemW =
    minCore <= narrow && minCore <= minInner * TIP_TAPER_MAX_RATIO && taperedTip(p, e, minCore)
      ? minCore
      : minInner <= narrow || stemMostRows(p, e, minInner, maxW)
        ? minInner
        : minAll;
  const wickMax = stemW + wickSlack(stemW);
  const wick = rowSpans.wick;
  for (let i = 0; i < h; i++) wick[i] = spanL[i]! >= 0 && fracW[i]! <= wickMax ? 1 : 0;
  // A body's rows are at least half as wide as the body (its blurred top and bottom edges
  // included, read at half their ink): a long run of rows between the wick and that is the wick
  // widened (a blurred capture's wick: SPY 3m enlarged 3x), not body. Only a run of
  // WIDENED_WICK_MIN_ROWS or more: a body's anti-aliased or blurred ends ramp up over a row or
  // three, a line crossing a wick (a thick moving average) widens several. The body's width is
  // the widest rows' (BODY_WIDTH_ROWS of them, so a single wider row does not set it).
  const halfBody = bodyWidth(p, BODY_WIDTH_ROWS) * BODY_MIN_SHARE;
  for (let i = 0; i < h;) {
    const widened = (k: number) => spanL[k]! >= 0 && wick[k] !== 1 && fracW[k]! < halfBody;
    if (!widened(i)) {
      i++;
      continue;
    }
    let j = i;
    while (j < h && widened(j)) j++;
    if (j - i >= WIDENED_WICK_MIN_ROWS) for (let k = i; k < j; k++) wick[k] = 1;
    i = j;
  }
  // Stem columns: the most common whole-pixel span of the wick rows (the narrowest of equally
  // common ones); centre from those rows.
  if (widthTally.count.length <= e.full) widthTally.count = new Int32Array(e.full * 2);
  const widthCount = widthTally.count;
  const widths: number[] = [];
  for (let i = 0; i < h; i++) {
    if (wick[i] !== 1) continue;
    const w = spanR[i]! - spanL[i]! + 1;
    if (widthCount[w]!++ === 0) widths.push(w);
  }
  let stem = e.full;
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
    if (wick[i] !== 1) continue;
    wickRows++;
    sx += (spanL[i]! + spanR[i]!) / 2;
    sn++;
  }
  const allWick = wickRows === e.inkRows;
  const stemX = !allWick && sn ? sx / sn : (x0 + x1) / 2;
  if (allWick) stem = e.full;
  const stemL = Math.round(stemX - (stem - 1) / 2);
  return { stemX, stemL, stemR: stemL + stem - 1, stem };
}

/**
 * Whether the narrowest inner rows are the stem although no row is narrow against the widest: an
 * OHLC bar whose ticks are thinner than its stem (MetaTrader at DPR 2 on JPEG: a 2 px stem, 1 px
 * ticks, 3 px at a tick's row, 2/3 of the widest) is its stem over most of its rows. Then the
 * tip rows must not set the width (a tick's JPEG spill a row past the stem's end, 1 px wide beside
 * it, made every row "wider than the stem", and the ticks were lost). A body without wicks has
 * its narrowest rows about as wide as its widest and stays as it was.
 */
function stemMostRows(p: Piece, e: RowExtent, minInner: number, maxW: number): boolean {
  if (!(minInner <= maxW * STEM_MOST_ROWS_MAX_RATIO)) return false;
  const spanL = rowSpans.left;
  const fracW = rowSpans.frac;
  const wickMax = minInner + wickSlack(minInner);
  let inner = 0;
  let stemRows = 0;
  for (let i = 0; i < p.h; i++) {
    const y = i + p.minY;
    if (spanL[i]! < 0 || y === e.minY || y === e.maxY) continue;
    inner++;
    if (fracW[i]! <= wickMax) stemRows++;
  }
  return stemRows >= inner * STEM_MOST_ROWS_SHARE;
}

/** How much wider than a wick `width` px wide a row may be and still be that wick. */
function wickSlack(width: number): number {
  return Math.max(WICK_SLACK_PX, width * WICK_SLACK_SHARE);
}

/** The width of the `n`th widest row of the piece (0 when it has fewer rows). */
function bodyWidth(p: Piece, n: number): number {
  const top: number[] = [];
  for (let i = 0; i < p.h; i++) {
    if (rowSpans.left[i]! < 0) continue;
    const w = rowSpans.frac[i]!;
    if (top.length < n || w > top[n - 1]!) {
      top.push(w);
      top.sort((a, b) => b - a);
      if (top.length > n) top.pop();
    }
  }
  return top.length === n ? top[n - 1]! : 0;
}

/**
 * Whether the piece ends in a blurred wick's taper at its top or bottom: a row of the taper
 * narrower than `width` by more than the wick slack, and beyond the taper TAPER_PLATEAU_ROWS
 * rows or more in a row about `width` wide (the wick itself). A single narrow row beyond the
 * taper is a body's anti-aliased edge or a line's blend, not a wick.
 */
function taperedTip(p: Piece, e: RowExtent, width: number): boolean {
  const spanL = rowSpans.left;
  const fracW = rowSpans.frac;
  const slack = wickSlack(width);
  const at = (y: number) => (spanL[y - p.minY]! >= 0 ? fracW[y - p.minY]! : Infinity);
  for (const dir of [1, -1]) {
    const end = dir === 1 ? e.minY : e.maxY;
    let tapered = false;
    for (let k = 1; k < TIP_TAPER_ROWS; k++) if (at(end + dir * k) < width - slack) tapered = true;
    if (!tapered) continue;
    let run = 0;
    for (let y = end + dir * TIP_TAPER_ROWS; y >= e.minY && y <= e.maxY && at(y) <= width + slack; y += dir)
      run++;
    if (run >= TAPER_PLATEAU_ROWS) return true;
  }
  return false;
}

/** The open/close rows of a piece: a body (candles) or the ticks (OHLC bars). */
interface BodyRows {
  bodyTop: number;
  bodyBottom: number;
  barLike: boolean;
  ambiguous: boolean;
  oneTick?: OneTick;
  /** +1 bull, -1 bear, 0 unknown (only bars know theirs here, from their ticks). */
  direction: number;
}

/**
 * Rows wider than the stem: body rows (candles) or ticks left and right of it (bars). A piece
 * that is no bar takes its body from rows other than a dotted line's dots beside the stem (see
 * lineDot) where it has any: a bar whose open tick is lost (under a moving average) is read
 * from its close tick, not from a grid dot above it.
 */
function bodyRows(p: Piece, e: RowExtent, s: Stem, alphaAt: AlphaAt, onDottedLine?: OnDottedLine): BodyRows {
  const spanL = rowSpans.left;
  const spanR = rowSpans.right;
  const wick = rowSpans.wick;
  let leftOnly = 0;
  let rightOnly = 0;
  let both = 0;
  let leftRows = 0;
  let leftN = 0;
  let rightRows = 0;
  let rightN = 0;
  let bodyTop = -1;
  let bodyBottom = -1;
  let clearTop = -1;
  let clearBottom = -1;
  for (let i = 0; i < p.h; i++) {
    if (spanL[i]! < 0 || wick[i] === 1) continue;
    const l = spanL[i]! < s.stemL;
    const r = spanR[i]! > s.stemR;
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
      if (!onDottedLine || !lineDot(p, s, i, l ? -1 : 1, l && r, onDottedLine)) {
        if (clearTop < 0) clearTop = i;
        clearBottom = i;
      }
    }
  }
  if (clearTop >= 0) [bodyTop, bodyBottom] = [clearTop, clearBottom];
  const barLike = leftOnly + rightOnly > both && leftN > 0 && rightN > 0;
  if (barLike) {
    const openY = p.minY + tickRow(p, s, alphaAt, -1, leftRows / leftN, onDottedLine);
    const closeY = p.minY + tickRow(p, s, alphaAt, 1, rightRows / rightN, onDottedLine);
    const direction = closeY < openY ? 1 : closeY > openY ? -1 : 0;
    return {
      bodyTop: Math.min(openY, closeY),
      bodyBottom: Math.max(openY, closeY),
      barLike,
      ambiguous: false,
      direction,
    };
  }
  // Rows reaching out on one side only, none on the other: a bar one of whose ticks is lost (under
  // a line of another colour) if the chart is of bars, which the pieces tell only together.
  const oneTick: OneTick | undefined =
    both === 0 && leftN > 0 !== rightN > 0
      ? leftN > 0
        ? { side: -1, row: p.minY + tickRow(p, s, alphaAt, -1, leftRows / leftN, onDottedLine) }
        : { side: 1, row: p.minY + tickRow(p, s, alphaAt, 1, rightRows / rightN, onDottedLine) }
      : undefined;
  if (bodyTop < 0) {
    // Nothing wider than the wick: a 1-px candle; its body cannot be told from its wick.
    return { bodyTop: e.minY, bodyBottom: e.maxY, barLike, ambiguous: true, direction: 0 };
  }
  const [top, bottom] = bodyRun(p.h, bodyTop, bodyBottom);
  return {
    bodyTop: top + p.minY,
    bodyBottom: bottom + p.minY,
    barLike,
    ambiguous: false,
    direction: 0,
    ...(oneTick ? { oneTick } : {}),
  };
}

/**
 * Whether piece row i reaches out beside the stem only as a dotted line's dot: on one side
 * (`side`), on a dotted line's row, in a run of such rows no thicker than the line.
 */
function lineDot(
  p: Piece,
  s: Stem,
  i: number,
  side: number,
  twoSided: boolean,
  onDottedLine: OnDottedLine,
): boolean {
  if (twoSided || !onDottedLine(i + p.minY)) return false;
  const out = (k: number) =>
    k >= 0 &&
    k < p.h &&
    rowSpans.left[k]! >= 0 &&
    rowSpans.wick[k] !== 1 &&
    (side < 0 ? rowSpans.left[k]! < s.stemL : rowSpans.right[k]! > s.stemR);
  let run = 1;
  for (let k = i - 1; out(k) && run <= DOT_MAX_THICK_PX; k--) run++;
  for (let k = i + 1; out(k) && run <= DOT_MAX_THICK_PX; k++) run++;
  return run <= DOT_MAX_THICK_PX;
}

/**
 * A bar's tick row on one side of the stem (`side` -1 left, +1 right; piece rows): the mean row
 * of the run of rows reaching out on that side that holds the most ink beside the stem in rows
 * reaching out on that side only (each such row weighs the ink share of its pixel next to the
 * stem). A row reaching out on both sides is a line crossing the stem or JPEG's smear around it
 * (a 1 px tick at DPR 2 blurs over its neighbours' columns), not a tick, unless it continues a
 * tick's run (an open and close a row apart); a line of another colour crossing on one side
 * (a moving average over black bars) is a blend, weaker than a tick in the bar's own colour.
 * Where no row reaches out on that side alone, the mean of every such row (`fallback`), as the
 * ticks give nothing better. A run on a dotted line's row weighs DOTTED_TICK_WEIGHT of its ink:
 * a dot of the line touching the stem reaches out on one side like a tick.
 */
function tickRow(
  p: Piece,
  s: Stem,
  alphaAt: AlphaAt,
  side: number,
  fallback: number,
  onDottedLine?: OnDottedLine,
): number {
  const { h, labels, pw, id } = p;
  const spanL = rowSpans.left;
  const spanR = rowSpans.right;
  const wick = rowSpans.wick;
  const out = (i: number, k: number) =>
    spanL[i]! >= 0 && wick[i] !== 1 && (k < 0 ? spanL[i]! < s.stemL : spanR[i]! > s.stemR);
  const beside = side < 0 ? s.stemL - 1 : s.stemR + 1;
  // A tick is as thick as the stem is wide: its rows count, a longer run counts its strongest
  // rows only (JPEG bleeds a 1 px stem into the next column over runs of faint rows).
  const thick = Math.max(1, s.stem);
  const inks = tickInks;
  let best = 0;
  let bestRows = 0;
  let row = fallback;
  for (let i = 0; i < h;) {
    if (!out(i, side)) {
      i++;
      continue;
    }
    inks.length = 0;
    let sum = 0;
    let dotted = false;
    let j = i;
    for (; j < h && out(j, side); j++) {
      sum += j;
      if (onDottedLine?.(j + p.minY)) dotted = true;
      if (out(j, -side)) continue;
      const y = j + p.minY;
      const x = labels[y * pw + beside] === id ? beside : side < 0 ? spanL[j]! : spanR[j]!;
      inks.push(alphaAt(x, y));
    }
    if (inks.length > thick) inks.sort((a, b) => b - a);
    let ink = 0;
    for (let k = 0; k < Math.min(thick, inks.length); k++) ink += inks[k]!;
    if (dotted) ink *= DOTTED_TICK_WEIGHT;
    if (ink > best || (ink === best && ink > 0 && j - i > bestRows)) {
      [best, bestRows, row] = [ink, j - i, sum / (j - i)];
    }
    i = j;
  }
  return row;
}

/**
 * The body among the wide rows from `first` to `last` (piece rows): the longest run of them, so
 * a wider row elsewhere on the wick (where a grid or indicator line crosses it, blending with
 * the wick's edges) does not stretch it; then grown across a line drawn through the body.
 */
function bodyRun(h: number, first: number, last: number): [number, number] {
  const spanL = rowSpans.left;
  const spanR = rowSpans.right;
  const wick = rowSpans.wick;
  let best = 0;
  let top = first;
  let bottom = last;
  for (let i = first; i <= last;) {
    if (wick[i] === 1 || spanL[i]! < 0) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 <= last && spanL[j + 1]! >= 0 && wick[j + 1] !== 1) j++;
    if (j - i + 1 > best) [best, top, bottom] = [j - i + 1, i, j];
    i = j + 1;
  }
  // A line in another colour drawn across the body (a price level) leaves a row or two of the
  // body narrow: a run of wide rows as wide as the body just beyond them is still the body.
  // (A line crossing the wick is about the wick's width, not the body's.)
  const wide = (i: number) => spanL[i]! >= 0 && wick[i] !== 1;
  const sameSpan = (i: number, k: number) =>
    Math.abs(spanL[i]! - spanL[k]!) <= BODY_EDGE_SLACK_PX &&
    Math.abs(spanR[i]! - spanR[k]!) <= BODY_EDGE_SLACK_PX;
  for (let grown = true; grown;) {
    grown = false;
    for (let gap = 1; gap <= BODY_GAP_ROWS && !grown; gap++) {
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
  return [top, bottom];
}

/**
 * Fill: the class at the body's centre column, middle rows (0 = hollow). Pixels per class, and
 * the classes in the order first met: the first of equally common classes fills it.
 */
function fillClass(p: Piece, e: RowExtent, s: Stem, b: BodyRows): number {
  const { ink, labels, pw, id, x0, x1 } = p;
  const counts = classTally;
  const met: number[] = [];
  const cx = Math.round(s.stemX);
  const bt = Math.round(b.bodyTop);
  const bb = Math.round(b.bodyBottom);
  // Inside the outline (if any): skip the edge rows when the body is tall enough.
  const inset = bb - bt >= FILL_INSET_ROWS ? 2 : bb - bt >= 2 ? 1 : 0;
  const inner0 = bt + inset;
  const inner1 = bb - inset;
  // Beside the centre column; of those, the ones off the stem: a 2 px stem (DPR 2) covers cx - 1
  // or cx + 1, and a wick drawn on through a filled body (JPEG: MetaTrader's lime wick blurred
  // into a white bear fill) then tied its class with the fill's and, first met, took the body.
  // Not further out than cx +- 1: a bordered body (Lightweight Charts at DPR 2) has its 2 px
  // border there. Where the stem covers both (3 px), both: a wick under a body has its colour.
  const besideCentre = [cx - 1, cx + 1];
  const offStem = besideCentre.filter((x) => x < s.stemL || x > s.stemR);
  const fillColumns =
    e.full - s.stem >= FILL_BESIDE_STEM_PX ? (offStem.length > 0 ? offStem : besideCentre) : [cx];
  // Hollow bodies show background beside the wick column; sample beside it when there is room.
  const sampleX = e.full >= FILL_SAMPLE_MIN_WIDTH ? fillColumns : [cx];
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
  return fill;
}
