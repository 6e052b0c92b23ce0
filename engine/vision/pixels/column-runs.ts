import type { Raster } from './raster';
import { colourDistance, pairView } from './raster';
import { COLUMN_INK as INK, MIN_REPEATS, REPEAT_SAMPLE_ROWS } from './tuning';

/**
 * Per column x, the number of short ink runs (2..maxGlyph rows) between rows top and bottom
 * (inclusive), or 0 when the column crosses more than `maxTall` tall runs (candles). Ink is any pixel
 * more than INK from the column's majority colour (a Boyer-Moore vote over every other row on
 * 4-bit-per-channel colours); a tall run that reaches the bottom row is not counted as tall, nor,
 * with `topFree`, one that reaches the top row: it touches the image's edge, and is what the
 * capture cut (a window's tabs or a desktop above a browser's chart, the time axis and panels
 * below it), not a candle beside text. `majors`, when given (width long), receives each
 * column's majority colour.
 * Every column is counted on its own, but the image is walked row by row with each column's
 * state in an array: a walk down a column reads one cache line per pixel and is bound by
 * memory, a walk along a row reads each cache line once for 16 pixels.
 *
 * Most pixels of a screenshot repeat the pixel above them, and so what it did to its column's
 * count. With an even width (a row starts on an even index, so pixel pairs line up with column
 * pairs) the pixels are taken two at a time, and a pair that repeats the pair above, when that
 * pair only voted for its columns' candidates (pass 1) or was no ink (pass 2), is passed over in
 * one float64 test. Packed colours have a zero top byte: no pair reads as a NaN or a negative
 * zero, so pairs compare equal exactly when their pixels do. On a gradient or a noisy capture
 * few pairs repeat, and the test would cost more than it saves: the pixels are taken one by one.
 */
export function columnRuns(
  r: Raster,
  top: number,
  bottom: number,
  maxGlyph: number,
  maxTall = 1,
  majors?: Int32Array,
  topFree = false,
  counted?: ColumnCounts,
): Float32Array {
  const { width } = r;
  if (bottom < top) return new Float32Array(width);
  const c =
    counted && sameCounts(counted, r, top, bottom, maxGlyph)
      ? counted
      : columnCounts(r, top, bottom, maxGlyph);
  const { major, run, short, long } = c;
  majors?.set(major);
  const runs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    // The row past the bottom ends every open run (a tall one there touches the image's edge).
    const n = run[x]!;
    const s = short[x]! + (n >= 2 && n <= maxGlyph ? 1 : 0);
    const fromTop = topFree && tallFromTop(r, x, top, bottom, major[x]!, maxGlyph) ? 1 : 0;
    runs[x] = long[x]! - fromTop > maxTall ? 0 : s;
  }
  return runs;
}

/**
 * What columnRuns counts per column before it applies `maxTall` and `topFree` (neither changes
 * the counting): the majority colours and the short and tall runs of ink. The layout search asks
 * for one band's runs twice (few tall runs allowed, then more): counted once, it is passed to
 * both (`counted`), and holds the raster, rows and glyph height it was counted for, so that a
 * count of other pixels is never taken for it.
 */
export interface ColumnCounts {
  readonly raster: Raster;
  readonly top: number;
  readonly bottom: number;
  readonly maxGlyph: number;
  readonly major: Int32Array;
  readonly run: Int32Array;
  readonly short: Int32Array;
  readonly long: Int32Array;
}

/**
 * True when `c` was counted on these rows of this raster for this glyph height (that the raster's
 * pixels have not changed since is the caller's to ensure).
 */
export function sameCounts(
  c: ColumnCounts | undefined,
  r: Raster,
  top: number,
  bottom: number,
  maxGlyph: number,
): c is ColumnCounts {
  return c !== undefined && c.raster === r && c.top === top && c.bottom === bottom && c.maxGlyph === maxGlyph;
}

/** columnRuns' two passes over rows top..bottom (top <= bottom). */
export function columnCounts(r: Raster, top: number, bottom: number, maxGlyph: number): ColumnCounts {
  const { width, rgb } = r;
  const pairs = width % 2 === 0 ? pairView(rgb) : null;
  const worth = (dy: number) => pairs !== null && repeatShare(pairs, width, top, bottom, dy) >= MIN_REPEATS;
  // Pass 1 (every other row): per column, the majority colour, 8 bits per channel (the middle of
  // its 4-bit bin).
  const cand = worth(2) ? votePairs(r, pairs!, top, bottom) : vote(r, top, bottom);
  const major = new Int32Array(width);
  for (let x = 0; x < width; x++) {
    const q = cand[x]!;
    major[x] =
      ((((q >> 8) & 0xf) * 16 + 8) << 16) | ((((q >> 4) & 0xf) * 16 + 8) << 8) | ((q & 0xf) * 16 + 8);
  }
  // Pass 2: runs of ink per column.
  const run = new Int32Array(width);
  const short = new Int32Array(width);
  const long = new Int32Array(width);
  const counts = { major, run, short, long, maxGlyph };
  if (worth(1)) countPairs(r, pairs!, top, bottom, counts);
  else count(r, top, bottom, counts);
  return { raster: r, top, bottom, maxGlyph, major, run, short, long };
}

/**
 * True when column x's ink from row `top` down is a tall run that ends above `bottom` (it was
 * counted as long; one reaching the bottom too was not). At most maxGlyph + 2 pixels are read.
 */
function tallFromTop(
  r: Raster,
  x: number,
  top: number,
  bottom: number,
  major: number,
  maxGlyph: number,
): boolean {
  const { width, rgb } = r;
  let y = top;
  while (y <= bottom && y - top <= maxGlyph && colourDistance(rgb[y * width + x]!, major) > INK) y++;
  if (y - top <= maxGlyph) return false;
  while (y <= bottom && colourDistance(rgb[y * width + x]!, major) > INK) y++;
  return y <= bottom;
}

/** Share of pixel pairs equal to the pair dy rows above, on REPEAT_SAMPLE_ROWS rows spread over top..bottom. */
function repeatShare(pairs: Float64Array, width: number, top: number, bottom: number, dy: number): number {
  const half = width >> 1;
  let same = 0;
  let n = 0;
  for (let k = 0; k < REPEAT_SAMPLE_ROWS; k++) {
    const y = top + dy + Math.floor((k * (bottom - top - dy)) / REPEAT_SAMPLE_ROWS);
    if (y > bottom) break;
    for (let p = (y * width) >> 1, end = p + half; p < end; p++, n++)
      if (pairs[p] === pairs[p - dy * half]) same++;
  }
  return n > 0 ? same / n : 0;
}

const quantise = (c: number) => ((c >> 12) & 0xf00) | ((c >> 8) & 0xf0) | ((c >> 4) & 0xf);

/** Pass 1, pixel by pixel: per column, the Boyer-Moore candidate of every other row's colours. */
function vote(r: Raster, top: number, bottom: number): Int32Array {
  const { width, rgb } = r;
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
        lastQ = quantise(c);
      }
      const v = votes[x]!;
      if (v === 0) {
        cand[x] = lastQ;
        votes[x] = 1;
      } else if (lastQ === cand[x]) votes[x] = v + 1;
      else votes[x] = v - 1;
    }
  }
  return cand;
}

/**
 * Pass 1 two pixels at a time (as vote). A pixel of its candidate's colour is a vote: the pairs
 * passed over are such votes, counted when the column is next visited as the sampled rows since
 * its last visit (`votedAt`, where it had `votes`).
 */
function votePairs(r: Raster, pairs: Float64Array, top: number, bottom: number): Int32Array {
  const { width, rgb } = r;
  const cand = new Int32Array(width).fill(-1);
  const votes = new Int32Array(width);
  const votedAt = new Int32Array(width).fill(-1);
  // Per column pair, the pixel pair last seen there if both voted for their candidates (NaN,
  // equal to nothing, if not).
  const voted = new Float64Array(width >> 1).fill(NaN);
  let lastC = -1;
  let lastQ = 0;
  for (let y = top, k = 0; y <= bottom; y += 2, k++) {
    for (let x = 0, i = y * width; x < width;) {
      const p = i >> 1;
      if (pairs[p] === voted[x >> 1]) {
        x += 2;
        i += 2;
        continue;
      }
      let both = true;
      for (const end = x + 2; x < end; x++, i++) {
        const c = rgb[i]!;
        if (c !== lastC) {
          lastC = c;
          lastQ = quantise(c);
        }
        const v = votes[x]! + (k - votedAt[x]! - 1);
        if (v === 0) {
          cand[x] = lastQ;
          votes[x] = 1;
        } else if (lastQ === cand[x]) votes[x] = v + 1;
        else {
          votes[x] = v - 1;
          both = false;
        }
        votedAt[x] = k;
      }
      voted[(x - 2) >> 1] = both ? pairs[p]! : NaN;
    }
  }
  return cand;
}

/** Pass 2's per-column state: majority colour, open run, short and long runs so far. */
interface Counts {
  major: Int32Array;
  run: Int32Array;
  short: Int32Array;
  long: Int32Array;
  maxGlyph: number;
}

/** Pass 2, pixel by pixel. A pixel's ink test is reused while its colour and column's majority repeat. */
function count(r: Raster, top: number, bottom: number, counts: Counts): void {
  const { width, rgb } = r;
  const { major, run } = counts;
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
        pInk = colourDistance(c, m) > INK;
      }
      if (pInk) run[x]!++;
      else {
        endRun(counts, x);
      }
    }
  }
}

/**
 * Pass 2 two pixels at a time (as count). A pixel that is no ink ends its column's run, so a pair
 * of pixels that were both no ink leaves both runs closed: the same pair below does nothing.
 */
function countPairs(r: Raster, pairs: Float64Array, top: number, bottom: number, counts: Counts): void {
  const { width, rgb } = r;
  const { major, run } = counts;
  // Per column pair, the pixel pair last seen there if both were no ink (NaN if not).
  const calm = new Float64Array(width >> 1).fill(NaN);
  let pc = -1;
  let pm = -1;
  let pInk = false;
  for (let y = top; y <= bottom; y++) {
    for (let x = 0, i = y * width; x < width;) {
      const p = i >> 1;
      if (pairs[p] === calm[x >> 1]) {
        x += 2;
        i += 2;
        continue;
      }
      let both = true;
      for (const end = x + 2; x < end; x++, i++) {
        const c = rgb[i]!;
        const m = major[x]!;
        if (c !== pc || m !== pm) {
          pc = c;
          pm = m;
          pInk = colourDistance(c, m) > INK;
        }
        if (pInk) {
          run[x]!++;
          both = false;
        } else {
          endRun(counts, x);
        }
      }
      calm[(x - 2) >> 1] = both ? pairs[p]! : NaN;
    }
  }
}

/** Ends column x's run of ink (if one is open), counting it as a glyph's or a tall one. */
function endRun(counts: Counts, x: number): void {
  const n = counts.run[x]!;
  if (n === 0) return;
  if (n > counts.maxGlyph) counts.long[x]!++;
  else if (n >= 2) counts.short[x]!++;
  counts.run[x] = 0;
}
