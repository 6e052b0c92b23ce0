/**
 * Stage: candles. In: the ink mask of the plot (one byte per pixel: 0 background, k = the k-th
 * candle colour of the palette), the palette and the raster for sub-pixel edges. Out: every
 * candle or OHLC bar as pixel rows (high, low, body top/bottom, direction), in image px.
 *
 * shapes (connected components and stem pieces) -> staircase and lattice (touching candles cut
 * at the bar spacing) -> measure (rows of one shape) -> refine and edges (sub-pixel price rows)
 * -> direction (bull or bear from the colour classes). extract runs them in that order.
 */
export { extractCandles } from './extract';
export { endsOfMetaTraderPens, lowsOfLightweightBars } from './bar-ends';
export { followClipped } from './clipped';
export type { CandleExtraction, PixelCandle } from './types';
export { closeRow, openRow } from './types';
export { followEdgeColumn } from './edge-column';
