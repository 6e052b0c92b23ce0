import type { GlyphBlob, TextLine } from './segment';

/** Side of the square grid a glyph is normalised to. */
export const GRID = 12;
/** Geometric features appended to the grid, all in units of the line's cap height. */
export const GEOM = 4;
export const FEATURE_LENGTH = GRID * GRID + GEOM;

/**
 * Normalises a glyph: its ink scaled (aspect kept, centred) into GRID x GRID cells by area
 * averaging, then width, height, top offset from the cap line and bottom offset from the
 * baseline relative to the cap height. Position and size separate "." from "-" from "o" from "0"
 * that look alike once scaled.
 */
export function glyphFeatures(g: GlyphBlob, line: Pick<TextLine, 'baseline' | 'capHeight'>): Float32Array {
  const out = new Float32Array(FEATURE_LENGTH);
  const w = g.right - g.left;
  const h = g.bottom - g.top;
  const size = Math.max(w, h);
  const scale = GRID / size; // output cells per source pixel
  const offX = (GRID - w * scale) / 2;
  const offY = (GRID - h * scale) / 2;
  // Area-weighted splat of each source pixel into the cells it covers.
  const cellArea = 1 / (scale * scale);
  for (let y = 0; y < h; y++) {
    const y0 = offY + y * scale;
    const y1 = y0 + scale;
    for (let x = 0; x < w; x++) {
      const v = g.ink[y * w + x]!;
      if (v === 0) continue;
      const x0 = offX + x * scale;
      const x1 = x0 + scale;
      for (let cy = Math.floor(y0); cy < Math.min(GRID, Math.ceil(y1)); cy++) {
        const oy = Math.min(y1, cy + 1) - Math.max(y0, cy);
        if (oy <= 0) continue;
        for (let cx = Math.floor(x0); cx < Math.min(GRID, Math.ceil(x1)); cx++) {
          const ox = Math.min(x1, cx + 1) - Math.max(x0, cx);
          if (ox <= 0) continue;
          out[cy * GRID + cx]! += (v * ox * oy) / (cellArea * scale * scale);
        }
      }
    }
  }
  for (let i = 0; i < GRID * GRID; i++) if (out[i]! > 1) out[i] = 1;
  const H = line.capHeight;
  const capTop = line.baseline - H;
  out[GRID * GRID] = w / H;
  out[GRID * GRID + 1] = h / H;
  out[GRID * GRID + 2] = (g.top - capTop) / H;
  out[GRID * GRID + 3] = (g.bottom - line.baseline) / H;
  return out;
}
