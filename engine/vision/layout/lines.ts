import type { Raster } from '../pixels/raster';
import { colourDistance } from '../pixels/raster';
import { ALL_SET, maskWords } from '../pixels/byte-scan';
import { median } from '../pixels/stats';
import type { PlotRect } from '../types';
import {
  DOTTED_GAP_SAMPLES,
  DOTTED_RUN_SHARE,
  FILL_SAMPLES,
  FILL_SIDE_SHARE,
  MIN_GRID_LINES,
  GRID_PIECE_SLACK,
  LINE_GAP_SAMPLES,
  LINE_MERGE_PX,
  MAX_LINE_WIDTH,
  SAME_LINE_COLOUR,
} from './tuning';

/**
 * Long straight lines (grid, separators, pane frames, price lines): found by runs of one colour
 * along rows or columns (findLines), fills told apart from lines (withoutFills), and what the
 * lines say: where vertical grid lines span (gridSpan), which colours are the grid's.
 */

export interface LineRun {
  /** Row (for horizontal lines) or column (for vertical lines). */
  at: number;
  /** Broken by background (dotted price lines, dashed drawings): not a grid line. */
  dotted: boolean;
  start: number;
  end: number;
  colour: number;
}

/** How many lines sorted positions make: the columns of one thick or anti-aliased line are one. */
export const distinctLines = (ats: number[]) =>
  ats.filter((at, i) => i === 0 || at - ats[i - 1]! > LINE_MERGE_PX).length;

/**
 * Where vertical grid lines place the plot's top and bottom (their median ends), or null when
 * they are not two distinct lines (the columns of one tall candle body, its outline and fill a
 * few pixels wide, are one object, not a grid). The price labels stand beside the plot's own
 * rows: lines starting below the top label (`labelsTop`) are pieces of grid lines that a
 * gradient background recolours along their length, and place no top (start null). Their end
 * may lie above the lowest label: volume bars drawn over the grid end it early, and the plot is
 * best kept above them.
 */
export function gridSpan(
  lines: LineRun[],
  labelsTop: number | null,
  minLength = 0,
): { start: number | null; end: number } | null {
  // The pieces of one column (a gradient recolours a line along its length, a tooltip box cuts
  // it) are one line from the first piece's start to the last one's end.
  const columns = new Map<number, { start: number; end: number }>();
  for (const g of lines) {
    const c = columns.get(g.at);
    if (c) [c.start, c.end] = [Math.min(c.start, g.start), Math.max(c.end, g.end)];
    else columns.set(g.at, { start: g.start, end: g.end });
  }
  // A column shorter than `minLength` is no grid line: a dash of the crosshair's dashed line, a
  // drawing's edge.
  for (const [at, c] of columns) if (c.end - c.start + 1 < minLength) columns.delete(at);
  if (distinctLines([...columns.keys()].sort((a, b) => a - b)) < 2) return null;
  const spans = [...columns.values()];
  let start = median(spans.map((g) => g.start));
  let end = median(spans.map((g) => g.end));
  // Where every line is either an upper piece (from the top down to somewhere) or a lower one
  // (from somewhere down to the bottom), two or more of each, they are the pieces of one grid
  // that candles or a gradient broke at different rows: it spans them all.
  const first = Math.min(...spans.map((g) => g.start));
  const last = Math.max(...spans.map((g) => g.end));
  const upper = spans.filter(
    (g) => g.start <= first + GRID_PIECE_SLACK && g.end < last - GRID_PIECE_SLACK,
  ).length;
  const lower = spans.filter(
    (g) => g.end >= last - GRID_PIECE_SLACK && g.start > first + GRID_PIECE_SLACK,
  ).length;
  if (upper >= 2 && lower >= 2 && upper + lower === spans.length) [start, end] = [first, last];
  return { start: labelsTop !== null && start > labelsTop ? null : start, end };
}

/** Per-line state of findLines' run pass: the open run, the longest so far, the line's colour. */
interface RunState {
  /** Pixels of the line's colour (sampled). */
  count: Int32Array;
  first: Int32Array;
  last: Int32Array;
  run: Int32Array;
  /** Background samples since the line's colour was last seen. */
  gap: Int32Array;
  /** Background samples bridged inside the open run. */
  gapPx: Int32Array;
  bestFirst: Int32Array;
  bestLast: Int32Array;
  bestRun: Int32Array;
  bestGap: Int32Array;
  /** The exact colour of the line's last pixel of its colour. */
  colour: Int32Array;
}

function newRunState(lines: number): RunState {
  return {
    count: new Int32Array(lines),
    first: new Int32Array(lines).fill(-1),
    last: new Int32Array(lines).fill(-1),
    run: new Int32Array(lines),
    gap: new Int32Array(lines),
    gapPx: new Int32Array(lines),
    bestFirst: new Int32Array(lines).fill(-1),
    bestLast: new Int32Array(lines).fill(-1),
    bestRun: new Int32Array(lines),
    bestGap: new Int32Array(lines),
    colour: new Int32Array(lines),
  };
}

/** Ends line li's current run, keeping it if it is the line's longest so far. */
function closeRun(s: RunState, li: number): void {
  if (s.run[li]! > s.bestRun[li]!) {
    s.bestRun[li] = s.run[li]!;
    s.bestFirst[li] = s.first[li]!;
    s.bestLast[li] = s.last[li]!;
    s.bestGap[li] = s.gapPx[li]!;
  }
  s.first[li] = -1;
  s.run[li] = 0;
  s.gapPx[li] = 0;
}

/**
 * Long straight lines along rows (or columns): the majority non-background colour of each line
 * (Boyer-Moore vote) and its longest stretch, bridging pixels covered by other ink (candles drawn
 * over the grid) and background gaps up to 4 px (dotted grid). Row-major passes only, so the
 * column case stays cache-friendly. `minCount`: the fewest pixels of its colour a line has.
 *
 * Lines are sampled every other pixel along their length: extents are good to 1 px, and the cost
 * halves. (Rows step x by 2 in their own loops; columns step y by 2.) The plain rule, one line at
 * a time, is findLinesReference in fast-paths.test.ts, which the tests hold this to.
 */
export function findLines(
  r: Raster,
  q: Int16Array,
  bgMask: Uint8Array,
  region: PlotRect,
  horizontal: boolean,
  minCount: number,
): LineRun[] {
  minCount /= 2;
  const lines = horizontal ? region.bottom - region.top + 1 : region.right - region.left + 1;
  const lineStart = horizontal ? region.top : region.left;
  // Background (q = -1) is most of the region: eight background pixels are passed over at once.
  const words = maskWords(bgMask);
  // Pass 1: majority vote per line; pass 2: longest run of the majority colour per line. Both
  // passes walk the image row-major (cache-friendly); each line still sees its pixels in order.
  const cand = horizontal
    ? voteAlongRows(q, words, r.width, region, minCount)
    : voteDownColumns(q, words, r.width, region, minCount);
  const state = newRunState(lines);
  if (horizontal) longestRunsAlongRows(r, q, region, cand, state);
  else longestRunsDownColumns(r, q, region, cand, state);
  const out: LineRun[] = [];
  const { count, bestFirst, bestLast, bestRun, bestGap, colour } = state;
  for (let li = 0; li < lines; li++) {
    if (cand[li]! < 0) continue;
    closeRun(state, li);
    if (count[li]! < minCount || bestFirst[li]! < 0) continue;
    const extent = bestLast[li]! - bestFirst[li]! + 1;
    out.push({
      at: lineStart + li,
      start: bestFirst[li]!,
      end: bestLast[li]!,
      colour: colour[li]!,
      dotted: bestGap[li]! > DOTTED_GAP_SAMPLES || bestRun[li]! < DOTTED_RUN_SHARE * extent,
    });
  }
  return out;
}

/**
 * findLines' pass 1 for rows: each row's majority colour off the background (-1 for a row with
 * fewer than minCount sampled pixels off the background: most rows of a chart, never a line).
 * Each row is one line: its vote lives in locals for the whole row (the column vote keeps them in
 * per-line arrays, which cost a load and store per pixel).
 */
export function voteAlongRows(
  q: Int16Array,
  words: Float64Array | null,
  width: number,
  region: PlotRect,
  minCount: number,
): Int32Array {
  const cand = new Int32Array(region.bottom - region.top + 1).fill(-1);
  const right = region.right;
  for (let y = region.top; y <= region.bottom; y++) {
    const row = y * width;
    let cl = -1;
    let vt = 0;
    let inked = 0;
    for (let x = region.left; x <= right; x += 2) {
      // From the first or second pixel of a word, the samples x .. x + 6 are all in it.
      if (words && ((row + x) & 7) < 2 && x + 6 <= right && words[(row + x) >> 3] === ALL_SET) {
        x += 6;
        continue;
      }
      const v = q[row + x]!;
      if (v < 0) continue;
      inked++;
      if (vt === 0) {
        cl = v;
        vt = 1;
      } else if (v === cl) vt++;
      else vt--;
    }
    cand[y - region.top] = inked < minCount ? -1 : cl;
  }
  return cand;
}

/**
 * findLines' pass 1 for columns: each column's majority colour off the background over every
 * other row, -1 for a column with fewer than minCount sampled pixels off the background.
 * Background words are passed over eight pixels at a time.
 */
export function voteDownColumns(
  q: Int16Array,
  words: Float64Array | null,
  width: number,
  region: PlotRect,
  minCount: number,
): Int32Array {
  const lines = region.right - region.left + 1;
  const lineStart = region.left;
  const cand = new Int32Array(lines).fill(-1);
  const votes = new Int32Array(lines);
  const inked = new Int32Array(lines);
  const right = region.right;
  for (let y = region.top; y <= region.bottom; y += 2) {
    const row = y * width;
    for (let x = region.left; x <= right; x++) {
      if (words && ((row + x) & 7) === 0) {
        while (x + 7 <= right && words[(row + x) >> 3] === ALL_SET) x += 8;
        if (x > right) break;
      }
      const v = q[row + x]!;
      if (v < 0) continue;
      const li = x - lineStart;
      inked[li]!++;
      if (votes[li] === 0) {
        cand[li] = v;
        votes[li] = 1;
      } else if (v === cand[li]) votes[li]!++;
      else votes[li]!--;
    }
  }
  for (let li = 0; li < lines; li++) if (inked[li]! < minCount) cand[li] = -1;
  return cand;
}

/**
 * findLines' pass 2 for rows: the longest run of each row's colour (every other pixel), gaps of
 * background up to LINE_GAP_SAMPLES bridged, other colours (candles over the grid) passed over.
 * A row's runs live in locals (as closeRun, written out), stored in `s` at the row's end.
 */
function longestRunsAlongRows(
  r: Raster,
  q: Int16Array,
  region: PlotRect,
  cand: Int32Array,
  s: RunState,
): void {
  const { width, rgb } = r;
  const maxGap = LINE_GAP_SAMPLES;
  const { first, last, run, gap, gapPx, count, colour, bestRun, bestFirst, bestLast, bestGap } = s;
  const lineStart = region.top;
  for (let y = region.top; y <= region.bottom; y++) {
    const li = y - lineStart;
    const cl = cand[li]!;
    if (cl < 0) continue;
    const row = y * width;
    let lFirst = -1;
    let lLast = -1;
    let lRun = 0;
    let lGap = 0;
    let lGapPx = 0;
    let lCount = 0;
    let bRun = 0;
    let bFirst = -1;
    let bLast = -1;
    let bGap = 0;
    for (let x = region.left; x <= region.right; x += 2) {
      const v = q[row + x]!;
      if (v === cl) {
        // Background before a run starts is not a gap in it.
        if (lFirst < 0) lFirst = x;
        else lGapPx += lGap;
        lLast = x;
        lCount++;
        lRun++;
        lGap = 0;
      } else if (v < 0) {
        lGap++;
        if (lGap > maxGap) {
          // As closeRun.
          if (lRun > bRun) {
            bRun = lRun;
            bFirst = lFirst;
            bLast = lLast;
            bGap = lGapPx;
          }
          lFirst = -1;
          lRun = 0;
          lGapPx = 0;
        }
      }
    }
    first[li] = lFirst;
    last[li] = lLast;
    run[li] = lRun;
    gap[li] = lGap;
    gapPx[li] = lGapPx;
    count[li] = lCount;
    // The exact colour of the last pixel of the line's colour.
    colour[li] = lLast >= 0 ? rgb[row + lLast]! : 0;
    bestRun[li] = bRun;
    bestFirst[li] = bFirst;
    bestLast[li] = bLast;
    bestGap[li] = bGap;
  }
}

/**
 * findLines' pass 2 for columns: row by row (every other row), each column with a candidate
 * colour (most have none) extends or closes its run. Background counts only inside an open run.
 */
function longestRunsDownColumns(
  r: Raster,
  q: Int16Array,
  region: PlotRect,
  cand: Int32Array,
  s: RunState,
): void {
  const { width, rgb } = r;
  const maxGap = LINE_GAP_SAMPLES;
  const { first, last, run, gap, gapPx, count, colour } = s;
  const lines = region.right - region.left + 1;
  const lineStart = region.left;
  // Only the columns with a candidate colour are walked (most have none).
  const walked = new Int32Array(lines);
  let nWalked = 0;
  for (let li = 0; li < lines; li++) if (cand[li]! >= 0) walked[nWalked++] = li;
  for (let y = region.top; y <= region.bottom; y += 2) {
    const row = y * width;
    // Line index from x, position y.
    for (let w = 0; w < nWalked; w++) {
      const li = walked[w]!;
      const x = lineStart + li;
      const cl = cand[li]!;
      const v = q[row + x]!;
      if (v === cl) {
        const k = y;
        // Background before a run starts is not a gap in it.
        if (first[li]! < 0) first[li] = k;
        else gapPx[li]! += gap[li]!;
        last[li] = k;
        count[li]!++;
        run[li]!++;
        gap[li] = 0;
      } else if (v < 0 && run[li] !== 0) {
        // Background counts only inside an open run (a new run starts its gap afresh), and
        // closing a closed run is a no-op: long stretches of background cost one test.
        gap[li]!++;
        if (gap[li]! > maxGap) closeRun(s, li);
      }
    }
  }
  // The exact colour of the last pixel of the line's colour.
  for (let w = 0; w < nWalked; w++) {
    const li = walked[w]!;
    colour[li] = last[li]! >= 0 ? rgb[last[li]! * width + lineStart + li]! : 0;
  }
}

/**
 * Lines less the fills: a line (up to MAX_LINE_WIDTH px wide) has other colours on both sides of
 * it; the lines of a filled area (a shaded band, a panel) have their own colour on one side or
 * both along most of their length.
 */
export function withoutFills(r: Raster, lines: LineRun[], horizontal: boolean): LineRun[] {
  const { width, height, rgb } = r;
  const d = MAX_LINE_WIDTH;
  return lines.filter((g) => {
    if (g.at - d < 0 || g.at + d >= (horizontal ? height : width)) return true;
    let same = 0;
    let n = 0;
    const step = Math.max(1, Math.floor((g.end - g.start) / FILL_SAMPLES));
    for (let k = g.start; k <= g.end; k += step) {
      const a = horizontal ? rgb[(g.at - d) * width + k]! : rgb[k * width + g.at - d]!;
      const b = horizontal ? rgb[(g.at + d) * width + k]! : rgb[k * width + g.at + d]!;
      const c = horizontal ? rgb[g.at * width + k]! : rgb[k * width + g.at]!;
      n++;
      if (colourDistance(a, c) <= SAME_LINE_COLOUR || colourDistance(b, c) <= SAME_LINE_COLOUR) same++;
    }
    return same < FILL_SIDE_SHARE * n;
  });
}

/**
 * Grid colours: drawn as MIN_GRID_LINES or more solid lines in one direction. A single line (a
 * price line, a frame) may share a candle colour and must not hide the candles.
 */
export function gridLineColours(gridRows: LineRun[], gridColumns: LineRun[]): number[] {
  const lineColours: number[] = [];
  for (const set of [gridRows, gridColumns]) {
    const groups: { colour: number; n: number }[] = [];
    for (const g of set) {
      if (g.dotted) continue;
      const hit = groups.find((x) => colourDistance(x.colour, g.colour) <= SAME_LINE_COLOUR);
      if (hit) hit.n++;
      else groups.push({ colour: g.colour, n: 1 });
    }
    for (const g of groups) {
      if (g.n >= MIN_GRID_LINES && !lineColours.some((c) => colourDistance(c, g.colour) <= SAME_LINE_COLOUR))
        lineColours.push(g.colour);
    }
  }
  return lineColours;
}
