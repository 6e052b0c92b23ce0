import type { PixelCandle } from '../candles';
import { priceToY } from '../scale/price-scale';
import type { PriceScale, ReadCandle } from '../types';
import { LEGEND_PX } from './tuning';

/** The O/H/L/C a platform prints for its last bar (TradingView's legend, MetaTrader's title). */
export interface PrintedOhlc {
  open: number;
  high: number;
  low: number;
  close: number;
}

/**
 * The last bar with the open and close its pixels cannot tell (a 1 px stroke: MetaTrader's
 * smallest zooms draw each bar as one high-low line, whose ends are its high and low, not its
 * open and close) taken from the prices the platform prints for it, when those describe the bar
 * read: its high and low within LEGEND_PX of the printed ones (a legend of a hovered bar, or one
 * misread, differs). The printed high and low are taken with them: exact where the rows are read
 * to a pixel. Null when the last bar's body was read or the print does not describe it.
 */
export function lastBarFromPrint(
  last: ReadCandle,
  pixel: PixelCandle | undefined,
  printed: PrintedOhlc | null,
  s: PriceScale,
): ReadCandle | null {
  if (!printed || !pixel?.ambiguous) return null;
  const off = (a: number, b: number) => Math.abs(priceToY(s, a) - priceToY(s, b));
  if (off(printed.high, last.high) > LEGEND_PX || off(printed.low, last.low) > LEGEND_PX) return null;
  return { x: last.x, ...printed };
}
