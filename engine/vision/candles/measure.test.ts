import { describe, expect, it } from 'vitest';
import { measure } from './measure';

/*
 * One shape as a blurred, enlarged capture draws it (SPY 3m, a web image enlarged about 3x): a
 * 2 px wick that reads 4 px wide over the 18 rows next to a 15 px body.
 */
describe('measure on a wick blurred wider next to its body', () => {
  it('reads the body from its own rows, not from where the wick widens', () => {
    const pw = 15;
    const rows: [number, number][] = [];
    for (let y = 0; y < 30; y++) rows.push([6, 7]); // the wick, 2 px
    for (let y = 30; y < 48; y++) rows.push([5, 8]); // the wick widened by the blur, 4 px
    for (let y = 48; y < 70; y++) rows.push([0, 14]); // the body
    for (let y = 70; y < 80; y++) rows.push([6, 7]);
    const ink = new Uint8Array(pw * rows.length);
    const labels = new Int32Array(pw * rows.length);
    rows.forEach(([l, r], y) => {
      for (let x = l; x <= r; x++) {
        ink[y * pw + x] = 1;
        labels[y * pw + x] = 1;
      }
    });
    const { candle } = measure(ink, labels, pw, 1, { minY: 0, maxY: rows.length - 1 }, 0, pw - 1, () => 1);
    expect(candle.bodyTop).toBe(48);
    expect(candle.bodyBottom).toBe(69);
    expect([candle.highY, candle.lowY]).toEqual([0, 79]);
  });
});

/**
 * The candle `measure` reads from one piece `pw` x `h` px painted by `classAt` (the ink class
 * of a pixel, 0 for none).
 */
function measurePainted(
  pw: number,
  h: number,
  classAt: (x: number, y: number) => number,
  onDottedLine?: (y: number) => boolean,
) {
  const ink = new Uint8Array(pw * h);
  const labels = new Int32Array(pw * h).fill(-1);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < pw; x++) {
      const k = classAt(x, y);
      if (k === 0) continue;
      ink[y * pw + x] = k;
      labels[y * pw + x] = 1;
    }
  return measure(ink, labels, pw, 1, { minY: 0, maxY: h - 1 }, 0, pw - 1, () => 1, onDottedLine).candle;
}

const FILL = 1;
const EDGE = 2;
/** The body's rows in the painted pieces below (of 40). */
const BODY_TOP = 10;
const BODY_BOTTOM = 29;
const inBody = (y: number) => y >= BODY_TOP && y <= BODY_BOTTOM;

/*
 * MetaTrader's Green on Black at DPR 2 on JPEG (mtj-j55-004 4h): a white bear body framed in
 * lime whose 2 px lime wick shows on through the fill. The stem's centre column rounds to one of
 * its two columns, so the columns either side of that centre are one stem column and one fill
 * column: tied, the first met (the stem's) took the body and the bear was read a bull.
 */
describe('measure on a filled body with a 2 px wick drawn through it', () => {
  it('reads the fill beside the stem, not the stem', () => {
    const pw = 17;
    const candle = measurePainted(pw, 40, (x, y) => {
      const stem = x === 8 || x === 9;
      const frame = inBody(y) && (y === BODY_TOP || y === BODY_BOTTOM || x === 0 || x === pw - 1);
      return stem || frame ? EDGE : inBody(y) ? FILL : 0;
    });
    expect([candle.bodyTop, candle.bodyBottom]).toEqual([BODY_TOP, BODY_BOTTOM]);
    expect(candle.fill).toBe(FILL);
  });
});

/*
 * Lightweight Charts at DPR 2 (SPX light 4h): a 7 px body whose 2 px border is drawn in a colour
 * of its own around the fill, with a 3 px stem. The columns beside the stem are the border's;
 * the fill is read at the columns beside the centre (on the stem: a wick under a body has the
 * body's colour).
 */
describe('measure on a bordered body with a 3 px stem', () => {
  it("reads the fill, not the border's columns beside the stem", () => {
    const pw = 7;
    const candle = measurePainted(pw, 40, (x, y) =>
      inBody(y) ? (x <= 1 || x >= pw - 2 ? EDGE : FILL) : x >= 2 && x <= 4 ? FILL : 0,
    );
    expect([candle.bodyTop, candle.bodyBottom]).toEqual([BODY_TOP, BODY_BOTTOM]);
    expect(candle.fill).toBe(FILL);
  });
});

/*
 * MetaTrader 4 OHLC bars at DPR 2 on JPEG (mj-j55-001 USDCAD): a 2 px stem, 1 px ticks two rows
 * tall. A tick at the stem's end (an open at the low) runs a row past it, 1 px wide beside the
 * stem; no row is narrow against the 3 px tick rows (2/3), and that last row set the stem's
 * width: every row was "wider than the stem" and the bar lost its ticks.
 */
describe('measure on an OHLC bar whose ticks are thinner than its stem', () => {
  const STEM = [2, 3];
  const stem = (x: number, y: number, top: number, bottom: number) =>
    x >= STEM[0]! && x <= STEM[1]! && y >= top && y <= bottom;

  it('reads the stem over most rows, not the 1 px row a tick leaves past its end', () => {
    const candle = measurePainted(6, 52, (x, y) =>
      stem(x, y, 4, 49) || (x === 4 && (y === 10 || y === 11)) || (x === 1 && (y === 49 || y === 50)) ? 1 : 0,
    );
    expect([candle.stemLeft, candle.stemRight]).toEqual(STEM);
    expect(candle.direction).toBe(1);
    expect(candle.bodyTop).toBeCloseTo(10.5, 5);
    // The row past the stem's end is as narrow as the stem: a wick row, the tick read on row 49.
    expect(candle.bodyBottom).toBe(49);
  });

  it('reads each tick from its own rows, not from a line crossing both sides of the stem', () => {
    // A moving average crossing the bar in the class's colour (JPEG: a dark line on white) at
    // rows 25-26, reaching out on both sides, beside the close's tick (rows 10-11) and the
    // open's (rows 40-41).
    const candle = measurePainted(6, 50, (x, y) =>
      stem(x, y, 2, 47) ||
      (x >= 4 && (y === 10 || y === 11)) ||
      (x <= 1 && (y === 40 || y === 41)) ||
      y === 25 ||
      y === 26
        ? 1
        : 0,
    );
    expect(candle.direction).toBe(1);
    expect(candle.bodyTop).toBeCloseTo(10.5, 5);
    expect(candle.bodyBottom).toBeCloseTo(40.5, 5);
  });
});

/*
 * MetaTrader 4's default look (Green on Black bars over a dotted grid) at 1x on JPEG (m21-010):
 * 1 px stems, 1 px ticks, grey grid dots 3 px apart. The dot touching a stem is tinted in the
 * bars' colour and joins the bar as a second "tick" on its side, as inked as the real one.
 */
describe('measure on an OHLC bar crossed by a dotted grid line', () => {
  const GRID_ROW = 15;
  const onGrid = (y: number) => y === GRID_ROW;
  const bar = (openTick: boolean) => (x: number, y: number) =>
    (x === 1 && y >= 2 && y <= 40) ||
    (openTick && x === 0 && y === 5) ||
    (x === 2 && (y === 30 || y === GRID_ROW))
      ? 1
      : 0;

  it("reads the close from the bar's tick, not from the grid's dot beside the stem", () => {
    const candle = measurePainted(3, 43, bar(true), onGrid);
    expect(candle.bodyTop).toBe(5);
    expect(candle.bodyBottom).toBe(30);
    expect(candle.direction).toBe(-1);
    // Without the grid's rows the dot, first met, is the close.
    expect(measurePainted(3, 43, bar(true)).bodyBottom).toBe(GRID_ROW);
  });

  it('reads a bar whose open tick is lost from its close tick, not from the dot', () => {
    const candle = measurePainted(3, 43, bar(false), onGrid);
    expect([candle.bodyTop, candle.bodyBottom]).toEqual([30, 30]);
    expect(measurePainted(3, 43, bar(false)).bodyTop).toBe(GRID_ROW);
  });

  it('still reads a tick that lies on a grid row when no other tick is there', () => {
    const candle = measurePainted(
      3,
      43,
      (x, y) =>
        (x === 1 && y >= 2 && y <= 40) || (x === 0 && y === 5) || (x === 2 && y === GRID_ROW) ? 1 : 0,
      onGrid,
    );
    expect([candle.bodyTop, candle.bodyBottom]).toEqual([5, GRID_ROW]);
  });
});

/*
 * The same default look on JPEG (m21-010 x 736): chroma subsampling bleeds the 1 px lime stem into
 * the next column over runs of rows at three quarters of its ink; the close's tick is one row at
 * full ink. Summed, the four fainter rows outweighed the tick.
 */
describe('measure on an OHLC bar whose stem bleeds into the next column', () => {
  it('reads the close from the full-ink tick row, not from a longer faint run', () => {
    const pw = 3;
    const h = 60;
    const ink = new Uint8Array(pw * h);
    const labels = new Int32Array(pw * h).fill(-1);
    const bleed = (y: number) => y >= 20 && y <= 23;
    const paint = (x: number, y: number) => {
      ink[y * pw + x] = 1;
      labels[y * pw + x] = 1;
    };
    for (let y = 2; y < 58; y++) paint(1, y);
    paint(0, 3); // the open's tick
    paint(2, 45); // the close's tick
    for (let y = 20; y <= 23; y++) paint(2, y);
    const alphaAt = (x: number, y: number) => (x === 2 && bleed(y) ? 0.75 : 1);
    const { candle } = measure(ink, labels, pw, 1, { minY: 0, maxY: h - 1 }, 0, pw - 1, alphaAt);
    expect([candle.bodyTop, candle.bodyBottom, candle.direction]).toEqual([3, 45, -1]);
  });
});
