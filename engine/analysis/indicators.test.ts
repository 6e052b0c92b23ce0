import { atr, ema, rsi } from './indicators';
import { toSeries } from './series';

// Test vectors from issue 4 (a textbook RSI / EMA example).
const closes = Float64Array.from([
  81.59, 81.06, 82.87, 83.0, 83.61, 83.15, 82.84, 83.99, 84.55, 84.36, 85.53, 86.54, 86.89, 87.77, 87.29,
]);

describe('RSI with Wilder smoothing', () => {
  it('matches the reference RSI(5) values from the 6th close on', () => {
    const r = rsi(closes, 5);
    const expected = [72.034, 64.927, 75.936, 79.796, 74.713, 83.033, 87.478, 88.755, 91.483, 78.498];
    for (let i = 0; i < 5; i++) expect(r[i]).toBeNaN();
    expected.forEach((v, k) => expect(r[5 + k]).toBeCloseTo(v, 3));
  });

  it('is 100 when the price only rises and 50 when it never moves', () => {
    expect(rsi(Float64Array.from([1, 2, 3, 4]), 2)[3]).toBe(100);
    expect(rsi(Float64Array.from([5, 5, 5, 5]), 2)[3]).toBe(50);
  });
});

describe('EMA', () => {
  it('seeded with the first value gives 82.714 at index 4 and 86.701 at the end', () => {
    const e = ema(closes, 5, 'first');
    expect(e[0]).toBe(81.59);
    expect(e[4]).toBeCloseTo(82.714, 3);
    expect(e[14]).toBeCloseTo(86.701, 3);
  });

  it('seeded with the SMA gives 82.426 at index 4 and 86.696 at the end, undefined before', () => {
    const e = ema(closes, 5, 'sma');
    for (let i = 0; i < 4; i++) expect(e[i]).toBeNaN();
    expect(e[4]).toBeCloseTo(82.426, 3);
    expect(e[14]).toBeCloseTo(86.696, 3);
  });
});

describe('ATR', () => {
  it('averages the true range, counting gaps from the previous close', () => {
    // Ranges 1 each, but bar 2 gaps 3 above bar 1's close: true range 4.
    const s = toSeries([
      { open: 10, high: 10.5, low: 9.5, close: 10 },
      { open: 10, high: 10.5, low: 9.5, close: 10 },
      { open: 13.5, high: 14, low: 13, close: 13.5 },
    ]);
    const a = atr(s, 3);
    expect(a[1]).toBeNaN();
    expect(a[2]).toBeCloseTo((1 + 1 + 4) / 3, 10);
  });
});
