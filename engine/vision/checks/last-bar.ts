import type { PixelCandle } from '../candles';
import { round } from '../scale/prices';
import { priceToY } from '../scale/price-scale';
import type { PlotRect, PriceScale, ReadCandle } from '../types';
import { CLIPPED_EDGE_PX, LEGEND_PX } from './tuning';

/** The O/H/L/C a platform prints for its last bar (TradingView's legend, MetaTrader's title). */
export interface PrintedOhlc {
  open: number;
  high: number;
  low: number;
  close: number;
}

/**
 * The last bar as the platform prints it, where the print describes the bar read (decisions 031
 * and 033); null where it does not (a legend of a hovered bar, or one misread, differs), or where
 * nothing is printed.
 *
 * A 1 px stroke (MetaTrader's smallest zooms draw each bar as one high-low line, whose ends are
 * its high and low, not its open and close) takes the print when its high and low lie within
 * LEGEND_PX of the printed ones: the pixels cannot tell its open and close.
 *
 * A bar whose body was read takes the print when all four values lie within LEGEND_PX plus one
 * rendering pixel (`renderPx`) of the printed ones: each printed price is drawn on a row rounded
 * to the rendering pixel, and TradingView ends a wick one rendering pixel short of its low
 * (docs/chart-reader-log.md, tv-wicks), so a bar whose prices are exact can be read that far off;
 * the print is exact. Four values agreeing is what says the print is this bar's.
 *
 * A wick that reaches the plot's top (bottom) edge, or runs on past it, may go on out of view
 * (under a floating toolbar, beyond the pane): its read high (low) is only a bound, which a
 * printed high above it (low below it) agrees with.
 */
export function lastBarFromPrint(
  last: ReadCandle,
  pixel: PixelCandle | undefined,
  printed: PrintedOhlc | null,
  s: PriceScale,
  renderPx: number,
  plot: PlotRect,
): ReadCandle | null {
  if (!printed || !pixel) return null;
  // Signed: > 0 where the print's row lies below the read one.
  const below = (k: keyof PrintedOhlc) => priceToY(s, printed[k]) - priceToY(s, last[k]);
  const off = (k: keyof PrintedOhlc) => {
    if (k === 'high' && pixel.highY <= plot.top + CLIPPED_EDGE_PX) return Math.max(0, below(k));
    if (k === 'low' && pixel.lowY >= plot.bottom - CLIPPED_EDGE_PX) return Math.max(0, -below(k));
    return Math.abs(below(k));
  };
  if (pixel.ambiguous) {
    if (off('high') > LEGEND_PX || off('low') > LEGEND_PX) return null;
  } else {
    const reach = LEGEND_PX + renderPx;
    if ((['open', 'high', 'low', 'close'] as const).some((k) => off(k) > reach)) return null;
  }
  return { x: last.x, ...printed };
}

/**
 * The continuity check's last bar as the platform prints it (lastBarFromPrint), in place; where
 * the print does not describe it, the rightmost bar read, which the check left out (a misread bar
 * before it makes it open away), is appended as the last bar when the print describes that one:
 * the platform says it is the last. Returns the bar that took the print (null: none) and the
 * pixels of the last bar kept.
 */
export function settleLastBar(
  continuity: { candles: ReadCandle[]; dropped: number },
  candlesRead: readonly ReadCandle[],
  pixels: readonly PixelCandle[],
  printed: PrintedOhlc | null,
  s: PriceScale,
  renderPx: number,
  plot: PlotRect,
): { filled: ReadCandle | null; lastPixel: PixelCandle | undefined } {
  const last = continuity.candles.at(-1)!;
  // A read candle's x is its pixel candle's, rounded to 0.1 px.
  const pixelAt = (x: number) => pixels.find((c) => Math.abs(round(c.x, 1) - x) < 0.05);
  let lastPixel = pixelAt(last.x);
  let filled = lastBarFromPrint(last, lastPixel, printed, s, renderPx, plot);
  if (filled) continuity.candles[continuity.candles.length - 1] = filled;
  const rightmost = candlesRead.at(-1)!;
  if (!filled && rightmost.x > last.x) {
    const pixel = pixelAt(rightmost.x);
    filled = lastBarFromPrint(rightmost, pixel, printed, s, renderPx, plot);
    if (filled) {
      lastPixel = pixel;
      continuity.candles.push(filled);
      continuity.dropped--;
    }
  }
  return { filled, lastPixel };
}
