/**
 * Stage: checks. In: the candles, the price scale and the text read. Out: a refusal
 * (EngineError with a message a trader can act on) or the candles kept, the reading's
 * confidence and its warnings.
 *
 * candle-row (a regular row of enough candles) -> continuity (bars open where the previous one
 * closed; junk shapes left out) -> confidence (cross-checks against the legend, badges, fit).
 */
export { checkCandleRow, noChart, MIN_CANDLES } from './candle-row';
export {
  canJudge,
  preferJoiningAlternatives,
  checkContinuity,
  isDaily,
  continuityVerdict,
  apartRow,
  drawnApart,
  joinedShare,
  dropUnjoined,
  joinTolerancePx,
  printedStep,
  MIN_JOINED,
  MAX_UNJOINED,
} from './continuity';
export type { ContinuityResult } from './continuity';
export { scoreReading, missingPlaces } from './confidence';
export { lastBarFromPrint, settleLastBar } from './last-bar';
export type { PrintedOhlc } from './last-bar';
export { scaleDisagreements, judgeScale } from './scale-check';
export type { ScaleDisagreement, ScaleVerdict } from './scale-check';
