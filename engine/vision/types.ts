import type { Timeframe } from '../core/ohlc';

/** A rectangle in image pixels. `right`/`bottom` are the last column/row inside the plot. */
export interface PlotRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A rectangle's area in px (its edges are inclusive). */
export const rectArea = (r: PlotRect) => (r.right - r.left + 1) * (r.bottom - r.top + 1);

export interface PriceScale {
  mode: 'linear' | 'log';
  /** linear: price = intercept + slope * y ; log: ln(price) = intercept + slope * y  (y in image px) */
  slope: number;
  intercept: number;
  /** The axis labels actually used in the fit. */
  labels: { y: number; price: number; text: string }[];
  /** RMS fit residual in px. */
  residualPx: number;
}

/** One candle (or OHLC bar) read off the image; x is the candle centre in image px. */
export interface ReadCandle {
  x: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface ChartStyle {
  kind: 'candles' | 'bars';
  theme: 'dark' | 'light';
  axisSide: 'left' | 'right';
}

/** Everything readChart learns from one screenshot. Plain data: JSON-serialisable. */
export interface ChartReading {
  symbol: string | null;
  timeframe: Timeframe | null;
  plot: PlotRect;
  priceScale: PriceScale;
  /** Left to right. */
  candles: ReadCandle[];
  /** 0..1 */
  confidence: number;
  warnings: string[];
  style: ChartStyle;
  /** Median distance between neighbouring candle centres, image px. */
  barSpacing: number;
  /** 'data' when the candles came from the chart's data export (exact prices), not pixels. */
  source?: 'image' | 'data';
}
