import { describe, expect, it } from 'vitest';
import { instrument } from './instruments';
import { aggregate, loadRealEurusd15m, realSet, syntheticSet } from './market-data';
import { Rng } from './rng';

const validBar = (b: { o: number; h: number; l: number; c: number }) =>
  b.h >= Math.max(b.o, b.c) && b.l <= Math.min(b.o, b.c) && b.l > 0;

describe('corpus market data', () => {
  it('synthetic sets: valid OHLC at the instrument decimals, timeframes aggregate from one walk', () => {
    for (const symbol of ['EURUSD', 'USDJPY', 'XAUUSD', 'DAX']) {
      const inst = instrument(symbol);
      const set = syntheticSet(new Rng(3), inst, 300);
      for (const tf of ['5m', '15m', '4h'] as const) {
        expect(set[tf]).toHaveLength(300);
        for (const b of set[tf]) {
          expect(validBar(b)).toBe(true);
          for (const v of [b.o, b.h, b.l, b.c]) expect(Number(v.toFixed(inst.decimals))).toBe(v);
        }
      }
      // Open = previous close except across the weekend gap (same-day bars only).
      const fives = set['5m'];
      const continuous = fives.slice(1).filter((b, i) => b.t - fives[i]!.t === 300 && b.o === fives[i]!.c);
      expect(continuous.length / (fives.length - 1)).toBeGreaterThan(0.97);
      const from5 = aggregate(set['5m'], 900);
      const last15 = set['15m'].at(-1)!;
      expect(from5.at(-1)).toEqual(last15);
      // Prices stay at the instrument's level (no runaway walk).
      expect(set['4h'].at(-1)!.c).toBeGreaterThan(inst.priceMin * 0.6);
      expect(set['4h'].at(-1)!.c).toBeLessThan(inst.priceMax * 1.6);
    }
  });

  it('is deterministic for a seed', () => {
    const a = syntheticSet(new Rng(9), instrument('GBPJPY'), 100);
    const b = syntheticSet(new Rng(9), instrument('GBPJPY'), 100);
    expect(a).toEqual(b);
  });

  const real = loadRealEurusd15m();
  it.skipIf(!real)('real EURUSD sets: 5m bars split from real 15m bars aggregate back exactly', () => {
    const set = realSet(new Rng(4), real!, 200, 5);
    expect(set['15m']).toHaveLength(200);
    const back = aggregate(set['5m'], 900);
    const byTime = new Map(set['15m'].map((b) => [b.t, b]));
    let compared = 0;
    for (const b of back.slice(1)) {
      const r = byTime.get(b.t);
      if (!r) continue;
      expect({ o: b.o, h: b.h, l: b.l, c: b.c }).toEqual({ o: r.o, h: r.h, l: r.l, c: r.c });
      compared++;
    }
    expect(compared).toBeGreaterThan(50);
    for (const b of set['5m']) expect(validBar(b)).toBe(true);
  });
});
