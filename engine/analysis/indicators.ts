import type { EmaSeed, IndicatorSeries } from './types';
import type { Series } from './series';

/** Plain array copy (JSON-friendly); a loop is several times faster than Array.from here. */
function toArray(values: Float64Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) out.push(values[i]!);
  return out;
}

function seriesOf(period: number, values: Float64Array, reliableFrom?: number): IndicatorSeries {
  let warmup = 0;
  while (warmup < values.length && Number.isNaN(values[warmup]!)) warmup++;
  const lastValue = values.length > 0 ? values[values.length - 1]! : NaN;
  return {
    period,
    warmup,
    values: toArray(values),
    last: Number.isNaN(lastValue) ? null : lastValue,
    reliableFrom: Math.min(values.length, Math.max(warmup, reliableFrom ?? warmup)),
  };
}

/**
 * Exponential moving average with smoothing 2 / (period + 1).
 * 'first' seeds with the first value (TradingView's ta.ema); 'sma' seeds bar period-1 with the
 * simple average of the first `period` values and leaves the bars before undefined (NaN).
 */
export function ema(values: Float64Array, period: number, seed: EmaSeed): Float64Array {
  const n = values.length;
  const out = new Float64Array(n).fill(NaN);
  const alpha = 2 / (period + 1);
  let start: number;
  let prev: number;
  if (seed === 'first') {
    if (n === 0) return out;
    prev = values[0]!;
    out[0] = prev;
    start = 1;
  } else {
    if (n < period) return out;
    let sum = 0;
    for (let i = 0; i < period; i++) sum += values[i]!;
    prev = sum / period;
    out[period - 1] = prev;
    start = period;
  }
  for (let i = start; i < n; i++) {
    prev = alpha * values[i]! + (1 - alpha) * prev;
    out[i] = prev;
  }
  return out;
}

/**
 * Wilder's smoothing (RMA): the first value is the simple mean of the first `period` inputs,
 * then avg = (avg * (period - 1) + x) / period. Inputs start at `from`.
 */
function wilder(values: Float64Array, period: number, from: number): Float64Array {
  const n = values.length;
  const out = new Float64Array(n).fill(NaN);
  if (n - from < period) return out;
  let sum = 0;
  for (let i = from; i < from + period; i++) sum += values[i]!;
  let avg = sum / period;
  out[from + period - 1] = avg;
  for (let i = from + period; i < n; i++) {
    avg = (avg * (period - 1) + values[i]!) / period;
    out[i] = avg;
  }
  return out;
}

/** RSI with Wilder smoothing of gains and losses; first defined at bar `period`. */
export function rsi(closes: Float64Array, period: number): Float64Array {
  const n = closes.length;
  const gains = new Float64Array(n);
  const losses = new Float64Array(n);
  for (let i = 1; i < n; i++) {
    const d = closes[i]! - closes[i - 1]!;
    if (d > 0) gains[i] = d;
    else losses[i] = -d;
  }
  const g = wilder(gains, period, 1);
  const l = wilder(losses, period, 1);
  const out = new Float64Array(n).fill(NaN);
  for (let i = 0; i < n; i++) {
    const ag = g[i]!;
    const al = l[i]!;
    if (Number.isNaN(ag)) continue;
    // No losses at all: RSI is 100 by definition (50 when the price did not move either).
    out[i] = al === 0 ? (ag === 0 ? 50 : 100) : 100 - 100 / (1 + ag / al);
  }
  return out;
}

export function trueRange(s: Series): Float64Array {
  const tr = new Float64Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const hl = s.high[i]! - s.low[i]!;
    if (i === 0) {
      tr[i] = hl;
      continue;
    }
    const pc = s.close[i - 1]!;
    tr[i] = Math.max(hl, Math.abs(s.high[i]! - pc), Math.abs(s.low[i]! - pc));
  }
  return tr;
}

/** ATR: Wilder smoothing of the true range (first defined at bar period-1). */
export function atr(s: Series, period: number, tr = trueRange(s)): Float64Array {
  return wilder(tr, period, 0);
}

/**
 * A volatility yardstick defined from the first bar: the ATR once it exists, before that the
 * mean true range so far. Tolerances ("equal" highs, "near" a level) scale with it so the
 * engine needs no per-instrument constants.
 */
export function volatilityUnit(atrValues: Float64Array, tr: Float64Array): Float64Array {
  const out = new Float64Array(tr.length);
  let sum = 0;
  for (let i = 0; i < tr.length; i++) {
    sum += tr[i]!;
    const a = atrValues[i]!;
    out[i] = Number.isNaN(a) ? sum / (i + 1) : a;
  }
  return out;
}

export interface ComputedIndicators {
  readonly ema20: Float64Array;
  readonly ema50: Float64Array;
  readonly ema200: Float64Array;
  readonly rsi14: Float64Array;
  readonly atr14: Float64Array;
  readonly unit: Float64Array;
}

export function computeIndicators(s: Series, seed: EmaSeed): ComputedIndicators {
  const tr = trueRange(s);
  const atr14 = atr(s, 14, tr);
  return {
    ema20: ema(s.close, 20, seed),
    ema50: ema(s.close, 50, seed),
    ema200: ema(s.close, 200, seed),
    rsi14: rsi(s.close, 14),
    atr14,
    unit: volatilityUnit(atr14, tr),
  };
}

export function describeIndicators(c: ComputedIndicators, seed: EmaSeed) {
  return {
    emaSeed: seed,
    ema20: seriesOf(20, c.ema20, 19),
    ema50: seriesOf(50, c.ema50, 49),
    ema200: seriesOf(200, c.ema200, 199),
    rsi14: seriesOf(14, c.rsi14),
    atr14: seriesOf(14, c.atr14),
  };
}
