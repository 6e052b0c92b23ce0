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
});

export interface AnalyzeSettings {
  threads: number;
  maxQueue: number;
  maxWaitMs: number;
  perMinute: number;
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
  };
}
