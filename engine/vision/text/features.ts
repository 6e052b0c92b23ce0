import type { GlyphBlob, TextLine } from './segment';

/** Side of the square grid a glyph is normalised to. */
export const GRID = 12;
/**
 * Features appended to the grid: width, height, top and bottom offsets (cap-height units), then
 * the number of enclosed holes (0-2) and the vertical centre of the largest hole (0..1 of the
 * glyph height). Holes survive blur and JPEG better than stroke details: they tell 6 from 8 from 0.
 */
export const GEOM = 6;
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
  const holes = findHoles(g);
  out[GRID * GRID + 4] = Math.min(2, holes.count);
  out[GRID * GRID + 5] = holes.count > 0 ? holes.largestCentreY : 0.5;
  return out;
}

let holeScratch = new Uint8Array(0);

/** Background regions enclosed by ink (4-connected background inside a 1 px frame). */
function findHoles(g: GlyphBlob): { count: number; largestCentreY: number } {
  const w = g.right - g.left;
  const h = g.bottom - g.top;
  const pw = w + 2;
  const ph = h + 2;
  // One byte per pixel: 1 for ink or background already visited (the two are never told apart),
  // in an array kept between calls; the 1 px frame stays 0.
  if (holeScratch.length < pw * ph) holeScratch = new Uint8Array(pw * ph);
  const done = holeScratch.subarray(0, pw * ph);
  done.fill(0);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) done[(y + 1) * pw + x + 1] = g.ink[y * w + x]! >= 0.25 ? 1 : 0;
  const minArea = Math.max(1, Math.round(0.004 * w * h));
  let count = 0;
  let bestArea = 0;
  let bestY = 0.5;
  const stack: number[] = [];
  for (let start = 0; start < done.length; start++) {
    if (done[start]) continue;
    done[start] = 1;
    // Each pixel's column and row ride on the stack with it (no division per pixel).
    stack.push(start % pw, Math.floor(start / pw));
    let area = 0;
    let sumY = 0;
    let touches = false;
    while (stack.length > 0) {
      const y = stack.pop()!;
      const x = stack.pop()!;
      const i = y * pw + x;
      area++;
      sumY += y;
      if (x === 0 || y === 0 || x === pw - 1 || y === ph - 1) touches = true;
      // The four neighbours, tested in place (no array per pixel).
      if (x > 0 && !done[i - 1]) {
        done[i - 1] = 1;
        stack.push(x - 1, y);
      }
      if (x + 1 < pw && !done[i + 1]) {
        done[i + 1] = 1;
        stack.push(x + 1, y);
      }
      if (y > 0 && !done[i - pw]) {
        done[i - pw] = 1;
        stack.push(x, y - 1);
      }
      if (y + 1 < ph && !done[i + pw]) {
        done[i + pw] = 1;
        stack.push(x, y + 1);
      }
    }
    if (touches || area < minArea) continue;
    count++;
    if (area > bestArea) {
      bestArea = area;
      bestY = (sumY / area - 1 + 0.5) / h;
    }
  }
  return { count, largestCentreY: bestY };
}
