/**
 * A chart's data export (TradingView or MetaTrader CSV, parsed by the caller) stands in for its
 * screenshot: the bars become a "reading" with exact prices and confidence 1, laid out on a
 * virtual plot so the overlay geometry (zones, lines, candles) works exactly as for an image.
 * The server renders the same virtual plot as the slot's thumbnail.
 */
import { EngineError } from '../core/errors';
import type { Bar, Timeframe } from '../core/ohlc';
import type { ChartReading } from '../vision/types';

/** A slot filled from data: the bars oldest first and their timeframe when known. */
export interface ChartData {
  readonly bars: readonly Bar[];
  readonly timeframe: Timeframe | null;
}

export const isChartData = (input: object): input is ChartData => 'bars' in input;

/**
 * Bars analysed from a data export: the newest ones, about what a screenshot shows (a chart at
 * its default zoom shows 150-300 candles); the analysis of structure and zones is built for that.
 */
export const DATA_MAX_BARS = 300;
/** Virtual plot: px between candle centres and the plot height, the size of a typical screenshot. */
const DATA_BAR_SPACING = 6;
const DATA_PLOT_HEIGHT = 600;
/** Empty space above the highest high and below the lowest low, as a share of the range. */
const DATA_PRICE_PAD = 0.06;

/** The reading of a data export: every bar exactly, on a virtual linear plot. */
export function readingFromData(data: ChartData): ChartReading {
  const all = data.bars;
  if (all.length === 0) throw new EngineError('INVALID_INPUT', 'The data file has no bars.');
  const bars = all.slice(-DATA_MAX_BARS);
  let hi = -Infinity;
  let lo = Infinity;
  for (const b of bars) {
    if (b.high > hi) hi = b.high;
    if (b.low < lo) lo = b.low;
  }
  const pad = Math.max((hi - lo) * DATA_PRICE_PAD, hi * 1e-6);
  const top = hi + pad;
  const bottom = lo - pad;
  const width = bars.length * DATA_BAR_SPACING;
  const plot = { left: 0, top: 0, right: width - 1, bottom: DATA_PLOT_HEIGHT - 1 };
  // price = intercept + slope * y: the top row is `top`, the bottom row `bottom`.
  const slope = (bottom - top) / (DATA_PLOT_HEIGHT - 1);
  return {
    symbol: null,
    timeframe: data.timeframe,
    plot,
    priceScale: { mode: 'linear', slope, intercept: top, labels: [], residualPx: 0 },
    candles: bars.map((b, i) => ({
      x: i * DATA_BAR_SPACING + DATA_BAR_SPACING / 2,
      open: b.open,
      high: b.high,
      low: b.low,
      close: b.close,
    })),
    confidence: 1,
    warnings:
      all.length > bars.length
        ? [
            `the data file has ${all.length} bars; the newest ${bars.length} were analysed, as a chart at its usual zoom shows.`,
          ]
        : [],
    style: { kind: 'candles', theme: 'dark', axisSide: 'right' },
    barSpacing: DATA_BAR_SPACING,
    source: 'data',
  };
}

/** The virtual image a data reading is drawn on (its plot fills it). */
export const dataImageSize = (reading: ChartReading) => ({
  width: reading.plot.right + 1,
  height: reading.plot.bottom + 1,
});
