import { refineCandle, strokeWidth } from './edges';
import type { PixelCandle } from './types';

/** The ink blended over the background at `share` (0..1). */
function blend(bg: number, ink: number, share: number): number {
  let c = 0;
  for (const sh of [16, 8, 0]) {
    const b = (bg >> sh) & 255;
    const i = (ink >> sh) & 255;
    c |= Math.round(b + (i - b) * share) << sh;
  }
  return c;
}

/** One row of pixels: the background with the ink blended in at the given shares. */
function row(bg: number, ink: number, shares: number[]) {
  return {
    raster: { width: shares.length, height: 1, rgb: Uint32Array.from(shares.map((s) => blend(bg, ink, s))) },
    background: bg,
  };
}

describe('strokeWidth', () => {
  it('sums the ink shares of a stroke and its blended flanks', () => {
    const s = row(0xffffff, 0x089981, [0, 0, 0.5, 1, 0.5, 0, 0]);
    expect(strokeWidth(s, 3, 0, 0x089981)).toBeCloseTo(2, 1);
  });

  it("stops at a neighbouring stroke: a share that rises again outward is the next wick's", () => {
    // A dense JPEG chart: the next wick stands 2 px away, JPEG's blur left 0.15 between them.
    const s = row(0xffffff, 0x089981, [0, 0, 0.15, 1, 0.15, 1, 0.15, 0]);
    expect(strokeWidth(s, 3, 0, 0x089981)).toBeCloseTo(1.3, 1);
  });
});

describe('refineCandle on JPEG (brightness beyond the classified ink)', () => {
  const bg = 0xffffff;
  const ink = 0xb86725; // MetaTrader's bear orange
  const grey = 0x787878; // the same brightness, the colour lost to the next body's chroma
  /** A white raster 11 x 24 with `paint(x, y)` colours where it returns one. */
  function raster(paint: (x: number, y: number) => number | undefined) {
    const rgb = new Uint32Array(11 * 24);
    for (let y = 0; y < 24; y++) for (let x = 0; x < 11; x++) rgb[y * 11 + x] = paint(x, y) ?? bg;
    return { raster: { width: 11, height: 24, rgb }, background: bg };
  }
  const candle = (highY: number, bodyTop: number, bodyBottom: number, lowY: number): PixelCandle => ({
    x: 5,
    left: 4,
    right: 6,
    highY,
    lowY,
    bodyTop,
    bodyBottom,
    fill: 1,
    direction: -1,
    ambiguous: false,
    stemLeft: 5,
    stemRight: 5,
  });

  it("follows a wick beyond the row JPEG smeared over a body's top", () => {
    // Body rows 10-15; row 9 smeared dark over the body's width and a column beyond either side;
    // the wick above (rows 4-8) kept the ink's brightness but not its colour.
    const s = raster((x, y) => {
      if (x >= 4 && x <= 6 && y >= 10 && y <= 15) return ink;
      if (x >= 3 && x <= 7 && y === 9) return 0x909090;
      if (x === 5 && y >= 4 && y <= 8) return grey;
      return undefined;
    });
    expect(refineCandle(s, candle(10, 10, 15, 15), ink, ink, [], 1).highY).toBeCloseTo(4, 0);
  });

  it("keeps a body's end rows that took the next body's colour", () => {
    const s = raster((x, y) => {
      if (x >= 4 && x <= 6 && y >= 10 && y <= 15) return ink;
      if (x >= 4 && x <= 6 && y >= 16 && y <= 17) return grey;
      return undefined;
    });
    const r = refineCandle(s, candle(10, 10, 15, 15), ink, ink, [], 1);
    expect(r.bodyBottom).toBeCloseTo(17, 1);
    expect(r.lowY).toBeCloseTo(17, 1);
  });

  it("does not follow a narrow body's wick as its body (a 4 px body, 2 px wick, pixel ratio 2)", () => {
    // Body columns 3-6 rows 10-15, wick columns 4-5 rows 2-9: without its outermost columns the
    // body is the wick's width, and the wick's rows are as dark as the body.
    const s = raster((x, y) => {
      if (x >= 3 && x <= 6 && y >= 10 && y <= 15) return ink;
      if (x >= 4 && x <= 5 && y >= 2 && y <= 9) return ink;
      return undefined;
    });
    const narrow = { ...candle(2, 10, 15, 15), left: 3, right: 6, x: 4.5, stemLeft: 4, stemRight: 5 };
    expect(refineCandle(s, narrow, ink, ink, [3, 4, 5, 6], 2).bodyTop).toBeCloseTo(10, 0);
  });
});

describe('refineCandle on a capture enlarged 2x with smoothing', () => {
  const bg = 0x1e222d;
  const ink = 0xdcce4c;
  const W = 16;
  const H = 40;
  /**
   * A candle drawn at a pixel ratio of 1 (a 1 px wick in column 4, high row 4, body rows 8-11 in
   * columns 2-6, low row 15, rows inclusive) enlarged 2x bilinearly: each image pixel takes the
   * source at ((x + 0.5) / 2 - 0.5, (y + 0.5) / 2 - 0.5), the wick's columns 25 / 75 / 75 / 25 %.
   */
  function enlarged() {
    const src = (x: number, y: number) =>
      (x === 4 && y >= 4 && y <= 15) || (x >= 2 && x <= 6 && y >= 8 && y <= 11) ? 1 : 0;
    const at = (x: number, y: number) => {
      const sx = (x + 0.5) / 2 - 0.5;
      const sy = (y + 0.5) / 2 - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      return (
        src(x0, y0) * (1 - fx) * (1 - fy) +
        src(x0 + 1, y0) * fx * (1 - fy) +
        src(x0, y0 + 1) * (1 - fx) * fy +
        src(x0 + 1, y0 + 1) * fx * fy
      );
    };
    const rgb = new Uint32Array(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const s = at(x, y);
        let c = 0;
        for (const sh of [16, 8, 0]) {
          const b = (bg >> sh) & 255;
          const i = (ink >> sh) & 255;
          c |= Math.round(b + (i - b) * s) << sh;
        }
        rgb[y * W + x] = c;
      }
    return { raster: { width: W, height: H, rgb }, background: bg };
  }

  it("ends the wick where the source's rows end, its end rows counted against the wick's own share", () => {
    // Source rows 4..15 inclusive are image rows 8..31: the high's price row 8, the low's 30
    // (its row's top, one rendering pixel of 2 above the wick's end at 32).
    const c: PixelCandle = {
      x: 8.5,
      left: 3,
      right: 13,
      highY: 7,
      lowY: 32,
      bodyTop: 15,
      bodyBottom: 24,
      fill: 1,
      direction: 1,
      ambiguous: false,
      stemLeft: 8,
      stemRight: 9,
    };
    const r = refineCandle(enlarged(), c, ink, ink, [5, 6, 11, 12], 2);
    expect(r.highY).toBeCloseTo(8, 1);
    expect(r.lowY).toBeCloseTo(30, 1);
    expect(r.bodyTop).toBeCloseTo(16, 1);
    expect(r.bodyBottom).toBeCloseTo(22, 1);
  });
});

describe('refineCandle on JPEG: a wick tip beside the next candle', () => {
  // MetaTrader's Green on Black at DPR 1.25 (the corpus' XAUUSD): candles 4 px apart, the class
  // learned as the JPEG-diluted #4ac94a. A 1 px wick ends at row 20; its last rows (16-20) kept
  // the ink's brightness but JPEG averaged their colour with the black beside them (#5dc469,
  // #74b178: the ink's hue, weaker), and the next candle's body stands 2 px to the right.
  const bg = 0x000000;
  const ink = 0x4ac94a;
  const w = 12;
  const h = 26;
  function raster(tip: number, neighbour: number) {
    const rgb = new Uint32Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        let c = bg;
        if (x === 5 && y >= 2 && y <= 15) c = ink;
        if (x === 5 && y >= 16 && y <= 20) c = tip;
        if (x >= 7 && x <= 9 && y >= 4 && y <= 24) c = neighbour;
        rgb[y * w + x] = c;
      }
    return { raster: { width: w, height: h, rgb }, background: bg };
  }
  const wick: PixelCandle = {
    x: 5,
    left: 5,
    right: 5,
    highY: 2,
    lowY: 15,
    bodyTop: 2,
    bodyBottom: 2,
    fill: 1,
    direction: 1,
    ambiguous: false,
    stemLeft: 5,
    stemRight: 5,
  };

  it("follows the tip past a neighbour 2 px away when the tip keeps the ink's hue", () => {
    for (const tip of [0x5dc469, 0x74b178]) {
      // reach 2 (unit 1): the neighbour's body stands at x + 2, the column between is black.
      expect(refineCandle(raster(tip, 0x5ebd59), wick, ink, ink, [], 1).lowY).toBeCloseTo(20, 0);
    }
  });

  it('does not follow a stroke of another hue (a glyph in ClearType fringes) past the neighbour', () => {
    // #b6ff00 beside a yellow ink is as bright but points off its hue.
    const yellow = 0xffff00;
    const s = raster(0xff40ff, yellow);
    expect(refineCandle(s, wick, yellow, yellow, [], 1).lowY).toBeLessThan(17);
    // Without a neighbour the plain test follows it, as before.
    expect(refineCandle(raster(0xff40ff, bg), wick, yellow, yellow, [], 1).lowY).toBeCloseTo(20, 0);
  });
});

describe('refineCandle on a capture scaled down: a wick split over two columns', () => {
  const bg = 0xffffff;
  const ink = 0x26a69a; // TradingView's bull teal
  /** Body columns 4-6 rows 10-15; above it, columns 5 and 6 at the given shares on rows `from`-9. */
  function raster(from: number, left: number, right: number) {
    const rgb = new Uint32Array(11 * 24).fill(bg);
    for (let y = 10; y <= 15; y++) for (let x = 4; x <= 6; x++) rgb[y * 11 + x] = ink;
    for (let y = from; y <= 9; y++) {
      rgb[y * 11 + 5] = blend(bg, ink, left);
      rgb[y * 11 + 6] = blend(bg, ink, right);
    }
    return { raster: { width: 11, height: 24, rgb }, background: bg };
  }
  const candle: PixelCandle = {
    x: 5,
    left: 4,
    right: 6,
    highY: 10,
    lowY: 15,
    bodyTop: 10,
    bodyBottom: 15,
    fill: 1,
    direction: 1,
    ambiguous: false,
    stemLeft: 5,
    stemRight: 5,
  };

  it('reads the wick whose ink two columns share (c11-007: 0.35 and 0.40)', () => {
    expect(refineCandle(raster(4, 0.35, 0.4), candle, ink, ink, [], 1).highY).toBeCloseTo(4, 0);
  });

  it("leaves a bar's stem and a smear of a row or two at the body alone", () => {
    // (The row next to the body still counts as a partly covered edge row.)
    expect(refineCandle(raster(4, 0.35, 0.4), candle, ink, ink, [], 1, false).highY).toBeGreaterThan(9);
    expect(refineCandle(raster(8, 0.35, 0.4), candle, ink, ink, [], 1).highY).toBeGreaterThan(9);
  });
});
