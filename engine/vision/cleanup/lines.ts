import type { Component } from '../candles/shapes';
import { isSized } from '../candles/shapes';
import { median } from '../pixels/stats';
import { countNonZero, nextNonZero, wordView } from '../pixels/byte-scan';
import {
  CHAIN_SLACK_PX,
  CLASS_ROW_SHARE,
  CROSSING_MIN_SHAPES,
  CROSSING_MIN_WIDE_PX,
  CROSSING_MIN_WIDE_SHAPES,
  DOJI_ARM_MIN_PX,
  DOJI_ARM_SLACK,
  DOJI_ARM_SLACK_PX,
  DOJI_STEM_MAX_PX,
  EDGE_OVER_LOOSE,
  EDGE_ROW_SHARE,
  FLAT_LINE_SHAPE_THICKNESSES,
  FLAT_LINE_SLACK_PX,
  FLAT_LINE_WIDTHS,
  LINE_CLASS_COLUMNS_SHARE,
  LINE_CLASS_PERCENTILE,
  LINE_CLASS_SPAN_SHARE,
  LINE_CLASS_THIN_PX,
  LINE_EXTRA_ROWS,
  LINE_ROW_INK_SHARE,
  LINE_THIN_SHARE,
  MEETING_PASSES,
  MEETING_SLACK_PX,
  MIN_CHAIN_COLUMNS,
  SIMILAR_RUN_PX,
  SIMILAR_RUN_RATIO,
  THIN_RUN_PX,
} from './tuning';

/**
 * Removes thin horizontal strokes in candle colours (the dotted last-price line, price lines
 * of the same colour) so they do not glue neighbouring candles together. A pixel of a candle
 * has ink above or below it beyond the stroke; a pixel of the line does not.
 */
export function removeHorizontalLines(ink: Uint8Array, pw: number, ph: number): void {
  const rowInk = new Uint32Array(ph);
  const words = wordView(ink);
  for (let y = 0; y < ph; y++) rowInk[y] = countNonZero(ink, words, y * pw, (y + 1) * pw);
  // Thin pixels: ink in a vertical run of at most 4 px (a line up to 4 px thick at 3x).
  const thin = (x: number, y: number) => {
    if (!ink[y * pw + x]) return false;
    let n = 1;
    for (let k = 1; k <= THIN_RUN_PX && y - k >= 0 && ink[(y - k) * pw + x]; k++) n++;
    for (let k = 1; k <= THIN_RUN_PX && y + k < ph && ink[(y + k) * pw + x]; k++) n++;
    return n <= THIN_RUN_PX;
  };
  const isLine = (y: number) => {
    if (rowInk[y]! < pw * LINE_ROW_INK_SHARE) return false;
    // A row through many doji bodies is not a line: most of a line's pixels are thin.
    return lineThinPixels(ink, pw, y, thin) >= rowInk[y]! * LINE_THIN_SHARE;
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
    return edge >= pw * EDGE_ROW_SHARE && edge >= loose * EDGE_OVER_LOOSE;
  };
  for (let y = 0; y < ph; y++) {
    if (!isLine(y)) continue;
    let y1 = y;
    while (y1 + 1 < ph && y1 - y < LINE_EXTRA_ROWS && rowInk[y1 + 1]! >= pw * LINE_ROW_INK_SHARE) y1++;
    if (y1 - y < LINE_EXTRA_ROWS && isEdge(y1 + 1, y1)) y1++;
    if (y1 - y < LINE_EXTRA_ROWS && isEdge(y - 1, y)) y--;
    for (let x = 0; x < pw; x++) {
      const above = y > 0 ? ink[(y - 1) * pw + x]! : 0;
      const below = y1 + 1 < ph ? ink[(y1 + 1) * pw + x]! : 0;
      if (above || below) continue;
      for (let yy = y; yy <= y1; yy++) ink[yy * pw + x] = 0;
    }
    y = y1;
  }
}

/**
 * The thin pixels of row y that may be a line's: every thin pixel but a doji's cross. A doji
 * drawn as a cross (open = close: a one- or two-row body as wide as a body, a wick through its
 * middle) is a thin stroke too; on a zoomed chart with a few wide candles two such crosses and a
 * body or two on one row pass for a line (TradingView 1m, 11 candles 60 px wide: two crosses
 * lost their bodies and read as bare wicks, which the continuity check then left out). Its arms
 * are two thin runs of like length either side of a stem (a short run of ink that is not thin),
 * each DOJI_ARM_MIN_PX or longer. A line that crosses a wick is still a line (its other pixels
 * are thin), and all of it is cleared as before.
 */
export function lineThinPixels(
  ink: Uint8Array,
  pw: number,
  y: number,
  thin: (x: number, y: number) => boolean,
): number {
  let t = 0;
  // The last thin run (its start and length) and the stem after it, while one is being walked.
  let armStart = -1;
  let armLen = 0;
  let stemLen = 0;
  let x = 0;
  while (x < pw) {
    if (!ink[y * pw + x]) {
      armStart = -1;
      stemLen = 0;
      x++;
      continue;
    }
    if (!thin(x, y)) {
      // A stem: only after a thin run, and only as wide as a wick.
      stemLen = armStart >= 0 ? stemLen + 1 : 0;
      if (stemLen > DOJI_STEM_MAX_PX) armStart = -1;
      x++;
      continue;
    }
    const start = x;
    while (x < pw && ink[y * pw + x] && thin(x, y)) x++;
    const len = x - start;
    t += len;
    if (armStart >= 0 && stemLen > 0 && isDojiArmPair(armLen, len)) {
      t -= armLen + len;
      armStart = -1;
    } else {
      armStart = start;
      armLen = len;
    }
    stemLen = 0;
  }
  return t;
}

/** Two thin runs either side of a stem are a doji's arms when of like length, neither short. */
function isDojiArmPair(a: number, b: number): boolean {
  return (
    Math.min(a, b) >= DOJI_ARM_MIN_PX &&
    Math.abs(a - b) <= Math.max(DOJI_ARM_SLACK_PX, DOJI_ARM_SLACK * Math.max(a, b))
  );
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
export function removeCrossingLines(
  ink: Uint8Array,
  pw: number,
  labels: Int32Array,
  comps: Component[],
  /** Shapes that are touching candles, not candles a line glued together. */
  keep: ReadonlySet<number> = new Set(),
): { crossed: Set<number>; typical: number } | null {
  const sized = comps.filter(isSized);
  if (sized.length < CROSSING_MIN_SHAPES) return null;
  const typical = median(sized.map((c) => c.maxX - c.minX + 1));
  const minWide = Math.max(CROSSING_MIN_WIDE_PX, typical * CROSSING_MIN_WIDE_SHAPES);
  const crossed = new Set<number>();
  comps.forEach((c, id) => {
    const w = c.maxX - c.minX + 1;
    if (w < minWide || keep.has(id)) return;
    const runs = verticalRuns(labels, pw, id, c);
    const gone = lineRuns(runs, c, typical);
    for (let r = 0; r < runs.n; r++) {
      if (!gone[r]) continue;
      const x = c.minX + runs.cols[r]!;
      for (let y = runs.tops[r]!; y <= runs.bottoms[r]!; y++) ink[y * pw + x] = 0;
      crossed.add(id);
    }
  });
  return crossed.size ? { crossed, typical } : null;
}

/** A shape's vertical runs of ink, column by column (columns relative to the shape's left). */
interface ShapeRuns {
  tops: number[];
  bottoms: number[];
  cols: number[];
  /** The first run of each column; colStart[w] = n. */
  colStart: Int32Array;
  n: number;
  w: number;
}

function verticalRuns(labels: Int32Array, pw: number, id: number, c: Component): ShapeRuns {
  const w = c.maxX - c.minX + 1;
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
  return { tops, bottoms, cols, colStart, n: tops.length, w };
}

/**
 * Which of a wide shape's runs are the line (1) and which are candles (0): runs that a
 * neighbouring run of like height continues, in chains that move by more than the line is thick
 * (see removeCrossingLines), and runs where two such lines meet.
 */
function lineRuns(runs: ShapeRuns, c: Component, typical: number): Uint8Array {
  const { tops, bottoms, cols, colStart, n, w } = runs;
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
    return Math.abs(ha - hb) <= SIMILAR_RUN_PX || Math.max(ha, hb) <= Math.min(ha, hb) * SIMILAR_RUN_RATIO;
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
  const gone = lineChains(runs, lineLike, similar, touch, thick, c, typical);
  clearMeetings(runs, gone, touch);
  return gone;
}

/**
 * Chains of line-like runs, linked across neighbouring columns, that are long enough and move
 * by more than the line is thick (or, flat, run many candles long over a shape much taller than
 * the line): their runs are the line.
 */
function lineChains(
  runs: ShapeRuns,
  lineLike: Uint8Array,
  similar: (a: number, b: number) => boolean,
  touch: (a: number, b: number) => boolean,
  thick: number,
  c: Component,
  typical: number,
): Uint8Array {
  const { tops, bottoms, cols, colStart, n, w } = runs;
  const minChain = MIN_CHAIN_COLUMNS;
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
    hi[g]! - lo[g]! + 1 >= typical * FLAT_LINE_WIDTHS + FLAT_LINE_SLACK_PX &&
    thick * FLAT_LINE_SHAPE_THICKNESSES <= c.maxY - c.minY + 1;
  for (let r = 0; r < n; r++) {
    if (!lineLike[r]) continue;
    const g = find(r);
    // A short chain that stays on the same rows is a body or a hollow body's edge.
    if (hi[g]! - lo[g]! + 1 < minChain) continue;
    if (bottom[g]! - top[g]! + 1 < 2 * thick + CHAIN_SLACK_PX && !flatLine(g)) continue;
    gone[r] = 1;
  }
  return gone;
}

/**
 * Where two lines cross or meet, their runs merge into one taller run that continues neither: a
 * run with cleared line on both sides, no taller than the two together, is line too.
 */
function clearMeetings(runs: ShapeRuns, gone: Uint8Array, touch: (a: number, b: number) => boolean): void {
  const { tops, bottoms, cols, colStart, n, w } = runs;
  const h = (r: number) => bottoms[r]! - tops[r]! + 1;
  const clearedBeside = (r: number, kk: number) => {
    let most = 0;
    if (kk < 0 || kk >= w) return 0;
    for (let a = colStart[kk]!; a < colStart[kk + 1]!; a++)
      if (gone[a] && touch(a, r)) most = Math.max(most, h(a));
    return most;
  };
  for (let pass = 0; pass < MEETING_PASSES; pass++) {
    let more = false;
    for (let r = 0; r < n; r++) {
      if (gone[r]) continue;
      const left = clearedBeside(r, cols[r]! - 1);
      const right = clearedBeside(r, cols[r]! + 1);
      if (left && right && h(r) <= left + right + MEETING_SLACK_PX) {
        gone[r] = 1;
        more = true;
      }
    }
    if (!more) break;
  }
}

/**
 * An indicator line (moving average) in its own colour can gather enough vertical strokes on
 * its steep parts to be learned as a colour class. A line is thin in every column it crosses
 * and crosses most columns; candles are tall somewhere. Such classes are cleared from the ink.
 */
export function dropLineClasses(ink: Uint8Array, pw: number, ph: number, classes: number): void {
  // The two strongest classes are the candles' own colours (bull/bear, or outline/fill).
  // A thick line (a 2x capture, a wide moving average) is not thin, but it crosses hundreds of
  // columns in a row; a class of candles has gaps between its candles.
  if (classes < 3) return;
  // Every class is judged on the ink as classified (clearing one class leaves the others' pixels
  // as they were), so the statistics of all classes 3.. are gathered in two passes over the ink's
  // rows (its empty stretches skipped a word at a time) instead of walking down every column
  // once per class.
  const n = classes - 2;
  const of = (v: number) => (v >= 3 && v <= classes ? v - 3 : -1);
  const words = wordView(ink);
  // A horizontal price line drawn in the class's colour (a level at the bull colour across the
  // whole plot) is not what makes a moving average: its rows are left out, or a class of real
  // candles would be cleared for it (its removal is the candle stage's).
  const rowInk = new Int32Array(n * ph);
  for (let y = 0; y < ph; y++) {
    const end = (y + 1) * pw;
    for (let i = nextNonZero(ink, words, y * pw, end); i < end; i = nextNonZero(ink, words, i + 1, end)) {
      const k = of(ink[i]!);
      if (k >= 0) rowInk[k * ph + y]!++;
    }
  }
  // Per class and column, the longest run of the class's pixels down the column (a flat row
  // ends a run): `lastRow` is the run's last row so far, so only the class's own pixels are visited.
  const run = new Int32Array(n * pw);
  const lastRow = new Int32Array(n * pw).fill(-2);
  const longestIn = new Int32Array(n * pw);
  for (let y = 0; y < ph; y++) {
    const end = (y + 1) * pw;
    for (let i = nextNonZero(ink, words, y * pw, end); i < end; i = nextNonZero(ink, words, i + 1, end)) {
      const k = of(ink[i]!);
      if (k < 0 || rowInk[k * ph + y]! >= pw * CLASS_ROW_SHARE) continue;
      const c = k * pw + i - y * pw;
      run[c] = lastRow[c] === y - 1 ? run[c]! + 1 : 1;
      lastRow[c] = y;
      if (run[c]! > longestIn[c]!) longestIn[c] = run[c]!;
    }
  }
  for (let k = 0; k < n; k++) {
    const longest: number[] = [];
    let span = 0;
    let widest = 0;
    for (let x = 0; x < pw; x++) {
      const best = longestIn[k * pw + x]!;
      if (best > 0) longest.push(best);
      span = best > 0 ? span + 1 : 0;
      if (span > widest) widest = span;
    }
    if (longest.length < pw * LINE_CLASS_COLUMNS_SHARE) continue;
    longest.sort((a, b) => a - b);
    const p75 = longest[Math.floor(longest.length * LINE_CLASS_PERCENTILE)]!;
    if (p75 > LINE_CLASS_THIN_PX && widest < pw * LINE_CLASS_SPAN_SHARE) continue;
    for (let i = 0; i < ink.length; i++) if (ink[i] === k + 3) ink[i] = 0;
  }
}
