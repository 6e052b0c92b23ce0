import type { Raster } from './raster';
import { colourDistance, luminance } from './raster';
import type { PlotRect } from './types';

/** How far (per channel) a pixel may stray from the background and still count as background. */
export const BG_TOLERANCE = 10;

export interface Span {
  start: number;
  end: number; // inclusive
}

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
}

/** Most frequent colour, from a 15-bit histogram refined to the exact colour. */
export function dominantColour(r: Raster): number {
  const { width, height, rgb } = r;
  const hist = new Uint32Array(1 << 15);
  const step = width * height > 2_000_000 ? 2 : 1;
  for (let y = 0; y < height; y += step) {
    const row = y * width;
    for (let x = 0; x < width; x += step) {
      const c = rgb[row + x]!;
      hist[((c >> 9) & 0x7c00) | ((c >> 6) & 0x3e0) | ((c >> 3) & 0x1f)]!++;
    }
  }
  let best = 0;
  for (let i = 1; i < hist.length; i++) if (hist[i]! > hist[best]!) best = i;
  const exact = new Map<number, number>();
  for (let y = 0; y < height; y += step * 2) {
    const row = y * width;
    for (let x = 0; x < width; x += step) {
      const c = rgb[row + x]!;
      if ((((c >> 9) & 0x7c00) | ((c >> 6) & 0x3e0) | ((c >> 3) & 0x1f)) === best) {
        exact.set(c, (exact.get(c) ?? 0) + 1);
      }
    }
  }
  let colour = 0;
  let n = -1;
  for (const [c, k] of exact) if (k > n) [colour, n] = [c, k];
  return colour;
}

/** Longest run of indices whose value passes `ok`, bridging gaps of up to maxGap failing indices. */
export function longestRun(n: number, ok: (i: number) => boolean, maxGap: number): Span | null {
  let best: Span | null = null;
  let start = -1;
  let lastOk = -1;
  for (let i = 0; i <= n; i++) {
    const good = i < n && ok(i);
    if (good) {
      if (start < 0 || i - lastOk - 1 > maxGap) {
        if (start >= 0 && (!best || lastOk - start > best.end - best.start)) best = { start, end: lastOk };
        start = i;
      }
      lastOk = i;
    }
  }
  if (start >= 0 && (!best || lastOk - start > best.end - best.start)) best = { start, end: lastOk };
  return best;
}

const quant = (c: number) => ((c >> 12) & 0xf00) | ((c >> 8) & 0xf0) | ((c >> 4) & 0xf);

/**
 * The majority colour of a line of pixels that are not background, and where it first and last
 * occurs. A grid line has one colour over most of the plot even where candles cover it.
 */
function dominantLine(
  r: Raster,
  bg: number,
  fixed: number,
  from: number,
  to: number,
  horizontal: boolean,
): { colour: number; count: number; first: number; last: number; dotted: boolean } {
  const { width, rgb } = r;
  const at = (i: number) => (horizontal ? rgb[fixed * width + i]! : rgb[i * width + fixed]!);
  // Boyer-Moore majority vote on quantised colour: O(n), no allocation.
  let cand = -1;
  let votes = 0;
  for (let i = from; i <= to; i++) {
    const c = at(i);
    if (colourDistance(c, bg) <= BG_TOLERANCE) continue;
    const q = quant(c);
    if (votes === 0) {
      cand = q;
      votes = 1;
    } else if (q === cand) votes++;
    else votes--;
  }
  // The line's extent: the longest stretch of its colour, bridging pixels covered by other
  // ink (candles drawn over the grid) and short background gaps (dotted lines).
  let count = 0;
  let colour = 0;
  let bestFirst = -1;
  let bestLast = -1;
  let bestCount = 0;
  let first = -1;
  let last = -1;
  let runCount = 0;
  let bgGap = 0;
  let gapPixels = 0;
  let bestGaps = 0;
  for (let i = from; i <= to + 1; i++) {
    const c = i <= to ? at(i) : bg;
    const isBg = i > to || colourDistance(c, bg) <= BG_TOLERANCE;
    if (!isBg && quant(c) === cand) {
      if (first < 0) first = i;
      last = i;
      colour = c;
      count++;
      runCount++;
      gapPixels += bgGap;
      bgGap = 0;
    } else if (isBg) {
      bgGap++;
      if (bgGap > 4 || i > to) {
        if (runCount > bestCount)
          [bestFirst, bestLast, bestCount, bestGaps] = [first, last, runCount, gapPixels];
        first = -1;
        runCount = 0;
        gapPixels = 0;
      }
    }
  }
  return {
    colour,
    count,
    first: bestFirst,
    last: bestLast,
    dotted: bestGaps > 2 || bestCount < 0.6 * (bestLast - bestFirst + 1),
  };
}

const median = (a: number[]) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length ? s[s.length >> 1]! : NaN;
};

export function findLayout(r: Raster): Layout | null {
  const { width, height, rgb } = r;
  const bg = dominantColour(r);
  const bgMask = new Uint8Array(width * height);
  for (let i = 0; i < bgMask.length; i++) bgMask[i] = colourDistance(rgb[i]!, bg) <= BG_TOLERANCE ? 1 : 0;

  // The chart region: the largest block of rows and columns that are mostly background.
  let top = 0;
  let bottom = height - 1;
  let left = 0;
  let right = width - 1;
  const colCount = new Uint32Array(width);
  const rowCount = new Uint32Array(height);
  for (let pass = 0; pass < 3; pass++) {
    colCount.fill(0);
    for (let y = top; y <= bottom; y++) {
      const row = y * width;
      for (let x = left; x <= right; x++) colCount[x]! += bgMask[row + x]!;
    }
    const h = bottom - top + 1;
    const cols = longestRun(
      width,
      (x) => x >= left && x <= right && colCount[x]! >= 0.35 * h,
      Math.max(4, Math.round(width * 0.01)),
    );
    if (!cols) return null;
    left = cols.start;
    right = cols.end;
    rowCount.fill(0);
    for (let y = 0; y < height; y++) {
      const row = y * width;
      let n = 0;
      for (let x = left; x <= right; x++) n += bgMask[row + x]!;
      rowCount[y] = n;
    }
    const w = right - left + 1;
    const rows = longestRun(height, (y) => rowCount[y]! >= 0.35 * w, Math.max(4, Math.round(height * 0.01)));
    if (!rows) return null;
    top = rows.start;
    bottom = rows.end;
  }
  const rw = right - left + 1;
  const rh = bottom - top + 1;
  if (rw < 40 || rh < 40) return null;

  // Long straight lines inside the region: grid lines and separators.
  const gridRows: LineRun[] = [];
  for (let y = top; y <= bottom; y++) {
    if (rowCount[y]! > 0.55 * rw) continue;
    const d = dominantLine(r, bg, y, left, right, true);
    if (d.count >= 0.4 * rw)
      gridRows.push({ at: y, start: d.first, end: d.last, colour: d.colour, dotted: d.dotted });
  }
  const gridColumns: LineRun[] = [];
  for (let x = left; x <= right; x++) {
    const d = dominantLine(r, bg, x, top, bottom, false);
    if (d.count >= 0.4 * rh)
      gridColumns.push({ at: x, start: d.first, end: d.last, colour: d.colour, dotted: d.dotted });
  }

  // Plot left/right: where the horizontal grid lines end; else the vertical separators.
  let plotLeft = left;
  let plotRight = right;
  const inner = gridRows
    .filter((g) => !g.dotted)
    .filter((g) => g.end - g.start < rw - 3 || gridRows.length < 3);
  if (inner.length >= 2) {
    plotLeft = median(inner.map((g) => g.start));
    plotRight = median(inner.map((g) => g.end));
  } else {
    const seps = gridColumns.filter((g) => g.end - g.start >= 0.8 * rh);
    const rightSep = seps.filter((g) => g.at > left + 0.6 * rw).at(-1);
    const leftSep = seps.find((g) => g.at < left + 0.4 * rw);
    if (rightSep) plotRight = rightSep.at;
    if (leftSep) plotLeft = leftSep.at;
  }
  // A separator column right at the plot edge belongs to the frame, not the plot.
  const vertical = new Set(gridColumns.map((g) => g.at));
  if (vertical.has(plotRight) && plotRight - plotLeft > 40) plotRight--;
  if (vertical.has(plotLeft) && plotRight - plotLeft > 40) plotLeft++;

  // Plot top/bottom: where the vertical grid lines end.
  let plotTop = top;
  let plotBottom = bottom;
  const vInner = gridColumns.filter((g) => g.at > plotLeft && g.at < plotRight);
  if (vInner.length >= 2) {
    plotTop = Math.max(top, median(vInner.map((g) => g.start)));
    plotBottom = Math.min(bottom, median(vInner.map((g) => g.end)));
  }
  const horizontal = new Set(gridRows.map((g) => g.at));
  while (horizontal.has(plotBottom) && plotBottom - plotTop > 40) plotBottom--;
  while (horizontal.has(plotTop) && plotBottom - plotTop > 40) plotTop++;

  const leftStrip = plotLeft - left;
  const rightStrip = right - plotRight;
  let axisSide: 'left' | 'right' = rightStrip >= leftStrip ? 'right' : 'left';
  if (rightStrip < 8 && leftStrip < 8) {
    // No strip inside the region: the axis has its own background; look just outside.
    axisSide = plotRight < width - 8 ? 'right' : 'left';
  }
  const pad = Math.round(Math.max(6, rh * 0.02));
  const axisStrip: PlotRect =
    axisSide === 'right'
      ? {
          left: plotRight + 1,
          top: Math.max(0, plotTop - pad),
          right: Math.min(width - 1, Math.max(right, plotRight + 8)),
          bottom: Math.min(height - 1, plotBottom + pad),
        }
      : {
          left: Math.max(0, Math.min(left, plotLeft - 8)),
          top: Math.max(0, plotTop - pad),
          right: plotLeft - 1,
          bottom: Math.min(height - 1, plotBottom + pad),
        };

  const lineColours: number[] = [];
  for (const g of [...gridRows, ...gridColumns]) {
    if (g.dotted) continue;
    if (!lineColours.some((c) => colourDistance(c, g.colour) <= 6)) lineColours.push(g.colour);
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
  };
}
