import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  journalImportPreviewSchema,
  journalImportResultSchema,
  journalListSchema,
  journalStatsSchema,
} from '../../../../contracts/journal';
import { problemSchema } from '../../../../contracts/problem';
import { inArray } from 'drizzle-orm';
import { journalEntries } from '../../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-db';
import { createTestApp, signedInTrader, testClock, type TestClient } from '../../../test-support/test-app';
import { multipart } from '../../analyze/test-support';
import { ctraderCsv, ctraderStatementXlsx, mt4Report, mt5HtmlReport, mt5XlsxReport } from './fixtures';

let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await createTestApp({
    database: testDb.database,
    now: testClock(new Date('2026-11-02T09:00:00Z')).now,
  });
});

afterAll(async () => {
  await app?.close();
  await testDb?.cleanup();
});

function upload(
  client: TestClient,
  file: Uint8Array,
  fields: Record<string, string | number> = {},
  query = '',
  filename = 'statement',
) {
  const body = multipart(fields, [
    { field: 'file', filename, type: 'application/octet-stream', data: Buffer.from(file) },
  ]);
  return client.send({
    method: 'POST',
    url: `/api/journal/import${query}`,
    payload: body.payload,
    headers: { 'content-type': body.contentType },
  });
}

async function list(client: TestClient) {
  const response = await client.get('/api/journal');
  return journalListSchema.parse(response.json()).entries;
}

describe('POST /api/journal/import with a statement file', () => {
  it('previews an MT4 report without writing anything', async () => {
    const client = await signedInTrader(app);
    const response = await upload(client, mt4Report(), { utcOffsetHours: 2 }, '?dryRun=1', 'renamed.txt');
    expect(response.statusCode, response.body).toBe(200);
    const preview = journalImportPreviewSchema.parse(response.json());
    expect(preview).toMatchObject({
      format: 'mt4-html',
      accountCurrency: 'USD',
      utcOffsetMinutes: 120,
      recognised: 4,
      toImport: 4,
      alreadyImported: 0,
    });
    expect(preview.skippedRows.map((s) => s.reason)).toEqual([
      'ticket 1000: balance operation (deposit or withdrawal), not a trade',
      'ticket 1003: buy limit order was cancelled, never filled',
    ]);
    expect(preview.trades[0]).toMatchObject({
      ticket: '1001',
      openedAt: '2024-03-04T08:00:00.000Z',
      pnlUsd: 393, // 400 gross - 7 commission
      rMultiple: 2, // (1.084 - 1.080) / (1.080 - 1.078)
    });
    expect(await list(client)).toEqual([]);
  });

  it('imports all trades once: a second import of the same statement adds nothing', async () => {
    const client = await signedInTrader(app);
    const first = journalImportResultSchema.parse(
      (await upload(client, mt4Report(), { utcOffsetHours: 2 })).json(),
    );
    expect(first).toMatchObject({ imported: 4, skipped: 0, format: 'mt4-html' });
    const again = journalImportResultSchema.parse(
      (await upload(client, mt4Report(), { utcOffsetHours: 2 })).json(),
    );
    expect(again).toMatchObject({ imported: 0, skipped: 4 });
    const preview = journalImportPreviewSchema.parse(
      (await upload(client, mt4Report(), { utcOffsetHours: 2 }, '?dryRun=1')).json(),
    );
    expect(preview).toMatchObject({ toImport: 0, alreadyImported: 4 });
    expect(preview.trades.every((t) => t.alreadyImported)).toBe(true);

    const entries = await list(client);
    expect(entries).toHaveLength(4);
    const gbp = entries.find((e) => e.broker?.ticket === '1002')!;
    expect(gbp).toMatchObject({
      symbol: 'GBPUSD',
      direction: 'SHORT',
      status: 'CLOSED',
      entry: 1.27,
      exitPrice: 1.272,
      stopLoss: 1.272,
      takeProfit1: 1.265,
      lotSize: 0.5,
      activatedAt: '2024-03-05T06:15:00.000Z',
      closedAt: '2024-03-06T09:00:00.000Z',
      result: { pnlUsd: -105.25, rMultiple: -1 },
      broker: {
        source: 'mt4',
        utcOffsetMinutes: 120,
        accountCurrency: 'USD',
        grossProfit: -100,
        commission: -4,
        swap: -1.25,
        netProfit: -105.25,
        partialClose: false,
      },
    });
    // The account size of each trade is the balance before it: 10,000 + 393 after the first.
    expect(gbp.accountSize).toBe(10_393);
    const stats = journalStatsSchema.parse((await client.get('/api/journal/stats')).json());
    expect(stats.closedTrades).toBe(4);
    expect(stats.startingBalance).toBe(10_000);
    expect(stats.netPnlUsd).toBe(393 - 105.25 + 497 + 992.9);
  });

  it('imports the MT5 HTML (UTF-16, German titles) and the XLSX of the same account as one', async () => {
    const client = await signedInTrader(app);
    const html = journalImportResultSchema.parse(
      (await upload(client, mt5HtmlReport({ language: 'de' }))).json(),
    );
    expect(html).toMatchObject({ imported: 3, format: 'mt5-html' });
    const xlsx = journalImportResultSchema.parse((await upload(client, await mt5XlsxReport())).json());
    expect(xlsx).toMatchObject({ imported: 0, skipped: 3, format: 'mt5-xlsx' });
    const entries = await list(client);
    expect(entries.map((e) => e.broker?.partialClose).sort()).toEqual([false, true, true]);
    const half = entries.find((e) => e.broker?.ticket === '7002/7003')!;
    // EUR account: the journal's USD figure uses the reference rate, the statement's EUR is kept.
    expect(half.broker).toMatchObject({
      accountCurrency: 'EUR',
      netProfit: 196.25,
      commission: -3,
      swap: -0.75,
    });
    expect(half.result!.pnlUsd).toBeCloseTo(196.25 * 1.17, 2);
    expect(half.instrument.approximate).toBe(true);
  });

  it('imports cTrader trades without a stop: P/L counts, R is left empty', async () => {
    const client = await signedInTrader(app);
    const missing = await upload(client, ctraderCsv());
    expect(missing.statusCode).toBe(400);
    expect(problemSchema.parse(missing.json()).detail).toMatch(/Enter your account size/);

    const response = await upload(client, ctraderCsv(), { accountSize: 10_000 });
    expect(journalImportResultSchema.parse(response.json())).toMatchObject({
      imported: 4,
      format: 'ctrader-csv',
    });
    const entries = await list(client);
    expect(entries.every((e) => e.stopLoss === null && e.result!.rMultiple === null)).toBe(true);
    const stats = journalStatsSchema.parse((await client.get('/api/journal/stats')).json());
    expect(stats).toMatchObject({ closedTrades: 4, wins: 3, losses: 1, averageRealisedR: null });
    expect(stats.netPnlUsd).toBe(394 - 104.25 + 497.5 + 993.4);
  });

  it('answers a clear 422 for an MT5 Orders report and for a file that is no statement', async () => {
    const client = await signedInTrader(app);
    const orders = await upload(client, mt5HtmlReport({ sections: ['orders'] }));
    expect(orders.statusCode).toBe(422);
    expect(problemSchema.parse(orders.json())).toMatchObject({
      code: 'STATEMENT_NOT_RECOGNISED',
      detail: expect.stringMatching(/looks like an MT5 Orders report/),
    });
    const junk = await upload(client, new TextEncoder().encode('%PDF-1.4 not a statement'));
    expect(junk.statusCode).toBe(422);
    expect(problemSchema.parse(junk.json()).detail).toMatch(/MetaTrader 5 history report/);
  });

  it('refuses extra files and unknown fields, and a bad offset, with 400', async () => {
    const client = await signedInTrader(app);
    const bad = await upload(client, mt4Report(), { utcOffsetHours: 'two' });
    expect(bad.statusCode).toBe(400);
    const unknown = await upload(client, mt4Report(), { colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(problemSchema.parse(unknown.json()).detail).toMatch(/Unexpected form field "colour"/);
  });

  it('answers 400, not 500, to a form whose boundary does not match its Content-Type (found by the fuzz test)', async () => {
    const client = await signedInTrader(app);
    const body = multipart({}, [
      { field: 'file', filename: 'a.htm', type: 'text/html', data: Buffer.from(mt4Report()) },
    ]);
    const response = await client.send({
      method: 'POST',
      url: '/api/journal/import',
      payload: body.payload,
      headers: { 'content-type': 'multipart/form-data; boundary=unrelated' },
    });
    expect(response.statusCode).toBe(400);
    expect(problemSchema.parse(response.json()).code).toBe('MALFORMED_UPLOAD');
  });

  it('still takes the journal CSV, as a body or as the file', async () => {
    const client = await signedInTrader(app);
    const csv =
      'symbol,direction,entry,stopLoss,takeProfit1,accountSize,riskPercentage\nEURUSD,LONG,1.1,1.09,1.12,10000,1\n';
    const asFile = await upload(client, new TextEncoder().encode(csv), {}, '?dryRun=1');
    expect(journalImportPreviewSchema.parse(asFile.json())).toMatchObject({
      format: 'journal-csv',
      toImport: 1,
    });
    expect(await list(client)).toEqual([]);
    const asBody = await client.send({
      method: 'POST',
      url: '/api/journal/import',
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(journalImportResultSchema.parse(asBody.json())).toMatchObject({ imported: 1 });
  });

  it('imports a cTrader statement (Excel) with its account number; a second import adds nothing', async () => {
    const client = await signedInTrader(app);
    const file = await ctraderStatementXlsx();
    const preview = journalImportPreviewSchema.parse(
      (await upload(client, file, { accountSize: 5000 }, '?dryRun=1', 'statement.xlsx')).json(),
    );
    expect(preview).toMatchObject({
      format: 'ctrader-xlsx',
      accountNumber: '3456789',
      accountCurrency: 'EUR',
      utcOffsetMinutes: 120,
      recognised: 3,
      toImport: 3,
    });
    expect(preview.skippedRows).toHaveLength(1);
    const first = await upload(client, file, { accountSize: 5000 });
    expect(first.statusCode, first.body).toBe(200);
    expect(journalImportResultSchema.parse(first.json())).toMatchObject({ imported: 3, skipped: 0 });
    const again = await upload(client, file, { accountSize: 5000 });
    expect(journalImportResultSchema.parse(again.json())).toMatchObject({ imported: 0, skipped: 3 });
    const entries = await list(client);
    expect(entries).toHaveLength(3);
    const part = entries.find((e) => e.broker?.ticket === '700#2')!;
    expect(part.broker).toMatchObject({
      source: 'ctrader',
      account: '3456789',
      accountCurrency: 'EUR',
      partialClose: true,
      swap: -1.1,
      commission: -2.5,
      netProfit: 182,
    });
    expect(part.activatedAt).toBe('2024-05-07T07:00:00.000Z');
    expect(part.closedAt).toBe('2024-05-08T10:00:00.000Z');
  });

  it('keeps two accounts with the same tickets apart (the account number is in the key)', async () => {
    const client = await signedInTrader(app);
    const a = await upload(client, mt4Report({ account: '1111111' }), { utcOffsetHours: 2 });
    expect(journalImportResultSchema.parse(a.json())).toMatchObject({ imported: 4, skipped: 0 });
    // Another account at the same broker reusing tickets 1001.. : new trades, not duplicates.
    const b = await upload(client, mt4Report({ account: '2222222' }), { utcOffsetHours: 2 });
    expect(journalImportResultSchema.parse(b.json())).toMatchObject({ imported: 4, skipped: 0 });
    const again = await upload(client, mt4Report({ account: '2222222' }), { utcOffsetHours: 2 });
    expect(journalImportResultSchema.parse(again.json())).toMatchObject({ imported: 0, skipped: 4 });
    const entries = await list(client);
    expect(entries).toHaveLength(8);
    expect(new Set(entries.map((e) => e.broker?.account))).toEqual(new Set(['1111111', '2222222']));
    expect(entries.filter((e) => e.broker?.ticket === '1001')).toHaveLength(2);
  });

  it('treats trades stored before the account number was kept (empty account) as imported', async () => {
    const client = await signedInTrader(app);
    const first = await upload(client, mt4Report({ account: '3333333' }), { utcOffsetHours: 2 });
    expect(journalImportResultSchema.parse(first.json())).toMatchObject({ imported: 4, skipped: 0 });
    // As migration 0007 left the trades imported before it: no account number.
    const ids = (await list(client)).map((e) => e.id);
    await testDb.database.db
      .update(journalEntries)
      .set({ brokerAccount: '' })
      .where(inArray(journalEntries.id, ids));
    const preview = journalImportPreviewSchema.parse(
      (await upload(client, mt4Report({ account: '3333333' }), { utcOffsetHours: 2 }, '?dryRun=1')).json(),
    );
    expect(preview).toMatchObject({ recognised: 4, toImport: 0, alreadyImported: 4 });
    const again = await upload(client, mt4Report({ account: '3333333' }), { utcOffsetHours: 2 });
    expect(journalImportResultSchema.parse(again.json())).toMatchObject({ imported: 0, skipped: 4 });
    expect(await list(client)).toHaveLength(4);
  });

  it("keeps one trader's tickets apart from another's", async () => {
    const a = await signedInTrader(app);
    const b = await signedInTrader(app);
    expect((await upload(a, mt4Report())).json()).toMatchObject({ imported: 4 });
    expect((await upload(b, mt4Report())).json()).toMatchObject({ imported: 4 });
  });
});
