import { analyzeTimeframe } from './analyze';
import { isEngineError } from '../core/errors';
import { barsOf } from './test-support/data';

const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return isEngineError(e) ? e.code : 'other';
  }
  return null;
};

describe('analyzeTimeframe input handling', () => {
  it('refuses fewer than 3 candles with TOO_FEW_CANDLES', () => {
    expect(codeOf(() => analyzeTimeframe(barsOf([[1, 2, 0.5, 1.5]])))).toBe('TOO_FEW_CANDLES');
  });

  it('refuses a non-numeric price with INVALID_INPUT naming the bar', () => {
    const bars = barsOf([
      [1, 2, 0.5, 1.5],
      [1, Number.NaN, 0.5, 1.5],
      [1, 2, 0.5, 1.5],
    ]);
    expect(codeOf(() => analyzeTimeframe(bars))).toBe('INVALID_INPUT');
    expect(() => analyzeTimeframe(bars)).toThrow(/Bar 1/);
  });

  it('refuses a negative gap threshold and a zero swing length', () => {
    const bars = barsOf([
      [1, 2, 0.5, 1.5],
      [1, 2, 0.5, 1.5],
      [1, 2, 0.5, 1.5],
    ]);
    expect(codeOf(() => analyzeTimeframe(bars, { fvgThreshold: -1 }))).toBe('INVALID_INPUT');
    expect(codeOf(() => analyzeTimeframe(bars, { swingLength: 0 }))).toBe('INVALID_INPUT');
  });

  it('handles a flat market: nothing detected, Neutral, strength 0', () => {
    const flat = barsOf(Array.from({ length: 60 }, () => [1.1, 1.1, 1.1, 1.1] as const));
    const a = analyzeTimeframe(flat);
    expect(a.swings).toEqual([]);
    expect(a.structure).toEqual([]);
    expect(a.fvgs).toEqual([]);
    expect(a.verdict).toMatchObject({ bias: 'Neutral', strength: 0 });
    expect(a.premiumDiscount).toMatchObject({ position: 0.5, zone: 'equilibrium' });
  });

  it('widens a bar whose body pokes out of its wicks instead of failing (chart-reading rounding)', () => {
    const bars = barsOf([
      [1.0, 1.01, 0.99, 1.0],
      [1.0, 1.005, 0.99, 1.008], // close above the high by a pixel's worth
      [1.008, 1.02, 1.0, 1.015],
    ]);
    expect(analyzeTimeframe(bars).priceRange).toEqual({ low: 0.99, high: 1.02 });
  });

  it('infers the price precision from the prices, and takes it from the caller', () => {
    const bars = barsOf([
      [1.0842, 1.08465, 1.0841, 1.0845],
      [1.0845, 1.0847, 1.0843, 1.0846],
      [1.0846, 1.0848, 1.0844, 1.0847],
    ]);
    expect(analyzeTimeframe(bars).pricePrecision).toBe(5);
    expect(analyzeTimeframe(bars, { pricePrecision: 3 }).pricePrecision).toBe(3);
    const gold = barsOf([
      [2350.15, 2351.2, 2349.5, 2350.9],
      [2350.9, 2352.0, 2350.1, 2351.4],
      [2351.4, 2351.9, 2350.3, 2350.8],
    ]);
    expect(analyzeTimeframe(gold).pricePrecision).toBe(2);
  });

  it('reports EMA warm-up: SMA-seeded EMAs start at bar period-1, first-seeded ones are reliable from there', () => {
    const bars = barsOf(
      Array.from(
        { length: 40 },
        (_, i) => [1 + i / 100, 1.01 + i / 100, 0.99 + i / 100, 1 + i / 100] as const,
      ),
    );
    const sma = analyzeTimeframe(bars, { emaSeed: 'sma' }).indicators;
    expect(sma.ema20).toMatchObject({ warmup: 19, reliableFrom: 19 });
    expect(sma.ema50).toMatchObject({ warmup: 40, last: null });
    const first = analyzeTimeframe(bars, { emaSeed: 'first' }).indicators;
    expect(first.ema20).toMatchObject({ warmup: 0, reliableFrom: 19 });
    expect(first.rsi14.warmup).toBe(14);
    expect(first.atr14.warmup).toBe(13);
  });
});
