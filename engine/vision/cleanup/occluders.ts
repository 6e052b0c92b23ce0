import type { PlotRect } from '../types';
import type { Raster } from '../pixels/raster';
import type { Layout } from '../layout';
import type { EdgeSampler } from '../candles/edges';
import { blendResidual, colourDistance } from '../pixels/raster';
import { BG_TOLERANCE } from '../layout';
import { nextNonZero, wordView } from '../pixels/byte-scan';
import { components } from '../candles/shapes';
import type { Component } from '../candles/shapes';
import {
  BLEND_LINE_MIN_CONTRAST,
  BLEND_MAX_RESIDUAL,
  BLEND_ROUNDING_LEVELS,
  BRIDGE_BLEND_MAX_SHARE,
  BRIDGE_MAX_ROWS,
  BRIDGE_MAX_SHARE,
  BRIDGE_MAX_SHADED_ROWS,
  SHADED_TOLERANCES,
  PANEL_EDGE_PX,
  SOLID_GAP_TOLERANCES,
  STROKE_PX,
  TIP_LINE_PX,
  TIP_LINE_SIDE_PX,
} from './tuning';

/** Whether STROKE_PX pixels of column x from row `from` in direction `dir` are all of class `cls`. */
function isStroke(
  ink: Uint8Array,
  pw: number,
  ph: number,
  x: number,
  from: number,
  dir: number,
  cls: number,
) {
  for (let k = 0; k < STROKE_PX; k++) {
    const yy = from + dir * k;
    if (yy < 0 || yy >= ph || ink[yy * pw + x] !== cls) return false;
  }
  return true;
}

/**
 * Where a run of foreign pixels under a stroke of class `cls` (from row y of plot column x) is a
 * line drawn over a body, the row where the body shows again below it; -1 where it is not.
 * A thick anti-aliased line crossing a body steeply covers it over dozens of rows, often over its
 * end, so no stroke resumes below it; its colours say what lies under it instead: over the body
 * every row blends the body's colour with the line's, over the background the background's. The
 * run is the body's when the class's ink shows again right below it, its strongest pixel is a
 * line's colour (off the body's, the background's and their blend), and every row lies on the
 * body-line blend, not nearer the background-line one.
 */
export function bodyUnderLine(
  ink: Uint8Array,
  bgMask: Uint8Array,
  sampler: EdgeSampler,
  plot: PlotRect,
  x: number,
  y: number,
  cls: number,
): number {
  const { width, rgb } = sampler.raster;
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  if (y < STROKE_PX) return -1;
  const at = (yy: number) => rgb[(yy + plot.top) * width + x + plot.left]!;
  // The body's colour from the stroke's last row above the run: a JPEG body's colour drifts
  // along its column, and the row beside the run is what the run blends (from the stroke's far
  // end, m155-001 read 199 of 268 candles exact on its 15m instead of 222).
  const body = at(y - 1);
  const background = sampler.background;
  const maxRun = Math.round(ph * BRIDGE_BLEND_MAX_SHARE);
  let end = y;
  while (
    end < ph &&
    end - y < maxRun &&
    ink[end * pw + x] !== cls &&
    !bgMask[(end + plot.top) * width + x + plot.left]
  )
    end++;
  if (end >= ph || ink[end * pw + x] !== cls) return -1;
  let line = body;
  let strongest = -1;
  for (let k = y; k < end; k++) {
    const d = colourDistance(at(k), body);
    if (d > strongest) [strongest, line] = [d, at(k)];
  }
  if (
    strongest < BLEND_LINE_MIN_CONTRAST ||
    colourDistance(line, background) < BLEND_LINE_MIN_CONTRAST ||
    blendResidual(line, body, background) < BLEND_LINE_MIN_CONTRAST
  )
    return -1;
  for (let k = y; k < end; k++) {
    const overBody = blendResidual(at(k), body, line);
    if (
      overBody > BLEND_MAX_RESIDUAL ||
      overBody > blendResidual(at(k), background, line) + BLEND_ROUNDING_LEVELS
    )
      return -1;
  }
  return end;
}

/**
 * Indicator lines drawn over the candles (a moving average crossing a wick or a body) cut a
 * candle in two. Where a short run of non-background, non-candle pixels has the same candle
 * class directly above and below it, the run is part of the candle and is filled in.
 * `bgMask` covers the whole image (row-major, `width` wide); `ink` covers the plot. Returns the
 * runs filled by their colours (bodyUnderLine), plot-sized, or null when there were none: those
 * pixels keep the line's colour in the image, and a candle is not to be judged by it (a label
 * box's text, label-boxes.ts).
 */
export function bridgeOccluders(
  ink: Uint8Array,
  bgMask: Uint8Array,
  sampler: EdgeSampler,
  plot: PlotRect,
): Uint8Array | null {
  let bridged: Uint8Array | null = null;
  const { width, rgb } = sampler.raster;
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  // A thin line crossing a 1 px stem steeply (a moving average in a fast move) covers it over
  // as many rows as it falls in one column (BRIDGE_MAX_ROWS).
  const maxRun = Math.max(BRIDGE_MAX_ROWS, Math.round(ph * BRIDGE_MAX_SHARE));
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
    while (tipEnd < ph && tipEnd - end < STROKE_PX && ink[tipEnd * pw + x] === above) tipEnd++;
    const tip =
      end - y <= TIP_LINE_PX &&
      tipEnd > end &&
      tipEnd - end < STROKE_PX &&
      (tipEnd >= ph || !ink[tipEnd * pw + x]);
    const across = resume < ph && resume - y < maxRun && isStroke(ink, pw, ph, x, resume, 1, above);
    // The mirror case: a thin line crossing a wick near its top (MetaTrader's bid and ask lines
    // over the last bar) leaves only the wick's tip above it, a pixel or two of the class with
    // nothing above them, and a real stroke just below the line.
    let tipTop = y - 1;
    while (tipTop > 0 && y - tipTop < STROKE_PX && ink[(tipTop - 1) * pw + x] === above) tipTop--;
    // The line runs on either side of the wick (a horizontal line, not a speck over a body): no
    // background there. (Read from the background mask, which no bridge writes: each column is
    // bridged on its own.)
    const lineBeside = (yy: number) =>
      [x - TIP_LINE_SIDE_PX, x + TIP_LINE_SIDE_PX].every(
        (xx) => xx >= 0 && xx < pw && !bgMask[(yy + plot.top) * width + xx + plot.left],
      );
    const tipAbove =
      across &&
      resume - y <= TIP_LINE_PX &&
      y - tipTop < STROKE_PX &&
      (tipTop === 0 || !ink[(tipTop - 1) * pw + x]) &&
      lineBeside(y);
    // Last, a thick line over a body's end, bridged by its colours: never where the run already
    // ended on the background (most runs: the body cannot show again below it).
    const onBackground = end < ph && !ink[end * pw + x] && bgMask[(end + plot.top) * width + x + plot.left];
    const byColour = !across && !tip && !onBackground;
    const to = across
      ? resume
      : tip
        ? end
        : onBackground
          ? -1
          : bodyUnderLine(ink, bgMask, sampler, plot, x, y, above);
    // A one-pixel gap must be a line's colour, not near-background noise between the dashes
    // of a dotted grid (which would join them into a tall "candle").
    const solidGap =
      to - y >= 2 ||
      colourDistance(rgb[(y + plot.top) * width + x + plot.left]!, sampler.background) >
        BG_TOLERANCE * SOLID_GAP_TOLERANCES;
    // A line drawn over the candle covers the whole run; rows at the background's shade in it
    // (JPEG's dark noise between an arrow's head and the body under it) are background between
    // two shapes, not a line over one.
    let shaded = 0;
    for (let k = y; k < to && shaded < BRIDGE_MAX_SHADED_ROWS; k++) {
      const d = colourDistance(rgb[(k + plot.top) * width + x + plot.left]!, sampler.background);
      if (d <= BG_TOLERANCE * SHADED_TOLERANCES) shaded++;
    }
    if (
      to >= 0 &&
      solidGap &&
      shaded < BRIDGE_MAX_SHADED_ROWS &&
      (tipAbove || isStroke(ink, pw, ph, x, y - 1, -1, above))
    ) {
      for (let k = y; k < to; k++) ink[k * pw + x] = above;
      // Only these: a stroke rule's run may be a tag's own text between its strokes.
      if (byColour) {
        bridged ??= new Uint8Array(pw * ph);
        for (let k = y; k < to; k++) bridged[k * pw + x] = 1;
      }
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
  return bridged;
}

/** The panels' rectangles in plot coordinates, with their border's reach, clipped to the plot. */
function panelRects(plot: PlotRect, panels: readonly PlotRect[]): PlotRect[] {
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  return panels
    .map((b) => ({
      left: Math.max(0, b.left - plot.left - PANEL_EDGE_PX),
      right: Math.min(pw - 1, b.right - plot.left + PANEL_EDGE_PX),
      top: Math.max(0, b.top - plot.top - PANEL_EDGE_PX),
      bottom: Math.min(ph - 1, b.bottom - plot.top + PANEL_EDGE_PX),
    }))
    .filter((r) => r.left <= r.right && r.top <= r.bottom);
}

/**
 * Panels drawn over the plot (an EA's settings box, found by the layout from its border lines)
 * hide the candles under them. Their pixels are painted in the background (raster and bgMask),
 * so that neither the candle colours learned nor the ink hold the panel's fill, text and buttons.
 * Returns whether a panel was erased.
 */
export function erasePanels(r: Raster, layout: Layout): boolean {
  const { plot, background, bgMask } = layout;
  const rects = panelRects(plot, layout.panels);
  for (const q of rects) {
    for (let y = q.top + plot.top; y <= q.bottom + plot.top; y++) {
      const from = y * r.width + plot.left + q.left;
      const to = y * r.width + plot.left + q.right + 1;
      r.rgb.fill(background, from, to);
      bgMask.fill(1, from, to);
    }
  }
  return rects.length > 0;
}

/**
 * After erasePanels: every shape touching a panel's edge is cleared from the ink (a candle whose
 * body goes on under the panel cannot be measured). The candles beside the panels are read; those
 * under them are missing, and readPixels warns so. `panels` in image px (inclusive).
 */
export function clearPanels(ink: Uint8Array, plot: PlotRect, panels: readonly PlotRect[]): boolean {
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  const rects = panelRects(plot, panels);
  if (rects.length === 0) return false;
  const { labels, comps } = components(ink, pw, ph, 0);
  comps.forEach((c, i) => {
    const near = rects.filter(
      (r) => c.minX <= r.right + 1 && c.maxX >= r.left - 1 && c.minY <= r.bottom + 1 && c.maxY >= r.top - 1,
    );
    if (near.length === 0 || !hidesPart(labels, pw, c, i, near)) return;
    for (let y = c.minY; y <= c.maxY; y++) {
      for (let x = c.minX, p = y * pw + c.minX; x <= c.maxX; x++, p++) if (labels[p] === i) ink[p] = 0;
    }
  });
  return true;
}

/**
 * Whether a panel may hide part of shape `i`: one of its pixels touches a panel (its box may
 * only overlap the panel's: a line joining candles below the panel), and not only beside it
 * with the shape's top and bottom rows clear of it. A candle whose body's side runs under a
 * panel but whose wick ends are in view (a candle between the image's edge and a floating
 * panel) has every price in view: its high, low, open and close are rows, and only its width is
 * cut.
 */
function hidesPart(labels: Int32Array, pw: number, c: Component, i: number, rects: PlotRect[]): boolean {
  for (let y = c.minY; y <= c.maxY; y++) {
    for (let x = c.minX, p = y * pw + c.minX; x <= c.maxX; x++, p++) {
      if (labels[p] !== i) continue;
      for (const r of rects) {
        if (x < r.left - 1 || x > r.right + 1 || y < r.top - 1 || y > r.bottom + 1) continue;
        // Above or below the panel, or at the shape's own end rows: the panel cuts its height.
        if (y < r.top || y > r.bottom || y === c.minY || y === c.maxY) return true;
      }
    }
  }
  return false;
}
