import { closeRow, openRow, type PixelCandle } from '../candles';
import type { PriceScale, ReadCandle } from '../types';
import { yToPrice } from './price-scale';
import { FALLBACK_DECIMALS, MAX_DECIMALS, PIXEL_PARTS } from './tuning';

export const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

/** A candle's pixel rows as prices, rounded to the scale's precision (see decimalsOf). */
export function toPrices(c: PixelCandle, s: PriceScale): ReadCandle {
  const open = yToPrice(s, openRow(c));
  const close = yToPrice(s, closeRow(c));
  const high = Math.max(yToPrice(s, c.highY), open, close);
  const low = Math.min(yToPrice(s, c.lowY), open, close);
  const digits = decimalsOf(s);
  return {
    x: round(c.x, 1),
    open: round(open, digits),
    high: round(high, digits),
    low: round(low, digits),
    close: round(close, digits),
  };
}

/** Enough decimals that rounding never moves a price by more than a tenth of a pixel. */
function decimalsOf(s: PriceScale): number {
  const perPx = Math.abs(s.mode === 'log' ? s.slope * Math.exp(s.intercept) : s.slope);
  const d = Math.ceil(-Math.log10(perPx / PIXEL_PARTS));
  return Math.max(0, Math.min(MAX_DECIMALS, Number.isFinite(d) ? d : FALLBACK_DECIMALS));
}
