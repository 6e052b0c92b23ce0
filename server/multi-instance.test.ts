import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/database';
import { startSmtpServer, type TestSmtpServer } from './test-support/smtp';
import { createTestDatabase, type TestDatabase } from './test-support/test-db';
import { browser, createTestApp } from './test-support/test-app';

/**
 * Two instances of the app, each with its own connection pool, on one PostgreSQL database and
 * one Redis, as behind a load balancer (docs/scaling.md): a limit reached on one holds on the
 * other, and a session made on one works on the other. Needs both services, so it runs in the
 * PostgreSQL pass of .ci/run (TEST_DATABASE_URL and REDIS_URL set) and is skipped otherwise.
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const missing = [!databaseUrl && 'TEST_DATABASE_URL', !redisUrl && 'REDIS_URL'].filter(Boolean);
const skipReason = missing.length ? ` (skipped: set ${missing.join(' and ')} to run it)` : '';
if (skipReason) console.warn(`server/multi-instance.test.ts${skipReason}`);

describe.skipIf(missing.length > 0)(`two instances on one PostgreSQL and one Redis${skipReason}`, () => {
  let testDb: TestDatabase;
  let secondConnection: Database;
  let smtp: TestSmtpServer;
  const namespace = `c2p-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
  const apps: FastifyInstance[] = [];

  async function instance(database: Database, env: Record<string, string>, rateLimitNamespace?: string) {
    const app = await createTestApp({ database, env: { SMTP_URL: smtp.url, ...env }, rateLimitNamespace });
    apps.push(app);
    return app;
  }

  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    // The second instance's own pool, as another process would have.
    secondConnection = await openDatabase({ kind: 'postgres', url: testDb.url! });
    smtp = await startSmtpServer();
    first = await instance(testDb.database, { REDIS_URL: redisUrl! }, namespace);
    second = await instance(secondConnection, { REDIS_URL: redisUrl! }, namespace);
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await secondConnection?.close();
    await smtp?.close();
    await testDb?.cleanup();
    const redis = new Redis(redisUrl!);
    try {
      const keys = await redis.keys(`${namespace}*`);
      if (keys.length) await redis.del(...keys);
    } finally {
      await redis.quit();
    }
  });

  async function register(app: FastifyInstance, email: string) {
    const client = browser(app);
    const response = await client.post('/api/register', {
      name: 'Two Instances',
      email,
      tradingExperience: 'intermediate',
    });
    expect(response.statusCode, response.body).toBe(201);
    return client;
  }

  it('a session made on one instance works on the other, and logging out on it ends it there', async () => {
    const client = await register(first, 'shared-session@example.com');
    const onSecond = browser(second);
    onSecond.cookie = client.cookie;
    expect((await onSecond.get('/api/auth/user')).json()).toMatchObject({
      email: 'shared-session@example.com',
    });
    expect((await onSecond.post('/api/auth/logout')).statusCode).toBe(204);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('the code-request limit of one client counts requests to both instances', async () => {
    const email = 'shared-limit@example.com';
    await register(first, email);
    const ip = '203.0.113.77';
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? first : second;
      expect((await browser(app, ip).post('/api/login', { email })).statusCode).toBe(202);
    }
    for (const app of [first, second]) {
      const refused = await browser(app, ip).post('/api/login', { email });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    }
  });

  it('a code asked for on one instance signs in on the other; its 5 tries are counted across both', async () => {
    const email = 'shared-code@example.com';
    await register(second, email);
    expect((await browser(first, '198.51.100.1').post('/api/login', { email })).statusCode).toBe(202);
    const code = smtp.latestCodeFor(email);
    const wrong = String((Number(code) + 1) % 100_000_000).padStart(8, '0');
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? second : first;
      answers.push(
        (await browser(app, `198.51.100.${10 + i}`).post('/api/login/verify', { email, code: wrong })).json()
          .code,
      );
    }
    expect(answers).toEqual(['INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'CODE_BURNED']);
    const late = await browser(first, '198.51.100.20').post('/api/login/verify', { email, code });
    expect(late.json()).toMatchObject({ code: 'CODE_BURNED' });

    expect((await browser(first, '198.51.100.1').post('/api/login', { email })).statusCode).toBe(202);
    const fresh = smtp.latestCodeFor(email);
    const onSecond = browser(second, '198.51.100.1');
    expect((await onSecond.post('/api/login/verify', { email, code: fresh })).statusCode).toBe(200);
    expect(
      (
        await browser(first).send({
          method: 'GET',
          url: '/api/auth/user',
          headers: { cookie: onSecond.cookie! },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('control: without Redis each instance counts alone, so the same requests get through', async () => {
    const email = 'memory-limit@example.com';
    const loneFirst = await instance(testDb.database, {});
    const loneSecond = await instance(secondConnection, {});
    await register(loneFirst, email);
    const ip = '203.0.113.88';
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? loneFirst : loneSecond;
      statuses.push((await browser(app, ip).post('/api/login', { email })).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202]);
  });
});
