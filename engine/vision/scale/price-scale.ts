import type { PriceScale } from '../types';

/** Image row of a price on the chart's scale (inverse of yToPrice). */
export function priceToY(scale: PriceScale, price: number): number {
  if (scale.mode === 'log') return (Math.log(price) - scale.intercept) / scale.slope;
  return (price - scale.intercept) / scale.slope;
}

/** Price at an image row (y may be fractional). */
export function yToPrice(scale: PriceScale, y: number): number {
  const v = scale.intercept + scale.slope * y;
  return scale.mode === 'log' ? Math.exp(v) : v;
}
