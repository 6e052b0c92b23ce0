import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors';
import { ctraderCsv } from './fixtures';
import { createImportPool, type ImportPool } from './import-pool';
import type { StatementPlan } from './import-worker';

// The reader thread (issue 21: the import's parsing off the event loop): what it hands back,
// and that a file it cannot read, a stalled read and a full queue are 4xx/503, never a 500.

const USER = '00000000-0000-4000-8000-000000000001';
const task = (bytes: Uint8Array, withPreview = false) => ({
  bytes,
  utcOffsetMinutes: 120,
  accountSize: 10_000,
  userId: USER,
  now: '2026-11-27T05:00:00.000Z',
  withPreview,
});

/** A cTrader history of `n` trades: big enough that reading it takes the thread a while. */
function ctraderHistory(n: number): Uint8Array {
  const lines = [
    'Position ID,Symbol,Opening Direction,Opening Time (UTC+2),Closing Time (UTC+2),Entry Price,Closing Price,Closing Quantity,Pips,Swap,Commissions,Gross USD,Net USD',
  ];
  for (let i = 1; i <= n; i++) {
    lines.push(
      `${i},EURUSD,Buy,03/01/2022 08:00:00.000,03/01/2022 09:00:00.000,1.08000,1.08100,0.10 Lots,10.0,0.00,-0.70,10.00,9.30`,
    );
  }
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

let pool: ImportPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the import reader thread', () => {
  it('hands back the rows as INSERT-ready JSON chunks, the tickets, and the preview trades', async () => {
    pool = createImportPool();
    const plan = (await pool.read(task(ctraderCsv(), true))) as StatementPlan;
    expect(plan.kind).toBe('statement');
    expect(plan.format).toBe('ctrader-csv');
    expect(plan.tickets).toEqual(['100#1', '200#1', '300#1', '300#2']);
    const rows = plan.chunks.flatMap((c) => JSON.parse(c) as Record<string, unknown>[]);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => r.broker_ticket)).toEqual(plan.tickets);
    // Complete rows for the one-parameter INSERT: the owner and the time are in them.
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set([USER]));
    expect(rows[0]).toMatchObject({ updated_at: '2026-11-27T05:00:00.000Z', status: 'CLOSED' });
    expect(plan.columns).toEqual(Object.keys(rows[0]!));
    const preview = plan.previewTrades!.map((t) => JSON.parse(t) as { ticket: string });
    expect(preview.map((t) => t.ticket)).toEqual(plan.tickets);
    expect(plan.skipped).toEqual([expect.objectContaining({ reason: expect.any(String) })]);
  });

  it('answers a file it cannot read with the 4xx the parser gave, and reads on afterwards', async () => {
    pool = createImportPool();
    const unknown = await failure(pool.read(task(new TextEncoder().encode('just some text\n'))));
    expect(unknown.status).toBe(422);
    expect(unknown.code).toBe('STATEMENT_NOT_RECOGNISED');
    expect(unknown.message).toMatch(/MetaTrader/);
    const badXlsx = await failure(pool.read(task(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))));
    expect(badXlsx.status).toBe(422);
    // The journal CSV's row errors cross the thread with the problem's field list.
    const badCsv = await failure(
      pool.read({
        journalCsv:
          'symbol,direction,entry,stopLoss,takeProfit1,accountSize,riskPercentage\n,LONG,1.1,1.09,1.12,10000,1\n',
        userId: USER,
        now: '2026-11-27T05:00:00.000Z',
        withPreview: false,
      }),
    );
    expect(badCsv.status).toBe(400);
    expect(badCsv.code).toBe('IMPORT_INVALID');
    expect(badCsv.options.errors).toEqual([expect.objectContaining({ field: 'row 1.symbol' })]);
    const good = await pool.read(task(ctraderCsv()));
    expect(good.kind).toBe('statement');
  });

  it('stops a read that takes too long (503, Retry-After) and reads the next file normally', async () => {
    pool = createImportPool();
    const slow = await failure(pool.read(task(ctraderHistory(5000)), { timeoutMs: 50 }));
    expect(slow.status).toBe(503);
    expect(slow.code).toBe('IMPORT_TIMEOUT');
    expect(slow.options.retryAfter).toBeGreaterThan(0);
    // The stopped thread is replaced: the next (small) file is read.
    const next = (await pool.read(task(ctraderCsv()))) as StatementPlan;
    expect(next.tickets).toHaveLength(4);
  });

  it('refuses imports past its queue with 503 and Retry-After, and reads the others', async () => {
    pool = createImportPool();
    const results = await Promise.allSettled(
      Array.from({ length: 7 }, () => pool!.read(task(ctraderHistory(2000)))),
    );
    // One thread and four waiting: the sixth and seventh are refused at once.
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      const error = (r as PromiseRejectedResult).reason as AppError;
      expect(error).toBeInstanceOf(AppError);
      expect([error.status, error.code]).toEqual([503, 'IMPORT_BUSY']);
      expect(error.options.retryAfter).toBeGreaterThan(0);
    }
    for (const r of results.filter((x) => x.status === 'fulfilled')) {
      expect((r.value as StatementPlan).tickets).toHaveLength(2000);
    }
  });
});
