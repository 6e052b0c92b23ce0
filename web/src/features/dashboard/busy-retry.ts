import { ApiError } from '../../lib/api';

export interface BusyRetryOptions {
  /** Give up and show the busy message once this much time has passed (ms). */
  budgetMs: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` again while the server answers 503 (its analysis threads are busy and it
 * refuses rather than queue a request for long), waiting the Retry-After it sends (1-10 s).
 * The trader keeps seeing "Analyzing..." instead of an error for a short rush; after
 * `budgetMs` the last 503 is thrown and shown. Nothing else is retried: a 4xx is the trader's
 * to fix, and the per-user limit's 429 must not be hammered.
 */
export async function withBusyRetry<T>(attempt: () => Promise<T>, options: BusyRetryOptions): Promise<T> {
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const deadline = now() + options.budgetMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 503) throw error;
      const waitMs = Math.min(10, Math.max(1, error.retryAfterSeconds ?? 2)) * 1000;
      if (now() + waitMs > deadline) throw error;
      await sleep(waitMs);
    }
  }
}
