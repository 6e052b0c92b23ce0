/**
 * The analysis worker (piscina): decoded screenshots in, the engine's analysis result out.
 * Runs in a worker thread so one analysis never blocks the API's event loop. Engine errors are
 * returned as data, not thrown: an Error crossing the thread boundary loses its code and details.
 *
 * Each chart is read by the engine's own recogniser; a chart whose price axis it cannot read
 * gets the general OCR fallback (adapters/node/read-with-ocr.ts): one OCR per thread, started
 * on the first such chart and kept (a nested worker thread, which ends with this one), with a
 * timeout after which the engine's refusal stands.
 */
import { sharedAxisOcr } from '../../../adapters/node/ocr-axis';
import { readWithAxisOcr } from '../../../adapters/node/read-with-ocr';
import { isEngineError, type EngineErrorCode } from '../../../engine/core/errors';
import {
  analyzeReadings,
  readSlot,
  SLOTS,
  type AnalysisResult,
  type ChartImages,
  type Slot,
} from '../../../engine/plan';
import type { ChartReading } from '../../../engine/vision';

export interface AnalyzeTask {
  images: ChartImages;
  account: number;
  riskPercent: number;
}

/** ms: how long this thread spent on the analysis (the pool's pace, for admission). */
export type AnalyzeOutcome = { ms: number } & (
  | { ok: true; result: AnalysisResult }
  | { ok: false; code: EngineErrorCode; message: string; details: Record<string, unknown> }
);

/** What analyzeCharts does, with each chart read through the OCR fallback. */
async function analyzeWithOcr(task: AnalyzeTask): Promise<AnalysisResult> {
  const readings = {} as Record<Slot, ChartReading>;
  for (const slot of SLOTS) {
    const image = task.images[slot];
    readings[slot] = await readWithAxisOcr(
      image,
      (trace, options) => readSlot(slot, image, trace, options),
      sharedAxisOcr,
    );
  }
  const sizes = Object.fromEntries(
    SLOTS.map((s) => [s, { width: task.images[s].width, height: task.images[s].height }]),
  );
  return analyzeReadings(readings, { account: task.account, riskPercent: task.riskPercent }, sizes);
}

export default async function analyze(task: AnalyzeTask): Promise<AnalyzeOutcome> {
  const started = performance.now();
  const ms = () => performance.now() - started;
  try {
    const result = await analyzeWithOcr(task);
    return { ok: true, result, ms: ms() };
  } catch (error) {
    if (isEngineError(error)) {
      const details = { ...error.details };
      return { ok: false, code: error.code, message: error.message, details, ms: ms() };
    }
    throw error;
  }
}
