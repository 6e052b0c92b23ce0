import { countNonZero, maskWords, nextClear, nextNonZero, wordView } from './byte-scan';

describe('byte scans', () => {
  it('finds and counts non-zero bytes as a byte loop does, aligned or not', () => {
    const buffer = new ArrayBuffer(64);
    const whole = new Uint8Array(buffer);
    for (const i of [3, 9, 10, 22, 40, 41, 42, 43, 44, 61]) whole[i] = i;
    for (const offset of [0, 1, 4]) {
      const a = new Uint8Array(buffer, offset, 64 - offset);
      const words = wordView(a);
      expect(words === null).toBe(offset % 4 !== 0);
      for (let from = 0; from < a.length; from++) {
        for (let to = from; to <= a.length; to++) {
          let first = from;
          while (first < to && !a[first]) first++;
          let n = 0;
          for (let i = from; i < to; i++) if (a[i]) n++;
          expect(nextNonZero(a, words, from, to)).toBe(first);
          expect(countNonZero(a, words, from, to)).toBe(n);
        }
      }
    }
  });
});

describe('nextClear', () => {
  // The answer of a plain byte-by-byte scan, to compare the word-skipping one with.
  const plain = (mask: Uint8Array, from: number, end: number) => {
    let i = from;
    while (i < end && mask[i]) i++;
    return i;
  };

  it('finds the first 0 in a range as a byte-by-byte scan does, across word boundaries', () => {
    const mask = new Uint8Array(203).fill(1);
    for (const i of [0, 9, 10, 40, 41, 47, 48, 120, 199]) mask[i] = 0;
    const words = maskWords(mask);
    expect(words).not.toBeNull();
    for (let from = 0; from <= 203; from++)
      for (const end of [from, from + 1, from + 7, from + 8, from + 30, 203])
        if (end <= 203) expect(nextClear(mask, words, from, end)).toBe(plain(mask, from, end));
  });

  it('works byte by byte on a mask that does not start on an 8-byte boundary', () => {
    const mask = new Uint8Array(64).fill(1).subarray(3);
    mask[50] = 0;
    expect(maskWords(mask)).toBeNull();
    expect(nextClear(mask, null, 0, mask.length)).toBe(50);
    expect(nextClear(mask, null, 51, mask.length)).toBe(mask.length);
  });
});
