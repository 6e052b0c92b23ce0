/**
 * The analysis worker (piscina): decoded screenshots (or a slot's data export) in, the engine's
 * analysis result out. Runs in a worker thread so one analysis never blocks the API's event
 * loop. Engine errors are returned as data, not thrown: an Error crossing the thread boundary
 * loses its code and details. With a `progress` port, each stage is posted as it starts.
 *
 * Each chart is read by the engine's own recogniser; a chart whose price axis it cannot read
 * gets the general OCR fallback (adapters/node/read-with-ocr.ts, readSlotsWithOcr): one OCR per
 * thread, started on the first such chart and kept (a nested worker thread, which ends with
 * this one), with a timeout after which the engine's refusal stands.
 */
import type { MessagePort } from 'node:worker_threads';
import { readSlotsWithOcr } from '../../../adapters/node/read-with-ocr';
import { isEngineError, type EngineErrorCode } from '../../../engine/core/errors';
import type { RgbaImage } from '../../../engine/core/image';
import type { Timeframe } from '../../../engine/core/ohlc';
import { identifyChart } from '../../../engine/vision';
import { analyzeReadings, slotImageSizes, type AnalysisResult, type ChartInputs } from '../../../engine/plan';

export interface AnalyzeTask {
  images: ChartInputs;
  account: number;
  riskPercent: number;
  /** Receives AnalyzeStage messages as the stages start (the route streams them to the client). */
  progress?: MessagePort;
}

/** A stage of one analysis, as the worker starts it. */
export type AnalyzeStage = { stage: 'reading'; slot: '5m' | '15m' | '4h' } | { stage: 'analysing' };

/** ms: how long this thread spent on the analysis (the pool's pace, for admission). */
export type AnalyzeOutcome = { ms: number } & (
  | { ok: true; result: AnalysisResult }
  | { ok: false; code: EngineErrorCode; message: string; details: Record<string, unknown> }
);

/** Reading only the titles (symbol, timeframe) of up to three screenshots, for slot assignment. */
export interface IdentifyTask {
  identify: RgbaImage[];
}

/** Per screenshot: what its title says, or why no chart was found. */
export type Identified =
  { ok: true; symbol: string | null; timeframe: Timeframe | null } | { ok: false; message: string };
export interface IdentifyOutcome {
  ms: number;
  identified: Identified[];
}

export default async function run(
  task: AnalyzeTask | IdentifyTask,
): Promise<AnalyzeOutcome | IdentifyOutcome> {
  return 'identify' in task ? identify(task) : analyze(task);
}

function identify(task: IdentifyTask): IdentifyOutcome {
  const started = performance.now();
  const identified = task.identify.map((image): Identified => {
    try {
      return { ok: true, ...identifyChart(image) };
    } catch (error) {
      if (isEngineError(error)) return { ok: false, message: error.message };
      throw error;
    }
  });
  return { identified, ms: performance.now() - started };
}

async function analyze(task: AnalyzeTask): Promise<AnalyzeOutcome> {
  const started = performance.now();
  const ms = () => performance.now() - started;
  const post = (stage: AnalyzeStage) => task.progress?.postMessage(stage);
  try {
    const readings = await readSlotsWithOcr(task.images, (slot) => post({ stage: 'reading', slot }));
    post({ stage: 'analysing' });
    const settings = { account: task.account, riskPercent: task.riskPercent };
    const result = analyzeReadings(readings, settings, slotImageSizes(task.images, readings));
    return { ok: true, result, ms: ms() };
  } catch (error) {
    if (isEngineError(error)) {
      // Structured clone keeps plain data only: the failures list is plain objects.
      const details = JSON.parse(JSON.stringify(error.details)) as Record<string, unknown>;
      return { ok: false, code: error.code, message: error.message, details, ms: ms() };
    }
    throw error;
  } finally {
    task.progress?.close();
  }
}
