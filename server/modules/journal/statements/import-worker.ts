/**
 * The import worker (piscina, ./import-pool.ts): an uploaded file's bytes in, everything the
 * import needs from them out, computed off the server's event loop. Profiling the 10,000-trade
 * bench (bench/journal.bench.ts) showed the main thread's long stretches during an import were
 * this work: decoding and parsing the statement (csv-parse, node-html-parser, exceljs), building
 * the journal rows (statementToRows) and each INSERT's JSON, and the garbage collection all of
 * that left behind; /healthz then waited 0.3-1 s.
 *
 * What comes back is cheap for the main thread to receive: the rows as ready-made JSON strings,
 * one per INSERT (cloning a string is a copy; cloning 5,000 row objects is not), the broker
 * tickets for the dedupe query, and for a preview each trade's JSON. Failures come back as data
 * (an Error crossing the thread loses its status and code): a file we cannot read is a 4xx here
 * as it was on the main thread.
 */
import type { ProblemFieldError } from '../../../../contracts/problem';
import { AppError } from '../../../http/errors';
import { journalRowsJson } from '../bulk-insert';
import { JOURNAL_IMPORT_MAX_ROWS, parseJournalCsv, type ImportedRow } from '../csv';
import { readStatement, StatementFormatError, STATEMENT_FORMAT_LABELS, type ParsedStatement } from './index';
import { statementToRows } from './to-entries';

export type ImportTask = (
  | {
      /** An uploaded file: its format is found from the content. */
      bytes: Uint8Array;
      /** Minutes the MetaTrader server clock is ahead of UTC (the trader's utcOffsetHours). */
      utcOffsetMinutes: number;
      accountSize: number | undefined;
    }
  | {
      /** A CSV body (text/csv or {"csv": ...}): always read as the journal's own CSV. */
      journalCsv: string;
    }
) & {
  /** Written into every row, so the JSON is complete for the INSERT. */
  userId: string;
  /** ISO time: the rows' updatedAt, and "now" for the journal CSV's blank times. */
  now: string;
  /** Build each trade's JSON for a dryRun preview. */
  withPreview: boolean;
};

/** An AppError as plain data (status, code and the trader's message survive the thread). */
export interface ImportProblem {
  status: number;
  code: string;
  message: string;
  title?: string;
  errors?: ProblemFieldError[];
  extensions?: Record<string, unknown>;
}

/** A broker statement, ready to dedupe and insert. */
export interface StatementPlan {
  kind: 'statement';
  format: ParsedStatement['format'];
  formatLabel: string;
  source: string;
  accountCurrency: string | null;
  accountNumber: string | null;
  utcOffsetMinutes: number;
  skipped: ParsedStatement['skipped'];
  notes: string[];
  /** Every row's broker ticket, in row order. */
  tickets: string[];
  /** Database column names of the chunks' rows. */
  columns: string[];
  /** Rows [i * rowsPerChunk, (i + 1) * rowsPerChunk) as one JSON array each. */
  chunks: string[];
  rowsPerChunk: number;
  /** With `withPreview`: each trade's JSON object (without alreadyImported), in row order. */
  previewTrades: string[] | null;
}

/** The journal's own CSV, validated: the rows as parseJournalCsv gives them. */
export interface JournalCsvPlan {
  kind: 'journal-csv';
  rows: ImportedRow[];
}

export type ImportPlan = StatementPlan | JournalCsvPlan;

/** ms: how long the worker spent on the file. */
export type ImportOutcome = { ms: number } & (
  { ok: false; problem: ImportProblem } | { ok: true; plan: ImportPlan }
);

/**
 * Rows per INSERT. The statement runs on the database's side (PGlite: its own thread, decision
 * 027), and on PGlite other traders' queries wait behind each one: 50 rows keep each to a few
 * milliseconds there, and the main thread only forwards a ~40 KB string per chunk.
 */
export const ROWS_PER_INSERT = 50;

const notRecognised = (message: string) =>
  new AppError(422, 'STATEMENT_NOT_RECOGNISED', message, { title: 'Statement Not Recognised' });

function problemOf(error: unknown): ImportProblem {
  if (error instanceof StatementFormatError) return problemOf(notRecognised(error.message));
  if (error instanceof AppError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      ...(error.options.title !== undefined ? { title: error.options.title } : {}),
      ...(error.options.errors !== undefined ? { errors: error.options.errors } : {}),
      ...(error.options.extensions !== undefined
        ? // Structured clone keeps plain data only.
          { extensions: JSON.parse(JSON.stringify(error.options.extensions)) as Record<string, unknown> }
        : {}),
    };
  }
  // A parser tripping over a malformed file (exceljs, node-html-parser and csv-parse throw
  // their own errors on garbage they do not expect): the file's problem, so a 422, not a 500.
  return problemOf(
    notRecognised(
      'This file could not be read as a statement. Save the report again from the terminal (MetaTrader: History -> Report; cTrader: History -> Export) and import that file.',
    ),
  );
}

export default async function run(task: ImportTask): Promise<ImportOutcome> {
  const started = performance.now();
  const ms = () => performance.now() - started;
  try {
    const plan = await readUpload(task);
    return { ok: true, plan, ms: ms() };
  } catch (error) {
    return { ok: false, problem: problemOf(error), ms: ms() };
  }
}

async function readUpload(task: ImportTask): Promise<ImportPlan> {
  const now = new Date(task.now);
  if ('journalCsv' in task) return { kind: 'journal-csv', rows: await parseJournalCsv(task.journalCsv, now) };
  const read = await readStatement(task.bytes, { utcOffsetMinutes: task.utcOffsetMinutes });
  if (read.kind === 'journal-csv')
    return { kind: 'journal-csv', rows: await parseJournalCsv(read.text, now) };
  const statement = read.statement;
  if (statement.trades.length > JOURNAL_IMPORT_MAX_ROWS) {
    throw new AppError(
      413,
      'TOO_MANY_ROWS',
      `This statement has ${statement.trades.length} trades; import at most ${JOURNAL_IMPORT_MAX_ROWS} at a time (export a shorter period).`,
      { title: 'Upload Too Large' },
    );
  }
  const { source, rows, preview, notes } = await statementToRows(statement, task.accountSize);
  let columns: string[] = [];
  const chunks: string[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = journalRowsJson(
      rows.slice(i, i + ROWS_PER_INSERT).map((r) => ({ ...r, userId: task.userId, updatedAt: now })),
    );
    columns = chunk.columns;
    chunks.push(chunk.json);
  }
  return {
    kind: 'statement',
    format: statement.format,
    formatLabel: STATEMENT_FORMAT_LABELS[statement.format],
    source,
    accountCurrency: statement.accountCurrency,
    accountNumber: statement.accountNumber,
    utcOffsetMinutes: statement.utcOffsetMinutes,
    skipped: statement.skipped,
    notes,
    tickets: rows.map((r) => r.brokerTicket),
    columns,
    chunks,
    rowsPerChunk: ROWS_PER_INSERT,
    previewTrades: task.withPreview ? preview.map((t) => JSON.stringify(t)) : null,
  };
}
