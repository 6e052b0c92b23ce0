import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { JournalImportPreview, JournalImportResult } from '../../../../contracts/journal';
import { journalEntries } from '../../../db/schema';
import { yieldToEventLoop } from '../csv';
import { insertJournalJsonSql } from '../bulk-insert';
import type { StatementPlan } from './import-worker';

/** `?dryRun=1` (or true): answer the preview and write nothing. */
export function isDryRun(query: unknown): boolean {
  const value = (query as { dryRun?: unknown } | undefined)?.dryRun;
  return value === '1' || value === 'true' || value === '';
}

export function csvPreview(recognised: number, toImport: number): JournalImportPreview {
  return {
    dryRun: true,
    format: 'journal-csv',
    formatLabel: "This journal's CSV export",
    accountCurrency: 'USD',
    accountNumber: null,
    utcOffsetMinutes: 0,
    recognised,
    toImport,
    alreadyImported: recognised - toImport,
    skippedRows: [],
    notes: [],
    trades: [],
  };
}

/** Tickets per query: far below PostgreSQL's 65,535 bind parameters. */
const TICKETS_PER_QUERY = 1000;

/** A preview already serialised (a JournalImportPreview as JSON text), sent as it is. */
export interface SerialisedPreview {
  json: string;
}

/**
 * A statement read by the import worker into the journal: a preview (dryRun), or every new
 * trade in one transaction. Trades whose broker ticket is already in this journal are left
 * out, so importing the same statement twice adds nothing; the unique index backs this up if
 * two imports race. The rows arrive as the worker's JSON chunks, so this thread only queries,
 * forwards strings and counts.
 */
export async function importStatement(
  app: FastifyInstance,
  userId: string,
  plan: StatementPlan,
  dryRun: boolean,
  cap: {
    /** Entries this trader may still add (JOURNAL_LIMITS.maxEntries less what is stored). */
    room: (tx: Parameters<Parameters<FastifyInstance['db']['transaction']>[0]>[0]) => Promise<number>;
    /** The 409 for a journal that would grow past the cap. */
    full: (adding: number) => Error;
  },
): Promise<JournalImportResult | SerialisedPreview> {
  const { tickets } = plan;
  const existing = new Set<string>();
  for (let i = 0; i < tickets.length; i += TICKETS_PER_QUERY) {
    // The tickets as one JSON parameter, not a thousand: building a 1,000-parameter IN list
    // is itself milliseconds of the server thread.
    const chunk = JSON.stringify(tickets.slice(i, i + TICKETS_PER_QUERY));
    const found = await app.db
      .select({ ticket: journalEntries.brokerTicket })
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.userId, userId),
          eq(journalEntries.source, plan.source),
          // Trades imported before the account number was kept (migration 0007) have an empty
          // one; they match any account, else re-importing their statement adds them again.
          // (A second account reusing those very tickets then reads them as imported: only
          // trades stored before 0007 can cause that, and adding a duplicate is the worse error.)
          inArray(journalEntries.brokerAccount, [...new Set([plan.accountNumber ?? '', ''])]),
          sql`${journalEntries.brokerTicket} in (select jsonb_array_elements_text(${chunk}::jsonb))`,
        ),
      );
    for (const f of found) if (f.ticket !== null) existing.add(f.ticket);
    await yieldToEventLoop();
  }
  const fresh = tickets.filter((t) => !existing.has(t)).length;
  if (dryRun) return { json: previewJson(plan, existing, fresh) };
  const imported = await app.db.transaction(async (tx) => {
    if (fresh > (await cap.room(tx))) throw cap.full(fresh);
    let count = 0;
    for (let c = 0; c < plan.chunks.length; c++) {
      const from = c * plan.rowsPerChunk;
      const skip = tickets.slice(from, from + plan.rowsPerChunk).filter((t) => existing.has(t));
      // A chunk whose every trade is already imported needs no statement at all.
      if (skip.length === Math.min(plan.rowsPerChunk, tickets.length - from)) continue;
      const result = await tx.execute(insertJournalJsonSql(plan.columns, plan.chunks[c]!, skip));
      count += Array.isArray(result) ? result.length : (result as { rows: unknown[] }).rows.length;
      await yieldToEventLoop();
    }
    return count;
  });
  return {
    imported,
    skipped: tickets.length - imported,
    format: plan.format,
    skippedRows: plan.skipped,
  };
}

/**
 * The preview as JSON text: the worker serialised each trade, this adds whether it is already
 * imported. Serialising 5,000 trades here (JSON.stringify of the whole preview) was one more
 * long stretch of the server thread.
 */
function previewJson(plan: StatementPlan, existing: ReadonlySet<string>, fresh: number): string {
  const head: Omit<JournalImportPreview, 'trades'> = {
    dryRun: true,
    format: plan.format,
    formatLabel: plan.formatLabel,
    accountCurrency: plan.accountCurrency,
    accountNumber: plan.accountNumber,
    utcOffsetMinutes: plan.utcOffsetMinutes,
    recognised: plan.tickets.length,
    toImport: fresh,
    alreadyImported: plan.tickets.length - fresh,
    skippedRows: plan.skipped,
    notes: plan.notes,
  };
  const trades = (plan.previewTrades ?? []).map(
    // Each is a JSON object: "{...}" becomes "{...,"alreadyImported":bool}".
    (json, i) => `${json.slice(0, -1)},"alreadyImported":${existing.has(plan.tickets[i]!)}}`,
  );
  return `${JSON.stringify(head).slice(0, -1)},"trades":[${trades.join(',')}]}`;
}
