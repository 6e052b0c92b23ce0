import { describe, expect, it } from 'vitest';
import { readsAsBars } from './extract';

const pieces = (bars: number, others: number, fill: (i: number) => number) =>
  Array.from({ length: bars + others }, (_, i) => ({ barLike: i < bars, fill: fill(i) }));

describe('readsAsBars', () => {
  it('takes one-colour pieces for bars on a smaller share of ticked ones', () => {
    // j177-008 (NZDUSD MT4 Green on Black, JPEG): 57 % of the pieces read as bars, the rest lost
    // a tick; read as candles of one fill, every bar came out bull.
    expect(readsAsBars(pieces(57, 43, (i) => (i % 30 === 0 ? 0 : 1)))).toBe(true);
  });
  it('keeps the higher share where the fills tell the direction', () => {
    expect(readsAsBars(pieces(57, 43, (i) => 1 + (i % 2)))).toBe(false);
    expect(readsAsBars(pieces(61, 39, (i) => 1 + (i % 2)))).toBe(true);
    expect(readsAsBars(pieces(30, 70, () => 1))).toBe(false);
  });
});
