import type { Series } from './series';
import type { Swing, SwingScope } from './types';

/**
 * Swing highs and lows with `length` bars each side. A bar is a swing high when its high is at
 * least every high of the `length` bars before it and strictly above every high of the
 * `length` bars after it (so of two equal tops the later one counts, the earlier one having
 * been matched). It is confirmed at bar index + length: only bars already present decide, so
 * appending bars never adds, removes or moves a confirmed swing.
 *
 * Returned in confirmation order, which is also index order.
 */
export function detectSwings(s: Series, length: number, scope: SwingScope): Swing[] {
  const out: Swing[] = [];
  const { high, low } = s;
  for (let i = length; i + length < s.length; i++) {
    const h = high[i]!;
    const l = low[i]!;
    let isHigh = true;
    let isLow = true;
    for (let k = 1; k <= length && (isHigh || isLow); k++) {
      const hb = high[i - k]!;
      const ha = high[i + k]!;
      const lb = low[i - k]!;
      const la = low[i + k]!;
      if (hb > h || ha >= h) isHigh = false;
      if (lb < l || la <= l) isLow = false;
    }
    if (isHigh) out.push({ index: i, kind: 'high', price: h, scope, confirmedIndex: i + length });
    if (isLow) out.push({ index: i, kind: 'low', price: l, scope, confirmedIndex: i + length });
  }
  return out;
}
