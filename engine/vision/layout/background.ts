import type { Raster } from '../pixels/raster';
import { bin15, colourDistance, pairView } from '../pixels/raster';
import { ScratchArray } from '../pixels/scratch';
import {
  BG_TOLERANCE,
  DOMINANT_HALF_SAMPLE_ABOVE,
  GRADIENT_CARRY,
  GRADIENT_STEP,
  ROW_MAJORITY_SHARE,
  ROW_VOTE_STEP,
} from './tuning';

/**
 * The background: the image's dominant colour, each row's background colour (a gradient
 * background changes from row to row) and, from those, every pixel's quantised colour with the
 * background pixels marked.
 */
/**
 * Most frequent colour, from a 15-bit histogram refined to the exact colour (ties: the lowest bin,
 * then the colour seen first). Runs of one colour are counted at once; fast-paths.test.ts holds it
 * to a plain count.
 */
export function dominantColour(r: Raster): number {
  const { width, height, rgb } = r;
  const hist = new Uint32Array(1 << 15);
  const step = width * height > DOMINANT_HALF_SAMPLE_ABOVE ? 2 : 1;
  // Screenshots are mostly long runs of one colour: count a run in a local and add it to the
  // histogram once, instead of a read-modify-write of the same cell for every pixel.
  let runColour = rgb[0]!;
  let runLength = 0;
  for (let y = 0; y < height; y += step) {
    const row = y * width;
    for (let x = 0; x < width; x += step) {
      const c = rgb[row + x]!;
      if (c === runColour) {
        runLength++;
        continue;
      }
      hist[bin15(runColour)]! += runLength;
      runColour = c;
      runLength = 1;
    }
  }
  hist[bin15(runColour)]! += runLength;
  let best = 0;
  for (let i = 1; i < hist.length; i++) if (hist[i]! > hist[best]!) best = i;
  // Colours in the winning bucket differ only in the 3 low bits of each channel: 512 exact
  // colours, counted in a typed array (a Map here cost ~10 ms on a dark 1600x900 chart, where
  // most pixels land in the bucket). Ties go to the colour seen first, as before.
  const exact = new Uint32Array(512);
  const firstSeen = new Int32Array(512).fill(-1);
  let seen = 0;
  // Runs of one colour again: a colour's first pixel sets its order, the run is added at its end.
  let low = -1;
  let lowRun = 0;
  runColour = -1;
  for (let y = 0; y < height; y += step * 2) {
    const row = y * width;
    for (let x = 0; x < width; x += step) {
      const c = rgb[row + x]!;
      if (c === runColour) {
        lowRun++;
        continue;
      }
      if (low >= 0) exact[low]! += lowRun;
      runColour = c;
      low = -1;
      if (bin15(c) === best) {
        low = ((c >> 10) & 0x1c0) | ((c >> 5) & 0x38) | (c & 7);
        if (exact[low] === 0) firstSeen[low] = seen++;
        lowRun = 1;
      }
    }
  }
  if (low >= 0) exact[low]! += lowRun;
  let colour = 0;
  let n = 0;
  let order = 0;
  for (let low = 0; low < 512; low++) {
    const k = exact[low]!;
    if (k > n || (k === n && k > 0 && firstSeen[low]! < order)) {
      n = k;
      order = firstSeen[low]!;
      colour =
        (((best >> 10) & 0x1f) << 19) |
        (((low >> 6) & 7) << 16) |
        ((((best >> 5) & 0x1f) << 11) | (((low >> 3) & 7) << 8)) |
        (((best & 0x1f) << 3) | (low & 7));
    }
  }
  return colour;
}

/** A colour's 12-bit quantisation: the top 4 bits of each channel. */
export const quant = (c: number) => ((c >> 12) & 0xf00) | ((c >> 8) & 0xf0) | ((c >> 4) & 0xf);

/** The quantised colours never leave findLayout: one array serves every call. */
const quantised = new ScratchArray((n) => new Int16Array(n));

/**
 * Each row's background colour. Most charts have one; a vertical gradient (a broker's look)
 * shades the background from row to row, so that far from the dominant colour's rows the
 * background would pass for ink and end the chart region there. Rows are followed out from those
 * of the dominant colour while each row's majority colour moves by no more than a gradient's
 * step from the previous row's; such a row's background is its own majority colour. Rows with
 * no majority colour or another one (candles, a grid line) keep the previous row's, for a few
 * rows: a header, a toolbar or a pane of another shade is a jump that lasts. (The agreeing samples
 * are counted during the vote; fast-paths.test.ts holds it to a plain vote and count.)
 */
export function rowBackgrounds(r: Raster, bg: number): Int32Array {
  const { width, height, rgb } = r;
  const out = new Int32Array(height).fill(bg);
  // Majority colour of each row (sampled every ROW_VOTE_STEP-th pixel; -1 when under half the row).
  const major = new Int32Array(height).fill(-1);
  // Locals, not module constants, in the per-pixel loops.
  const sampleStep = ROW_VOTE_STEP;
  const gradientStep = GRADIENT_STEP;
  // Most samples are exactly the candidate colour: that test comes before the distance.
  const samples = Math.ceil(width / sampleStep);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const end = row + width;
    let c = -1;
    let n = 0;
    // The samples agreeing with the candidate, counted by the vote from where it became the
    // candidate (`from`): only the samples before that are walked again for the rest.
    let from = row;
    let agree = 0;
    for (let i = row; i < end; i += sampleStep) {
      const p = rgb[i]!;
      if (n === 0) {
        c = p;
        n = 1;
        from = i;
        agree = 1;
      } else if (p === c || colourDistance(p, c) <= gradientStep) {
        n++;
        agree++;
      } else n--;
    }
    for (let i = row; i < from; i += sampleStep) {
      const p = rgb[i]!;
      if (p === c || colourDistance(p, c) <= gradientStep) agree++;
    }
    if (agree >= samples * ROW_MAJORITY_SHARE) major[y] = c;
  }
  const onBg = (y: number) => major[y]! >= 0 && colourDistance(major[y]!, bg) <= BG_TOLERANCE;
  for (const dir of [1, -1]) {
    for (let y0 = 0; y0 < height; y0++) {
      // Out from the last row of each stretch of dominant-colour rows, in this direction.
      if (!onBg(y0) || (y0 + dir >= 0 && y0 + dir < height && onBg(y0 + dir))) continue;
      let prev = major[y0]!;
      let carried = 0;
      for (let y = y0 + dir; y >= 0 && y < height && !onBg(y); y += dir) {
        const m = major[y]!;
        if (m < 0 || colourDistance(m, prev) > GRADIENT_STEP) {
          if (++carried > GRADIENT_CARRY) break;
          continue;
        }
        // The gradient goes on: the rows passed over take the colour it had before them.
        for (; carried > 0; carried--) out[y - carried * dir] = prev;
        out[y] = prev = m;
      }
    }
  }
  return out;
}

/**
 * Per-pixel quantised colour (12 bits: 4 per channel) with background pixels (within BG_TOLERANCE
 * of their row's background) marked -1, and the background mask: computed once per findLayout.
 * The last pixel's and pixel pair's results are reused; fast-paths.test.ts holds it to a plain
 * per-pixel test.
 */
export function quantise(r: Raster, rowBg: Int32Array): { q: Int16Array; bgMask: Uint8Array } {
  const { rgb, width, height } = r;
  // Every element is written below: a reused array needs no clearing.
  const q = quantised.take(rgb.length);
  const bgMask = new Uint8Array(rgb.length);
  // A pixel pair repeating the last colour is written as one 32-bit q and one 16-bit mask store.
  const pairs = q.byteOffset % 4 === 0 ? pairView(rgb) : null;
  const q2 = pairs ? new Int32Array(q.buffer, q.byteOffset, q.length >> 1) : null;
  const mask2 = pairs ? new Uint16Array(bgMask.buffer, 0, bgMask.length >> 1) : null;
  let bg = -1;
  let br = 0;
  let bgG = 0;
  let bb = 0;
  // Neighbouring pixels are mostly the same colour: reuse the last pixel's result for them.
  let lastC = -1;
  let lastQ = 0;
  // The same for two pixels: both the last colour, as read from the image when first met (NaN,
  // equal to nothing, until then).
  let lastPair = NaN;
  let lastQ2 = 0;
  let lastMask2 = 0;
  const tol = BG_TOLERANCE;
  for (let y = 0, i = 0; y < height; y++) {
    // Row by row (not a modulo per pixel): the background may change colour down the rows.
    if (rowBg[y] !== bg) {
      bg = rowBg[y]!;
      br = (bg >> 16) & 255;
      bgG = (bg >> 8) & 255;
      bb = bg & 255;
      lastC = -1;
      lastPair = NaN;
    }
    const end = i + width;
    while (i < end) {
      if (pairs && (i & 1) === 0) {
        if (Number.isNaN(lastPair) && i + 1 < end && rgb[i] === lastC && rgb[i + 1] === lastC)
          lastPair = pairs[i >> 1]!;
        for (const stop = end - 1; i < stop && pairs[i >> 1] === lastPair; i += 2) {
          q2![i >> 1] = lastQ2;
          mask2![i >> 1] = lastMask2;
        }
        if (i === end) break;
      }
      const c = rgb[i]!;
      if (c === lastC) {
        q[i] = lastQ;
        if (lastQ < 0) bgMask[i] = 1;
        i++;
        continue;
      }
      lastC = c;
      const dr = ((c >> 16) & 255) - br;
      const dg = ((c >> 8) & 255) - bgG;
      const db = (c & 255) - bb;
      if (dr <= tol && dr >= -tol && dg <= tol && dg >= -tol && db <= tol && db >= -tol) {
        bgMask[i] = 1;
        lastQ = q[i] = -1;
      } else lastQ = q[i] = quant(c);
      lastPair = NaN;
      lastQ2 = (lastQ & 0xffff) | (lastQ << 16);
      lastMask2 = lastQ < 0 ? 0x0101 : 0;
      i++;
    }
  }
  return { q, bgMask };
}
