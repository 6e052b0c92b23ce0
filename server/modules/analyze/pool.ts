import { existsSync } from 'node:fs';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { EngineError } from '../../../engine/core/errors';
import type { RgbaImage } from '../../../engine/core/image';
import type { AnalysisResult, ChartImages, Slot } from '../../../engine/plan';
import { Admission } from './admission';
import type {
  AnalyzeOutcome,
  AnalyzeStage,
  AnalyzeTask,
  Identified,
  IdentifyOutcome,
  IdentifyTask,
} from './worker';

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

// Any valid sizing will do: the warm-up's plan is thrown away.
const WARM_UP_ACCOUNT = 10_000;
const WARM_UP_RISK_PERCENT = 1;

function copyImages(images: ChartImages): ChartImages {
  const copy = (image: RgbaImage): RgbaImage => ({ ...image, data: new Uint8Array(image.data) });
  const slots = Object.keys(images) as Slot[];
  return Object.fromEntries(slots.map((slot) => [slot, copy(images[slot])])) as Record<Slot, RgbaImage>;
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
  /** `onStage` hears each stage as the worker starts it (reading a slot, analysing). */
  run(task: Omit<AnalyzeTask, 'progress'>, onStage?: (stage: AnalyzeStage) => void): Promise<AnalysisRun>;
  /** Instead of `run`: reads only the titles of the images (slot assignment), once. */
  identify(images: RgbaImage[]): Promise<Identified[]>;
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
  /**
   * Runs one analysis of `images` on every thread, outside admission, so the first trader's
   * analysis does not pay for thread start, module loading and cold JIT (6.8 s measured on a
   * fresh start, against ~1 s warm). Resolves with the threads warmed; never rejects.
   */
  warmUp(images: ChartImages): Promise<{ threads: number; ms: number }>;
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
  const pool = new Piscina<AnalyzeTask | IdentifyTask, AnalyzeOutcome | IdentifyOutcome>({
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
        async run(task, onStage) {
          if (ran) throw new Error('an analysis ticket runs once');
          ran = true;
          const transferList: (ArrayBuffer | MessagePort)[] = Object.values(task.images)
            .map((input) => ('data' in input ? input.data.buffer : null))
            .filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer);
          const channel = onStage ? new MessageChannel() : null;
          if (channel) {
            channel.port1.on('message', (stage: AnalyzeStage) => onStage?.(stage));
            transferList.push(channel.port2);
          }
          let outcome: AnalyzeOutcome;
          try {
            outcome = (await pool.run(channel ? { ...task, progress: channel.port2 } : task, {
              transferList,
            })) as AnalyzeOutcome;
          } catch (error) {
            if (error instanceof Error && /queue is at limit/i.test(error.message)) {
              throw new QueueFullError(1);
            }
            throw error;
          } finally {
            channel?.port1.close();
          }
          admission.recordServiceTime(outcome.ms);
          if (!outcome.ok) throw new EngineError(outcome.code, outcome.message, outcome.details);
          return { result: outcome.result, workerMs: outcome.ms };
        },
        async identify(images) {
          if (ran) throw new Error('an analysis ticket runs once');
          ran = true;
          let outcome: IdentifyOutcome;
          try {
            outcome = (await pool.run(
              { identify: images },
              { transferList: images.map((image) => image.data.buffer as ArrayBuffer) },
            )) as IdentifyOutcome;
          } catch (error) {
            if (error instanceof Error && /queue is at limit/i.test(error.message)) {
              throw new QueueFullError(1);
            }
            throw error;
          }
          return outcome.identified;
        },
        release() {
          if (released) return;
          released = true;
          admission.done(pixels);
        },
      };
    },
    async warmUp(images) {
      const started = performance.now();
      // One task per thread at once: piscina starts a thread for each queued task up to
      // maxThreads, and a busy thread takes no second task, so every thread runs one. Each
      // gets its own copy of the pixels (a transfer would detach them for the others). Threads
      // beyond minThreads still retire after idleTimeout; the one that stays is the one warmed.
      const runs = Array.from({ length: options.threads }, () =>
        pool
          .run({ images: copyImages(images), account: WARM_UP_ACCOUNT, riskPercent: WARM_UP_RISK_PERCENT })
          .then(
            () => true,
            () => false,
          ),
      );
      const warmed = (await Promise.all(runs)).filter(Boolean).length;
      return { threads: warmed, ms: performance.now() - started };
    },
    close: () => pool.destroy(),
  };
}
