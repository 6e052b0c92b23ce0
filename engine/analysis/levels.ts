import { DETECTION } from './params';
import type { Series } from './series';
import type { KeyLevel, PremiumDiscount, Swing, Trend, TrendLine } from './types';

/**
 * Premium/discount of the current dealing range: from the latest confirmed swing high and low
 * (swing scope, else internal, else the whole series), each extended by any price made since,
 * to where the last close sits. Above the band around 50% is premium (sell territory), below is
 * discount (buy territory).
 */
export function premiumDiscount(
  s: Series,
  swingScope: readonly Swing[],
  internal: readonly Swing[],
): PremiumDiscount | null {
  const n = s.length;
  if (n === 0) return null;
  const latest = (list: readonly Swing[], kind: 'high' | 'low') => {
    for (let k = list.length - 1; k >= 0; k--) if (list[k]!.kind === kind) return list[k]!;
    return null;
  };
  let hi = latest(swingScope, 'high');
  let lo = latest(swingScope, 'low');
  if (!hi || !lo) {
    hi = latest(internal, 'high');
    lo = latest(internal, 'low');
  }
  let hiIdx = hi ? hi.index : 0;
  let loIdx = lo ? lo.index : 0;
  for (let k = hiIdx + 1; k < n; k++) if (s.high[k]! > s.high[hiIdx]!) hiIdx = k;
  for (let k = loIdx + 1; k < n; k++) if (s.low[k]! < s.low[loIdx]!) loIdx = k;
  const rangeHigh = s.high[hiIdx]!;
  const rangeLow = s.low[loIdx]!;
  const last = s.close[n - 1]!;
  const span = rangeHigh - rangeLow;
  const position = span > 0 ? Math.min(1, Math.max(0, (last - rangeLow) / span)) : 0.5;
  const band = DETECTION.equilibriumBand;
  return {
    rangeHigh,
    rangeLow,
    rangeHighIndex: hiIdx,
    rangeLowIndex: loIdx,
    equilibrium: (rangeHigh + rangeLow) / 2,
    zone: position > 0.5 + band ? 'premium' : position < 0.5 - band ? 'discount' : 'equilibrium',
    position,
  };
}

/**
 * Support and resistance by clustering every swing price (both scopes): prices within the
 * cluster width of a cluster's lowest member join it; clusters touched at least twice are
 * levels, ranked by touches weighted towards recent ones.
 */
export function keyLevels(s: Series, swings: readonly Swing[], unitAtLast: number): KeyLevel[] {
  const n = s.length;
  if (n === 0) return [];
  const seen = new Set<number>();
  const points: Swing[] = [];
  for (const sw of swings) {
    const key = sw.index * 2 + (sw.kind === 'high' ? 1 : 0);
    if (seen.has(key)) continue;
    seen.add(key);
    points.push(sw);
  }
  points.sort((a, b) => a.price - b.price || a.index - b.index);
  const width = DETECTION.keyLevelClusterWidth * unitAtLast;
  const last = s.close[n - 1]!;
  const out: KeyLevel[] = [];
  let start = 0;
  while (start < points.length) {
    let end = start + 1;
    while (end < points.length && points[end]!.price - points[start]!.price <= width) end++;
    if (end - start >= 2) {
      const members = points.slice(start, end);
      let sum = 0;
      let score = 0;
      for (const m of members) {
        sum += m.price;
        score += 0.5 + (0.5 * m.index) / Math.max(1, n - 1);
      }
      const price = sum / members.length;
      const indices = members.map((m) => m.index).sort((a, b) => a - b);
      out.push({
        price,
        kind: price < last ? 'support' : 'resistance',
        top: members[members.length - 1]!.price,
        bottom: members[0]!.price,
        touches: members.length,
        swingIndices: indices,
        firstIndex: indices[0]!,
        lastIndex: indices[indices.length - 1]!,
        score: Math.round(score * 1000) / 1000,
      });
    }
    start = end;
  }
  out.sort((a, b) => b.score - a.score || b.lastIndex - a.lastIndex);
  return out.slice(0, DETECTION.keyLevelCount);
}

/**
 * A trend line fitted (least squares) through the latest run of rising swing lows in a bullish
 * trend, or falling swing highs in a bearish one; with no trend, whichever run is longer.
 */
export function trendLine(s: Series, swings: readonly Swing[], trend: Trend): TrendLine | null {
  const lows = swings.filter((w) => w.kind === 'low');
  const highs = swings.filter((w) => w.kind === 'high');
  const support = latestRun(lows, (prev, cur) => prev.price < cur.price);
  const resistance = latestRun(highs, (prev, cur) => prev.price > cur.price);
  let kind: 'support' | 'resistance';
  if (trend === 'bullish') kind = 'support';
  else if (trend === 'bearish') kind = 'resistance';
  else kind = support.length >= resistance.length ? 'support' : 'resistance';
  const pts = kind === 'support' ? support : resistance;
  if (pts.length < 2) return null;
  let sx = 0;
  let sy = 0;
  for (const p of pts) {
    sx += p.index;
    sy += p.price;
  }
  const mx = sx / pts.length;
  const my = sy / pts.length;
  let sxx = 0;
  let sxy = 0;
  for (const p of pts) {
    sxx += (p.index - mx) ** 2;
    sxy += (p.index - mx) * (p.price - my);
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
  const intercept = my - slope * mx;
  const toIndex = pts[pts.length - 1]!.index;
  let brokenIndex: number | null = null;
  for (let k = toIndex + 1; k < s.length; k++) {
    const v = slope * k + intercept;
    if (kind === 'support' ? s.close[k]! < v : s.close[k]! > v) {
      brokenIndex = k;
      break;
    }
  }
  return {
    kind,
    direction: slope >= 0 ? 'ascending' : 'descending',
    slope,
    intercept,
    swingIndices: pts.map((p) => p.index),
    fromIndex: pts[0]!.index,
    toIndex,
    valueAtLast: slope * (s.length - 1) + intercept,
    brokenIndex,
  };
}

function latestRun(list: readonly Swing[], ok: (prev: Swing, cur: Swing) => boolean): Swing[] {
  if (list.length === 0) return [];
  const run = [list[list.length - 1]!];
  for (let k = list.length - 2; k >= 0 && run.length < DETECTION.trendLinePoints; k--) {
    if (!ok(list[k]!, run[0]!)) break;
    run.unshift(list[k]!);
  }
  return run;
}
