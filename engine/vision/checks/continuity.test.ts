import { describe, expect, it } from 'vitest';
import { dropUnjoined, overlaps } from './continuity';
import type { PriceScale, ReadCandle } from '../types';

// Price = row: one price per px, so tolerances read in px.
const scale: PriceScale = { mode: 'linear', slope: 1, intercept: 0, labels: [], residualPx: 0 };
const bar = (x: number, high: number, low: number, open = high, close = low): ReadCandle => ({
  x,
  open,
  high,
  low,
  close,
});

describe('dropUnjoined', () => {
  // 1 px bars 2 px apart, each range overlapping the next; the last bar stands between two
  // pieces of a level's label far above it (off the lattice).
  const bars = Array.from({ length: 10 }, (_, i) => bar(2 * i, 300 + i, 330 + i));
  const last = bar(20, 320, 345);
  const glyphBefore = bar(19, 35, 37);
  const glyphAfter = bar(21, 77, 77);

  it('judges a candle cut off by junk on both sides against the nearest candles kept', () => {
    const kept = dropUnjoined([...bars, glyphBefore, last, glyphAfter], scale, overlaps);
    expect(kept.map((c) => c.x)).toEqual([...bars.map((c) => c.x), 20]);
  });

  it('still drops a shape whose nearest kept candle is more than a place away', () => {
    const far = bar(40, 320, 345);
    const kept = dropUnjoined([...bars, glyphBefore, bar(30, 80, 82), far], scale, overlaps);
    expect(kept.map((c) => c.x)).toEqual(bars.map((c) => c.x));
  });
});
