import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_CODE_MAX_ATTEMPTS } from '../../../contracts/auth';
import { loginCodes, users } from '../../db/schema';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-db';
import { browser, createTestApp, testClock, type TestClient } from '../../test-support/test-app';
import { issueLoginCode } from './login-codes';

/**
 * Issue 19, items 2-4: an account registered by someone who does not own the address, code
 * guesses sent in parallel, and strangers asking for the owner's codes. On PGlite by default,
 * on PostgreSQL with TEST_DATABASE_URL.
 */

let testDb: TestDatabase;
let smtp: TestSmtpServer;
let app: FastifyInstance;
const clock = testClock();
let counter = 0;
const uniqueEmail = () => `owner${++counter}@corp.example`;

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtpServer();
  app = await createTestApp({ database: testDb.database, now: clock.now, env: { SMTP_URL: smtp.url } });
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await testDb?.cleanup();
});

const plannedTrade = {
  symbol: 'EURUSD',
  direction: 'LONG',
  entry: 1.1,
  stopLoss: 1.095,
  takeProfit1: 1.11,
  accountSize: 10_000,
  riskPercentage: 1,
  notes: 'written before the address was proven',
};

async function register(client: TestClient, email: string, name = 'Account Holder') {
  const response = await client.post('/api/register', { name, email, tradingExperience: 'expert' });
  expect(response.statusCode, response.body).toBe(201);
}

async function requestCode(client: TestClient, email: string): Promise<string> {
  const response = await client.post('/api/login', { email });
  expect(response.statusCode, response.body).toBe(202);
  return smtp.latestCodeFor(email);
}

async function journalSize(client: TestClient): Promise<number> {
  const response = await client.get('/api/journal');
  expect(response.statusCode).toBe(200);
  return (response.json() as { entries: unknown[] }).entries.length;
}

const wrongCodeFor = (code: string, offset: number) =>
  String((Number(code) + offset) % 100_000_000).padStart(8, '0');

describe('an address registered by someone who does not own it (item 2)', () => {
  it('the owner signing in with a code ends the registrant`s session; the account`s data stays the owner`s to see', async () => {
    const email = uniqueEmail();
    const attacker = browser(app, '203.0.113.7');
    await register(attacker, email, 'Not The Owner');
    expect((await attacker.get('/api/auth/user')).json()).toMatchObject({ emailVerified: false });
    expect((await attacker.post('/api/journal', plannedTrade)).statusCode).toBe(201);

    const owner = browser(app, '198.51.100.20');
    const taken = await owner.post('/api/register', {
      name: 'Real Owner',
      email,
      tradingExperience: 'learner',
    });
    expect(taken.statusCode).toBe(409);
    const code = await requestCode(owner, email);
    const signIn = await owner.post('/api/login/verify', { email, code });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ email, emailVerified: true });

    expect((await attacker.get('/api/auth/user')).statusCode).toBe(401);
    expect((await attacker.get('/api/journal')).statusCode).toBe(401);
    // Nothing made before the proof is deleted (decision 015): a trader who registered and first
    // signs in by code on another device keeps their journal; a planted entry is the owner's to delete.
    expect(await journalSize(owner)).toBe(1);
  });

  it('verifying from the browser that registered keeps the data and ends every other session', async () => {
    const email = uniqueEmail();
    const registrant = browser(app);
    await register(registrant, email);
    expect((await registrant.post('/api/journal', plannedTrade)).statusCode).toBe(201);
    const registrationCookie = registrant.cookie;

    const code = await requestCode(registrant, email);
    const verify = await registrant.post('/api/login/verify', { email, code });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user).toMatchObject({ emailVerified: true });
    expect(registrant.cookie).not.toBe(registrationCookie);
    expect(await journalSize(registrant)).toBe(1);
    expect((await registrant.get('/api/auth/user')).json()).toMatchObject({ emailVerified: true });

    // The registration's session, wherever a copy of its cookie went, is over.
    const copy = browser(app);
    copy.cookie = registrationCookie;
    expect((await copy.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('once verified, a later code sign-in leaves the other sessions alone', async () => {
    const email = uniqueEmail();
    await register(browser(app), email);
    const laptop = browser(app);
    expect(
      (await laptop.post('/api/login/verify', { email, code: await requestCode(laptop, email) })).statusCode,
    ).toBe(200);
    const phone = browser(app);
    expect(
      (await phone.post('/api/login/verify', { email, code: await requestCode(phone, email) })).statusCode,
    ).toBe(200);
    expect((await laptop.get('/api/auth/user')).statusCode).toBe(200);
    expect((await phone.get('/api/auth/user')).statusCode).toBe(200);
    expect(await journalSize(laptop)).toBe(0);
  });
});

describe(`the ${LOGIN_CODE_MAX_ATTEMPTS}-try limit under parallel guesses (item 3)`, () => {
  it('25 wrong guesses and the right one sent at once: the right one, sent last, is refused', async () => {
    const email = uniqueEmail();
    await register(browser(app), email);
    const [user] = await testDb.database.db.select().from(users).where(eq(users.email, email));
    for (let round = 0; round < 3; round++) {
      const code = await requestCode(browser(app), email);
      const guesses = Array.from({ length: 25 }, (_, i) => wrongCodeFor(code, i + 1));
      // Each guess from its own address, so the per-address limit is not what stops them.
      const responses = await Promise.all(
        [...guesses, code].map((guess, i) =>
          browser(app, `192.0.2.${i + 1}`).post('/api/login/verify', { email, code: guess }),
        ),
      );
      const right = responses.at(-1)!;
      expect(right.statusCode, right.body).toBe(400);
      expect(right.json()).toMatchObject({ code: 'CODE_BURNED' });
      const told = responses.filter((r) => r.json().code === 'INVALID_CODE');
      expect(told).toHaveLength(LOGIN_CODE_MAX_ATTEMPTS - 1);
      const rows = await testDb.database.db.select().from(loginCodes).where(eq(loginCodes.userId, user!.id));
      // Every guess that was compared with the code was counted, and no more than the limit.
      expect(Math.max(...rows.map((row) => row.attempts))).toBe(LOGIN_CODE_MAX_ATTEMPTS);
      expect(rows.every((row) => row.consumedAt === null)).toBe(true);
    }
  });

  it('a guess counts against every live code, so two live codes still meet only 5 guesses each', async () => {
    const email = uniqueEmail();
    await register(browser(app), email);
    const first = await requestCode(browser(app), email);
    const second = await requestCode(browser(app), email);
    const wrong = [1, 2, 3, 4, 5, 6, 7]
      .map((offset) => wrongCodeFor(first, offset))
      .filter((guess) => guess !== second);
    const answers = [];
    for (const guess of wrong.slice(0, 5)) {
      answers.push((await browser(app).post('/api/login/verify', { email, code: guess })).json().code);
    }
    expect(answers).toEqual(['INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'CODE_BURNED']);
    expect((await browser(app).post('/api/login/verify', { email, code: second })).json().code).toBe(
      'CODE_BURNED',
    );
  });
});

describe('strangers asking for the owner`s codes (item 4)', () => {
  it('a code the owner holds keeps working while strangers request new ones', async () => {
    const email = uniqueEmail();
    await register(browser(app), email);
    const owner = browser(app, '198.51.100.30');
    const ownersCode = await requestCode(owner, email);
    for (const ip of ['203.0.113.40', '203.0.113.41', '203.0.113.42']) {
      expect((await browser(app, ip).post('/api/login', { email })).statusCode).toBe(202);
    }
    expect((await owner.post('/api/login/verify', { email, code: ownersCode })).statusCode).toBe(200);
  });

  it('a stranger at the per-client limit leaves the owner able to get a code', async () => {
    const email = uniqueEmail();
    await register(browser(app), email);
    const stranger = browser(app, '203.0.113.50');
    let refused = 0;
    for (let i = 0; i < 8; i++) {
      if ((await stranger.post('/api/login', { email })).statusCode === 429) refused++;
    }
    expect(refused).toBeGreaterThan(0);
    const owner = browser(app, '198.51.100.50');
    const code = await requestCode(owner, email);
    expect((await owner.post('/api/login/verify', { email, code })).statusCode).toBe(200);
  });

  it('keeps at most 10 live codes per user, dropping the oldest', async () => {
    const email = uniqueEmail();
    await register(browser(app), email);
    const [user] = await testDb.database.db.select().from(users).where(eq(users.email, email));
    for (let i = 0; i < 12; i++) {
      clock.advance(1000);
      // Straight to the table's owner: the HTTP limits would stop at 10 in the window.
      await issueLoginCode(testDb.database.db, user!.id, clock.now());
    }
    const rows = await testDb.database.db.select().from(loginCodes).where(eq(loginCodes.userId, user!.id));
    expect(rows).toHaveLength(10);
  });
});
