import { ema } from '../../../../../engine/analysis';
import { buildPracticeBars } from './practice';
import type { Figure, FigureMarker } from './types';

// The moving average in this picture is computed by the analysis engine's own EMA (seeded with
// the first close, as TradingView's ta.ema is), so the line is the one the analysis reports.

const bars = buildPracticeBars(10, [
  { to: 40, bars: 6 },
  { to: 26, bars: 4 },
  { to: 56, bars: 6 },
  { to: 40, bars: 4 },
  { to: 74, bars: 6 },
  { to: 58, bars: 4 },
  { to: 92, bars: 6 },
  { to: 76, bars: 4 },
  { to: 104, bars: 4 },
]);

const ema20 = Array.from(ema(Float64Array.from(bars.map((b) => b.close)), 20, 'first'));

/**
 * Candles whose low reached the average but closed back above it: the "bounces" traders watch.
 * The first 10 bars are skipped (the average is still settling) and only the first candle of
 * each touch is labelled.
 */
const touches = (i: number) => i >= 10 && bars[i]!.low <= ema20[i]! && bars[i]!.close > ema20[i]!;
const bounces: FigureMarker[] = bars.flatMap((_, i) =>
  touches(i) && !touches(i - 1)
    ? [{ bar: i, label: 'Bounce', position: 'below' as const, tone: 'bullish' as const }]
    : [],
);

export const emaPullbackFigure: Figure = {
  id: 'ema-pullbacks',
  title: 'Pullbacks to the 20 EMA in an uptrend',
  description:
    'Price climbs in waves from 1.08100 to about 1.09100. The 20-period exponential moving average rises underneath it; each pullback dips to or near the average and the candles that touch it and close back above it are marked.',
  candles: bars,
  series: [{ values: ema20, tone: 'neutral', label: 'EMA 20' }],
  markers: bounces,
};
