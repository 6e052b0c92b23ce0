import type { RgbaImage } from '../core/image';
import { EngineError } from '../core/errors';
import { TIMEFRAME_MINUTES } from '../core/ohlc';
import type { Timeframe } from '../core/ohlc';
import { toRaster, colourDistance } from './raster';
import type { Raster } from './raster';
import { findLayout, BG_TOLERANCE } from './layout';
import { priceReadings, readStrip } from './axis-locate';
import type { Layout } from './layout';
import { learnPalette, classifyInk } from './palette';
import { extractCandles, bridgeOccluders } from './candles';
import type { PixelCandle } from './candles';
import { fitPriceScale } from './scale-fit';
import type { AxisLabel } from './scale-fit';
import { priceToY, yToPrice } from './price-scale';
import type { ChartReading, PlotRect, PriceScale, ReadCandle } from './types';
import { readLegendOhlc, readTitleTokens, identifyTitle } from './text';
import type { TextToken } from './text';

/** Fewer candles than this cannot be analysed. */
export const MIN_CANDLES = 10;

const noChart = (why: string) =>
  new EngineError(
    'NO_CHART_FOUND',
    `No candlestick or bar chart was found in this image (${why}). Upload a screenshot of a price chart with candles and its price axis visible.`,
  );

/**
 * Reads a chart screenshot: plot area, price axis, every candle's OHLC, symbol and timeframe.
 * Pure: no I/O. Throws EngineError (INVALID_IMAGE, NO_CHART_FOUND, AXIS_UNREADABLE,
 * TOO_FEW_CANDLES) with a message a trader can act on; never returns invented prices.
 */
export function readChart(image: RgbaImage): ChartReading {
  const raster = toRaster(image);
  const layout = findLayout(raster, image);
  if (!layout) throw noChart('no chart area');
  const { plot } = layout;
  const plotW = plot.right - plot.left + 1;
  const plotH = plot.bottom - plot.top + 1;
  if (plotW * plotH < 0.15 * raster.width * raster.height || plotW < 60 || plotH < 40) {
    throw noChart('no chart area');
  }
  const palette = learnPalette(raster, layout);
  if (palette.length === 0) throw noChart('no candles');

  // Title and legend: symbol, timeframe, the last bar's OHLC. Read before the candles so the
  // legend's coloured digits are not taken for tiny candles.
  const titleTokens = readTitleTokens(image, plot);
  const textBoxes: PlotRect[] = titleTokens.map((t) => ({
    left: t.box.left,
    top: t.box.top,
    right: t.box.right - 1,
    bottom: t.box.bottom - 1,
  }));

  const ink = classifyInk(raster, layout, palette);
  dropLineClasses(ink, plotW, plotH, palette.length);
  const sampler = { raster, background: layout.background };
  bridgeOccluders(ink, layout.bgMask, sampler, plot);
  const extraction = extractCandles(ink, plot, palette, sampler, textBoxes);
  const pixelCandles = extraction.candles;
  // Judged on every shape, fragments included: a plot strewn with fragments between the
  // candles is not read with confidence enough to drop them.
  if (pixelCandles.length < 3 || !looksLikeCandles(extraction.allShapes)) {
    throw noChart('no regular row of candles or bars; line charts cannot be read');
  }
  if (pixelCandles.length < MIN_CANDLES) {
    throw new EngineError(
      'TOO_FEW_CANDLES',
      `Only ${pixelCandles.length} candles are visible; zoom out so the chart shows at least ${MIN_CANDLES}.`,
      { found: pixelCandles.length },
    );
  }

  const { labels, badges } = axisLabels(raster, layout, readStrip(image, raster, layout.axisStrip));
  const fitted = fitPriceScale(labels);
  if (!fitted || fitted.labels.length < 3) {
    throw new EngineError(
      'AXIS_UNREADABLE',
      'The price axis could not be read: make sure the price labels on the chart’s right (or left) edge are visible and not cropped.',
      { labelsRead: labels.length },
    );
  }
  if (gridContradicts(fitted, layout)) {
    throw new EngineError(
      'AXIS_UNREADABLE',
      'The price axis could not be read: the numbers read beside the chart do not match its grid lines. Make sure the price labels on the chart’s right (or left) edge are visible and not cropped.',
      { labelsRead: labels.length },
    );
  }
  const snappedScale = snapToGrid(fitted, layout);
  const priceScale = snappedScale === fitted ? anchorOnPriceLine(fitted, layout, badges) : snappedScale;
  const warnings = [...extraction.warnings];
  if (priceScale.mode === 'log') warnings.push('The price axis is logarithmic.');

  const allCandles: ReadCandle[] = pixelCandles.map((c) => toPrices(c, priceScale));
  const { symbol, timeframe } = identifyTitle(image, titleTokens);
  // On a continuously traded market each bar opens where the previous one closed. When few of
  // the bars read do, candles were split, merged or misread (or the market gaps at every bar).
  const joined = joinedShare(allCandles, priceScale);
  const verdict = continuityVerdict(joined, timeframe);
  if (verdict === 'refuse') {
    throw new EngineError(
      'NO_CHART_FOUND',
      `The candles on this chart could not be read reliably: only ${Math.round(joined * 100)} % of them open where the previous one closed. Upload a sharper screenshot (PNG rather than JPEG) with fewer, wider candles and no other panes.`,
      { joinedShare: round(joined, 2) },
    );
  }
  // The same evidence, candle by candle: on an intraday chart a candle that joins neither its
  // neighbour before nor after is a junk shape or a misread body, and is left out rather than
  // given prices. Daily charts keep every candle (stocks gap at every bar).
  const candles = isDaily(timeframe) ? allCandles : dropUnjoined(allCandles, priceScale);
  if (candles.length < MIN_CANDLES) {
    throw new EngineError(
      'TOO_FEW_CANDLES',
      `Only ${candles.length} candles could be read reliably; zoom out so the chart shows at least ${MIN_CANDLES}, or upload a sharper screenshot.`,
      { found: candles.length },
    );
  }
  const dropped = allCandles.length - candles.length;

  // Cross-checks against what the screenshot itself states.
  let confidence = 1;
  confidence -= Math.min(0.4, priceScale.residualPx * 0.15);
  if (priceScale.labels.length < 4) confidence -= 0.15;
  const rejected = new Set(labels.map((l) => l.y)).size - priceScale.labels.length;
  if (rejected > 0) confidence -= Math.min(0.2, rejected * 0.03);
  const last = candles.at(-1)!;
  const legend = readLegendOhlc(titleTokens);
  if (legend) {
    const px = Math.max(
      ...(['open', 'high', 'low', 'close'] as const).map((k) =>
        Math.abs(priceToY(priceScale, legend[k]) - priceToY(priceScale, last[k])),
      ),
    );
    if (px > 2.5) {
      confidence -= 0.2;
      warnings.push(
        `The legend shows O ${legend.open} H ${legend.high} L ${legend.low} C ${legend.close}, which differs from the last candle read (${px.toFixed(1)} px); the legend may describe a hovered candle.`,
      );
    }
  }
  for (const b of badges) {
    const dy = Math.abs(priceToY(priceScale, b.price) - b.y);
    if (dy > 3 && Math.abs(priceToY(priceScale, last.close) - b.y) < 3) {
      confidence -= 0.1;
      warnings.push(`The price badge ${b.text} does not sit where the axis puts that price.`);
    }
  }
  if (dropped > 0) {
    confidence -= Math.min(0.2, (dropped / allCandles.length) * 2);
    warnings.push(
      `${dropped} of ${allCandles.length} candles were left out: each opens away from the previous close and closes away from the next open, so they were misread.`,
    );
  }
  if (verdict === 'warn') {
    confidence -= 0.3;
    warnings.push(
      `Only ${Math.round(joined * 100)} % of the candles read open where the previous one closed; some candles may be misread.`,
    );
  }
  // A candle whose body cannot be told from its wick (a doji, or a 1 px candle) has an open and
  // close the reader could only infer, so any such candle costs confidence, warned about or not.
  if (extraction.warnings.length || extraction.uncertainBodies) confidence -= 0.1;
  if (!symbol) warnings.push('The symbol could not be read from the chart.');
  if (!timeframe) warnings.push('The timeframe could not be read from the chart.');

  return {
    symbol,
    timeframe,
    plot: { ...plot },
    priceScale,
    candles,
    confidence: Math.max(0, Math.min(1, Math.round(confidence * 100) / 100)),
    warnings,
    style: { kind: extraction.kind, theme: layout.theme, axisSide: layout.axisSide },
    barSpacing: round(extraction.barSpacing, 2),
  };
}

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

/** Share of neighbouring candles whose close and next open are on the same row (2.5 px). */
export function joinedShare(c: ReadCandle[], s: PriceScale): number {
  let n = 0;
  for (let i = 1; i < c.length; i++) if (joins(s, c[i - 1]!, c[i]!)) n++;
  return c.length > 1 ? n / (c.length - 1) : 1;
}

/** Within 2.5 px: the close of one bar and the open of the next are on the same row. */
const joins = (s: PriceScale, a: ReadCandle, b: ReadCandle) =>
  Math.abs(priceToY(s, b.open) - priceToY(s, a.close)) <= 2.5;

/** The candles that open where the previous one closed or close where the next one opens. */
export function dropUnjoined(c: ReadCandle[], s: PriceScale): ReadCandle[] {
  return c.filter(
    (k, i) => (i > 0 && joins(s, c[i - 1]!, k)) || (i + 1 < c.length && joins(s, k, c[i + 1]!)),
  );
}

const isDaily = (tf: Timeframe | null) => tf !== null && TIMEFRAME_MINUTES[tf] >= TIMEFRAME_MINUTES['1d'];

/** Below this share of joined bars a reading is refused; below WARN_JOINED it only warns. */
export const MIN_JOINED = 0.3;
const WARN_JOINED = 0.5;

/**
 * What the continuity check makes of a reading. Within a trading session every market's bars
 * open where the previous one closed, so on an intraday chart a reading where most bars do not
 * has split, merged or misread candles (junk shapes from another pane, outlines read as
 * candles, JPEG-smeared bodies) and its prices must not be used. On daily and longer charts
 * stocks gap at every bar, so there (and below WARN_JOINED elsewhere) it only warns. An unread
 * timeframe counts as intraday: the product's charts are intraday forex charts.
 */
export function continuityVerdict(joined: number, timeframe: Timeframe | null): 'ok' | 'warn' | 'refuse' {
  if (joined < MIN_JOINED && !isDaily(timeframe)) return 'refuse';
  return joined < WARN_JOINED ? 'warn' : 'ok';
}

/** A chart's candles stand at one regular spacing; photos and line charts do not. */
function looksLikeCandles(c: PixelCandle[]): boolean {
  const gaps: number[] = [];
  for (let i = 1; i < c.length; i++) gaps.push(c[i]!.x - c[i - 1]!.x);
  const spacing = gaps.sort((a, b) => a - b)[gaps.length >> 1] ?? 0;
  if (!(spacing >= 1.5)) return false;
  let regular = 0;
  for (let i = 1; i < c.length; i++) {
    const g = (c[i]!.x - c[i - 1]!.x) / spacing;
    if (Math.abs(g - Math.round(g)) < 0.3 && g < 8) regular++;
  }
  return regular >= 0.6 * (c.length - 1);
}

/**
 * Axis tokens that read as prices. Tick labels sit on the axis background; badges (last price,
 * alerts, drawings) sit on a coloured box and are kept apart: they may be nudged off their
 * price to avoid overlapping, so they only cross-check.
 */
export function axisLabels(
  r: Raster,
  layout: Layout,
  tokens: TextToken[],
): { labels: AxisLabel[]; badges: AxisLabel[] } {
  const labels: AxisLabel[] = [];
  const badges: AxisLabel[] = [];
  // A label split in two at its decimal point ("149" "400", "0." "85400") is read joined, and
  // its parts are dropped: the parts can form a scale of their own ("85400", "85300"...) that
  // fits exactly as well as the real one.
  const decimalPoint = tokens.some((t) => /\d[.]\d/.test(t.text));
  const joined: TextToken[] = [];
  const parts = new Set<TextToken>();
  const sorted = [...tokens].sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left);
  for (let i = 0; i + 1 < sorted.length; i++) {
    const a = sorted[i]!;
    const b = sorted[i + 1]!;
    const h = a.box.bottom - a.box.top;
    const sameRow = Math.abs(a.box.top + a.box.bottom - b.box.top - b.box.bottom) <= h * 0.6;
    if (!sameRow || b.box.left < a.box.right || b.box.left - a.box.right > h * 1.2) continue;
    if (!/^\d+$/.test(b.text) || !/[\d.,]$/.test(a.text)) continue;
    const box = {
      left: a.box.left,
      top: Math.min(a.box.top, b.box.top),
      right: b.box.right,
      bottom: Math.max(a.box.bottom, b.box.bottom),
    };
    // The left part may keep the point it was split at ("0." "85400").
    const point = /[.,]$/.test(a.text);
    joined.push({
      text: point
        ? `${a.text.slice(0, -1)}.${b.text}`
        : decimalPoint
          ? `${a.text}.${b.text}`
          : `${a.text}${b.text}`,
      box,
      confidence: Math.min(a.confidence, b.confidence),
      badge: a.badge === true || b.badge === true,
    });
    parts.add(a).add(b);
  }
  const seen = new Set<string>();
  const all = [...tokens.filter((t) => !parts.has(t)), ...joined];
  const rows = labelRows(r, layout, all);
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
  return { labels, badges };
}

/**
 * The row each token's price is drawn at. A label's glyph centre is not its price's row: fonts
 * place digits a pixel or more above the row the text is anchored on (canvas "middle" baseline
 * is about half an x-height above the baseline, digits are a cap height tall). Where the axis
 * draws a tick mark beside each label (MetaTrader), the tick's row is the price's row. One font
 * draws every label, so the tick's offset from the glyph centre is the same on every label: when
 * at least three labels show a tick and most agree on that offset, labels without a visible tick
 * (or with a stray one) take the common offset too.
 */
function labelRows(r: Raster, layout: Layout, tokens: TextToken[]): Map<TextToken, number> {
  const rows = new Map<TextToken, number>();
  const offsets: number[] = [];
  const ticks = new Map<TextToken, number>();
  for (const t of tokens) {
    const centre = (t.box.top + t.box.bottom) / 2;
    rows.set(t, centre);
    if (t.badge === true) continue;
    const led = tickMarkRow(r, layout.background, t);
    if (led !== null) rows.set(t, led);
    const tick = led ?? tickBeside(r, layout, t);
    if (tick === null) continue;
    ticks.set(t, tick);
    offsets.push(tick - centre);
  }
  const sorted = [...offsets].sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1] ?? 0;
  const agree = sorted.filter((o) => Math.abs(o - median) <= 0.75).length;
  if (sorted.length >= 3 && agree >= Math.max(3, sorted.length * 0.7)) {
    for (const t of tokens) {
      if (t.badge === true) continue;
      const centre = (t.box.top + t.box.bottom) / 2;
      const tick = ticks.get(t);
      rows.set(t, tick !== undefined && Math.abs(tick - centre - median) <= 0.75 ? tick : centre + median);
    }
    return rows;
  }
  // Too few ticks to learn the font's offset: a tick mark read as the token's dash still places
  // its own label; a stroke beside one or two labels only is not trusted.
  return rows;
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
  if (h < 5) return null;
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
  if (contrast <= BG_TOLERANCE * 3) return null;
  // Each column: empty, a rule (ink, however faint, down most rows: the axis line, where a grid
  // or price line crossing it may be brighter), a tick-like stroke, or something taller.
  const strokes: { x: number; w: number; wy: number }[] = [];
  for (let x = x0; x < x1; x++) {
    let w = 0;
    let wy = 0;
    let first = -1;
    let last = -1;
    let faint = 0;
    for (let y = top; y < bottom; y++) {
      const share = Math.min(1, colourDistance(rgb[y * width + x]!, bg) / contrast);
      if (share < 0.15) continue;
      faint++;
      w += share;
      wy += share * y;
      if (share >= 0.35) {
        if (first < 0) first = y;
        last = y;
      }
    }
    if (faint >= 0.8 * (bottom - top)) continue;
    if (first < 0) continue;
    if (last - first + 1 > Math.max(2, h / 3)) return null; // taller than a tick: not a tick gap
    strokes.push({ x, w, wy });
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
  if (best.some((k) => Math.abs(k.wy / k.w - c) > 0.75)) return null;
  const thickness = sum / best.length;
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
  if (contrast <= BG_TOLERANCE * 3) return null;
  let sum = 0;
  let sumY = 0;
  let columns = 0;
  for (let x = Math.max(0, t.box.left); x < Math.min(width, t.box.left + h); x++) {
    let w = 0;
    let wy = 0;
    let first = -1;
    let last = -1;
    for (let y = top; y < bottom; y++) {
      const d = colourDistance(rgb[y * width + x]!, background);
      if (d <= BG_TOLERANCE) continue;
      const share = Math.min(1, d / contrast);
      w += share;
      wy += share * y;
      if (share >= 0.35) {
        if (first < 0) first = y;
        last = y;
      }
    }
    if (w < 0.35) {
      if (columns > 0) break; // the gap between the tick and the digits
      continue;
    }
    // A glyph column is tall; the tick is a stroke at most a third of the text high.
    if (first < 0 || last - first + 1 > Math.max(2, h / 3)) return null;
    sum += w;
    sumY += wy;
    columns++;
  }
  if (columns < 2 || columns >= h) return null;
  const thickness = sum / columns;
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
    (g) => !g.dotted && g.end - g.start >= 0.6 * plotW && g.at >= plot.top - 2 && g.at <= plot.bottom + 2,
  );
  if (long.length < 4) return false;
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
  if (lines.length < 4) return false;
  const gaps = lines.slice(1).map((y, i) => y - lines[i]!);
  const gap = [...gaps].sort((a, b) => a - b)[gaps.length >> 1]!;
  if (gap < 8 || gaps.filter((g) => Math.abs(g - gap) <= 2).length < 3) return false;
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
  if (!Number.isFinite(labelGap) || labelGap < 4) return false;
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
    return Math.min(d, unitPx - d) <= 1.5;
  };
  const onLattice = Math.max(...phase.map((a) => phase.filter((b) => near(a, b)).length));
  return onLattice < 0.6 * lines.length;
}

/**
 * Tick labels are centred on their grid line; when the grid is drawn, the line's row is a more
 * precise tick position than the centre of the glyphs. Keep the snapped fit only if it is tighter.
 */
export function snapToGrid(scale: PriceScale, layout: Layout): PriceScale {
  // A grid line may be several rows thick on a scaled capture; its price row is its top row
  // (the same convention as candle edges), its centre is where the label's centre lands.
  // Dotted grids count too: a snap only happens where a label's centre sits on a line.
  const at = layout.gridRows.map((g) => g.at);
  const bands: { top: number; centre: number }[] = [];
  for (let i = 0; i < at.length;) {
    let j = i;
    while (j + 1 < at.length && at[j + 1] === at[j]! + 1 && j - i < 3) j++;
    bands.push({ top: at[i]!, centre: (at[i]! + at[j]!) / 2 });
    i = j + 1;
  }
  if (bands.length < 2) return scale;
  const offsets: number[] = [];
  const rows = scale.labels.map((l) => {
    let best: number | null = null;
    let d = 3.01;
    for (const b of bands) {
      if (Math.abs(b.centre - l.y) < d) [best, d] = [b.top, Math.abs(b.centre - l.y)];
    }
    if (best !== null) offsets.push(best - l.y);
    return best;
  });
  if (offsets.length < Math.max(3, scale.labels.length * 0.6)) return scale;
  // A label whose grid line is not drawn (hidden under a header, a badge or the plot's edge)
  // is moved by the offset the other labels snapped by: one font draws them all, so their
  // glyphs sit alike off their rows.
  const median = [...offsets].sort((a, b) => a - b)[offsets.length >> 1]!;
  const snapped = scale.labels.map((l, i) => ({ ...l, y: rows[i] ?? l.y + median }));
  const refit = fitPriceScale(snapped, 1.5);
  if (!refit || refit.labels.length < scale.labels.length * 0.8) return scale;
  return refit;
}

/**
 * Without a grid, label glyph centres can sit a pixel or so off their ticks (fonts differ). The
 * last-price badge states a price and its horizontal price line marks the exact row of that
 * price: when both are present, that row corrects the fitted scale's offset.
 */
function anchorOnPriceLine(scale: PriceScale, layout: Layout, badges: AxisLabel[]): PriceScale {
  const plotW = layout.plot.right - layout.plot.left + 1;
  for (const b of badges) {
    const line = layout.gridRows.find((g) => Math.abs(g.at - b.y) <= 4 && g.end - g.start >= plotW * 0.5);
    if (!line) continue;
    // Thick lines: the price row is the line's top row, as for candle edges.
    let top = line.at;
    while (layout.gridRows.some((g) => g.at === top - 1)) top--;
    const offset = top - priceToY(scale, b.price);
    if (!(Math.abs(offset) <= 4)) continue;
    return {
      ...scale,
      intercept: scale.intercept - scale.slope * offset,
      labels: scale.labels.map((l) => ({ ...l, y: l.y + offset })),
    };
  }
  return scale;
}

function toPrices(c: PixelCandle, s: PriceScale): ReadCandle {
  const bull = c.direction >= 0;
  const openY = bull ? c.bodyBottom : c.bodyTop;
  const closeY = bull ? c.bodyTop : c.bodyBottom;
  const open = yToPrice(s, openY);
  const close = yToPrice(s, closeY);
  const high = Math.max(yToPrice(s, c.highY), open, close);
  const low = Math.min(yToPrice(s, c.lowY), open, close);
  const digits = decimalsOf(s);
  return {
    x: round(c.x, 1),
    open: round(open, digits),
    high: round(high, digits),
    low: round(low, digits),
    close: round(close, digits),
  };
}

/** Enough decimals that rounding never moves a price by more than a tenth of a pixel. */
function decimalsOf(s: PriceScale): number {
  const perPx = Math.abs(s.mode === 'log' ? s.slope * Math.exp(s.intercept) : s.slope);
  const d = Math.ceil(-Math.log10(perPx / 10));
  return Math.max(0, Math.min(10, Number.isFinite(d) ? d : 6));
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
  for (let k = 3; k <= classes; k++) {
    const longest: number[] = [];
    let span = 0;
    let widest = 0;
    for (let x = 0; x < pw; x++) {
      let run = 0;
      let best = 0;
      for (let y = 0, i = x; y < ph; y++, i += pw) {
        if (ink[i] === k) {
          if (++run > best) best = run;
        } else run = 0;
      }
      if (best > 0) longest.push(best);
      span = best > 0 ? span + 1 : 0;
      if (span > widest) widest = span;
    }
    if (longest.length < pw * 0.3) continue;
    longest.sort((a, b) => a - b);
    const p75 = longest[Math.floor(longest.length * 0.75)]!;
    if (p75 > 5 && widest < pw * 0.25) continue;
    for (let i = 0; i < ink.length; i++) if (ink[i] === k) ink[i] = 0;
  }
}
