import type { Raster } from './raster';

/** A pixel this far (largest channel difference) from its column's majority colour is ink. */
const INK = 40;

/**
 * An Int32Array or Uint32Array two elements at a time (element k holds elements 2k and 2k + 1),
 * or null when not 8-byte aligned. Used here only for packed colours (zero top byte), small
 * quantised colours and non-negative counts: no pair reads as a NaN or a negative zero, so two
 * pairs compare equal exactly when their elements do.
 */
function pairs(a: Int32Array | Uint32Array): Float64Array | null {
  return a.byteOffset % 8 === 0 ? new Float64Array(a.buffer, a.byteOffset, a.length >> 1) : null;
}

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
  // Most pixels repeat their left neighbour and sit in a column like its neighbour's: two such
  // pixels are taken in one float64 test of each array (pixels, columns' state). With an even
  // width a row starts on an even index, so pixel pairs and column pairs line up.
  const cand = new Int32Array(width).fill(-1);
  const px2 = width % 2 === 0 ? pairs(rgb) : null;
  const cand2 = px2 && pairs(cand);
  // Pass 1: per column, the majority quantised colour of every other row.
  const votes = new Int32Array(width);
  // Neighbouring pixels of a row are mostly one colour: their quantised colour is reused.
  let lastC = -1;
  let lastQ = 0;
  // The pairs of the last colour and its quantised colour, taken from the arrays when first met
  // (NaN, equal to nothing, until then).
  let lastPair = NaN;
  let lastQPair = NaN;
  for (let y = top; y <= bottom; y += 2) {
    for (let x = 0, i = y * width; x < width; ) {
      if (cand2 && (x & 1) === 0) {
        if (Number.isNaN(lastPair) && rgb[i] === lastC && rgb[i + 1] === lastC) lastPair = px2![i >> 1]!;
        if (Number.isNaN(lastQPair) && cand[x] === lastQ && cand[x + 1] === lastQ) lastQPair = cand2[x >> 1]!;
        // Both pixels the last colour and both columns' candidate its quantised colour: a vote
        // each (with no votes left the candidate is set to the same colour, with one vote).
        for (const stop = width - 1; x < stop && px2![i >> 1] === lastPair && cand2[x >> 1] === lastQPair; ) {
          votes[x]!++;
          votes[x + 1]!++;
          x += 2;
          i += 2;
        }
        if (x === width) break;
      }
      const c = rgb[i]!;
      if (c !== lastC) {
        lastC = c;
        const q = ((c >> 12) & 0xf00) | ((c >> 8) & 0xf0) | ((c >> 4) & 0xf);
        if (q !== lastQ) lastQPair = NaN;
        lastQ = q;
        lastPair = NaN;
      }
      const v = votes[x]!;
      if (v === 0) {
        cand[x] = lastQ;
        votes[x] = 1;
      } else if (lastQ === cand[x]) votes[x] = v + 1;
      else votes[x] = v - 1;
      x++;
      i++;
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
  const major2 = px2 && pairs(major);
  const run2 = px2 && pairs(run);
  let pc = -1;
  let pm = -1;
  let pInk = false;
  let pcPair = NaN;
  let pmPair = NaN;
  for (let y = top; y <= bottom; y++) {
    for (let x = 0, i = y * width; x < width; ) {
      if (major2 && !pInk && (x & 1) === 0) {
        if (Number.isNaN(pcPair) && rgb[i] === pc && rgb[i + 1] === pc) pcPair = px2![i >> 1]!;
        if (Number.isNaN(pmPair) && major[x] === pm && major[x + 1] === pm) pmPair = major2[x >> 1]!;
        // Two pixels of the last colour, not ink in columns of the last majority colour, where
        // no run is open: nothing to count.
        for (
          const stop = width - 1;
          x < stop && px2![i >> 1] === pcPair && major2[x >> 1] === pmPair && run2![x >> 1] === 0;

        ) {
          x += 2;
          i += 2;
        }
        if (x === width) break;
      }
      const c = rgb[i]!;
      const m = major[x]!;
      if (c !== pc || m !== pm) {
        if (c !== pc) pcPair = NaN;
        if (m !== pm) pmPair = NaN;
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
      x++;
      i++;
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
