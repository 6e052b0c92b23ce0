import { describe, expect, it } from 'vitest';
import { clearTextLines } from './text-lines';
import { clearPanels } from './occluders';

// 5x7 glyphs of a pixel font ('#' ink), as MetaTrader draws its trade labels.
const GLYPHS: Record<string, string[]> = {
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '8': ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  '0': ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  D: ['####.', '#...#', '#...#', '#...#', '#...#', '#...#', '####.'],
  o: ['.###.', '#...#', '#...#', '#...#', '.###.'],
  s: ['.####', '#....', '.###.', '....#', '####.'],
  '.': ['##', '##'],
};

function mask(pw: number, ph: number) {
  const ink = new Uint8Array(pw * ph);
  const set = (x: number, y: number, k = 1) => {
    ink[y * pw + x] = k;
  };
  const text = (s: string, x0: number, top: number, k = 1) => {
    let x = x0;
    for (const ch of s) {
      if (ch === ' ') {
        x += 6;
        continue;
      }
      const rows = GLYPHS[ch]!;
      // Lower-case letters stand on the baseline, their tops at the x-height.
      const y0 = top + 7 - rows.length;
      rows.forEach((row, dy) => [...row].forEach((c, dx) => c === '#' && set(x + dx, y0 + dy, k)));
      x += 7;
    }
    return x;
  };
  /** A candle: wick from `high` to `low`, a body 5 px wide from `open` to `close` (rows). */
  const candle = (x: number, high: number, low: number, top: number, bottom: number, k = 1) => {
    for (let y = high; y <= low; y++) set(x + 2, y, k);
    for (let y = top; y <= bottom; y++) for (let dx = 0; dx < 5; dx++) set(x + dx, y, k);
  };
  const count = (x0: number, x1: number, y0: number, y1: number) => {
    let n = 0;
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (ink[y * pw + x]) n++;
    return n;
  };
  return { ink, set, text, candle, count };
}

describe('clearTextLines', () => {
  it('clears a trade label read in the candle colour and keeps the candles beside it', () => {
    const pw = 300;
    const ph = 120;
    const m = mask(pw, ph);
    const end = m.text('528.00 USD os', 20, 20);
    for (let i = 0; i < 12; i++)
      m.candle(20 + i * 16, 60 + (i % 3) * 4, 100 - (i % 4) * 3, 70 + (i % 2) * 3, 85);
    const candleInk = m.count(0, pw - 1, 50, ph - 1);
    const boxes = clearTextLines(m.ink, pw, ph);
    expect(boxes.length).toBe(1);
    expect(m.count(0, pw - 1, 0, 40)).toBe(0);
    expect(boxes[0]!.right).toBeGreaterThanOrEqual(end - 8);
    expect(m.count(0, pw - 1, 50, ph - 1)).toBe(candleInk);
  });

  it('keeps candles whose blended sides are a colour of their own on the same rows', () => {
    // A scaled-down capture: each candle's left column is a blend of its wick and body with the
    // background, classed as the grey of the wicks (3), beside the black body (1) whose wick runs
    // down its right side. Two such candles over the same rows are four shapes on one cap line
    // and baseline, but only two of one colour.
    const pw = 120;
    const ph = 80;
    const m = mask(pw, ph);
    for (const x of [30, 40]) {
      for (let y = 20; y <= 49; y++) m.set(x, y, 3);
      for (let y = 25; y <= 44; y++) for (let dx = 1; dx <= 4; dx++) m.set(x + dx, y, 1);
      for (let y = 20; y <= 49; y++) m.set(x + 4, y, 1);
    }
    const before = m.count(0, pw - 1, 0, ph - 1);
    expect(clearTextLines(m.ink, pw, ph)).toEqual([]);
    expect(m.count(0, pw - 1, 0, ph - 1)).toBe(before);
  });

  it('clears a label that a dashed line of another colour runs through', () => {
    const pw = 200;
    const ph = 60;
    const m = mask(pw, ph);
    m.text('5285 S2', 10, 20, 1);
    // The label is drawn over the line, which shows between its glyphs.
    for (let x = 0; x < pw; x++) if (x % 6 < 4 && !m.ink[22 * pw + x]) m.set(x, 22, 2);
    clearTextLines(m.ink, pw, ph);
    let textLeft = 0;
    for (let y = 18; y <= 28; y++) for (let x = 0; x < pw; x++) if (m.ink[y * pw + x] === 1) textLeft++;
    expect(textLeft).toBe(0);
  });

  it('keeps the wick that passes behind a glyph of the line, up to its end above the text', () => {
    const pw = 200;
    const ph = 80;
    const m = mask(pw, ph);
    // A status line in class 1 (white), a candle in class 2 (green) whose wick rises behind
    // the "D"'s stem (x 31, rows 20-26) to row 16, and another whose wick ends under the "S".
    m.text('5285 DS2', 10, 20, 1);
    m.candle(29, 16, 70, 40, 60, 2);
    m.candle(36, 27, 70, 40, 60, 2);
    for (let y = 20; y <= 26; y++) m.set(31, y, 1);
    for (let y = 20; y <= 26; y++) m.set(38, y, 1);
    clearTextLines(m.ink, pw, ph);
    // The first wick runs on behind the glyph to its end at row 16.
    for (let y = 16; y <= 70; y++) expect(m.ink[y * pw + 31]).toBe(2);
    // The second ends under the text: the glyph above it is cleared, not added to it.
    for (let y = 16; y <= 26; y++) expect(m.ink[y * pw + 38]).toBe(0);
    expect(m.ink[27 * pw + 38]).toBe(2);
  });

  it('keeps a row of candles that share their high and low (a flat market)', () => {
    const pw = 200;
    const ph = 60;
    const m = mask(pw, ph);
    for (let i = 0; i < 10; i++) m.candle(10 + i * 8, 20, 30, 23, 27);
    const before = m.count(0, pw - 1, 0, ph - 1);
    expect(clearTextLines(m.ink, pw, ph)).toEqual([]);
    expect(m.count(0, pw - 1, 0, ph - 1)).toBe(before);
  });

  it('keeps a row of hollow-looking symmetric glyphs ("0", "U", "o") that no lopsided glyph joins', () => {
    const pw = 200;
    const ph = 40;
    const m = mask(pw, ph);
    m.text('0U00U0', 10, 10);
    const before = m.count(0, pw - 1, 0, ph - 1);
    expect(clearTextLines(m.ink, pw, ph)).toEqual([]);
    expect(m.count(0, pw - 1, 0, ph - 1)).toBe(before);
  });
});

describe('clearPanels', () => {
  it('clears the shapes touching a panel and keeps the candles beside it', () => {
    const pw = 200;
    const ph = 100;
    const m = mask(pw, ph);
    // Candles left of the panel, and one whose lower wick runs under it.
    m.candle(10, 20, 80, 30, 60);
    m.candle(26, 25, 85, 35, 50);
    m.candle(100, 5, 45, 10, 30);
    const kept = m.count(0, 40, 0, ph - 1);
    const plot = { left: 50, top: 10, right: 249, bottom: 109 };
    // The panel in image px: plot columns 80..180, rows 40..90.
    expect(clearPanels(m.ink, plot, [{ left: 130, top: 50, right: 230, bottom: 100 }])).toBe(true);
    expect(m.count(0, 40, 0, ph - 1)).toBe(kept);
    expect(m.count(90, 120, 0, ph - 1)).toBe(0);
    expect(clearPanels(m.ink, plot, [])).toBe(false);
  });

  it('keeps a candle beside a panel with its wick ends in view, and shapes that only near it', () => {
    const pw = 200;
    const ph = 100;
    const m = mask(pw, ph);
    const plot = { left: 0, top: 0, right: pw - 1, bottom: ph - 1 };
    // Panel at plot columns 60..140, rows 0..50 (with its 2 px border reach: 58..142, ..52).
    const panel = { left: 60, top: 0, right: 140, bottom: 50 };
    // Its body runs under the panel's side (columns 53..57), its wick ends (rows 10, 45) do not.
    m.candle(53, 10, 45, 20, 35, 1);
    // A sliver of a candle whose wick is under the panel: its top row meets the panel's side.
    for (let y = 15; y <= 30; y++) m.set(143, y, 2);
    // Candles below the panel joined by a line: their box reaches into the panel's, no pixel does.
    m.candle(100, 56, 90, 60, 80, 3);
    m.candle(170, 20, 90, 60, 80, 3);
    for (let x = 102; x <= 172; x++) m.set(x, 70, 3);
    const kept = m.count(0, 57, 0, ph - 1) + m.count(100, 175, 55, ph - 1);
    expect(clearPanels(m.ink, plot, [panel])).toBe(true);
    expect(m.count(0, 57, 0, ph - 1) + m.count(100, 175, 55, ph - 1)).toBe(kept);
    expect(m.count(143, 143, 0, 50)).toBe(0);
  });
});
