import { describe, expect, it } from 'vitest';
import { cutAtPlaces, wickCentres, wickLattice, wickMemo } from './wicks';
import { touchingCandles } from './staircase';
import { components } from './shapes';
import { inEventRow, sharesEdgeColumns } from './extract';
import { CHAIN_SHARE_MAX_COLUMNS, EVENT_ROW_SHARE } from './tuning';

/*
 * A scaled-down capture of a dense chart (tv-gray EURUSD 15m): candles every 3.78 px, bodies
 * 3-4 px that touch, every column end blurred. Their wicks stand clear above and below the bodies.
 */

const SPACING = 3.78;
const PHASE = 5.2;

/** Ink mask of `n` touching candles: body rows drift up and down, wicks 1 px at each centre. */
function staircase(n: number, pw = 900, ph = 120) {
  const ink = new Uint8Array(pw * ph);
  const wicks: number[] = [];
  for (let k = 0; k < n; k++) {
    const c = PHASE + k * SPACING;
    const x0 = Math.round(c - SPACING / 2 + 0.01);
    const x1 = Math.round(c + SPACING / 2 + 0.01) - 1;
    const top = 40 + ((k * 7) % 11);
    const bottom = top + 12 + ((k * 5) % 9);
    const cls = k % 3 === 0 ? 2 : 1;
    for (let y = top; y <= bottom; y++) for (let x = x0; x <= x1; x++) ink[y * pw + x] = cls;
    // Wicks above and below the body, on the column nearest the centre.
    const w = Math.round(c);
    wicks.push(w);
    for (let y = top - 6; y < top; y++) ink[y * pw + w] = 3;
    for (let y = bottom + 1; y <= bottom + 5; y++) ink[y * pw + w] = 3;
  }
  return { ink, pw, ph, wicks };
}

describe('wickLattice', () => {
  it('finds the spacing and phase of touching candles from their wicks', () => {
    const { ink, pw, wicks } = staircase(200);
    const centres = wickCentres(ink, pw, () => 1);
    // Wicks standing clear on both sides (the neighbours' bodies end lower or higher).
    expect(centres.length).toBeGreaterThan(100);
    const l = wickLattice(centres)!;
    expect(l.spacing).toBeCloseTo(SPACING, 1);
    expect(l.coherence).toBeGreaterThan(0.8);
    // Each place the lattice cuts holds one candle's wick.
    const ranges = cutAtPlaces(l, 0, 760);
    for (const w of wicks.filter((x) => x > 4 && x < 756))
      expect(ranges.filter(([a, b]) => w >= a && w <= b)).toHaveLength(1);
    const per = ranges.slice(1, -1).map(([a, b]) => wicks.filter((w) => w >= a && w <= b).length);
    expect(per.every((n) => n === 1)).toBe(true);
  });

  it('weights a wick drawn between two columns by their ink', () => {
    const pw = 20;
    const ink = new Uint8Array(pw * 10);
    for (let y = 2; y < 8; y++) ink[y * pw + 5] = ink[y * pw + 6] = 1;
    // The body it leaves.
    for (let x = 4; x <= 7; x++) ink[8 * pw + x] = 1;
    expect(wickCentres(ink, pw, (x) => (x === 5 ? 0.75 : 0.25))).toEqual([5.25]);
  });

  it('finds no lattice in strokes at random places', () => {
    let s = 7;
    const rand = () => ((s = (s * 1103515245 + 12345) >>> 0) >>> 8) / (1 << 24);
    const centres = Array.from({ length: 150 }, () => rand() * 800).sort((a, b) => a - b);
    expect(wickLattice(centres)).toBeNull();
  });
});

describe('wickMemo', () => {
  it('reads the wicks again once the ink changed, or another memo took the copy', () => {
    const { ink, pw } = staircase(200);
    const read = wickMemo(ink, pw, () => 1);
    const first = read();
    expect(read()).toBe(first);
    // A line cleared between the two reads: a wick's column emptied.
    const x = Math.round(first.centres[10]!);
    for (let i = x; i < ink.length; i += pw) ink[i] = 0;
    const again = read();
    expect(again).not.toBe(first);
    expect(again).toEqual({ centres: wickCentres(ink, pw, () => 1), lattice: wickLattice(again.centres) });
    wickMemo(new Uint8Array(ink), pw, () => 1)();
    expect(read()).not.toBe(again);
  });
});

describe('touchingCandles on a blurred capture', () => {
  it('cuts the staircases on the wicks lattice where every column end is soft', () => {
    const { ink, pw, ph } = staircase(120);
    const { labels, comps } = components(ink, pw, ph, 0);
    const ids = comps.map((_, i) => i);
    // Every pixel half ink: the starts give no lattice, the soft ends stop the usual cut.
    const cut = touchingCandles(ids, comps, labels, ink, pw, () => 0.5);
    expect(cut.size).toBeGreaterThan(0);
    // Inside a staircase each range is one candle (3 or 4 columns); at its ends a column of the
    // neighbour's blend may go with the last candle.
    const inner = [...cut.values()].flatMap((s) => s.ranges.slice(1, -1));
    const ends = [...cut.values()].flatMap((s) => [s.ranges[0]!, s.ranges.at(-1)!]);
    const width = ([a, b]: [number, number]) => b - a + 1;
    expect(inner.length).toBeGreaterThan(50);
    expect(inner.every((r) => width(r) >= 3 && width(r) <= 4)).toBe(true);
    expect(ends.every((r) => width(r) >= 2 && width(r) <= 5)).toBe(true);
  });
});

describe('touchingCandles on hollow candles', () => {
  it('takes no lattice from the sides and wicks of hollow candles all of one width', () => {
    // Hollow candles 11 px wide, 16.4 px apart: each body's two sides and its wick are three
    // strokes about 4.1 px apart, a lattice a quarter of the candles' spacing.
    const pw = 1800;
    const ph = 120;
    const ink = new Uint8Array(pw * ph);
    for (let k = 0; k < 100; k++) {
      const x0 = Math.round(8 + k * 16.4);
      const top = 40 + ((k * 7) % 11);
      const bottom = top + 20 + ((k * 5) % 9);
      for (let x = x0; x < x0 + 11; x++) ink[top * pw + x] = ink[bottom * pw + x] = 1;
      for (let y = top; y <= bottom; y++) ink[y * pw + x0] = ink[y * pw + x0 + 10] = 1;
      for (let y = top - 8; y <= bottom + 8; y++) if (y < top || y > bottom) ink[y * pw + x0 + 5] = 1;
      for (let y = top + 1; y < bottom; y++) if (k % 2) ink[y * pw + x0 + 5] = 1;
    }
    const { labels, comps } = components(ink, pw, ph, 0);
    const ids = comps.map((_, i) => i);
    expect(touchingCandles(ids, comps, labels, ink, pw, () => 0.5).size).toBe(0);
  });
});

describe('sharesEdgeColumns', () => {
  const comp = (minX: number, maxX: number, minY = 10, maxY = 40) => ({
    minX,
    maxX,
    minY,
    maxY,
    count: (maxX - minX + 1) * (maxY - minY + 1),
  });
  // Kept shapes: a candle at columns 10-13 and one at 18-21; typical shapes are four columns wide.
  const width = 4;
  const comps = [comp(10, 13), comp(18, 21), comp(14, 17), comp(13, 18), comp(12, 16), comp(11, 12, 0, 8)];
  const owners = (i: number) => {
    const c = comps[i]!;
    const out = new Map<number, number>();
    for (const o of [0, 1]) {
      const k = comps[o]!;
      const n = Math.min(c.maxX, k.maxX) - Math.max(c.minX, k.minX) + 1;
      if (n > 0) out.set(o, n);
    }
    return out;
  };

  it('keeps a neighbour that shares only the blended column at each side', () => {
    // 13-18: its first column is the left candle's last, its last the right candle's first.
    expect(sharesEdgeColumns(comps[3]!, owners(3), comps, width)).toBe(true);
  });

  it('leaves a shape sharing more than a column, or standing over a candle, a rival', () => {
    expect(sharesEdgeColumns(comps[4]!, owners(4), comps, width)).toBe(false);
    expect(sharesEdgeColumns(comps[5]!, owners(5), comps, width)).toBe(false);
  });

  it('lets chains of touching bars share CHAIN_SHARE_MAX_COLUMNS where a close tick meets an open tick', () => {
    expect(sharesEdgeColumns(comps[4]!, owners(4), comps, width, CHAIN_SHARE_MAX_COLUMNS)).toBe(true);
    // A shape standing over a candle's columns is still its rival.
    expect(sharesEdgeColumns(comps[5]!, owners(5), comps, width, CHAIN_SHARE_MAX_COLUMNS)).toBe(false);
  });

  it('leaves the halves of one bar, cut at its stem by a line, rivals', () => {
    // An OHLC bar at 30-34 (stem 32) cut in two: 30-32 (open tick and stem), 32-34 (stem and close tick).
    const halves = [comp(30, 32), comp(32, 34)];
    const shared = new Map([[0, 1]]);
    expect(sharesEdgeColumns(halves[1]!, shared, halves, 5)).toBe(false);
    // The same columns as two candles three columns wide are neighbours.
    expect(sharesEdgeColumns(halves[1]!, shared, halves, 3)).toBe(true);
  });
});

describe('inEventRow', () => {
  it('places shapes wholly in the bottom EVENT_ROW_SHARE of the plot in the event-flag row', () => {
    const ph = 400;
    const bottom = ph * (1 - EVENT_ROW_SHARE);
    const shape = (minY: number) => ({ minX: 0, maxX: 10, minY, maxY: ph - 4, count: 50 });
    expect(inEventRow(shape(bottom + 2), ph)).toBe(true);
    // A candle reaching down into the margin is no flag.
    expect(inEventRow(shape(bottom - 30), ph)).toBe(false);
  });
});
