import type { Series, SeriesQueries } from './series';
import type { OrderBlock, StructureBreak, Swing, SwingScope, Trend } from './types';

/** Consecutive opposing candles merged into one order block, at most. */
const MAX_OB_CANDLES = 3;

export interface ScopeStructure {
  readonly breaks: StructureBreak[];
  readonly orderBlocks: OrderBlock[];
  /** Trend after the last bar. */
  readonly trend: Trend;
  /** Trend in force at the end of each bar (for wick and divergence context). */
  readonly trendAt: Int8Array;
}

/**
 * Break of structure / change of character for one swing scope, and the order block each
 * break leaves behind. Runs bar by bar: a swing becomes the reference level at its
 * confirmation bar, the first close beyond the latest unbroken swing high (low) is a bullish
 * (bearish) break. A break against the running trend is a CHoCH, one with it a BOS.
 */
export function detectStructure(
  s: Series,
  q: SeriesQueries,
  swings: readonly Swing[],
  scope: SwingScope,
): ScopeStructure {
  const breaks: StructureBreak[] = [];
  const orderBlocks: OrderBlock[] = [];
  const trendAt = new Int8Array(s.length);
  let trend: Trend = 'ranging';
  let hi: Swing | null = null;
  let lo: Swing | null = null;
  let hiBroken = true;
  let loBroken = true;
  let next = 0;
  const { close } = s;

  for (let t = 0; t < s.length; t++) {
    while (next < swings.length && swings[next]!.confirmedIndex <= t) {
      const sw = swings[next++]!;
      if (sw.kind === 'high') {
        hi = sw;
        hiBroken = false;
      } else {
        lo = sw;
        loBroken = false;
      }
    }
    if (hi && !hiBroken && close[t]! > hi.price) {
      hiBroken = true;
      const kind = trend === 'bearish' ? 'CHoCH' : 'BOS';
      trend = 'bullish';
      const br: StructureBreak = {
        index: t,
        kind,
        direction: 'bullish',
        level: hi.price,
        swingIndex: hi.index,
        scope,
      };
      breaks.push(br);
      orderBlocks.push(orderBlockFor(s, q, br));
    }
    if (lo && !loBroken && close[t]! < lo.price) {
      loBroken = true;
      const kind = trend === 'bullish' ? 'CHoCH' : 'BOS';
      trend = 'bearish';
      const br: StructureBreak = {
        index: t,
        kind,
        direction: 'bearish',
        level: lo.price,
        swingIndex: lo.index,
        scope,
      };
      breaks.push(br);
      orderBlocks.push(orderBlockFor(s, q, br));
    }
    trendAt[t] = trend === 'bullish' ? 1 : trend === 'bearish' ? -1 : 0;
  }
  return { breaks, orderBlocks, trend, trendAt };
}

/**
 * The order block of a break: the impulse that broke structure starts at the most extreme bar
 * between the broken swing and the break (lowest low for a bullish break); the block is the
 * last opposing candle at or before that bar (a down-close candle for a bullish break), merged
 * with up to two opposing candles right before it. If the leg holds no opposing candle, the
 * extreme bar itself is used.
 */
function orderBlockFor(s: Series, q: SeriesQueries, br: StructureBreak): OrderBlock {
  const bullish = br.direction === 'bullish';
  const { open, close, high, low } = s;
  const from = br.swingIndex;
  const to = br.index - 1;
  let m = from;
  for (let k = from + 1; k <= to; k++) {
    if (bullish ? low[k]! <= low[m]! : high[k]! >= high[m]!) m = k;
  }
  const opposing = (k: number) => (bullish ? close[k]! < open[k]! : close[k]! > open[k]!);
  let last = m;
  while (last >= from && !opposing(last)) last--;
  if (last < from) last = m;
  let first = last;
  while (first - 1 >= from && last - first + 1 < MAX_OB_CANDLES && opposing(first - 1) && opposing(last))
    first--;
  let top = -Infinity;
  let bottom = Infinity;
  for (let k = first; k <= last; k++) {
    if (high[k]! > top) top = high[k]!;
    if (low[k]! < bottom) bottom = low[k]!;
  }
  const after = br.index + 1;
  const mitigatedIndex = bullish ? q.lowReaches(after, top) : q.highReaches(after, bottom);
  const invalidatedIndex = bullish ? q.closeBelow(after, bottom) : q.closeAbove(after, top);
  return {
    index: last,
    direction: br.direction,
    top,
    bottom,
    fromIndex: first,
    breakIndex: br.index,
    breakKind: br.kind,
    scope: br.scope,
    status: invalidatedIndex !== null ? 'invalidated' : mitigatedIndex !== null ? 'mitigated' : 'untested',
    mitigatedIndex,
    invalidatedIndex,
  };
}
