/**
 * Scans over byte masks (the ink classes, the background mask) that are mostly zero: 4 bytes at
 * a time through a Uint32Array view of the same memory. A byte loop over the empty plot reads
 * one byte per step; a word loop covers the same bytes in a quarter of the steps.
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
