import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { publicFiguresSchema } from '../../../contracts/figures';
import { analyses, users } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-db';
import { browser, createTestApp, signedInTrader, testClock } from '../../test-support/test-app';
import { FIGURES_CACHE_MS } from './routes';

let testDb: TestDatabase;
let app: FastifyInstance;
const clock = testClock();

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await createTestApp({ database: testDb.database, now: clock.now });
});

afterAll(async () => {
  await app?.close();
  await testDb?.cleanup();
});

async function saveAnalysisRow() {
  const [user] = await app.db.select({ id: users.id }).from(users).limit(1);
  await app.db.insert(analyses).values({
    userId: user!.id,
    symbol: 'EURUSD',
    direction: null,
    confidence: 50,
    tradeRecommended: false,
    accountSize: 10_000,
    riskPercentage: 2,
    result: {},
    thumb5m: '',
    thumb15m: '',
    thumb4h: '',
  });
}

const figures = async () => {
  const response = await browser(app).get('/api/figures');
  expect(response.statusCode, response.body).toBe(200);
  return publicFiguresSchema.parse(response.json());
};

describe('GET /api/figures', () => {
  it('counts the saved analyses for anyone, signed in or not, recounting once the cache is stale', async () => {
    expect(await figures()).toEqual({ analysesSaved: 0 });
    await signedInTrader(app);
    await saveAnalysisRow();
    await saveAnalysisRow();
    // Within the cache window the first count still serves.
    expect(await figures()).toEqual({ analysesSaved: 0 });
    clock.advance(FIGURES_CACHE_MS);
    expect(await figures()).toEqual({ analysesSaved: 2 });
  });
});
