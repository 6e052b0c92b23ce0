export * from './types';
export { priceToY, yToPrice } from './scale/price-scale';
export { readChart, MIN_CANDLES } from './read-chart';
// Text recognition is public too: callers can read a legend or an axis strip on their own.
export * from './text';
