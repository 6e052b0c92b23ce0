import type { Bar } from '../core/ohlc';
import { EngineError } from '../core/errors';

/** Columnar copy of the bars: typed arrays keep the hot loops free of property look-ups. */
export interface Series {
  readonly length: number;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
}

/**
 * Copies bars into typed arrays. High and low are widened to cover open and close: a chart
 * reader rounding a wick by a pixel must not make a bar whose body pokes out of its range.
 */
export function toSeries(bars: readonly Bar[]): Series {
  const n = bars.length;
  const open = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const close = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const b = bars[i]!;
    if (
      !Number.isFinite(b.open) ||
      !Number.isFinite(b.high) ||
      !Number.isFinite(b.low) ||
      !Number.isFinite(b.close)
    ) {
      throw new EngineError('INVALID_INPUT', `Bar ${i} has a missing or non-numeric price.`, { index: i });
    }
    open[i] = b.open;
    close[i] = b.close;
    high[i] = Math.max(b.high, b.open, b.close, b.low);
    low[i] = Math.min(b.low, b.open, b.close, b.high);
  }
  return { length: n, open, high, low, close };
}

/**
 * Sparse table answering "first bar at or after `from` whose value crosses x" in O(log n).
 * Zone status (order block mitigation, gap fills) needs one such query per zone; scanning
 * forward per zone would be quadratic on a year of 15-minute bars.
 */
export class RangeExtremes {
  private readonly levels: Float64Array[];
  private readonly n: number;

  constructor(
    values: Float64Array,
    private readonly mode: 'min' | 'max',
  ) {
    this.n = values.length;
    this.levels = [values];
    for (let span = 1; span * 2 <= this.n; span *= 2) {
      const prev = this.levels[this.levels.length - 1]!;
      const next = new Float64Array(this.n - span * 2 + 1);
      for (let i = 0; i < next.length; i++) {
        const a = prev[i]!;
        const b = prev[i + span]!;
        next[i] = mode === 'min' ? (a < b ? a : b) : a > b ? a : b;
      }
      this.levels.push(next);
    }
  }

  /**
   * First index j >= from with value[j] <= x (mode 'min') or value[j] >= x (mode 'max'),
   * or null. `strict` uses < / > instead.
   */
  firstCrossing(from: number, x: number, strict = false): number | null {
    let j = from;
    const hit =
      this.mode === 'min'
        ? strict
          ? (v: number) => v < x
          : (v: number) => v <= x
        : strict
          ? (v: number) => v > x
          : (v: number) => v >= x;
    // Skip whole blocks whose extreme does not reach x, largest first: the bars skipped form
    // a prefix with no hit, so the first remaining bar that hits is the answer.
    for (let k = this.levels.length - 1; k >= 0; k--) {
      const level = this.levels[k]!;
      const span = 1 << k;
      if (j + span <= this.n && j < level.length && !hit(level[j]!)) j += span;
    }
    return j < this.n && hit(this.levels[0]![j]!) ? j : null;
  }
}

/** Lazily built range tables over a series (each built at most once per analysis). */
export class SeriesQueries {
  private lowMin?: RangeExtremes;
  private highMax?: RangeExtremes;
  private closeMin?: RangeExtremes;
  private closeMax?: RangeExtremes;
  constructor(private readonly s: Series) {}
  /** First bar >= from whose low is <= x (strictly below with strict). */
  lowReaches(from: number, x: number, strict = false) {
    return (this.lowMin ??= new RangeExtremes(this.s.low, 'min')).firstCrossing(from, x, strict);
  }
  /** First bar >= from whose high is >= x (strictly above with strict). */
  highReaches(from: number, x: number, strict = false) {
    return (this.highMax ??= new RangeExtremes(this.s.high, 'max')).firstCrossing(from, x, strict);
  }
  /** First bar >= from closing strictly below x. */
  closeBelow(from: number, x: number) {
    return (this.closeMin ??= new RangeExtremes(this.s.close, 'min')).firstCrossing(from, x, true);
  }
  /** First bar >= from closing strictly above x. */
  closeAbove(from: number, x: number) {
    return (this.closeMax ??= new RangeExtremes(this.s.close, 'max')).firstCrossing(from, x, true);
  }
}
