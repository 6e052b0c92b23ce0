import { describe, expect, it } from 'vitest';
import { analyzeTestApp, chartSet, postAnalysis } from './test-support';

/**
 * The capacity limits with small settings: one worker thread, no waiting room and three
 * analyses per user per minute (read from ANALYZE_* when the module registers).
 */
const setup = analyzeTestApp({ ANALYZE_THREADS: '1', ANALYZE_MAX_QUEUE: '0', ANALYZE_PER_MINUTE: '3' });
const charts = chartSet();

const signedIn = () => setup.signedIn();

describe('analyze capacity', () => {
  it('limits each user to ANALYZE_PER_MINUTE analyses a minute (429 with Retry-After); others go on', async () => {
    const busy = await signedIn();
    // Cheap refused requests count too: the limit is on attempts, not on successes.
    for (let i = 0; i < 3; i++) {
      const response = await postAnalysis(busy, { '5m': charts['5m'] });
      expect(response.statusCode).toBe(422);
    }
    const limited = await postAnalysis(busy, { '5m': charts['5m'] });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const other = await signedIn();
    expect((await postAnalysis(other, { '5m': charts['5m'] })).statusCode).toBe(422);
  });

  it('answers 503 with Retry-After when the pool is busy and its queue is full', async () => {
    const clients = [await signedIn(), await signedIn(), await signedIn()];
    const responses = await Promise.all(clients.map((client) => postAnalysis(client, charts)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toContain(201);
    expect(statuses).toContain(503);
    const refused = responses.find((r) => r.statusCode === 503)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The written words, not the generic "Something went wrong on our side" of a 500.
    expect(refused.json().detail).toBe(
      'Many charts are being analysed right now. Please try again in a few seconds.',
    );
  });

  it('does not count a 503 against the per-user allowance', async () => {
    const [running, retrying] = [await signedIn(), await signedIn()];
    const analysis = postAnalysis(running, charts);
    // While the one thread is busy, four quick attempts (over the limit of 3) are all "busy".
    await new Promise((resolve) => setTimeout(resolve, 100));
    const busy = [];
    for (let i = 0; i < 4; i++) busy.push((await postAnalysis(retrying, charts)).statusCode);
    expect(busy).toEqual([503, 503, 503, 503]);
    expect((await analysis).statusCode).toBe(201);
    // Its allowance is untouched: the next attempt is analysed (here: refused for a missing file).
    expect((await postAnalysis(retrying, { '5m': charts['5m'] })).statusCode).toBe(422);
  });
});
