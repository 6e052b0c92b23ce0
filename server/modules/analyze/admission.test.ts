import { describe, expect, it } from 'vitest';
import { Admission } from './admission';
import { loadAnalyzeSettings } from './settings';

const admitN = (admission: Admission, n: number) =>
  Array.from({ length: n }, () => admission.tryAdmit().admitted);

describe('analysis admission', () => {
  it('admits at most threads + maxQueue analyses, then refuses until one is done', () => {
    const admission = new Admission({ threads: 2, maxQueue: 3, maxWaitMs: 60_000 });
    expect(admitN(admission, 5)).toEqual([true, true, true, true, true]);
    const refused = admission.tryAdmit();
    expect(refused).toEqual({ admitted: false, retryAfterSeconds: expect.any(Number) });
    expect(admission.admitted).toBe(5);
    admission.done();
    expect(admission.tryAdmit().admitted).toBe(true);
  });

  it('assumes 1 s per analysis until one has ended, so a burst at start-up queues little', () => {
    const admission = new Admission({ threads: 2, maxQueue: 8, maxWaitMs: 1500 });
    // Two run; the first queued waits 0.5 s, the second 1 s, a third would wait 1.5 s (ok), a fourth 2 s.
    expect(admitN(admission, 6)).toEqual([true, true, true, true, true, false]);
  });

  it('refuses an analysis that would wait longer than maxWaitMs for a thread at the recent pace', () => {
    const admission = new Admission({ threads: 2, maxQueue: 100, maxWaitMs: 1500 });
    admission.recordServiceTime(500);
    // Two run, then queued ones wait 0.25 s, 0.5 s, ... 1.5 s: six queued are accepted.
    expect(admitN(admission, 8).every(Boolean)).toBe(true);
    expect(admission.expectedWaitMs()).toBeCloseTo(1750);
    const refused = admission.tryAdmit();
    expect(refused.admitted).toBe(false);
    // Seven ahead of it on two threads at 0.5 s each: back in 2 s.
    expect(refused).toEqual({ admitted: false, retryAfterSeconds: 2 });
  });

  it('queues less when each analysis gets slower, but always starts one on a free thread', () => {
    const admission = new Admission({ threads: 2, maxQueue: 100, maxWaitMs: 1500 });
    admission.recordServiceTime(4000);
    expect(admitN(admission, 3)).toEqual([true, true, false]);
    const refused = admission.tryAdmit();
    expect(refused.admitted).toBe(false);
    if (!refused.admitted) expect(refused.retryAfterSeconds).toBe(2);
    admission.done();
    expect(admission.tryAdmit().admitted).toBe(true);
  });

  it('follows the pace as a running average and ignores nonsense', () => {
    const admission = new Admission({ threads: 1, maxQueue: 10, maxWaitMs: 1000 });
    admission.recordServiceTime(1000);
    admission.recordServiceTime(Number.NaN);
    admission.recordServiceTime(-5);
    admitN(admission, 1);
    expect(admission.expectedWaitMs()).toBe(1000);
    for (let i = 0; i < 40; i++) admission.recordServiceTime(100);
    expect(admission.expectedWaitMs()).toBeLessThan(101);
  });

  it('keeps the pixels in flight within the budget, but always admits one analysis alone', () => {
    const admission = new Admission({ threads: 4, maxQueue: 4, maxWaitMs: 60_000, pixelBudget: 10 });
    expect(admission.tryAdmit(6).admitted).toBe(true);
    expect(admission.tryAdmit(5).admitted).toBe(false);
    expect(admission.tryAdmit(4).admitted).toBe(true);
    admission.done(6);
    admission.done(4);
    // Larger than the whole budget: admitted when nothing else runs, and then nothing beside it.
    expect(admission.tryAdmit(25).admitted).toBe(true);
    expect(admission.tryAdmit(1).admitted).toBe(false);
    admission.done(25);
    expect(admission.tryAdmit(1).admitted).toBe(true);
  });

  it('never counts below zero when done() is called too often', () => {
    const admission = new Admission({ threads: 1, maxQueue: 0, maxWaitMs: 1000 });
    admission.done();
    expect(admission.admitted).toBe(0);
    expect(admitN(admission, 2)).toEqual([true, false]);
  });
});

describe('analyze settings', () => {
  it('sizes the queue from the threads unless ANALYZE_MAX_QUEUE is set', () => {
    expect(loadAnalyzeSettings({ ANALYZE_THREADS: '2' })).toEqual({
      threads: 2,
      maxQueue: 4,
      maxWaitMs: 1000,
      perMinute: 20,
      perUserInFlight: 2,
      maxUploads: 32,
      uploadTimeoutMs: 60_000,
      pixelBudget: 64_000_000,
      warmUp: true,
    });
    expect(loadAnalyzeSettings({ ANALYZE_THREADS: '3', ANALYZE_MAX_QUEUE: '' }).maxQueue).toBe(6);
    expect(loadAnalyzeSettings({ ANALYZE_THREADS: '1', ANALYZE_MAX_QUEUE: '0' }).maxQueue).toBe(0);
    expect(loadAnalyzeSettings({ ANALYZE_MAX_WAIT_MS: '250' }).maxWaitMs).toBe(250);
  });

  it('lists every bad value at once', () => {
    expect(() => loadAnalyzeSettings({ ANALYZE_MAX_QUEUE: '-1', ANALYZE_MAX_WAIT_MS: 'soon' })).toThrow(
      /ANALYZE_MAX_QUEUE.*ANALYZE_MAX_WAIT_MS/,
    );
  });
});
