import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysisListSchema,
  storedAnalysisSchema,
  type AnalysisResultDto,
  type StoredAnalysisDto,
} from '../../../contracts/analysis';
import { journalEntrySchema } from '../../../contracts/journal';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-db';
import { browser, createTestApp, type TestClient } from '../../test-support/test-app';
import { pruneAnalyses, saveAnalysis } from './store';
import { chartSet, postAnalysis, signUp } from './test-support';

// Issue 20: past analyses keep a ~1280 px image, can be deleted (owner only) and filtered by
// pair; the list says "setup to watch"; one plan makes one journal entry.

let testDb: TestDatabase;
let app: FastifyInstance;
let owner: TestClient;
let ownerId: string;
let stored: StoredAnalysisDto;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await createTestApp({ database: testDb.database });
  owner = browser(app);
  await signUp(owner);
  ownerId = (await owner.get('/api/auth/user')).json().id;
  const response = await postAnalysis(owner, chartSet('eurusd-trade'));
  expect(response.statusCode, response.body).toBe(201);
  stored = storedAnalysisSchema.parse(response.json());
});

afterAll(async () => {
  await app?.close();
  await testDb?.cleanup();
});

async function stranger() {
  const client = browser(app);
  await signUp(client);
  return client;
}

/** Another stored row of the owner's, with the real result under another pair or outcome. */
async function storeCopy(change: Partial<AnalysisResultDto>) {
  const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#000' } })
    .webp()
    .toBuffer();
  return saveAnalysis(app.db, {
    userId: ownerId,
    accountSize: 10_000,
    riskPercentage: 1,
    result: { ...stored.result, ...change },
    thumbnails: { '5m': png, '15m': png, '4h': png },
  });
}

const list = async (client: TestClient, query = '') =>
  analysisListSchema.parse((await client.get(`/api/analyses${query}`)).json());

describe('the stored chart image', () => {
  it('is a WebP about 1280 px wide (the fixture is wider), never the original', async () => {
    const image = await owner.get(`/api/analyses/${stored.id}/charts/5m`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const original = await sharp(chartSet('eurusd-trade')['5m']).metadata();
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(Math.min(1280, original.width!));
    expect(image.rawPayload.length).toBeLessThan(200_000);
  });
});

describe('GET /api/analyses: filter and badge', () => {
  it('filters by pair (case-insensitive) and lists the pairs analysed', async () => {
    await storeCopy({ symbol: 'GBPUSD' });
    const all = await list(owner);
    expect(all.analyses.map((a) => a.symbol).sort()).toEqual(['EURUSD', 'GBPUSD']);
    expect(all.symbols).toEqual(['EURUSD', 'GBPUSD']);
    const gbp = await list(owner, '?symbol=gbpusd');
    expect(gbp.analyses.map((a) => a.symbol)).toEqual(['GBPUSD']);
    expect((await list(owner, '?symbol=USDJPY')).analyses).toEqual([]);
    expect((await owner.get(`/api/analyses?symbol=${'X'.repeat(31)}`)).statusCode).toBe(400);
  });

  it('marks a setup to watch (no trade now, a conditional plan) so the badge can say it', async () => {
    const plan = stored.result.tradePlan;
    expect(plan).not.toBeNull();
    const watchOnly = await storeCopy({
      symbol: 'AUDUSD',
      tradePlan: null,
      noTradeReason: 'Waiting for the zone',
      setupToWatch: {
        direction: plan!.direction,
        waitingFor: 'zone',
        zone: { kind: 'orderBlock', top: plan!.entry, bottom: plan!.stopLoss, formatted: 'zone' },
        trigger: 'a 5m break',
        entry: plan!.entry,
        stopLoss: plan!.stopLoss,
        takeProfit1: plan!.takeProfit1,
        takeProfit2: null,
        formatted: { ...plan!.formatted, takeProfit2: null },
        riskRewardRatio: 2,
        riskRewardRatioTp2: null,
        confidenceIfTriggered: 70,
        summary: 'watch',
        invalidIf: [],
      },
    });
    const nothing = await storeCopy({ symbol: 'NZDUSD', tradePlan: null, setupToWatch: null });
    const rows = (await list(owner)).analyses;
    expect(rows.find((r) => r.id === watchOnly.id)).toMatchObject({ tradeRecommended: false, watch: true });
    expect(rows.find((r) => r.id === nothing.id)).toMatchObject({ tradeRecommended: false, watch: false });
    expect(rows.find((r) => r.id === stored.id)).toMatchObject({ tradeRecommended: true, watch: false });
  });
});

describe('DELETE /api/analyses/:id', () => {
  it("answers 404 for another user's analysis and leaves it in place", async () => {
    const other = await stranger();
    const response = await other.send({ method: 'DELETE', url: `/api/analyses/${stored.id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('ANALYSIS_NOT_FOUND');
    expect((await owner.get(`/api/analyses/${stored.id}`)).statusCode).toBe(200);
    expect(
      (await browser(app).send({ method: 'DELETE', url: `/api/analyses/${stored.id}` })).statusCode,
    ).toBe(401);
    expect((await owner.send({ method: 'DELETE', url: '/api/analyses/not-a-uuid' })).statusCode).toBe(404);
  });

  it('deletes the owner’s analysis and its images; a journal entry made from it stays', async () => {
    const copy = await storeCopy({ symbol: 'EURJPY' });
    const plan = copy.result.tradePlan!;
    const added = await owner.post('/api/journal', {
      symbol: copy.result.symbol,
      direction: plan.direction,
      entry: plan.entry,
      stopLoss: plan.stopLoss,
      takeProfit1: plan.takeProfit1,
      accountSize: 10_000,
      riskPercentage: 1,
      analysisId: copy.id,
    });
    expect(added.statusCode, added.body).toBe(201);
    const entry = journalEntrySchema.parse(added.json());
    expect(entry.analysisId).toBe(copy.id);

    const gone = await owner.send({ method: 'DELETE', url: `/api/analyses/${copy.id}` });
    expect(gone.statusCode).toBe(204);
    expect((await owner.get(`/api/analyses/${copy.id}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/analyses/${copy.id}/charts/5m`)).statusCode).toBe(404);
    expect((await owner.send({ method: 'DELETE', url: `/api/analyses/${copy.id}` })).statusCode).toBe(404);
    const kept = journalEntrySchema.parse((await owner.get(`/api/journal/${entry.id}`)).json());
    expect(kept.analysisId).toBeNull();
  });
});

describe('storage bound', () => {
  it('keeps only the newest analyses of a user when pruned, images with them', async () => {
    const before = (await list(owner)).analyses.length;
    expect(before).toBeGreaterThan(2);
    const removed = await pruneAnalyses(app.db, ownerId, 2);
    expect(removed).toBe(before - 2);
    expect((await list(owner)).analyses).toHaveLength(2);
  });
});
