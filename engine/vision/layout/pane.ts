import { colourDistance } from '../pixels/raster';
import { median } from '../pixels/stats';
import type { PlotRect } from '../types';
import { otherScaleBelow, priceReadings } from './axis-locate';
import type { AxisColumn } from './axis-locate';
import type { LineRun } from './lines';
import {
  FRAME_CHROMA,
  FRAME_SLACK_MIN_PX,
  FRAME_SLACK_SHARE,
  LINE_MERGE_PX,
  MAX_FRAME_ROWS,
  ON_RHYTHM_MIN_PX,
  ON_RHYTHM_SHARE,
  SAME_LINE_COLOUR,
  STEADY_MIN_STEPS,
  STEADY_STEP_MIN_PX,
  STEADY_STEP_SHARE,
} from './tuning';

/**
 * The price pane's own bounds: the frame lines beyond the outermost price labels (a header's
 * rule, an indicator or volume pane's boundary) and another scale's labels further down the axis.
 */

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
  const slack = Math.max(FRAME_SLACK_MIN_PX, Math.round(FRAME_SLACK_SHARE * (plotRight - plotLeft)));
  const across = rows.filter((g) => !g.dotted && g.start <= plotLeft + slack && g.end >= plotRight - slack);
  const grid = across.filter((g) => g.at >= labels.top && g.at <= labels.bottom);
  // Grid lines keep the rhythm of the grid between the labels: a line of the grid's colour off
  // that rhythm (the time axis's or a pane's border, often drawn in the grid's colour) is a frame.
  const lines: number[] = [];
  const family = grid.filter(
    (g) =>
      grid.filter((o) => o.at !== g.at && colourDistance(o.colour, g.colour) <= SAME_LINE_COLOUR).length >= 2,
  );
  for (const g of family.sort((a, b) => a.at - b.at)) {
    // The anti-aliased rows of one line are one line.
    if (lines.length && g.at - lines.at(-1)! <= LINE_MERGE_PX) lines[lines.length - 1] = g.at;
    else lines.push(g.at);
  }
  const steps = lines.slice(1).map((at, i) => at - lines[i]!);
  const step = median(steps);
  // A line hidden under a price line leaves a double step.
  const steady =
    steps.length >= STEADY_MIN_STEPS &&
    steps.every(
      (s) =>
        Math.abs(s - Math.max(1, Math.round(s / step)) * step) <=
        Math.max(STEADY_STEP_MIN_PX, STEADY_STEP_SHARE * step),
    );
  const onRhythm = (g: LineRun) => {
    if (!steady) return true;
    const from = g.at < labels.top ? lines[0]! : lines.at(-1)!;
    const off = Math.abs(g.at - from) % step;
    return Math.min(off, step - off) <= Math.max(ON_RHYTHM_MIN_PX, ON_RHYTHM_SHARE * step);
  };
  const gridLike = (g: LineRun) =>
    grid.filter((o) => o.at !== g.at && colourDistance(o.colour, g.colour) <= SAME_LINE_COLOUR).length >= 2 &&
    onRhythm(g);
  // The anti-aliased edge row of a grid line (a 3x capture's third row, fainter) is that line.
  const isGrid = (g: LineRun) =>
    gridLike(g) || across.some((o) => o.at !== g.at && Math.abs(o.at - g.at) <= LINE_MERGE_PX && gridLike(o));
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

/**
 * The plot's top and bottom narrowed to the price pane: no further than its frame lines
 * (paneFrame), and above another scale's labels further down the axis (otherScaleBelow).
 * `placed`: whether vertical grid lines placed top and bottom (see paneFrame's capHeight).
 */
export function pricePaneRows(
  gridRows: LineRun[],
  axis: AxisColumn,
  plotLeft: number,
  plotRight: number,
  region: PlotRect,
  rows: { plotTop: number; plotBottom: number; placed: boolean },
): { plotTop: number; plotBottom: number } {
  let { plotTop, plotBottom } = rows;
  const { left, right } = region;
  const placed = rows.placed;
  const frame = paneFrame(
    gridRows,
    axis.labels,
    // A price line's label is a badge or a price; the scale's own labels mark no price line (a
    // frame may run through an outermost one), nor do specks read beside the labels, nor a box
    // without a digit (an icon on the axis, such as a magnifier button over the time axis rule).
    axis.tokens
      .filter(
        (t) =>
          ((t.badge === true && /\d/.test(t.text)) || priceReadings(t.text).length > 0) &&
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
  return { plotTop, plotBottom };
}
