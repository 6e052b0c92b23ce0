import { parse } from 'csv-parse';
import { yieldToEventLoop } from '../csv';
import { findInstrument } from '../../../../engine/instruments';
import { money, moneyOrZero, statementNumber, type Row } from './cells';
import { StatementFormatError, type ParsedStatement, type SkippedRow, type StatementTrade } from './types';

/**
 * cTrader history CSV (History tab -> export). One row per closing deal: a position closed in
 * parts has several rows with the same position id. Column names carry the facts the cells
 * leave out: "Opening Time (UTC+3)" gives the offset of every time, "Net USD" the currency.
 */
const COLUMNS = {
  position: /^(position\s*id|id|position)$/i,
  symbol: /^symbol$/i,
  direction: /^(opening\s+)?direction$/i,
  openTime: /^opening\s+time/i,
  closeTime: /^closing\s+time/i,
  entry: /^entry\s+price$/i,
  exit: /^closing\s+price$/i,
  quantity: /^(closing\s+)?quantity$/i,
  volume: /^(closing\s+)?volume$/i,
  pips: /^pips$/i,
  swap: /^swap/i,
  commission: /^commissions?/i,
  gross: /^gross\b/i,
  net: /^net\b/i,
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED: Column[] = ['symbol', 'direction', 'openTime', 'closeTime', 'entry', 'exit', 'net'];

/** Rows read between two turns of the event loop. */
const ROWS_PER_SLICE = 500;
/** Characters of CSV handed to the parser at a time (a few hundred rows). */
const CSV_SLICE_CHARS = 64 * 1024;

/**
 * The CSV parsed a slice at a time: csv-parse's sync API read a 5,000-row history in one go,
 * which held the server thread (and /healthz) for 0.1 s of CPU, seconds on a loaded machine.
 */
async function parseCsvInSlices(text: string): Promise<string[][]> {
  const parser = parse({ relax_column_count: true, skip_empty_lines: true, trim: true, bom: true });
  const records: string[][] = [];
  const done = new Promise<void>((resolve, reject) => {
    parser.on('readable', () => {
      let record: string[] | null;
      while ((record = parser.read() as string[] | null) !== null) records.push(record);
    });
    parser.on('end', resolve);
    parser.on('error', reject);
  });
  for (let i = 0; i < text.length; i += CSV_SLICE_CHARS) {
    parser.write(text.slice(i, i + CSV_SLICE_CHARS));
    await yieldToEventLoop();
  }
  parser.end();
  await done;
  return records;
}

/** True when a CSV header row looks like cTrader's history. */
export function looksLikeCtraderHeader(header: string[]): boolean {
  return (
    header.some((h) => COLUMNS.openTime.test(h.trim())) &&
    header.some((h) => COLUMNS.closeTime.test(h.trim()))
  );
}

/** "(UTC+3)", "(UTC-04:30)", "(UTC)" in a header -> minutes ahead of UTC. */
function headerOffset(header: string): number | null {
  const m = /\(UTC\s*(?:([+-])(\d{1,2})(?::?(\d{2}))?)?\)/i.exec(header);
  if (!m) return null;
  if (!m[1]) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** cTrader writes day first: "02/01/2024 10:00:00.000" (also dots or dashes); ISO is read too. */
function ctraderTime(text: string, offsetMinutes: number): Date | null {
  const t = text.trim();
  let parts: RegExpExecArray | null =
    /^(\d{4})[-.](\d{2})[-.](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/.exec(t);
  let y: string, mo: string, d: string;
  if (parts) [, y, mo, d] = parts as unknown as [string, string, string, string];
  else {
    parts = /^(\d{2})[/.-](\d{2})[/.-](\d{4})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/.exec(t);
    if (!parts) return null;
    [, d, mo, y] = parts as unknown as [string, string, string, string];
  }
  const ms = parts[7] ? Number(parts[7].slice(0, 3).padEnd(3, '0')) : 0;
  const wall = Date.UTC(+y, +mo - 1, +d, +parts[4]!, +parts[5]!, +(parts[6] ?? 0), ms);
  if (+mo < 1 || +mo > 12 || +d < 1 || +d > 31) return null;
  return new Date(wall - offsetMinutes * 60_000);
}

/** "1.5 Lots", "0.10 Lot", "1.5" -> lots; "150000 EUR" / "150 000" in the volume column -> units. */
function lotsOf(quantity: string | undefined, volume: string | undefined, symbol: string): number {
  if (quantity !== undefined && quantity.trim() !== '') {
    const n = statementNumber(quantity.replace(/lots?/i, ''));
    if (n > 0) return n;
  }
  if (volume !== undefined && volume.trim() !== '') {
    const units = statementNumber(volume.replace(/[a-z]+$/i, ''));
    const contract = findInstrument(symbol)?.contractSize;
    if (units > 0 && contract) return Math.round((units / contract) * 100) / 100;
  }
  return Number.NaN;
}

export async function parseCtraderCsv(text: string): Promise<ParsedStatement> {
  let records: string[][];
  try {
    records = await parseCsvInSlices(text);
  } catch {
    throw new StatementFormatError(
      'This cTrader CSV could not be read; export it again from the History tab.',
    );
  }
  return parseCtraderTable(records, 'ctrader-csv', { accountNumber: null, currency: null });
}

/** True when XLSX rows hold a cTrader statement: a header row with opening and closing times. */
export function looksLikeCtraderRows(rows: Row[]): boolean {
  return rows.some((r) => looksLikeCtraderHeader(r.map((c) => c.text)));
}

/**
 * cTrader statement as Excel (cTrader -> History -> Statement, or the statement cTrader mails).
 * Where it differs from the history CSV: an account block above the table ("Account" |
 * "1234567", "Currency" | "EUR", the broker and period) that gives the account number the CSV
 * lacks; the table starts below a title row, not on the first line; times are Excel dates (wall
 * clock in the header's UTC offset) and money and prices are numbers, not text; a totals row
 * closes the table. The table itself has the CSV's columns, so both are read by one parser.
 */
export async function parseCtraderXlsx(rows: Row[]): Promise<ParsedStatement> {
  const texts = rows.map((r) => r.map((c) => c.text.trim()));
  const headerAt = texts.findIndex((r) => looksLikeCtraderHeader(r));
  if (headerAt < 0) {
    throw new StatementFormatError(
      'This Excel file has no cTrader history table (columns Opening Time and Closing Time). In cTrader open History and export the statement again.',
    );
  }
  const labelled = (label: RegExp) => {
    for (const r of texts.slice(0, headerAt)) {
      for (let i = 0; i < r.length; i++) {
        const cell = r[i]!;
        const inline = new RegExp(`^${label.source}\\s*[:#]\\s*(\\S.*)$`, 'i').exec(cell);
        if (inline?.[1]) return inline[1].trim();
        if (label.test(cell.replace(/[:#]\s*$/, '')) && r[i + 1]) return r[i + 1]!.trim();
      }
    }
    return null;
  };
  const account = labelled(/^(account|account\s+(number|id|no\.?))$/i);
  const currency = labelled(/^(currency|deposit\s+currency|account\s+currency)$/i);
  // The table ends at the first row that is blank in its first columns (the totals row has no
  // position id or symbol) or at the next title.
  const table: string[][] = [texts[headerAt]!];
  for (const r of texts.slice(headerAt + 1)) {
    if (r.length < 3 || (r[0] === '' && r[1] === '')) break;
    if (/^(total|totals|summary)\b/i.test(r[0] ?? '')) break;
    table.push(r);
  }
  return parseCtraderTable(table, 'ctrader-xlsx', {
    accountNumber: account && /^[\w-]{1,40}$/.test(account) ? account : null,
    currency: currency && /^[A-Z]{3}$/i.test(currency) ? currency.toUpperCase() : null,
  });
}

async function parseCtraderTable(
  records: string[][],
  format: 'ctrader-csv' | 'ctrader-xlsx',
  meta: { accountNumber: string | null; currency: string | null },
): Promise<ParsedStatement> {
  const header = records[0] ?? [];
  const index = {} as Record<Column, number>;
  for (const column of Object.keys(COLUMNS) as Column[]) {
    index[column] = header.findIndex((h) => COLUMNS[column].test(h.trim()));
  }
  const missing = REQUIRED.filter((c) => index[c] < 0);
  if (missing.length > 0) {
    throw new StatementFormatError(
      `This cTrader history CSV lacks the column(s) ${missing.join(', ')}. In cTrader open History and export it as CSV with all columns.`,
    );
  }
  const offset = headerOffset(header[index.openTime]!) ?? 0;
  const closeOffset = headerOffset(header[index.closeTime]!) ?? offset;
  const currency =
    /^net\s+([A-Z]{3})\b/i.exec(header[index.net]!)?.[1]?.toUpperCase() ?? meta.currency ?? null;
  const get = (row: string[], c: Column) => (index[c] >= 0 ? row[index[c]] : undefined);

  const skipped: SkippedRow[] = [];
  const drafts: (StatementTrade & { position: string })[] = [];
  for (let i = 0; i < records.length - 1; i++) {
    // A year of trades is thousands of rows; other requests get a turn between slices.
    if (i > 0 && i % ROWS_PER_SLICE === 0) await yieldToEventLoop();
    const row = records[i + 1]!;
    const n = i + 1;
    const symbol = (get(row, 'symbol') ?? '').toUpperCase();
    const side = (get(row, 'direction') ?? '').toLowerCase();
    if (side !== 'buy' && side !== 'sell') {
      skipped.push({ row: n, reason: `direction "${get(row, 'direction') ?? ''}" is not Buy or Sell` });
      continue;
    }
    const openedAt = ctraderTime(get(row, 'openTime') ?? '', offset);
    const closedAt = ctraderTime(get(row, 'closeTime') ?? '', closeOffset);
    const entry = statementNumber(get(row, 'entry') ?? '');
    const exit = statementNumber(get(row, 'exit') ?? '');
    const lots = lotsOf(get(row, 'quantity'), get(row, 'volume'), symbol);
    if (!symbol || !openedAt || !closedAt || !(entry > 0) || !(exit > 0) || !(lots > 0)) {
      skipped.push({ row: n, reason: 'symbol, times, prices or quantity not readable' });
      continue;
    }
    const commission = moneyOrZero(get(row, 'commission') ?? '');
    const swap = moneyOrZero(get(row, 'swap') ?? '');
    const net = moneyOrZero(get(row, 'net') ?? '');
    const grossText = get(row, 'gross');
    // Without a gross column the price move's profit is what is left of net after the costs.
    const gross =
      grossText !== undefined && grossText !== '' ? moneyOrZero(grossText) : money(net - commission - swap);
    const pips = statementNumber(get(row, 'pips') ?? '');
    const position = get(row, 'position') || `${symbol}@${openedAt.toISOString()}`;
    drafts.push({
      position,
      brokerTicket: '',
      symbol,
      direction: side === 'buy' ? 'LONG' : 'SHORT',
      volumeLots: lots,
      openedAt,
      closedAt,
      entry,
      exit,
      stopLoss: null,
      takeProfit: null,
      commission,
      swap,
      grossProfit: gross,
      netProfit: net,
      pips: Number.isFinite(pips) ? pips : null,
      partialClose: false,
    });
  }
  // Closes of one position, in time order, are numbered: "12345#1", "12345#2"; more than one
  // means each was a partial close.
  const byPosition = new Map<string, (StatementTrade & { position: string })[]>();
  for (const d of drafts) {
    const closes = byPosition.get(d.position);
    if (closes) closes.push(d);
    else byPosition.set(d.position, [d]);
  }
  for (const [position, closes] of byPosition) {
    closes.sort((a, b) => a.closedAt.getTime() - b.closedAt.getTime());
    closes.forEach((c, k) => {
      c.brokerTicket = `${position}#${k + 1}`;
      c.partialClose = closes.length > 1;
    });
  }
  const trades = drafts
    .map(({ position: _position, ...t }) => t)
    .sort((a, b) => a.closedAt.getTime() - b.closedAt.getTime());
  return {
    format,
    accountCurrency: currency,
    accountNumber: meta.accountNumber,
    utcOffsetMinutes: offset,
    startingBalance: null,
    trades,
    skipped,
  };
}
