/**
 * Stage: scale. In: the axis strip the layout found (its text read by text/), the grid lines,
 * the price badges and the legend. Out: the price scale (linear or log, slope and intercept in
 * image rows) that turns candle rows into prices.
 *
 * axis-scale (tokens to labels and badges, grid and anchor checks) -> scale-fit (the fit that
 * keeps the labels in arithmetic or geometric progression) -> read-scale (the refusals, and the
 * rows placed on the grid, a price line or the legend) -> prices (candle rows to prices).
 */
export { fitAxisLabels, readPriceScale, unreadable, type FittedAxis, type ScaleReading } from './read-scale';
export { priceToY, yToPrice } from './price-scale';
export { toPrices } from './prices';
