import { describe, expect, it } from 'vitest';
import { analyzeTestApp, chartSet, postAnalysis } from './test-support';

/**
 * Issue 19.9: decoding memory is bounded by the pixels of the analyses in flight, not only by
 * their number. Two threads would run two analyses at once, but a 4-megapixel budget holds one
 * set of three 1280 x 720 charts (2.8 MP) and not two.
 */
const setup = analyzeTestApp({ ANALYZE_THREADS: '2', ANALYZE_MAX_QUEUE: '2', ANALYZE_PIXEL_BUDGET_MP: '4' });
const charts = chartSet();

describe('pixel budget across analyses in flight', () => {
  it('refuses a second analysis at once when both would pass the budget (503), and runs each alone', async () => {
    const clients = [await setup.signedIn(), await setup.signedIn()];
    const both = await Promise.all(clients.map((client) => postAnalysis(client, charts)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 503]);
    const refused = both.find((r) => r.statusCode === 503)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().code).toBe('ANALYSIS_BUSY');

    // One at a time, both fit.
    for (const client of clients) expect((await postAnalysis(client, charts)).statusCode).toBe(201);
  });
});
