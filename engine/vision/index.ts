export * from './types';
export { priceToY, yToPrice } from './scale/price-scale';
export { identifyChart, readChart, type PixelReading, type ReadOptions, type ReadTrace } from './read-chart';
export { MIN_CANDLES } from './checks';
// Text recognition is public too: callers can read a legend or an axis strip on their own.
export * from './text';
