import { colourDistance } from '../pixels/raster';
import type { PlotRect } from '../types';
import type { AxisColumn } from './axis-locate';
import { distinctLines, gridSpan } from './lines';
import type { LineRun } from './lines';
import {
  LINE_BAND_MIN_ROWS,
  DRAWING_BORDER_END_PX,
  DRAWING_BORDER_ROWS_PX,
  EDGE_COLUMN_MIN_PLOT_PX,
  BOX_MAX_SHARE,
  BOX_SLACK_PX,
  BAND_EDGE_MIN_STEP,
  BAND_RUN_ON_SHARE,
  BAND_MIN_WIDTH_PX,
  BG_TOLERANCE,
  FRAME_PAIR_SLACK_PX,
  GRID_FAMILY_LINES,
  LINE_END_AGREE_PX,
  LINE_MERGE_PX,
  LEFT_SEPARATOR_UNTIL,
  LINE_SLACK_PX,
  MIN_GRID_LINES,
  PLOT_LABEL_GAP_MIN_PX,
  RUN_ON_CONTRAST_SHARE,
  RUN_ON_PROBE_PX,
  RIGHT_SEPARATOR_FROM,
  SAME_LINE_COLOUR,
  SEPARATOR_MAX_CROSSING_SHARE,
  SEPARATOR_MIN_HEIGHT_SHARE,
  TALL_DOTTED_SHARE,
  GRID_COLUMN_MIN_SHARE,
} from './tuning';

/**
 * The plot's edges inside the chart region, from its long lines: left and right where grid rows
 * end or at a separator, corrected beside the price labels; top and bottom where vertical grid
 * lines end.
 */

/** The plot's columns so far, and where grid rows agree its edges are (null when they do not). */
export interface PlotSides {
  plotLeft: number;
  plotRight: number;
  rowLeft: number | null;
  rowRight: number | null;
}

/**
 * Candles may cover a grid line's end, so lines end at different places; the plot edge is the
 * outermost end that two lines agree on (one stray line is not enough, and the rows of one thick
 * line, a drawing or a price line, are one line: see sameLine). `background`: the plot's, which
 * tells a line's blur from a band (sameLine); without it rows within LINE_MERGE_PX are one line.
 */
export const outermost = (
  lines: { at: number; end: number; colour?: number }[],
  dir: 1 | -1,
  background?: number,
) => {
  const one = sameLine(lines, background);
  const s = lines.map((l, k) => ({ ...l, k })).sort((x, y) => dir * (x.end - y.end));
  for (let i = 0; i < s.length; i++) {
    for (let j = i + 1; j < s.length && Math.abs(s[j]!.end - s[i]!.end) <= LINE_END_AGREE_PX; j++) {
      if (!one(s[i]!.k, s[j]!.k)) return s[i]!.end;
    }
  }
  return null;
};

/**
 * Whether two of the lines (by index) are rows of one drawn line: within LINE_MERGE_PX, or in
 * one run of rows each within LINE_MERGE_PX of the next that is one line's rows: at most
 * LINE_BAND_MIN_ROWS rows of one colour (a 2 px line captured at DPR 2 is four rows: Stockity's
 * last-price line, from the last candle to its tag, put the plot's left edge at that candle), or
 * rows whose strongest is inside and whose first and last are under half its contrast with the
 * background (a JPEG's blur of a thin line: BTCUSD 30m's level line over rows 545-555, two of
 * them starting where a label covers the line, put the plot's edge there, x 106 for 70). A
 * thicker run of one colour (a filled band: NVDA 1D's header strip) or rows fading one way (a
 * floating toolbar's shadow) keep their rows apart: top and bottom are two edges, as before.
 */
function sameLine(
  lines: { at: number; colour?: number }[],
  background?: number,
): (a: number, b: number) => boolean {
  const order = lines.map((_, k) => k).sort((a, b) => lines[a]!.at - lines[b]!.at);
  const run = new Int32Array(lines.length);
  let id = 0;
  for (let i = 0; i < order.length;) {
    let j = i + 1;
    while (j < order.length && lines[order[j]!]!.at - lines[order[j - 1]!]!.at <= LINE_MERGE_PX) j++;
    const rows = order.slice(i, j);
    const thick = lines[order[j - 1]!]!.at - lines[order[i]!]!.at + 1;
    const c0 = lines[rows[0]!]!.colour;
    // A thin line drawn thick: its rows one colour.
    let one =
      thick <= LINE_BAND_MIN_ROWS &&
      rows.every((k) => c0 === undefined || colourDistance(lines[k]!.colour ?? c0, c0) <= SAME_LINE_COLOUR);
    if (!one && background !== undefined) {
      // A blurred line: its strongest row inside, its first and last rows faint.
      const contrast = rows.map((k) => colourDistance(lines[k]!.colour ?? background, background));
      const peak = contrast.indexOf(Math.max(...contrast));
      const strongest = contrast[peak]!;
      one =
        peak > 0 &&
        peak < rows.length - 1 &&
        contrast[0]! < strongest / 2 &&
        contrast[rows.length - 1]! < strongest / 2;
    }
    // A band's rows each keep a run of their own (only neighbours within LINE_MERGE_PX are one).
    for (const k of rows) run[k] = one ? id : id++;
    id++;
    i = j;
  }
  return (a, b) => run[a] === run[b] || Math.abs(lines[a]!.at - lines[b]!.at) <= LINE_MERGE_PX;
}

/**
 * Plot left/right: a separator (a solid full-height line that no grid row crosses) if there is
 * one near that side; else where the horizontal grid lines end. `drawings`: zones drawn over the
 * plot, whose borders end where the zone ends, not where the plot does.
 */
export function plotSidesFromLines(
  gridRows: LineRun[],
  gridColumns: LineRun[],
  region: PlotRect,
  drawings: readonly PlotRect[],
  background?: number,
): PlotSides {
  const { left, right, top, bottom } = region;
  const rw = right - left + 1;
  const rh = bottom - top + 1;
  let plotLeft = left;
  let plotRight = right;
  const solidRows = gridRows.filter((g) => !g.dotted);
  // The border of a zone drawn over the plot ends where the zone ends, not where the plot does.
  const bordersDrawing = (g: LineRun) =>
    drawings.some(
      (z) =>
        g.at >= z.top - DRAWING_BORDER_ROWS_PX &&
        g.at <= z.bottom + DRAWING_BORDER_ROWS_PX &&
        (Math.abs(g.start - z.left) <= DRAWING_BORDER_END_PX ||
          Math.abs(g.end - z.right) <= DRAWING_BORDER_END_PX),
    );
  const inner = solidRows.filter(
    (g) => (g.end - g.start < rw - LINE_SLACK_PX || solidRows.length < MIN_GRID_LINES) && !bordersDrawing(g),
  );
  // Rows crossing a separator: a rule the separator only meets at its end (a header's) does not.
  const crossing = (sep: LineRun, side: 1 | -1) =>
    solidRows.filter(
      (g) =>
        g.at > sep.start + LINE_SLACK_PX &&
        g.at < sep.end - LINE_SLACK_PX &&
        (side > 0 ? g.end > sep.at + LINE_SLACK_PX : g.start < sep.at - LINE_SLACK_PX),
    ).length;
  const full = gridColumns.filter((g) => !g.dotted && g.end - g.start >= SEPARATOR_MIN_HEIGHT_SHARE * rh);
  // One of a family of full-height lines in one colour is a vertical grid line, not a separator
  // (without grid rows to cross them, grid columns would otherwise pass for one).
  const seps = full.filter(
    (g) =>
      distinctLines(
        full.filter((o) => colourDistance(o.colour, g.colour) <= SAME_LINE_COLOUR).map((o) => o.at),
      ) < GRID_FAMILY_LINES,
  );
  const rightSep = seps
    .filter(
      (g) =>
        g.at > left + RIGHT_SEPARATOR_FROM * rw &&
        crossing(g, 1) <= Math.max(1, SEPARATOR_MAX_CROSSING_SHARE * solidRows.length),
    )
    .at(0);
  const leftSep = seps
    .filter(
      (g) =>
        g.at < left + LEFT_SEPARATOR_UNTIL * rw &&
        crossing(g, -1) <= Math.max(1, SEPARATOR_MAX_CROSSING_SHARE * solidRows.length),
    )
    .at(-1);
  // Grid rows that agree on an end are the best evidence; a separator comes next.
  const rowRight =
    inner.length >= 2
      ? outermost(
          inner.map((g) => ({ at: g.at, end: g.end, colour: g.colour })),
          -1,
          background,
        )
      : null;
  const rowLeft =
    inner.length >= 2
      ? outermost(
          inner.map((g) => ({ at: g.at, end: g.start, colour: g.colour })),
          1,
          background,
        )
      : null;
  if (rowRight !== null) plotRight = rowRight;
  else if (rightSep) plotRight = rightSep.at;
  if (rowLeft !== null) plotLeft = rowLeft;
  else if (leftSep) plotLeft = leftSep.at;
  // A separator column right at the plot edge belongs to the frame, not the plot.
  const vertical = new Set(gridColumns.map((g) => g.at));
  if (vertical.has(plotRight) && plotRight - plotLeft > EDGE_COLUMN_MIN_PLOT_PX) plotRight--;
  if (vertical.has(plotLeft) && plotRight - plotLeft > EDGE_COLUMN_MIN_PLOT_PX) plotLeft++;
  return { plotLeft, plotRight, rowLeft, rowRight };
}

/**
 * Whether the grid rows that end at column `end` (their starts, dir -1; their ends, dir 1) run on
 * beyond it in another colour: a line drawn over a shaded session band takes the band's tint
 * there, and a JPEG's ringing rows beside it do too, so each row's run of one colour stops at
 * the band's edge, where two such rows agree on a plot edge that is none (j177-011: rows of an
 * orange level line's ringing put the plot's left edge at a band's edge, and 165 candles left of
 * it went unread). A row runs on where, RUN_ON_PROBE_PX beyond the end, it stands off its
 * column's usual colour (the band) by RUN_ON_CONTRAST_SHARE or more of what it stands off its
 * column's colour inside the run (more than BG_TOLERANCE there, as a line found on the background
 * does), and the columns either side of the end are of different fills (a band's edge: a line
 * whose run of one colour a JPEG broke off on the plain background, MetaTrader's frame, ends
 * where its ink does); at a real plot edge the row turns into the column's colour there. Every
 * row must run on, or `share` of them.
 */
export function rowsRunOnPast(
  pixels: PackedPixels,
  rows: readonly LineRun[],
  end: number,
  dir: 1 | -1,
  top: number,
  bottom: number,
  share = 1,
): boolean {
  const { width, at } = pixels;
  const inX = end - dir * RUN_ON_PROBE_PX;
  const outX = end + dir * RUN_ON_PROBE_PX;
  if (outX < 0 || outX >= width || inX < 0 || inX >= width) return false;
  const ending = rows.filter((g) => Math.abs((dir < 0 ? g.start : g.end) - end) <= LINE_END_AGREE_PX);
  if (ending.length < 2) return false;
  const usual = (x: number) => columnMedian(pixels, x, top, bottom);
  const [inside, beyond] = [usual(inX), usual(outX)];
  // Only at a band's edge: beyond it the columns are of another fill than inside, and of one
  // fill for a while (a band, not a frame's or separator's line beside the plot: MetaTrader's).
  const further = outX + dir * BAND_MIN_WIDTH_PX;
  if (further < 0 || further >= width) return false;
  if (colourDistance(inside, beyond) < BAND_EDGE_MIN_STEP) return false;
  if (colourDistance(beyond, usual(further)) >= BAND_EDGE_MIN_STEP) return false;
  const runsOn = ending.filter((g) => {
    const within = colourDistance(at(inX, g.at), inside);
    const past = colourDistance(at(outX, g.at), beyond);
    return within > BG_TOLERANCE && past >= RUN_ON_CONTRAST_SHARE * within;
  });
  return runsOn.length >= share * ending.length;
}

/**
 * The far column of a shaded band just beyond the background region's edge `edge` (direction
 * `dir`) that the plot runs on over, or null. A session band reaching the image's edge has no
 * background beyond it, so the region stops at it (acrossBands keeps such a band out, as it must
 * a toolbar); the level lines drawn across the plot run on over it in its tint (rowsRunOnPast),
 * and across a toolbar they do not. The band ends where the columns' fill changes again, or at
 * the image's edge.
 */
export function bandBeyond(
  pixels: PackedPixels,
  rows: readonly LineRun[],
  edge: number,
  dir: 1 | -1,
  top: number,
  bottom: number,
): number | null {
  if (!rowsRunOnPast(pixels, rows, edge, dir, top, bottom, BAND_RUN_ON_SHARE)) return null;
  const band = columnMedian(pixels, edge + dir * RUN_ON_PROBE_PX, top, bottom);
  let far = edge + dir * RUN_ON_PROBE_PX;
  for (let x = far + dir; x >= 0 && x < pixels.width; x += dir) {
    if (colourDistance(columnMedian(pixels, x, top, bottom), band) >= BAND_EDGE_MIN_STEP) break;
    far = x;
  }
  return far;
}

/**
 * Packed 0xRRGGBB colours by column and row: the screenshot as decoded, where the raster's may
 * have been repainted (a lifted session band is background there, so its edge is gone from it
 * while the rows it tinted still end at it).
 */
export interface PackedPixels {
  width: number;
  at: (x: number, y: number) => number;
}

/** A column's median colour, channel by channel, over rows top..bottom (every other row). */
function columnMedian({ at }: PackedPixels, x: number, top: number, bottom: number): number {
  const channels = [[], [], []] as number[][];
  for (let y = top; y <= bottom; y += 2) {
    const c = at(x, y);
    channels[0]!.push((c >> 16) & 255);
    channels[1]!.push((c >> 8) & 255);
    channels[2]!.push(c & 255);
  }
  const mid = (a: number[]) => a.sort((p, q) => p - q)[a.length >> 1] ?? 0;
  return (mid(channels[0]!) << 16) | (mid(channels[1]!) << 8) | mid(channels[2]!);
}

/**
 * Beside the labels the edge found from the axis wins; when plot and axis share a background
 * with no separator, grid rows ending before the labels place it, else a gap of half a label
 * height is left before them. Changes `sides` in place.
 */
export function plotSideBesideLabels(
  sides: PlotSides,
  axis: AxisColumn,
  labelSide: 'left' | 'right',
  edge: { at: number; sure: boolean; limit: number },
): void {
  const { rowLeft, rowRight } = sides;
  const gap = Math.max(PLOT_LABEL_GAP_MIN_PX, Math.round(axis.capHeight / 2));
  if (labelSide === 'right') {
    if (edge.sure) sides.plotRight = edge.at;
    else if (!(rowRight !== null && rowRight >= edge.limit && rowRight < axis.labels.left - 1))
      sides.plotRight = axis.labels.left - gap;
  } else {
    if (edge.sure) sides.plotLeft = edge.at;
    else if (!(rowLeft !== null && rowLeft <= edge.limit && rowLeft > axis.labels.right + 1))
      sides.plotLeft = axis.labels.right + gap;
  }
}

/**
 * Plot top/bottom: where the vertical grid lines between plotLeft and plotRight end (gridSpan),
 * else where a grid column and the plot's own frame column start and end together; the region's
 * rows when neither does. A frame's corner (frameCorner) wins over both. `placed`: whether
 * vertical lines placed them.
 */
export function plotRowsFromGrid(
  gridColumns: LineRun[],
  region: PlotRect,
  plotLeft: number,
  plotRight: number,
  labelsTop: number | null,
  gridRows: LineRun[] = [],
): { plotTop: number; plotBottom: number; placed: boolean } {
  const { top, bottom } = region;
  const rh = bottom - top + 1;
  let plotTop = top;
  let plotBottom = bottom;
  // Dotted lines only over half the height or more: a short stretch of faint JPEG noise votes
  // alike.
  const tall = (g: LineRun) => g.end - g.start >= TALL_DOTTED_SHARE * rh;
  const vInner = gridColumns.filter((g) => g.at > plotLeft && g.at < plotRight && (!g.dotted || tall(g)));
  // Whether vertical grid lines placed top and bottom.
  let placed = false;
  const span = gridSpan(vInner, labelsTop, GRID_COLUMN_MIN_SHARE * rh);
  if (span) {
    placed = true;
    if (span.start !== null) plotTop = Math.max(top, span.start);
    plotBottom = Math.min(bottom, span.end);
    // A frame drawn round the plot (MetaTrader's) is solid at both sides: where its two columns
    // start (end) together and a grid line reaches that row too, the plot does, though candles
    // covering most grid lines' tops (a dotted line is bridged over a few px only) end them lower.
    const framed = frameRows(gridColumns, vInner, plotLeft, plotRight, tall);
    if (framed.top !== null && framed.top < plotTop) plotTop = Math.max(top, framed.top);
    if (framed.bottom !== null && framed.bottom > plotBottom) plotBottom = Math.min(bottom, framed.bottom);
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
            Math.abs(b.at - a.at) > LINE_MERGE_PX &&
            Math.abs(b.start - a.start) <= FRAME_PAIR_SLACK_PX &&
            Math.abs(b.end - a.end) <= FRAME_PAIR_SLACK_PX,
        ),
    );
    if (pair) {
      placed = true;
      plotTop = Math.max(top, pair.start);
      plotBottom = Math.min(bottom, pair.end);
    }
  }
  const corner = frameCorner(gridColumns, gridRows, plotLeft, plotRight, tall);
  if (corner) {
    placed = true;
    plotTop = Math.max(top, corner.start);
    plotBottom = Math.min(bottom, corner.end);
  }
  return { plotTop, plotBottom, placed };
}

/**
 * A frame's corner: a solid column at a side of the plot (within a px of its edge) whose end
 * meets a solid row running across the whole plot. MetaTrader frames its plot so, on the price
 * axis's side and along the time axis: the column spans the plot's rows exactly. It wins over
 * the grid: a dotted grid too sparse to be found as lines leaves the region's top (a chart
 * window's title above the plot) or the two sides of one tall hollow candle to place the rows.
 * Null when no such column is found.
 */
function frameCorner(
  gridColumns: LineRun[],
  gridRows: LineRun[],
  plotLeft: number,
  plotRight: number,
  tall: (g: LineRun) => boolean,
): { start: number; end: number } | null {
  const across = gridRows.filter((g) => !g.dotted && g.start <= plotLeft + 1 && g.end >= plotRight - 1);
  const corner = gridColumns.find(
    (g) =>
      !g.dotted &&
      tall(g) &&
      (Math.abs(g.at - plotLeft) <= 1 || Math.abs(g.at - plotRight) <= 1) &&
      across.some((r) => Math.abs(r.at - g.end) <= 1),
  );
  return corner ? { start: corner.start, end: corner.end } : null;
}

/**
 * The rows where the plot's frame starts and ends: a solid column at each side of the plot
 * (within a px of its edge), both starting (ending) within FRAME_PAIR_SLACK_PX of each other,
 * and one of the grid lines inside starting (ending) there too. Null where they do not agree.
 */
function frameRows(
  gridColumns: LineRun[],
  inner: LineRun[],
  plotLeft: number,
  plotRight: number,
  tall: (g: LineRun) => boolean,
): { top: number | null; bottom: number | null } {
  const solid = gridColumns.filter((g) => !g.dotted && tall(g));
  const left = solid.filter((g) => Math.abs(g.at - plotLeft) <= 1);
  const right = solid.filter((g) => Math.abs(g.at - plotRight) <= 1);
  const near = (a: number, b: number) => Math.abs(a - b) <= FRAME_PAIR_SLACK_PX;
  let top: number | null = null;
  let bottom: number | null = null;
  for (const l of left) {
    for (const r of right) {
      if (near(l.start, r.start) && inner.some((g) => near(g.start, l.start)))
        top = top === null ? Math.max(l.start, r.start) : Math.min(top, Math.max(l.start, r.start));
      if (near(l.end, r.end) && inner.some((g) => near(g.end, l.end)))
        bottom = bottom === null ? Math.min(l.end, r.end) : Math.max(bottom, Math.min(l.end, r.end));
    }
  }
  return { top, bottom };
}

/**
 * Boxes drawn inside the plot (an EA's panel, a dialog), from their border lines: two columns
 * starting and ending together whose top and bottom rows are lines too, running from the one
 * column to the other and no further (a grid's rows run across the whole plot). Returns the
 * vertical lines without the boxes' sides, and the boxes (inclusive, image px).
 */
export function findBoxes(
  columns: LineRun[],
  rows: LineRun[],
  plotLeft: number,
  plotRight: number,
): { columns: LineRun[]; boxes: PlotRect[] } {
  // A box across (nearly) the whole plot's width is a frame (MetaTrader's round the plot or
  // round a sub-window), not a panel over it.
  const frame = (b: PlotRect) => b.right - b.left >= BOX_MAX_SHARE * (plotRight - plotLeft);
  const near = (a: number, b: number) => Math.abs(a - b) <= BOX_SLACK_PX;
  const sides = new Set<LineRun>();
  const boxes: PlotRect[] = [];
  for (const a of columns) {
    for (const b of columns) {
      if (b.at - a.at <= LINE_MERGE_PX || !near(a.start, b.start) || !near(a.end, b.end)) continue;
      const edge = (y: number) => rows.some((r) => near(r.at, y) && near(r.start, a.at) && near(r.end, b.at));
      if (!edge(a.start) || !edge(a.end)) continue;
      const box = {
        left: a.at,
        right: b.at,
        top: Math.min(a.start, b.start),
        bottom: Math.max(a.end, b.end),
      };
      if (frame(box)) continue;
      sides.add(a);
      sides.add(b);
      boxes.push(box);
    }
  }
  if (sides.size === 0) return { columns, boxes };
  // A box's border is often a few lines thick (a shadow, a bevel): the columns beside a side go too.
  const kept = columns.filter(
    (g) => !sides.has(g) && ![...sides].some((s) => near(g.at, s.at) && near(s.end, g.end)),
  );
  // Boxes inside a box (its fields and buttons) are part of it.
  const outer = boxes.filter(
    (b) =>
      !boxes.some(
        (o) => o !== b && o.left <= b.left && o.right >= b.right && o.top <= b.top && o.bottom >= b.bottom,
      ),
  );
  return { columns: kept, boxes: outer };
}
