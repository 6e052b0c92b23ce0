import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { journalEntrySchema, journalListSchema, journalStatsSchema } from '../../../contracts/journal';
import { analyses } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-db';
import { createTestApp, signedInTrader, testClock, type TestClient } from '../../test-support/test-app';

/**
 * The table view's server side (issue 21): GET /api/journal sorted and filtered, page by page,
 * the calendar's day, and the link from an entry to the analysis it was planned from. Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await createTestApp({
    database: testDb.database,
    now: testClock(new Date('2026-11-20T09:00:00Z')).now,
  });
});

afterAll(async () => {
  await app?.close();
  await testDb?.cleanup();
});

// #1..#5 by log time. R: 2, -1, 0.05 (breakeven), none (planned), 1.2.
const CSV = [
  'symbol,direction,entry,stopLoss,takeProfit1,accountSize,riskPercentage,status,exitPrice,timestamp,activatedAt,closedAt,pnlUsd,rMultiple,tags',
  'EURUSD,LONG,1.1,1.09,1.12,10000,1,CLOSED,1.12,2026-11-02T08:00:00Z,2026-11-02T08:00:00Z,2026-11-02T10:00:00Z,200,2,ob',
  'EURUSD,SHORT,1.1,1.11,1.08,10000,1,CLOSED,1.11,2026-11-02T09:00:00Z,2026-11-02T09:00:00Z,2026-11-02T15:00:00Z,-100,-1,"ob,london"',
  'GBPUSD,LONG,1.3,1.29,1.32,10000,1,CLOSED,1.3005,2026-11-04T08:00:00Z,2026-11-04T08:00:00Z,2026-11-04T12:00:00Z,5,0.05,',
  'GBPUSD,SHORT,1.3,1.31,1.28,10000,1,PLANNED,,2026-11-05T08:00:00Z,,,,,',
  'USDJPY,LONG,150,149,152,10000,1,CLOSED,151.2,2026-11-10T01:00:00Z,2026-11-10T01:00:00Z,2026-11-10T03:00:00Z,120,1.2,london',
].join('\n');

let client: TestClient;
/** Log time -> row number in CSV, so the assertions read as the table above. */
const numberOf = (timestamp: string) =>
  ['2026-11-02T08', '2026-11-02T09', '2026-11-04T08', '2026-11-05T08', '2026-11-10T01'].indexOf(
    timestamp.slice(0, 13),
  ) + 1;

async function ids(query: string) {
  const response = await client.get(`/api/journal?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const page = journalListSchema.parse(response.json());
  return { rows: page.entries.map((e) => numberOf(e.timestamp)), next: page.nextCursor };
}

beforeAll(async () => {
  client = await signedInTrader(app);
  const response = await client.send({
    method: 'POST',
    url: '/api/journal/import',
    payload: CSV,
    headers: { 'content-type': 'text/csv' },
  });
  expect(response.statusCode, response.body).toBe(200);
});

describe('GET /api/journal sorted', () => {
  it('by date, newest first by default and oldest first with order=asc', async () => {
    expect((await ids('')).rows).toEqual([5, 4, 3, 2, 1]);
    expect((await ids('sort=date&order=asc')).rows).toEqual([1, 2, 3, 4, 5]);
  });

  it('by R and by P/L either way, trades without one last both ways', async () => {
    expect((await ids('sort=r&order=desc')).rows).toEqual([1, 5, 3, 2, 4]);
    expect((await ids('sort=r&order=asc')).rows).toEqual([2, 3, 5, 1, 4]);
    expect((await ids('sort=pnl&order=desc')).rows).toEqual([1, 5, 3, 2, 4]);
    expect((await ids('sort=pnl&order=asc')).rows).toEqual([2, 3, 5, 1, 4]);
  });

  it('by symbol, ties newest first', async () => {
    expect((await ids('sort=symbol&order=asc')).rows).toEqual([2, 1, 4, 3, 5]);
    expect((await ids('sort=symbol&order=desc')).rows).toEqual([5, 4, 3, 2, 1]);
  });

  it('page by page with the cursor, in any order, without repeats or gaps', async () => {
    for (const [query, all] of [
      ['sort=r&order=asc', [2, 3, 5, 1, 4]],
      ['sort=symbol&order=asc', [2, 1, 4, 3, 5]],
      ['sort=date&order=asc', [1, 2, 3, 4, 5]],
      ['sort=pnl&order=desc', [1, 5, 3, 2, 4]],
    ] as const) {
      const seen: number[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const page = await ids(`${query}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        seen.push(...page.rows);
        cursor = page.next;
      }
      expect(seen, query).toEqual(all);
    }
  });

  it('refuses a cursor from another order with 400, and an unknown sort key', async () => {
    const { next } = await ids('sort=r&order=asc&limit=2');
    const wrong = await client.get(`/api/journal?sort=pnl&order=asc&cursor=${encodeURIComponent(next!)}`);
    expect(wrong.statusCode).toBe(400);
    expect((await client.get('/api/journal?sort=colour')).statusCode).toBe(400);
  });
});

describe('GET /api/journal filtered', () => {
  it('by outcome with the statistics rules, and "open" for trades without a result', async () => {
    expect((await ids('outcome=win')).rows).toEqual([5, 1]);
    expect((await ids('outcome=loss')).rows).toEqual([2]);
    expect((await ids('outcome=breakeven')).rows).toEqual([3]);
    expect((await ids('outcome=open')).rows).toEqual([4]);
  });

  it('by symbol (any case), direction, tag, and all together', async () => {
    expect((await ids('symbol=gbpusd')).rows).toEqual([4, 3]);
    expect((await ids('direction=short')).rows).toEqual([4, 2]);
    expect((await ids('tag=london')).rows).toEqual([5, 2]);
    expect((await ids('tag=lon')).rows).toEqual([]);
    expect((await ids('symbol=EURUSD&tag=ob&outcome=win&sort=r')).rows).toEqual([1]);
  });

  it('by the UTC day of the close (the calendar)', async () => {
    expect((await ids('closedOn=2026-11-02')).rows).toEqual([2, 1]);
    expect((await ids('closedOn=2026-11-03')).rows).toEqual([]);
    expect((await client.get('/api/journal?closedOn=2026-13-45')).statusCode).toBe(400);
  });
});

describe('GET /api/journal/stats calendar and distribution', () => {
  it('sums days and weeks and spreads R as the engine does', async () => {
    const stats = journalStatsSchema.parse((await client.get('/api/journal/stats')).json());
    expect(stats.daily).toEqual([
      { date: '2026-11-02', trades: 2, wins: 1, losses: 1, pnlUsd: 100, totalR: 1 },
      { date: '2026-11-04', trades: 1, wins: 0, losses: 0, pnlUsd: 5, totalR: 0.05 },
      { date: '2026-11-10', trades: 1, wins: 1, losses: 0, pnlUsd: 120, totalR: 1.2 },
    ]);
    expect(stats.weekly).toEqual([
      { weekStart: '2026-11-02', trades: 3, pnlUsd: 105 },
      { weekStart: '2026-11-09', trades: 1, pnlUsd: 120 },
    ]);
    expect(stats.rDistribution.trades).toBe(4);
    expect(stats.rDistribution.bins.filter((b) => b.count > 0).map((b) => b.r)).toEqual([-1, 0, 1, 2]);
    expect(stats.plannedVsRealised.trades).toEqual([]);
  });
});

describe('an entry planned from an analysis', () => {
  async function analysisOf(trader: TestClient) {
    const user = (await trader.get('/api/auth/user')).json() as { id: string };
    const [row] = await app.db
      .insert(analyses)
      .values({
        userId: user.id,
        symbol: 'EURUSD',
        direction: 'LONG',
        confidence: 70,
        tradeRecommended: true,
        accountSize: 10_000,
        riskPercentage: 1,
        result: {},
        thumb5m: '',
        thumb15m: '',
        thumb4h: '',
      })
      .returning({ id: analyses.id });
    return row!.id;
  }

  it('keeps the link, and its planned R:R is compared with the R realised', async () => {
    const trader = await signedInTrader(app);
    const analysisId = await analysisOf(trader);
    const created = await trader.post('/api/journal', {
      symbol: 'EURUSD',
      direction: 'LONG',
      entry: 1.1,
      stopLoss: 1.09,
      takeProfit1: 1.12,
      accountSize: 10_000,
      riskPercentage: 1,
      analysisId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = journalEntrySchema.parse(created.json());
    expect(entry.analysisId).toBe(analysisId);
    expect((await trader.post(`/api/journal/${entry.id}/activate`)).statusCode).toBe(200);
    expect((await trader.post(`/api/journal/${entry.id}/close`, { exitPrice: 1.115 })).statusCode).toBe(200);
    const stats = journalStatsSchema.parse((await trader.get('/api/journal/stats')).json());
    // Planned (1.12 - 1.10) / (1.10 - 1.09) = 2; realised (1.115 - 1.10) / 0.01 = 1.5.
    expect(stats.plannedVsRealised).toMatchObject({
      averagePlannedR: 2,
      averageRealisedR: 1.5,
      reachedTarget: 0,
    });
    expect(stats.plannedVsRealised.trades[0]).toMatchObject({
      id: entry.id,
      analysisId,
      plannedR: 2,
      realisedR: 1.5,
    });
  });

  it("refuses another trader's analysis as if it did not exist", async () => {
    const other = await signedInTrader(app);
    const theirs = await analysisOf(other);
    const trader = await signedInTrader(app);
    const response = await trader.post('/api/journal', {
      symbol: 'EURUSD',
      direction: 'LONG',
      entry: 1.1,
      stopLoss: 1.09,
      takeProfit1: 1.12,
      accountSize: 10_000,
      riskPercentage: 1,
      analysisId: theirs,
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatch(/analysis does not exist/);
  });
});
