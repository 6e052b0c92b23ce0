import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createMailer } from '../../mail/mailer';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-db';
import { browser, createTestApp, logCapture } from '../../test-support/test-app';

let testDb: TestDatabase;
let smtp: TestSmtpServer;

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.close();
  await testDb?.cleanup();
});

describe('rate limits (default limits)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ database: testDb.database, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await app?.close();
  });

  function expectRateLimited(response: Awaited<ReturnType<FastifyInstance['inject']>>) {
    expect(response.statusCode).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      title: 'Too Many Attempts',
    });
    expect(response.json().detail).toMatch(/Please wait \d+ minutes? and try again\./);
  }

  it('sends one client at most 5 codes per email in 15 minutes; others can still ask', async () => {
    const email = 'limited@example.com';
    await browser(app, '10.0.1.1').post('/api/register', {
      name: 'Limited',
      email,
      tradingExperience: 'learner',
    });
    const stranger = browser(app, '10.0.1.66');
    for (let i = 0; i < 5; i++) {
      expect((await stranger.post('/api/login', { email })).statusCode).toBe(202);
    }
    const sent = smtp.messages.filter((m) => m.to.includes(email)).length;
    expectRateLimited(await stranger.post('/api/login', { email }));
    expect(smtp.messages.filter((m) => m.to.includes(email)).length).toBe(sent);
    // The owner, at another address, is not locked out by the stranger (issue 19, item 4).
    expect((await browser(app, '10.0.1.1').post('/api/login', { email })).statusCode).toBe(202);
  });

  it('sends at most 10 codes per email in 15 minutes, however many clients ask', async () => {
    const email = 'ceiling@example.com';
    await browser(app, '10.0.5.1').post('/api/register', {
      name: 'Ceiling',
      email,
      tradingExperience: 'learner',
    });
    for (let i = 0; i < 10; i++) {
      const ip = `10.0.5.${10 + i}`;
      expect((await browser(app, ip).post('/api/login', { email })).statusCode).toBe(202);
    }
    expectRateLimited(await browser(app, '10.0.5.99').post('/api/login', { email }));
  });

  it('accepts at most 20 code requests per IP, then 429 for that IP only', async () => {
    const client = browser(app, '10.0.2.1');
    for (let i = 0; i < 20; i++) {
      const response = await client.post('/api/login', { email: `probe${i}@example.com` });
      expect(response.statusCode).toBe(404);
    }
    expectRateLimited(await client.post('/api/login', { email: 'probe-last@example.com' }));
    const other = await browser(app, '10.0.2.2').post('/api/login', { email: 'x@example.com' });
    expect(other.statusCode).toBe(404);
  });

  it('accepts at most 30 code checks per IP', async () => {
    const client = browser(app, '10.0.3.1');
    for (let i = 0; i < 30; i++) {
      const response = await client.post('/api/login/verify', {
        email: 'nobody@example.com',
        code: '12345678',
      });
      expect(response.statusCode).toBe(404);
    }
    expectRateLimited(
      await client.post('/api/login/verify', { email: 'nobody@example.com', code: '12345678' }),
    );
  });

  it('accepts at most 50 registrations per IP', async () => {
    const client = browser(app, '10.0.4.1');
    for (let i = 0; i < 50; i++) {
      const response = await client.post('/api/register', { name: 'x' });
      expect(response.statusCode).toBe(400);
    }
    expectRateLimited(await client.post('/api/register', { name: 'x' }));
  });
});

describe('logs', () => {
  it('never contain a login code, a session token or an email address', async () => {
    const logs = logCapture();
    const app = await createTestApp({
      database: testDb.database,
      logStream: logs.stream,
      env: { SMTP_URL: smtp.url, LOG_LEVEL: 'trace' },
    });
    try {
      const email = 'Private.Person@Example.com';
      const client = browser(app);
      await client.post('/api/register', {
        name: 'Private Person',
        email,
        tradingExperience: 'expert',
      });
      const registerToken = client.cookie!.split('=')[1]!;
      await client.post('/api/auth/logout');
      await client.post('/api/login', { email });
      const code = smtp.latestCodeFor(email.toLowerCase());
      await client.post('/api/login/verify', { email, code: '00000000' === code ? '11111111' : '00000000' });
      await client.post('/api/login/verify', { email, code });
      const loginToken = client.cookie!.split('=')[1]!;
      await client.get('/api/auth/user');
      await client.post('/api/register', { name: 'Again', email, tradingExperience: 'expert' });

      const text = logs.text();
      expect(logs.lines.length).toBeGreaterThan(10);
      expect(text).toContain('login code sent');
      expect(text.toLowerCase()).not.toContain('private.person');
      expect(text).not.toContain(code);
      expect(text).not.toContain(registerToken);
      expect(text).not.toContain(loginToken);
    } finally {
      await app.close();
    }
  });

  it('without SMTP_URL, writes the code on one marked local-only line (and only there)', async () => {
    const logs = logCapture();
    const app = await createTestApp({ database: testDb.database, logStream: logs.stream });
    try {
      const email = 'local.dev@example.com';
      await browser(app).post('/api/register', { name: 'Dev', email, tradingExperience: 'learner' });
      const response = await browser(app).post('/api/login', { email });
      expect(response.statusCode).toBe(202);
      const lines = logs.lines.filter((line) => /\b\d{8}\b/.test(JSON.parse(line).msg ?? ''));
      expect(lines).toHaveLength(1);
      const message: string = JSON.parse(lines[0]!).msg;
      expect(message).toContain('LOCAL ONLY');
      expect(message).toContain('l***@example.com');
      expect(message).not.toContain(email);
      const code = /\b(\d{8})\b/.exec(message)![1]!;
      const verify = await browser(app).post('/api/login/verify', { email, code });
      expect(verify.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('the log-only mailer is refused in production', () => {
    const config = { ...loadConfig({ NODE_ENV: 'test' }), nodeEnv: 'production' as const };
    expect(() => createMailer(config, { info: () => {} })).toThrow(/SMTP_URL/);
  });
});
