import { FEATURE_LENGTH, GEOM, GRID } from './features';
import { TEMPLATE_DATA, TEMPLATE_LABELS } from './glyph-templates';
import { decodeTemplates, type GlyphTemplates } from './template-codec';

/** Weights of the geometric features against the summed squared ink difference of 144 cells. */
const GEOM_WEIGHTS = [60, 120, 120, 120, 4, 20];
const CELLS = GRID * GRID;

let templates: GlyphTemplates | null = null;
function getTemplates(): GlyphTemplates {
  templates ??= decodeTemplates(TEMPLATE_LABELS, TEMPLATE_DATA);
  return templates;
}

export interface GlyphGuess {
  label: string;
  distance: number;
  /** Best distance per label (only labels that were evaluated fully; others are worse). */
  perLabel: Map<string, number>;
}

/**
 * Nearest prototype. The geometric part is computed first and the pixel sum stops as soon as it
 * exceeds the best distance so far, which keeps ~800 prototypes cheap.
 */
export function classifyGlyph(f: Float32Array): GlyphGuess {
  const { labels, vectors } = getTemplates();
  const perLabel = new Map<string, number>();
  let best = Infinity;
  let bestLabel = '?';
  // Bound used for pruning: a little above the best so runner-up labels stay measured.
  let bound = Infinity;
  for (let n = 0; n < vectors.length; n++) {
    const t = vectors[n]!;
    let d = 0;
    for (let g = 0; g < GEOM; g++) {
      const diff = f[CELLS + g]! - t[CELLS + g]!;
      d += GEOM_WEIGHTS[g]! * diff * diff;
    }
    if (d > bound) continue;
    for (let i = 0; i < CELLS; i++) {
      const diff = f[i]! - t[i]!;
      d += diff * diff;
      if ((i & 15) === 15 && d > bound) break;
    }
    if (d > bound) continue;
    const label = labels[n]!;
    const prev = perLabel.get(label);
    if (prev === undefined || d < prev) perLabel.set(label, d);
    if (d < best) {
      best = d;
      bestLabel = label;
      bound = best * 3 + 4;
    }
  }
  return { label: bestLabel, distance: best, perLabel };
}

export const FEATURES = FEATURE_LENGTH;
