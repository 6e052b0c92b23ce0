import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOURNAL_IMPORT_MAX_BYTES, JOURNAL_LIMITS, journalListSchema } from '../../../contracts/journal';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-db';
import { createTestApp, signedInTrader, testClock } from '../../test-support/test-app';
import { importCsv } from './test-support';

/** Issue 19.9: bounded import, entries per user and list pages. */
let testDb: TestDatabase;
let app: FastifyInstance;
let base: string;
const clock = testClock(new Date('2026-11-04T09:00:00Z'));

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await createTestApp({ database: testDb.database, now: clock.now });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
  await testDb?.cleanup();
});

const HEADER = 'timestamp,symbol,direction,entry,stopLoss,takeProfit1,accountSize,riskPercentage';

/** `n` PLANNED trades, one minute apart from `start` (so the list order is known). */
function csvOf(n: number, start = Date.parse('2025-01-01T00:00:00Z')): string {
  const lines = [HEADER];
  for (let i = 0; i < n; i++) {
    lines.push(`${new Date(start + i * 60_000).toISOString()},EURUSD,LONG,1.1,1.09,1.12,10000,1`);
  }
  return `${lines.join('\n')}\n`;
}

const trade = {
  symbol: 'EURUSD',
  direction: 'LONG',
  entry: 1.1,
  stopLoss: 1.09,
  takeProfit1: 1.12,
  accountSize: 10_000,
  riskPercentage: 1,
};

describe('journal bounds (issue 19.9)', () => {
  it('a 5,000-row import runs in slices: /healthz keeps answering while it runs', async () => {
    const client = await signedInTrader(app);
    let importing = true;
    let healthAnswers = 0;
    const running = importCsv(client, csvOf(5000)).finally(() => {
      importing = false;
    });
    // Over a real loopback connection: an answer needs the event loop to poll for I/O, which
    // it only does between the import's slices (app.inject would run in microtasks alone).
    while (importing) {
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      await health.arrayBuffer();
      if (importing) healthAnswers++;
    }
    const response = await running;
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 5000, skipped: 0 });
    // Validation yields every 200 rows and the insert every 250 (45 slices; measured: about 20
    // answers). In one piece (checks in one go, 500-row inserts) it answered none until done.
    expect(healthAnswers).toBeGreaterThanOrEqual(10);
  });

  it('pages the list newest first with a cursor, within a default and a maximum page size', async () => {
    const client = await signedInTrader(app);
    expect((await importCsv(client, csvOf(120))).statusCode).toBe(200);

    const first = journalListSchema.parse((await client.get('/api/journal')).json());
    expect(first.entries).toHaveLength(JOURNAL_LIMITS.pageSize);
    expect(first.entries[0]!.timestamp).toBe(
      new Date(Date.parse('2025-01-01T00:00:00Z') + 119 * 60_000).toISOString(),
    );
    expect(first.nextCursor).not.toBeNull();

    const seen = new Set(first.entries.map((e) => e.id));
    let cursor = first.nextCursor;
    let pages = 1;
    while (cursor) {
      const page = journalListSchema.parse(
        (await client.get(`/api/journal?limit=30&cursor=${encodeURIComponent(cursor)}`)).json(),
      );
      for (const entry of page.entries) {
        expect(seen.has(entry.id)).toBe(false);
        seen.add(entry.id);
      }
      cursor = page.nextCursor;
      pages++;
    }
    expect(seen.size).toBe(120);
    expect(pages).toBe(1 + 3); // 50, then 30 + 30 + 10

    const tooMany = await client.get(`/api/journal?limit=${JOURNAL_LIMITS.maxPageSize + 1}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toBe(
      `limit must be a whole number from 1 to ${JOURNAL_LIMITS.maxPageSize}`,
    );
    const forged = await client.get('/api/journal?cursor=bm90LWEtY3Vyc29y');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('INVALID_CURSOR');
  });

  it(`caps a journal at ${JOURNAL_LIMITS.maxEntries} entries: create and import answer 409 past it`, async () => {
    const client = await signedInTrader(app);
    const half = JOURNAL_LIMITS.maxEntries / 2;
    expect((await importCsv(client, csvOf(half))).statusCode).toBe(200);
    expect((await importCsv(client, csvOf(half, Date.parse('2024-01-01T00:00:00Z')))).statusCode).toBe(200);

    const create = await client.post('/api/journal', trade);
    expect(create.statusCode).toBe(409);
    expect(create.json()).toMatchObject({ code: 'JOURNAL_FULL' });
    expect(create.json().detail).toContain('10,000 entries');
    const more = await importCsv(client, csvOf(1, Date.parse('2023-01-01T00:00:00Z')));
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ code: 'JOURNAL_FULL' });

    // Another trader is not affected.
    const other = await signedInTrader(app);
    expect((await other.post('/api/journal', trade)).statusCode).toBe(201);
  });

  it('refuses an import over the byte limit (413) or the row limit (400)', async () => {
    const client = await signedInTrader(app);
    const tooBig = `${HEADER}\n${'x'.repeat(JOURNAL_IMPORT_MAX_BYTES)}\n`;
    expect((await importCsv(client, tooBig)).statusCode).toBe(413);
    const tooLong = await importCsv(client, csvOf(5001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().detail).toContain('at most 5000');
  });
});
