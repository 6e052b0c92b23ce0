import { describe, expect, it } from 'vitest';
import { chainOfBars, readsAsBars } from './extract';

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

/** `both` pieces with both ticks, `one` with one tick only, `none` with neither (a candle's). */
const chain = (both: number, one: number, none: number) => [
  ...Array.from({ length: both }, () => ({ barLike: true })),
  ...Array.from({ length: one }, (_, i) => ({
    barLike: false,
    oneTick: { side: i % 2 ? 1 : -1, row: 10 } as const,
  })),
  ...Array.from({ length: none }, () => ({ barLike: false })),
];

describe('chainOfBars', () => {
  it('cuts a chain whose bars lost a tick under a line of another colour', () => {
    // c11-005 (SPX, MetaTrader black bars on white, a grey trend line across them): five of the
    // eight pieces show both ticks, three one; read as candles, the chain became three wide
    // shapes the continuity check dropped.
    expect(chainOfBars(chain(5, 3, 0))).toBe(true);
    expect(chainOfBars(chain(7, 0, 3))).toBe(true);
  });
  it('still needs most pieces to show both ticks', () => {
    // Chains of dense JPEG candles (j77-002, fx-09) cut at thin columns show pieces with one
    // side only; at half of them with both, those were cut as bars.
    expect(chainOfBars(chain(5, 5, 0))).toBe(false);
    expect(chainOfBars(chain(5, 2, 3))).toBe(false);
    expect(chainOfBars(chain(0, 8, 0))).toBe(false);
  });
  it('takes a piece that could not be measured for no bar', () => {
    expect(chainOfBars([...chain(6, 0, 0), null, null, null])).toBe(false);
  });
});
