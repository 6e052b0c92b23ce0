import { colourDistance } from '../pixels/raster';
import type { Raster } from '../pixels/raster';
import { BG_TOLERANCE, MAX_LINE_WIDTH } from '../layout';
import type { Layout, LineRun } from '../layout';
import { priceReadings } from '../layout';
import { fitPriceScale } from './scale-fit';
import { restoreLostPoints } from './lost-points';
import { joinSplitLabels } from './split-labels';
import type { AxisLabel } from './scale-fit';
import { priceToY, yToPrice } from './price-scale';
import type { PlotRect, PriceScale } from '../types';
import type { TextToken } from '../text';
import {
  ANCHOR_MAX_PX,
  BADGE_LINE_PX,
  TAG_LINE_EDGE_PX,
  BADGE_LINE_SHARE,
  BADGE_LINES_AGREE_PX,
  BOX_EDGE,
  BOX_JPEG_COLUMNS,
  BOX_JPEG_EDGE_ROWS,
  BOX_MAX_HEIGHTS,
  BOX_SAME,
  FAR_GRID_COLUMNS,
  FAR_GRID_LINE_SHARE,
  FAR_GRID_MAX_PX,
  FAR_GRID_OWN_PX,
  FAR_GRID_RIDGE_LEVELS,
  FAR_GRID_RIDGE_PX,
  FAR_GRID_STEP_SHARE,
  GAP_INK_SHARE,
  GRID_BAND_EXTRA_ROWS,
  GRID_FILL_MIN_ROWS,
  GRID_GAP_SLACK,
  GRID_LINE_SHARE,
  GRID_MIN_GAP,
  GRID_MIN_LINES,
  GRID_REGULAR_GAPS,
  LABEL_GAP_MIN,
  LATTICE_PHASE_PX,
  LEGEND_CANDLE_MIN_ROWS,
  LEGEND_MIN_SHIFT,
  LINE_STRONG_SHARE,
  MARKS_AGREE_SHARE,
  MARKS_MIN,
  MARK_AGREE_PX,
  OFF_GRID_AGREE_PX,
  ON_LATTICE_SHARE,
  RULE_ROWS_SHARE,
  SNAP_FIT_TOLERANCE,
  SNAP_KEEP_SHARE,
  SNAP_LABELS_SHARE,
  SNAP_MIN_LABELS,
  SNAP_MIN_REACH,
  SNAP_PX,
  STROKE_INK_SHARE,
  TEXT_CONTRAST_TOLERANCES,
  TICK_MARK_GAP_INK,
  TICK_ROW_PX,
  TICK_SOLID_SHARE,
  TICK_TEXT_PARTS,
  TICK_TEXT_MIN_PX,
  OUTSHONE_COLUMNS,
  OUTSHONE_RATIO,
  OUTSHONE_ROWS,
} from './tuning';

/*
 * From the axis tokens read to a price scale: which tokens are tick labels and which are badges,
 * the row each label's price is drawn at (tick marks, the font's offset, grid lines), and the
 * checks of a fitted scale against the plot's own grid and price line. The fit itself is
 * scale-fit.ts; read-chart.ts decides what to do with the result.
 */

/**
 * Axis tokens that read as prices. Tick labels sit on the axis background; badges (last price,
 * alerts, drawings) sit on a coloured box and are kept apart: they may be nudged off their
 * price to avoid overlapping, so they only cross-check.
 */
export function axisLabels(
  r: Raster,
  layout: Layout,
  tokens: TextToken[],
): { labels: AxisLabel[]; badges: AxisLabel[]; onTicks: boolean } {
  const labels: AxisLabel[] = [];
  const badges: AxisLabel[] = [];
  // A label split in two at its decimal point is read joined (split-labels.ts); a point JPEG
  // blur lost is put back where the axis' format and the blank it left say (lost-points.ts).
  const all = restoreLostPoints(joinSplitLabels(tokens));
  const seen = new Set<string>();
  const { rows, onTicks } = labelRows(r, layout, all);
  // "39,000" and "39.000": a thousands comma and a decimal point look alike on a small or
  // resized capture. When most such labels show commas, the points are blurred commas too;
  // when neither clearly wins (two or more commas, at least a third of them), the magnitude is
  // unknown and none of them is used (a scale a thousand times off is worse than none).
  const commaLike = (t: TextToken) => t.badge !== true && /^\d{1,3}(?:,\d{3})+$/.test(t.text);
  const pointLike = (t: TextToken) => t.badge !== true && /^\d{1,3}(?:\.\d{3})+$/.test(t.text);
  const commas = all.filter(commaLike).length;
  const points = all.filter(pointLike).length;
  const thousands = commas > points;
  const ambiguous = !thousands && commas >= 2 && commas * 2 >= points;
  for (const t of all) {
    const badge = t.badge === true;
    const y = rows.get(t)!;
    if (ambiguous && (commaLike(t) || pointLike(t))) continue;
    const prices = priceReadings(t.text);
    if (thousands && pointLike(t)) prices.push(Number(t.text.replace(/\./g, '')));
    for (const price of prices) {
      const key = `${y}:${price}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const label = { y, price, text: t.text };
      if (badge) badges.push(label);
      else labels.push(label);
    }
  }
  return { labels, badges, onTicks };
}

/**
 * The row each token's price is drawn at. A label's glyph centre is not its price's row: fonts
 * place digits a pixel or more above the row the text is anchored on (canvas "middle" baseline
 * is about half an x-height above the baseline, digits are a cap height tall). Where the axis
 * draws a tick mark beside each label (MetaTrader), the tick's row is the price's row. One font
 * draws every label, so the tick's offset from the glyph centre is the same on every label: when
 * at least three labels show a tick and most agree on that offset, labels without a visible tick
 * (or with a stray one) take the common offset too. Without ticks, labels drawn on boxes of
 * their own are placed on the boxes' middles the same way. `onTicks` says the labels were placed
 * on tick marks: the axis's own geometry, to the sub-pixel (an anti-aliased tick shares its ink
 * between two rows), which a grid line drawn on whole rows or a price tag's rounded price cannot
 * improve on.
 */
function labelRows(
  r: Raster,
  layout: Layout,
  tokens: TextToken[],
): { rows: Map<TextToken, number>; onTicks: boolean } {
  const rows = new Map<TextToken, number>();
  const centreOf = (t: TextToken) => (t.box.top + t.box.bottom) / 2;
  const ticks = new Map<TextToken, number>();
  for (const t of tokens) {
    rows.set(t, centreOf(t));
    if (t.badge === true) continue;
    const led = tickMarkRow(r, layout.background, t);
    if (led !== null) rows.set(t, led);
    const tick = led ?? tickBeside(r, layout, digitsOf(t));
    if (tick !== null) ticks.set(t, tick);
  }
  // Too few ticks to learn the font's offset: a tick mark read as the token's dash still places
  // its own label; a stroke beside one or two labels only is not trusted. Labels drawn on boxes
  // of their own (a label background) are centred on their rows like the boxes.
  if (placeByMarks(tokens, ticks, rows)) return { rows, onTicks: true };
  const boxes = new Map<TextToken, number>();
  for (const t of tokens) {
    if (t.badge === true) continue;
    const box = labelBoxCentre(r, t);
    if (box !== null) boxes.set(t, box);
  }
  placeByMarks(tokens, boxes, rows);
  return { rows, onTicks: false };
}

/**
 * The token's digits alone, when it starts with marks read as dots or dashes: the last dots of
 * a dotted grid line run into MetaTrader's axis line and tick and are read as part of the label
 * ("...0.65475"), so the gap where the tick is looked for lies under the token's own left end.
 */
function digitsOf(t: TextToken): TextToken {
  const lead = /^[-\u2212.·]+(?=[\dOolI|])/.exec(t.text);
  const first = lead && t.glyphs?.length === t.text.length ? t.glyphs[lead[0].length] : undefined;
  if (!lead || !first) return t;
  return { ...t, text: t.text.slice(lead[0].length), box: { ...t.box, left: first.box.left } };
}

/**
 * When at least three labels carry a mark of their row (a tick, a box) and most marks agree on
 * their offset from the glyph centre (one font draws every label), every label is placed on its
 * own mark, or, where it shows none or a stray one, at the common offset. Returns whether it did.
 */
function placeByMarks(
  tokens: TextToken[],
  marks: Map<TextToken, number>,
  rows: Map<TextToken, number>,
): boolean {
  const centreOf = (t: TextToken) => (t.box.top + t.box.bottom) / 2;
  const sorted = [...marks].map(([t, row]) => row - centreOf(t)).sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1] ?? 0;
  const agree = sorted.filter((o) => Math.abs(o - median) <= MARK_AGREE_PX).length;
  if (sorted.length < MARKS_MIN || agree < Math.max(MARKS_MIN, sorted.length * MARKS_AGREE_SHARE))
    return false;
  for (const t of tokens) {
    if (t.badge === true) continue;
    const mark = marks.get(t);
    const centre = centreOf(t);
    rows.set(
      t,
      mark !== undefined && Math.abs(mark - centre - median) <= MARK_AGREE_PX ? mark : centre + median,
    );
  }
  return true;
}

/**
 * The middle of a box drawn behind one label (some platforms give every tick label a background
 * of its own), or null when the label has none. The box is centred on the label's price row,
 * which its glyphs are not (fonts sit digits up to 0.17 of their height above it). Found in the
 * columns just left and right of the glyphs: a run of one colour around the label's middle row
 * with a clear edge at each end, taller than the glyphs and no more than 2.5 times as tall, the
 * same on both sides.
 */
function labelBoxCentre(r: Raster, t: TextToken): number | null {
  const { width, height, rgb } = r;
  const h = t.box.bottom - t.box.top;
  const middle = Math.floor((t.box.top + t.box.bottom) / 2);
  const span = (x: number, same: number, edgeDepth: number): [number, number] | null => {
    if (x < 0 || x >= width || middle < 0 || middle >= height) return null;
    const fill = rgb[middle * width + x]!;
    const dist = (y: number) => colourDistance(rgb[y * width + x]!, fill);
    let top = middle;
    while (top > 0 && middle - top < 2 * h && dist(top - 1) <= same) top--;
    let bottom = middle + 1; // exclusive
    while (bottom < height && bottom - middle < 2 * h && dist(bottom) <= same) bottom++;
    if (top === 0 || bottom === height) return null;
    // The edge is another region: `edgeDepth` rows beyond it differ from the fill too (a grid
    // line or a JPEG speck beside a label on the bare background is one or two rows thin).
    const edge = (y: number, dir: number) => {
      for (let k = 0; k < edgeDepth; k++) {
        const yy = y + dir * k;
        if (yy < 0 || yy >= height || dist(yy) < BOX_EDGE) return false;
      }
      return true;
    };
    if (!edge(top - 1, -1) || !edge(bottom, 1)) return null;
    if (top >= t.box.top || bottom <= t.box.bottom || bottom - top > BOX_MAX_HEIGHTS * h) return null;
    return [top, bottom];
  };
  const both = (d: number, same: number, edgeDepth: number): number | null => {
    const left = span(t.box.left - d, same, edgeDepth);
    const right = span(t.box.right + d - 1, same, edgeDepth);
    if (!left || !right || Math.abs(left[0] - right[0]) > 1 || Math.abs(left[1] - right[1]) > 1) return null;
    return (left[0] + left[1] + right[0] + right[1]) / 4;
  };
  const exact = both(2, BOX_SAME, 1);
  if (exact !== null) return exact;
  // A JPEG rings around the glyphs and blurs the box's edge over a few rows: columns further
  // from the glyphs, any colour short of an edge counted as the box, and an edge that lasts.
  for (const share of BOX_JPEG_COLUMNS) {
    const found = both(Math.max(3, Math.ceil(h * share)), BOX_EDGE - 1, BOX_JPEG_EDGE_ROWS);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The row of a tick mark drawn in the gap between the plot and a label (MetaTrader draws a short
 * stroke from the axis line towards each label; the recogniser leaves it out of the token). A
 * column of that gap holds either nothing, a full-height rule (the axis line) or the tick: a thin
 * stroke within the label's rows. Returns null when no column shows a tick, or anything taller
 * than a tick other than the rule stands in the gap.
 */
function tickBeside(r: Raster, layout: Layout, t: TextToken): number | null {
  const plot = layout.plot as PlotRect | undefined;
  if (!plot) return null;
  const { width, height, rgb } = r;
  const h = t.box.bottom - t.box.top;
  if (h < TICK_TEXT_MIN_PX) return null;
  const right = layout.axisSide !== 'left';
  // The column touching the glyphs is left out: it holds their anti-aliased edge.
  const x0 = right ? Math.max(plot.right + 1, t.box.left - 2 * h) : t.box.right + 1;
  const x1 = right ? t.box.left - 1 : Math.min(plot.left, t.box.right + 2 * h);
  if (x1 - x0 < 2 || x0 < 0 || x1 > width) return null;
  const top = Math.max(0, t.box.top - 2);
  const bottom = Math.min(height, t.box.bottom + 2);
  // The gap's own background: its most frequent colour (the axis panel, not necessarily the plot's).
  const counts = new Map<number, number>();
  for (let y = top; y < bottom; y++)
    for (let x = x0; x < x1; x++) counts.set(rgb[y * width + x]!, (counts.get(rgb[y * width + x]!) ?? 0) + 1);
  let bg = layout.background;
  let most = 0;
  for (const [c, n] of counts) if (n > most) [bg, most] = [c, n];
  let contrast = 0;
  for (let y = t.box.top; y < t.box.bottom; y++)
    for (let x = Math.max(0, t.box.left); x < Math.min(width, t.box.right); x++)
      contrast = Math.max(contrast, colourDistance(rgb[y * width + x]!, bg));
  if (contrast <= BG_TOLERANCE * TEXT_CONTRAST_TOLERANCES) return null;
  // Each column: empty, a rule (ink, however faint, down most rows: the axis line, where a grid
  // or price line crossing it may be brighter), a tick-like stroke, or something taller.
  const strokes: { x: number; w: number; wy: number; solid: number }[] = [];
  for (let x = x0; x < x1; x++) {
    let w = 0;
    let wy = 0;
    let solid = 0;
    let first = -1;
    let last = -1;
    let faint = 0;
    for (let y = top; y < bottom; y++) {
      const share = Math.min(1, colourDistance(rgb[y * width + x]!, bg) / contrast);
      if (share < GAP_INK_SHARE) continue;
      faint++;
      w += share;
      wy += share * y;
      if (share >= TICK_SOLID_SHARE) solid += share;
      if (share >= STROKE_INK_SHARE) {
        if (first < 0) first = y;
        last = y;
      }
    }
    if (faint >= RULE_ROWS_SHARE * (bottom - top)) continue;
    if (first < 0) continue;
    if (last - first + 1 > Math.max(2, h / TICK_TEXT_PARTS)) return null; // taller than a tick: not a tick gap
    strokes.push({ x, w, wy, solid });
  }
  // The tick: the widest run of adjacent stroke columns, all on one row.
  let best: typeof strokes = [];
  for (let i = 0; i < strokes.length;) {
    let j = i;
    while (j + 1 < strokes.length && strokes[j + 1]!.x === strokes[j]!.x + 1) j++;
    if (j - i + 1 > best.length) best = strokes.slice(i, j + 1);
    i = j + 1;
  }
  if (best.length < 2) return null;
  let sum = 0;
  let sumY = 0;
  for (const c of best) {
    sum += c.w;
    sumY += c.wy;
  }
  const c = sumY / sum;
  if (best.some((k) => Math.abs(k.wy / k.w - c) > TICK_ROW_PX)) return null;
  // A tick drawn n rows thick has its price on its top row; only its solid rows tell n (a
  // blurred 1 px tick spreads faint ink either side of its row, symmetrically).
  const thickness = best.reduce((a, k) => a + k.solid, 0) / best.length;
  return c - Math.max(0, thickness - 1) / 2;
}

/**
 * A label led by a tick mark ("-1.09000", MetaTrader) is drawn beside its tick, and the tick's
 * row is the price's row; the glyphs' centre can sit a pixel or two off it. Returns that row
 * (the top row of a thick tick, as for grid lines and candle edges), or null when the token
 * does not start with a short horizontal stroke standing apart from the digits.
 */
function tickMarkRow(r: Raster, background: number, t: TextToken): number | null {
  if (!/^[-\u2212][\dOolI|]/.test(t.text)) return null;
  const { width, height, rgb } = r;
  const h = t.box.bottom - t.box.top;
  const top = Math.max(0, t.box.top - 1);
  const bottom = Math.min(height, t.box.bottom + 1);
  // Ink share of a pixel: its distance from the background relative to the text's own contrast.
  let contrast = 0;
  for (let y = top; y < bottom; y++) {
    for (let x = Math.max(0, t.box.left); x < Math.min(width, t.box.right); x++) {
      const d = colourDistance(rgb[y * width + x]!, background);
      if (d > contrast) contrast = d;
    }
  }
  if (contrast <= BG_TOLERANCE * TEXT_CONTRAST_TOLERANCES) return null;
  let sum = 0;
  let sumY = 0;
  let solid = 0;
  let columns = 0;
  for (let x = Math.max(0, t.box.left); x < Math.min(width, t.box.left + h); x++) {
    let w = 0;
    let wy = 0;
    let solidW = 0;
    let first = -1;
    let last = -1;
    for (let y = top; y < bottom; y++) {
      const d = colourDistance(rgb[y * width + x]!, background);
      if (d <= BG_TOLERANCE) continue;
      const share = Math.min(1, d / contrast);
      w += share;
      wy += share * y;
      if (share >= TICK_SOLID_SHARE) solidW += share;
      if (share >= STROKE_INK_SHARE) {
        if (first < 0) first = y;
        last = y;
      }
    }
    if (w < TICK_MARK_GAP_INK) {
      if (columns > 0) break; // the gap between the tick and the digits
      continue;
    }
    // A glyph column is tall; the tick is a stroke at most a third of the text high.
    if (first < 0 || last - first + 1 > Math.max(2, h / TICK_TEXT_PARTS)) return null;
    sum += w;
    sumY += wy;
    solid += solidW;
    columns++;
  }
  if (columns < 2 || columns >= h) return null;
  const thickness = solid / columns;
  return sumY / sum - Math.max(0, thickness - 1) / 2;
}

/**
 * A self-check of the fitted scale against the plot's own grid. Every charting platform draws
 * its horizontal grid lines at its labelled ticks (sometimes at every other one, or labels at
 * every other line): a regular grid whose spacing is not a whole multiple (or fraction) of the
 * label spacing means the numbers read are not this plot's axis (a price ladder or order book
 * beside the chart, another pane's axis), and their scale must not be used. Needs four or more
 * solid, evenly spaced lines of one colour across most of the plot, at least 8 px apart.
 */
export function gridContradicts(scale: PriceScale, layout: Layout): boolean {
  if (scale.mode !== 'linear' || scale.labels.length < 2) return false;
  const { plot } = layout;
  const plotW = plot.right - plot.left + 1;
  const long = layout.gridRows.filter(
    (g) =>
      !g.dotted &&
      g.end - g.start >= GRID_LINE_SHARE * plotW &&
      g.at >= plot.top - 2 &&
      g.at <= plot.bottom + 2,
  );
  if (long.length < GRID_MIN_LINES) return false;
  // The grid's colour: the one most of these lines share.
  const byColour = new Map<number, number>();
  for (const g of long) byColour.set(g.colour, (byColour.get(g.colour) ?? 0) + 1);
  const colour = [...byColour.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const rows = long
    .filter((g) => colourDistance(g.colour, colour) <= BG_TOLERANCE)
    .map((g) => g.at)
    .sort((a, b) => a - b);
  // One line may be several rows thick.
  const lines: number[] = [];
  for (const y of rows) if (!lines.length || y - lines.at(-1)! > 1) lines.push(y);
  if (lines.length < GRID_MIN_LINES) return false;
  const gaps = lines.slice(1).map((y, i) => y - lines[i]!);
  const gap = [...gaps].sort((a, b) => a - b)[gaps.length >> 1]!;
  if (
    gap < GRID_MIN_GAP ||
    gaps.filter((g) => Math.abs(g - gap) <= GRID_GAP_SLACK).length < GRID_REGULAR_GAPS
  )
    return false;
  // The label spacing: the usual price step between neighbouring labels (a last-price label
  // among the ticks makes one odd step), in px.
  const ls = [...scale.labels].sort((a, b) => a.y - b.y);
  const steps: number[] = [];
  for (let i = 1; i < ls.length; i++) {
    const d = Math.abs(ls[i]!.price - ls[i - 1]!.price);
    if (d > 0) steps.push(d);
  }
  if (steps.length < 2) return false;
  const step = steps.sort((a, b) => a - b)[steps.length >> 1]!;
  const labelGap = Math.abs(step / scale.slope);
  if (!Number.isFinite(labelGap) || labelGap < LABEL_GAP_MIN) return false;
  // Grid lines at ticks stand on round prices: multiples of the label step, or of a fraction of
  // it when there are k lines per label. Lines read through a wrong scale fall anywhere.
  const perLabel = labelGap > gap ? Math.round(labelGap / gap) : 1;
  const unit = step / perLabel;
  const unitPx = labelGap / perLabel;
  // Labels are fitted at their glyph centres, a few px off their rows alike, so the lines need
  // only agree with one another on where they fall between two lattice rows.
  const phase = lines.map((y) => {
    const p = yToPrice(scale, y) / unit;
    return (p - Math.floor(p)) * unitPx;
  });
  const near = (a: number, b: number) => {
    const d = Math.abs(a - b) % unitPx;
    return Math.min(d, unitPx - d) <= LATTICE_PHASE_PX;
  };
  const onLattice = Math.max(...phase.map((a) => phase.filter((b) => near(a, b)).length));
  return onLattice < ON_LATTICE_SHARE * lines.length;
}

/**
 * Tick labels are centred on their grid line; when the grid is drawn, the line's row is a more
 * precise tick position than the centre of the glyphs. Keep the snapped fit only if it is tighter.
 */
export function snapToGrid(scale: PriceScale, layout: Layout): PriceScale {
  // A grid line may be several rows thick on a scaled capture; its price row is its top row
  // (the same convention as candle edges), its centre is where the label's centre lands.
  // Dotted grids count too: a snap only happens where a label's centre sits on a line.
  const lines = withoutBands(layout.gridRows);
  const at = lines.map((g) => g.at);
  const contrast = lines.map((g) => colourDistance(g.colour, layout.background));
  const bands: { top: number; centre: number; reach: number }[] = [];
  for (let i = 0; i < at.length;) {
    let j = i;
    while (j + 1 < at.length && at[j + 1] === at[j]! + 1 && j - i < GRID_BAND_EXTRA_ROWS) j++;
    // The line's own first row: JPEG smears a line over faint rows either side (a 2-row line at
    // 2.625x over 5), and the first of those is no row of the line (labels snapped 1-2 px high).
    const strongest = Math.max(...contrast.slice(i, j + 1));
    let top = i;
    while (top < j && contrast[top]! < strongest * LINE_STRONG_SHARE) top++;
    // A line drawn n rows thick was drawn at about n times the pixel ratio, and so were the
    // labels: their glyphs sit n times further off the row (3 px and more at 3x). A 1 px line
    // may be a HiDPI chart's too (2.625x draws hairlines): at least 1.5 times 3 px.
    bands.push({
      top: at[top]!,
      centre: (at[i]! + at[j]!) / 2,
      reach: SNAP_PX * Math.max(SNAP_MIN_REACH, (j - i + 2) / 2),
    });
    i = j + 1;
  }
  if (bands.length < 2) return scale;
  const offsets: number[] = [];
  const rows = scale.labels.map((l) => {
    let best: number | null = null;
    let d = Infinity;
    for (const b of bands) {
      const off = Math.abs(b.centre - l.y);
      if (off < b.reach && off < d) [best, d] = [b.top, off];
    }
    if (best !== null) offsets.push(best - l.y);
    return best;
  });
  if (offsets.length < Math.max(SNAP_MIN_LABELS, scale.labels.length * SNAP_LABELS_SHARE)) return scale;
  // A label whose grid line is not drawn (hidden under a header, a badge or the plot's edge)
  // is moved by the offset the other labels snapped by: one font draws them all, so their
  // glyphs sit alike off their rows.
  const median = [...offsets].sort((a, b) => a - b)[offsets.length >> 1]!;
  const snapped = scale.labels.map((l, i) => ({ ...l, y: rows[i] ?? l.y + median }));
  const refit = fitPriceScale(snapped, SNAP_FIT_TOLERANCE);
  if (!refit || refit.labels.length < scale.labels.length * SNAP_KEEP_SHARE) return scale;
  return refit;
}

/**
 * A self-check of the placed scale against the grid: how far (px) the rows the scale gives the
 * labels' prices lie from the grid lines beside them, when at least three labels have a line
 * within half a label step and agree on the offset (one font, one grid), or null. A line's row
 * is the middle of its strong rows (a JPEG smears a 1 px line over 4-5 faint ones); half the
 * line's strong rows is allowed for (a line n rows thick has its price on its top row). Labels
 * placed on the grid or on their own marks come out near 0; labels left on their glyph centres
 * (no mark found, a grid too far to snap to) by as much as the font's offset.
 */
export function offGrid(scale: PriceScale, layout: Layout): number | null {
  const plotW = layout.plot.right - layout.plot.left + 1;
  const long = withoutBands(layout.gridRows).filter((g) => g.end - g.start >= GRID_LINE_SHARE * plotW);
  const runs = runsOfRows(long);
  if (runs.length < GRID_MIN_LINES || scale.labels.length < MARKS_MIN) return null;
  const lines = runs.map((run) => {
    const contrast = run.map((g) => colourDistance(g.colour, layout.background));
    const strongest = Math.max(...contrast);
    let sum = 0;
    let sumY = 0;
    let strong = 0;
    run.forEach((g, i) => {
      if (contrast[i]! < strongest / 2) return;
      sum += contrast[i]!;
      sumY += contrast[i]! * g.at;
      strong++;
    });
    return { centre: sumY / sum, slack: (strong - 1) / 2 };
  });
  const rows = scale.labels.map((l) => priceToY(scale, l.price)).sort((a, b) => a - b);
  const steps = rows.slice(1).map((y, i) => y - rows[i]!);
  const step = [...steps].sort((a, b) => a - b)[steps.length >> 1]!;
  const offsets: number[] = [];
  for (const y of rows) {
    let best: { d: number; slack: number } | null = null;
    for (const line of lines) {
      const d = line.centre - y;
      if (Math.abs(d) < step / 2 && (!best || Math.abs(d) < Math.abs(best.d)))
        best = { d, slack: line.slack };
    }
    // Within the line's own thickness counts as on it.
    if (best) offsets.push(Math.sign(best.d) * Math.max(0, Math.abs(best.d) - best.slack));
  }
  if (offsets.length < MARKS_MIN) return null;
  offsets.sort((a, b) => a - b);
  const median = offsets[offsets.length >> 1]!;
  const agree = offsets.filter((o) => Math.abs(o - median) <= OFF_GRID_AGREE_PX).length;
  return agree >= offsets.length * MARKS_AGREE_SHARE ? median : null;
}

/** Line rows (sorted by row) grouped into runs of adjacent rows. */
/** The grid rows less the runs too long to be a line: filled bands (GRID_FILL_MIN_ROWS). */
function withoutBands(rows: LineRun[]): LineRun[] {
  return runsOfRows(rows)
    .filter((run) => run.length < GRID_FILL_MIN_ROWS)
    .flat();
}

function runsOfRows(rows: LineRun[]): LineRun[][] {
  const runs: LineRun[][] = [];
  for (const g of rows) {
    const run = runs.at(-1);
    if (run && g.at === run.at(-1)!.at + 1) run.push(g);
    else runs.push([g]);
  }
  return runs;
}

/**
 * Without a grid, label glyph centres can sit a pixel or so off their ticks (fonts differ). The
 * last-price badge states a price and its horizontal price line marks the row of that price:
 * when both are present, that row corrects the fitted scale's offset. A line's price row is its
 * first strong row (at least LINE_STRONG_SHARE of its strongest row's contrast), as the grid
 * snap and the candle edges take it: a 1 px line enlarged 2x is two strong rows with faint blends
 * either side (on c60's 1.5-3x charts the first row, a faint blend, put the scale 1-1.5 px too
 * high; the strong rows' centre put DPR-2 scales half a pixel low). The line is drawn on a whole
 * rendering pixel, its strong rows, so it states its price's row only to half of them: the scale
 * moves only by what lies beyond that (`anchorMove`); a fit already within it stays.
 */
export function anchorOnPriceLine(
  scale: PriceScale,
  layout: Layout,
  badges: AxisLabel[],
  /** The pixels, to leave out a line a stronger broken one beside it outshines (`outshone`). */
  r?: Raster,
): PriceScale {
  const plotW = layout.plot.right - layout.plot.left + 1;
  const runs = runsOfRows(layout.gridRows);
  const offsets: { offset: number; slack: number }[] = [];
  for (const b of badges) {
    const line = layout.gridRows.find(
      (g) => Math.abs(g.at - b.y) <= BADGE_LINE_PX && g.end - g.start >= plotW * BADGE_LINE_SHARE,
    );
    if (!line) continue;
    const run = runs.find((k) => k.includes(line))!;
    if (run.length > MAX_LINE_WIDTH) continue;
    if (r && outshone(r, run, layout.background)) continue;
    const strong = lineStrongRows(run, layout.background);
    const offset = strong.top - priceToY(scale, b.price);
    if (!(Math.abs(offset) <= ANCHOR_MAX_PX)) continue;
    offsets.push({ offset, slack: strong.rows / 2 });
  }
  // Not every tagged line sits on its tag's price: a break-even or average-entry line is drawn
  // at a price the tag rounds (MetaTrader's 82.31 tag on a line 1.4 px off it). Where two or
  // more lines are tagged, they must agree on the offset, else none of them is the anchor.
  if (!offsets.length) return scale;
  const all = offsets.map((o) => o.offset);
  if (Math.max(...all) - Math.min(...all) > BADGE_LINES_AGREE_PX) return scale;
  // Each tag prints its price rounded to the axis' last digit (half a digit is 0.7 px on a
  // 5-decimal chart at 1x: c11-004's three tags sit +0.34, -0.43 and -0.36 px off a scale already
  // within 0.05 px); the middle of several is nearer the scale's offset than the first one found.
  offsets.sort((a, b) => a.offset - b.offset);
  const mid = offsets.length >> 1;
  const offset =
    offsets.length % 2 ? offsets[mid]!.offset : (offsets[mid - 1]!.offset + offsets[mid]!.offset) / 2;
  const move = anchorMove(offset, Math.min(...offsets.map((o) => o.slack)));
  return move ? shifted(scale, move) : scale;
}

/**
 * How far an anchor moves the scale: the part of its `offset` beyond `slack`, half the rendering
 * pixel its rows are drawn on. A renderer draws a line or a candle's edge on a whole rendering
 * pixel, up to half of one from its price; glyphs are rounded alike, so a fit through many labels
 * is as near its rows as that. An anchor proves the fit wrong only by more than its own rounding,
 * and moves it only that far (j12-003 4h, DPR 2: the legend's four rows all rounded up, 1.3 px).
 */
function anchorMove(offset: number, slack: number): number {
  return Math.sign(offset) * Math.max(0, Math.abs(offset) - slack);
}

/**
 * Whether a row just above or below a line (within OUTSHONE_ROWS) stands out from the background
 * clearly more (OUTSHONE_RATIO), on average over the line's columns, than the line's strongest
 * row: the line found is the faint unbroken smear a JPEG leaves beside a stronger line the line
 * finder missed because it is dotted (Lightweight Charts' last-price line at 2x: dots on rows
 * 582-583, a pale unbroken row at 584 taken for the line, the scale moved 1.4 px off a fit within
 * half a pixel).
 */
function outshone(r: Raster, run: LineRun[], background: number): boolean {
  const { width, height, rgb } = r;
  const start = Math.max(0, Math.min(...run.map((g) => g.start)));
  const end = Math.min(width - 1, Math.max(...run.map((g) => g.end)));
  const every = Math.max(1, Math.floor((end - start + 1) / OUTSHONE_COLUMNS));
  const meanContrast = (y: number) => {
    let sum = 0;
    let n = 0;
    for (let x = start; x <= end; x += every, n++) sum += colourDistance(rgb[y * width + x]!, background);
    return n ? sum / n : 0;
  };
  const rows = run.map((g) => g.at);
  const top = Math.min(...rows);
  const bottom = Math.max(...rows);
  const own = Math.max(...rows.map(meanContrast));
  for (let y = top - OUTSHONE_ROWS; y <= bottom + OUTSHONE_ROWS; y++) {
    if ((y >= top && y <= bottom) || y < 0 || y >= height) continue;
    if (meanContrast(y) > OUTSHONE_RATIO * own) return true;
  }
  return false;
}

/** A line's first strong row (as the grid snap takes it) and how many strong rows it has. */
function lineStrongRows(run: LineRun[], background: number): { top: number; rows: number } {
  const contrast = run.map((g) => colourDistance(g.colour, background));
  const strongest = Math.max(...contrast);
  const strong = run.filter((_, i) => contrast[i]! >= strongest * LINE_STRONG_SHARE);
  return { top: strong[0]!.at, rows: strong.length };
}

/**
 * The row of a line drawn over several rows: the centre of its strong rows (at least half the
 * strongest row's contrast with the background, weighted by it). Faint rows beside them (a
 * JPEG's ringing, a blend of a few percent) would pull the centre off a crisp line.
 */
function lineCentre(run: LineRun[], background: number): number {
  const contrast = run.map((g) => colourDistance(g.colour, background));
  const strongest = Math.max(...contrast);
  let sum = 0;
  let sumY = 0;
  run.forEach((g, i) => {
    if (contrast[i]! < strongest / 2) return;
    sum += contrast[i]!;
    sumY += contrast[i]! * g.at;
  });
  return sumY / sum;
}

/**
 * Each price tag placed on the row of the line it marks: a line within BADGE_LINE_PX of the
 * tag's text reaching the plot's edge on the axis side (the tag ends it; a last-price line may
 * start at the last candle, far from the plot's other side), at most MAX_LINE_WIDTH rows thick.
 * A tag's text is centred on its price to a row's rounding; its line is the price's row. Tags
 * with no such line keep their text's row.
 */
export function tagsOnTheirLines(layout: Layout, badges: AxisLabel[]): AxisLabel[] {
  const { plot, axisSide, gridRows } = layout;
  const runs = runsOfRows(gridRows);
  return badges.map((b) => {
    const line = gridRows.find(
      (g) =>
        Math.abs(g.at - b.y) <= BADGE_LINE_PX &&
        (axisSide === 'left'
          ? g.start <= plot.left + TAG_LINE_EDGE_PX
          : g.end >= plot.right - TAG_LINE_EDGE_PX),
    );
    const run = line ? runs.find((r) => r.includes(line))! : null;
    return run && run.length <= MAX_LINE_WIDTH ? { ...b, y: lineCentre(run, layout.background) } : b;
  });
}

/** Rows of one candle's prices (image px, the rows whose prices are the values). */
export interface CandleRows {
  open: number;
  high: number;
  low: number;
  close: number;
}

/**
 * Without a grid or a price line, label glyph centres sit up to 2 px off their price rows (fonts
 * place digits differently: 0 to 0.17 of the digit height above the row on our corpora). The
 * legend's O/H/L/C states the exact prices of the last candle, whose four rows are measured to a
 * fraction of a pixel: when all four rows sit off the fitted scale by one amount, that amount,
 * less half a rendering pixel (`anchorMove`), is the scale's offset. A legend describing another
 * candle (one the cursor hovers) or a last candle that was not read does not agree on one offset
 * and changes nothing.
 */
export function anchorOnLegend(
  scale: PriceScale,
  legend: CandleRows,
  rows: CandleRows,
  renderPx = 1,
): PriceScale {
  if (rows.low - rows.high < LEGEND_CANDLE_MIN_ROWS) return scale;
  const keys = ['open', 'high', 'low', 'close'] as const;
  const offsets = keys.map((k) => rows[k] - priceToY(scale, legend[k]));
  if (Math.max(...offsets) - Math.min(...offsets) > 1) return scale;
  const mean = offsets.reduce((a, b) => a + b, 0) / offsets.length;
  if (!(Math.abs(mean) <= ANCHOR_MAX_PX)) return scale;
  // Each row is drawn on a whole rendering pixel (`renderPx`, the candles stage's): all four may
  // round alike, so the mean states the offset only to half of one.
  const offset = anchorMove(mean, renderPx / 2);
  if (!(Math.abs(offset) >= LEGEND_MIN_SHIFT)) return scale;
  return shifted(scale, offset);
}

/** The scale moved down by `offset` px: every price's row, and every label's, is `offset` lower. */
function shifted(scale: PriceScale, offset: number): PriceScale {
  return {
    ...scale,
    intercept: scale.intercept - scale.slope * offset,
    labels: scale.labels.map((l) => ({ ...l, y: l.y + offset })),
  };
}

/**
 * Some platforms print each label beside its grid line rather than on it (Pocket Option draws
 * the text about a text height above the line), and draw the grid too faint for the layout's
 * line finder (a few grey levels over a photo background). The label rows then sit a constant
 * distance off their prices, further than a snap reaches. Looked for only where no grid line was
 * snapped to: in each label's neighbourhood (a fifth of the label step, at most FAR_GRID_MAX_PX),
 * the rows that stand out from the rows FAR_GRID_RIDGE_PX above and below them in one direction
 * across most of the plot; when at least three labels and most of them find such a line at one
 * offset (within MARK_AGREE_PX; lines at labels' steps, so one font's labels sit alike beside
 * them) and no other offset is as common, the labels move onto their lines (a line's price row is
 * its top row; a label's own line within FAR_GRID_OWN_PX of that offset) and the scale is
 * refitted. The distances are measured from the labels' centres and from the rows the fit
 * gives their prices (labels printed on whole CSS pixels at a fractional pixel ratio), the
 * tighter refit kept. Else the scale is returned unchanged.
 */
export function snapToFarGrid(scale: PriceScale, layout: Layout, r: Raster): PriceScale {
  if (scale.mode !== 'linear' || scale.labels.length < SNAP_MIN_LABELS) return scale;
  const { plot } = layout;
  const ys = scale.labels.map((l) => l.y).sort((a, b) => a - b);
  const gaps = ys
    .slice(1)
    .map((y, i) => y - ys[i]!)
    .sort((a, b) => a - b);
  const stepPx = gaps[gaps.length >> 1]!;
  const reach = Math.min(FAR_GRID_MAX_PX, stepPx * FAR_GRID_STEP_SHARE);
  if (!(reach > SNAP_PX * SNAP_MIN_REACH)) return scale;
  const { width, rgb } = r;
  const left = Math.max(0, plot.left);
  const right = Math.min(width - 1, plot.right);
  const every = Math.max(1, Math.floor((right - left + 1) / FAR_GRID_COLUMNS));
  const lum = (x: number, y: number) => {
    const c = rgb[y * width + x]!;
    return ((c >> 16) & 255) + ((c >> 8) & 255) + (c & 255);
  };
  const d = FAR_GRID_RIDGE_PX;
  // Whether row y is a line: the share of columns where it is brighter (or darker) than both
  // rows d away, by at least FAR_GRID_RIDGE_LEVELS.
  const isLine = (y: number) => {
    if (y - d < Math.max(0, plot.top) || y + d > Math.min(r.height - 1, plot.bottom)) return false;
    let up = 0;
    let down = 0;
    let n = 0;
    for (let x = left; x <= right; x += every) {
      const v = lum(x, y);
      const a = v - lum(x, y - d);
      const b = v - lum(x, y + d);
      if (a >= FAR_GRID_RIDGE_LEVELS && b >= FAR_GRID_RIDGE_LEVELS) up++;
      else if (a <= -FAR_GRID_RIDGE_LEVELS && b <= -FAR_GRID_RIDGE_LEVELS) down++;
      n++;
    }
    return n > 0 && Math.max(up, down) >= FAR_GRID_LINE_SHARE * n;
  };
  // Each label's lines, from a reference row per label: the top rows of runs of line rows within
  // reach, as offsets from it; then the offset most labels share, and each label on its line.
  const lineRows = new Map<number, boolean>();
  const onLines = (from: readonly number[]): AxisLabel[] | null => {
    const found = from.map((at) => {
      const tops: number[] = [];
      let prev = false;
      for (let y = Math.ceil(at - reach); y <= Math.floor(at + reach); y++) {
        let line = lineRows.get(y);
        if (line === undefined) lineRows.set(y, (line = isLine(y)));
        if (line && !prev) tops.push(y);
        prev = line;
      }
      return tops.map((y) => y - at);
    });
    const offsets = found.flat();
    const support = (o: number) =>
      found.filter((f) => f.some((x) => Math.abs(x - o) <= MARK_AGREE_PX)).length;
    let best = 0;
    let bestSupport = 0;
    for (const o of offsets) {
      const s = support(o);
      if (s > bestSupport) [best, bestSupport] = [o, s];
    }
    if (bestSupport < Math.max(SNAP_MIN_LABELS, scale.labels.length * SNAP_LABELS_SHARE)) return null;
    // Another offset (more than a line's thickness away) as common: lines at half steps, or two
    // grids; which one the labels belong to is unknown.
    if (offsets.some((o) => Math.abs(o - best) > 2 * d && support(o) >= bestSupport)) return null;
    return scale.labels.map((l, i) => {
      // Its own line, where one lies within a row of the common offset: the text and the line are
      // each put on whole rows, so one label may sit a row nearer its line than the others.
      const own = found[i]!.filter((o) => Math.abs(o - best) <= FAR_GRID_OWN_PX);
      const o = own.length ? own.reduce((a, b) => (Math.abs(a - best) <= Math.abs(b - best) ? a : b)) : best;
      return { ...l, y: from[i]! + o };
    });
  };
  // The distances are measured from the labels' own centres, and from the rows the fit gives
  // their prices, and the tighter refit of the two is kept. A platform that puts text and lines
  // on whole rows alike keeps one distance from each label to its line (Pocket Option, 24.5 px,
  // though its lines step 272 and 274 px). At a fractional pixel ratio the platform prints each
  // label on a whole CSS pixel (2.625 rows at 2.625x) while its line is drawn on the exact row,
  // so the labels stand 1-3 px off their lines by turns and only the fit through all of them
  // keeps one distance to every line (c111-007: fit residual 0.86 px; 0.40 on the lines).
  const refits = [scale.labels.map((l) => l.y), scale.labels.map((l) => priceToY(scale, l.price))]
    .map((from) => onLines(from))
    .map((moved) => (moved ? fitPriceScale(moved, SNAP_FIT_TOLERANCE) : null))
    .filter((f): f is PriceScale => f !== null && f.labels.length >= scale.labels.length * SNAP_KEEP_SHARE)
    .sort((a, b) => a.residualPx - b.residualPx);
  return refits[0] ?? scale;
}
