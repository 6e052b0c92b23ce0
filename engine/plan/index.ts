export * from './types';
export { buildPlan, type BuildPlanInput } from './build-plan';
export { CONFIDENCE_WEIGHTS, MIN_CONFIDENCE, MIN_RISK_REWARD } from './weights';
export { HIGH_IMPACT_NEWS, newsEventsFor, type NewsEvent } from './news';
export {
  analyzeCharts,
  analyzeReadings,
  readSlot,
  type ChartImages,
  type AnalyzeChartsSettings,
} from './pipeline';
