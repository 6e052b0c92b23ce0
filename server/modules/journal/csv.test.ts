import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import {
  JOURNAL_CSV_COLUMNS,
  JOURNAL_MESSAGES,
  journalListSchema,
  journalStatsSchema,
} from '../../../contracts/journal';
import { problemSchema } from '../../../contracts/problem';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-db';
import { createTestApp, signedInTrader, testClock, type TestClient } from '../../test-support/test-app';
import { importCsv } from './test-support';

let testDb: TestDatabase;
let app: FastifyInstance;
const clock = testClock(new Date('2026-11-03T09:00:00Z'));

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

async function exportRows(client: Client) {
  const response = await client.get('/api/journal/export.csv');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  expect(response.headers['content-disposition']).toMatch(/attachment; filename="trading-journal-/);
  return { text: response.body, rows: parse(response.body, { columns: true }) as Record<string, string>[] };
}

/** A journal with every kind of entry and awkward text. */
async function fillJournal(client: Client) {
  const make = async (body: object) => {
    clock.advance(60_000);
    const r = await client.post('/api/journal', body);
    expect(r.statusCode, r.body).toBe(201);
    return r.json().id as string;
  };
  const base = { accountSize: 25_000, riskPercentage: 1.5 };
  const closedWin = await make({
    ...base,
    symbol: 'GBPJPY',
    direction: 'SHORT',
    entry: 191.234,
    stopLoss: 191.734,
    takeProfit1: 190.234,
    takeProfit2: 189.5,
    notes: 'He said "sell", I did, then: wait,\nsecond line — ünïcode',
    tags: 'news, asia',
  });
  const closedLoss = await make({
    ...base,
    symbol: 'XAUUSD',
    direction: 'LONG',
    entry: 2400.5,
    stopLoss: 2390.25,
    takeProfit1: 2420,
  });
  const active = await make({
    ...base,
    symbol: 'US30',
    direction: 'LONG',
    entry: 39000,
    stopLoss: 38900,
    takeProfit1: 39250,
    notes: ' leading space',
  });
  const cancelled = await make({
    ...base,
    symbol: 'EURUSD',
    direction: 'LONG',
    entry: 1.08452,
    stopLoss: 1.08,
    takeProfit1: 1.09,
  });
  await make({
    ...base,
    symbol: 'MYCOIN',
    direction: 'SHORT',
    entry: 0.12345,
    stopLoss: 0.13,
    takeProfit1: 0.11,
    tags: '=cmd, x',
  });
  for (const id of [closedWin, closedLoss, active]) {
    clock.advance(1000);
    expect((await client.post(`/api/journal/${id}/activate`)).statusCode).toBe(200);
  }
  clock.advance(5000);
  await client.post(`/api/journal/${closedWin.toString()}/close`, { exitPrice: 190.1 });
  clock.advance(5000);
  await client.post(`/api/journal/${closedLoss}/close`, { exitPrice: 2391 });
  await client.post(`/api/journal/${cancelled}/cancel`);
}

describe('CSV export and import', () => {
  it('a round trip into another account loses nothing (every column but the id)', async () => {
    const alice = await signedIn();
    await fillJournal(alice);
    const exported = await exportRows(alice);
    expect(Object.keys(exported.rows[0]!)).toEqual([...JOURNAL_CSV_COLUMNS]);
    expect(exported.rows).toHaveLength(5);
    // A cell a spreadsheet would run as a formula is exported as text, and imported as written.
    expect(exported.rows.find((r) => r.symbol === 'MYCOIN')!.tags).toBe("'=cmd, x");
    expect(exported.rows.map((r) => r.status).sort()).toEqual([
      'ACTIVE',
      'CANCELLED',
      'CLOSED',
      'CLOSED',
      'PLANNED',
    ]);

    const bob = await signedIn();
    const imported = await importCsv(bob, exported.text);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ imported: 5, skipped: 0 });

    const again = await exportRows(bob);
    const withoutId = (rows: Record<string, string>[]) => rows.map(({ id: _id, ...rest }) => rest);
    expect(withoutId(again.rows)).toEqual(withoutId(exported.rows));
    // Alice's ids belong to her journal: Bob's copies got their own.
    expect(again.rows.map((r) => r.id)).not.toContain(exported.rows[0]!.id);

    // The API view (not just the CSV) is the same, statistics included.
    const strip = (e: { id: string }) => ({ ...e, id: '' });
    const listA = journalListSchema.parse((await alice.get('/api/journal')).json()).entries.map(strip);
    const listB = journalListSchema.parse((await bob.get('/api/journal')).json()).entries.map(strip);
    expect(listB).toEqual(listA);
    const statsA = journalStatsSchema.parse((await alice.get('/api/journal/stats')).json());
    const statsB = journalStatsSchema.parse((await bob.get('/api/journal/stats')).json());
    expect({ ...statsB, equityCurve: [], recentTrades: [] }).toEqual({
      ...statsA,
      equityCurve: [],
      recentTrades: [],
    });
    expect(statsB.equityCurve.map((p) => p.balance)).toEqual(statsA.equityCurve.map((p) => p.balance));
  });

  it('escapes a formula-like symbol, not only notes and tags, and imports it back as written', async () => {
    const client = await signedIn();
    const created = await client.post('/api/journal', {
      symbol: '=HYPERLINK("evil.io")',
      direction: 'LONG',
      entry: 1.1,
      stopLoss: 1.09,
      takeProfit1: 1.12,
      accountSize: 10_000,
      riskPercentage: 1,
      notes: '@SUM(A1)',
    });
    expect(created.statusCode, created.body).toBe(201);
    const exported = await exportRows(client);
    const [row] = exported.rows;
    for (const column of JOURNAL_CSV_COLUMNS) {
      // No cell a spreadsheet would run: every formula-like text starts with the apostrophe.
      expect(row![column], column).not.toMatch(/^[=+@\t\r]/);
    }
    expect(row!.symbol).toBe(`'=HYPERLINK("EVIL.IO")`);
    expect(row!.notes).toBe("'@SUM(A1)");

    const other = await signedIn();
    expect((await importCsv(other, exported.text)).statusCode).toBe(200);
    const [copy] = journalListSchema.parse((await other.get('/api/journal')).json()).entries;
    expect(copy).toMatchObject({ symbol: '=HYPERLINK("EVIL.IO")', notes: '@SUM(A1)' });
  });

  it('importing the same file again into the same journal adds nothing', async () => {
    const client = await signedIn();
    await fillJournal(client);
    const { text } = await exportRows(client);
    const response = await importCsv(client, text);
    expect(response.json()).toEqual({ imported: 0, skipped: 5 });
    expect(journalListSchema.parse((await client.get('/api/journal')).json()).entries).toHaveLength(5);
  });

  it('also accepts {"csv": ...} JSON, and a hand-made file with only the trade columns', async () => {
    const client = await signedIn();
    const csv =
      'symbol,direction,entry,stopLoss,takeProfit1,accountSize,riskPercentage,tags\nEURUSD,LONG,1.1,1.095,1.11,10000,1,"a, b"\n';
    const response = await client.post('/api/journal/import', { csv });
    expect(response.json()).toEqual({ imported: 1, skipped: 0 });
    const [entry] = journalListSchema.parse((await client.get('/api/journal')).json()).entries;
    expect(entry).toMatchObject({
      status: 'PLANNED',
      lotSize: 0.2,
      tags: ['a', 'b'],
      timestamp: clock.now().toISOString(),
    });
  });

  it('reports every bad row with its number and the field message, and imports nothing', async () => {
    const client = await signedIn();
    const csv = [
      'symbol,direction,entry,stopLoss,takeProfit1,accountSize,riskPercentage,status,exitPrice',
      'EURUSD,LONG,1.1,1.095,1.11,10000,1,PLANNED,',
      ',LONG,1.1,1.095,1.11,10000,1,PLANNED,',
      'EURUSD,LONG,-1,1.095,1.11,50,1,PLANNED,',
      'EURUSD,LONG,1.1,1.095,1.11,10000,1,CLOSED,',
    ].join('\n');
    const response = await importCsv(client, csv);
    expect(response.statusCode).toBe(400);
    const problem = problemSchema.parse(response.json());
    expect(problem.detail).toBe(
      `Row 2, symbol: ${JOURNAL_MESSAGES.symbolRequired} (and 3 more problems). Nothing was imported.`,
    );
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { field: 'row 2.symbol', message: JOURNAL_MESSAGES.symbolRequired },
        { field: 'row 3.entry', message: JOURNAL_MESSAGES.entry },
        { field: 'row 3.accountSize', message: 'Account size must be at least $100' },
        { field: 'row 4.exitPrice', message: 'A CLOSED trade needs its exit price' },
      ]),
    );
    expect(journalListSchema.parse((await client.get('/api/journal')).json()).entries).toHaveLength(0);
  });

  it('names missing columns and refuses a body that is not CSV', async () => {
    const client = await signedIn();
    const missing = await importCsv(client, 'symbol,direction\nEURUSD,LONG\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('entry, stopLoss, takeProfit1, accountSize, riskPercentage');
    const broken = await importCsv(client, 'symbol,direction,entry\n"EURUSD,LONG,1\n');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('IMPORT_INVALID');
    const noBody = await client.post('/api/journal/import', { file: 'x' });
    expect(noBody.statusCode).toBe(400);
  });

  it("exports a journal larger than one read, a page at a time, newest first, only the trader's own", async () => {
    const client = await signedIn();
    const other = await signedIn();
    // 1,201 trades, three to each log time: the pages (500 rows) end inside a run of equal times,
    // where only the id orders them.
    const header = 'symbol,direction,entry,stopLoss,takeProfit1,accountSize,riskPercentage,timestamp';
    const base = Date.UTC(2025, 0, 1);
    const lines = Array.from({ length: 1201 }, (_, i) => {
      const at = new Date(base + Math.floor(i / 3) * 60_000).toISOString();
      return `EURUSD,LONG,1.1,1.095,1.11,10000,1,${at}`;
    });
    expect((await importCsv(client, [header, ...lines].join('\n'))).json()).toEqual({
      imported: 1201,
      skipped: 0,
    });
    expect((await importCsv(other, [header, lines[0]].join('\n'))).json()).toEqual({
      imported: 1,
      skipped: 0,
    });
    const { rows } = await exportRows(client);
    expect(rows).toHaveLength(1201);
    expect(new Set(rows.map((r) => r.id)).size).toBe(1201);
    const listed = journalListSchema.parse((await client.get('/api/journal?limit=200')).json());
    expect(rows.slice(0, 200).map((r) => r.id)).toEqual(listed.entries.map((e) => e.id));
    // Newest first, ties by id descending, across the page boundaries.
    for (let i = 1; i < rows.length; i++) {
      const a = rows[i - 1]! as { timestamp: string; id: string };
      const b = rows[i]! as { timestamp: string; id: string };
      expect(a.timestamp > b.timestamp || (a.timestamp === b.timestamp && a.id > b.id), `row ${i}`).toBe(
        true,
      );
    }
    const theirs = await exportRows(other);
    expect(theirs.rows).toHaveLength(1);
    expect(rows.map((r) => r.id)).not.toContain(theirs.rows[0]!.id);
  });
});
