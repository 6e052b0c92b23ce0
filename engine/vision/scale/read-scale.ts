import type { RgbaImage } from '../../core/image';
import { EngineError } from '../../core/errors';
import type { Raster } from '../pixels/raster';
import type { Layout } from '../layout';
import { readStrip } from '../layout';
import type { PixelCandle } from '../candles';
import { readLegendOhlc, solveAxisLabels } from '../text';
import type { TextToken } from '../text';
import type { PriceScale } from '../types';
import {
  anchorOnLegend,
  anchorOnPriceLine,
  axisLabels,
  gridContradicts,
  offGrid,
  snapToFarGrid,
  snapToGrid,
  tagsOnTheirLines,
} from './axis-scale';
import type { CandleRows } from './axis-scale';
import { externalAxisTokens, trustedExternalLabels } from './external-labels';
import { fitPriceScale } from './scale-fit';
import { magnitudeContradicted, pointLostInFit } from './lost-points';
import { roundedLabelsScale } from './tag-scale';
import type { AxisLabel } from './scale-fit';
import { BADGE_AGREES_STEPS, BEYOND_LABELS_SHARE, MIN_LABELS } from './tuning';
import { priceToY } from './price-scale';

/** The fitted and placed price scale, and what it was read from. */
export interface ScaleReading {
  priceScale: PriceScale;
  /** Every axis label read, those the fit left out included. */
  labels: AxisLabel[];
  /** Price tags on the axis (the last price, lines a trader drew). */
  badges: AxisLabel[];
  /** The legend's O/H/L/C, where the chart prints them. */
  legend: CandleRows | null;
  /** How far the placed scale puts the labels' prices off the grid lines beside them (px), or null (axis-scale.ts offGrid). */
  offGridPx: number | null;
  /** The labels sit on tick marks beside the axis (MetaTrader draws them; axis-scale.ts labelRows). */
  onTicks: boolean;
}

/** AXIS_UNREADABLE, with the reason when there is more to say than that the labels were not read. */
export const unreadable = (labelsRead: number, reason?: string) =>
  new EngineError(
    'AXIS_UNREADABLE',
    `The price axis could not be read: ${reason ? `${reason} Make sure` : 'make sure'} the price labels on the chart’s right (or left) edge are visible and not cropped.`,
    { labelsRead },
  );

/** The labels read on the axis and the price scale fitted to them, before it is placed (fitAxisLabels). */
export interface FittedAxis {
  fitted: PriceScale;
  labels: AxisLabel[];
  badges: AxisLabel[];
  /** The labels stand on their tick marks (their rows are the labels' own). */
  onTicks: boolean;
  /** The scale runs through price tags printed in full (labels printed rounded, tag-scale.ts). */
  byTags: boolean;
}

/**
 * The axis labels and the price scale fitted to them: what the image's text alone says, without
 * the candles. Throws AXIS_UNREADABLE when fewer than three labels fit, when `externalLabels`
 * (words a general OCR read on the axis strip, external-labels.ts, which replace the
 * recogniser's tokens) do not step evenly, or when the grid contradicts the fit. readChart calls
 * it before the candle stages where the layout found no axis from its labels, so that a chart
 * whose axis nothing reads is refused (and handed to the OCR) without them.
 */
export function fitAxisLabels(
  image: RgbaImage,
  raster: Raster,
  layout: Layout,
  externalLabels?: readonly TextToken[],
): FittedAxis {
  const stripTokens = externalLabels
    ? externalAxisTokens(raster, layout.axisStrip, externalLabels)
    : axisTokens(image, raster, layout);
  let { labels, badges, onTicks } = axisLabels(raster, layout, stripTokens);
  let fitted = fitPriceScale(labels);
  // Labels in a font the glyph templates do not know: read them again together (one font, one
  // steady price step), only when read one by one they fit no scale.
  const solved =
    !externalLabels && (!fitted || fitted.labels.length < MIN_LABELS) ? solveAxisLabels(stripTokens) : null;
  if (solved) {
    ({ labels, badges, onTicks } = axisLabels(raster, layout, solved));
    fitted = fitPriceScale(labels);
  }
  // Labels printed rounded, which no line fits to the pixel: the scale through price tags
  // printed in full, where the labels agree with it to their rounding (tag-scale.ts).
  const byTags =
    !fitted || fitted.labels.length < MIN_LABELS
      ? roundedLabelsScale(labels, tagsOnTheirLines(layout, badges))
      : null;
  if (byTags) fitted = byTags;
  if (!fitted || fitted.labels.length < MIN_LABELS) throw unreadable(labels.length);
  if (externalLabels && !byTags) {
    const trusted = trustedExternalLabels(fitted);
    if (!trusted) throw unreadable(labels.length, 'the numbers read beside the chart do not step evenly.');
    if (trusted.length < fitted.labels.length) fitted = fitPriceScale(trusted);
    if (!fitted) throw unreadable(labels.length);
  }
  if (pointLostInFit(fitted, labels)) {
    throw unreadable(labels.length, 'some price labels show a decimal point that the others lost.');
  }
  if (magnitudeContradicted(fitted, labels, layout.plot.top, layout.plot.bottom)) {
    throw unreadable(
      labels.length,
      'some price labels read with a decimal point disagree with the others by a power of ten.',
    );
  }
  if (gridContradicts(fitted, layout)) {
    throw unreadable(labels.length, 'the numbers read beside the chart do not match its grid lines.');
  }
  return { fitted, labels, badges, onTicks, byTags: byTags !== null };
}

/**
 * Reads the price axis beside the plot and fits the price scale to it (labels to prices, a
 * linear or logarithmic fit: fitAxisLabels), then places its rows on what marks them exactly.
 * Throws AXIS_UNREADABLE where fitAxisLabels does, and when the labels cover only part of the
 * candles (a column of other numbers). `renderPx` is the candles stage's rendering pixel (the
 * legend anchor's rounding).
 */
export function readPriceScale(
  image: RgbaImage,
  raster: Raster,
  layout: Layout,
  candles: PixelCandle[],
  titleTokens: TextToken[],
  externalLabels?: readonly TextToken[],
  renderPx = 1,
): ScaleReading {
  const { fitted, labels, badges, onTicks, byTags } = fitAxisLabels(image, raster, layout, externalLabels);
  if (candlesBeyondLabels(fitted, candles, badges) > BEYOND_LABELS_SHARE) {
    throw unreadable(
      labels.length,
      'the numbers read beside the chart cover only part of it, so they may not be its price labels.',
    );
  }
  const legend = readLegendOhlc(titleTokens);
  // Labels on their tick marks are on their rows already (axis-scale.ts labelRows).
  // The tags' line is placed by the tags' own rows: a grid line beside a rounded label is not its printed price's row.
  const priceScale =
    onTicks || byTags
      ? fitted
      : placeScale(fitted, layout, raster, badges, legend, candles.at(-1)!, renderPx);
  return { priceScale, labels, badges, legend, offGridPx: offGrid(priceScale, layout), onTicks };
}

/**
 * Where the fitted scale's rows lie: on the grid lines the labels sit on, else on faint grid lines
 * each label is printed beside at one distance, else on a last-price
 * line whose price a badge states, else where the legend's O/H/L/C put the last candle's rows.
 * Each is exact where glyph centres are not (see axis-scale.ts).
 */
function placeScale(
  fitted: PriceScale,
  layout: Layout,
  raster: Raster,
  badges: AxisLabel[],
  legend: CandleRows | null,
  last: PixelCandle,
  renderPx: number,
): PriceScale {
  const snapped = snapToGrid(fitted, layout);
  if (snapped !== fitted) return snapped;
  const far = snapToFarGrid(fitted, layout, raster);
  if (far !== fitted) return far;
  const onLine = anchorOnPriceLine(fitted, layout, badges, raster);
  if (onLine !== fitted || !legend) return onLine;
  const bull = last.direction >= 0;
  return anchorOnLegend(
    fitted,
    legend,
    {
      open: bull ? last.bodyBottom : last.bodyTop,
      high: last.highY,
      low: last.lowY,
      close: bull ? last.bodyTop : last.bodyBottom,
    },
    renderPx,
  );
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
 * covers only part of the pane, and most candles then stand beyond it. Price tags on the axis
 * that the scale puts at their own rows (within a quarter of a label step) extend the range:
 * they cover the labels they hide (cTrader stacks the last price, stop and target tags there).
 */
export function candlesBeyondLabels(
  scale: PriceScale,
  candles: PixelCandle[],
  badges: AxisLabel[] = [],
): number {
  const rows = scale.labels.map((l) => l.y).sort((a, b) => a - b);
  if (rows.length < 2 || candles.length === 0) return 0;
  const steps = rows
    .slice(1)
    .map((y, i) => y - rows[i]!)
    .sort((a, b) => a - b);
  const step = steps[steps.length >> 1]!;
  const agreeing = badges
    .filter((b) => Math.abs(priceToY(scale, b.price) - b.y) <= BADGE_AGREES_STEPS * step)
    .map((b) => b.y);
  const top = Math.min(rows[0]!, ...agreeing) - 2 * step;
  const bottom = Math.max(rows.at(-1)!, ...agreeing) + 2 * step;
  return candles.filter((c) => c.highY < top || c.lowY > bottom).length / candles.length;
}
