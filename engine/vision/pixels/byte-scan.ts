/**
 * Scans over byte masks that are mostly one value: the ink classes (mostly 0) 4 bytes at a time
 * through a Uint32Array view of the same memory, the background mask (mostly 1) 8 bytes at a
 * time through a Float64Array view. A byte loop over the empty plot reads one byte per step; a
 * word loop covers the same bytes in a quarter or an eighth of the steps.
 */

/** A Uint32Array over the same bytes as `a` (word k = bytes 4k..4k+3), or null when `a` is not 4-byte aligned. */
export function wordView(a: Uint8Array): Uint32Array | null {
  return a.byteOffset % 4 === 0 ? new Uint32Array(a.buffer, a.byteOffset, a.length >> 2) : null;
}

/** Index of the first non-zero byte of `a` in [from, to), or `to` when there is none. */
export function nextNonZero(a: Uint8Array, words: Uint32Array | null, from: number, to: number): number {
  let i = from;
  if (words !== null && to - i >= 8) {
    for (; i & 3; i++) if (a[i]) return i;
    let k = i >> 2;
    const kEnd = to >> 2;
    while (k < kEnd && words[k] === 0) k++;
    i = k << 2;
  }
  while (i < to && !a[i]) i++;
  return i;
}

/** Number of non-zero bytes of `a` in [from, to). */
export function countNonZero(a: Uint8Array, words: Uint32Array | null, from: number, to: number): number {
  let n = 0;
  let i = from;
  if (words !== null && to - i >= 8) {
    for (; i & 3; i++) if (a[i]) n++;
    const kEnd = to >> 2;
    for (let k = i >> 2; k < kEnd; k++) {
      const w = words[k]!;
      if (w === 0) continue;
      if (w & 0xff) n++;
      if (w & 0xff00) n++;
      if (w & 0xff0000) n++;
      if (w & 0xff000000) n++;
    }
    i = kEnd << 2;
  }
  for (; i < to; i++) if (a[i]) n++;
  return n;
}

/**
 * A byte mask (the layout's background mask: 1 per background pixel) read 8 bytes at a time, for
 * skipping the long stretches of 1s that most of a plot is: a Float64Array over the same bytes,
 * or null when they do not start on an 8-byte boundary. A word of eight 1s equals ALL_SET (a
 * plain double, so `===` compares its bits).
 */
export function maskWords(mask: Uint8Array): Float64Array | null {
  return mask.byteOffset % 8 === 0 ? new Float64Array(mask.buffer, mask.byteOffset, mask.length >> 3) : null;
}

/** Eight bytes of 1 read as one float64 (see maskWords). */
export const ALL_SET = new Float64Array(new Uint8Array(8).fill(1).buffer)[0]!;

/**
 * The first index in [from, end) whose mask byte is 0, or `end`: 1s are passed over a byte at a
 * time up to an 8-byte boundary, then a word (`words`, from maskWords) at a time.
 */
export function nextClear(mask: Uint8Array, words: Float64Array | null, from: number, end: number): number {
  let i = from;
  while (i < end && mask[i]) {
    i++;
    if ((i & 7) === 0 && words) {
      let w = i >> 3;
      const last = end >> 3;
      while (w < last && words[w] === ALL_SET) w++;
      i = w << 3;
    }
  }
  return i;
}
