import type { RgbaImage } from '../../core/image';
import type { Raster } from '../pixels/raster';
import { bin15, colourDistance, luminance, pairView } from '../pixels/raster';
import { ALL_SET, maskWords, nextClear } from '../pixels/byte-scan';
import type { PlotRect } from '../types';
import { locatePriceAxis, otherScaleBelow, plotEdgeBeside, priceReadings } from './axis-locate';
import { longestRun } from '../pixels/runs';
import { median } from '../pixels/stats';
import { ScratchArray } from '../pixels/scratch';
import type { TextToken } from '../text';

/** How far (per channel) a pixel may stray from the background and still count as background. */
export const BG_TOLERANCE = 10;

/** A colour this close to the background (per channel) is a faint fill: shading, a band. */
const FAINT = 48;

export interface LineRun {
  /** Row (for horizontal lines) or column (for vertical lines). */
  at: number;
  /** Broken by background (dotted price lines, dashed drawings): not a grid line. */
  dotted: boolean;
  start: number;
  end: number;
  colour: number;
}

export interface Layout {
  background: number;
  theme: 'dark' | 'light';
  /** The background-coloured region holding plot and axes (toolbars and panels excluded). */
  region: PlotRect;
  plot: PlotRect;
  axisSide: 'left' | 'right';
  /** Where the price labels are: the strip between the plot and the region's edge. */
  axisStrip: PlotRect;
  gridRows: LineRun[];
  gridColumns: LineRun[];
  /** Colours of long straight lines (grid, separators): never candle ink. */
  lineColours: number[];
  /** 1 where the pixel is background (whole image, row-major). */
  bgMask: Uint8Array;
  /**
   * The text read down the price labels' column when the axis was found from its labels (the
   * whole image height): readChart takes the axis strip's tokens from it instead of reading
   * the strip again.
   */
  axisTokens?: TextToken[];
}

/** Most frequent colour, from a 15-bit histogram refined to the exact colour. */
export function dominantColour(r: Raster): number {
  const { width, height, rgb } = r;
  const hist = new Uint32Array(1 << 15);
  const step = width * height > 2_000_000 ? 2 : 1;
  // Screenshots are mostly long runs of one colour: count a run in a local and add it to the
  // histogram once, instead of a read-modify-write of the same cell for every pixel.
  let runColour = rgb[0]!;
  let runLength = 0;
  for (let y = 0; y < height; y += step) {
    const row = y * width;
    for (let x = 0; x < width; x += step) {
      const c = rgb[row + x]!;
      if (c === runColour) {
        runLength++;
        continue;
      }
      hist[bin15(runColour)]! += runLength;
      runColour = c;
      runLength = 1;
    }
  }
  hist[bin15(runColour)]! += runLength;
  let best = 0;
  for (let i = 1; i < hist.length; i++) if (hist[i]! > hist[best]!) best = i;
  // Colours in the winning bucket differ only in the 3 low bits of each channel: 512 exact
  // colours, counted in a typed array (a Map here cost ~10 ms on a dark 1600x900 chart, where
  // most pixels land in the bucket). Ties go to the colour seen first, as before.
  const exact = new Uint32Array(512);
  const firstSeen = new Int32Array(512).fill(-1);
  let seen = 0;
  // Runs of one colour again: a colour's first pixel sets its order, the run is added at its end.
  let low = -1;
  let lowRun = 0;
  runColour = -1;
  for (let y = 0; y < height; y += step * 2) {
    const row = y * width;
    for (let x = 0; x < width; x += step) {
      const c = rgb[row + x]!;
      if (c === runColour) {
        lowRun++;
        continue;
      }
      if (low >= 0) exact[low]! += lowRun;
      runColour = c;
      low = -1;
      if (bin15(c) === best) {
        low = ((c >> 10) & 0x1c0) | ((c >> 5) & 0x38) | (c & 7);
        if (exact[low] === 0) firstSeen[low] = seen++;
        lowRun = 1;
      }
    }
  }
  if (low >= 0) exact[low]! += lowRun;
  let colour = 0;
  let n = 0;
  let order = 0;
  for (let low = 0; low < 512; low++) {
    const k = exact[low]!;
    if (k > n || (k === n && k > 0 && firstSeen[low]! < order)) {
      n = k;
      order = firstSeen[low]!;
      colour =
        (((best >> 10) & 0x1f) << 19) |
        (((low >> 6) & 7) << 16) |
        ((((best >> 5) & 0x1f) << 11) | (((low >> 3) & 7) << 8)) |
        (((best & 0x1f) << 3) | (low & 7));
    }
  }
  return colour;
}

const quant = (c: number) => ((c >> 12) & 0xf00) | ((c >> 8) & 0xf0) | ((c >> 4) & 0xf);

/** The quantised colours never leave findLayout: one array serves every call. */
const quantised = new ScratchArray((n) => new Int16Array(n));

/**
 * Each row's background colour. Most charts have one; a vertical gradient (a broker's look)
 * shades the background from row to row, so that far from the dominant colour's rows the
 * background would pass for ink and end the chart region there. Rows are followed out from those
 * of the dominant colour while each row's majority colour moves by no more than a gradient's
 * step from the previous row's; such a row's background is its own majority colour. Rows with
 * no majority colour or another one (candles, a grid line) keep the previous row's, for a few
 * rows: a header, a toolbar or a pane of another shade is a jump that lasts.
 */
export function rowBackgrounds(r: Raster, bg: number): Int32Array {
  const { width, height, rgb } = r;
  const out = new Int32Array(height).fill(bg);
  // Majority colour of each row (sampled every 4th pixel; -1 when under half the row).
  const major = new Int32Array(height).fill(-1);
  // Most samples are exactly the candidate colour: that test comes before the distance.
  const samples = (width + 3) >> 2;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const end = row + width;
    let c = -1;
    let n = 0;
    // The samples agreeing with the candidate, counted by the vote from where it became the
    // candidate (`from`): only the samples before that are walked again for the rest.
    let from = row;
    let agree = 0;
    for (let i = row; i < end; i += 4) {
      const p = rgb[i]!;
      if (n === 0) {
        c = p;
        n = 1;
        from = i;
        agree = 1;
      } else if (p === c || colourDistance(p, c) <= GRADIENT_STEP) {
        n++;
        agree++;
      } else n--;
    }
    for (let i = row; i < from; i += 4) {
      const p = rgb[i]!;
      if (p === c || colourDistance(p, c) <= GRADIENT_STEP) agree++;
    }
    if (agree >= samples * 0.5) major[y] = c;
  }
  const onBg = (y: number) => major[y]! >= 0 && colourDistance(major[y]!, bg) <= BG_TOLERANCE;
  for (const dir of [1, -1]) {
    for (let y0 = 0; y0 < height; y0++) {
      // Out from the last row of each stretch of dominant-colour rows, in this direction.
      if (!onBg(y0) || (y0 + dir >= 0 && y0 + dir < height && onBg(y0 + dir))) continue;
      let prev = major[y0]!;
      let carried = 0;
      for (let y = y0 + dir; y >= 0 && y < height && !onBg(y); y += dir) {
        const m = major[y]!;
        if (m < 0 || colourDistance(m, prev) > GRADIENT_STEP) {
          if (++carried > GRADIENT_CARRY) break;
          continue;
        }
        // The gradient goes on: the rows passed over take the colour it had before them.
        for (; carried > 0; carried--) out[y - carried * dir] = prev;
        out[y] = prev = m;
      }
    }
  }
  return out;
}

/** Per channel, the most a gradient background's colour moves from one row to the next. */
const GRADIENT_STEP = 2;
/** Rows a gradient's colour is carried across where the row has no majority colour. */
const GRADIENT_CARRY = 12;

/** Per-pixel quantised colour (12 bits) with background pixels marked -1: computed once. */
function quantise(r: Raster, rowBg: Int32Array): { q: Int16Array; bgMask: Uint8Array } {
  const { rgb, width, height } = r;
  // Every element is written below: a reused array needs no clearing.
  const q = quantised.take(rgb.length);
  const bgMask = new Uint8Array(rgb.length);
  // A pixel pair repeating the last colour is written as one 32-bit q and one 16-bit mask store.
  const pairs = q.byteOffset % 4 === 0 ? pairView(rgb) : null;
  const q2 = pairs ? new Int32Array(q.buffer, q.byteOffset, q.length >> 1) : null;
  const mask2 = pairs ? new Uint16Array(bgMask.buffer, 0, bgMask.length >> 1) : null;
  let bg = -1;
  let br = 0;
  let bgG = 0;
  let bb = 0;
  // Neighbouring pixels are mostly the same colour: reuse the last pixel's result for them.
  let lastC = -1;
  let lastQ = 0;
  // The same for two pixels: both the last colour, as read from the image when first met (NaN,
  // equal to nothing, until then).
  let lastPair = NaN;
  let lastQ2 = 0;
  let lastMask2 = 0;
  for (let y = 0, i = 0; y < height; y++) {
    // Row by row (not a modulo per pixel): the background may change colour down the rows.
    if (rowBg[y] !== bg) {
      bg = rowBg[y]!;
      br = (bg >> 16) & 255;
      bgG = (bg >> 8) & 255;
      bb = bg & 255;
      lastC = -1;
      lastPair = NaN;
    }
    const end = i + width;
    while (i < end) {
      if (pairs && (i & 1) === 0) {
        if (Number.isNaN(lastPair) && i + 1 < end && rgb[i] === lastC && rgb[i + 1] === lastC)
          lastPair = pairs[i >> 1]!;
        for (const stop = end - 1; i < stop && pairs[i >> 1] === lastPair; i += 2) {
          q2![i >> 1] = lastQ2;
          mask2![i >> 1] = lastMask2;
        }
        if (i === end) break;
      }
      const c = rgb[i]!;
      if (c === lastC) {
        q[i] = lastQ;
        if (lastQ < 0) bgMask[i] = 1;
        i++;
        continue;
      }
      lastC = c;
      const dr = ((c >> 16) & 255) - br;
      const dg = ((c >> 8) & 255) - bgG;
      const db = (c & 255) - bb;
      if (
        dr <= BG_TOLERANCE &&
        dr >= -BG_TOLERANCE &&
        dg <= BG_TOLERANCE &&
        dg >= -BG_TOLERANCE &&
        db <= BG_TOLERANCE &&
        db >= -BG_TOLERANCE
      ) {
        bgMask[i] = 1;
        lastQ = q[i] = -1;
      } else lastQ = q[i] = quant(c);
      lastPair = NaN;
      lastQ2 = (lastQ & 0xffff) | (lastQ << 16);
      lastMask2 = lastQ < 0 ? 0x0101 : 0;
      i++;
    }
  }
  return { q, bgMask };
}

/**
 * The chart region's edge away from the axis, beyond shaded bands. A band across the plot's
 * whole height (a session, a highlighted range: a faint fill near the background's colour) is
 * no background and ends the region, but the plot goes on where the background resumes beyond
 * it. Walks from column `edge` in direction `dir` over background and faint columns (rows
 * top..bottom) and returns the last background column; a faint toolbar or panel at the image's
 * edge has no background beyond it and stays out.
 */
export function acrossBands(
  r: Raster,
  bgMask: Uint8Array,
  bg: number,
  top: number,
  bottom: number,
  edge: number,
  dir: 1 | -1,
): number {
  const { width, rgb } = r;
  const maxGap = Math.max(4, Math.round(width * 0.01));
  let lastBg = edge;
  let off = 0;
  for (let x = edge + dir; x >= 0 && x < width && off <= maxGap; x += dir) {
    let bgN = 0;
    let faint = 0;
    let n = 0;
    for (let y = top; y <= bottom; y += 2, n++) {
      const i = y * width + x;
      if (bgMask[i]) bgN++;
      else if (colourDistance(rgb[i]!, bg) < FAINT) faint++;
    }
    if (bgN >= 0.35 * n) {
      lastBg = x;
      off = 0;
    } else off = faint >= 0.5 * n ? 0 : off + 1;
  }
  return lastBg;
}

/** How many lines sorted positions make: the columns of one thick or anti-aliased line are one. */
const distinctLines = (ats: number[]) => ats.filter((at, i) => i === 0 || at - ats[i - 1]! > 2).length;

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
): { start: number | null; end: number } | null {
  // The pieces of one column (a gradient recolours a line along its length, a tooltip box cuts
  // it) are one line from the first piece's start to the last one's end.
  const columns = new Map<number, { start: number; end: number }>();
  for (const g of lines) {
    const c = columns.get(g.at);
    if (c) [c.start, c.end] = [Math.min(c.start, g.start), Math.max(c.end, g.end)];
    else columns.set(g.at, { start: g.start, end: g.end });
  }
  if (distinctLines([...columns.keys()].sort((a, b) => a - b)) < 2) return null;
  const spans = [...columns.values()];
  let start = median(spans.map((g) => g.start));
  let end = median(spans.map((g) => g.end));
  // Where every line is either an upper piece (from the top down to somewhere) or a lower one
  // (from somewhere down to the bottom), two or more of each, they are the pieces of one grid
  // that candles or a gradient broke at different rows: it spans them all.
  const first = Math.min(...spans.map((g) => g.start));
  const last = Math.max(...spans.map((g) => g.end));
  const upper = spans.filter((g) => g.start <= first + 3 && g.end < last - 3).length;
  const lower = spans.filter((g) => g.end >= last - 3 && g.start > first + 3).length;
  if (upper >= 2 && lower >= 2 && upper + lower === spans.length) [start, end] = [first, last];
  return { start: labelsTop !== null && start > labelsTop ? null : start, end };
}

/** Per-line run state of findLines. */
interface RunState {
  first: Int32Array;
  last: Int32Array;
  run: Int32Array;
  gapPx: Int32Array;
  bestFirst: Int32Array;
  bestLast: Int32Array;
  bestRun: Int32Array;
  bestGap: Int32Array;
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
 * column case stays cache-friendly.
 */
function findLines(
  r: Raster,
  q: Int16Array,
  bgMask: Uint8Array,
  region: PlotRect,
  horizontal: boolean,
  minCount: number,
): LineRun[] {
  // Lines are sampled every other pixel along their length: extents are good to 1 px, and the
  // cost halves. (Rows step x by 2 in their own loops; columns step y by yStep.)
  const yStep = 2;
  const maxGap = 2;
  minCount /= 2;
  const { width, rgb } = r;
  const lines = horizontal ? region.bottom - region.top + 1 : region.right - region.left + 1;
  const lineStart = horizontal ? region.top : region.left;
  const cand = new Int32Array(lines).fill(-1);
  const votes = new Int32Array(lines);
  // Background (q = -1) is most of the region: eight background pixels are passed over at once.
  const words = maskWords(bgMask);
  const right = region.right;
  if (horizontal) {
    // Each row is one line: its vote and runs live in locals for the whole row (the general
    // loop below keeps them in per-line arrays, which cost a load and store per pixel).
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
      // A line has minCount pixels of its colour: a row with fewer pixels off the background
      // (most rows of a chart) has none, and is not walked again.
      cand[y - lineStart] = inked < minCount ? -1 : cl;
    }
  }
  // Pass 1: majority vote per line. Both passes walk the image row-major (cache-friendly);
  // each line still sees its pixels in order.
  else {
    const inked = new Int32Array(lines);
    for (let y = region.top; y <= region.bottom; y += yStep) {
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
    // As for rows: a column with fewer than minCount pixels off the background has no line.
    for (let li = 0; li < lines; li++) if (inked[li]! < minCount) cand[li] = -1;
  }
  // Pass 2: longest run of the majority colour per line.
  const count = new Int32Array(lines);
  const first = new Int32Array(lines).fill(-1);
  const last = new Int32Array(lines).fill(-1);
  const run = new Int32Array(lines);
  const gap = new Int32Array(lines);
  const gapPx = new Int32Array(lines);
  const bestFirst = new Int32Array(lines).fill(-1);
  const bestLast = new Int32Array(lines).fill(-1);
  const bestRun = new Int32Array(lines);
  const bestGap = new Int32Array(lines);
  const colour = new Int32Array(lines);
  // Passed to closeRun rather than captured by a closure: captured arrays are re-read from
  // memory on every pixel of the loops below.
  const state: RunState = { first, last, run, gapPx, bestFirst, bestLast, bestRun, bestGap };
  if (horizontal) {
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
            // As closeRun below.
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
  } else {
    // Only the columns with a candidate colour are walked (most have none).
    const walked = new Int32Array(lines);
    let nWalked = 0;
    for (let li = 0; li < lines; li++) if (cand[li]! >= 0) walked[nWalked++] = li;
    for (let y = region.top; y <= region.bottom; y += yStep) {
      const row = y * width;
      // Columns (the horizontal case has its own loop above): line index from x, position y.
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
          if (gap[li]! > maxGap) closeRun(state, li);
        }
      }
    }
    // The exact colour of the last pixel of the line's colour.
    for (let w = 0; w < nWalked; w++) {
      const li = walked[w]!;
      colour[li] = last[li]! >= 0 ? rgb[last[li]! * width + lineStart + li]! : 0;
    }
  }
  const out: LineRun[] = [];
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
      dotted: bestGap[li]! > 1 || bestRun[li]! < 0.3 * extent,
    });
  }
  return out;
}

/** Widest a line's anti-aliased rows (or columns) run: a 2-px line on a 3x capture. */
export const MAX_LINE_WIDTH = 7;

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
    const step = Math.max(1, Math.floor((g.end - g.start) / 24));
    for (let k = g.start; k <= g.end; k += step) {
      const a = horizontal ? rgb[(g.at - d) * width + k]! : rgb[k * width + g.at - d]!;
      const b = horizontal ? rgb[(g.at + d) * width + k]! : rgb[k * width + g.at + d]!;
      const c = horizontal ? rgb[g.at * width + k]! : rgb[k * width + g.at]!;
      n++;
      if (colourDistance(a, c) <= 6 || colourDistance(b, c) <= 6) same++;
    }
    return same < 0.5 * n;
  });
}

/**
 * Candles may cover a grid line's end, so lines end at different places; the plot edge is the
 * outermost end that two lines agree on (one stray line is not enough, and the rows of one thick
 * line, a drawing or a price line, are one line).
 */
const outermost = (lines: { at: number; end: number }[], dir: 1 | -1) => {
  const s = [...lines].sort((x, y) => dir * (x.end - y.end));
  for (let i = 0; i < s.length; i++) {
    for (let j = i + 1; j < s.length && Math.abs(s[j]!.end - s[i]!.end) <= 1; j++) {
      if (Math.abs(s[j]!.at - s[i]!.at) > 2) return s[i]!.end;
    }
  }
  return null;
};

/** A line this far from grey (largest minus smallest channel) is drawn, not a frame. */
const FRAME_CHROMA = 40;
/** A 1-px frame line with its anti-aliased rows on a 3x capture. */
const MAX_FRAME_ROWS = 5;

/**
 * The rows framing the price pane: the first solid line across the whole plot width beyond the
 * outermost labels on each side (a header's or title bar's rule, the boundary of an indicator or
 * volume pane below). Passed over: grid lines (the colour of the grid rows between the labels),
 * price lines (a coloured line, or one with its price in a badge on the axis: `axisText` holds
 * the boxes, bottom exclusive, of all text read on the axis) and the rows of a gradient or shaded
 * band. Null where no such line is found.
 */
export function paneFrame(
  rows: LineRun[],
  labels: PlotRect,
  axisText: { top: number; bottom: number }[],
  plotLeft: number,
  plotRight: number,
  capHeight = 0,
): { top: number | null; bottom: number | null } {
  const slack = Math.max(3, Math.round(0.03 * (plotRight - plotLeft)));
  const across = rows.filter((g) => !g.dotted && g.start <= plotLeft + slack && g.end >= plotRight - slack);
  const grid = across.filter((g) => g.at >= labels.top && g.at <= labels.bottom);
  // Grid lines keep the rhythm of the grid between the labels: a line of the grid's colour off
  // that rhythm (the time axis's or a pane's border, often drawn in the grid's colour) is a frame.
  const lines: number[] = [];
  const family = grid.filter(
    (g) => grid.filter((o) => o.at !== g.at && colourDistance(o.colour, g.colour) <= 6).length >= 2,
  );
  for (const g of family.sort((a, b) => a.at - b.at)) {
    // The anti-aliased rows of one line are one line.
    if (lines.length && g.at - lines.at(-1)! <= 2) lines[lines.length - 1] = g.at;
    else lines.push(g.at);
  }
  const steps = lines.slice(1).map((at, i) => at - lines[i]!);
  const step = median(steps);
  // A line hidden under a price line leaves a double step.
  const steady =
    steps.length >= 3 &&
    steps.every((s) => Math.abs(s - Math.max(1, Math.round(s / step)) * step) <= Math.max(2, 0.04 * step));
  const onRhythm = (g: LineRun) => {
    if (!steady) return true;
    const from = g.at < labels.top ? lines[0]! : lines.at(-1)!;
    const off = Math.abs(g.at - from) % step;
    return Math.min(off, step - off) <= Math.max(3, 0.05 * step);
  };
  const isGrid = (g: LineRun) =>
    grid.filter((o) => o.at !== g.at && colourDistance(o.colour, g.colour) <= 6).length >= 2 && onRhythm(g);
  const grey = (c: number) => {
    const ch = [(c >> 16) & 255, (c >> 8) & 255, c & 255];
    return Math.max(...ch) - Math.min(...ch) <= FRAME_CHROMA;
  };
  const labelled = (g: LineRun) => axisText.some((b) => b.top <= g.at && g.at < b.bottom);
  // A frame is one line, a few rows thick even on a 3x capture; a stack of line rows (each within
  // two rows of the next) is a shaded band or a gradient.
  const band = (g: LineRun) => {
    let lo = g.at;
    let hi = g.at;
    const at = new Set(across.map((o) => o.at));
    while (at.has(lo - 1) || at.has(lo - 2)) lo -= at.has(lo - 1) ? 1 : 2;
    while (at.has(hi + 1) || at.has(hi + 2)) hi += at.has(hi + 1) ? 1 : 2;
    return across.filter((o) => o.at >= lo && o.at <= hi).length > MAX_FRAME_ROWS;
  };
  const frames = across.filter((g) => grey(g.colour) && !isGrid(g) && !labelled(g) && !band(g));
  // An outermost label may sit centred on the frame (a plot whose scale ends on a tick): the frame
  // then runs through its middle rather than beyond it.
  const half = Math.floor(capHeight / 2);
  const above = frames.filter((g) => g.at < labels.top + half).map((g) => g.at);
  const below = frames.filter((g) => g.at > labels.bottom - half).map((g) => g.at);
  return {
    top: above.length ? Math.max(...above) : null,
    bottom: below.length ? Math.min(...below) : null,
  };
}

// The region's counting loops live in small functions of their own: inside findLayout their
// bounds are variables that closures capture, which V8 re-reads from memory on every pixel.

/**
 * Adds (sign 1) or takes off (sign -1) one row's ink (pixels off the background) to the column
 * counts. Ink is counted rather than background: the background words it passes over.
 */
function countColumnInk(
  colInk: Int32Array,
  bgMask: Uint8Array,
  words: Float64Array | null,
  row: number,
  left: number,
  right: number,
  sign: 1 | -1,
): void {
  for (let x = left; x <= right; x++) {
    if (words && ((row + x) & 7) === 0) {
      while (x + 7 <= right && words[(row + x) >> 3] === ALL_SET) x += 8;
      if (x > right) break;
    }
    if (bgMask[row + x] === 0) colInk[x]! += sign;
  }
}

/** Background pixels of a row, every other column from left to right. */
function countRow(
  bgMask: Uint8Array,
  words: Float64Array | null,
  row: number,
  left: number,
  right: number,
): number {
  let n = 0;
  for (let x = left; x <= right; x += 2) {
    // From the first or second pixel of a background word, its four samples count at once.
    if (words && ((row + x) & 7) < 2 && x + 6 <= right && words[(row + x) >> 3] === ALL_SET) {
      n += 4;
      x += 6;
      continue;
    }
    n += bgMask[row + x]!;
  }
  return n;
}

/** Space between the plot's bottom and the time labels' tops, in label heights. */
const TIME_AXIS_MARGIN = 0.9;

/**
 * A row of time labels at the bottom of the plot with no rule above it (phones, grids without a
 * frame): the lowest band of ink across the plot columns is one text line (about a price label
 * tall), set off by empty rows from everything above it, made of several separate label-sized
 * pieces spread across the width. Candles cannot make it: a candle's ink runs up into the others
 * or stands alone. `top` is the band's first row, `above` the last row with ink above the gap.
 * Rows that are mostly ink (grid, frame and dotted price lines) are neither ink nor gap.
 */
export function timeAxisText(
  bgMask: Uint8Array,
  width: number,
  left: number,
  right: number,
  top: number,
  labelsBottom: number,
  bottom: number,
  capHeight: number,
): { top: number; bottom: number; above: number } | null {
  const w = right - left + 1;
  // Columns that are ink down most of the plot are vertical lines (a frame, a separator): no text.
  // (Every fourth row is plenty for that.)
  const rows = Math.floor((bottom - top) / 4) + 1;
  if (bottom - labelsBottom < 2) return null;
  const colInk = new Uint32Array(w);
  // Words of background hold no ink: passed over eight pixels at a time.
  const words = maskWords(bgMask);
  for (let y = top; y <= bottom; y += 4) {
    const start = y * width + left;
    const end = start + w;
    for (let i = nextClear(bgMask, words, start, end); i < end; i = nextClear(bgMask, words, i + 1, end))
      colInk[i - start]!++;
  }
  const keep = new Uint8Array(w);
  for (let x = 0; x < w; x++) keep[x] = colInk[x]! > 0.9 * rows ? 0 : 1;
  const inkIn = (y: number) => {
    let n = 0;
    const start = y * width + left;
    const end = start + w;
    for (let i = nextClear(bgMask, words, start, end); i < end; i = nextClear(bgMask, words, i + 1, end))
      n += keep[i - start]!;
    return n;
  };
  const isLine = (n: number) => n > 0.35 * w;
  let y = bottom;
  // The lowest ink (a frame row below the plot is passed over).
  while (y > labelsBottom) {
    const n = inkIn(y);
    if (n > 0 && !isLine(n)) break;
    y--;
  }
  const bandBottom = y;
  // The band: ink rows, a one-row break allowed (the dot of an "i", a colon).
  let empty = 0;
  while (y > labelsBottom && empty < 2) {
    const n = inkIn(y);
    if (n > 0 && !isLine(n)) empty = 0;
    else empty++;
    y--;
  }
  const bandTop = y + empty + 1;
  const tall = bandBottom - bandTop + 1;
  if (bandTop <= labelsBottom || tall < 0.5 * capHeight || tall > 1.5 * capHeight) return null;
  // Empty rows above it, at least half a label height.
  let above = bandTop - 1;
  while (above > labelsBottom) {
    const n = inkIn(above);
    if (n > 0 && !isLine(n)) break;
    above--;
  }
  if (bandTop - 1 - above < Math.max(3, 0.5 * capHeight)) return null;
  // Label-sized pieces: columns with ink in the band, joined across gaps narrower than a glyph.
  const pieces: { from: number; to: number }[] = [];
  for (let x = left; x <= right; x++) {
    let ink = false;
    if (!keep[x - left]) continue;
    for (let yy = bandTop; yy <= bandBottom && !ink; yy++) ink = bgMask[yy * width + x] === 0;
    if (!ink) continue;
    const last = pieces.at(-1);
    if (last && x - last.to <= capHeight) last.to = x;
    else pieces.push({ from: x, to: x });
  }
  if (pieces.length < 3 || pieces.some((p) => p.to - p.from > 12 * capHeight)) return null;
  if (pieces.at(-1)!.to - pieces[0]!.from < 0.5 * w) return null;
  return { top: bandTop, bottom: bandBottom, above };
}

/**
 * Plot, axis strip and grid of a chart screenshot. With the image, the price axis is first found
 * from its own labels (a column of numbers on one price scale) and the plot is placed beside it;
 * without, or when no such column is found, the axis is taken beside the background region.
 * `drawings`: zones drawn over the plot (lifted off by overlays.ts), whose borders are no grid.
 */
export function findLayout(r: Raster, image?: RgbaImage, drawings: readonly PlotRect[] = []): Layout | null {
  const { width, height } = r;
  const bg = dominantColour(r);
  const { q, bgMask } = quantise(r, rowBackgrounds(r, bg));

  // The labels tell which side the axis is on and where the plot must end: a shaded band or a
  // panel between the plot's background and the axis no longer decides it.
  const axis = image ? locatePriceAxis(image, r, 0, height - 1) : null;
  const labelSide: 'left' | 'right' | null = axis
    ? axis.labels.left + axis.labels.right > width
      ? 'right'
      : 'left'
    : null;
  const edge = axis && labelSide ? plotEdgeBeside(r, axis.labels, labelSide, axis.capHeight) : null;
  // The plot's last column on the axis side, when known for sure; else the furthest it may reach.
  const xMin = labelSide === 'left' ? edge!.limit : 0;
  const xMax = labelSide === 'right' ? edge!.limit : width - 1;

  // The chart region: the largest block of rows and columns that are mostly background.
  let top = 0;
  let bottom = height - 1;
  let left = xMin;
  let right = xMax;
  // Per column, the ink (not background) of the rows counted: their background is h less that.
  const colInk = new Int32Array(width);
  const words = maskWords(bgMask);
  const rowCount = new Uint32Array(height);
  let countedLeft = -1;
  let countedRight = -1;
  // Rows and columns of the last column count: a later pass whose rows are a part of those
  // (same parity, as every other row is counted) takes off the rows it lost instead of counting
  // the whole region again. Counts outside left..right are never read.
  let countedTop = -1;
  let countedBottom = -1;
  let countedL = -1;
  let countedR = -1;
  for (let pass = 0; pass < 3; pass++) {
    if (
      pass > 0 &&
      top >= countedTop &&
      bottom <= countedBottom &&
      (top - countedTop) % 2 === 0 &&
      left >= countedL &&
      right <= countedR
    ) {
      for (let y = countedTop; y <= countedBottom; y += 2) {
        if (y >= top && y <= bottom) continue;
        countColumnInk(colInk, bgMask, words, y * width, left, right, -1);
      }
    } else {
      colInk.fill(0);
      // Counting every other row/column is plenty for a 35 % threshold and halves the work.
      for (let y = top; y <= bottom; y += 2) countColumnInk(colInk, bgMask, words, y * width, left, right, 1);
    }
    countedL = left;
    countedR = right;
    countedTop = top;
    countedBottom = bottom;
    const h = (bottom - top + 2) >> 1;
    const cols = longestRun(
      width,
      (x) => x >= left && x <= right && h - colInk[x]! >= 0.35 * h,
      Math.max(4, Math.round(width * 0.01)),
    );
    if (!cols) return null;
    left = cols.start;
    right = cols.end;
    // The plot reaches its axis even when a band of another colour (a shaded session, an empty
    // future area) interrupts the background before it.
    if (labelSide === 'right') right = xMax;
    if (labelSide === 'left') left = xMin;
    // Rows are counted over the columns just found: when those did not move, the counts (and
    // so the rows) are those of the last pass, and the region has settled.
    if (left === countedLeft && right === countedRight && pass > 0) break;
    countedLeft = left;
    countedRight = right;
    for (let y = 0; y < height; y++) rowCount[y] = countRow(bgMask, words, y * width, left, right);
    const w = (right - left + 2) >> 1;
    // The rows between the price labels belong to the chart: a plot filled with alternating
    // shaded bands (split areas) has rows of another colour than the background all the way
    // down. (Not the outermost labels' own rows: a label may overhang a time axis strip.)
    const rows = longestRun(
      height,
      (y) =>
        rowCount[y]! >= 0.35 * w ||
        (axis !== null && y >= axis.labels.top + axis.capHeight && y <= axis.labels.bottom - axis.capHeight),
      Math.max(4, Math.round(height * 0.01)),
    );
    if (!rows) return null;
    const settled = rows.start === top && rows.end === bottom && pass > 0;
    top = rows.start;
    bottom = rows.end;
    if (settled) break;
  }
  // Away from the axis, the plot goes on beyond a shaded band (see acrossBands).
  if (labelSide === 'right') left = acrossBands(r, bgMask, bg, top, bottom, left, -1);
  if (labelSide === 'left') right = acrossBands(r, bgMask, bg, top, bottom, right, 1);
  const rw = right - left + 1;
  const rh = bottom - top + 1;
  if (rw < 40 || rh < 40) return null;

  // Long straight lines inside the region: grid lines and separators.
  const region = { left, top, right, bottom };
  const gridRows = findLines(r, q, bgMask, region, true, 0.4 * rw);
  // A run of many neighbouring "lines" of one colour is a fill (a shaded band, a panel), not a
  // line: its columns would place the plot's top and bottom at the fill's ends.
  const gridColumns = withoutFills(r, findLines(r, q, bgMask, region, false, 0.4 * rh), false);

  // Plot left/right: a separator (a solid full-height line that no grid row crosses) if there is
  // one near that side; else where the horizontal grid lines end.
  let plotLeft = left;
  let plotRight = right;
  const solidRows = gridRows.filter((g) => !g.dotted);
  // The border of a zone drawn over the plot ends where the zone ends, not where the plot does.
  const bordersDrawing = (g: LineRun) =>
    drawings.some(
      (z) =>
        g.at >= z.top - 4 &&
        g.at <= z.bottom + 4 &&
        (Math.abs(g.start - z.left) <= 3 || Math.abs(g.end - z.right) <= 3),
    );
  const inner = solidRows.filter(
    (g) => (g.end - g.start < rw - 3 || solidRows.length < 3) && !bordersDrawing(g),
  );
  // Rows crossing a separator: a rule the separator only meets at its end (a header's) does not.
  const crossing = (sep: LineRun, side: 1 | -1) =>
    solidRows.filter(
      (g) =>
        g.at > sep.start + 3 && g.at < sep.end - 3 && (side > 0 ? g.end > sep.at + 3 : g.start < sep.at - 3),
    ).length;
  const full = gridColumns.filter((g) => !g.dotted && g.end - g.start >= 0.75 * rh);
  // One of a family of full-height lines in one colour is a vertical grid line, not a separator
  // (without grid rows to cross them, grid columns would otherwise pass for one).
  const seps = full.filter(
    (g) => distinctLines(full.filter((o) => colourDistance(o.colour, g.colour) <= 6).map((o) => o.at)) < 4,
  );
  const rightSep = seps
    .filter((g) => g.at > left + 0.6 * rw && crossing(g, 1) <= Math.max(1, 0.25 * solidRows.length))
    .at(0);
  const leftSep = seps
    .filter((g) => g.at < left + 0.4 * rw && crossing(g, -1) <= Math.max(1, 0.25 * solidRows.length))
    .at(-1);
  // Grid rows that agree on an end are the best evidence; a separator comes next.
  const rowRight =
    inner.length >= 2
      ? outermost(
          inner.map((g) => ({ at: g.at, end: g.end })),
          -1,
        )
      : null;
  const rowLeft =
    inner.length >= 2
      ? outermost(
          inner.map((g) => ({ at: g.at, end: g.start })),
          1,
        )
      : null;
  if (rowRight !== null) plotRight = rowRight;
  else if (rightSep) plotRight = rightSep.at;
  if (rowLeft !== null) plotLeft = rowLeft;
  else if (leftSep) plotLeft = leftSep.at;
  // A separator column right at the plot edge belongs to the frame, not the plot.
  const vertical = new Set(gridColumns.map((g) => g.at));
  if (vertical.has(plotRight) && plotRight - plotLeft > 40) plotRight--;
  if (vertical.has(plotLeft) && plotRight - plotLeft > 40) plotLeft++;
  if (axis && edge) {
    // Beside the labels the edge found from the axis wins; when plot and axis share a background
    // with no separator, grid lines ending before the labels place it, else a gap of half a
    // label height is left before them.
    const gap = Math.max(2, Math.round(axis.capHeight / 2));
    if (labelSide === 'right') {
      if (edge.sure) plotRight = edge.at;
      else if (!(rowRight !== null && rowRight >= edge.limit && rowRight < axis.labels.left - 1))
        plotRight = axis.labels.left - gap;
    } else {
      if (edge.sure) plotLeft = edge.at;
      else if (!(rowLeft !== null && rowLeft <= edge.limit && rowLeft > axis.labels.right + 1))
        plotLeft = axis.labels.right + gap;
    }
  }

  // Plot top/bottom: where the vertical grid lines end.
  let plotTop = top;
  let plotBottom = bottom;
  // Dotted lines only over half the height or more: a short stretch of faint JPEG noise votes
  // alike.
  const tall = (g: LineRun) => g.end - g.start >= 0.5 * rh;
  const vInner = gridColumns.filter((g) => g.at > plotLeft && g.at < plotRight && (!g.dotted || tall(g)));
  // Whether vertical grid lines placed top and bottom.
  let placed = false;
  const span = gridSpan(vInner, axis ? axis.labels.top : null);
  if (span) {
    placed = true;
    if (span.start !== null) plotTop = Math.max(top, span.start);
    plotBottom = Math.min(bottom, span.end);
  } else {
    // A phone's chart may have one grid column only: with the plot's own solid frame column it
    // still places top and bottom, when the two start and end together.
    const lines = gridColumns.filter(
      (g) => g.at >= plotLeft - 1 && g.at <= plotRight + 1 && tall(g) && (!g.dotted || vInner.includes(g)),
    );
    const atEdge = (g: LineRun) => Math.abs(g.at - plotLeft) <= 1 || Math.abs(g.at - plotRight) <= 1;
    const pair = lines.find(
      (a) =>
        atEdge(a) &&
        lines.some(
          (b) =>
            Math.abs(b.at - a.at) > 2 && Math.abs(b.start - a.start) <= 3 && Math.abs(b.end - a.end) <= 3,
        ),
    );
    if (pair) {
      placed = true;
      plotTop = Math.max(top, pair.start);
      plotBottom = Math.min(bottom, pair.end);
    }
  }
  if (axis) {
    const frame = paneFrame(
      gridRows,
      axis.labels,
      // A price line's label is a badge or a price; the scale's own labels mark no price line (a
      // frame may run through an outermost one), nor do specks read beside the labels.
      axis.tokens
        .filter(
          (t) =>
            (t.badge === true || priceReadings(t.text).length > 0) &&
            !axis.scale.labels.some((l) => l.y === (t.box.top + t.box.bottom) / 2),
        )
        .map((t) => t.box),
      // Lines are only looked for inside the background region.
      Math.max(plotLeft, left),
      Math.min(plotRight, right),
      // A grid line through the lowest label is common: only without vertical grid lines to place
      // the plot is a line through an outermost label taken for its frame.
      placed ? 0 : axis.capHeight,
    );
    if (frame.top !== null && frame.top >= plotTop) plotTop = frame.top + 1;
    if (frame.bottom !== null && frame.bottom <= plotBottom) plotBottom = frame.bottom - 1;
    // Labels of another scale further down the axis (an indicator or volume pane with no rule
    // between): a plot reaching down to them ends between the last price label and theirs,
    // halfway when no frame line says where.
    const other = otherScaleBelow(axis);
    if (other !== null && plotBottom >= other && !(frame.bottom !== null && frame.bottom < other))
      plotBottom = Math.min(plotBottom, Math.round((axis.labels.bottom + other) / 2));
  }
  if (axis) {
    const text = timeAxisText(
      bgMask,
      width,
      plotLeft,
      plotRight,
      plotTop,
      axis.labels.bottom,
      plotBottom,
      axis.capHeight,
    );
    if (text)
      plotBottom = Math.max(text.above + 1, text.top - 1 - Math.round(TIME_AXIS_MARGIN * axis.capHeight));
  }
  // Off a frame line at the edge; a stack of line rows is a shaded band inside the plot, not a frame.
  const horizontal = new Set(withoutFills(r, gridRows, true).map((g) => g.at));
  while (horizontal.has(plotBottom) && plotBottom - plotTop > 40) plotBottom--;
  while (horizontal.has(plotTop) && plotBottom - plotTop > 40) plotTop++;

  // No separator and no grid: the axis is the column of labels at one side of the region,
  // set off from the candles by an empty gap.
  if (!axis && right - plotRight < 8 && plotLeft - left < 8) {
    const band = (dir: 1 | -1): number | null => {
      const quiet = Math.max(2, Math.round((plotBottom - plotTop) * 0.01));
      const inkAt = (x: number) => {
        let n = 0;
        for (let y = plotTop; y <= plotBottom; y += 2) if (!bgMask[y * width + x]) n++;
        return n;
      };
      let x = dir < 0 ? right : left;
      const end = dir < 0 ? left : right;
      while (x !== end && inkAt(x) <= quiet) x += dir;
      const bandStart = x;
      let gap = 0;
      while (x !== end) {
        if (inkAt(x) <= quiet) {
          if (++gap >= 4) break;
        } else gap = 0;
        x += dir;
      }
      const bandWidth = Math.abs(x - bandStart) - gap;
      if (gap < 4 || bandWidth < 10 || bandWidth > rw * 0.15) return null;
      return x - dir * gap;
    };
    const r = band(-1);
    const l = r === null ? band(1) : null;
    if (r !== null) plotRight = r;
    else if (l !== null) plotLeft = l;
  }
  const leftStrip = plotLeft - left;
  const rightStrip = right - plotRight;
  let axisSide: 'left' | 'right' = rightStrip >= leftStrip ? 'right' : 'left';
  if (rightStrip < 8 && leftStrip < 8) {
    // No strip inside the region: the axis has its own background; look just outside.
    axisSide = plotRight < width - 8 ? 'right' : 'left';
  }
  if (labelSide) axisSide = labelSide;
  const pad = Math.round(Math.max(6, rh * 0.02));
  let stripTop = Math.max(0, plotTop - pad);
  let stripBottom = Math.min(height - 1, plotBottom + pad);
  if (axis) {
    stripTop = Math.max(0, Math.min(stripTop, axis.labels.top - axis.capHeight));
    stripBottom = Math.min(height - 1, Math.max(stripBottom, axis.labels.bottom + axis.capHeight));
  }
  // The labels form one column next to the plot; a side panel (watchlist, order book) of the
  // same colour may follow after an empty gap and must not be read as the axis.
  const labelColumnEnd = (from: number, dir: 1 | -1): number => {
    const gapNeeded = Math.max(12, Math.round(width * 0.015));
    let seen = false;
    let empty = 0;
    let last = from;
    for (let x = from; x >= 0 && x < width; x += dir) {
      let ink = 0;
      for (let y = stripTop; y <= stripBottom; y += 2) if (!bgMask[y * width + x]) ink++;
      if (ink > 0) {
        seen = true;
        empty = 0;
        last = x;
      } else if (seen && ++empty >= gapNeeded) break;
    }
    return last;
  };
  const axisStrip: PlotRect = axis
    ? axisSide === 'right'
      ? {
          left: plotRight + 1,
          top: stripTop,
          right: Math.min(width - 1, axis.labels.right + axis.capHeight),
          bottom: stripBottom,
        }
      : {
          left: Math.max(0, axis.labels.left - axis.capHeight),
          top: stripTop,
          right: plotLeft - 1,
          bottom: stripBottom,
        }
    : axisSide === 'right'
      ? {
          left: plotRight + 1,
          top: stripTop,
          right: Math.min(width - 1, Math.max(labelColumnEnd(plotRight + 2, 1) + 2, plotRight + 8)),
          bottom: stripBottom,
        }
      : {
          left: Math.max(0, Math.min(labelColumnEnd(plotLeft - 2, -1) - 2, plotLeft - 8)),
          top: stripTop,
          right: plotLeft - 1,
          bottom: stripBottom,
        };

  // Grid colours: drawn as three or more lines in one direction. A single line (a price line,
  // a frame) may share a candle colour and must not hide the candles.
  const lineColours: number[] = [];
  for (const set of [gridRows, gridColumns]) {
    const groups: { colour: number; n: number }[] = [];
    for (const g of set) {
      if (g.dotted) continue;
      const hit = groups.find((x) => colourDistance(x.colour, g.colour) <= 6);
      if (hit) hit.n++;
      else groups.push({ colour: g.colour, n: 1 });
    }
    for (const g of groups) {
      if (g.n >= 3 && !lineColours.some((c) => colourDistance(c, g.colour) <= 6)) lineColours.push(g.colour);
    }
  }
  return {
    background: bg,
    theme: luminance(bg) < 128 ? 'dark' : 'light',
    region: { left, top, right, bottom },
    plot: { left: plotLeft, top: plotTop, right: plotRight, bottom: plotBottom },
    axisSide,
    axisStrip,
    gridRows,
    gridColumns,
    lineColours,
    bgMask,
    axisTokens: axis?.tokens,
  };
}
