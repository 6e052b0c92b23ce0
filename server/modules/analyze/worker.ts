/**
 * The analysis worker (piscina): decoded screenshots in, the engine's analysis result out.
 * Runs in a worker thread so one analysis never blocks the API's event loop. Engine errors are
 * returned as data, not thrown: an Error crossing the thread boundary loses its code and details.
 */
import { isEngineError, type EngineErrorCode } from '../../../engine/core/errors';
import { analyzeCharts, type AnalysisResult, type ChartImages } from '../../../engine/plan';

export interface AnalyzeTask {
  images: ChartImages;
  account: number;
  riskPercent: number;
}

export type AnalyzeOutcome =
  | { ok: true; result: AnalysisResult }
  | { ok: false; code: EngineErrorCode; message: string; details: Record<string, unknown> };

export default function analyze(task: AnalyzeTask): AnalyzeOutcome {
  try {
    return {
      ok: true,
      result: analyzeCharts(task.images, { account: task.account, riskPercent: task.riskPercent }),
    };
  } catch (error) {
    if (isEngineError(error)) {
      return { ok: false, code: error.code, message: error.message, details: { ...error.details } };
    }
    throw error;
  }
}
