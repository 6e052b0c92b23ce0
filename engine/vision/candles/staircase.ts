import type { PixelCandle } from './types';
import type { Component } from './shapes';
import { isSized } from './shapes';
import type { AlphaAt } from './measure';
import { median } from '../pixels/stats';
import { latticeFit, latticeGroups, latticeSpacing, shapeColumns, sureCut, type Column } from './lattice';
import { cutAtPlaces, wickMemo, type WickReading } from './wicks';
import {
  CROWDED_GAP_SHARE,
  CROWD_MIN_SHAPES,
  CROWD_MIN_SPACING_PX,
  LATTICE_BOUNDS_SHARE,
  LATTICE_USED_SHARE,
  MIN_SPACING_PX,
  NARROW_MIN_BODY_PX,
  NARROW_WIDTH_SHARE,
  OFF_LATTICE_MIN_SPACING,
  OFF_LATTICE_MIN_TALL,
  OFF_LATTICE_SHARE,
  REGULAR_SPAN_SLACK,
  SOFT_ENDS_MAX_SHARE,
  SOFT_END_ALPHA,
  STAIRCASE_INK_SHARE,
  STAIRCASE_SPACINGS,
  TALL_CANDLE_ROWS,
  TICK_COLUMN_ROWS,
  WICK_PLACES_HELD_SHARE,
  WICK_RUN_SPREAD_MIN_SHAPES,
  WICK_RUN_WIDTH_SPREAD_SPACINGS,
} from './tuning';

export interface Staircase {
  /** Column ranges (plot px) of the candles the shape is cut into. */
  ranges: [number, number][];
  /** Share of the shape's columns no taller than an OHLC bar's tick. */
  thin: number;
  /** Share of the cuts that fall where the columns change (colour, shifted body). */
  bounds: number;
  /**
   * Share of those changes that are cuts. A line gluing candles shifts its rows every column or
   * two, off the lattice; same-colour neighbours cut on the lattice alone only lower `bounds`.
   */
  used: number;
  /** Cut on the wicks' lattice (a blurred capture whose bodies blend into each other). */
  byWicks?: boolean;
}

export const fitsLattice = (s: Staircase) => s.used >= LATTICE_USED_SHARE && s.bounds >= LATTICE_BOUNDS_SHARE;

/**
 * Touching candles (a dense chart: bodies 2-3 px wide with no gap between them) merge into
 * staircases many candles wide. The candle spacing is found from where shapes and sure column
 * changes (a colour change, a shifted body) start; a shape wider than one and a half spacings is
 * cut into candles on that lattice.
 */
export function touchingCandles(
  shapes: number[],
  comps: Component[],
  labels: Int32Array,
  ink: Uint8Array,
  pw: number,
  alphaAt: AlphaAt,
  /** The wicks of `ink` (wickMemo): one extraction shares them between its two calls. */
  wicks: () => WickReading = wickMemo(ink, pw, alphaAt),
): Map<number, Staircase> {
  const out = new Map<number, Staircase>();
  const starts: number[] = [];
  const columns = new Map<number, Column[]>();
  // Shapes of some size only: specks (JPEG noise, glyph dots, fragments of a line between two
  // candles) would put starts off the lattice.
  const sized = shapes.filter((i) => isSized(comps[i]!));
  for (const i of sized) {
    const c = comps[i]!;
    starts.push(c.minX);
    if (c.maxX - c.minX < 2) continue;
    columns.set(i, shapeColumns(labels, ink, pw, i, c.minX, c.maxX, c.minY, c.maxY));
  }
  // Not on a blurred capture (JPEG, scaled: most column ends only partly ink): the ends wander
  // by a row, which passes for a shifted body, and the bodies measured on such staircases are
  // off by 2-3 px in a way the continuity check does not always catch. There the wicks' lattice
  // cuts the staircases, if the wicks give one (on a sharp chart whose starts give no spacing,
  // thin strokes are as often an indicator's steps or hollow bodies' sides).
  let soft = 0;
  let ends = 0;
  for (const [i, cols] of columns) {
    const x0 = comps[i]!.minX;
    cols.forEach((k, j) => {
      ends += 2;
      if (alphaAt(x0 + j, k.top) < SOFT_END_ALPHA) soft++;
      if (alphaAt(x0 + j, k.bottom) < SOFT_END_ALPHA) soft++;
    });
  }
  if (soft > ends * SOFT_ENDS_MAX_SHARE) return wickStaircases(sized, comps, columns, wicks());
  for (const [i, cols] of columns)
    for (let p = 1; p < cols.length; p++)
      if (sureCut(cols[p - 1]!, cols[p]!)) starts.push(comps[i]!.minX + p);
  const spacing = latticeSpacing(starts);
  if (!(spacing >= MIN_SPACING_PX)) return out;
  // Only where candles touch: most of the ink stands in shapes wider than one candle. Elsewhere
  // a wide shape is candles a line glued together, cut at the typical width.
  let wide = 0;
  let all = 0;
  for (const i of sized) {
    const c = comps[i]!;
    const w = c.maxX - c.minX + 1;
    all += w;
    if (w > spacing * STAIRCASE_SPACINGS) wide += w;
  }
  if (wide < all * STAIRCASE_INK_SHARE) return out;
  for (const [i, cols] of columns) {
    if (cols.length <= spacing * STAIRCASE_SPACINGS) continue;
    const x0 = comps[i]!.minX;
    const groups = latticeGroups(cols, spacing);
    const fit = latticeFit(cols, groups);
    if (groups.length < 2) continue;
    out.set(i, {
      ranges: groups.map(([a, b]) => [x0 + a, x0 + b]),
      // Columns no taller than an OHLC bar's tick.
      thin: cols.filter((k) => k.bottom - k.top < TICK_COLUMN_ROWS).length / cols.length,
      bounds: fit.bounds,
      used: fit.used,
    });
  }
  return out;
}

/**
 * Touching candles of a blurred capture (a scaled-down screenshot: every column end soft, no
 * sure cut between bodies blended into each other) cut on the lattice of their wicks (see
 * wicks.ts), where the candles touch (most ink in shapes wider than one and a half spacings).
 * The cuts are the lattice's, not sure cuts: `bounds` and `used` are 1.
 */
function wickStaircases(
  sized: number[],
  comps: Component[],
  columns: Map<number, Column[]>,
  { centres, lattice }: WickReading,
): Map<number, Staircase> {
  const out = new Map<number, Staircase>();
  if (!lattice) return out;
  const { spacing } = lattice;
  let wide = 0;
  let all = 0;
  const wideWidths: number[] = [];
  for (const i of sized) {
    const c = comps[i]!;
    const w = c.maxX - c.minX + 1;
    all += w;
    if (w > spacing * STAIRCASE_SPACINGS) {
      wide += w;
      wideWidths.push(w);
    }
  }
  if (wide < all * STAIRCASE_INK_SHARE) return out;
  // Runs of touching candles are as wide as the candles they join, two, five, twenty: their
  // widths spread over many spacings. Wide shapes all of one width are single candles wider than
  // the strokes' lattice (hollow bodies, whose two sides and wick are three strokes a candle).
  wideWidths.sort((a, b) => a - b);
  const quartile = (q: number) => wideWidths[Math.floor(q * (wideWidths.length - 1))]!;
  const oneWidth = quartile(0.75) - quartile(0.25) < spacing * WICK_RUN_WIDTH_SPREAD_SPACINGS;
  if (wideWidths.length >= WICK_RUN_SPREAD_MIN_SHAPES && oneWidth) return out;
  for (const [i, cols] of columns) {
    if (cols.length <= spacing * STAIRCASE_SPACINGS) continue;
    const c = comps[i]!;
    const ranges = cutAtPlaces(lattice, c.minX, c.maxX);
    if (ranges.length < 2) continue;
    out.set(i, {
      ranges,
      thin: cols.filter((k) => k.bottom - k.top < TICK_COLUMN_ROWS).length / cols.length,
      bounds: 1,
      used: 1,
      byWicks: true,
    });
  }
  // Each candle has its wick: where most places cut hold none, the strokes stand closer than the
  // candles (a dense histogram or a hatching among them) and the lattice is not the candles'.
  let places = 0;
  let held = 0;
  for (const s of out.values())
    for (const [a, b] of s.ranges) {
      places++;
      if (centres.some((c) => c >= a - 0.5 && c <= b + 0.5)) held++;
    }
  if (held < WICK_PLACES_HELD_SHARE * places) return new Map();
  return out;
}

/**
 * Candles stand on a lattice of one spacing. A short fragment (a piece of an indicator line, a
 * glyph, a tick mark), or a shape much narrower than the bodies, that the tall candles either
 * side of it put between two lattice places is not a candle. The spacing comes from the tall
 * candles, which such fragments do not split.
 */
export function offLattice(candles: PixelCandle[]): PixelCandle[] {
  // A shape much narrower than the bodies is no anchor of the lattice however tall it is (a
  // legend's digit over the candles, an earnings marker's stroke): judged like a fragment.
  const widths = candles
    .filter((c) => c.lowY - c.highY >= TALL_CANDLE_ROWS)
    .map((c) => c.right - c.left + 1)
    .sort((a, b) => a - b);
  const body = widths.length ? widths[widths.length >> 1]! : 0;
  const narrow = (c: PixelCandle) =>
    body >= NARROW_MIN_BODY_PX && c.right - c.left + 1 < NARROW_WIDTH_SHARE * body;
  const isTall = (c: PixelCandle) => c.lowY - c.highY >= TALL_CANDLE_ROWS && !narrow(c);
  const tall = candles.filter(isTall);
  if (tall.length < OFF_LATTICE_MIN_TALL) return candles;
  const gaps: number[] = [];
  for (let i = 1; i < tall.length; i++) gaps.push(tall[i]!.x - tall[i - 1]!.x);
  const spacing = median(gaps);
  if (!(spacing >= OFF_LATTICE_MIN_SPACING)) return candles;
  const keep: PixelCandle[] = [];
  let prev: PixelCandle | undefined;
  let next = 0;
  for (const c of candles) {
    if (isTall(c)) {
      prev = c;
      keep.push(c);
      continue;
    }
    while (next < tall.length && tall[next]!.x <= c.x) next++;
    const after = tall[next];
    if (prev && after) {
      const span = (after.x - prev.x) / spacing;
      const at = (c.x - prev.x) / spacing;
      const regular = Math.round(span) >= 1 && Math.abs(span - Math.round(span)) <= REGULAR_SPAN_SLACK;
      if (regular && Math.abs(at - Math.round(at)) > OFF_LATTICE_SHARE) continue;
    }
    keep.push(c);
  }
  return offLatticeCrowds(keep, spacing);
}

/**
 * Tall shapes crowded between two lattice places: the vertical step of a stepped line (pivot
 * or session levels that jump at the day's boundary) split by JPEG blur into pieces a pixel
 * apart, each tall enough to pass for a candle and each opening where the last closed. Candles
 * never stand closer than a fraction of the spacing, so in a run of shapes that close, those the
 * regularly spaced candles either side of the run put off the lattice are left out.
 */
function offLatticeCrowds(candles: PixelCandle[], spacing: number): PixelCandle[] {
  if (spacing < CROWD_MIN_SPACING_PX) return candles;
  const crowded = (i: number) => candles[i + 1]!.x - candles[i]!.x < CROWDED_GAP_SHARE * spacing;
  const drop = new Set<number>();
  for (let i = 0; i + 1 < candles.length; i++) {
    if (!crowded(i)) continue;
    let end = i + 1;
    while (end + 1 < candles.length && crowded(end)) end++;
    const prev = candles[i - 1];
    const after = candles[end + 1];
    if (prev && after && end - i + 1 >= CROWD_MIN_SHAPES) {
      const span = (after.x - prev.x) / spacing;
      if (Math.round(span) >= 1 && Math.abs(span - Math.round(span)) <= REGULAR_SPAN_SLACK)
        for (let k = i; k <= end; k++) {
          const at = (candles[k]!.x - prev.x) / spacing;
          if (Math.abs(at - Math.round(at)) > OFF_LATTICE_SHARE) drop.add(k);
        }
    }
    i = end;
  }
  return drop.size ? candles.filter((_, k) => !drop.has(k)) : candles;
}
