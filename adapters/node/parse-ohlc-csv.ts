import { parse } from 'csv-parse/sync';
import { EngineError } from '../../engine/core/errors';
import type { Bar } from '../../engine/core/ohlc';

/** Header name -> canonical column: case-insensitive, MetaTrader's <OPEN> brackets stripped. */
const normalise = (h: string) => h.trim().replace(/^<|>$/g, '').toLowerCase();

/** The delimiter that splits the first line into the most fields (',', ';' or tab). */
function guessDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return [',', ';', '\t'].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
}

/**
 * Parses an OHLC CSV (first row = header) into bars, oldest first as in the file. Throws
 * EngineError INVALID_INPUT naming the row when a price is not a number.
 */
export function parseOhlcCsv(text: string): Bar[] {
  const delimiter = guessDelimiter(text);
  const rows = parse(text, {
    delimiter,
    columns: (header: string[]) => header.map(normalise),
    skip_empty_lines: true,
    trim: true,
    bom: true,
    relax_column_count: true,
  }) as Record<string, string>[];
  const required = ['open', 'high', 'low', 'close'];
  const header = rows[0] ? Object.keys(rows[0]) : [];
  const missing = required.filter((c) => !header.includes(c));
  if (rows.length === 0 || missing.length > 0) {
    throw new EngineError(
      'INVALID_INPUT',
      rows.length === 0
        ? 'The CSV has no data rows.'
        : `The CSV is missing the column(s) ${missing.join(', ')} (need Date, Open, High, Low, Close).`,
      { missing },
    );
  }
  return rows.map((r, i) => {
    const num = (c: string) => {
      const v = Number(r[c]);
      if (r[c] === undefined || r[c] === '' || !Number.isFinite(v)) {
        throw new EngineError(
          'INVALID_INPUT',
          `Row ${i + 2}: "${c}" is not a number (${JSON.stringify(r[c] ?? '')}).`,
          {
            row: i + 2,
            column: c,
          },
        );
      }
      return v;
    };
    const date = r['date'] ?? r['datetime'] ?? r['timestamp'] ?? r['time'];
    const time = r['date'] !== undefined && r['time'] !== undefined ? `${r['date']} ${r['time']}` : date;
    // One object literal shape for every bar keeps the engine's property reads monomorphic.
    const bar: Bar = {
      open: num('open'),
      high: num('high'),
      low: num('low'),
      close: num('close'),
      time: time !== undefined && time !== '' ? time : undefined,
    };
    return bar;
  });
}

// ---------------------------------------------------------------------------------------------
// Chart data exports uploaded in place of a screenshot

/** Which platform's export a file is, told from its content (never its name). */
export type ChartDataFormat = 'tradingview' | 'metatrader4' | 'metatrader5' | 'ohlc';

export interface ChartData {
  format: ChartDataFormat;
  /** Oldest first, each with its time in epoch ms (UTC as written; exports carry no zone). */
  bars: Bar[];
  /** The bar interval in minutes (the most common gap between bars), or null with < 2 bars. */
  intervalMinutes: number | null;
}

/** Bounds on one uploaded data export (decision 017: every request bounded). */
export const CHART_DATA_LIMITS = {
  /** Rows of a file: years of 4h bars or weeks of 5m bars, far beyond what one plan reads. */
  maxRows: 20_000,
  /** Fewer bars than this is no chart to read structure from (the engine needs 30 as well). */
  minRows: 30,
} as const;

const FORMAT_NAMES: Record<ChartDataFormat, string> = {
  tradingview: 'TradingView export',
  metatrader4: 'MetaTrader 4 history export',
  metatrader5: 'MetaTrader 5 history export',
  ohlc: 'OHLC file',
};
export const chartDataFormatName = (format: ChartDataFormat) => FORMAT_NAMES[format];

const invalid = (message: string, details: Record<string, unknown> = {}) =>
  new EngineError('INVALID_INPUT', message, details);

const HOW =
  'Upload TradingView\'s "Export chart data" CSV or MetaTrader\'s exported history (date, time, open, high, low, close).';

/** "2024.01.02" / "2024-01-02" / "2024/01/02" plus an optional "00:15[:00]" -> epoch ms (UTC). */
const DATE_TIME =
  /^(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A time cell (unix seconds or ms, ISO or MetaTrader dates) -> epoch ms, or null. */
export function parseBarTime(cell: string): number | null {
  const text = cell.trim();
  if (/^\d{9,13}(\.\d+)?$/.test(text)) {
    const n = Number(text);
    // Unix seconds have 10 digits until 2286; milliseconds 13.
    return n < 1e11 ? n * 1000 : n;
  }
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = m;
  let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return Number.isFinite(ms) ? ms : null;
}

const isNumber = (cell: string | undefined) =>
  cell !== undefined && cell !== '' && Number.isFinite(Number(cell));

/**
 * Reads a chart data export, recognising the platform from the content: TradingView's "Export
 * chart data" (time,open,high,low,close[,Volume,...] with unix or ISO times), MetaTrader 5's
 * tab-separated history (<DATE> <TIME> <OPEN> ...), MetaTrader 4's headerless history
 * (date,time,open,high,low,close,volume) and any CSV with date/time and OHLC columns. Throws
 * EngineError INVALID_INPUT with a sentence saying what is wrong and what to upload.
 */
export function parseChartDataCsv(text: string): ChartData {
  if (text.includes('\u0000')) throw invalid(`This file is not a CSV. ${HOW}`);
  const body = text.replace(/^\uFEFF/, '');
  if (!body.trim()) throw invalid(`The file is empty. ${HOW}`);
  const delimiter = guessDelimiter(body);
  let records: string[][];
  try {
    records = parse(body, {
      delimiter,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      to: CHART_DATA_LIMITS.maxRows + 2,
    }) as string[][];
  } catch {
    throw invalid(`The file could not be read as CSV. ${HOW}`);
  }
  if (records.length > CHART_DATA_LIMITS.maxRows + 1) {
    throw invalid(
      `The file has more than ${CHART_DATA_LIMITS.maxRows.toLocaleString('en-US')} rows. Export only the bars on your chart.`,
      { maxRows: CHART_DATA_LIMITS.maxRows },
    );
  }
  const first = records[0] ?? [];
  const headerless =
    first.length >= 6 && parseBarTime(first[0] ?? '') !== null && first.slice(2, 6).every(isNumber);

  let format: ChartDataFormat;
  let columns: { time: (row: string[]) => string; open: number; high: number; low: number; close: number };
  let rows: string[][];
  let firstLine: number;
  if (headerless) {
    // MetaTrader 4 (History Center > Export): date,time,open,high,low,close,volume, no header.
    format = 'metatrader4';
    columns = { time: (r) => `${r[0] ?? ''} ${r[1] ?? ''}`.trim(), open: 2, high: 3, low: 4, close: 5 };
    rows = records;
    firstLine = 1;
  } else {
    const header = first.map(normalise);
    const at = (name: string) => header.indexOf(name);
    const missing = ['open', 'high', 'low', 'close'].filter((c) => at(c) < 0);
    if (missing.length > 0) {
      throw invalid(
        header.length < 2
          ? `This file is not a chart data export. ${HOW}`
          : `The file has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}. ${HOW}`,
        { missing },
      );
    }
    const date = at('date');
    const time = at('time');
    const single = [time, at('datetime'), at('timestamp'), date].find((i) => i >= 0) ?? -1;
    if (single < 0) throw invalid(`The file has no time or date column. ${HOW}`, { missing: ['time'] });
    format = first.some((h) => /^<.*>$/.test(h.trim()))
      ? 'metatrader5'
      : time >= 0 && date < 0 && header[0] === 'time'
        ? 'tradingview'
        : 'ohlc';
    const both = date >= 0 && time >= 0;
    columns = {
      time: both ? (r) => `${r[date] ?? ''} ${r[time] ?? ''}` : (r) => r[single] ?? '',
      open: at('open'),
      high: at('high'),
      low: at('low'),
      close: at('close'),
    };
    rows = records.slice(1);
    firstLine = 2;
  }
  if (rows.length < CHART_DATA_LIMITS.minRows) {
    throw invalid(
      `The file has ${rows.length} bar${rows.length === 1 ? '' : 's'}; at least ${CHART_DATA_LIMITS.minRows} are needed. Export more of the chart.`,
      { rows: rows.length },
    );
  }

  const bars: Bar[] = [];
  rows.forEach((row, i) => {
    const line = firstLine + i;
    const price = (name: 'open' | 'high' | 'low' | 'close') => {
      const cell = row[columns[name]];
      const v = Number(cell);
      if (!isNumber(cell) || v <= 0 || v > 10_000_000) {
        throw invalid(`Row ${line}: the ${name} price ${JSON.stringify(cell ?? '')} is not a price.`, {
          row: line,
          column: name,
        });
      }
      return v;
    };
    const time = parseBarTime(columns.time(row));
    if (time === null) {
      throw invalid(`Row ${line}: ${JSON.stringify(columns.time(row))} is not a date and time.`, {
        row: line,
        column: 'time',
      });
    }
    const bar: Bar = {
      open: price('open'),
      high: price('high'),
      low: price('low'),
      close: price('close'),
      time,
    };
    if (bar.high < Math.max(bar.open, bar.close, bar.low) || bar.low > Math.min(bar.open, bar.close)) {
      throw invalid(`Row ${line}: the high and low do not contain the open and close.`, { row: line });
    }
    bars.push(bar);
  });
  // Some exports list the newest bar first: the analysis reads oldest first.
  if ((bars[0]!.time as number) > (bars.at(-1)!.time as number)) bars.reverse();
  return { format, bars, intervalMinutes: commonInterval(bars) };
}

/** The most common gap between consecutive bars, in minutes (weekends and holidays are rarer). */
function commonInterval(bars: readonly Bar[]): number | null {
  const counts = new Map<number, number>();
  for (let i = 1; i < bars.length; i++) {
    const gap = Math.round(((bars[i]!.time as number) - (bars[i - 1]!.time as number)) / 60_000);
    if (gap > 0) counts.set(gap, (counts.get(gap) ?? 0) + 1);
  }
  let best: number | null = null;
  let bestCount = 0;
  for (const [gap, count] of counts) {
    if (count > bestCount) {
      best = gap;
      bestCount = count;
    }
  }
  return best;
}
