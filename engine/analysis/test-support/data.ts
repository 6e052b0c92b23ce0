import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { parseOhlcCsv } from '../../../adapters/node/parse-ohlc-csv';
import type { Bar } from '../../core/ohlc';

const here = dirname(fileURLToPath(import.meta.url));
export const FIXTURES = join(here, '..', 'fixtures');
/** ../shared/reference/smc-eurusd from the repository root; absent in a user's clone. */
export const REFERENCE_DIR = join(here, '..', '..', '..', '..', 'shared', 'reference', 'smc-eurusd');
export const hasReference = existsSync(join(REFERENCE_DIR, 'EURUSD_15M.csv'));

export const readBars = (path: string): Bar[] => parseOhlcCsv(readFileSync(path, 'utf8'));

/** A reference result CSV as rows of numbers (NaN for empty cells), keyed by column name. */
export function readResultCsv(path: string): Record<string, number>[] {
  const rows = parse(readFileSync(path, 'utf8'), { columns: true, skip_empty_lines: false }) as Record<
    string,
    string
  >[];
  return rows.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === '' ? NaN : Number(v)])),
  );
}

/** Bars from a list of [open, high, low, close]. */
export const barsOf = (rows: readonly (readonly [number, number, number, number])[]): Bar[] =>
  rows.map(([open, high, low, close]) => ({ open, high, low, close }));

/**
 * Bars following a path of closes: each bar opens at the previous close; the wick beyond the
 * close is `wick` long and the one beyond the open half that, so at every turn of the path the
 * bar that closed at the extreme holds it alone (no tied highs or lows).
 */
export function barsFromCloses(closes: readonly number[], wick = 0.1, start = closes[0]!): Bar[] {
  let prev = start;
  return closes.map((close) => {
    const open = prev;
    prev = close;
    const up = close >= open;
    return {
      open,
      high: up ? close + wick : open + wick / 2,
      low: up ? open - wick / 2 : close - wick,
      close,
    };
  });
}

/** Concatenated legs starting at `start`: [[target, bars], ...]. */
export function path(start: number, legs: readonly (readonly [number, number])[]): number[] {
  const out: number[] = [start];
  let at = start;
  for (const [to, steps] of legs) {
    out.push(...leg(at, to, steps));
    at = to;
  }
  return out;
}

/** A straight walk from `from` to `to` in `steps` bars (excluding `from`). */
export const leg = (from: number, to: number, steps: number): number[] =>
  Array.from({ length: steps }, (_, k) => from + ((to - from) * (k + 1)) / steps);

/** The same market upside down (prices reflected around axis / 2): bullish becomes bearish. */
export const mirror = (bars: readonly Bar[], axis = 300): Bar[] =>
  bars.map((b) => ({ open: axis - b.open, high: axis - b.low, low: axis - b.high, close: axis - b.close }));
