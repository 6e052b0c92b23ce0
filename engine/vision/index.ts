export * from './types';
export { priceToY, yToPrice } from './price-scale';
