import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  JOURNAL_MESSAGES,
  journalEntrySchema,
  journalListSchema,
  journalStatsSchema,
  type JournalEntry,
} from '../../../contracts/journal';
import { problemSchema } from '../../../contracts/problem';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-db';
import {
  browser,
  createTestApp,
  signedInTrader,
  testClock,
  type TestClient,
} from '../../test-support/test-app';

let testDb: TestDatabase;
let app: FastifyInstance;
const clock = testClock(new Date('2026-11-02T09:00:00Z'));

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await createTestApp({ database: testDb.database, now: clock.now });
});

afterAll(async () => {
  await app?.close();
  await testDb?.cleanup();
});

type Client = TestClient;

const signedIn = () => signedInTrader(app);

const eurusdLong = {
  symbol: 'eurusd',
  direction: 'LONG',
  entry: 1.1,
  stopLoss: 1.095,
  takeProfit1: 1.11,
  takeProfit2: 1.115,
  accountSize: 10_000,
  riskPercentage: 1,
  notes: 'London open, OB retest',
  tags: ' smc,  london ,, ob ',
};

async function create(client: Client, body: object = eurusdLong): Promise<JournalEntry> {
  const response = await client.post('/api/journal', body);
  expect(response.statusCode, response.body).toBe(201);
  return journalEntrySchema.parse(response.json());
}

const patch = (client: Client, id: string, payload: object) =>
  client.send({ method: 'PATCH', url: `/api/journal/${id}`, payload });
const del = (client: Client, id: string) => client.send({ method: 'DELETE', url: `/api/journal/${id}` });

describe('POST /api/journal', () => {
  it('stores a PLANNED entry sized by the instrument table, tags split and trimmed', async () => {
    const client = await signedIn();
    const entry = await create(client);
    expect(entry).toMatchObject({
      symbol: 'EURUSD',
      direction: 'LONG',
      status: 'PLANNED',
      riskAmount: 100,
      lotSize: 0.2,
      units: 20_000,
      plannedRiskReward: 2,
      tags: ['smc', 'london', 'ob'],
      notes: 'London open, OB retest',
      instrument: { symbol: 'EURUSD', known: true, precision: 5, approximate: false },
      exitPrice: null,
      result: null,
      timestamp: '2026-11-02T09:00:00.000Z',
    });
    expect(entry.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    [{ symbol: '  ' }, 'symbol', JOURNAL_MESSAGES.symbolRequired],
    [{ entry: -1 }, 'entry', JOURNAL_MESSAGES.entry],
    [{ entry: 'abc' }, 'entry', JOURNAL_MESSAGES.entry],
    [{ stopLoss: -1 }, 'stopLoss', JOURNAL_MESSAGES.stopLoss],
    [{ takeProfit1: 0 }, 'takeProfit1', JOURNAL_MESSAGES.takeProfit],
    [{ takeProfit2: -2 }, 'takeProfit2', JOURNAL_MESSAGES.takeProfit],
    [{ accountSize: 99 }, 'accountSize', 'Account size must be at least $100'],
    [{ riskPercentage: 0.05 }, 'riskPercentage', 'Risk must be at least 0.1%'],
    [{ riskPercentage: 11 }, 'riskPercentage', 'Risk cannot exceed 10%'],
    [{ stopLoss: 1.2 }, 'stopLoss', JOURNAL_MESSAGES.stopSideLong],
    [
      { direction: 'SHORT', takeProfit1: 1.09, takeProfit2: 1.08 },
      'stopLoss',
      JOURNAL_MESSAGES.stopSideShort,
    ],
    [{ takeProfit1: 1.09 }, 'takeProfit1', JOURNAL_MESSAGES.takeProfitSideLong],
    [{ direction: 'UP' }, 'direction', JOURNAL_MESSAGES.direction],
  ])('refuses %j with 400 and "%s: %s"', async (change, field, message) => {
    const client = await signedIn();
    const response = await client.post('/api/journal', { ...eurusdLong, ...change });
    expect(response.statusCode).toBe(400);
    const problem = problemSchema.parse(response.json());
    expect(problem.errors).toContainEqual({ field, message });
    const list = journalListSchema.parse((await client.get('/api/journal')).json());
    expect(list.entries).toHaveLength(0);
  });

  it('refuses an account size above $1,000,000,000 and prices above 10,000,000 with clear messages', async () => {
    const client = await signedIn();
    const huge = await client.post('/api/journal', { ...eurusdLong, accountSize: 1e300 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().detail).toBe('Account size cannot exceed $1,000,000,000');
    const farPrice = await client.post('/api/journal', {
      ...eurusdLong,
      entry: 2e7,
      stopLoss: 1.9e7,
      takeProfit1: 3e7,
      takeProfit2: undefined,
    });
    expect(farPrice.statusCode).toBe(400);
    expect(problemSchema.parse(farPrice.json()).errors).toEqual(
      expect.arrayContaining([{ field: 'entry', message: JOURNAL_MESSAGES.priceTooLarge }]),
    );
    expect(journalListSchema.parse((await client.get('/api/journal')).json()).entries).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    const response = await browser(app).post('/api/journal', eurusdLong);
    expect(response.statusCode).toBe(401);
    expect((await browser(app).get('/api/journal')).statusCode).toBe(401);
  });
});

describe('list, get, update, delete', () => {
  it('lists newest first and edits notes, tags and (while PLANNED) prices', async () => {
    const client = await signedIn();
    const first = await create(client);
    clock.advance(60_000);
    const second = await create(client, {
      ...eurusdLong,
      symbol: 'XAUUSD',
      entry: 2000,
      stopLoss: 1990,
      takeProfit1: 2020,
      takeProfit2: undefined,
    });
    const list = journalListSchema.parse((await client.get('/api/journal')).json());
    expect(list.entries.map((e) => e.id)).toEqual([second.id, first.id]);
    expect(list.entries[0]).toMatchObject({ lotSize: 0.1, takeProfit2: null, instrument: { precision: 2 } });

    const edited = await patch(client, first.id, { notes: 'moved to BE', tags: 'a, b' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ notes: 'moved to BE', tags: ['a', 'b'], lotSize: 0.2 });

    const resized = await patch(client, first.id, { stopLoss: 1.09 });
    expect(resized.json()).toMatchObject({
      stopLoss: 1.09,
      lotSize: 0.1,
      plannedRiskReward: 1,
      notes: 'moved to BE',
    });

    const wrongSide = await patch(client, first.id, { direction: 'SHORT' });
    expect(wrongSide.statusCode).toBe(400);
    expect(problemSchema.parse(wrongSide.json()).errors).toContainEqual({
      field: 'stopLoss',
      message: JOURNAL_MESSAGES.stopSideShort,
    });

    const got = await client.get(`/api/journal/${first.id}`);
    expect(got.json()).toMatchObject({ id: first.id, stopLoss: 1.09 });

    expect((await del(client, second.id)).statusCode).toBe(204);
    expect((await client.get(`/api/journal/${second.id}`)).statusCode).toBe(404);
    expect(journalListSchema.parse((await client.get('/api/journal')).json()).entries).toHaveLength(1);
  });

  it('answers 404 for an id that is not a UUID', async () => {
    const client = await signedIn();
    expect((await client.get('/api/journal/not-an-id')).statusCode).toBe(404);
  });
});

describe('status transitions', () => {
  it('PLANNED -> ACTIVE -> CLOSED computes the realised R and P/L; further moves are 409', async () => {
    const client = await signedIn();
    const entry = await create(client);

    const closeTooEarly = await client.post(`/api/journal/${entry.id}/close`, { exitPrice: 1.11 });
    expect(closeTooEarly.statusCode).toBe(409);
    expect(closeTooEarly.json().detail).toContain('activate it first');

    clock.advance(1000);
    const active = await client.post(`/api/journal/${entry.id}/activate`);
    expect(active.statusCode).toBe(200);
    expect(active.json()).toMatchObject({ status: 'ACTIVE', activatedAt: clock.now().toISOString() });
    expect((await client.post(`/api/journal/${entry.id}/activate`)).statusCode).toBe(409);

    const noExit = await client.post(`/api/journal/${entry.id}/close`, {});
    expect(noExit.statusCode).toBe(400);
    expect(problemSchema.parse(noExit.json()).errors).toContainEqual({
      field: 'exitPrice',
      message: JOURNAL_MESSAGES.exitPrice,
    });

    const locked = await patch(client, entry.id, { entry: 1.101 });
    expect(locked.statusCode).toBe(409);

    const closed = await client.post(`/api/journal/${entry.id}/close`, { exitPrice: 1.1075 });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({
      status: 'CLOSED',
      exitPrice: 1.1075,
      result: { rMultiple: 1.5, pnlUsd: 150 },
    });
    expect((await client.post(`/api/journal/${entry.id}/cancel`)).statusCode).toBe(409);
    expect((await client.post(`/api/journal/${entry.id}/close`, { exitPrice: 1.2 })).statusCode).toBe(409);
    // Notes stay editable after the close (the trader's review).
    expect((await patch(client, entry.id, { notes: 'followed the plan' })).json()).toMatchObject({
      notes: 'followed the plan',
      status: 'CLOSED',
    });
    // An emptied notes box clears them; the tags are left alone.
    expect((await patch(client, entry.id, { notes: '' })).json()).toMatchObject({
      notes: null,
      tags: ['smc', 'london', 'ob'],
    });
  });

  it('PLANNED and ACTIVE trades can be cancelled; a cancelled one cannot be activated', async () => {
    const client = await signedIn();
    const a = await create(client);
    const b = await create(client);
    await client.post(`/api/journal/${b.id}/activate`);
    expect((await client.post(`/api/journal/${a.id}/cancel`)).json()).toMatchObject({ status: 'CANCELLED' });
    expect((await client.post(`/api/journal/${b.id}/cancel`)).json()).toMatchObject({ status: 'CANCELLED' });
    const again = await client.post(`/api/journal/${a.id}/activate`);
    expect(again.statusCode).toBe(409);
    expect(problemSchema.parse(again.json()).code).toBe('INVALID_TRANSITION');
  });
});

describe('ownership', () => {
  it("user B can neither read, change, move nor delete user A's entries (404 each time)", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const entry = await create(alice);

    expect((await bob.get(`/api/journal/${entry.id}`)).statusCode).toBe(404);
    expect((await patch(bob, entry.id, { notes: 'mine now' })).statusCode).toBe(404);
    expect((await bob.post(`/api/journal/${entry.id}/activate`)).statusCode).toBe(404);
    expect((await bob.post(`/api/journal/${entry.id}/close`, { exitPrice: 1.2 })).statusCode).toBe(404);
    expect((await bob.post(`/api/journal/${entry.id}/cancel`)).statusCode).toBe(404);
    expect((await del(bob, entry.id)).statusCode).toBe(404);
    expect(journalListSchema.parse((await bob.get('/api/journal')).json()).entries).toEqual([]);
    expect(journalStatsSchema.parse((await bob.get('/api/journal/stats')).json()).totalTrades).toBe(0);
    expect(await (await bob.get('/api/journal/export.csv')).body.split('\r\n').filter(Boolean)).toHaveLength(
      1,
    );

    // Alice's entry is untouched.
    expect((await alice.get(`/api/journal/${entry.id}`)).json()).toMatchObject({
      status: 'PLANNED',
      notes: eurusdLong.notes,
    });
  });
});

describe('GET /api/journal/stats', () => {
  it('reflects closed trades: win rate, profit factor, return, drawdown and the equity curve', async () => {
    const client = await signedIn();
    const empty = journalStatsSchema.parse((await client.get('/api/journal/stats')).json());
    expect(empty).toMatchObject({
      totalTrades: 0,
      winRate: null,
      profitFactor: { kind: 'none' },
      equityCurve: [],
    });

    const trades = [1.11, 1.0975, 1.1]; // +2R, -0.5R, breakeven
    for (const exitPrice of trades) {
      const e = await create(client);
      await client.post(`/api/journal/${e.id}/activate`);
      clock.advance(60_000);
      await client.post(`/api/journal/${e.id}/close`, { exitPrice });
    }
    await create(client);

    const stats = journalStatsSchema.parse((await client.get('/api/journal/stats')).json());
    expect(stats).toMatchObject({
      totalTrades: 4,
      plannedTrades: 1,
      closedTrades: 3,
      wins: 1,
      losses: 1,
      breakevens: 1,
      winRate: 50,
      grossProfitUsd: 200,
      grossLossUsd: 50,
      profitFactor: { kind: 'ratio', value: 4 },
      netPnlUsd: 150,
      startingBalance: 10_000,
      maxDrawdownUsd: 50,
    });
    expect(stats.totalReturnPct).toBeCloseTo(1.5, 10);
    expect(stats.expectancyR).toBeCloseTo(0.5, 10);
    expect(stats.equityCurve.map((p) => p.balance)).toEqual([10_000, 10_200, 10_150, 10_150]);
    expect(stats.recentTrades[0]).toMatchObject({ outcome: 'breakeven' });
  });
});
