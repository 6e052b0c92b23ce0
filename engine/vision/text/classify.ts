import { FEATURE_LENGTH, GEOM, GRID } from './features';
import { TEMPLATE_DATA as AXIS_DATA, TEMPLATE_LABELS as AXIS_LABELS } from './axis-glyph-templates.generated';
import { TEMPLATE_DATA, TEMPLATE_LABELS } from './glyph-templates.generated';
import { decodeTemplates, type GlyphTemplates } from './template-codec';
import { GEOM_WEIGHTS, SHORTLIST } from './tuning';

const CELLS = GRID * GRID;

/**
 * Which prototypes a glyph is compared with: every character's ('text', for titles, legends and
 * buttons), or those and the digits and separators of fonts seen on price axes only ('axis':
 * bench/glyphs/render.ts AXIS_FONTS, Roboto, whose "1" the others read as "3"). The axis fonts'
 * digits are kept out of titles: a toolbar's "l" or "I" read as their "1" made "W1" of it.
 */
export type GlyphSet = 'text' | 'axis';

/** A set's prototypes and the tables the scans use, made once per set. */
interface PreparedSet {
  templates: GlyphTemplates;
  coarse: Float64Array | null;
  flat: Float64Array | null;
  lists: Map<string, { prototypes: Int32Array; labelOf: Int32Array }>;
}
const prepared = new Map<GlyphSet, PreparedSet>();

function setOf(glyphs: GlyphSet): PreparedSet {
  let set = prepared.get(glyphs);
  if (!set) {
    const main = decodeTemplates(TEMPLATE_LABELS, TEMPLATE_DATA);
    const axis = glyphs === 'axis' ? decodeTemplates(AXIS_LABELS, AXIS_DATA) : { labels: [], vectors: [] };
    const t = { labels: [...main.labels, ...axis.labels], vectors: [...main.vectors, ...axis.vectors] };
    // Digits and separators first: they are most of what charts show, and an early close match
    // tightens the pruning bound for everything after it.
    const rank = (l: string): number => (/[0-9]/.test(l) ? 0 : /[.,]/.test(l) ? 1 : /[A-Z]/.test(l) ? 2 : 3);
    const order = t.labels.map((_, i) => i).sort((a, b) => rank(t.labels[a]!) - rank(t.labels[b]!) || a - b);
    const templates = { labels: order.map((i) => t.labels[i]!), vectors: order.map((i) => t.vectors[i]!) };
    set = { templates, coarse: null, flat: null, lists: new Map() };
    prepared.set(glyphs, set);
  }
  return set;
}

function getTemplates(glyphs: GlyphSet): GlyphTemplates {
  return setOf(glyphs).templates;
}

export interface GlyphGuess {
  label: string;
  distance: number;
  /** Best distance per label (only labels that were evaluated fully; others are worse). */
  perLabel: Map<string, number>;
}

/** Side of the coarse grid used to shortlist prototypes (each cell averages 3x3 fine cells). */
const COARSE = 4;
const COARSE_CELLS = COARSE * COARSE;

function coarseOf(v: Float32Array, out: Float32Array, offset: number): void {
  const k = GRID / COARSE;
  for (let cy = 0; cy < COARSE; cy++)
    for (let cx = 0; cx < COARSE; cx++) {
      let sum = 0;
      for (let y = cy * k; y < cy * k + k; y++)
        for (let x = cx * k; x < cx * k + k; x++) sum += v[y * GRID + x]!;
      out[offset + cy * COARSE + cx] = sum / (k * k);
    }
}

/** Per prototype, in one flat array: GEOM shape features (pre-scaled by sqrt weight) then the coarse grid (pre-scaled). */
const ROUGH = GEOM + COARSE_CELLS;

/**
 * Kept as doubles: each value is the Float32 it always was (rounded once, as stored before), so
 * every difference and sum comes out the same, without a conversion per read in the scans.
 */
function getCoarse(glyphs: GlyphSet): Float64Array {
  const set = setOf(glyphs);
  if (!set.coarse) {
    const { vectors } = set.templates;
    const stored = new Float32Array(vectors.length * ROUGH);
    vectors.forEach((v, n) => roughOf(v, stored, n * ROUGH));
    set.coarse = Float64Array.from(stored);
  }
  return set.coarse;
}

/** All prototypes in one flat array (n x FEATURE_LENGTH, their Float32 values as doubles). */
function getFlat(glyphs: GlyphSet): Float64Array {
  const set = setOf(glyphs);
  if (!set.flat) {
    const { vectors } = set.templates;
    const flat = new Float64Array(vectors.length * FEATURE_LENGTH);
    vectors.forEach((v, n) => flat.set(v, n * FEATURE_LENGTH));
    set.flat = flat;
  }
  return set.flat;
}

const scratch = new Float32Array(COARSE_CELLS);
function roughOf(v: Float32Array, out: Float32Array, offset: number): void {
  for (let g = 0; g < GEOM; g++) out[offset + g] = v[CELLS + g]! * Math.sqrt(GEOM_WEIGHTS[g]!);
  coarseOf(v, scratch, 0);
  const s = GRID / COARSE;
  for (let i = 0; i < COARSE_CELLS; i++) out[offset + GEOM + i] = scratch[i]! * s;
}

// Scratch buffers reused by every call (classification runs a few hundred times per chart; fresh
// arrays per call were a good part of its cost and of the garbage collector's). The rough
// features are rounded to Float32 as they always were, then held as doubles like the tables.
const fr32 = new Float32Array(ROUGH);
const fr = new Float64Array(ROUGH);
const f64 = new Float64Array(FEATURE_LENGTH);
let rough = new Float32Array(0);
const top = new Float32Array(SHORTLIST);

/**
 * Nearest prototype: a 4x4 + shape-feature distance shortlists the closest prototypes, which
 * are then compared cell by cell on the 12x12 grid (about 5x fewer operations than a full scan).
 */
export function classifyGlyph(f: Float32Array, glyphs: GlyphSet = 'text'): GlyphGuess {
  return nearestOnShortlist(f, shortlistByRoughDistance(f, glyphs), glyphs);
}

/*
 * The two steps below are classifyGlyph's body cut in two, unchanged: the sums are written out
 * by hand in a fixed order (speed), and each step keeps its order, so the distances, and with
 * them every reading, are the same to the last bit.
 */

/**
 * Step 1: the rough distance of every prototype into `rough` (Infinity once past the bound) and
 * the shortlist's cut, the largest of the SHORTLIST smallest rough distances.
 */
function shortlistByRoughDistance(f: Float32Array, glyphs: GlyphSet): number {
  const { vectors } = getTemplates(glyphs);
  const cs = getCoarse(glyphs);
  roughOf(f, fr32, 0);
  fr.set(fr32);
  const n = vectors.length;
  // Grown, never shrunk: the text and axis glyph sets alternate within one read, and only the
  // first n entries are read.
  if (rough.length < n) rough = new Float32Array(n);
  // The SHORTLIST smallest rough distances so far, as a max-heap: a prototype already worse than
  // the largest of them (often after its width and height alone) is skipped.
  const last = Math.min(n, SHORTLIST) - 1;
  top.fill(Infinity);
  // The shape features of the glyph, held in locals across the scan.
  const g0 = fr[0]!;
  const g1 = fr[1]!;
  const g2 = fr[2]!;
  const g3 = fr[3]!;
  const g4 = fr[4]!;
  const g5 = fr[5]!;
  let bound = top[0]!;
  for (let k = 0, o = 0; k < n; k++, o += ROUGH) {
    // Width and height first: most prototypes already exceed the bound on them. A prototype
    // is dropped early only when beyond the bound even as stored (Float32), so that the full
    // sum would be too: the shortlist and the cut come out exactly as with the full sum.
    const e0 = g0 - cs[o]!;
    const e1 = g1 - cs[o + 1]!;
    let d = e0 * e0 + e1 * e1;
    if (Math.fround(d) > bound) {
      rough[k] = Infinity;
      continue;
    }
    const e2 = g2 - cs[o + 2]!;
    const e3 = g3 - cs[o + 3]!;
    const e4 = g4 - cs[o + 4]!;
    const e5 = g5 - cs[o + 5]!;
    d += e2 * e2;
    d += e3 * e3;
    d += e4 * e4;
    d += e5 * e5;
    if (d < bound) {
      // The coarse cells a row (4, written out) at a time, stopping once past the bound: a sum
      // of squares only grows, so a prototype past it here is past it in full (same Float32
      // test as above).
      let far = false;
      for (let c = GEOM, p = o + GEOM; c < ROUGH; c += COARSE, p += COARSE) {
        const c0 = fr[c]! - cs[p]!;
        const c1 = fr[c + 1]! - cs[p + 1]!;
        const c2 = fr[c + 2]! - cs[p + 2]!;
        const c3 = fr[c + 3]! - cs[p + 3]!;
        d += c0 * c0;
        d += c1 * c1;
        d += c2 * c2;
        d += c3 * c3;
        if (Math.fround(d) > bound) {
          far = true;
          break;
        }
      }
      if (far) {
        rough[k] = Infinity;
        continue;
      }
    }
    rough[k] = d;
    if (d >= bound) continue;
    // Replace the largest of the SHORTLIST kept (the root of a max-heap) and sift down: the
    // same multiset of values as an insertion into a sorted list, in log time.
    let j = 0;
    for (;;) {
      const a = 2 * j + 1;
      if (a > last) break;
      const b = a + 1;
      const m = b <= last && top[b]! > top[a]! ? b : a;
      if (top[m]! <= d) break;
      top[j] = top[m]!;
      j = m;
    }
    top[j] = d;
    bound = top[0]!;
  }
  return top[0]!;
}

/**
 * Step 2: the prototypes whose rough distance is within `cut`, compared in full (weighted shape
 * features, then the 12x12 cells): the nearest label and each label's best distance.
 */
function nearestOnShortlist(f: Float32Array, cut: number, glyphs: GlyphSet): GlyphGuess {
  const { labels } = getTemplates(glyphs);
  const n = labels.length;
  const flat = getFlat(glyphs);
  f64.set(f);
  const perLabel = new Map<string, number>();
  let best = Infinity;
  let bestLabel = '?';
  for (let k = 0, o = 0; k < n; k++, o += FEATURE_LENGTH) {
    if (rough[k]! > cut) continue;
    const label = labels[k]!;
    const prev = perLabel.get(label);
    // A prototype no closer than its label's best so far changes nothing (that best is also no
    // closer than the overall best): the sum stops a grid row at a time once it reaches it.
    const limit = prev === undefined ? Infinity : prev;
    // Weighted shape features, then the cells (a row of 12, written out, in the same order).
    let d = 0;
    for (let g = 0; g < GEOM; g++) {
      const diff = f64[CELLS + g]! - flat[o + CELLS + g]!;
      d += GEOM_WEIGHTS[g]! * diff * diff;
    }
    for (let i = 0, p = o; i < CELLS && d < limit; i += GRID, p += GRID) {
      const c0 = f64[i]! - flat[p]!;
      const c1 = f64[i + 1]! - flat[p + 1]!;
      const c2 = f64[i + 2]! - flat[p + 2]!;
      const c3 = f64[i + 3]! - flat[p + 3]!;
      const c4 = f64[i + 4]! - flat[p + 4]!;
      const c5 = f64[i + 5]! - flat[p + 5]!;
      const c6 = f64[i + 6]! - flat[p + 6]!;
      const c7 = f64[i + 7]! - flat[p + 7]!;
      const c8 = f64[i + 8]! - flat[p + 8]!;
      const c9 = f64[i + 9]! - flat[p + 9]!;
      const c10 = f64[i + 10]! - flat[p + 10]!;
      const c11 = f64[i + 11]! - flat[p + 11]!;
      d += c0 * c0;
      d += c1 * c1;
      d += c2 * c2;
      d += c3 * c3;
      d += c4 * c4;
      d += c5 * c5;
      d += c6 * c6;
      d += c7 * c7;
      d += c8 * c8;
      d += c9 * c9;
      d += c10 * c10;
      d += c11 * c11;
    }
    if (d >= limit) continue;
    perLabel.set(label, d);
    if (d < best) {
      best = d;
      bestLabel = label;
    }
  }
  return { label: bestLabel, distance: best, perLabel };
}

export const FEATURES = FEATURE_LENGTH;

/**
 * The full distance (the same measure as classifyGlyph) from a feature vector to the nearest
 * prototype of each of `wanted`, Infinity for a label without prototypes. No shortlist: this is
 * for the few glyph clusters of one axis (axis-solve.ts), which need every digit's distance,
 * however far.
 */
export function distancesToLabels(
  f: Float32Array,
  wanted: readonly string[],
  glyphs: GlyphSet = 'text',
): Float64Array {
  const flat = getFlat(glyphs);
  const { prototypes, labelOf } = prototypesFor(wanted, glyphs);
  const out = new Float64Array(wanted.length).fill(Infinity);
  for (let n = 0; n < prototypes.length; n++) {
    const o = prototypes[n]! * FEATURE_LENGTH;
    const i = labelOf[n]!;
    let d = 0;
    for (let g = 0; g < GEOM; g++) {
      const diff = f[CELLS + g]! - flat[o + CELLS + g]!;
      d += GEOM_WEIGHTS[g]! * diff * diff;
    }
    for (let c = 0; c < CELLS && d < out[i]!; c++) {
      const diff = f[c]! - flat[o + c]!;
      d += diff * diff;
    }
    if (d < out[i]!) out[i] = d;
  }
  return out;
}

/** The prototypes of the labels in `wanted` (indices) and each one's place in `wanted`, by list. */
function prototypesFor(
  wanted: readonly string[],
  glyphs: GlyphSet,
): { prototypes: Int32Array; labelOf: Int32Array } {
  const key = wanted.join('\u0000');
  const { lists, templates } = setOf(glyphs);
  let list = lists.get(key);
  if (!list) {
    const { labels } = templates;
    const index = new Map(wanted.map((l, i) => [l, i]));
    const prototypes: number[] = [];
    const labelOf: number[] = [];
    labels.forEach((l, k) => {
      const i = index.get(l);
      if (i === undefined) return;
      prototypes.push(k);
      labelOf.push(i);
    });
    list = { prototypes: Int32Array.from(prototypes), labelOf: Int32Array.from(labelOf) };
    lists.set(key, list);
  }
  return list;
}

/** The classifier's distance between two glyphs' feature vectors (shape weights included). */
export function featureDistance(a: Float32Array, b: Float32Array): number {
  let d = 0;
  for (let g = 0; g < GEOM; g++) {
    const diff = a[CELLS + g]! - b[CELLS + g]!;
    d += GEOM_WEIGHTS[g]! * diff * diff;
  }
  for (let c = 0; c < CELLS; c++) {
    const diff = a[c]! - b[c]!;
    d += diff * diff;
  }
  return d;
}

/** The prototypes of one label (feature vectors), e.g. to draw test glyphs between two characters. */
export function prototypesOf(label: string, glyphs: GlyphSet = 'text'): Float32Array[] {
  const { labels, vectors } = getTemplates(glyphs);
  return vectors.filter((_, k) => labels[k] === label);
}
