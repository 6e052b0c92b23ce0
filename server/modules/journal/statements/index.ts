import { parse } from 'csv-parse/sync';
import { decodeText, htmlRows, xlsxRows } from './cells';
import { looksLikeCtraderHeader, looksLikeCtraderRows, parseCtraderCsv, parseCtraderXlsx } from './ctrader';
import { parseMt4Report } from './mt4';
import { parseMt5Report } from './mt5';
import { StatementFormatError, type ParsedStatement } from './types';

export * from './types';

const EXPECTED =
  "Send a MetaTrader 4 report (Account History -> Save as Report), a MetaTrader 5 history report (History -> Report -> HTML or Open XML), a cTrader history CSV or statement (Excel), or this journal's own CSV export.";

/** What a file is, from its content alone (a renamed file is still read for what it is). */
export type StatementKind =
  { kind: 'journal-csv'; text: string } | { kind: 'statement'; statement: ParsedStatement };

export interface StatementOptions {
  /**
   * Minutes the MetaTrader server clock is ahead of UTC (GMT+2 -> 120). MetaTrader reports do
   * not state it; cTrader's header does, and wins.
   */
  utcOffsetMinutes?: number;
}

/** Enough of a CSV to hold its header line. */
const HEADER_CHARS = 16 * 1024;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * Reads an uploaded statement: MT4 HTML, MT5 HTML (UTF-16LE) or XLSX, cTrader CSV, or the
 * journal's own CSV (handed back as text for the existing importer). A file that is none of
 * them throws StatementFormatError saying what was expected.
 */
export async function readStatement(
  bytes: Uint8Array,
  options: StatementOptions = {},
): Promise<StatementKind> {
  const offset = options.utcOffsetMinutes ?? 0;
  if (bytes.length === 0) throw new StatementFormatError(`The file is empty. ${EXPECTED}`);
  if (ZIP_MAGIC.every((b, i) => bytes[i] === b)) {
    const rows = await xlsxRows(bytes);
    if (looksLikeCtraderRows(rows)) return { kind: 'statement', statement: await parseCtraderXlsx(rows) };
    return { kind: 'statement', statement: await parseMt5Report(rows, 'mt5-xlsx', offset) };
  }
  const text = decodeText(bytes);
  if (/<(html|table|tr)\b/i.test(text.slice(0, 20_000))) {
    const rows = htmlRows(text);
    if (/closed\s+transactions/i.test(text)) {
      const header = rows
        .slice(0, 10)
        .map((r) => r.map((c) => c.text).join(' '))
        .join(' ');
      return { kind: 'statement', statement: parseMt4Report(rows, header, offset) };
    }
    return { kind: 'statement', statement: parseMt5Report(rows, 'mt5-html', offset) };
  }
  let header: string[];
  try {
    // Only the header is needed here: parse the first lines, not a 5,000-row file in one go.
    const end = text.indexOf('\n', HEADER_CHARS);
    const head = end < 0 ? text : text.slice(0, end);
    header = (parse(head, { to_line: 1, relax_column_count: true, bom: true }) as string[][])[0] ?? [];
  } catch {
    throw new StatementFormatError(`This file is neither a report nor a readable CSV. ${EXPECTED}`);
  }
  const names = header.map((h) => h.trim());
  if (names.includes('symbol') && names.includes('entry')) return { kind: 'journal-csv', text };
  if (looksLikeCtraderHeader(names)) return { kind: 'statement', statement: await parseCtraderCsv(text) };
  throw new StatementFormatError(`This file is not a statement this journal reads. ${EXPECTED}`);
}
