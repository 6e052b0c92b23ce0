import { FEATURE_LENGTH, GEOM, GRID } from './features';
import { TEMPLATE_DATA, TEMPLATE_LABELS } from './glyph-templates';
import { decodeTemplates, type GlyphTemplates } from './template-codec';

/** Weights of the geometric features against the summed squared ink difference of 144 cells. */
const GEOM_WEIGHTS = [60, 120, 120, 120, 4, 20];
const CELLS = GRID * GRID;

let templates: GlyphTemplates | null = null;
function getTemplates(): GlyphTemplates {
  if (!templates) {
    // Digits and separators first: they are most of what charts show, and an early close match
    // tightens the pruning bound for everything after it.
    const t = decodeTemplates(TEMPLATE_LABELS, TEMPLATE_DATA);
    const rank = (l: string): number => (/[0-9]/.test(l) ? 0 : /[.,]/.test(l) ? 1 : /[A-Z]/.test(l) ? 2 : 3);
    const order = t.labels.map((_, i) => i).sort((a, b) => rank(t.labels[a]!) - rank(t.labels[b]!) || a - b);
    templates = { labels: order.map((i) => t.labels[i]!), vectors: order.map((i) => t.vectors[i]!) };
  }
  return templates;
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
const SHORTLIST = 40;
let coarse: Float32Array | null = null;

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

function getCoarse(): Float32Array {
  if (!coarse) {
    const { vectors } = getTemplates();
    coarse = new Float32Array(vectors.length * ROUGH);
    vectors.forEach((v, n) => roughOf(v, coarse!, n * ROUGH));
  }
  return coarse;
}

/** All prototypes in one flat array (n x FEATURE_LENGTH): one buffer walked in order. */
let flatTemplates: Float32Array | null = null;
function getFlat(): Float32Array {
  if (!flatTemplates) {
    const { vectors } = getTemplates();
    flatTemplates = new Float32Array(vectors.length * FEATURE_LENGTH);
    vectors.forEach((v, n) => flatTemplates!.set(v, n * FEATURE_LENGTH));
  }
  return flatTemplates;
}

const scratch = new Float32Array(COARSE_CELLS);
function roughOf(v: Float32Array, out: Float32Array, offset: number): void {
  for (let g = 0; g < GEOM; g++) out[offset + g] = v[CELLS + g]! * Math.sqrt(GEOM_WEIGHTS[g]!);
  coarseOf(v, scratch, 0);
  const s = GRID / COARSE;
  for (let i = 0; i < COARSE_CELLS; i++) out[offset + GEOM + i] = scratch[i]! * s;
}

// Scratch buffers reused by every call (classification runs a few hundred times per chart; fresh
// arrays per call were a good part of its cost and of the garbage collector's). Float32, as the
// distances were always stored: the shortlist compares the same rounded values.
const fr = new Float32Array(ROUGH);
let rough = new Float32Array(0);
const top = new Float32Array(SHORTLIST);

/**
 * Nearest prototype: a 4x4 + shape-feature distance shortlists the closest prototypes, which
 * are then compared cell by cell on the 12x12 grid (about 5x fewer operations than a full scan).
 */
export function classifyGlyph(f: Float32Array): GlyphGuess {
  const { labels, vectors } = getTemplates();
  const cs = getCoarse();
  roughOf(f, fr, 0);
  const n = vectors.length;
  if (rough.length !== n) rough = new Float32Array(n);
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
      // The coarse cells a row (4) at a time, stopping once past the bound: a sum of squares only
      // grows, so a prototype past it here is past it in full (same Float32 test as above).
      let far = false;
      for (let i = GEOM; i < ROUGH; i += COARSE) {
        for (let c = i; c < i + COARSE; c++) {
          const diff = fr[c]! - cs[o + c]!;
          d += diff * diff;
        }
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
  const cut = top[0]!;
  const flat = getFlat();
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
    // Weighted shape features, then the cells.
    let d = 0;
    for (let g = 0; g < GEOM; g++) {
      const diff = f[CELLS + g]! - flat[o + CELLS + g]!;
      d += GEOM_WEIGHTS[g]! * diff * diff;
    }
    for (let i = 0; i < CELLS && d < limit; i += GRID) {
      for (let c = i; c < i + GRID; c++) {
        const diff = f[c]! - flat[o + c]!;
        d += diff * diff;
      }
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
