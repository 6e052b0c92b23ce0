/**
 * Touching candles. On a dense chart (2-3 px per candle) the bodies of neighbouring candles
 * touch, so one 4-connected shape holds a whole staircase of candles. They are cut apart on the
 * candle lattice: the spacing comes from where shapes and column changes start, and within a
 * shape the cuts go where the columns say one candle ends and the next begins.
 */

import {
  GROUP_DEVIATION_COST,
  GROUP_INSIDE_COST,
  GROUP_MAX_SPACINGS,
  GROUP_WEAK_CUT_GAIN,
  MIN_SPACING_PX,
  SPACING_FINE_STEPS,
  SPACING_LAGS,
  SPACING_MIN_HIGH,
  SPACING_MIN_SCORE,
  SPACING_MIN_STARTS,
  SPACING_MIN_STEP,
  SPACING_PEAK_SHARE,
  SPACING_REFINE_HIGH,
  SPACING_REFINE_LOW,
  SPACING_STEP,
} from './tuning';

/** One column of a shape: its ink's first and last rows, its majority class, the classes in it. */
export interface Column {
  top: number;
  bottom: number;
  cls: number;
  /** Bit k set when class k is in the column. */
  mask: number;
}

/**
 * Pixels per ink class in one column of shapeColumns, all zero between columns (each column
 * clears the classes it met): one array for every call, as it runs for every shape.
 */
const classCount = new Int32Array(256);

/** Columns x0..x1 of shape `id` (plot coordinates; `labels`/`ink` are the plot's). */
export function shapeColumns(
  labels: Int32Array,
  ink: Uint8Array,
  pw: number,
  id: number,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
): Column[] {
  const out: Column[] = [];
  const count = classCount;
  // The classes in the column in the order first met (the first of equally common classes is
  // the column's).
  const met: number[] = [];
  for (let x = x0; x <= x1; x++) {
    let top = -1;
    let bottom = -1;
    met.length = 0;
    for (let y = y0, i = y0 * pw + x; y <= y1; y++, i += pw) {
      if (labels[i] !== id) continue;
      if (top < 0) top = y;
      bottom = y;
      const k = ink[i]!;
      if (count[k]!++ === 0) met.push(k);
    }
    let cls = 0;
    let best = 0;
    let mask = 0;
    for (const k of met) {
      const n = count[k]!;
      count[k] = 0;
      mask |= 1 << (k & 31);
      if (n > best) [cls, best] = [k, n];
    }
    out.push({ top, bottom, cls, mask });
  }
  return out;
}

/**
 * Whether one candle ends between columns a and b (side by side). Two ink classes meet (neither
 * column holding the other's colour), or the
 * columns' extents are shifted against each other (neither holds the other): consecutive
 * candles of one colour are stacked, the next body starting at the row where the previous one
 * ended. Within one candle the wick column holds the body's columns, which hold each other.
 */
export function sureCut(a: Column, b: Column): boolean {
  if (a.top < 0 || b.top < 0) return true;
  // An outlined body's side column (outline only) and inner column (fill between two outline
  // rows) are one candle: the inner column holds the outline's class.
  if (a.cls !== b.cls && !(a.mask & (1 << (b.cls & 31))) && !(b.mask & (1 << (a.cls & 31)))) return true;
  return (a.top < b.top && a.bottom < b.bottom) || (a.top > b.top && a.bottom > b.bottom);
}

/**
 * How well positions `p` fall on one phase of period `s` (coherence 1: all on one phase, ~0:
 * none), and that phase (0 <= phase < s).
 */
export function phaseOf(p: readonly number[], s: number): { coherence: number; phase: number } {
  let re = 0;
  let im = 0;
  const k = (2 * Math.PI) / s;
  for (const v of p) {
    re += Math.cos(k * v);
    im += Math.sin(k * v);
  }
  const phase = (((Math.atan2(im, re) / k) % s) + s) % s;
  return { coherence: Math.hypot(re, im) / p.length, phase };
}

function coherence(p: number[], s: number): number {
  return phaseOf(p, s).coherence;
}

/**
 * The candle spacing from where candles start (shape starts and sure cuts inside shapes). On a
 * dense chart it is a fraction (2.7 px: starts 2 and 3 px apart) and many starts are missing
 * (a run of one colour has no sure cut), so it is the period on whose one phase most starts
 * fall over the whole plot (the rounding of each start to a pixel blurs shorter periods, which
 * fit whole multiples equally well otherwise: the longest period that fits nearly best wins).
 * The search runs up to twice the median distance between starts. NaN when too few starts or
 * no period fits.
 */
export function latticeSpacing(starts: number[]): number {
  const s = [...new Set(starts)].sort((a, b) => a - b);
  const d: number[] = [];
  for (let i = 1; i < s.length; i++) d.push(s[i]! - s[i - 1]!);
  if (d.length < SPACING_MIN_STARTS) return NaN;
  const span = s[s.length - 1]! - s[0]!;
  const lo = MIN_SPACING_PX;
  const hi = Math.max(SPACING_MIN_HIGH, 2 * [...d].sort((a, b) => a - b)[d.length >> 1]!);
  // First on the distances between starts up to a few periods apart (cheap: a short histogram
  // of whole pixels), then over the whole plot near the period found.
  const maxLag = Math.min(span, Math.ceil(hi * SPACING_LAGS));
  const lags = new Float64Array(maxLag + 1);
  let pairs = 0;
  for (let i = 0; i < s.length; i++) {
    for (let j = i + 1; j < s.length && s[j]! - s[i]! <= maxLag; j++) {
      lags[s[j]! - s[i]!]!++;
      pairs++;
    }
  }
  if (!pairs) return NaN;
  const score = (p: number) => {
    let sum = 0;
    const k = (2 * Math.PI) / p;
    for (let l = 1; l <= maxLag; l++) if (lags[l]) sum += lags[l]! * Math.cos(k * l);
    return sum / pairs;
  };
  const found: { s: number; r: number }[] = [];
  for (let p = lo; p <= hi; p *= SPACING_STEP) found.push({ s: p, r: score(p) });
  const top = Math.max(...found.map((f) => f.r));
  if (!(top >= SPACING_MIN_SCORE)) return NaN;
  let best = -1;
  for (let i = 0; i < found.length; i++) {
    const f = found[i]!;
    const peak = (i === 0 || found[i - 1]!.r <= f.r) && (i + 1 === found.length || found[i + 1]!.r <= f.r);
    if (peak && f.r >= top * SPACING_PEAK_SHARE) best = i;
  }
  const f = found[best]!;
  const step = Math.max(SPACING_MIN_STEP, (f.s * f.s) / (4 * span));
  let bs = f.s;
  let br = coherence(s, f.s);
  for (let p = f.s * SPACING_REFINE_LOW; p <= f.s * SPACING_REFINE_HIGH; p += step) {
    const r = coherence(s, p);
    if (r > br) [bs, br] = [p, r];
  }
  // Then to a tenth of a step around the best.
  const c = bs;
  for (let p = c - step; p <= c + step; p += step / SPACING_FINE_STEPS) {
    const r = coherence(s, p);
    if (r > br) [bs, br] = [p, r];
  }
  return bs;
}

/**
 * Cuts a shape's columns into candles `spacing` apart (a dynamic programme over cut places):
 * a cut where a candle surely ends is rewarded, a group holding such a place inside it is
 * penalised, and each group's width is kept near the spacing. Returns [from, to] column
 * ranges relative to the first column.
 */
export function latticeGroups(cols: Column[], spacing: number): [number, number][] {
  const w = cols.length;
  const sure = new Uint8Array(w + 1);
  const weak = new Uint8Array(w + 1);
  for (let p = 1; p < w; p++) {
    const a = cols[p - 1]!;
    const b = cols[p]!;
    if (sureCut(a, b)) sure[p] = 1;
    else if (a.top !== b.top || a.bottom !== b.bottom) weak[p] = 1;
  }
  // Sure cuts before each place, to count those inside a group in O(1).
  const sureBefore = new Int32Array(w + 2);
  for (let p = 0; p <= w; p++) sureBefore[p + 1] = sureBefore[p]! + sure[p]!;
  const gmax = Math.max(2, Math.ceil(spacing * GROUP_MAX_SPACINGS));
  const cost = new Float64Array(w + 1).fill(Infinity);
  const from = new Int32Array(w + 1).fill(-1);
  cost[0] = 0;
  for (let p = 1; p <= w; p++) {
    for (let g = 1; g <= gmax && g <= p; g++) {
      const a = p - g;
      if (cost[a] === Infinity) continue;
      const inside = sureBefore[p]! - sureBefore[a + 1]!;
      const dev = (g - spacing) / spacing;
      let c = cost[a]! + GROUP_DEVIATION_COST * dev * dev + GROUP_INSIDE_COST * inside;
      if (p < w) c -= sure[p] ? 1 : weak[p] ? GROUP_WEAK_CUT_GAIN : 0;
      if (c < cost[p]!) {
        cost[p] = c;
        from[p] = a;
      }
    }
  }
  const out: [number, number][] = [];
  for (let p = w; p > 0; p = from[p]!) out.push([from[p]!, p - 1]);
  return out.reverse();
}

/**
 * How well a shape's columns read as touching candles on the lattice: the share of the group
 * boundaries that are sure cuts and the share of the sure cuts that are group boundaries. A
 * staircase of candles scores near 1 on both; a line (its rows shift every column or two, or
 * not at all) does not.
 */
export function latticeFit(cols: Column[], groups: [number, number][]): { bounds: number; used: number } {
  let sure = 0;
  for (let p = 1; p < cols.length; p++) if (sureCut(cols[p - 1]!, cols[p]!)) sure++;
  let hit = 0;
  for (let g = 1; g < groups.length; g++) {
    const p = groups[g]![0];
    if (sureCut(cols[p - 1]!, cols[p]!)) hit++;
  }
  const b = groups.length - 1;
  return { bounds: b ? hit / b : 0, used: sure ? hit / sure : 0 };
}
