/** One bar of price data. `time` is optional: screenshots rarely give exact bar times. */
export interface Ohlc {
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

export interface Bar extends Ohlc {
  /** ISO date-time or epoch ms when known (CSV input); absent for bars read off a screenshot. */
  readonly time?: string | number;
}

/** The timeframes the product knows, normalised ("15" on TradingView and "M15" on MetaTrader are both "15m"). */
export const TIMEFRAMES = ['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '1d', '1w', '1M'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

/** Minutes per bar, for ordering timeframes and checking a chart against its upload slot. */
export const TIMEFRAME_MINUTES: Readonly<Record<Timeframe, number>> = {
  '1m': 1,
  '3m': 3,
  '5m': 5,
  '15m': 15,
  '30m': 30,
  '1h': 60,
  '2h': 120,
  '4h': 240,
  '1d': 1440,
  '1w': 10080,
  '1M': 43200,
};
