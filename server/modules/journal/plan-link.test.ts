import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { storedAnalysisSchema, type StoredAnalysisDto } from '../../../contracts/analysis';
import { JOURNAL_MESSAGES, journalEntrySchema, journalListSchema } from '../../../contracts/journal';
import { problemSchema } from '../../../contracts/problem';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-db';
import { browser, createTestApp, type TestClient } from '../../test-support/test-app';
import { chartSet, postAnalysis, signUp } from '../analyze/test-support';
import { importCsv } from './test-support';

// Issue 20: one plan makes one journal entry (409 for a second), and a CLOSED trade's exit
// price and fees can be corrected (PATCH), by its owner only.

let testDb: TestDatabase;
let app: FastifyInstance;
let owner: TestClient;
let analysis: StoredAnalysisDto;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await createTestApp({ database: testDb.database });
  owner = await signedIn();
  const response = await postAnalysis(owner, chartSet('eurusd-trade'));
  expect(response.statusCode, response.body).toBe(201);
  analysis = storedAnalysisSchema.parse(response.json());
  expect(analysis.journalEntryId).toBeNull();
});

afterAll(async () => {
  await app?.close();
  await testDb?.cleanup();
});

async function signedIn() {
  const client = browser(app);
  await signUp(client);
  return client;
}

const planBody = () => {
  const plan = analysis.result.tradePlan!;
  return {
    symbol: analysis.result.symbol,
    direction: plan.direction,
    entry: plan.entry,
    stopLoss: plan.stopLoss,
    takeProfit1: plan.takeProfit1,
    accountSize: 10_000,
    riskPercentage: 2,
    analysisId: analysis.id,
  };
};

const patch = (client: TestClient, id: string, payload: object) =>
  client.send({ method: 'PATCH', url: `/api/journal/${id}`, payload });

describe('Add to Journal: one plan, one entry', () => {
  it('stores the analysis id, answers 409 with the entry id to a second add, and the analysis knows its entry', async () => {
    expect(analysis.result.tradePlan).not.toBeNull();
    const first = await owner.post('/api/journal', planBody());
    expect(first.statusCode, first.body).toBe(201);
    const entry = journalEntrySchema.parse(first.json());
    expect(entry.analysisId).toBe(analysis.id);

    const again = await owner.post('/api/journal', planBody());
    expect(again.statusCode).toBe(409);
    const problem = again.json();
    expect(problem.code).toBe('PLAN_ALREADY_IN_JOURNAL');
    expect(problem.entryId).toBe(entry.id);
    expect(problem.detail).toBe('This plan is already in your journal.');

    // Two at once (two tabs): the unique index keeps one.
    const racing = await Promise.all([
      owner.post('/api/journal', planBody()),
      owner.post('/api/journal', planBody()),
    ]);
    expect(racing.map((r) => r.statusCode)).toEqual([409, 409]);
    const list = journalListSchema.parse((await owner.get('/api/journal')).json());
    expect(list.entries.filter((e) => e.analysisId === analysis.id)).toHaveLength(1);

    // After a reload the dashboard reads the stored analysis: it says the plan was added.
    const reopened = storedAnalysisSchema.parse((await owner.get(`/api/analyses/${analysis.id}`)).json());
    expect(reopened.journalEntryId).toBe(entry.id);

    // A plan typed by hand (no analysis) is never refused as a duplicate.
    const { analysisId: _unused, ...byHand } = planBody();
    expect((await owner.post('/api/journal', byHand)).statusCode).toBe(201);
    expect((await owner.post('/api/journal', byHand)).statusCode).toBe(201);
  });

  it("refuses another user's analysis id (404) and a malformed one (400)", async () => {
    const other = await signedIn();
    const theirs = await other.post('/api/journal', planBody());
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('ANALYSIS_NOT_FOUND');
    const bad = await other.post('/api/journal', { ...planBody(), analysisId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(journalListSchema.parse((await other.get('/api/journal')).json()).entries).toHaveLength(0);
  });
});

describe('PATCH /api/journal/:id: correcting a closed trade', () => {
  const eurusdLong = {
    symbol: 'EURUSD',
    direction: 'LONG',
    entry: 1.1,
    stopLoss: 1.095,
    takeProfit1: 1.11,
    accountSize: 10_000,
    riskPercentage: 1,
  };

  async function closedTrade(client: TestClient, exitPrice: number) {
    const created = journalEntrySchema.parse((await client.post('/api/journal', eurusdLong)).json());
    expect((await client.post(`/api/journal/${created.id}/activate`)).statusCode).toBe(200);
    const closed = await client.post(`/api/journal/${created.id}/close`, { exitPrice });
    expect(closed.statusCode).toBe(200);
    return journalEntrySchema.parse(closed.json());
  }

  it('settles the trade again from the corrected exit, fees off the USD result', async () => {
    const client = await signedIn();
    const typo = await closedTrade(client, 11.0);
    expect(typo.result!.rMultiple).toBeCloseTo(1980, 0);
    const fixed = await patch(client, typo.id, { exitPrice: 1.1075, fees: 7 });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const entry = journalEntrySchema.parse(fixed.json());
    expect(entry.exitPrice).toBe(1.1075);
    expect(entry.result!.rMultiple).toBeCloseTo(1.5, 6);
    expect(entry.fees).toBe(7);
    // 0.2 lots x 75 pips = $150, less $7 of fees.
    expect(entry.result!.pnlUsd).toBeCloseTo(143, 6);
    const feesOnly = journalEntrySchema.parse((await patch(client, typo.id, { fees: 0 })).json());
    expect(feesOnly.result!.pnlUsd).toBeCloseTo(150, 6);
    expect(feesOnly.exitPrice).toBe(1.1075);
  });

  it.each([
    [{ exitPrice: -1 }, 'exitPrice', JOURNAL_MESSAGES.exitPrice],
    [{ exitPrice: 'abc' }, 'exitPrice', JOURNAL_MESSAGES.exitPrice],
    [{ fees: -3 }, 'fees', JOURNAL_MESSAGES.fees],
    [{ fees: 'lots' }, 'fees', JOURNAL_MESSAGES.fees],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const client = await signedIn();
    const trade = await closedTrade(client, 1.1075);
    const response = await patch(client, trade.id, body);
    expect(response.statusCode).toBe(400);
    expect(problemSchema.parse(response.json()).errors).toContainEqual({ field, message });
    const unchanged = journalEntrySchema.parse((await client.get(`/api/journal/${trade.id}`)).json());
    expect(unchanged.exitPrice).toBe(1.1075);
  });

  it('refuses an exit on a trade that is not closed (409) and answers 404 to another user', async () => {
    const client = await signedIn();
    const planned = journalEntrySchema.parse((await client.post('/api/journal', eurusdLong)).json());
    const notClosed = await patch(client, planned.id, { exitPrice: 1.1 });
    expect(notClosed.statusCode).toBe(409);
    expect(notClosed.json().code).toBe('TRADE_NOT_CLOSED');

    const trade = await closedTrade(client, 1.1075);
    const other = await signedIn();
    expect((await patch(other, trade.id, { exitPrice: 1.09 })).statusCode).toBe(404);
    const unchanged = journalEntrySchema.parse((await client.get(`/api/journal/${trade.id}`)).json());
    expect(unchanged.exitPrice).toBe(1.1075);
  });
});

describe('the CSV export keeps the analysis link', () => {
  const exportCsv = async (client: TestClient) => {
    const response = await client.get('/api/journal/export.csv');
    expect(response.statusCode).toBe(200);
    return {
      text: response.body,
      rows: parse(response.body, { columns: true }) as Record<string, string>[],
    };
  };

  it('exports analysisId (empty for a trade without one), restores it on re-import, and drops it in another account', async () => {
    const client = await signedIn();
    const own = await postAnalysis(client, chartSet('eurusd-trade'));
    expect(own.statusCode, own.body).toBe(201);
    const ownAnalysis = storedAnalysisSchema.parse(own.json());
    const linked = journalEntrySchema.parse(
      (await client.post('/api/journal', { ...planBody(), analysisId: ownAnalysis.id })).json(),
    );
    const { analysisId: _none, ...byHand } = planBody();
    expect((await client.post('/api/journal', byHand)).statusCode).toBe(201);

    const exported = await exportCsv(client);
    expect(exported.rows.map((r) => r.analysisId).sort()).toEqual(['', ownAnalysis.id]);

    // Another account: the trades come in, the link to someone else's analysis does not.
    const other = await signedIn();
    const copied = await importCsv(other, exported.text);
    expect(copied.json()).toEqual({ imported: 2, skipped: 0 });
    const theirs = journalListSchema.parse((await other.get('/api/journal')).json()).entries;
    expect(theirs.map((e) => e.analysisId)).toEqual([null, null]);

    // The same account after deleting the linked entry: it comes back with its link.
    expect((await client.send({ method: 'DELETE', url: `/api/journal/${linked.id}` })).statusCode).toBe(204);
    const restored = await importCsv(client, exported.text);
    expect(restored.json()).toEqual({ imported: 1, skipped: 1 });
    const back = journalEntrySchema.parse((await client.get(`/api/journal/${linked.id}`)).json());
    expect(back.analysisId).toBe(ownAnalysis.id);
    const reopened = storedAnalysisSchema.parse((await client.get(`/api/analyses/${ownAnalysis.id}`)).json());
    expect(reopened.journalEntryId).toBe(linked.id);

    // A file whose link is already held by another entry imports the trade without the link
    // (one plan, one entry), instead of refusing the whole file.
    const edited = exported.text.replace(linked.id, '');
    const duplicate = await importCsv(client, edited);
    expect(duplicate.json()).toEqual({ imported: 1, skipped: 1 });
    const entries = journalListSchema.parse((await client.get('/api/journal')).json()).entries;
    expect(entries.filter((e) => e.analysisId === ownAnalysis.id)).toHaveLength(1);
    expect(entries).toHaveLength(3);
  });
});
