/**
 * The candle lattice from the wicks. On a scaled-down capture of a dense chart (a 4 px spacing,
 * bodies drawn at fractional places and blended with their neighbours) touching bodies leave no
 * clean place to cut: every column end is blurred, a body's side column is a blend of its ink and
 * the background, the colour of the wicks. Their wicks still stand clear above and below the
 * bodies (thin strokes with background either side), and a wick is its candle's centre to a
 * fraction of a pixel: candles stand at one spacing over the whole plot, so the wicks give the
 * spacing and the phase, and touching bodies are cut halfway between two wick places.
 */
import type { AlphaAt } from './measure';
import { phaseOf } from './lattice';
import { nextNonZero, wordView } from '../pixels/byte-scan';
import { ScratchArray } from '../pixels/scratch';
import {
  MIN_SPACING_PX,
  SPACING_FINE_STEPS,
  SPACING_LAGS,
  SPACING_MIN_HIGH,
  SPACING_MIN_STEP,
  SPACING_PEAK_SHARE,
  SPACING_REFINE_HIGH,
  SPACING_REFINE_LOW,
  SPACING_STEP,
  WICK_LATTICE_MIN_COHERENCE,
  WICK_LATTICE_MIN_WICKS,
  WICK_MAX_PX,
  WICK_MIN_ALPHA,
  WICK_MIN_ROWS,
  WICK_SAME_PX,
  WICK_STROKE_DRIFT_PX,
} from './tuning';

/** Candles stand at `phase + k * spacing` (plot px, pixel centres at whole numbers). */
export interface WickLattice {
  spacing: number;
  phase: number;
  /** How well the wicks fall on it (1: all on one phase). */
  coherence: number;
}

/** Where a run continues a stroke: the column its centre rounds to, then the one left, then right. */
const STROKE_KEYS = [0, -1, 1] as const;

/**
 * The centres (plot px, to a fraction of a pixel) of the thin vertical strokes that stand clear
 * of other ink: in each row a run of ink at most WICK_MAX_PX wide with background either side,
 * its centre weighted by each pixel's ink share (a wick drawn between two columns is a blend of
 * both); runs in consecutive rows with centres close together are one stroke, taken when it is
 * WICK_MIN_ROWS or taller and leaving a body (ink wider than a wick next to one of its ends: a
 * dotted line's dashes or a thin indicator line leave none). Strokes within WICK_SAME_PX of
 * each other are one position.
 */
export function wickCentres(ink: Uint8Array, pw: number, alphaAt: AlphaAt): number[] {
  const ph = Math.floor(ink.length / pw);
  const out: number[] = [];
  // Open strokes by the column their centre rounds to.
  type Stroke = { sum: number; n: number; first: number; last: number };
  let open = new Map<number, Stroke>();
  let next = new Map<number, Stroke>();
  // Ink wider than a wick through column x of row y: a body the stroke leaves.
  const body = (x: number, y: number) => {
    if (y < 0 || y >= ph || !ink[y * pw + x]) return false;
    let a = x;
    let b = x;
    while (a > 0 && ink[y * pw + a - 1]) a--;
    while (b + 1 < pw && ink[y * pw + b + 1]) b++;
    return b - a + 1 > WICK_MAX_PX;
  };
  const close = (s: Stroke) => {
    const x = Math.round(s.sum / s.n);
    if (s.n >= WICK_MIN_ROWS && (body(x, s.first - 1) || body(x, s.last + 1))) out.push(s.sum / s.n);
  };
  // Most of the plot is no ink: passed over 4 bytes at a time.
  const words = wordView(ink);
  for (let y = 0; y < ph; y++) {
    const row = y * pw;
    const rowEnd = row + pw;
    for (let x = nextNonZero(ink, words, row, rowEnd) - row; x < pw;) {
      let end = x;
      while (end + 1 < pw && ink[row + end + 1]) end++;
      const w = end - x + 1;
      if (w <= WICK_MAX_PX && x > 0 && end + 1 < pw) {
        let sum = 0;
        let weight = 0;
        for (let k = x; k <= end; k++) {
          const a = Math.max(WICK_MIN_ALPHA, alphaAt(k, y));
          sum += k * a;
          weight += a;
        }
        const c = sum / weight;
        const key = Math.round(c);
        let s: Stroke | undefined;
        for (const d of STROKE_KEYS) {
          const k = key + d;
          const o = open.get(k);
          if (o && Math.abs(o.sum / o.n - c) <= WICK_STROKE_DRIFT_PX) {
            s = o;
            open.delete(k);
            break;
          }
        }
        s ??= { sum: 0, n: 0, first: y, last: y };
        s.sum += c;
        s.n++;
        s.last = y;
        next.set(Math.round(s.sum / s.n), s);
      }
      x = nextNonZero(ink, words, row + end + 1, rowEnd) - row;
    }
    for (const s of open.values()) close(s);
    [open, next] = [next, open];
    next.clear();
  }
  for (const s of open.values()) close(s);
  out.sort((a, b) => a - b);
  // One position per place: a candle's upper and lower wicks are one, and so are the dashes of a
  // dotted vertical line (MetaTrader's grid), which would otherwise outweigh the candles.
  const merged: number[] = [];
  let from = 0;
  for (let i = 1; i <= out.length; i++) {
    if (i < out.length && out[i]! - out[i - 1]! <= WICK_SAME_PX) continue;
    let sum = 0;
    for (let k = from; k < i; k++) sum += out[k]!;
    merged.push(sum / (i - from));
    from = i;
  }
  return merged;
}

/**
 * The spacing on whose one phase most wick centres fall, over the whole plot. First on the
 * distances between wicks up to a few spacings apart (a peak as wide as a spacing's rounding,
 * which a coarse search cannot miss; over the whole plot a peak is a few hundredths of a pixel
 * wide): the longest period that fits nearly best (a half or a third of the spacing fits as
 * well), searched up to twice the median distance between neighbouring wicks; then refined on
 * every wick's phase over the whole plot. Null when too few wicks or no period fits well: wicks
 * of candles standing on one lattice cohere far above chance.
 */
export function wickLattice(centres: readonly number[]): WickLattice | null {
  if (centres.length < WICK_LATTICE_MIN_WICKS) return null;
  const gaps: number[] = [];
  for (let i = 1; i < centres.length; i++) {
    const d = centres[i]! - centres[i - 1]!;
    if (d >= MIN_SPACING_PX) gaps.push(d);
  }
  if (gaps.length < WICK_LATTICE_MIN_WICKS / 2) return null;
  gaps.sort((a, b) => a - b);
  const hi = Math.max(SPACING_MIN_HIGH, 2 * gaps[gaps.length >> 1]!);
  const maxLag = hi * SPACING_LAGS;
  const lags: number[] = [];
  for (let i = 0; i < centres.length; i++)
    for (let j = i + 1; j < centres.length && centres[j]! - centres[i]! <= maxLag; j++)
      if (centres[j]! - centres[i]! >= MIN_SPACING_PX / 2) lags.push(centres[j]! - centres[i]!);
  if (lags.length === 0) return null;
  const score = (s: number) => {
    const k = (2 * Math.PI) / s;
    let sum = 0;
    for (const l of lags) sum += Math.cos(k * l);
    return sum / lags.length;
  };
  const found: { s: number; r: number }[] = [];
  for (let s = MIN_SPACING_PX; s <= hi; s *= SPACING_STEP) found.push({ s, r: score(s) });
  const top = Math.max(...found.map((f) => f.r));
  let best = -1;
  for (let i = 0; i < found.length; i++) {
    const f = found[i]!;
    const peak = (i === 0 || found[i - 1]!.r <= f.r) && (i + 1 === found.length || found[i + 1]!.r <= f.r);
    if (peak && f.r >= top * SPACING_PEAK_SHARE) best = i;
  }
  if (best < 0) return null;
  const span = centres[centres.length - 1]! - centres[0]!;
  const f = found[best]!;
  const step = Math.max(SPACING_MIN_STEP, (f.s * f.s) / (4 * Math.max(span, f.s)));
  let bs = f.s;
  let br = phaseOf(centres, f.s).coherence;
  for (let s = f.s * SPACING_REFINE_LOW; s <= f.s * SPACING_REFINE_HIGH; s += step) {
    const r = phaseOf(centres, s).coherence;
    if (r > br) [bs, br] = [s, r];
  }
  const c = bs;
  for (let s = c - step; s <= c + step; s += step / SPACING_FINE_STEPS) {
    const r = phaseOf(centres, s).coherence;
    if (r > br) [bs, br] = [s, r];
  }
  if (br < WICK_LATTICE_MIN_COHERENCE) return null;
  return { spacing: bs, phase: phaseOf(centres, bs).phase, coherence: br };
}

/** The wicks of one ink mask: their centres (wickCentres) and the lattice they give (wickLattice). */
export interface WickReading {
  centres: number[];
  lattice: WickLattice | null;
}

/**
 * The wicks of `ink`, remembered while the ink stays the same. touchingCandles runs twice on one
 * extraction (on all shapes before the lines crossing candles are cleared, then on the kept
 * shapes), and both scans of the whole plot give the same wicks unless a line was cleared in
 * between. The reading is a function of the ink's bytes alone (alphaAt reads the ink and the
 * extraction's fixed raster and palette), so it is reused when the ink equals, byte for byte, a
 * copy taken when it was made, and made again otherwise. The callers must not modify it.
 */
export function wickMemo(ink: Uint8Array, pw: number, alphaAt: AlphaAt): () => WickReading {
  const memo = {};
  let copy: Uint8Array | null = null;
  let reading: WickReading | null = null;
  return () => {
    // The copy is this memo's while no other memo has taken the pooled array since.
    if (reading && copy && inkCopyOwner === memo && sameBytes(copy, ink)) return reading;
    copy = inkCopies.take(ink.length);
    copy.set(ink);
    inkCopyOwner = memo;
    const centres = wickCentres(ink, pw, alphaAt);
    reading = { centres, lattice: wickLattice(centres) };
    return reading;
  };
}

/**
 * wickMemo's copy of the ink, kept from read to read (see ScratchArray): a fresh copy of the
 * plot's ink on every read cost page faults and collections. It holds the copy of the memo that
 * took it last (inkCopyOwner); another memo's is never compared.
 */
const inkCopies = new ScratchArray((n) => new Uint8Array(n));
let inkCopyOwner: object | null = null;

/** Whether two byte arrays hold the same bytes (4 at a time where both are aligned). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  const wa = wordView(a);
  const wb = wordView(b);
  let i = 0;
  if (wa && wb) {
    for (let k = 0; k < wa.length; k++) if (wa[k] !== wb[k]) return false;
    i = wa.length << 2;
  }
  for (; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The lattice place (candle index) column x belongs to: the nearest wick place. */
export const latticePlace = (l: WickLattice, x: number) => Math.round((x - l.phase) / l.spacing);

/**
 * Columns x0..x1 cut into the lattice's places: [from, to] ranges, each the columns nearest one
 * wick place (the cut halfway between two places). A shape's end column or two short of half a
 * spacing past the last cut is the blended side of the candle beside it, not a candle: it goes
 * with that candle's range.
 */
export function cutAtPlaces(l: WickLattice, x0: number, x1: number): [number, number][] {
  const out: [number, number][] = [];
  let from = x0;
  for (let x = x0 + 1; x <= x1 + 1; x++) {
    if (x <= x1 && latticePlace(l, x) === latticePlace(l, from)) continue;
    out.push([from, x - 1]);
    from = x;
  }
  const short = (r: [number, number]) => r[1] - r[0] + 1 < l.spacing / 2;
  if (out.length > 1 && short(out[0]!)) out.splice(0, 2, [out[0]![0], out[1]![1]]);
  if (out.length > 1 && short(out.at(-1)!)) out.splice(-2, 2, [out.at(-2)![0], out.at(-1)![1]]);
  return out;
}
