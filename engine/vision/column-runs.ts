import type { Raster } from './raster';

/** A pixel this far (largest channel difference) from its column's majority colour is ink. */
const INK = 40;

/**
 * Per column x, the number of short ink runs (2..maxGlyph rows) between rows top and bottom
 * (inclusive), or 0 when the column crosses more than one tall run (candles). Ink is any pixel
 * more than INK from the column's majority colour (a Boyer-Moore vote over every other row on
 * 4-bit-per-channel colours); a tall run that reaches the bottom row is not counted as tall.
 * Every column is counted on its own, but the image is walked row by row with each column's
 * state in an array: a walk down a column reads one cache line per pixel and is bound by
 * memory, a walk along a row reads each cache line once for 16 pixels.
 */
export function columnRuns(r: Raster, top: number, bottom: number, maxGlyph: number): Float32Array {
  const { width, rgb } = r;
  const runs = new Float32Array(width);
  if (bottom < top) return runs;
  // Pass 1: per column, the majority quantised colour of every other row.
  const cand = new Int32Array(width).fill(-1);
  const votes = new Int32Array(width);
  // Neighbouring pixels of a row are mostly one colour: their quantised colour is reused.
  let lastC = -1;
  let lastQ = 0;
  for (let y = top; y <= bottom; y += 2) {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const c = rgb[i]!;
      if (c !== lastC) {
        lastC = c;
        lastQ = ((c >> 12) & 0xf00) | ((c >> 8) & 0xf0) | ((c >> 4) & 0xf);
      }
      const v = votes[x]!;
      if (v === 0) {
        cand[x] = lastQ;
        votes[x] = 1;
      } else if (lastQ === cand[x]) votes[x] = v + 1;
      else votes[x] = v - 1;
    }
  }
  // The majority colour per column, back to 8 bits per channel (the middle of its 4-bit bin).
  const major = new Int32Array(width);
  for (let x = 0; x < width; x++) {
    const q = cand[x]!;
    major[x] =
      ((((q >> 8) & 0xf) * 16 + 8) << 16) | ((((q >> 4) & 0xf) * 16 + 8) << 8) | ((q & 0xf) * 16 + 8);
  }
  // Pass 2: runs of ink per column. A pixel's ink test is reused while both its colour and its
  // column's majority repeat.
  const run = new Int32Array(width);
  const short = new Int32Array(width);
  const long = new Int32Array(width);
  let pc = -1;
  let pm = -1;
  let pInk = false;
  for (let y = top; y <= bottom; y++) {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const c = rgb[i]!;
      const m = major[x]!;
      if (c !== pc || m !== pm) {
        pc = c;
        pm = m;
        const dr = Math.abs(((c >> 16) & 255) - ((m >> 16) & 255));
        const dg = Math.abs(((c >> 8) & 255) - ((m >> 8) & 255));
        const db = Math.abs((c & 255) - (m & 255));
        pInk = dr > INK || dg > INK || db > INK;
      }
      if (pInk) run[x]!++;
      else {
        const n = run[x]!;
        if (n > 0) {
          if (n > maxGlyph) long[x]!++;
          else if (n >= 2) short[x]!++;
          run[x] = 0;
        }
      }
    }
  }
  for (let x = 0; x < width; x++) {
    // The row past the bottom ends every open run (a tall one there touches the image's edge).
    const n = run[x]!;
    const s = short[x]! + (n >= 2 && n <= maxGlyph ? 1 : 0);
    runs[x] = long[x]! > 1 ? 0 : s;
  }
  return runs;
}
