export * from './types';
export { analyzeTimeframe, MIN_BARS } from './analyze';
export { SCORING } from './scoring';
export { DETECTION } from './params';
export { ema, rsi } from './indicators';
