import type { ReadCandle } from '../types';

/**
 * Opens and closes of bars whose bodies cannot be seen (1 px strokes: MetaTrader at its smallest
 * zooms draws each bar as one high-low stroke in its direction's colour, body and wick alike),
 * estimated from what continuity says about them. The stroke's ends are no open and close: a
 * bar opens where the previous one closed, and that price lies in both bars' ranges. So between
 * two neighbouring bars whose ranges overlap, one price is both the close of the first and the
 * open of the second: taken as the mean of the two stroke ends that stand for them (the first's
 * close end, the second's open end, each placed by its colour), held inside the overlap. A body
 * that was read (`known`) gives its own close (open) to its neighbour instead. A bar keeps its
 * stroke's ends where the estimate would contradict its colour (a bull closing below its open),
 * and at a side with no neighbour (the last bar's close, a bar past a missing one).
 *
 * An estimate, not a reading: the warning that these opens and closes cannot be told stays.
 * `reach` is how far apart (px) two bars may stand and still be neighbours (a missing bar
 * between them breaks the chain). Returns new candles; the input is left as it was.
 */
export function estimateHiddenBodies(
  candles: readonly ReadCandle[],
  known: (c: ReadCandle) => boolean,
  reach: number,
): ReadCandle[] {
  const n = candles.length;
  // boundary[i]: the price where candle i closes and candle i + 1 opens (null: no estimate).
  const boundary: (number | null)[] = new Array<number | null>(Math.max(0, n - 1)).fill(null);
  for (let i = 0; i + 1 < n; i++) {
    const a = candles[i]!;
    const b = candles[i + 1]!;
    if (b.x - a.x > reach) continue;
    const lo = Math.max(a.low, b.low);
    const hi = Math.min(a.high, b.high);
    if (lo > hi) continue;
    const ka = known(a);
    const kb = known(b);
    if (ka && kb) continue;
    const guess = ka ? a.close : kb ? b.open : (a.close + b.open) / 2;
    boundary[i] = Math.min(hi, Math.max(lo, guess));
  }
  return candles.map((c, i) => {
    if (known(c)) return { ...c };
    const open = i > 0 ? (boundary[i - 1] ?? c.open) : c.open;
    const close = i + 1 < n ? (boundary[i] ?? c.close) : c.close;
    const colour = Math.sign(c.close - c.open);
    if (colour !== 0 && Math.sign(close - open) !== colour) return { ...c };
    return { ...c, open, close };
  });
}
