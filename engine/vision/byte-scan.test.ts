import { countNonZero, nextNonZero, wordView } from './byte-scan';

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
