export * from './types';
export { priceToY, yToPrice } from './price-scale';
export { readChart, MIN_CANDLES } from './read-chart';
