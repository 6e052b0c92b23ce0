import { parse } from 'csv-parse/sync';
import {
  JOURNAL_CSV_COLUMNS,
  journalImportRowSchema,
  type JournalCsvColumn,
  type JournalEntry,
} from '../../../contracts/journal';
import { realisedResult } from '../../../engine/journal';
import type { JournalEntryRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { sizingColumns } from './entries';

/** More rows than any hand-kept journal; keeps one import from tying up the server. */
export const JOURNAL_IMPORT_MAX_ROWS = 5000;

/** Rows checked between two turns of the event loop (see parseJournalCsv). */
const VALIDATE_BATCH = 200;

/** Lets every other waiting callback (requests, timers) run before going on. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** RFC 4180 quoting: quote a cell holding a comma, quote, line break or edge spaces. */
function cell(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab/CR before one) as a formula, so a
 * note like "=HYPERLINK(...)" could act when the export is opened (CSV injection). Free-text
 * cells starting so get a leading apostrophe, which spreadsheets show as text; the import strips
 * it again, so a round trip keeps the text as written.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const textCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
const untextCell = (value: string) =>
  value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
/**
 * Every column that is not a number is escaped, not only the free-text ones: a symbol is typed
 * by the trader too ("=1+2" is a valid, if odd, symbol), and the rest cost nothing to cover.
 */
const NUMBER_COLUMNS = new Set<string>([
  'entry',
  'stopLoss',
  'takeProfit1',
  'takeProfit2',
  'accountSize',
  'riskPercentage',
  'riskAmount',
  'lotSize',
  'units',
  'exitPrice',
  'pnlUsd',
  'rMultiple',
]);
const isTextColumn = (column: string) => !NUMBER_COLUMNS.has(column);

/** Numbers as JavaScript writes them (shortest text that reads back to the same double). */
const numberCell = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

function columnsOf(e: JournalEntry): Record<JournalCsvColumn, string> {
  return {
    id: e.id,
    timestamp: e.timestamp,
    symbol: e.symbol,
    direction: e.direction,
    entry: numberCell(e.entry),
    stopLoss: numberCell(e.stopLoss),
    takeProfit1: numberCell(e.takeProfit1),
    takeProfit2: numberCell(e.takeProfit2),
    accountSize: numberCell(e.accountSize),
    riskPercentage: numberCell(e.riskPercentage),
    riskAmount: numberCell(e.riskAmount),
    lotSize: numberCell(e.lotSize),
    units: numberCell(e.units),
    instrument: e.instrument.symbol,
    status: e.status,
    notes: e.notes ?? '',
    // Tags never contain commas (they are split on them), so ", " joins them unambiguously.
    tags: e.tags.join(', '),
    activatedAt: e.activatedAt ?? '',
    exitPrice: numberCell(e.exitPrice),
    closedAt: e.closedAt ?? '',
    cancelledAt: e.cancelledAt ?? '',
    pnlUsd: numberCell(e.result?.pnlUsd),
    rMultiple: numberCell(e.result?.rMultiple),
    analysisId: e.analysisId ?? '',
  };
}

/** The CSV's header line (GET /api/journal/export.csv), CRLF-terminated as every line. */
export const journalCsvHeader = () => `${JOURNAL_CSV_COLUMNS.join(',')}\r\n`;

/** Entries as CSV lines, one per entry, every field, each CRLF-terminated. */
export function journalCsvLines(entries: readonly JournalEntry[]): string {
  let out = '';
  for (const e of entries) {
    const cols = columnsOf(e);
    out += `${JOURNAL_CSV_COLUMNS.map((c) => cell(isTextColumn(c) ? textCell(cols[c]) : cols[c])).join(',')}\r\n`;
  }
  return out;
}

export interface CsvRowError {
  row: number;
  field: string;
  message: string;
}

/** Columns only a broker-statement import fills (./statements); a CSV row leaves them null. */
export type BrokerColumn =
  | 'source'
  | 'brokerTicket'
  | 'sourceUtcOffsetMinutes'
  | 'accountCurrency'
  | 'grossProfit'
  | 'commission'
  | 'swap'
  | 'netProfit'
  | 'partialClose'
  | 'brokerAccount'
  // Not a broker column, but likewise only set by some writers (the dashboard's plan).
  | 'analysisId';

/** Columns only the app fills (Add to Journal's analysis, a closed trade's corrected fees). */
type AppColumn = 'analysisId' | 'fees';

export type ImportedRow = Omit<JournalEntryRow, 'id' | 'userId' | 'updatedAt' | BrokerColumn | AppColumn> &
  Partial<Pick<JournalEntryRow, BrokerColumn | AppColumn>> & { id?: string };

const REQUIRED_COLUMNS: readonly JournalCsvColumn[] = [
  'symbol',
  'direction',
  'entry',
  'stopLoss',
  'takeProfit1',
  'accountSize',
  'riskPercentage',
];

function importError(errors: CsvRowError[], detail: string): AppError {
  return new AppError(400, 'IMPORT_INVALID', detail, {
    title: 'Import Failed',
    errors: errors.map((e) => ({
      field: e.row > 0 ? `row ${e.row}.${e.field}` : e.field,
      message: e.message,
    })),
    extensions: { rowErrors: errors },
  });
}

/**
 * Reads a journal CSV (the export's format; columns found by header name, in any order) into
 * rows ready to insert. All or nothing: any invalid row fails the whole import with every
 * problem listed as "row N.field", so the trader can fix the file and send it again.
 */
export async function parseJournalCsv(text: string, now: Date): Promise<ImportedRow[]> {
  let records: Record<string, string>[];
  try {
    records = parse(text, { columns: true, bom: true, skip_empty_lines: true, relax_column_count: false });
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unreadable';
    throw importError([], `This file is not a readable CSV (${reason}).`);
  }
  const header = records.length > 0 ? Object.keys(records[0]!) : (text.split(/\r?\n/)[0] ?? '').split(',');
  const missing = REQUIRED_COLUMNS.filter((c) => !header.map((h) => h.trim()).includes(c));
  if (missing.length > 0) {
    throw importError(
      missing.map((c) => ({ row: 0, field: c, message: `Column "${c}" is missing` })),
      `The file lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. Use a file exported from the journal.`,
    );
  }
  if (records.length === 0) throw importError([], 'The file has no trades to import.');
  if (records.length > JOURNAL_IMPORT_MAX_ROWS) {
    throw importError(
      [],
      `The file has ${records.length} rows; at most ${JOURNAL_IMPORT_MAX_ROWS} can be imported at once.`,
    );
  }

  const errors: CsvRowError[] = [];
  const rows: ImportedRow[] = [];
  for (let i = 0; i < records.length; i++) {
    // Checking and sizing a row takes ~0.1-0.5 ms; a few hundred at a time, then the other
    // requests get their turn, so a 5,000-row import does not stall the server for seconds.
    if (i > 0 && i % VALIDATE_BATCH === 0) await yieldToEventLoop();
    const record = records[i]!;
    const rowNumber = i + 1;
    const trimmed = Object.fromEntries(
      Object.entries(record).map(([k, v]) => [k.trim(), isTextColumn(k.trim()) ? untextCell(v) : v]),
    );
    const parsed = journalImportRowSchema.safeParse(trimmed);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        errors.push({ row: rowNumber, field: issue.path.map(String).join('.'), message: issue.message });
      }
      continue;
    }
    const r = parsed.data;
    const sized = sizingColumns(r);
    const createdAt = r.timestamp ? new Date(r.timestamp) : now;
    const date = (s: string | undefined) => (s ? new Date(s) : null);
    const activatedAt =
      date(r.activatedAt) ?? (r.status === 'ACTIVE' || r.status === 'CLOSED' ? createdAt : null);
    let pnlUsd: number | null = null;
    let rMultiple: number | null = null;
    const units = r.units ?? sized.units;
    if (r.status === 'CLOSED' && r.exitPrice !== undefined) {
      // A stored result is the trader's record; compute it only when the file leaves it blank.
      const computed = realisedResult({ ...r, units }, r.exitPrice);
      pnlUsd = r.pnlUsd ?? computed.pnlUsd;
      rMultiple = r.rMultiple ?? computed.rMultiple;
    }
    rows.push({
      ...(r.id !== undefined ? { id: r.id.toLowerCase() } : {}),
      createdAt,
      symbol: r.symbol,
      direction: r.direction,
      entry: r.entry,
      stopLoss: r.stopLoss,
      takeProfit1: r.takeProfit1,
      takeProfit2: r.takeProfit2 ?? null,
      accountSize: r.accountSize,
      riskPercentage: r.riskPercentage,
      ...sized,
      riskAmount: r.riskAmount ?? sized.riskAmount,
      lotSize: r.lotSize ?? sized.lotSize,
      units,
      status: r.status,
      notes: r.notes ?? null,
      tags: r.tags,
      activatedAt,
      exitPrice: r.exitPrice ?? null,
      closedAt: r.status === 'CLOSED' ? (date(r.closedAt) ?? now) : null,
      cancelledAt: r.status === 'CANCELLED' ? (date(r.cancelledAt) ?? now) : null,
      pnlUsd,
      rMultiple,
      // Kept only if it is still this trader's analysis and no other entry holds it (the route
      // checks; a file from another account or an analysis since deleted loses the link).
      analysisId: r.analysisId?.toLowerCase() ?? null,
    });
  }
  if (errors.length > 0) {
    const first = errors[0]!;
    const more =
      errors.length > 1 ? ` (and ${errors.length - 1} more problem${errors.length > 2 ? 's' : ''})` : '';
    throw importError(
      errors,
      `Row ${first.row}, ${first.field}: ${first.message}${more}. Nothing was imported.`,
    );
  }
  return rows;
}
