import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AUTH_VALIDATION } from '../../../contracts/auth';
import { problemSchema } from '../../../contracts/problem';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-db';
import { browser, createTestApp, testClock } from '../../test-support/test-app';

let testDb: TestDatabase;
let smtp: TestSmtpServer;
let app: FastifyInstance;
const clock = testClock();
let counter = 0;
const uniqueEmail = () => `trader${++counter}@example.com`;

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtpServer();
  app = await createTestApp({
    database: testDb.database,
    now: clock.now,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Chart-to-Plan <codes@chart-to-plan.test>' },
  });
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await testDb?.cleanup();
});

async function register(client: ReturnType<typeof browser>, email = uniqueEmail()) {
  const response = await client.post('/api/register', {
    name: 'Ada Trader',
    email,
    tradingExperience: 'intermediate',
  });
  expect(response.statusCode).toBe(201);
  return email;
}

async function requestCode(client: ReturnType<typeof browser>, email: string) {
  const response = await client.post('/api/login', { email });
  expect(response.statusCode).toBe(202);
  return smtp.latestCodeFor(email);
}

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 100_000_000).padStart(8, '0');

describe('POST /api/register', () => {
  it('creates the user, answers 201 {user} and signs them in, email not yet verified', async () => {
    const client = browser(app);
    const response = await client.post('/api/register', {
      name: '  Grace Hopper  ',
      email: '  Grace.Hopper@Example.COM ',
      tradingExperience: 'learner',
    });
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user).toEqual({
      id: expect.any(String),
      name: 'Grace Hopper',
      email: 'grace.hopper@example.com',
      tradingExperience: 'learner',
      emailVerified: false,
    });
    const me = await client.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  it('sets an HttpOnly, SameSite=Lax, 30-day session cookie holding a 256-bit token', async () => {
    const response = await browser(app).post('/api/register', {
      name: 'Cookie Check',
      email: uniqueEmail(),
      tradingExperience: 'expert',
    });
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^c2p_session=[A-Za-z0-9_-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(header).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    // Served over http in this test: a Secure cookie would never come back.
    expect(header).not.toContain('Secure');
  });

  it('stores only the SHA-256 of the session token', async () => {
    const client = browser(app);
    await register(client);
    const token = client.cookie!.split('=')[1]!;
    const rows = await testDb.database.db.query.sessions.findMany();
    expect(rows.some((row) => row.tokenHash.includes(token))).toBe(false);
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(token).digest('hex');
    expect(rows.some((row) => row.tokenHash === hash)).toBe(true);
  });

  it('answers 409 "Email already registered" for an existing email, whatever its case', async () => {
    const email = await register(browser(app));
    const response = await browser(app).post('/api/register', {
      name: 'Someone Else',
      email: email.toUpperCase(),
      tradingExperience: 'learner',
    });
    expect(response.statusCode).toBe(409);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body).toContain('Email already registered');
    expect(response.json()).toMatchObject({ title: 'Already Registered', status: 409 });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    [{ email: 'a@b.co', tradingExperience: 'learner' }, 'name'],
    [{ name: '   ', email: 'a@b.co', tradingExperience: 'learner' }, 'name'],
    [{ name: 'Ann', tradingExperience: 'learner' }, 'email'],
    [{ name: 'Ann', email: '', tradingExperience: 'learner' }, 'email'],
    [{ name: 'Ann', email: 'a@b.co' }, 'tradingExperience'],
    [{ name: 'Ann', email: 'a@b.co', tradingExperience: '' }, 'tradingExperience'],
    [{ name: 'Ann', email: 'a@b.co', tradingExperience: 'guru' }, 'tradingExperience'],
  ])('missing fields answer 400 "Missing Information" (%j)', async (payload, field) => {
    const response = await browser(app).post('/api/register', payload);
    expect(response.statusCode).toBe(400);
    const problem = problemSchema.parse(response.json());
    expect(problem.title).toBe('Missing Information');
    expect(problem.detail).toBe('Please fill in all required fields.');
    expect(problem.errors).toContainEqual({
      field,
      message: AUTH_VALIDATION.missingInformation.message,
    });
  });

  it.each(['not-an-email', 'a@b', 'a b@c.de', '@x.io'])(
    'a malformed email (%s) answers 400 "Invalid Email"',
    async (email) => {
      const response = await browser(app).post('/api/register', {
        name: 'Ann',
        email,
        tradingExperience: 'learner',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        title: 'Invalid Email',
        detail: 'Please enter a valid email address.',
        errors: [{ field: 'email', message: 'Please enter a valid email address.' }],
      });
    },
  );
});

describe('POST /api/login and /api/login/verify', () => {
  it('answers 404 "No account found" for an unknown email and sends nothing', async () => {
    const before = smtp.messages.length;
    const response = await browser(app).post('/api/login', { email: 'nobody@example.com' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('No account found');
    expect(response.json()).toMatchObject({ title: 'Account Not Found', status: 404 });
    expect(smtp.messages.length).toBe(before);
  });

  it('validates the login email like SPEC.md 5', async () => {
    const empty = await browser(app).post('/api/login', { email: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      title: 'Missing Email',
      detail: 'Please enter your email address.',
    });
    const bad = await browser(app).post('/api/login', { email: 'nope' });
    expect(bad.json()).toMatchObject({
      title: 'Invalid Email',
      detail: 'Please enter a valid email address.',
    });
  });

  it('emails an 8-digit code over SMTP and signs in with it (new session)', async () => {
    const email = await register(browser(app));
    const client = browser(app);
    const response = await client.post('/api/login', { email: email.toUpperCase() });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'code_sent', email });

    const mail = smtp.messages.at(-1)!;
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('codes@chart-to-plan.test');
    expect(mail.raw).toContain('valid for 10 minutes');
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    const code = smtp.latestCodeFor(email);
    expect(code).toMatch(/^\d{8}$/);

    expect(client.cookie).toBeUndefined();
    const verify = await client.post('/api/login/verify', { email, code });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user).toMatchObject({ email, name: 'Ada Trader' });
    expect((await client.get('/api/auth/user')).json()).toMatchObject({ email });
  });

  it('accepts a code pasted with spaces', async () => {
    const email = await register(browser(app));
    const code = await requestCode(browser(app), email);
    const spaced = `${code.slice(0, 4)} ${code.slice(4)}`;
    const verify = await browser(app).post('/api/login/verify', { email, code: spaced });
    expect(verify.statusCode).toBe(200);
  });

  it('a code works once only', async () => {
    const email = await register(browser(app));
    const code = await requestCode(browser(app), email);
    expect((await browser(app).post('/api/login/verify', { email, code })).statusCode).toBe(200);
    const again = await browser(app).post('/api/login/verify', { email, code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'CODE_USED' });
    expect(again.json().detail).toContain('request a new code');
  });

  it('of two parallel verifies with the right code exactly one signs in', async () => {
    const email = await register(browser(app));
    for (let round = 0; round < 3; round++) {
      const code = await requestCode(browser(app), email);
      const results = await Promise.all([
        browser(app).post('/api/login/verify', { email, code }),
        browser(app).post('/api/login/verify', { email, code }),
        browser(app).post('/api/login/verify', { email, code }),
      ]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 400, 400]);
      expect(results.filter((r) => r.headers['set-cookie']).length).toBe(1);
    }
  });

  it('a code expires after 10 minutes', async () => {
    const email = await register(browser(app));
    const code = await requestCode(browser(app), email);
    clock.advance(10 * 60 * 1000 + 1);
    const late = await browser(app).post('/api/login/verify', { email, code });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'CODE_EXPIRED', title: 'Code Expired' });
    expect(late.json().detail).toContain('request a new code');

    const fresh = await requestCode(browser(app), email);
    clock.advance(9 * 60 * 1000);
    expect((await browser(app).post('/api/login/verify', { email, code: fresh })).statusCode).toBe(200);
  });

  it('a new code leaves the earlier live code working; signing in with one ends the others', async () => {
    const email = await register(browser(app));
    const first = await requestCode(browser(app), email);
    const second = await requestCode(browser(app), email);
    expect((await browser(app).post('/api/login/verify', { email, code: first })).statusCode).toBe(200);
    if (second !== first) {
      const other = await browser(app).post('/api/login/verify', { email, code: second });
      expect(other.json()).toMatchObject({ code: 'CODE_USED' });
    }
  });

  it('5 wrong tries burn the code: even the right code is refused afterwards', async () => {
    const email = await register(browser(app));
    const code = await requestCode(browser(app), email);
    const wrong = wrongCodeFor(code);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await browser(app).post('/api/login/verify', { email, code: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_CODE', attemptsLeft: 5 - attempt });
      expect(response.json().detail).toContain(`${5 - attempt}`);
    }
    const fifth = await browser(app).post('/api/login/verify', { email, code: wrong });
    expect(fifth.json()).toMatchObject({ code: 'CODE_BURNED' });
    expect(fifth.json().detail).toContain('request a new code');

    const right = await browser(app).post('/api/login/verify', { email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ code: 'CODE_BURNED' });

    const fresh = await requestCode(browser(app), email);
    expect((await browser(app).post('/api/login/verify', { email, code: fresh })).statusCode).toBe(200);
  });

  it('verifying without a requested code says to request one; a malformed code is a 400', async () => {
    const email = await register(browser(app));
    const none = await browser(app).post('/api/login/verify', { email, code: '12345678' });
    expect(none.json()).toMatchObject({ status: 400, code: 'NO_CODE' });
    const short = await browser(app).post('/api/login/verify', { email, code: '1234' });
    expect(short.json()).toMatchObject({
      status: 400,
      detail: 'Please enter the 8-digit code from your email.',
    });
    const unknown = await browser(app).post('/api/login/verify', {
      email: 'ghost@example.com',
      code: '12345678',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('No account found');
  });
});

describe('sessions', () => {
  it('GET /api/auth/user answers 401 problem+json without a valid session', async () => {
    const anonymous = await browser(app).get('/api/auth/user');
    expect(anonymous.statusCode).toBe(401);
    expect(problemSchema.parse(anonymous.json()).detail).toBe('Please sign in to continue.');

    const forged = browser(app);
    forged.cookie = 'c2p_session=not-a-real-token';
    expect((await forged.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('logout deletes the session: the old cookie no longer works', async () => {
    const client = browser(app);
    await register(client);
    const oldCookie = client.cookie;
    const out = await client.post('/api/auth/logout');
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/c2p_session=;.*Expires=Thu, 01 Jan 1970/);
    expect(client.cookie).toBeUndefined();

    const replay = browser(app);
    replay.cookie = oldCookie;
    expect((await replay.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('every sign-in makes a new session; signing out of one leaves the other', async () => {
    const first = browser(app);
    const email = await register(first);
    const second = browser(app);
    const code = await requestCode(second, email);
    await second.post('/api/login/verify', { email, code });
    expect(second.cookie).toBeDefined();
    expect(second.cookie).not.toBe(first.cookie);
    await first.post('/api/auth/logout');
    expect((await second.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('a session lasts 30 days', async () => {
    const client = browser(app);
    await register(client);
    clock.advance(29 * 24 * 60 * 60 * 1000);
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
  });
});

describe('served over HTTPS', () => {
  it('marks the session cookie Secure when PUBLIC_ORIGIN is https', async () => {
    const secureApp = await createTestApp({
      database: testDb.database,
      env: { SMTP_URL: smtp.url, PUBLIC_ORIGIN: 'https://charts.example' },
    });
    try {
      const response = await secureApp.inject({
        method: 'POST',
        url: '/api/register',
        headers: { origin: 'https://charts.example', 'x-requested-with': 'fetch' },
        payload: { name: 'Secure Sam', email: uniqueEmail(), tradingExperience: 'expert' },
      });
      expect(response.statusCode).toBe(201);
      expect(String(response.headers['set-cookie'])).toContain('Secure');
    } finally {
      await secureApp.close();
    }
  });
});
