import type { Series, SeriesQueries } from './series';
import type { FairValueGap } from './types';

/**
 * Fair value gaps, the three-candle imbalance, marked on the middle candle as the reference
 * library (smartmoneyconcepts) does: bullish when the middle candle closes up and the first
 * candle's high is below the third candle's low; bearish when it closes down and the first
 * candle's low is above the third candle's high. Known once the third candle exists.
 *
 * `threshold` (multiple of the volatility unit at the middle candle) drops small gaps; 0
 * keeps every gap, which reproduces the reference exactly.
 *
 * Fill tracking starts after the third candle (the reference's MitigatedIndex is our
 * touchedIndex): touched = price reached into the gap, half = reached its midpoint,
 * filled = traded through it.
 */
export function detectFvgs(
  s: Series,
  q: SeriesQueries,
  unit: Float64Array,
  threshold: number,
): FairValueGap[] {
  const out: FairValueGap[] = [];
  const { open, close, high, low } = s;
  for (let i = 1; i + 1 < s.length; i++) {
    const up = close[i]! > open[i]!;
    const down = close[i]! < open[i]!;
    let top: number;
    let bottom: number;
    if (up && high[i - 1]! < low[i + 1]!) {
      top = low[i + 1]!;
      bottom = high[i - 1]!;
    } else if (down && low[i - 1]! > high[i + 1]!) {
      top = low[i - 1]!;
      bottom = high[i + 1]!;
    } else continue;
    const size = top - bottom;
    if (threshold > 0 && size < threshold * unit[i]!) continue;
    const from = i + 2;
    const mid = (top + bottom) / 2;
    const touchedIndex = up ? q.lowReaches(from, top) : q.highReaches(from, bottom);
    const halfFilledIndex = up ? q.lowReaches(from, mid) : q.highReaches(from, mid);
    const filledIndex = up ? q.lowReaches(from, bottom) : q.highReaches(from, top);
    out.push({
      index: i,
      direction: up ? 'bullish' : 'bearish',
      top,
      bottom,
      size,
      status:
        filledIndex !== null
          ? 'filled'
          : halfFilledIndex !== null
            ? 'half-filled'
            : touchedIndex !== null
              ? 'touched'
              : 'open',
      touchedIndex,
      halfFilledIndex,
      filledIndex,
    });
  }
  return out;
}
