/**
 * Generated market scenarios for planner tests: one 5-minute path aggregated into 15m and 4h
 * bars (so the three charts agree with each other the way real charts do), turned into chart
 * readings on a 1600x900 screenshot with a linear price scale, and analysed by the real
 * analyzeTimeframe.
 */
import { analyzeTimeframe } from '../../analysis';
import type { TimeframeAnalysis } from '../../analysis/types';
import type { Bar, Timeframe } from '../../core/ohlc';
import type { ChartReading } from '../../vision/types';
import type { Slot } from '../types';

/** Small deterministic PRNG (mulberry32): the same seed always gives the same market. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ScenarioOptions {
  readonly seed: number;
  /** +1 up-trending market, -1 down-trending, 0 no drift. */
  readonly drift: 1 | -1 | 0;
  /** Starting price. */
  readonly start?: number;
  /** Typical 5m move as a fraction of price. */
  readonly volatility?: number;
  /** Number of bars on each chart. */
  readonly bars?: number;
}

/** A zig-zag of legs with random lengths; up legs are longer than down legs when drift > 0. */
function zigzag(
  n: number,
  rand: () => number,
  minLeg: number,
  maxLeg: number,
  amplitude: number,
  drift: number,
) {
  const out = new Float64Array(n);
  let v = 0;
  let dir = rand() < 0.5 ? 1 : -1;
  let i = 0;
  while (i < n) {
    const len = Math.max(1, Math.round(minLeg + rand() * (maxLeg - minLeg)));
    const withTrend = dir === Math.sign(drift) || drift === 0;
    const size = amplitude * (0.5 + rand()) * (withTrend ? 1 : drift === 0 ? 1 : 0.55);
    const step = (dir * size) / len;
    for (let k = 0; k < len && i < n; k++, i++) {
      v += step;
      out[i] = v;
    }
    dir = -dir;
  }
  return out;
}

export function generate5m(opts: ScenarioOptions, count: number): Bar[] {
  const rand = rng(opts.seed);
  const start = opts.start ?? 1.1;
  const vol = (opts.volatility ?? 0.0004) * start;
  const z4h = zigzag(count, rand, 20 * 48, 45 * 48, vol * 90, opts.drift);
  const z15 = zigzag(count, rand, 8 * 3, 30 * 3, vol * 14, opts.drift);
  const z5 = zigzag(count, rand, 4, 16, vol * 4, 0);
  const bars: Bar[] = [];
  let prev = start;
  for (let i = 0; i < count; i++) {
    const close = Math.max(start * 0.2, start + z4h[i]! + z15[i]! + z5[i]! + (rand() - 0.5) * vol);
    const open = prev;
    const high = Math.max(open, close) + rand() * vol * 0.6;
    const low = Math.min(open, close) - rand() * vol * 0.6;
    bars.push({ open, high, low, close });
    prev = close;
  }
  return bars;
}

export function aggregate(bars: readonly Bar[], per: number): Bar[] {
  const out: Bar[] = [];
  // Align groups to the END of the series so the last aggregated bar closes with the last 5m bar.
  const first = bars.length % per;
  for (let i = first; i + per <= bars.length; i += per) {
    let high = -Infinity;
    let low = Infinity;
    for (let k = i; k < i + per; k++) {
      high = Math.max(high, bars[k]!.high);
      low = Math.min(low, bars[k]!.low);
    }
    out.push({ open: bars[i]!.open, high, low, close: bars[i + per - 1]!.close });
  }
  return out;
}

/** A chart reading of `bars` as a 1600x900 screenshot with a linear scale would give. */
export function readingOf(
  bars: readonly Bar[],
  symbol: string | null,
  timeframe: Timeframe | null,
  confidence = 0.95,
): ChartReading {
  const plot = { left: 10, top: 40, right: 1530, bottom: 870 };
  let lo = Infinity;
  let hi = -Infinity;
  for (const b of bars) {
    lo = Math.min(lo, b.low);
    hi = Math.max(hi, b.high);
  }
  const pad = (hi - lo) * 0.05 || 1e-6;
  const top = hi + pad;
  const bottom = lo - pad;
  const slope = -(top - bottom) / (plot.bottom - plot.top);
  const intercept = top - slope * plot.top;
  const spacing = (plot.right - plot.left - 20) / Math.max(1, bars.length);
  return {
    symbol,
    timeframe,
    plot,
    priceScale: { mode: 'linear', slope, intercept, labels: [], residualPx: 0 },
    candles: bars.map((b, i) => ({
      x: Math.round((plot.left + 10 + spacing * (i + 0.5)) * 10) / 10,
      open: b.open,
      high: b.high,
      low: b.low,
      close: b.close,
    })),
    confidence,
    warnings: [],
    style: { kind: 'candles', theme: 'dark', axisSide: 'right' },
    barSpacing: spacing,
  };
}

export interface Scenario {
  readonly readings: Record<Slot, ChartReading>;
  readonly analyses: Record<Slot, TimeframeAnalysis>;
  readonly bars: Record<Slot, Bar[]>;
}

export function analyseReadings(
  readings: Record<Slot, ChartReading>,
  precision?: number,
): Record<Slot, TimeframeAnalysis> {
  const bars = (slot: Slot) =>
    readings[slot].candles.map(({ open, high, low, close }) => ({ open, high, low, close }));
  const p = precision === undefined ? {} : { pricePrecision: precision };
  const a4h = analyzeTimeframe(bars('4h'), { timeframe: '4h', ...p });
  const a15 = analyzeTimeframe(bars('15m'), { timeframe: '15m', higherTimeframe: a4h, ...p });
  const a5 = analyzeTimeframe(bars('5m'), { timeframe: '5m', higherTimeframe: a15, ...p });
  return { '4h': a4h, '15m': a15, '5m': a5 };
}

export function scenario(opts: ScenarioOptions & { symbol?: string | null; precision?: number }): Scenario {
  const n = opts.bars ?? 200;
  const m5 = generate5m(opts, n * 48 + 47);
  const bars: Record<Slot, Bar[]> = {
    '5m': m5.slice(-n),
    '15m': aggregate(m5, 3).slice(-n),
    '4h': aggregate(m5, 48).slice(-n),
  };
  const symbol = opts.symbol === undefined ? 'EURUSD' : opts.symbol;
  const readings: Record<Slot, ChartReading> = {
    '5m': readingOf(bars['5m'], symbol, '5m'),
    '15m': readingOf(bars['15m'], symbol, '15m'),
    '4h': readingOf(bars['4h'], symbol, '4h'),
  };
  return { readings, analyses: analyseReadings(readings, opts.precision ?? 5), bars };
}
