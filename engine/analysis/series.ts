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

/** Fan-out of the block hierarchy below: 32 values per block, 32 blocks per super-block... */
const B = 32;

/**
 * Answers "first bar at or after `from` whose value crosses x" for zone status (order block
 * mitigation, gap fills), which needs one such query per zone: scanning forward per zone would
 * be quadratic on a year of 15-minute bars. Values are summarised in levels of blocks of 32
 * (min or max per block), so a query scans at most 32 entries per level up and down: O(n)
 * memory and build time (a sparse table would cost n log n of both), near-constant queries.
 */
export class RangeExtremes {
  private readonly levels: Float64Array[];

  constructor(
    values: Float64Array,
    private readonly mode: 'min' | 'max',
  ) {
    this.levels = [values];
    let prev = values;
    while (prev.length > B) {
      const next = new Float64Array(Math.ceil(prev.length / B));
      for (let m = 0; m < next.length; m++) {
        const end = Math.min(prev.length, (m + 1) * B);
        let e = prev[m * B]!;
        for (let k = m * B + 1; k < end; k++) {
          const v = prev[k]!;
          if (mode === 'min' ? v < e : v > e) e = v;
        }
        next[m] = e;
      }
      this.levels.push(next);
      prev = next;
    }
  }

  /**
   * First index j >= from with value[j] <= x (mode 'min') or value[j] >= x (mode 'max'),
   * or null. `strict` uses < / > instead.
   */
  firstCrossing(from: number, x: number, strict = false): number | null {
    const min = this.mode === 'min';
    const hit = (v: number) => (min ? (strict ? v < x : v <= x) : strict ? v > x : v >= x);
    let pos = from;
    for (let k = 0; k < this.levels.length; k++) {
      const level = this.levels[k]!;
      if (pos >= level.length) return null;
      // Scan to the end of the enclosing block at this level; if nothing hits, go up a level.
      const end =
        k === this.levels.length - 1 ? level.length : Math.min(level.length, (Math.floor(pos / B) + 1) * B);
      for (let p = pos; p < end; p++) {
        if (!hit(level[p]!)) continue;
        // Found a block containing a hit: descend to its first hitting value.
        let q = p;
        for (let d = k - 1; d >= 0; d--) {
          const below = this.levels[d]!;
          let c = q * B;
          while (!hit(below[c]!)) c++;
          q = c;
        }
        return q;
      }
      if (end >= level.length) return null;
      pos = end / B;
    }
    return null;
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
