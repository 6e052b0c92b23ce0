import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { EngineError } from '../../../engine/core/errors';
import type { AnalysisResult } from '../../../engine/plan';
import { Admission } from './admission';
import type { AnalyzeOutcome, AnalyzeTask } from './worker';

/**
 * Where the worker's code is: next to the production bundle (dist/server/analyze-worker.js,
 * written by scripts/build-server.mjs), else the TypeScript source run through tsx (dev, tests).
 */
function workerEntry(): { filename: string; execArgv: string[] } {
  const bundled = fileURLToPath(new URL('./analyze-worker.js', import.meta.url));
  if (existsSync(bundled)) return { filename: bundled, execArgv: [] };
  const source = fileURLToPath(new URL('./worker.ts', import.meta.url));
  return { filename: source, execArgv: ['--import', 'tsx'] };
}

export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
  constructor(readonly retryAfterSeconds: number) {
    super('The analysis queue is full.');
  }
}

/** What one analysis produced and how long a worker thread spent on it. */
export interface AnalysisRun {
  result: AnalysisResult;
  workerMs: number;
}

/** One admitted analysis: run it at most once, and release it once its request is answered. */
export interface AnalysisTicket {
  run(task: AnalyzeTask): Promise<AnalysisRun>;
  release(): void;
}

export interface AnalysisPool {
  /**
   * Admits one analysis of `pixels` screenshot pixels or throws QueueFullError. Called once the
   * upload is read and its image headers checked, before decoding, so a refused request costs
   * no decoding, the count includes analyses still being decoded, and a slow upload holds no
   * place here (routes.ts).
   */
  admit(pixels: number): AnalysisTicket;
  /** Throws QueueFullError when even a small analysis would be refused now (admits nothing). */
  assertRoom(): void;
  close(): Promise<void>;
}

export interface AnalysisPoolOptions {
  threads: number;
  maxQueue: number;
  maxWaitMs: number;
  pixelBudget?: number;
}

/** A piscina pool of `threads` workers behind an Admission (admission.ts says who may start). */
export function createAnalysisPool(options: AnalysisPoolOptions): AnalysisPool {
  const entry = workerEntry();
  const pool = new Piscina<AnalyzeTask, AnalyzeOutcome>({
    filename: entry.filename,
    execArgv: entry.execArgv,
    minThreads: 1,
    maxThreads: options.threads,
    // A safety net only: Admission refuses before piscina's own queue can fill.
    maxQueue: options.maxQueue,
    // Idle workers go after a minute: a chart reader's memory is not worth keeping overnight.
    idleTimeout: 60_000,
  });
  const admission = new Admission(options);

  return {
    assertRoom() {
      const decision = admission.wouldAdmit();
      if (!decision.admitted) throw new QueueFullError(decision.retryAfterSeconds);
    },
    admit(pixels) {
      const decision = admission.tryAdmit(pixels);
      if (!decision.admitted) throw new QueueFullError(decision.retryAfterSeconds);
      let released = false;
      let ran = false;
      return {
        async run(task) {
          if (ran) throw new Error('an analysis ticket runs once');
          ran = true;
          const transferList = Object.values(task.images)
            .map((image) => image.data.buffer)
            .filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer);
          let outcome: AnalyzeOutcome;
          try {
            outcome = await pool.run(task, { transferList });
          } catch (error) {
            if (error instanceof Error && /queue is at limit/i.test(error.message)) {
              throw new QueueFullError(1);
            }
            throw error;
          }
          admission.recordServiceTime(outcome.ms);
          if (!outcome.ok) throw new EngineError(outcome.code, outcome.message, outcome.details);
          return { result: outcome.result, workerMs: outcome.ms };
        },
        release() {
          if (released) return;
          released = true;
          admission.done(pixels);
        },
      };
    },
    close: () => pool.destroy(),
  };
}
