import { describe, expect, it } from 'vitest';
import { latticeGroups, latticeSpacing, sureCut, type Column } from './lattice';

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
