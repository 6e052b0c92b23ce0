import { describe, expect, it } from 'vitest';
import { latticeGroups, latticeSpacing, sureCut, type Column } from './lattice';
import { offLattice } from './staircase';
import { legendGlyphs } from './glyphs';
import { box } from '../test-support/components';
import type { PixelCandle } from './types';

const col = (top: number, bottom: number, cls = 1): Column => ({ top, bottom, cls, mask: 1 << cls });

describe('candle lattice', () => {
  it('finds a fractional spacing from starts rounded to pixels, some missing', () => {
    const starts: number[] = [];
    for (let i = 0; i < 300; i++) if (i % 4 !== 1 && i % 7 !== 3) starts.push(Math.round(5 + i * 2.7));
    expect(latticeSpacing(starts)).toBeCloseTo(2.7, 2);
  });

  it('finds the spacing of sparse candles and ignores a few starts off the lattice', () => {
    const starts: number[] = [];
    for (let i = 0; i < 80; i++) starts.push(20 + i * 11);
    starts.push(106, 300, 512);
    expect(latticeSpacing(starts)).toBeCloseTo(11, 1);
  });

  it('cuts where colours meet or bodies shift, not between a wick and its body', () => {
    // Outline column beside the fill between two outline rows: one candle.
    const outline: Column = { top: 10, bottom: 20, cls: 2, mask: 4 };
    const fill: Column = { top: 10, bottom: 20, cls: 1, mask: 6 };
    expect(sureCut(outline, fill)).toBe(false);
    expect(sureCut(col(10, 20, 1), col(10, 20, 2))).toBe(true);
    expect(sureCut(col(10, 20), col(20, 30))).toBe(true);
    expect(sureCut(col(5, 25), col(10, 20))).toBe(false);
  });

  it('cuts a staircase of one colour into candles 2.7 px apart', () => {
    // Bodies (2 or 3 columns, the first a wick column reaching further) stacked: each starts
    // on the row where the previous one ended.
    const cols: Column[] = [];
    const truth: [number, number][] = [];
    let y = 100;
    let x = 0;
    for (let i = 0; i < 30; i++) {
      const w = Math.round((i + 1) * 2.7) - Math.round(i * 2.7);
      const h = 3 + ((i * 7) % 5);
      truth.push([x, x + w - 1]);
      for (let k = 0; k < w; k++) cols.push(k === 0 ? col(y - 2, y + h + 2) : col(y, y + h));
      x += w;
      y += h;
    }
    expect(latticeGroups(cols, 2.7)).toEqual(truth);
  });
});

describe('shapes off the candle lattice', () => {
  const shape = (x: number, width: number, highY: number, lowY: number): PixelCandle => {
    const half = (width - 1) / 2;
    return {
      x,
      left: x - half,
      right: x + half,
      highY,
      lowY,
      bodyTop: highY + 2,
      bodyBottom: lowY - 2,
      fill: 1,
      direction: 0,
      ambiguous: false,
      stemLeft: x,
      stemRight: x,
    };
  };
  // 20 bodies 30 px wide, 48 px apart (TradingView daily at that zoom).
  const bodies = Array.from({ length: 20 }, (_, i) => shape(100 + 48 * i, 29, 300 + (i % 5) * 7, 360));

  it('drops a tall shape much narrower than the bodies halfway between two of them (a legend digit)', () => {
    const digit = shape(100 + 48 * 9 + 22, 11, 110, 125);
    const marker = shape(100 + 48 * 14 + 25, 1, 554, 560);
    const all = [...bodies, digit, marker].sort((a, b) => a.x - b.x);
    expect(offLattice(all)).toEqual(bodies);
  });

  it('keeps narrow shapes on the lattice, and narrow bodies on thin candles', () => {
    // A doji read as its 1 px wick still stands at its place.
    const wick = shape(100 + 48 * 20, 1, 320, 340);
    expect(offLattice([...bodies, wick])).toHaveLength(21);
    // 7 px bodies: a 3 px shape between two is as often a JPEG-thinned body as a glyph.
    const thin = Array.from({ length: 20 }, (_, i) => shape(100 + 10 * i, 7, 300, 340));
    const piece = shape(100 + 10 * 9 + 5, 3, 310, 330);
    expect(offLattice([...thin, piece].sort((a, b) => a.x - b.x))).toHaveLength(21);
  });
});

describe("a legend's digits in the candles' colours", () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('drops a line of digits on one cap height and baseline near the top, the decimal point with it', () => {
    // "1.12998": 15 rows tall at rows 54-71 of a 420-row plot; a "9" ends a row or two short.
    const digits = [
      box(44, 49, 54, 71),
      box(57, 57, 68, 71),
      box(65, 70, 54, 71),
      box(76, 85, 54, 71),
      box(88, 98, 54, 69),
      box(101, 111, 54, 69),
      box(114, 124, 54, 71),
    ];
    const candle = box(300, 330, 60, 200);
    const comps = [...digits, candle];
    expect([...legendGlyphs(comps, ids(comps.length), 420)].sort((a, b) => a - b)).toEqual(ids(7));
  });

  it('keeps candles: highs and lows that wander, a run too short, or text low in the plot', () => {
    const wandering = Array.from({ length: 8 }, (_, i) =>
      box(10 + 8 * i, 15 + 8 * i, 50 + (i % 3) * 4, 64 + (i % 2) * 5),
    );
    expect(legendGlyphs(wandering, ids(8), 420).size).toBe(0);
    const four = Array.from({ length: 4 }, (_, i) => box(10 + 12 * i, 19 + 12 * i, 54, 71));
    expect(legendGlyphs(four, ids(4), 420).size).toBe(0);
    const low = Array.from({ length: 7 }, (_, i) => box(10 + 12 * i, 19 + 12 * i, 300, 317));
    expect(legendGlyphs(low, ids(7), 420).size).toBe(0);
  });
});
