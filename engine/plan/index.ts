export * from './types';
export { buildPlan, type BuildPlanInput } from './build-plan';
export {
  CONFIDENCE_BUCKETS,
  CONFIDENCE_WEIGHTS,
  MAX_TP2_R,
  MIN_CONFIDENCE,
  MIN_RISK_REWARD,
  confidenceBucket,
} from './weights';
export { checkAtPrice } from './validity';
export { HIGH_IMPACT_NEWS, newsEventsFor, type NewsEvent } from './news';
export {
  analyzeCharts,
  analyzeReadings,
  readSlot,
  readSlots,
  slotFailures,
  slotImageSizes,
  type ChartImages,
  type ChartInput,
  type ChartInputs,
  type SlotFailure,
  type AnalyzeChartsSettings,
} from './pipeline';
export { DATA_MAX_BARS, isChartData, readingFromData, type ChartData } from './data-reading';
