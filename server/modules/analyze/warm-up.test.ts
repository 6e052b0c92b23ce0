import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalysisPool, type AnalysisPool } from './pool';
import { findWarmUpCharts, warmUpPool } from './warm-up';

let pool: AnalysisPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const fakeLog = () => ({ info: vi.fn(), warn: vi.fn() });

describe('analysis warm-up', () => {
  it('finds its chart set from the sources', () => {
    expect(findWarmUpCharts()).toMatch(/e2e[/\\]fixtures[/\\]charts[/\\]eurusd-trade$/);
  });

  it('runs one analysis on every thread and reports it', async () => {
    pool = createAnalysisPool({ threads: 2, maxQueue: 4, maxWaitMs: 1000 });
    const log = fakeLog();
    await warmUpPool(pool, log as never);
    expect(log.warn).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ threads: 2 }),
      'analysis worker threads warmed',
    );
    // The warm-up went around admission: the pool still admits a full queue afterwards.
    expect(() => pool!.assertRoom()).not.toThrow();
  }, 120_000);

  it('never fails the start: a pool that cannot run only logs a warning', async () => {
    const broken = { warmUp: () => Promise.reject(new Error('worker file missing')) };
    const log = fakeLog();
    await expect(warmUpPool(broken as never, log as never)).resolves.toBeUndefined();
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      expect.stringContaining('warm-up failed'),
    );
  });
});
