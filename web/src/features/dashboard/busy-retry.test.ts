import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { withBusyRetry } from './busy-retry';

/** A fake clock: sleeping advances it, so the test runs instantly. */
function clock() {
  let t = 0;
  const waits: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      waits.push(ms);
      t += ms;
    },
    waits,
  };
}

const busy = (retryAfter: number | null) =>
  new ApiError(503, '{"detail":"busy"}', 'Service Unavailable', retryAfter);

describe('withBusyRetry', () => {
  it('waits the Retry-After of each 503 and returns the first success', async () => {
    const c = clock();
    const answers = [busy(2), busy(1), 'result'];
    const result = await withBusyRetry(
      async () => {
        const next = answers.shift();
        if (next instanceof Error) throw next;
        return next;
      },
      { budgetMs: 30_000, ...c },
    );
    expect(result).toBe('result');
    expect(c.waits).toEqual([2000, 1000]);
  });

  it('gives up with the 503 once the budget would be exceeded', async () => {
    const c = clock();
    let calls = 0;
    const run = withBusyRetry(
      async () => {
        calls++;
        throw busy(5);
      },
      { budgetMs: 12_000, ...c },
    );
    await expect(run).rejects.toMatchObject({ status: 503 });
    expect(c.waits).toEqual([5000, 5000]);
    expect(calls).toBe(3);
  });

  it('clamps the wait to 1-10 s and assumes 2 s without a Retry-After', async () => {
    const c = clock();
    const answers = [busy(0), busy(60), busy(null), 'ok'];
    await withBusyRetry(
      async () => {
        const next = answers.shift();
        if (next instanceof Error) throw next;
        return next;
      },
      { budgetMs: 60_000, ...c },
    );
    expect(c.waits).toEqual([1000, 10_000, 2000]);
  });

  it('does not retry other errors (a 4xx is the trader to fix, a 429 must not be hammered)', async () => {
    for (const error of [
      new ApiError(422, 'bad chart', ''),
      new ApiError(429, 'slow down', '', 30),
      new Error('network'),
    ]) {
      const c = clock();
      let calls = 0;
      await expect(
        withBusyRetry(
          async () => {
            calls++;
            throw error;
          },
          { budgetMs: 60_000, ...c },
        ),
      ).rejects.toBe(error);
      expect(calls).toBe(1);
      expect(c.waits).toEqual([]);
    }
  });
});
