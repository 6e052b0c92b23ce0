import { availableParallelism } from 'node:os';
import { z } from 'zod';

/**
 * Capacity of the analyze module. Defaults fit a small machine; an operator (or a test) can
 * change them with environment variables, validated here because server/config.ts belongs to
 * the core and these knobs only matter to this module.
 *
 * - ANALYZE_THREADS: worker threads running the engine (default: CPU count, 1 to 4).
 * - ANALYZE_MAX_QUEUE: analyses waiting for a thread before new ones get 503 (default 48).
 * - ANALYZE_PER_MINUTE: analyses one user may start per minute (default 20).
 */
const intFrom = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : value),
    z.coerce.number().int().min(min).max(max),
  );

const settingsSchema = z.object({
  ANALYZE_THREADS: intFrom(1, 64, Math.max(1, Math.min(4, availableParallelism()))),
  ANALYZE_MAX_QUEUE: intFrom(0, 10_000, 48),
  ANALYZE_PER_MINUTE: intFrom(1, 100_000, 20),
});

export interface AnalyzeSettings {
  threads: number;
  maxQueue: number;
  perMinute: number;
}

export function loadAnalyzeSettings(env: Record<string, string | undefined> = process.env): AnalyzeSettings {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; ');
    throw new Error(`Invalid analyze settings: ${problems}`);
  }
  return {
    threads: parsed.data.ANALYZE_THREADS,
    maxQueue: parsed.data.ANALYZE_MAX_QUEUE,
    perMinute: parsed.data.ANALYZE_PER_MINUTE,
  };
}
