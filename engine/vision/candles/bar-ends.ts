import type { PixelCandle } from './types';

/**
 * OHLC bars drawn the way Lightweight Charts (and TradingView, whose renderer it shares) draws
 * them, with each low placed on its row. The extraction reads a bar's stem like a candle's wick:
 * its low the stem's end less one rendering pixel (`renderPx`, measured on the stems), as a wick
 * is drawn down through the low's row. That renderer draws a bar's stem `a` rows above the high's
 * row and stops `a` rows, less one, below the low's (bars renderer: top = round(high) - a, height
 * round(low) + a - top, a = floor(width / 2)), so the stem's last row is the low's less one at a
 * 1 px width and every low read that way is a row or two high (1.0 px at 1x, 1.4-2.9 px at 2x on
 * the corpora). The low is the stem's end less half its width, rounded down. MetaTrader draws the
 * low's row (its bars read within 0.1 px as they are): the caller keeps its lows, telling it by the
 * tick marks beside its axis labels. Returns moved copies: the pixels' reading may be read again.
 */
export function lowsOfLightweightBars(candles: readonly PixelCandle[], renderPx: number): PixelCandle[] {
  return movedDown(candles, renderPx - Math.floor(renderPx / 2), 0);
}

/** Copies of the candles (their alternatives too) with lows and body bottoms moved down. */
function movedDown(candles: readonly PixelCandle[], low: number, bodyBottom: number): PixelCandle[] {
  const moved = (c: PixelCandle): PixelCandle => ({
    ...c,
    lowY: c.lowY + low,
    bodyBottom: c.bodyBottom + bodyBottom,
    ...(c.alternative ? { alternative: moved(c.alternative) } : {}),
  });
  return candles.map(moved);
}

/**
 * Candles and bars drawn the way MetaTrader draws them at a pixel ratio above 1: with a pen a
 * rendering pixel wide (two rows at 200 %) whose last row is the low's row, and bodies outlined a
 * row thick ending on their bottom price's row. The extraction reads a stroke's end as a wick's,
 * the edge less one rendering pixel (`renderPx`, measured on the stems), so every low and body
 * bottom read a row less one high (m55, j177: lows 0.8-1.05 px high at 2x, the rest within
 * 0.2). The low and body bottom are the last inked row. A capture of MetaTrader scaled up as a
 * bitmap (its strokes' ends two rows thick) reads half a row high one way and half a row low the
 * other, so nothing is lost there. Bars' ticks are read at their middles: untouched. At a
 * rendering pixel of 1 this is the reading as it is (the same array). Returns moved copies.
 */
export function endsOfMetaTraderPens(
  candles: PixelCandle[],
  renderPx: number,
  kind: 'candles' | 'bars',
): PixelCandle[] {
  const shift = renderPx - 1;
  if (shift <= 0) return candles;
  return movedDown(candles, shift, kind === 'candles' ? shift : 0);
}
