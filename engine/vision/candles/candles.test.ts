import { pixelStages } from '../test-support/stages';
import { paintChart, type PaintOptions, type PaintedCandle } from '../test-support/paint';
import { bridgeOccluders } from '../cleanup/occluders';
import { colourRuns, components, stemPieces } from './shapes';
import type { PixelCandle } from './types';

/** The candle read nearest to column x. */
const nearest = (candles: PixelCandle[], x: number) =>
  candles.reduce((a, b) => (Math.abs(b.x - x) < Math.abs(a.x - x) ? b : a));

/** Runs the pixel stages and pairs every painted candle with the nearest reading. */
function read(o: PaintOptions) {
  const painted = paintChart(o);
  const { layout, palette, ex } = pixelStages(painted.image);
  const pairs = painted.candles.map((p) => {
    const c = nearest(ex.candles, p.x);
    const bull = c.direction >= 0;
    return {
      p,
      c,
      dx: Math.abs(c.x - p.x),
      err: Math.max(
        Math.abs(c.highY - p.highY),
        Math.abs(c.lowY - p.lowY),
        Math.abs((bull ? c.bodyBottom : c.bodyTop) - p.openY),
        Math.abs((bull ? c.bodyTop : c.bodyBottom) - p.closeY),
      ),
    };
  });
  return { painted, layout, palette, ex, pairs };
}

function expectExact(r: ReturnType<typeof read>, skip: (p: PaintedCandle) => boolean = () => false) {
  expect(r.ex.candles.length).toBe(r.painted.candles.length);
  for (const { p, dx, err } of r.pairs) {
    if (skip(p)) continue;
    expect(dx, `candle at x=${p.x}`).toBeLessThanOrEqual(0.5);
    expect(err, `candle at x=${p.x}`).toBeLessThanOrEqual(0.5);
  }
}

describe('candle extraction on painted charts', () => {
  it('reads every candle of a dark chart with grid to the pixel, with direction', () => {
    const r = read({});
    expect(r.layout.theme).toBe('dark');
    expect(r.layout.axisSide).toBe('right');
    expect(r.palette.length).toBeGreaterThanOrEqual(2);
    expectExact(r);
  });

  it('reads a light chart with the newer TradingView palette', () => {
    const r = read({ background: 0xffffff, grid: 0xf0f3fa, bull: 0x089981, bear: 0xf23645, seed: 3 });
    expect(r.layout.theme).toBe('light');
    expectExact(r);
  });

  it('learns user colours instead of assuming green/red', () => {
    expectExact(read({ bull: 0x2962ff, bear: 0xff9800, seed: 11 }));
  });

  it('reads MetaTrader Green on Black: hollow bull bodies, white bear bodies, lime outline', () => {
    const r = read({
      background: 0x000000,
      grid: 0x404040,
      hollowBull: true,
      outline: 0x00ff00,
      bear: 0xffffff,
      seed: 5,
    });
    expectExact(r);
  });

  it('reads OHLC bars from their left (open) and right (close) ticks', () => {
    const r = read({ bars: true, bodyWidth: 5, spacing: 8, seed: 9 });
    expect(r.ex.kind).toBe('bars');
    expectExact(r);
  });

  it('measures the rendering pixel on the stem, not on a tick, when bars have no wick beyond their ticks', () => {
    // High on the open or close tick's row: a width taken halfway between high and the upper
    // tick would be the tick's length and move every edge by half of it.
    const r = read({ bars: true, bodyWidth: 7, spacing: 10, maxWick: 0, seed: 5 });
    expect(r.ex.kind).toBe('bars');
    expectExact(r, (p) => Math.abs(p.openY - p.closeY) < 2);
  });

  it('cuts OHLC bars whose close and next open ticks touch (a continuous series)', () => {
    // Ticks 2 px each side of a 1 px stem at a 5 px spacing: each close tick meets the next
    // open tick on the same row, so the whole series is one connected shape.
    const r = read({ bars: true, bodyWidth: 5, spacing: 5, seed: 29 });
    expect(r.ex.kind).toBe('bars');
    expectExact(r);
  });

  it('is not fooled by a dotted last-price line in the candle colour', () => {
    const r = read({ priceLine: true, seed: 13 });
    const lineY = r.painted.candles.at(-1)!.closeY;
    // Where the line touches an edge the pixels cannot say which is which; elsewhere it must
    // neither glue candles together nor move them.
    const touches = (p: PaintedCandle) =>
      [p.highY, p.lowY, p.openY, p.closeY].some((y) => Math.abs(y - lineY) === 1);
    expectExact(r, touches);
  });

  it('tells grey candles from black ones on a white chart (MetaTrader), though grey is a tint of black', () => {
    const r = read({ background: 0xfaf8f3, grid: 0xc8c8c8, bull: 0x5d606b, bear: 0x000000, seed: 21 });
    expect(r.palette.length).toBe(2);
    expectExact(r);
  });

  it('reads dense charts with 3 px bodies and 1 px gaps', () => {
    expectExact(read({ spacing: 4, bodyWidth: 3, seed: 17 }));
  });

  // Bodies touch (2.7 px apart, 2-3 px wide): whole staircases are one 4-connected shape. Where
  // the colours alternate a colour change cuts them; same-colour neighbours are cut where the
  // next body starts on the row the previous one ended, on the lattice of the spacing.
  it('cuts touching candles 2.7 px apart on the candle lattice', () => {
    const r = read({ spacing: 2.7, bodyWidth: 3, touching: true, seed: 17, maxWick: 6 });
    expect(r.painted.candles.length).toBeGreaterThan(200);
    expect(r.ex.candles.length).toBe(r.painted.candles.length);
    // A flat doji (open = close) beside a longer wick of its colour may be cut a column off.
    const exact = r.pairs.filter((q) => q.dx <= 0.5 && q.err <= 0.5).length;
    expect(exact).toBeGreaterThanOrEqual(r.painted.candles.length * 0.98);
  });

  it('cuts touching candles of one colour (a long run of bear candles)', () => {
    // One colour for both directions: only the shifted bodies and the lattice tell them apart.
    const r = read({ spacing: 2.7, bodyWidth: 3, touching: true, seed: 5, bull: 0xef5350, maxWick: 6 });
    // Which body is bull cannot be told from one colour: the rows and x must still be right.
    expect(r.ex.candles.length).toBeGreaterThanOrEqual(r.painted.candles.length - 1);
    const exact = r.pairs.filter(
      ({ p, c, dx }) =>
        dx <= 0.5 &&
        Math.abs(c.highY - p.highY) <= 0.5 &&
        Math.abs(c.lowY - p.lowY) <= 0.5 &&
        Math.abs(c.bodyTop - Math.min(p.openY, p.closeY)) <= 0.5 &&
        Math.abs(c.bodyBottom - Math.max(p.openY, p.closeY)) <= 0.5,
    ).length;
    // (A wick reaching over its neighbour's body leaves some cuts to the lattice alone.)
    expect(exact).toBeGreaterThanOrEqual(r.painted.candles.length * 0.8);
  });

  it('cuts touching candles 3.4 px apart on a light chart', () => {
    const r = read({
      spacing: 3.4,
      bodyWidth: 3,
      touching: true,
      seed: 23,
      background: 0xffffff,
      grid: 0xf0f3fa,
    });
    // A flat doji beside a longer wick of its colour may merge with it or be cut a column off.
    expect(r.ex.candles.length).toBeGreaterThanOrEqual(r.painted.candles.length * 0.97);
    const exact = r.pairs.filter((q) => q.dx <= 0.5 && q.err <= 0.5).length;
    expect(exact).toBeGreaterThanOrEqual(r.painted.candles.length * 0.96);
  });
});

describe('wicks drawn between two pixel columns (a 1.5x capture)', () => {
  it('reads the body, not the whole candle, when the wick is 1 px wide in some rows and 2 in others', () => {
    const o: PaintOptions = { spacing: 13, bodyWidth: 9, seed: 31 };
    const painted = paintChart(o);
    const { data, width } = painted.image;
    const bg = [0x13, 0x17, 0x22];
    // Each wick row becomes a 0.85 share of the ink in its own column and 0.5 in the column to
    // its left; the wick's top row is only partly covered vertically (fainter still).
    for (const c of painted.candles) {
      const top = Math.min(c.openY, c.closeY);
      const bottom = Math.max(c.openY, c.closeY);
      for (let y = c.highY; y <= c.lowY; y++) {
        if (y >= top && y <= bottom) continue;
        const k = (y * width + c.x) * 4;
        const ink = [data[k]!, data[k + 1]!, data[k + 2]!];
        const share = y === c.highY ? 0.6 : 1;
        const put = (x: number, a: number) => {
          const j = (y * width + x) * 4;
          for (let ch = 0; ch < 3; ch++)
            data[j + ch] = Math.round(bg[ch]! + (ink[ch]! - bg[ch]!) * a * share);
        };
        put(c.x, 0.85);
        put(c.x - 1, 0.5);
      }
    }
    const { ex } = pixelStages(painted.image);
    expect(ex.candles.length).toBe(painted.candles.length);
    for (const p of painted.candles) {
      const c = nearest(ex.candles, p.x);
      const top = Math.min(p.openY, p.closeY);
      const bottom = Math.max(p.openY, p.closeY);
      if (bottom - top < 2 || (top === p.highY && bottom === p.lowY)) continue;
      // Body rows to the pixel, whatever the wick's blend; the wick may shift the high/low.
      expect(Math.abs(c.bodyTop - top), `candle at x=${p.x}`).toBeLessThanOrEqual(0.6);
      expect(Math.abs(c.bodyBottom - bottom), `candle at x=${p.x}`).toBeLessThanOrEqual(0.6);
    }
  });
});

describe('wicks blurred wide and tapered at their tips (a small capture enlarged)', () => {
  it('reads the body, not the whole candle, when the wick narrows to one column at its tips', () => {
    const o: PaintOptions = { spacing: 17, bodyWidth: 13, seed: 43 };
    const painted = paintChart(o);
    const { data, width } = painted.image;
    const bg = [0x13, 0x17, 0x22];
    // Each wick is 2 px wide; its two rows at each tip keep only one column (the blur of the
    // tip, as on a web image enlarged 3x): the narrowest inner rows are half the wick.
    for (const c of painted.candles) {
      const top = Math.min(c.openY, c.closeY);
      const bottom = Math.max(c.openY, c.closeY);
      const k0 = (c.highY * width + c.x) * 4;
      const ink = [data[k0]!, data[k0 + 1]!, data[k0 + 2]!];
      for (let y = c.highY; y <= c.lowY; y++) {
        if (y >= top && y <= bottom) continue;
        const tip = Math.min(y - c.highY, c.lowY - y) < 2;
        for (const [x, share] of [
          [c.x, 1],
          [c.x + 1, tip ? 0 : 1],
        ] as const) {
          const j = (y * width + x) * 4;
          for (let ch = 0; ch < 3; ch++) data[j + ch] = Math.round(bg[ch]! + (ink[ch]! - bg[ch]!) * share);
        }
      }
    }
    const { ex } = pixelStages(painted.image);
    expect(ex.candles.length).toBe(painted.candles.length);
    let judged = 0;
    for (const p of painted.candles) {
      const c = nearest(ex.candles, p.x);
      const top = Math.min(p.openY, p.closeY);
      const bottom = Math.max(p.openY, p.closeY);
      // A wick shorter than its taper and four rows beyond it has no width of its own: not judged.
      if (bottom - top < 2 || Math.max(top - p.highY, p.lowY - bottom) < 6) continue;
      judged++;
      // A 2 px wick makes this a scaled capture: its body ends a rendering pixel above its last
      // ink row.
      expect(Math.abs(c.bodyTop - top), `candle at x=${p.x}`).toBeLessThanOrEqual(0.6);
      expect(Math.abs(c.bodyBottom - (bottom - (ex.renderPx - 1))), `candle at x=${p.x}`).toBeLessThanOrEqual(
        0.6,
      );
    }
    expect(judged).toBeGreaterThan(10);
  });
});

describe('wicks that JPEG stripped of their colour', () => {
  it("reads the high and low to the pixel when the wick tips keep only the ink's brightness", () => {
    // Low-quality JPEG keeps a 1-px wick's brightness but not its colour: its tips are grey.
    const bull = 0x1b45a6;
    const bear = 0xa61b75;
    const painted = paintChart({ background: 0xffffff, grid: 0xf0f3fa, bull, bear, seed: 41 });
    const { data, width } = painted.image;
    const luma = (c: number) => 0.299 * (c >> 16) + 0.587 * ((c >> 8) & 255) + 0.114 * (c & 255);
    let greyed = 0;
    for (const c of painted.candles) {
      const top = Math.min(c.openY, c.closeY);
      const bottom = Math.max(c.openY, c.closeY);
      const grey = Math.round(luma(c.closeY <= c.openY ? bull : bear));
      for (let y = c.highY; y <= c.lowY; y++) {
        if (y >= top - 1 - 3 && y <= bottom + 1 + 3) continue; // the tips only: 4+ rows from the body
        const k = (y * width + c.x) * 4;
        data[k] = data[k + 1] = data[k + 2] = grey;
        greyed++;
      }
    }
    expect(greyed).toBeGreaterThan(50);
    const { ex } = pixelStages(painted.image);
    expect(ex.candles.length).toBe(painted.candles.length);
    for (const p of painted.candles) {
      const c = nearest(ex.candles, p.x);
      expect(Math.abs(c.highY - p.highY), `high of the candle at x=${p.x}`).toBeLessThanOrEqual(0.5);
      expect(Math.abs(c.lowY - p.lowY), `low of the candle at x=${p.x}`).toBeLessThanOrEqual(0.5);
    }
  });
});

describe('a line of another colour drawn across a body', () => {
  it('reads the whole body when the line leaves only a row or two of it beyond', () => {
    const bg = 0x131722;
    const painted = paintChart({ background: bg, seed: 5 });
    const { data, width } = painted.image;
    // A price level (2 px, olive) across the three tallest bodies, two body rows above their
    // bottom edge (as measured on a JPEG MetaTrader capture): those rows are narrower than the
    // body, and the two rows beyond are a shorter run of wide rows than the rows above.
    const tall = [...painted.candles]
      .sort((a, b) => Math.abs(b.openY - b.closeY) - Math.abs(a.openY - a.closeY))
      .slice(0, 3);
    expect(Math.abs(tall[2]!.openY - tall[2]!.closeY)).toBeGreaterThanOrEqual(8);
    for (const c of tall) {
      const bottom = Math.max(c.openY, c.closeY);
      for (const y of [bottom - 3, bottom - 2]) {
        for (let x = c.x - 4; x <= c.x + 4; x++) {
          // The wick column's blend of line and candle still reads as the candle's ink.
          if (x === c.x) continue;
          const k = (y * width + x) * 4;
          [data[k], data[k + 1], data[k + 2]] = [0x92, 0x79, 0x43];
        }
      }
    }
    const { ex } = pixelStages(painted.image);
    for (const p of tall) {
      const c = nearest(ex.candles, p.x);
      expect(c.bodyTop, `body top of the candle at x=${p.x}`).toBeCloseTo(Math.min(p.openY, p.closeY), 0);
      expect(c.bodyBottom, `body bottom of the candle at x=${p.x}`).toBeCloseTo(
        Math.max(p.openY, p.closeY),
        0,
      );
    }
  });
});

describe('fragments between the candles', () => {
  it("drops short shapes off the candles' lattice (pieces of a line, glyphs) and keeps every candle", () => {
    const o: PaintOptions = { spacing: 13, bodyWidth: 7, seed: 23 };
    const painted = paintChart(o);
    const { data, width } = painted.image;
    // A 3x2 piece in the candle colour halfway between every third pair of candles (wider than
    // 0.4 of a candle, so it is not dropped as a line's speck before the lattice test).
    const fragments: number[] = [];
    painted.candles.forEach((c, i) => {
      if (i % 3 !== 0 || i + 1 >= painted.candles.length) return;
      const x = c.x + 6;
      const y = 40 + ((i * 37) % 200);
      fragments.push(x);
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [2, 0],
        [0, 1],
        [1, 1],
        [2, 1],
      ] as const) {
        const k = ((y + dy) * width + x + dx) * 4;
        [data[k], data[k + 1], data[k + 2]] = [0x26, 0xa6, 0x9a];
      }
    });
    const { ex } = pixelStages(painted.image);
    expect(fragments.length).toBeGreaterThan(5);
    expect(ex.allShapes.length).toBe(painted.candles.length + fragments.length);
    expect(ex.candles.map((c) => Math.round(c.x))).toEqual(painted.candles.map((c) => c.x));
    expect(ex.barSpacing).toBe(13);
  });
});

describe('a thick moving average in a candle colour', () => {
  it('is cleared where it glues candles together, and the candles it misses read exactly', () => {
    const o: PaintOptions = { spacing: 13, bodyWidth: 7, seed: 41, grid: null };
    const painted = paintChart(o);
    const { data, width } = painted.image;
    const bear = [0xef, 0x53, 0x50] as const;
    // A 3 px thick curve in the bear colour across the whole plot, drawn over the candles.
    const lineY = (x: number) => Math.round(200 + Math.sin(x / 50) * 70);
    for (let x = 0; x <= painted.plotRight; x++) {
      for (let dy = -1; dy <= 1; dy++) {
        const k = ((lineY(x) + dy) * width + x) * 4;
        [data[k], data[k + 1], data[k + 2]] = bear;
      }
    }
    const { ex } = pixelStages(painted.image);
    // Candles the line does not come near (within 2 rows over their columns) are read exactly.
    const missed = painted.candles.filter((p) => {
      for (let x = p.x - 4; x <= p.x + 4; x++) {
        const y = lineY(x);
        if (y >= p.highY - 3 && y <= p.lowY + 3) return false;
      }
      return true;
    });
    expect(missed.length).toBeGreaterThan(painted.candles.length / 2);
    for (const p of missed) {
      const c = nearest(ex.candles, p.x);
      expect(Math.abs(c.x - p.x), `candle at x=${p.x}`).toBeLessThanOrEqual(0.5);
      expect(Math.abs(c.highY - p.highY), `candle at x=${p.x}`).toBeLessThanOrEqual(0.5);
      expect(Math.abs(c.lowY - p.lowY), `candle at x=${p.x}`).toBeLessThanOrEqual(0.5);
    }
    // No pieces of the line are read as candles of their own.
    expect(ex.candles.length).toBeLessThanOrEqual(painted.candles.length);
  });
});

describe('the 1 px candle warning', () => {
  const onePx = (w: string[]) => w.some((m) => m.includes('1 pixel wide'));

  it('is given when the candles are 1 px wide', () => {
    const r = read({ bodyWidth: 1, spacing: 3, count: 150, seed: 5 });
    expect(onePx(r.ex.warnings)).toBe(true);
  });
});

describe('bridging lines that cross a candle', () => {
  /** The whole of a w x h test raster as the plot. */
  const wholePlot = (w: number, h: number) => ({ left: 0, top: 0, right: w - 1, bottom: h - 1 });
  // One column of a 1-wide plot: a wick (class 1) cut by a 1 px gap at row 10.
  const plot = wholePlot(1, 20);
  function column(gapColour: number) {
    const bg = 0x000000;
    const rgb = new Uint32Array(20).fill(0x00ff00);
    rgb[10] = gapColour;
    const ink = new Uint8Array(20).fill(1);
    ink[10] = 0;
    const bgMask = new Uint8Array(20);
    bridgeOccluders(ink, bgMask, { raster: { width: 1, height: 20, rgb }, background: bg }, plot);
    return ink[10];
  }

  it('fills a one-pixel crossing in a line colour', () => {
    expect(column(0xf0e040)).toBe(1);
  });

  it('leaves a near-background gap open (the gaps of a dotted grid are not candles)', () => {
    expect(column(0x0c0c0c)).toBe(0);
  });

  it('fills where a steep line runs down a wick for a dozen rows', () => {
    // A thin moving average plunging across a 1 px stem covers it over many rows.
    const h = 60;
    const rgb = new Uint32Array(h).fill(0x00ff00);
    const ink = new Uint8Array(h).fill(1);
    for (let y = 20; y < 34; y++) [rgb[y], ink[y]] = [0xff9800, 0];
    bridgeOccluders(
      ink,
      new Uint8Array(h),
      { raster: { width: 1, height: h, rgb }, background: 0 },
      wholePlot(1, h),
    );
    expect([...ink.slice(20, 34)]).toEqual(new Array(14).fill(1));
  });

  it("leaves open a JPEG's dark noise between a label's arrow and the body under it", () => {
    // Arrow rows 0-7 and body rows 14-19 in the bear colour; between them JPEG noise a shade or
    // two off the background (not within its tolerance, so not in the mask) and a dim level line.
    const bg = 0x111111;
    const rgb = new Uint32Array(20).fill(0xf23645);
    const ink = new Uint8Array(20).fill(1);
    const noise = [0x270305, 0x15110a, 0x0c1405, 0x31312d, 0x300300, 0x500000];
    noise.forEach((c, i) => ([rgb[8 + i], ink[8 + i]] = [c, 0]));
    bridgeOccluders(ink, new Uint8Array(20), { raster: { width: 1, height: 20, rgb }, background: bg }, plot);
    expect([...ink.slice(8, 14)]).toEqual(new Array(6).fill(0));
  });

  it("joins a wick's last pixels beyond a line crossing it near its end", () => {
    // Wick rows 0-12 (class 1), a 2 px indigo line at 13-14, the tip at 15-16, then background.
    const rgb = new Uint32Array(20).fill(0x9a5bd8);
    const ink = new Uint8Array(20).fill(1);
    const bgMask = new Uint8Array(20);
    for (const y of [13, 14]) [rgb[y], ink[y]] = [0x4d4b9f, 0];
    for (let y = 17; y < 20; y++) [rgb[y], ink[y], bgMask[y]] = [0x0a0a16, 0, 1];
    bridgeOccluders(ink, bgMask, { raster: { width: 1, height: 20, rgb }, background: 0x0a0a16 }, plot);
    expect([ink[13], ink[14]]).toEqual([1, 1]);
  });

  /**
   * A 5-column plot: a 1 px wick in the middle column over rows `tip`, a line of `lineColour`
   * across every column at row 5 (ink off), the stroke below from row 6; background elsewhere.
   * Returns the middle column's class at the line's row after bridging.
   */
  function tipAbove(tip: number[], lineColour: number, above: number | null = null) {
    const w = 5;
    const h = 20;
    const rgb = new Uint32Array(w * h).fill(0);
    const ink = new Uint8Array(w * h);
    const bgMask = new Uint8Array(w * h).fill(1);
    const set = (x: number, y: number, c: number, k: number) => {
      rgb[y * w + x] = c;
      ink[y * w + x] = k;
      bgMask[y * w + x] = 0;
    };
    for (let y = 6; y < h; y++) set(2, y, 0x00bfff, 1);
    for (const y of tip) set(2, y, 0x00bfff, 1);
    if (above !== null) set(2, Math.min(...tip) - 1, 0xff9800, above);
    for (let x = 0; x < w; x++) set(x, 5, lineColour, 0);
    bridgeOccluders(ink, bgMask, { raster: { width: w, height: h, rgb }, background: 0 }, wholePlot(w, h));
    return ink[5 * w + 2];
  }

  it("joins a wick's first pixels above a line crossing it near its top", () => {
    // The tip at rows 3-4 over a red ask line at row 5 across the plot, the stroke from row 6.
    expect(tipAbove([3, 4], 0xbf5b5b)).toBe(1);
  });

  it('leaves a tip apart when another shape stands right above it, or no line runs beside it', () => {
    expect(tipAbove([3, 4], 0xbf5b5b, 2)).toBe(0);
    // The same two pixels over a speck of foreign colour on the wick only: no line.
    const w = 5;
    const h = 20;
    const rgb = new Uint32Array(w * h).fill(0);
    const ink = new Uint8Array(w * h);
    const bgMask = new Uint8Array(w * h).fill(1);
    for (const y of [3, 4, ...Array.from({ length: 14 }, (_, k) => 6 + k)]) {
      [rgb[y * w + 2], ink[y * w + 2], bgMask[y * w + 2]] = [0x00bfff, 1, 0];
    }
    [rgb[5 * w + 2], bgMask[5 * w + 2]] = [0xbf5b5b, 0];
    bridgeOccluders(ink, bgMask, { raster: { width: w, height: h, rgb }, background: 0 }, wholePlot(w, h));
    expect(ink[5 * w + 2]).toBe(0);
  });

  /**
   * One column on a white background: a teal body over rows 10-59 and a thick yellow line, drawn
   * steeply, over rows `lineFrom`-`lineTo`, anti-aliased into whatever lies under it (a blend of
   * the body's colour over the body, of the background's below its end), in a plot 1,000 rows
   * tall (a DPR-2 capture's: the run may take 5 % of it); `under` blends the line with another
   * colour instead. Returns the ink after bridging.
   */
  function bodyUnderSteepLine(lineFrom: number, lineTo: number, bodyEnd: number, under?: number) {
    const h = 1000;
    const [bg, body, line] = [0xffffff, 0x089981, 0xf0c020];
    const mix = (a: number, b: number, t: number) =>
      [16, 8, 0].reduce(
        (c, sh) => c | (Math.round(((a >> sh) & 255) * (1 - t) + ((b >> sh) & 255) * t) << sh),
        0,
      );
    const rgb = new Uint32Array(h).fill(bg);
    const ink = new Uint8Array(h);
    const bgMask = new Uint8Array(h).fill(1);
    for (let y = 10; y <= bodyEnd; y++) [rgb[y], ink[y], bgMask[y]] = [body, 1, 0];
    for (let y = lineFrom; y <= lineTo; y++) {
      // Strong in the middle of the run, fading at both ends.
      const t = Math.min(1, 0.3 + Math.min(y - lineFrom, lineTo - y) / 4);
      [rgb[y], ink[y], bgMask[y]] = [mix(under ?? (y <= bodyEnd ? body : bg), line, t), 0, 0];
    }
    bridgeOccluders(ink, bgMask, { raster: { width: 1, height: h, rgb }, background: bg }, wholePlot(1, h));
    return ink;
  }

  it("fills a body's last rows under a thick line crossing it steeply", () => {
    // 38 rows of line over the body, its last row showing below: more than a stroke bridge spans.
    const ink = bodyUnderSteepLine(20, 57, 59);
    expect([...ink.slice(10, 60)]).toEqual(new Array(50).fill(1));
  });

  it("leaves open a line that runs on past a body's end into the background", () => {
    // The line covers the body's last 10 rows and goes on 6 rows over the background.
    const ink = bodyUnderSteepLine(50, 65, 59);
    expect([...ink.slice(50, 66)]).toEqual(new Array(16).fill(0));
  });

  it('leaves open a run whose rows blend the background with the line, not the body', () => {
    // The first case's run, the body showing below it, but anti-aliased into white: a line over
    // a gap between two shapes of the class, not over a body.
    const ink = bodyUnderSteepLine(20, 57, 59, 0xffffff);
    expect([...ink.slice(20, 58)]).toEqual(new Array(38).fill(0));
  });

  it('bridges each column of a plot as it would that column alone', () => {
    // A 2-D plot inside a larger image (offsets not on a 4-byte boundary): wicks of classes 1
    // and 2 on background, crossed by lines and specks of foreign colour.
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
    const width = 47;
    const height = 64;
    const plot = { left: 3, top: 5, right: 41, bottom: 61 };
    const pw = plot.right - plot.left + 1;
    const ph = plot.bottom - plot.top + 1;
    const rgb = new Uint32Array(width * height).fill(0x101010);
    const bgMask = new Uint8Array(width * height).fill(1);
    const ink = new Uint8Array(pw * ph);
    for (let x = 0; x < pw; x++) {
      if (rand() < 0.4) continue;
      const cls = rand() < 0.5 ? 1 : 2;
      const top = Math.floor(rand() * ph * 0.5);
      const bottom = top + Math.floor(rand() * ph * 0.5);
      for (let y = top; y <= bottom; y++) {
        ink[y * pw + x] = cls;
        const j = (y + plot.top) * width + x + plot.left;
        bgMask[j] = 0;
        rgb[j] = cls === 1 ? 0x26a69a : 0xef5350;
      }
    }
    for (let k = 0; k < 400; k++) {
      const x = Math.floor(rand() * pw);
      const y = Math.floor(rand() * ph);
      const j = (y + plot.top) * width + x + plot.left;
      ink[y * pw + x] = 0;
      bgMask[j] = 0;
      rgb[j] = rand() < 0.8 ? 0xff9800 : 0x141414;
    }
    const whole = ink.slice();
    bridgeOccluders(whole, bgMask, { raster: { width, height, rgb }, background: 0x101010 }, plot);
    for (let x = 0; x < pw; x++) {
      const col = new Uint8Array(ph);
      const colMask = new Uint8Array(ph);
      const colRgb = new Uint32Array(ph);
      for (let y = 0; y < ph; y++) {
        const j = (y + plot.top) * width + x + plot.left;
        [col[y], colMask[y], colRgb[y]] = [ink[y * pw + x]!, bgMask[j]!, rgb[j]!];
      }
      bridgeOccluders(
        col,
        colMask,
        { raster: { width: 1, height: ph, rgb: colRgb }, background: 0x101010 },
        { left: 0, top: 0, right: 0, bottom: ph - 1 },
      );
      for (let y = 0; y < ph; y++) expect(whole[y * pw + x]).toBe(col[y]);
    }
    // Some columns were bridged.
    expect(whole.some((v, i) => v !== ink[i])).toBe(true);
  });
});

describe('stemPieces', () => {
  /** One component (id 0) from a picture: '#' is ink, one string per row. */
  const shape = (rows: string[]) => {
    const pw = rows[0]!.length;
    const labels = new Int32Array(pw * rows.length).fill(-1);
    rows.forEach((r, y) => [...r].forEach((ch, x) => ch === '#' && (labels[y * pw + x] = 0)));
    const c = { minX: 0, maxX: pw - 1, minY: 0, maxY: rows.length - 1, count: 0 };
    return stemPieces(labels, pw, 0, c);
  };

  it('cuts bars whose ticks join opposite ends of their stems (a close on the low, the next open on the high)', () => {
    // Bar A closes on its low (row 6), where bar B opens on its high; B closes inside its stem
    // (row 9) where C opens inside its own.
    const rows = [
      '#.......',
      '#.......',
      '#.......',
      '#.......',
      '#.....#.',
      '#.....#.',
      '####..#.',
      '...#..#.',
      '...#..#.',
      '...####.',
      '...#..#.',
      '...#..#.',
      '...#....',
    ];
    expect(shape(rows)).toEqual([
      [0, 1],
      [2, 4],
      [5, 7],
    ]);
  });

  it('takes a short stem between one-pixel ticks for a bar (a flat stretch of a dense chart)', () => {
    // The middle bar spans 4 rows; its open and close ticks meet its neighbours' ticks inside
    // their stems.
    const rows = [
      '#.......#',
      '#.......#',
      '#...#...#',
      '#####...#',
      '#...#####',
      '#...#...#',
      '#.......#',
      '#.......#',
    ];
    expect(shape(rows)).toEqual([
      [0, 1],
      [2, 5],
      [6, 8],
    ]);
  });

  it('cuts bars whose ticks join the same ends of stems that end apart (a close on the high, the next open on its high)', () => {
    // A closes on its high where B opens on its high; B closes on its low where C opens on its
    // low. Each pair's other ends are rows apart.
    const rows = [
      '#####...',
      '#...#...',
      '#...#...',
      '#...#...',
      '#...#..#',
      '#...#..#',
      '#...#..#',
      '#...#..#',
      '....#..#',
      '....#..#',
      '....####',
    ];
    expect(shape(rows)).toEqual([
      [0, 1],
      [2, 5],
      [6, 7],
    ]);
  });

  it("keeps a hollow body whose edge joins its sides' same ends", () => {
    const rows = ['......', '.####.', '.#..#.', '.#..#.', '.#..#.', '.#..#.', '.#..#.', '.#..#.', '.#..#.'];
    expect(shape(rows)).toEqual([[0, 5]]);
  });
});

describe('components', () => {
  /** Flood fill from each unlabelled ink pixel in row order: the plain definition. */
  function floodFill(ink: Uint8Array, pw: number, ph: number) {
    const labels = new Int32Array(pw * ph).fill(-1);
    const comps: { minX: number; maxX: number; minY: number; maxY: number; count: number }[] = [];
    const first: number[] = [];
    for (let s = 0; s < ink.length; s++) {
      if (!ink[s] || labels[s]! >= 0) continue;
      const id = comps.length;
      const c = { minX: pw, maxX: -1, minY: ph, maxY: -1, count: 0 };
      comps.push(c);
      first.push(s);
      const stack = [s];
      labels[s] = id;
      while (stack.length) {
        const i = stack.pop()!;
        const x = i % pw;
        const y = (i - x) / pw;
        [c.minX, c.maxX, c.minY, c.maxY] = [
          Math.min(c.minX, x),
          Math.max(c.maxX, x),
          Math.min(c.minY, y),
          Math.max(c.maxY, y),
        ];
        c.count++;
        const next = [
          x > 0 ? i - 1 : -1,
          x + 1 < pw ? i + 1 : -1,
          y > 0 ? i - pw : -1,
          y + 1 < ph ? i + pw : -1,
        ];
        for (const j of next) {
          if (j < 0 || !ink[j] || labels[j]! >= 0) continue;
          labels[j] = id;
          stack.push(j);
        }
      }
    }
    return { labels, comps, first };
  }

  it('finds the same shapes, numbered alike, as a flood fill', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
    for (const [pw, ph, density] of [
      [37, 23, 0.1],
      [64, 40, 0.45],
      [61, 50, 0.6],
      [3, 80, 0.5],
      [100, 1, 0.5],
    ] as const) {
      const ink = new Uint8Array(pw * ph);
      for (let i = 0; i < ink.length; i++) if (rand() < density) ink[i] = 1 + Math.floor(rand() * 3);
      // Some long runs and tall stems, as candles make.
      for (let k = 0; k < 5; k++) {
        const x = Math.floor(rand() * pw);
        for (let y = 0; y < ph; y++) if (rand() < 0.9) ink[y * pw + x] = 1;
        const y = Math.floor(rand() * ph);
        ink.fill(2, y * pw, y * pw + Math.floor(rand() * pw));
      }
      const want = floodFill(ink, pw, ph);
      const got = components(ink, pw, ph, 0);
      expect(got.comps).toEqual(want.comps);
      expect([...got.labels]).toEqual([...want.labels]);
      expect([...got.first]).toEqual(want.first);
    }
  });

  it('finds the same shapes as a flood fill on the ink of painted charts', () => {
    const looks: PaintOptions[] = [
      { seed: 3, priceLine: true },
      { seed: 8, background: 0x000000, hollowBull: true, outline: 0x00ff00, bear: 0xffffff },
      { seed: 11, bars: true },
      { seed: 13, touching: true, spacing: 2.7, bodyWidth: 3, movingAverage: 0x2962ff },
    ];
    let shapes = 0;
    for (const look of looks) {
      const { layout, ink } = pixelStages(paintChart(look).image);
      const pw = layout.plot.right - layout.plot.left + 1;
      const ph = layout.plot.bottom - layout.plot.top + 1;
      const want = floodFill(ink, pw, ph);
      const got = components(ink, pw, ph, 1);
      shapes += want.comps.length;
      expect(got.comps).toEqual(want.comps);
      expect([...got.first]).toEqual(want.first);
      expect(got.labels.every((v, i) => v === want.labels[i])).toBe(true);
    }
    // Touching candles make a few wide shapes; the other looks one shape per candle.
    expect(shapes).toBeGreaterThan(100);
  });
});

describe('touching candles of two colours (colourRuns)', () => {
  /** An ink mask of `pw` x 60 with columns [x0, x1] of class k over rows [top, bottom]. */
  const mask = (pw: number, columns: [number, number, number, number, number][]) => {
    const ink = new Uint8Array(pw * 60);
    for (const [x0, x1, k, top, bottom] of columns)
      for (let y = top; y <= bottom; y++) for (let x = x0; x <= x1; x++) ink[y * 60 + x] = k;
    return ink;
  };
  const runsOf = (ink: Uint8Array) => {
    const { labels, comps } = components(ink, 60, 60, 0);
    const i = comps.findIndex((c) => c.count > 20);
    return colourRuns(labels, ink, 60, i, comps[i]!);
  };

  it('cuts wickless columns of alternating colours where the colour changes', () => {
    // Point-and-figure: 3 px columns, each starting a box (3 rows) inside the previous one's end.
    const ink = mask(60, [
      [10, 12, 2, 20, 40],
      [13, 15, 1, 23, 50],
      [16, 18, 2, 30, 47],
      [19, 21, 1, 33, 45],
    ]);
    expect(runsOf(ink)).toEqual([
      [10, 12],
      [13, 15],
      [16, 18],
      [19, 21],
    ]);
  });

  it('leaves a body with a 1 px border in another colour, and two columns over the same rows, whole', () => {
    expect(
      runsOf(
        mask(60, [
          [10, 10, 1, 20, 40],
          [11, 14, 2, 20, 40],
          [15, 15, 1, 20, 40],
        ]),
      ),
    ).toBeNull();
    expect(
      runsOf(
        mask(60, [
          [10, 12, 1, 20, 40],
          [13, 15, 2, 21, 40],
        ]),
      ),
    ).toBeNull();
    // A wick of another colour runs through the body: its column holds both colours.
    expect(
      runsOf(
        mask(60, [
          [11, 11, 1, 10, 50],
          [10, 12, 2, 20, 40],
        ]),
      ),
    ).toBeNull();
  });
});
