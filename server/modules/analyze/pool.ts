import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { EngineError } from '../../../engine/core/errors';
import type { AnalysisResult } from '../../../engine/plan';
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

export interface AnalysisPool {
  run(task: AnalyzeTask): Promise<AnalysisResult>;
  /** Throws QueueFullError when no more work may be queued (checked before decoding uploads). */
  assertCapacity(): void;
  close(): Promise<void>;
}

/** A bounded piscina pool: `threads` workers and at most `maxQueue` waiting analyses. */
export function createAnalysisPool(options: { threads: number; maxQueue: number }): AnalysisPool {
  const entry = workerEntry();
  const pool = new Piscina<AnalyzeTask, AnalyzeOutcome>({
    filename: entry.filename,
    execArgv: entry.execArgv,
    minThreads: 1,
    maxThreads: options.threads,
    maxQueue: options.maxQueue,
    // Idle workers go after a minute: a chart reader's memory is not worth keeping overnight.
    idleTimeout: 60_000,
  });
  let inFlight = 0;
  // Average analysis time, to tell a refused client when to come back.
  let averageMs = 1000;

  const retryAfter = () =>
    Math.max(1, Math.ceil(((pool.queueSize + options.threads) * averageMs) / options.threads / 1000));

  const assertCapacity = () => {
    if (inFlight >= options.threads + options.maxQueue) throw new QueueFullError(retryAfter());
  };

  return {
    assertCapacity,
    async run(task) {
      assertCapacity();
      inFlight++;
      const started = performance.now();
      try {
        const transferList = Object.values(task.images)
          .map((image) => image.data.buffer)
          .filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer);
        let outcome: AnalyzeOutcome;
        try {
          outcome = await pool.run(task, { transferList });
        } catch (error) {
          if (error instanceof Error && /queue is at limit/i.test(error.message)) {
            throw new QueueFullError(retryAfter());
          }
          throw error;
        }
        averageMs = averageMs * 0.8 + (performance.now() - started) * 0.2;
        if (!outcome.ok) throw new EngineError(outcome.code, outcome.message, outcome.details);
        return outcome.result;
      } finally {
        inFlight--;
      }
    },
    close: () => pool.destroy(),
  };
}
