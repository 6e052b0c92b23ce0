/**
 * The analysis worker (piscina): decoded screenshots in, the engine's analysis result out.
 * Runs in a worker thread so one analysis never blocks the API's event loop. Engine errors are
 * returned as data, not thrown: an Error crossing the thread boundary loses its code and details.
 *
 * Each chart is read by the engine's own recogniser; a chart whose price axis it cannot read
 * gets the general OCR fallback (adapters/node/read-with-ocr.ts, analyzeChartsWithOcr): one
 * OCR per thread, started on the first such chart and kept (a nested worker thread, which ends
 * with this one), with a timeout after which the engine's refusal stands.
 */
import { analyzeChartsWithOcr } from '../../../adapters/node/read-with-ocr';
import { isEngineError, type EngineErrorCode } from '../../../engine/core/errors';
import type { AnalysisResult, ChartImages } from '../../../engine/plan';

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

export default async function analyze(task: AnalyzeTask): Promise<AnalyzeOutcome> {
  const started = performance.now();
  const ms = () => performance.now() - started;
  try {
    const result = await analyzeChartsWithOcr(task.images, {
      account: task.account,
      riskPercent: task.riskPercent,
    });
    return { ok: true, result, ms: ms() };
  } catch (error) {
    if (isEngineError(error)) {
      const details = { ...error.details };
      return { ok: false, code: error.code, message: error.message, details, ms: ms() };
    }
    throw error;
  }
}
