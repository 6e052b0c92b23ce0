import type { RgbaImage } from '../core/image';
import { EngineError } from '../core/errors';
import { TIMEFRAME_MINUTES } from '../core/ohlc';
import type { Timeframe } from '../core/ohlc';
import { toRaster } from './raster';
import type { Raster } from './raster';
import { ScratchArray } from './scratch';
import { nextNonZero, wordView } from './byte-scan';
import { findLayout } from './layout';
import type { Layout } from './layout';
import { readStrip } from './axis-locate';
import { anchorOnLegend, anchorOnPriceLine, axisLabels, gridContradicts, snapToGrid } from './axis-scale';
import type { CandleRows } from './axis-scale';
import { learnPalette, classifyInk } from './palette';
import { liftOverlays } from './overlays';
import { extractCandles, bridgeOccluders } from './candles';
import type { PixelCandle } from './candles';
import { fitPriceScale } from './scale-fit';
import type { AxisLabel } from './scale-fit';
import { priceToY, yToPrice } from './price-scale';
import type { ChartReading, PlotRect, PriceScale, ReadCandle } from './types';
import { readLegendOhlc, readTitleTokens, identifyTitle, solveAxisLabels } from './text';
import type { TextToken } from './text';
import { forgetGlyphGuesses } from './text/read-text';

/** The raster never leaves readChart: one pixel array serves every read. */
const rasterPixels = new ScratchArray((n) => new Uint32Array(n));

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
  // Glyphs repeat within a chart, not across charts: a fresh memo keeps reads independent.
  forgetGlyphGuesses();
  const raster = toRaster(image, rasterPixels);
  let layout = findLayout(raster, image);
  if (!layout) throw noChart('no chart area');
  // Translucent zones a trader drew over the candles are lifted off the plot; the layout (whose
  // grid lines changed colour where they crossed a zone) is then found again on the clean pixels,
  // and the candle colours are learned from them (inside a zone they were blends of two colours).
  const drawings = liftOverlays(raster, layout);
  if (drawings.length > 0) {
    layout =
      findLayout(
        raster,
        image,
        drawings.map((d) => d.rect),
      ) ?? layout;
  }
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

  const stripTokens = axisTokens(image, raster, layout);
  let { labels, badges } = axisLabels(raster, layout, stripTokens);
  let fitted = fitPriceScale(labels);
  // Labels in a font the glyph templates do not know: read them again together (one font, one
  // steady price step), only when read one by one they fit no scale.
  const solved = !fitted || fitted.labels.length < 3 ? solveAxisLabels(stripTokens) : null;
  if (solved) {
    ({ labels, badges } = axisLabels(raster, layout, solved));
    fitted = fitPriceScale(labels);
  }
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
  if (candlesBeyondLabels(fitted, pixelCandles) > 0.2) {
    throw new EngineError(
      'AXIS_UNREADABLE',
      'The price axis could not be read: the numbers read beside the chart cover only part of it, so they may not be its price labels. Make sure the price labels on the chart’s right (or left) edge are visible and not cropped.',
      { labelsRead: labels.length },
    );
  }
  const legend = readLegendOhlc(titleTokens);
  const priceScale = placeScale(fitted, layout, badges, legend, pixelCandles.at(-1)!);
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
  // So many junk shapes mean the shapes themselves were cut wrongly (a dense chart split at a
  // wrong spacing reads half its bars twice): what is left cannot be trusted either.
  const unjoined = 1 - candles.length / allCandles.length;
  if (unjoined > MAX_UNJOINED) {
    throw new EngineError(
      'NO_CHART_FOUND',
      `The candles on this chart could not be read reliably: ${Math.round(unjoined * 100)} % of them open away from the previous close and close away from the next open. Upload a sharper screenshot (PNG rather than JPEG) with fewer, wider candles and no other panes.`,
      { unjoinedShare: round(unjoined, 2) },
    );
  }
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

/**
 * Where the fitted scale's rows lie: on the grid lines the labels sit on, else on a last-price
 * line whose price a badge states, else where the legend's O/H/L/C put the last candle's rows.
 * Each is exact where glyph centres are not (see axis-scale.ts).
 */
function placeScale(
  fitted: PriceScale,
  layout: Layout,
  badges: AxisLabel[],
  legend: CandleRows | null,
  last: PixelCandle,
): PriceScale {
  const snapped = snapToGrid(fitted, layout);
  if (snapped !== fitted) return snapped;
  const onLine = anchorOnPriceLine(fitted, layout, badges);
  if (onLine !== fitted || !legend) return onLine;
  const bull = last.direction >= 0;
  return anchorOnLegend(fitted, legend, {
    open: bull ? last.bodyBottom : last.bodyTop,
    high: last.highY,
    low: last.lowY,
    close: bull ? last.bodyTop : last.bodyBottom,
  });
}

/**
 * The text of the axis strip. When the layout found the axis from its labels, that column was
 * read down the whole image already: its tokens centred in the strip are the strip's (reading
 * the strip again cost a tenth of a read at 2560x1440). Else the strip is read.
 */
function axisTokens(image: RgbaImage, raster: Raster, layout: Layout): TextToken[] {
  const s = layout.axisStrip;
  if (!layout.axisTokens) return readStrip(image, raster, s);
  return layout.axisTokens.filter((t) => {
    const x = (t.box.left + t.box.right - 1) / 2;
    const y = (t.box.top + t.box.bottom - 1) / 2;
    return x >= s.left && x <= s.right && y >= s.top && y <= s.bottom;
  });
}

/**
 * Share of the candles reaching further than two label steps beyond the outermost labels. A
 * price axis labels the whole pane, so its candles lie among its labels; a column of other
 * numbers that happens to step evenly (an order book's sizes, a price ladder beside the chart)
 * covers only part of the pane, and most candles then stand beyond it.
 */
export function candlesBeyondLabels(scale: PriceScale, candles: PixelCandle[]): number {
  const rows = scale.labels.map((l) => l.y).sort((a, b) => a - b);
  if (rows.length < 2 || candles.length === 0) return 0;
  const steps = rows
    .slice(1)
    .map((y, i) => y - rows[i]!)
    .sort((a, b) => a - b);
  const step = steps[steps.length >> 1]!;
  const top = rows[0]! - 2 * step;
  const bottom = rows.at(-1)! + 2 * step;
  return candles.filter((c) => c.highY < top || c.lowY > bottom).length / candles.length;
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

/**
 * Below this share of joined bars an intraday reading is refused (a daily one only warned
 * about). Readings kept between 30 and 50 % joined were misread throughout (c60 and ed30: 3 to
 * 52 % of their candles exact: dense charts cut at a wrong spacing, split outlines), so there
 * is no band where such a reading is kept with a warning any more.
 */
export const MIN_JOINED = 0.5;
/** Above this share of candles joining neither neighbour, an intraday reading is refused. */
export const MAX_UNJOINED = 0.35;

/**
 * What the continuity check makes of a reading. Within a trading session every market's bars
 * open where the previous one closed, so on an intraday chart a reading where most bars do not
 * has split, merged or misread candles (junk shapes from another pane, outlines read as
 * candles, JPEG-smeared bodies) and its prices must not be used. On daily and longer charts
 * stocks gap at every bar, so there it only warns. An unread
 * timeframe counts as intraday: the product's charts are intraday forex charts.
 */
export function continuityVerdict(joined: number, timeframe: Timeframe | null): 'ok' | 'warn' | 'refuse' {
  if (joined >= MIN_JOINED) return 'ok';
  return isDaily(timeframe) ? 'warn' : 'refuse';
}

/** A chart's candles stand at one regular spacing; photos and line charts do not. */
function looksLikeCandles(c: PixelCandle[]): boolean {
  const gaps: number[] = [];
  for (let i = 1; i < c.length; i++) gaps.push(c[i]!.x - c[i - 1]!.x);
  const mid = gaps.sort((a, b) => a - b)[gaps.length >> 1] ?? 0;
  // A dense chart's spacing is a fraction (3.4 px: gaps of 3 and 4), so the mean of the gaps
  // near the median one is tried too.
  const near = gaps.filter((g) => g >= mid * 0.5 && g <= mid * 1.5);
  const mean = near.reduce((a, b) => a + b, 0) / near.length;
  const regularAt = (spacing: number) => {
    if (!(spacing >= 1.5)) return false;
    let regular = 0;
    for (let i = 1; i < c.length; i++) {
      const g = (c[i]!.x - c[i - 1]!.x) / spacing;
      if (Math.abs(g - Math.round(g)) < 0.3 && g < 8) regular++;
    }
    return regular >= 0.6 * (c.length - 1);
  };
  return regularAt(mid) || regularAt(mean);
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
      if (k < 0 || rowInk[k * ph + y]! >= pw * 0.5) continue;
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
    if (longest.length < pw * 0.3) continue;
    longest.sort((a, b) => a - b);
    const p75 = longest[Math.floor(longest.length * 0.75)]!;
    if (p75 > 5 && widest < pw * 0.25) continue;
    for (let i = 0; i < ink.length; i++) if (ink[i] === k + 3) ink[i] = 0;
  }
}
