/**
 * Bars one column each. MetaTrader at its smallest zoom gives every bar one pixel column and no
 * gap: each bar is a 1 px high-low stroke (no ticks, no body) standing against the next, so the
 * whole series is one band of ink, every column a bar. No gap parts the bars, so neither the
 * shapes nor the candle lattice (whose spacing is 1.5 px or more) find them; the band is read
 * column by column instead, each column's first and last rows the bar's high and low.
 *
 * What tells such a band from a line chart, an area chart or touching candles 2-3 px wide:
 * - one run of ink per column (a band, not strokes crossing each other);
 * - most neighbouring columns shifted against each other (neither holds the other's rows): in
 *   a candle 2 px or wider the wick column holds the body's columns, so at most one pair in two
 *   is shifted; more than that, and no candle spans two columns;
 * - ranges that nest: a bar inside its neighbour's range, or reaching beyond it at both ends
 *   (inside and outside bars), by whole pixels at both ends. A line's column runs move together
 *   (the run of the next column is the same stroke moved up or down), so its runs do not nest;
 * - highs and lows at many rows: an area chart (a filled mountain) or a block stands on one row.
 */
import type { Component } from './shapes';
import { shapeColumns, sureCut } from './lattice';
import {
  COLUMN_BARS_MIN_COLUMNS,
  COLUMN_BARS_MIN_NESTED,
  COLUMN_BARS_MIN_SHIFTED,
  COLUMN_BARS_MIN_SOLID,
  COLUMN_BARS_NEST_PX,
  COLUMN_BARS_MAX_ONE_ROW,
} from './tuning';

/** The evidence columnBars judged on, for tests and the log. */
export interface ColumnBand {
  columns: number;
  /** Share of columns whose ink is one run. */
  solid: number;
  /** Share of neighbouring columns shifted against each other (lattice.ts sureCut). */
  shifted: number;
  /** Share of neighbouring columns whose ranges nest by COLUMN_BARS_NEST_PX or more at both ends. */
  nested: number;
  /** The largest share of columns whose top (bottom) is on one row, within a row. */
  oneRow: number;
}

/** Measures shape `id` (plot coordinates) as a band of columns; see the file's comment. */
export function columnBand(
  labels: Int32Array,
  ink: Uint8Array,
  pw: number,
  id: number,
  c: Component,
): ColumnBand {
  const cols = shapeColumns(labels, ink, pw, id, c.minX, c.maxX, c.minY, c.maxY);
  const n = cols.length;
  let solid = 0;
  cols.forEach((k, j) => {
    if (k.top < 0) return;
    let count = 0;
    for (let y = k.top, i = y * pw + c.minX + j; y <= k.bottom; y++, i += pw) if (labels[i] === id) count++;
    if (count === k.bottom - k.top + 1) solid++;
  });
  let shifted = 0;
  let nested = 0;
  for (let j = 1; j < n; j++) {
    const a = cols[j - 1]!;
    const b = cols[j]!;
    if (sureCut(a, b)) shifted++;
    if (a.top < 0 || b.top < 0) continue;
    const dt = b.top - a.top;
    const db = b.bottom - a.bottom;
    if (
      Math.abs(dt) >= COLUMN_BARS_NEST_PX &&
      Math.abs(db) >= COLUMN_BARS_NEST_PX &&
      Math.sign(dt) !== Math.sign(db)
    )
      nested++;
  }
  const oneRow = (rows: number[]) => {
    const hist = new Map<number, number>();
    for (const y of rows) hist.set(y, (hist.get(y) ?? 0) + 1);
    let best = 0;
    for (const [y, m] of hist) best = Math.max(best, m + (hist.get(y - 1) ?? 0) + (hist.get(y + 1) ?? 0));
    return best;
  };
  const drawn = cols.filter((k) => k.top >= 0);
  const pairs = Math.max(1, n - 1);
  return {
    columns: n,
    solid: solid / n,
    shifted: shifted / pairs,
    nested: nested / pairs,
    oneRow:
      Math.max(oneRow(drawn.map((k) => k.top)), oneRow(drawn.map((k) => k.bottom))) /
      Math.max(1, drawn.length),
  };
}

/** Whether a band's evidence says bars one column each (see the file's comment). */
export function isColumnBars(b: ColumnBand): boolean {
  return (
    b.columns >= COLUMN_BARS_MIN_COLUMNS &&
    b.solid >= COLUMN_BARS_MIN_SOLID &&
    b.shifted > COLUMN_BARS_MIN_SHIFTED &&
    b.nested >= COLUMN_BARS_MIN_NESTED &&
    b.oneRow <= COLUMN_BARS_MAX_ONE_ROW
  );
}
