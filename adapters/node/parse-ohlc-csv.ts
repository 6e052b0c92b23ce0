import { parse } from 'csv-parse/sync';
import { EngineError } from '../../engine/core/errors';
import type { Bar } from '../../engine/core/ohlc';

/** Header name -> canonical column: case-insensitive, MetaTrader's <OPEN> brackets stripped. */
const normalise = (h: string) => h.trim().replace(/^<|>$/g, '').toLowerCase();

/**
 * Parses an OHLC CSV (first row = header) into bars, oldest first as in the file. Throws
 * EngineError INVALID_INPUT naming the row when a price is not a number.
 */
export function parseOhlcCsv(text: string): Bar[] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
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
