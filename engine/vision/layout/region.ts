import type { Raster } from '../pixels/raster';
import { colourDistance } from '../pixels/raster';
import { ALL_SET, maskWords } from '../pixels/byte-scan';
import { longestRun } from '../pixels/runs';
import type { PlotRect } from '../types';
import type { AxisColumn } from './axis-locate';
import {
  BAND_FAINT_SHARE,
  FAINT_FILL_DISTANCE,
  FLOATING_PANEL_CLEAR_SHARE,
  FLOATING_PANEL_GAP_PX,
  FLOATING_PANEL_MIN_BLOCK_SHARE,
  FLOATING_PANEL_MIN_CLEAR_SHARE,
  FLOATING_PANEL_MIN_PX,
  MIN_REGION_PX,
  REGION_BG_SHARE,
  REGION_GAP_MIN_PX,
  REGION_GAP_SHARE,
  REGION_PASSES,
} from './tuning';

/**
 * The chart region: the largest block of rows and columns that are mostly background, holding
 * plot and axes (toolbars and panels of another colour excluded).
 */

// The region's counting loops live in small functions of their own: inside a larger function
// their bounds are variables that closures capture, which V8 re-reads from memory on every pixel.

/**
 * Adds (sign 1) or takes off (sign -1) one row's ink (pixels off the background) to the column
 * counts. Ink is counted rather than background: the background words it passes over. (Held to a
 * plain count in fast-paths.test.ts, as are countRow and backgroundRegion.)
 */
export function countColumnInk(
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
export function countRow(
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

/**
 * The chart region: columns, then rows, then columns again (up to REGION_PASSES), each the
 * longest run that is mostly background over the other's current extent, until it settles. With
 * the axis found from its labels (`labelSide`), only the plot's side of it is searched (xMin ..
 * xMax) and the region always reaches the axis; away from it the region goes on across shaded
 * bands (acrossBands). Null when no region, or one under MIN_REGION_PX either way, is found.
 * A pass whose rows are a part of the last one's takes the lost rows off the column counts, and
 * rows are not recounted once the columns settle: the plain rule recounts everything each pass.
 */
export function backgroundRegion(
  r: Raster,
  bgMask: Uint8Array,
  bg: number,
  axis: AxisColumn | null,
  labelSide: 'left' | 'right' | null,
  xMin: number,
  xMax: number,
  /** Out: panels floating over the plot that the region was carried across (see acrossPanel). */
  panels: PlotRect[] = [],
): PlotRect | null {
  const { width, height } = r;
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
  for (let pass = 0; pass < REGION_PASSES; pass++) {
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
      (x) => x >= left && x <= right && h - colInk[x]! >= REGION_BG_SHARE * h,
      Math.max(REGION_GAP_MIN_PX, Math.round(width * REGION_GAP_SHARE)),
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
        rowCount[y]! >= REGION_BG_SHARE * w ||
        (axis !== null && y >= axis.labels.top + axis.capHeight && y <= axis.labels.bottom - axis.capHeight),
      Math.max(REGION_GAP_MIN_PX, Math.round(height * REGION_GAP_SHARE)),
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
  // ... and beyond a panel floating over the plot, when the background resumes past it.
  if (labelSide !== null) {
    const dir = labelSide === 'right' ? -1 : 1;
    const across = acrossPanel(r, bgMask, bg, top, bottom, dir < 0 ? left : right, dir);
    if (across) {
      if (dir < 0) left = across.edge;
      else right = across.edge;
      panels.push(across.panel);
    }
  }
  if (right - left + 1 < MIN_REGION_PX || bottom - top + 1 < MIN_REGION_PX) return null;
  return { left, top, right, bottom };
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
  const maxGap = Math.max(REGION_GAP_MIN_PX, Math.round(width * REGION_GAP_SHARE));
  const faintDistance = FAINT_FILL_DISTANCE;
  let lastBg = edge;
  let off = 0;
  for (let x = edge + dir; x >= 0 && x < width && off <= maxGap; x += dir) {
    let bgN = 0;
    let faint = 0;
    let n = 0;
    for (let y = top; y <= bottom; y += 2, n++) {
      const i = y * width + x;
      if (bgMask[i]) bgN++;
      else if (colourDistance(rgb[i]!, bg) < faintDistance) faint++;
    }
    if (bgN >= REGION_BG_SHARE * n) {
      lastBg = x;
      off = 0;
    } else off = faint >= BAND_FAINT_SHARE * n ? 0 : off + 1;
  }
  return lastBg;
}

/**
 * The chart region's edge away from the axis, beyond a panel floating over the plot (cTrader's
 * Position Sizer over the plot's top-left corner, with candles left of it and the chart's empty
 * background below it). Walks from column `edge` in direction `dir`: each column must hold one
 * block of non-background rows (background gaps up to FLOATING_PANEL_GAP_PX bridged: the panel's
 * text) with the rows outside it mostly background and some of them left (a toolbar runs the
 * whole height); after FLOATING_PANEL_MIN_PX such columns the background must resume (at least
 * a column of it, see acrossBands). Returns the region's new edge and the panel (the columns
 * walked, the median block's rows), or null.
 */
export function acrossPanel(
  r: Raster,
  bgMask: Uint8Array,
  bg: number,
  top: number,
  bottom: number,
  edge: number,
  dir: 1 | -1,
): { edge: number; panel: PlotRect } | null {
  const { width } = r;
  const h = bottom - top + 1;
  const tops: number[] = [];
  const bottoms: number[] = [];
  // A line or two along the panel's side (its border, a vertical line drawn at its edge) is
  // stepped over, as acrossBands steps over failing columns.
  const maxGap = Math.max(REGION_GAP_MIN_PX, Math.round(width * REGION_GAP_SHARE));
  let last = edge;
  let first = -1;
  for (let x = edge + dir, off = 0; x >= 0 && x < width && off <= maxGap; x += dir) {
    const block = columnBlock(bgMask, width, x, top, bottom);
    let outsideInk = 0;
    if (block) {
      for (let y = top; y <= bottom; y++) {
        if ((y < block.start || y > block.end) && !bgMask[y * width + x]) outsideInk++;
      }
    }
    const outside = block ? h - (block.end - block.start + 1) : h;
    // A panel that stopped the region covers most of its column (what is past it does not).
    if (
      !block ||
      outside > (1 - FLOATING_PANEL_MIN_BLOCK_SHARE) * h ||
      outside < FLOATING_PANEL_MIN_CLEAR_SHARE * h ||
      outsideInk > (1 - FLOATING_PANEL_CLEAR_SHARE) * outside
    ) {
      if (first >= 0) break;
      off++;
      continue;
    }
    if (first < 0) first = x;
    tops.push(block.start);
    bottoms.push(block.end);
    last = x;
  }
  if (tops.length < FLOATING_PANEL_MIN_PX) return null;
  const beyond = acrossBands(r, bgMask, bg, top, bottom, last, dir);
  if (beyond === last) return null;
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!;
  const from = Math.min(first, last);
  const to = Math.max(first, last);
  return { edge: beyond, panel: { left: from, right: to, top: median(tops), bottom: median(bottoms) } };
}

/** The longest run of non-background rows down column x (gaps up to FLOATING_PANEL_GAP_PX bridged). */
function columnBlock(
  bgMask: Uint8Array,
  width: number,
  x: number,
  top: number,
  bottom: number,
): { start: number; end: number } | null {
  let best: { start: number; end: number } | null = null;
  let start = -1;
  let end = -1;
  for (let y = top; y <= bottom; y++) {
    if (bgMask[y * width + x]) continue;
    if (start >= 0 && y - end - 1 <= FLOATING_PANEL_GAP_PX) end = y;
    else {
      start = y;
      end = y;
    }
    if (!best || end - start > best.end - best.start) best = { start, end };
  }
  return best;
}
