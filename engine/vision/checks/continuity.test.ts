import { describe, expect, it } from 'vitest';
import { checkContinuity, dropFlatStrays, dropUnjoined, overlaps } from './continuity';
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

describe('checkContinuity with a panel between candles', () => {
  // Twelve joined bars right of a panel (columns 100..400) and one left of it, at another price
  // (the bars between them are under the panel).
  const right = Array.from({ length: 12 }, (_, i) =>
    bar(410 + 10 * i, 200 + i, 230 + i, 205 + i, 206 + i + 1),
  );
  right.forEach((c, i) => i > 0 && (c.open = right[i - 1]!.close));
  const left = bar(20, 100, 150, 110, 140);

  it('keeps the candle whose only neighbour is across the panel, and drops it without the panel', () => {
    const across = (a: ReadCandle, b: ReadCandle) => a.x < 100 && b.x > 400;
    const withPanel = checkContinuity([left, ...right], scale, null, false, undefined, across);
    expect(withPanel.candles.map((c) => c.x)).toContain(20);
    const without = checkContinuity([left, ...right], scale, null);
    expect(without.candles.map((c) => c.x)).not.toContain(20);
  });
});

describe('dropFlatStrays', () => {
  // Bars 4 px apart; two flat steps of a line past the last bar, 120 px below it, and a flat bar
  // (a market that did not move) inside its neighbours' ranges.
  const bars = Array.from({ length: 10 }, (_, i) => bar(4 * i, 500 + i, 520 + i));
  const doji = bar(40, 512, 512);
  const more = bar(44, 505, 525);
  const steps = [bar(47.5, 646, 646), bar(50.5, 645, 645)];

  it('drops flat shapes away from every neighbour and keeps a flat bar inside their ranges', () => {
    const kept = dropFlatStrays([...bars, doji, more, ...steps], scale);
    expect(kept.map((c) => c.x)).toEqual([...bars.map((c) => c.x), 40, 44]);
  });
});
