import type { TimeframeAnalysis } from '../analysis/types';
import type { ChartReading } from '../vision/types';
import { formatPrice, type Instrument } from '../instruments';
import type { Slot } from './types';

/** One slot's reading and analysis with the look-ups the planner needs repeatedly. */
export interface SlotData {
  readonly slot: Slot;
  readonly reading: ChartReading;
  readonly analysis: TimeframeAnalysis;
  /** Highest high of bars strictly after index i (suffixHigh[n-1] = -Infinity). */
  readonly suffixHigh: Float64Array;
  /** Lowest low of bars strictly after index i. */
  readonly suffixLow: Float64Array;
  /** ATR(14) at the last bar, or the mean bar range when ATR is not warmed up. */
  readonly atr: number;
  readonly lastClose: number;
}

export function slotData(slot: Slot, reading: ChartReading, analysis: TimeframeAnalysis): SlotData {
  const candles = reading.candles;
  const n = candles.length;
  const suffixHigh = new Float64Array(n);
  const suffixLow = new Float64Array(n);
  let hi = -Infinity;
  let lo = Infinity;
  for (let i = n - 1; i >= 0; i--) {
    suffixHigh[i] = hi;
    suffixLow[i] = lo;
    const c = candles[i]!;
    if (c.high > hi) hi = c.high;
    if (c.low < lo) lo = c.low;
  }
  let atr = analysis.indicators.atr14.last ?? Number.NaN;
  if (!(atr > 0)) {
    let sum = 0;
    for (const c of candles) sum += c.high - c.low;
    atr = n > 0 ? sum / n : 0;
  }
  if (!(atr > 0)) atr = Math.max(1e-9, (analysis.priceRange.high - analysis.priceRange.low) / 20);
  const last = candles[n - 1];
  return {
    slot,
    reading,
    analysis,
    suffixHigh,
    suffixLow,
    atr,
    lastClose: last ? last.close : analysis.lastClose,
  };
}

/** True while no later bar has traded above `price` (a swing high's buy-side liquidity still rests). */
export const intactAbove = (d: SlotData, index: number, price: number) =>
  index >= d.suffixHigh.length - 1 || d.suffixHigh[index]! < price;
/** True while no later bar has traded below `price`. */
export const intactBelow = (d: SlotData, index: number, price: number) =>
  index >= d.suffixLow.length - 1 || d.suffixLow[index]! > price;

/** The planner's view of the three charts plus the instrument. */
export interface PlanContext {
  readonly instrument: Instrument;
  readonly s4h: SlotData;
  readonly s15m: SlotData;
  readonly s5m: SlotData;
  /** The current price: the latest 5m close. */
  readonly price: number;
  readonly fmt: (p: number) => string;
}

export function planContext(
  instrument: Instrument,
  s4h: SlotData,
  s15m: SlotData,
  s5m: SlotData,
): PlanContext {
  return {
    instrument,
    s4h,
    s15m,
    s5m,
    price: s5m.lastClose,
    fmt: (p: number) => formatPrice(p, instrument),
  };
}
