/**
 * "Key Price Levels" (SPEC.md 2): major support and resistance from the 4h and 15m key-level
 * clusters around the current price, plus weekly and monthly highs/lows when the 4h chart
 * covers enough history to have them.
 */
import type { PlanContext } from './context';
import type { KeyLevels } from './types';
import { BARS_4H_PER_MONTH, BARS_4H_PER_WEEK } from './weights';

interface Candidate {
  readonly price: number;
  readonly text: string;
  /** 1 = 4h, 0 = 15m. */
  readonly tier: number;
  readonly score: number;
}

const MAX_PER_SIDE = 3;

export function buildKeyLevels(ctx: PlanContext): KeyLevels {
  const price = ctx.price;
  const support: Candidate[] = [];
  const resistance: Candidate[] = [];
  // 4h levels come first (they are what larger traders watch); 15m ones fill the list.
  for (const [d, tier] of [
    [ctx.s4h, 1],
    [ctx.s15m, 0],
  ] as const) {
    for (const k of d.analysis.keyLevels) {
      const c = {
        price: k.price,
        text: `${ctx.fmt(k.price)} (${d.slot}, ${k.touches} touch${k.touches === 1 ? '' : 'es'})`,
        tier,
        score: k.score,
      };
      (k.price < price ? support : resistance).push(c);
    }
  }
  // The 4h dealing range's extremes are support/resistance even when they were touched once.
  const pd = ctx.s4h.analysis.premiumDiscount;
  const range = ctx.s4h.analysis.priceRange;
  const low = pd?.rangeLow ?? range.low;
  const high = pd?.rangeHigh ?? range.high;
  if (low < price) support.push({ price: low, text: `${ctx.fmt(low)} (4h range low)`, tier: 1, score: 0 });
  if (high > price)
    resistance.push({ price: high, text: `${ctx.fmt(high)} (4h range high)`, tier: 1, score: 0 });

  const pick = (list: Candidate[]) => {
    // Two levels closer than a quarter of a 4h ATR are the same level for a trader.
    const minGap = 0.25 * ctx.s4h.atr;
    const chosen: Candidate[] = [];
    const take = (candidates: Candidate[], limit: number) => {
      for (const c of candidates) {
        if (chosen.length >= limit) break;
        if (chosen.every((x) => Math.abs(x.price - c.price) >= minGap)) chosen.push(c);
      }
    };
    const byScore = (a: Candidate, b: Candidate) =>
      b.score - a.score || Math.abs(a.price - price) - Math.abs(b.price - price);
    // Up to two 4h levels first (what larger traders watch), then the strongest of the rest.
    take(list.filter((c) => c.tier === 1).sort(byScore), MAX_PER_SIDE - 1);
    take([...list].sort(byScore), MAX_PER_SIDE);
    // Nearest to price first: the order a trader meets them.
    return chosen.sort((a, b) => Math.abs(a.price - price) - Math.abs(b.price - price)).map((c) => c.text);
  };

  const result: { -readonly [K in keyof KeyLevels]: KeyLevels[K] } = {
    majorSupport: pick(support),
    majorResistance: pick(resistance),
  };

  // Screenshots carry no bar times, so a "week" is the last 30 4h bars (5 trading days x 6)
  // and a "month" the last 132 (22 x 6); the labels say so.
  const candles = ctx.s4h.reading.candles;
  const n = candles.length;
  const hiLo = (from: number, to: number) => {
    let hi = -Infinity;
    let lo = Infinity;
    for (let i = Math.max(0, from); i < to; i++) {
      const c = candles[i]!;
      if (c.high > hi) hi = c.high;
      if (c.low < lo) lo = c.low;
    }
    return { hi, lo };
  };
  if (n >= BARS_4H_PER_WEEK) {
    const week = hiLo(n - BARS_4H_PER_WEEK, n);
    const weekly = [
      `${ctx.fmt(week.hi)} (high of the last 5 trading days)`,
      `${ctx.fmt(week.lo)} (low of the last 5 trading days)`,
    ];
    if (n >= 2 * BARS_4H_PER_WEEK) {
      const prev = hiLo(n - 2 * BARS_4H_PER_WEEK, n - BARS_4H_PER_WEEK);
      weekly.push(`${ctx.fmt(prev.hi)} (previous week's high)`, `${ctx.fmt(prev.lo)} (previous week's low)`);
    }
    result.weeklyLevels = weekly;
  }
  if (n >= BARS_4H_PER_MONTH) {
    const month = hiLo(n - BARS_4H_PER_MONTH, n);
    result.monthlyLevels = [
      `${ctx.fmt(month.hi)} (high of the last 22 trading days)`,
      `${ctx.fmt(month.lo)} (low of the last 22 trading days)`,
    ];
  }
  return result;
}
