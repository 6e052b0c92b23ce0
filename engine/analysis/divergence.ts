import { DETECTION } from './params';
import type { DivergenceAnswer, RsiDivergence, Swing } from './types';

/**
 * RSI divergences between consecutive swing points of one kind (internal swings):
 * lows - regular bullish: lower low in price, higher low in RSI; hidden bullish: higher low in
 * price, lower low in RSI. Highs mirror this for bearish. Pairs further apart than
 * DETECTION.divergenceMaxSpan bars are not one leg and are skipped.
 */
export function detectDivergences(swings: readonly Swing[], rsi: Float64Array): RsiDivergence[] {
  const out: RsiDivergence[] = [];
  let prevHigh: Swing | null = null;
  let prevLow: Swing | null = null;
  for (const sw of swings) {
    const prev = sw.kind === 'high' ? prevHigh : prevLow;
    if (sw.kind === 'high') prevHigh = sw;
    else prevLow = sw;
    if (!prev) continue;
    const d = compare(prev, sw, rsi);
    if (d) out.push(d);
  }
  return out;
}

function compare(a: Swing, b: Swing, rsi: Float64Array): RsiDivergence | null {
  if (b.index - a.index > DETECTION.divergenceMaxSpan) return null;
  const ra = rsi[a.index]!;
  const rb = rsi[b.index]!;
  if (Number.isNaN(ra) || Number.isNaN(rb)) return null;
  const base = {
    fromIndex: a.index,
    toIndex: b.index,
    priceFrom: a.price,
    priceTo: b.price,
    rsiFrom: ra,
    rsiTo: rb,
  };
  if (b.kind === 'low') {
    if (b.price < a.price && rb > ra) return { kind: 'regular', direction: 'bullish', ...base };
    if (b.price > a.price && rb < ra) return { kind: 'hidden', direction: 'bullish', ...base };
  } else {
    if (b.price > a.price && rb < ra) return { kind: 'regular', direction: 'bearish', ...base };
    if (b.price < a.price && rb > ra) return { kind: 'hidden', direction: 'bearish', ...base };
  }
  return null;
}

/**
 * The latest leg: the newest pair of swing lows and the newest pair of swing highs. If the
 * newer of the two pairs (by its second swing) diverges, that is the answer; otherwise the
 * other pair's divergence, if any.
 */
export function latestDivergence(
  swings: readonly Swing[],
  divergences: readonly RsiDivergence[],
): { answer: DivergenceAnswer; divergence: RsiDivergence | null } {
  let lastLow = -1;
  let lastHigh = -1;
  for (const sw of swings) {
    if (sw.kind === 'low') lastLow = sw.index;
    else lastHigh = sw.index;
  }
  const onLow = divergences.findLast((d) => d.direction === 'bullish' && d.toIndex === lastLow) ?? null;
  const onHigh = divergences.findLast((d) => d.direction === 'bearish' && d.toIndex === lastHigh) ?? null;
  const pick = lastLow >= lastHigh ? (onLow ?? onHigh) : (onHigh ?? onLow);
  if (!pick) return { answer: 'No Divergence', divergence: null };
  return {
    answer: pick.direction === 'bullish' ? 'Bullish Divergence' : 'Bearish Divergence',
    divergence: pick,
  };
}
