import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AppError } from '../../../http/errors';
import type { ImportOutcome, ImportPlan, ImportTask } from './import-worker';

/**
 * One thread reads uploads: imports are rare next to page views, a second one at the same time
 * waits its turn, and on the 2-core machines this runs on a second reader would take a core
 * from the analysis pool and PGlite's thread.
 */
const IMPORT_THREADS = 1;
/** Imports waiting for the reader beyond the running one; past that, 503 with Retry-After. */
const IMPORT_MAX_QUEUE = 4;
/**
 * A file that takes longer than this to read is refused (503, nothing written). The largest
 * accepted upload (10 MiB MT5 XLSX through exceljs) reads in a few seconds on a loaded 2-core
 * machine; a minute leaves room for a busy one, while a pathological file cannot hold the
 * reader (and the imports queued behind it) for longer.
 */
export const IMPORT_READ_TIMEOUT_MS = 60_000;
/**
 * Heap of the reader thread. exceljs holds a whole workbook as objects (a 10 MiB XLSX expands to
 * hundreds of MB); past this the thread is stopped and the upload refused (413), instead of the
 * whole server running out of memory.
 */
const IMPORT_HEAP_MB = 1024;
/** Idle reader threads end after a minute: a parser's memory is not worth keeping overnight. */
const IMPORT_IDLE_MS = 60_000;
/** What a refused (queue full) import asks the client to wait. */
const RETRY_AFTER_S = 5;

/** Next to the production bundle (dist/server/import-worker.js), else the source through tsx. */
function workerEntry(): { filename: string; execArgv: string[] } {
  const bundled = fileURLToPath(new URL('./import-worker.js', import.meta.url));
  if (existsSync(bundled)) return { filename: bundled, execArgv: [] };
  const source = fileURLToPath(new URL('./import-worker.ts', import.meta.url));
  return { filename: source, execArgv: ['--import', 'tsx'] };
}

export interface ImportPool {
  /**
   * Reads an upload on the reader thread. Resolves with what to import; a file it cannot read
   * throws the AppError the worker described (4xx); a busy, stalled or crashed reader throws a
   * 503 (or 413 when the file needed more memory than a reader may use). Nothing is written
   * before this resolves, so a failure here loses nothing.
   */
  read(task: ImportTask, options?: { timeoutMs?: number }): Promise<ImportPlan>;
  close(): Promise<void>;
}

export function createImportPool(options: { timeoutMs?: number } = {}): ImportPool {
  const entry = workerEntry();
  const timeoutMs = options.timeoutMs ?? IMPORT_READ_TIMEOUT_MS;
  const pool = new Piscina<ImportTask, ImportOutcome>({
    filename: entry.filename,
    execArgv: entry.execArgv,
    // No thread until the first import: most servers never see one after start.
    minThreads: 0,
    maxThreads: IMPORT_THREADS,
    // A safety net only: read() refuses first (see inFlight).
    maxQueue: IMPORT_MAX_QUEUE,
    idleTimeout: IMPORT_IDLE_MS,
    resourceLimits: { maxOldGenerationSizeMb: IMPORT_HEAP_MB },
  });
  /** Reads running or waiting for the thread. */
  let inFlight = 0;
  return {
    async read(task, readOptions = {}) {
      // Counted here, not left to piscina's queue: a cold pool hands tasks to a thread still
      // starting without counting them as queued, so its maxQueue alone lets a burst through.
      if (inFlight >= IMPORT_THREADS + IMPORT_MAX_QUEUE) throw busy();
      inFlight++;
      const limitMs = readOptions.timeoutMs ?? timeoutMs;
      let outcome: ImportOutcome;
      try {
        outcome = await pool.run(task, {
          // The bytes move to the reader (no copy); the caller does not use them again.
          transferList:
            'bytes' in task &&
            task.bytes.byteOffset === 0 &&
            task.bytes.byteLength === task.bytes.buffer.byteLength
              ? [task.bytes.buffer as ArrayBuffer]
              : [],
          signal: AbortSignal.timeout(limitMs),
        });
      } catch (error) {
        throw readerFailure(error, limitMs);
      } finally {
        inFlight--;
      }
      if (!outcome.ok) {
        const p = outcome.problem;
        throw new AppError(p.status, p.code, p.message, {
          ...(p.title !== undefined ? { title: p.title } : {}),
          ...(p.errors !== undefined ? { errors: p.errors } : {}),
          ...(p.extensions !== undefined ? { extensions: p.extensions } : {}),
        });
      }
      return outcome.plan;
    },
    close: () => pool.destroy(),
  };
}

const busy = () =>
  new AppError(
    503,
    'IMPORT_BUSY',
    'Several imports are being read right now. Nothing was imported; try again in a few seconds.',
    { title: 'Busy', retryAfter: RETRY_AFTER_S },
  );

/** Why the reader gave no answer, as the trader should hear it. */
function readerFailure(error: unknown, timeoutMs: number): AppError {
  const code = (error as { code?: unknown } | null)?.code;
  const name = (error as { name?: unknown } | null)?.name;
  const message = error instanceof Error ? error.message : '';
  if (/queue is at limit/i.test(message)) return busy();
  if (name === 'AbortError' || name === 'TimeoutError') {
    return new AppError(
      503,
      'IMPORT_TIMEOUT',
      `Reading this file took longer than ${Math.max(1, Math.round(timeoutMs / 1000))} seconds, so it was stopped and nothing was imported. Export a shorter period, or try again when the server is less busy.`,
      { title: 'Import Took Too Long', retryAfter: RETRY_AFTER_S },
    );
  }
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new AppError(
      413,
      'IMPORT_TOO_COMPLEX',
      'Reading this file needs more memory than an import may use, so nothing was imported. Export a shorter period and import it in parts.',
      { title: 'File Too Large' },
    );
  }
  return new AppError(
    503,
    'IMPORT_READER_FAILED',
    'The file reader stopped unexpectedly. Nothing was imported; try again in a few seconds.',
    { title: 'Import Failed', retryAfter: RETRY_AFTER_S },
  );
}
