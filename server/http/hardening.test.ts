import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../../contracts/problem';
import { schema } from '../db/schema';
import type { Database } from '../db/database';
import { createTestDatabase, type TestDatabase } from '../test-support/test-db';
import {
  browser,
  createTestApp,
  logCapture,
  signedInTrader,
  type TestClient,
} from '../test-support/test-app';

/**
 * Issue 19, items 5-8: bad input is a 400 (never a 500), errors do not leak emails into the
 * log, a 503 keeps its words, and a database that cannot answer is a 503 with Retry-After.
 */
let testDb: TestDatabase;
let app: FastifyInstance;
const logs = logCapture();
const VICTIM = 'victim.owner@corp.example';

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await createTestApp({
    database: testDb.database,
    logStream: logs.stream,
    routes(instance) {
      // A query that fails inside PostgreSQL with an email among its parameters, as a unique
      // violation or a bad cast does in real routes.
      instance.get('/api/test/failing-query', async () => {
        await instance.db.execute(sql`select ${VICTIM}::int`);
        return { unreachable: true };
      });
    },
  });
});

afterAll(async () => {
  await app?.close();
  await testDb?.cleanup();
});

const trade = {
  symbol: 'EURUSD',
  direction: 'LONG',
  entry: 1.1,
  stopLoss: 1.09,
  takeProfit1: 1.12,
  accountSize: 10_000,
  riskPercentage: 1,
};

const postJsonText = (client: TestClient, url: string, text: string) =>
  client.send({ method: 'POST', url, payload: text, headers: { 'content-type': 'application/json' } });

function expectNulRefused(response: { statusCode: number; json(): unknown }, field: string) {
  expect(response.statusCode).toBe(400);
  const problem = problemSchema.parse(response.json());
  expect(problem.code).toBe('NUL_CHARACTER');
  expect(problem.detail).toContain('NUL character');
  expect(problem.errors?.[0]?.field).toBe(field);
}

describe('NUL bytes and malformed uploads answer 400 (issue 19.5)', () => {
  it('refuses a NUL in a name or an email at registration', async () => {
    const client = browser(app);
    const badName = await postJsonText(
      client,
      '/api/register',
      '{"name":"Jane\\u0000Doe","email":"jane.nul@example.com","tradingExperience":"beginner"}',
    );
    expectNulRefused(badName, 'body.name');
    const badEmail = await postJsonText(client, '/api/login', '{"email":"jane\\u0000@example.com"}');
    expectNulRefused(badEmail, 'body.email');
  });

  it('refuses a NUL in a journal symbol, notes or tags, and in a CSV import (text or JSON)', async () => {
    const client = await signedInTrader(app);
    expectNulRefused(await client.post('/api/journal', { ...trade, symbol: 'EUR\u0000USD' }), 'body.symbol');
    expectNulRefused(await client.post('/api/journal', { ...trade, notes: 'a\u0000b' }), 'body.notes');
    expectNulRefused(await client.post('/api/journal', { ...trade, tags: ['ok', 'x\u0000'] }), 'body.tags.1');
    const csv =
      'symbol,direction,entry,stopLoss,takeProfit1,accountSize,riskPercentage,notes\nEURUSD,LONG,1.1,1.09,1.12,10000,1,bad\u0000note\n';
    expectNulRefused(
      await client.send({
        method: 'POST',
        url: '/api/journal/import',
        payload: csv,
        headers: { 'content-type': 'text/csv' },
      }),
      'body',
    );
    expectNulRefused(await client.post('/api/journal/import', { csv }), 'body.csv');
    const list = (await client.get('/api/journal')).json() as { entries: unknown[] };
    expect(list.entries).toHaveLength(0);
  });

  it('answers 400 to a multipart upload without a boundary or with a truncated body', async () => {
    const client = await signedInTrader(app);
    const noBoundary = await client.send({
      method: 'POST',
      url: '/api/analyze',
      payload: '--x\r\nContent-Disposition: form-data; name="accountSize"\r\n\r\n10000\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().code).toBe('MALFORMED_UPLOAD');
    const truncated = await client.send({
      method: 'POST',
      url: '/api/analyze',
      payload:
        '--b\r\nContent-Disposition: form-data; name="chart5m"; filename="5m.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().code).toBe('MALFORMED_UPLOAD');
  });
});

describe('logs (issue 19.6)', () => {
  it('a failed query logs its statement but neither the email among its parameters nor in the driver text', async () => {
    const response = await app.inject('/api/test/failing-query');
    expect(response.statusCode).toBe(500);
    const logged = logs.text();
    expect(logged).toContain('request failed');
    // Still useful to a developer: the statement is there, the values are not.
    expect(logged).toContain('select $1::int');
    expect(logged).not.toContain(VICTIM);
    expect(logged).not.toContain('victim.owner');
  });
});

describe('a database that cannot answer (issues 19.7 and 19.8)', () => {
  it('answers 503 with Retry-After and plain words when the database has gone away', async () => {
    const own = await createTestDatabase();
    const gone = await createTestApp({ database: own.database });
    try {
      const client = await signedInTrader(gone);
      await own.database.close();
      const response = await client.post('/api/journal', trade);
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      const problem = problemSchema.parse(response.json());
      expect(problem.code).toBe('DATABASE_UNAVAILABLE');
      expect(problem.detail).toBe(
        'Your data cannot be reached right now. Nothing was changed; please try again in a few seconds.',
      );
    } finally {
      await gone.close();
      await own.cleanup().catch(() => {});
    }
  });

  it('answers 503 when the PostgreSQL server is unreachable (connection refused)', async () => {
    // Port 1 on loopback: nothing listens, so every query fails to connect at once.
    const client = postgres('postgres://postgres@127.0.0.1:1/none', { max: 1, connect_timeout: 2 });
    const unreachable: Database = {
      ...testDb.database,
      db: drizzle({ client, schema }) as unknown as Database['db'],
      migrate: async () => {},
    };
    const broken = await createTestApp({ database: unreachable });
    try {
      const response = await broken.inject({
        method: 'GET',
        url: '/api/auth/user',
        cookies: { c2p_session: 'x'.repeat(43) },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBeDefined();
      expect(response.json().code).toBe('DATABASE_UNAVAILABLE');
    } finally {
      await broken.close();
      await client.end({ timeout: 1 });
    }
  });

  it('/readyz answers 503 when the database does not answer in time, instead of waiting', async () => {
    const stuck = await createTestApp({
      database: { ...testDb.database, ping: () => new Promise<void>(() => {}) },
    });
    try {
      const response = await stuck.inject('/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable' });
    } finally {
      await stuck.close();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'PostgreSQL: a create behind a locked journal table gives up after lock_timeout with 503',
    async () => {
      const locker = postgres(testDb.url!, { max: 1 });
      const client = await signedInTrader(app);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const transaction = locker.begin(async (tx) => {
        await tx`lock table journal_entries in access exclusive mode`;
        await held;
      });
      try {
        // The lock is taken before the create is sent.
        await new Promise((resolve) => setTimeout(resolve, 200));
        const response = await client.post('/api/journal', trade);
        expect(response.statusCode).toBe(503);
        expect(response.json().code).toBe('DATABASE_UNAVAILABLE');
        expect(response.headers['retry-after']).toBeDefined();
      } finally {
        release();
        await transaction;
        await locker.end({ timeout: 1 });
      }
    },
  );
});
