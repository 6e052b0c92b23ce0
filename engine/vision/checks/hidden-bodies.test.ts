import { describe, expect, it } from 'vitest';
import { checkContinuity } from './continuity';
import { estimateHiddenBodies } from './hidden-bodies';
import { paintChart } from '../test-support/paint';
import { pixelStages } from '../test-support/stages';
import type { PriceScale, ReadCandle } from '../types';

// Price = minus the row: one price per px, higher up higher.
const scale: PriceScale = { mode: 'linear', slope: -1, intercept: 0, labels: [], residualPx: 0 };
const stroke = (x: number, high: number, low: number, bull: boolean): ReadCandle =>
  bull ? { x, open: low, high, low, close: high } : { x, open: high, high, low, close: low };

describe('estimateHiddenBodies', () => {
  it('gives two neighbouring strokes one price where the first closes and the second opens', () => {
    // A bull 100-110 then a bear 104-112: the close end 110 and the open end 112, held in the
    // overlap 104-110: 110. Then a bull 95-106: the bear's close end 104, its open end 95: 99.5.
    const c = [stroke(10, 110, 100, true), stroke(12, 112, 104, false), stroke(14, 106, 95, true)];
    const out = estimateHiddenBodies(c, () => false, 3);
    expect(out.map((k) => [k.open, k.close])).toEqual([
      [100, 110],
      [110, 104],
      [104, 106],
    ]);
    // Highs and lows are never touched, and the input is left as it was.
    expect(out.map((k) => [k.high, k.low])).toEqual(c.map((k) => [k.high, k.low]));
    expect(c[1]!.open).toBe(112);
  });

  it('keeps the stroke ends where the estimate contradicts the colour or no neighbour stands', () => {
    // A bull whose neighbours would make it open above its close keeps its ends; a bar past a
    // missing one (6 px > reach 3) and bars whose ranges do not overlap chain nothing.
    const c = [
      stroke(10, 120, 118, false),
      stroke(12, 120, 110, true),
      stroke(14, 111, 109, false),
      stroke(20, 130, 125, true),
      stroke(22, 140, 135, false),
    ];
    const out = estimateHiddenBodies(c, () => false, 3);
    expect(out[1]).toEqual(c[1]);
    expect(out[3]).toEqual(c[3]);
    expect(out[4]).toEqual(c[4]);
  });

  it('takes a known body’s close as its unknown neighbour’s open', () => {
    const known = { x: 10, open: 100, high: 108, low: 99, close: 105 };
    const out = estimateHiddenBodies([known, stroke(12, 107, 101, true)], (k) => k === known, 3);
    expect(out[0]).toEqual(known);
    expect(out[1]!.open).toBe(105);
    expect(out[1]!.close).toBe(107);
  });
});

describe('1 px strokes read through the checks', () => {
  it('estimates opens and closes of a painted chart of 1 px bars from their neighbours', () => {
    // MetaTrader at its smallest zoom: bars 3 px apart, body and wick one 1 px stroke in the
    // direction's colour, each bar opening where the previous one closed.
    const { image, candles: painted } = paintChart({ spacing: 3, bodyWidth: 1, maxWick: 6, seed: 11 });
    const { ex } = pixelStages(image);
    const unknown = ex.candles.map((c) => !c.ambiguous);
    expect(unknown.filter((k) => !k).length).toBeGreaterThan(0.9 * ex.candles.length);
    const read = ex.candles.map((c) => {
      const top = c.direction > 0 ? c.bodyTop : c.bodyBottom;
      const bottom = c.direction > 0 ? c.bodyBottom : c.bodyTop;
      return { x: c.x, high: -c.highY, low: -c.lowY, open: -bottom, close: -top };
    });
    const result = checkContinuity(read, scale, '1h', false, unknown);
    expect(result.unjudged).toBe(true);
    // Within 1.5 px of the painted open and close:
    const exact = (rows: (c: ReadCandle) => [number, number]) =>
      painted.filter((p) => {
        const k = result.candles.find((c) => Math.abs(c.x - p.x) < 1);
        if (!k) return false;
        const [o, cl] = rows(k);
        return Math.abs(o - p.openY) <= 1.5 && Math.abs(cl - p.closeY) <= 1.5;
      }).length / painted.length;
    const ends = (k: ReadCandle): [number, number] => {
      const r = read.find((c) => c.x === k.x)!;
      return [-r.open, -r.close];
    };
    // The stroke's ends give 5 % of them, the estimate 38 % (the bodies are not in the pixels:
    // most bars' opens and closes lie inside their strokes, where nothing marks them).
    expect(result.candles).toHaveLength(painted.length);
    expect(exact(ends)).toBeLessThan(0.1);
    expect(exact((k) => [-k.open, -k.close])).toBeGreaterThan(0.3);
  });
});
