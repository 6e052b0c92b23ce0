import { parse as parseHtml, type HTMLElement } from 'node-html-parser';
import { StatementFormatError } from './types';

/**
 * A statement's tables flattened to rows of visible cell texts, the same for HTML and XLSX, so
 * the MetaTrader parsers read one shape. `span` keeps the colspan: title rows are one cell
 * spanning the whole table.
 */
export interface Cell {
  text: string;
  span: number;
  /** The cell's tooltip: MT4 keeps a trade's comment ("partial close", "to #123") there. */
  title?: string;
}
export type Row = Cell[];

/**
 * Bytes -> text. MetaTrader 5 writes its HTML report as UTF-16LE with a byte-order mark; reading
 * it as UTF-8 gives NUL-riddled text that matches nothing, the known cause of mass import
 * failures in other journals. BOMs decide; without one, NULs in every other byte mean UTF-16.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  const sample = bytes.subarray(0, Math.min(bytes.length, 512));
  let oddNuls = 0;
  let evenNuls = 0;
  sample.forEach((b, i) => {
    if (b === 0) {
      if (i % 2) oddNuls++;
      else evenNuls++;
    }
  });
  if (oddNuls > sample.length / 4) return new TextDecoder('utf-16le').decode(bytes);
  if (evenNuls > sample.length / 4) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

/** MetaTrader marks cells it does not show (`class="hidden"`, `display:none`); they shift columns. */
function isHidden(el: HTMLElement): boolean {
  const cls = el.getAttribute('class') ?? '';
  const style = (el.getAttribute('style') ?? '').replace(/\s/g, '').toLowerCase();
  return /\bhidden\b/i.test(cls) || style.includes('display:none') || el.hasAttribute('hidden');
}

const squash = (s: string) =>
  s
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Every <tr> of the document (nested tables flattened in document order), hidden cells removed. */
export function htmlRows(html: string): Row[] {
  const root = parseHtml(html, { blockTextElements: { script: false, style: false } });
  return root.querySelectorAll('tr').map((tr) =>
    tr.childNodes
      .filter(
        (n): n is HTMLElement =>
          n instanceof Object && 'tagName' in n && /^(TD|TH)$/i.test(String(n.tagName)),
      )
      .filter((td) => !isHidden(td))
      .map((td) => {
        const title = td.getAttribute('title');
        return {
          text: squash(td.text),
          span: Math.max(1, Number(td.getAttribute('colspan') ?? 1) || 1),
          ...(title ? { title } : {}),
        };
      }),
  );
}

/** Rows of the first worksheet of an XLSX file; merged cells become one cell with a span. */
export async function xlsxRows(bytes: Uint8Array): Promise<Row[]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's typings want a Node Buffer subtype; the bytes are read, not kept.
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    throw new StatementFormatError(
      'This Excel file could not be opened; save the report again from the terminal.',
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: Row[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: Row = [];
    for (let c = 1; c <= row.cellCount; c++) {
      const cell = row.getCell(c);
      if (cell.isMerged && cell.master.address !== cell.address) {
        const last = cells.at(-1);
        if (last && cell.master.row === cell.row) last.span++;
        continue;
      }
      const value = cell.value;
      const text =
        value instanceof Date
          ? // exceljs reads dates as if the sheet were UTC; the wall-clock text is what the terminal wrote.
            value.toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, '.')
          : cell.text;
      cells.push({ text: squash(text ?? ''), span: 1 });
    }
    rows.push(cells);
  });
  return rows;
}

/**
 * A statement number: "1 234.56", "-12.30", "1,234.56" (thousands), "0.00". Empty -> NaN so a
 * caller decides what blank means.
 */
export function statementNumber(text: string): number {
  let t = text.replace(/[\s\u00a0]/g, '');
  if (t === '') return Number.NaN;
  if (/^-?[\d.]*,\d+$/.test(t) && !t.includes('.')) t = t.replace(',', '.');
  else t = t.replace(/,/g, '');
  return /^[-+]?\d*\.?\d+(e[-+]?\d+)?$/i.test(t) ? Number(t) : Number.NaN;
}

/** 0 or blank: MetaTrader writes 0 for "no stop / no target". */
export const priceOrNull = (text: string) => {
  const n = statementNumber(text);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** Blank money cells mean nothing charged. */
export const moneyOrZero = (text: string) => {
  const n = statementNumber(text);
  return Number.isFinite(n) ? n : 0;
};

const META_TIME = /^(\d{4})[.\-/](\d{2})[.\-/](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/**
 * "2024.01.02 10:00:05" in a terminal's wall-clock time -> UTC, given how many minutes that
 * clock is ahead of UTC. Null when the text is not a time.
 */
export function metaTraderTime(text: string, utcOffsetMinutes: number): Date | null {
  const m = META_TIME.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const wall = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +(s ?? 0));
  return new Date(wall - utcOffsetMinutes * 60_000);
}

export const isMetaTraderTime = (text: string) => META_TIME.test(text);

/** Money is summed in cents so 0.1 + 0.2 stays 0.3 in the journal. */
export const money = (n: number) => Math.round(n * 100) / 100;
