import type { Series } from './series';

/**
 * Decimals to print prices with when the caller does not say: the fewest decimals (up to 5)
 * that represent the first bars' prices exactly; prices carrying more (as read off a
 * screenshot) fall back to a magnitude rule (5 below 10, 3 below 1000, else 2).
 */
export function inferPrecision(s: Series): number {
  const sample = Math.min(s.length, 200);
  let decimals = 0;
  let magnitude = 0;
  for (let i = 0; i < sample; i++) {
    for (const v of [s.open[i]!, s.high[i]!, s.low[i]!, s.close[i]!]) {
      magnitude = Math.max(magnitude, Math.abs(v));
      let d = 0;
      while (d <= 5 && Math.abs(Math.round(v * 10 ** d) / 10 ** d - v) > 1e-9 * Math.max(1, Math.abs(v))) d++;
      decimals = Math.max(decimals, d);
    }
  }
  if (decimals <= 5) return decimals;
  return magnitude < 10 ? 5 : magnitude < 1000 ? 3 : 2;
}

export const formatPrice = (value: number, precision: number) => value.toFixed(precision);

export const formatZone = (bottom: number, top: number, precision: number) =>
  `${formatPrice(bottom, precision)}-${formatPrice(top, precision)}`;
