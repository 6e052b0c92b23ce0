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

const scratch = new Float32Array(COARSE_CELLS);
function roughOf(v: Float32Array, out: Float32Array, offset: number): void {
  for (let g = 0; g < GEOM; g++) out[offset + g] = v[CELLS + g]! * Math.sqrt(GEOM_WEIGHTS[g]!);
  coarseOf(v, scratch, 0);
  const s = GRID / COARSE;
  for (let i = 0; i < COARSE_CELLS; i++) out[offset + GEOM + i] = scratch[i]! * s;
}

function geomDistance(f: Float32Array, t: Float32Array): number {
  let d = 0;
  for (let g = 0; g < GEOM; g++) {
    const diff = f[CELLS + g]! - t[CELLS + g]!;
    d += GEOM_WEIGHTS[g]! * diff * diff;
  }
  return d;
}

/**
 * Nearest prototype: a 4x4 + shape-feature distance shortlists the closest prototypes, which
 * are then compared cell by cell on the 12x12 grid (about 5x fewer operations than a full scan).
 */
export function classifyGlyph(f: Float32Array): GlyphGuess {
  const { labels, vectors } = getTemplates();
  const cs = getCoarse();
  const fr = new Float32Array(ROUGH);
  roughOf(f, fr, 0);
  const n = vectors.length;
  const rough = new Float32Array(n);
  // The SHORTLIST smallest rough distances so far, ascending: a prototype already worse than
  // the last of them (often after its six shape features alone) is skipped.
  const top = new Float32Array(Math.min(n, SHORTLIST)).fill(Infinity);
  const last = top.length - 1;
  for (let k = 0, o = 0; k < n; k++, o += ROUGH) {
    let d = 0;
    for (let i = 0; i < ROUGH; i++) {
      const diff = fr[i]! - cs[o + i]!;
      d += diff * diff;
      if (i === GEOM - 1 && d >= top[last]!) break;
    }
    rough[k] = d;
    if (d >= top[last]!) continue;
    let j = last;
    while (j > 0 && top[j - 1]! > d) {
      top[j] = top[j - 1]!;
      j--;
    }
    top[j] = d;
  }
  const cut = top[last]!;
  const perLabel = new Map<string, number>();
  let best = Infinity;
  let bestLabel = '?';
  for (let k = 0; k < n; k++) {
    if (rough[k]! > cut) continue;
    const t = vectors[k]!;
    let d = geomDistance(f, t);
    for (let i = 0; i < CELLS; i++) {
      const diff = f[i]! - t[i]!;
      d += diff * diff;
    }
    const label = labels[k]!;
    const prev = perLabel.get(label);
    if (prev === undefined || d < prev) perLabel.set(label, d);
    if (d < best) {
      best = d;
      bestLabel = label;
    }
  }
  return { label: bestLabel, distance: best, perLabel };
}

export const FEATURES = FEATURE_LENGTH;
