import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { JournalImportPreview, JournalImportResult } from '../../../../contracts/journal';
import { journalEntries } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { JOURNAL_IMPORT_MAX_ROWS, yieldToEventLoop } from '../csv';
import { readStatement, StatementFormatError, STATEMENT_FORMAT_LABELS, type ParsedStatement } from './index';
import { statementToRows } from './to-entries';
import { insertJournalRowsSql } from '../bulk-insert';

/** `?dryRun=1` (or true): answer the preview and write nothing. */
export function isDryRun(query: unknown): boolean {
  const value = (query as { dryRun?: unknown } | undefined)?.dryRun;
  return value === '1' || value === 'true' || value === '';
}

/** The file's format from its content; an unknown file is a 422 saying what to export. */
export async function recogniseStatement(bytes: Uint8Array, utcOffsetMinutes: number) {
  try {
    return await readStatement(bytes, { utcOffsetMinutes });
  } catch (error) {
    if (error instanceof StatementFormatError) {
      throw new AppError(422, 'STATEMENT_NOT_RECOGNISED', error.message, {
        title: 'Statement Not Recognised',
      });
    }
    throw error;
  }
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
/**
 * Rows per INSERT. The statement (db/pglite-thread.ts: PGlite has its own thread) runs off the
 * event loop, but its JSON is built on it, and on PGlite other traders' queries wait behind
 * it: 50 rows keep each to a few milliseconds, and the import yields between chunks.
 */
const ROWS_PER_INSERT = 50;

/**
 * A parsed statement into the journal: a preview (dryRun), or every new trade in one
 * transaction. Trades whose broker ticket is already in this journal are left out, so
 * importing the same statement twice adds nothing; the unique index backs this up if two
 * imports race.
 */
export async function importStatement(
  app: FastifyInstance,
  userId: string,
  statement: ParsedStatement,
  accountSize: number | undefined,
  dryRun: boolean,
  cap: {
    /** Entries this trader may still add (JOURNAL_LIMITS.maxEntries less what is stored). */
    room: (tx: Parameters<Parameters<FastifyInstance['db']['transaction']>[0]>[0]) => Promise<number>;
    /** The 409 for a journal that would grow past the cap. */
    full: (adding: number) => Error;
  },
): Promise<JournalImportResult | JournalImportPreview> {
  if (statement.trades.length > JOURNAL_IMPORT_MAX_ROWS) {
    throw new AppError(
      413,
      'TOO_MANY_ROWS',
      `This statement has ${statement.trades.length} trades; import at most ${JOURNAL_IMPORT_MAX_ROWS} at a time (export a shorter period).`,
      { title: 'Upload Too Large' },
    );
  }
  // Parsing ran in one go; let waiting requests through before the rows are built.
  await yieldToEventLoop();
  const { source, rows, preview, notes } = await statementToRows(statement, accountSize);
  const tickets = rows.map((r) => r.brokerTicket);
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
          eq(journalEntries.source, source),
          // Trades imported before the account number was kept (migration 0007) have an empty
          // one; they match any account, else re-importing their statement adds them again.
          // (A second account reusing those very tickets then reads them as imported: only
          // trades stored before 0007 can cause that, and adding a duplicate is the worse error.)
          inArray(journalEntries.brokerAccount, [...new Set([statement.accountNumber ?? '', ''])]),
          sql`${journalEntries.brokerTicket} in (select jsonb_array_elements_text(${chunk}::jsonb))`,
        ),
      );
    for (const f of found) if (f.ticket !== null) existing.add(f.ticket);
    await yieldToEventLoop();
  }
  const fresh = rows.filter((r) => !existing.has(r.brokerTicket));
  if (dryRun) {
    return {
      dryRun: true,
      format: statement.format,
      formatLabel: STATEMENT_FORMAT_LABELS[statement.format],
      accountCurrency: statement.accountCurrency,
      accountNumber: statement.accountNumber,
      utcOffsetMinutes: statement.utcOffsetMinutes,
      recognised: rows.length,
      toImport: fresh.length,
      alreadyImported: rows.length - fresh.length,
      skippedRows: statement.skipped,
      notes,
      trades: preview.map((t) => ({ ...t, alreadyImported: existing.has(t.ticket) })),
    };
  }
  const now = app.now();
  const imported = await app.db.transaction(async (tx) => {
    if (fresh.length > (await cap.room(tx))) throw cap.full(fresh.length);
    let count = 0;
    for (let i = 0; i < fresh.length; i += ROWS_PER_INSERT) {
      const result = await tx.execute(
        insertJournalRowsSql(
          fresh.slice(i, i + ROWS_PER_INSERT).map((r) => ({ ...r, userId, updatedAt: now })),
        ),
      );
      count += Array.isArray(result) ? result.length : (result as { rows: unknown[] }).rows.length;
      await yieldToEventLoop();
    }
    return count;
  });
  return {
    imported,
    skipped: rows.length - imported,
    format: statement.format,
    skippedRows: statement.skipped,
  };
}
