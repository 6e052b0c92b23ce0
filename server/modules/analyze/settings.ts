import { availableParallelism } from 'node:os';
import { z } from 'zod';

/**
 * Capacity of the analyze module. Defaults fit a small machine; an operator (or a test) can
 * change them with environment variables, validated here because server/config.ts belongs to
 * the core and these knobs only matter to this module.
 *
 * - ANALYZE_THREADS: worker threads running the engine (default: CPU count, 1 to 4).
 * - ANALYZE_MAX_QUEUE: analyses admitted beyond the threads before new ones get 503 (default
 *   2 per thread: 4 on 2 cores, where one analysis takes ~0.3-0.4 s of a core, so a full
 *   queue is ~1.5 s of work).
 * - ANALYZE_MAX_WAIT_MS: with no thread free, a new analysis that would wait longer than this
 *   for one at the recent pace gets 503 (default 1000), so the time of an accepted analysis
 *   stays bounded when each one gets slower (a busy machine, large screenshots).
 * - ANALYZE_PER_MINUTE: analyses one user may start per minute (default 20).
 * - ANALYZE_PER_USER_IN_FLIGHT: analysis requests one user may have open at once, upload
 *   included (default 2: a double click or a second tab; a third is answered 429).
 * - ANALYZE_MAX_UPLOADS: analysis requests open at once in total, upload included (default 32:
 *   bounds the uploads held in memory, at most 30 MiB each; past it, 503).
 * - ANALYZE_UPLOAD_TIMEOUT_MS: time to send the whole upload (default 60000: three typical
 *   0.2-1 MB screenshots need a few seconds even on a slow uplink); past it, 408 and the
 *   connection is closed, so a client that trickles bytes holds its place for at most this.
 * - ANALYZE_PIXEL_BUDGET_MP: megapixels of screenshots decoded at once across the analyses in
 *   flight (default 64). Decoding and reading take about 30 bytes a pixel, so the default bounds
 *   that memory near 2 GB; a set of 1600 x 900 charts is 4.3 MP. One analysis larger than the
 *   budget (three 8K screenshots) still runs, alone.
 * - ANALYZE_WARM_UP: `1` runs one analysis per worker thread at start-up so the first trader's
 *   analysis is not the slow one; `0` skips it (default: on, except under NODE_ENV=test, where
 *   every test app would pay seconds of CPU for it).
 */
const intFrom = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : value),
    z.coerce.number().int().min(min).max(max),
  );

// Measured with bench:api (20 clients, 2 cores): 4 per thread gave p99 4.65 s at 5.88/s, 2 per
// thread p99 1.51 s at 6.25/s; the wait estimate alone did not bound the tail under contention.
const QUEUE_PER_THREAD = 2;

const settingsSchema = z.object({
  ANALYZE_THREADS: intFrom(1, 64, Math.max(1, Math.min(4, availableParallelism()))),
  // Unset: QUEUE_PER_THREAD x the threads (known only once ANALYZE_THREADS is parsed).
  ANALYZE_MAX_QUEUE: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).max(10_000).optional(),
  ),
  ANALYZE_MAX_WAIT_MS: intFrom(0, 600_000, 1000),
  ANALYZE_PER_MINUTE: intFrom(1, 100_000, 20),
  ANALYZE_PER_USER_IN_FLIGHT: intFrom(1, 1000, 2),
  ANALYZE_MAX_UPLOADS: intFrom(1, 100_000, 32),
  ANALYZE_UPLOAD_TIMEOUT_MS: intFrom(100, 3_600_000, 60_000),
  ANALYZE_PIXEL_BUDGET_MP: intFrom(1, 100_000, 64),
  ANALYZE_WARM_UP: z.enum(['0', '1']).optional(),
});

export interface AnalyzeSettings {
  threads: number;
  maxQueue: number;
  maxWaitMs: number;
  perMinute: number;
  perUserInFlight: number;
  maxUploads: number;
  uploadTimeoutMs: number;
  /** Pixels (not megapixels) decoded at once across the analyses in flight. */
  pixelBudget: number;
  /** Warm every worker thread at start-up (warm-up.ts); off when absent. */
  warmUp?: boolean;
}

export function loadAnalyzeSettings(env: Record<string, string | undefined> = process.env): AnalyzeSettings {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; ');
    throw new Error(`Invalid analyze settings: ${problems}`);
  }
  const threads = parsed.data.ANALYZE_THREADS;
  const maxQueue = parsed.data.ANALYZE_MAX_QUEUE;
  return {
    threads,
    maxQueue: maxQueue ?? QUEUE_PER_THREAD * threads,
    maxWaitMs: parsed.data.ANALYZE_MAX_WAIT_MS,
    perMinute: parsed.data.ANALYZE_PER_MINUTE,
    perUserInFlight: parsed.data.ANALYZE_PER_USER_IN_FLIGHT,
    maxUploads: parsed.data.ANALYZE_MAX_UPLOADS,
    uploadTimeoutMs: parsed.data.ANALYZE_UPLOAD_TIMEOUT_MS,
    pixelBudget: parsed.data.ANALYZE_PIXEL_BUDGET_MP * 1_000_000,
    warmUp: (parsed.data.ANALYZE_WARM_UP ?? (env.NODE_ENV === 'test' ? '0' : '1')) === '1',
  };
}
