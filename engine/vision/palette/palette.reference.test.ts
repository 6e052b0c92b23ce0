import { hueless, type InkClass } from './palette';
import { learnPalette, strokeStats, type StrokeStats } from './learn';
import { classifyInk, clearDottedColumns, inkClassOf, joinSeams, settleDiluted } from './classify-ink';
import { EDGE_STRONGER_LEVELS, LINE_ROWS_MAX, LOW_ZONE_PARTS, MIN_RUN, SMEARED_MAX_SHARE } from './tuning';
import { paintChart } from '../test-support/paint';
import { toRaster, type Raster } from '../pixels/raster';
import { findLayout, type Layout } from '../layout';

// The palette's fast paths against plain references written as their doc comments say them:
// strokeStats' row-major scan over the non-background pixels with one run state per column and
// a list of the runs left open (805b930, 54eb68e), and classifyInk's skipping of background 8
// pixels at a time with its colour cache (b8c40f8).

const quant = (c: number) => ((c >> 12) & 0xf00) | ((c >> 8) & 0xf0) | ((c >> 4) & 0xf);

/** strokeStats one column at a time: every run of MIN_RUN+ px of one quantised colour, credited. */
function referenceStrokeStats(r: Raster, layout: Layout): StrokeStats {
  const { width, rgb } = r;
  const { plot, bgMask } = layout;
  const bins = () => new Float64Array(4096);
  const s: StrokeStats = {
    count: bins(),
    sumR: bins(),
    sumG: bins(),
    sumB: bins(),
    solid: bins(),
    solidLow: bins(),
    solidTall: bins(),
    low: bins(),
    edge: bins(),
    firstCol: bins().fill(Infinity),
    lastCol: bins().fill(-1),
  };
  // A pixel beside one further from the background (channels' distances summed).
  const bg = layout.background;
  const fromBg = (c: number) =>
    [16, 8, 0].reduce((sum, sh) => sum + Math.abs(((c >> sh) & 255) - ((bg >> sh) & 255)), 0);
  const lowFrom = plot.bottom - (plot.bottom - plot.top) / LOW_ZONE_PARTS;
  const pw = plot.right - plot.left + 1;
  for (let x = plot.left; x <= plot.right; x++) {
    // The run: its bin (-1: none), first row, first colour, inside pixels (all, low ones).
    let q = -1;
    let from = 0;
    let colour = 0;
    let inside = 0;
    let insideLow = 0;
    let edge = 0;
    const credit = (end: number) => {
      const len = end - from;
      if (q < 0 || len < MIN_RUN) return;
      s.count[q]! += len;
      s.solid[q]! += inside;
      s.solidLow[q]! += insideLow;
      if (len > LINE_ROWS_MAX) s.solidTall[q]! += inside;
      s.edge[q]! += edge;
      if (from >= lowFrom) s.low[q]! += len;
      s.sumR[q]! += ((colour >> 16) & 255) * len;
      s.sumG[q]! += ((colour >> 8) & 255) * len;
      s.sumB[q]! += (colour & 255) * len;
      s.firstCol[q] = Math.min(s.firstCol[q]!, x - plot.left);
      s.lastCol[q] = Math.max(s.lastCol[q]!, x - plot.left);
    };
    for (let y = plot.top; y <= plot.bottom; y++) {
      const j = y * width + x;
      if (bgMask[j]) {
        credit(y);
        q = -1;
        continue;
      }
      const c = rgb[j]!;
      const i = x - plot.left;
      const isInside =
        i > 0 && i + 1 < pw && quant(rgb[j - 1]!) === quant(c) && quant(rgb[j + 1]!) === quant(c);
      if (quant(c) !== q) {
        credit(y);
        [q, from, colour, inside, insideLow, edge] = [quant(c), y, c, 0, 0, 0];
      }
      const stronger = fromBg(c) + EDGE_STRONGER_LEVELS;
      if ((i > 0 && fromBg(rgb[j - 1]!) >= stronger) || (i + 1 < pw && fromBg(rgb[j + 1]!) >= stronger))
        edge++;
      if (isInside) {
        inside++;
        if (y >= lowFrom) insideLow++;
      }
    }
    credit(plot.bottom + 1);
  }
  return s;
}

/**
 * classifyInk pixel by pixel: every pixel that is not background classified afresh, then again
 * with the overshoot allowance for the classes no one exact colour holds a share of.
 */
function referenceClassifyInk(r: Raster, layout: Layout, palette: InkClass[]): Uint8Array {
  const { plot, bgMask } = layout;
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  const pass = (classOf: (c: number) => number) => {
    const out = new Uint8Array(pw * ph);
    const diluted: number[] = [];
    const colours = palette.map(() => new Map<number, number>());
    for (let y = 0; y < ph; y++) {
      for (let x = 0; x < pw; x++) {
        const j = (y + plot.top) * r.width + x + plot.left;
        if (bgMask[j]) continue;
        const k = classOf(r.rgb[j]!);
        out[y * pw + x] = k;
        if (k & 0x80) diluted.push(y * pw + x);
        if (k) {
          const seen = colours[(k & 0x7f) - 1]!;
          seen.set(r.rgb[j]!, (seen.get(r.rgb[j]!) ?? 0) + 1);
        }
      }
    }
    const smeared = colours.map((seen, k) => {
      const counts = [...seen.values()];
      const all = counts.reduce((a, b) => a + b, 0);
      return (
        all > 0 &&
        Math.max(...counts) < all * SMEARED_MAX_SHARE &&
        !hueless(layout.background, palette[k]!.colour)
      );
    });
    return { out, diluted, smeared };
  };
  const first = pass(inkClassOf(layout, palette));
  const { out, diluted } = first.smeared.some(Boolean)
    ? pass(inkClassOf(layout, palette, first.smeared))
    : first;
  settleDiluted(r, layout, palette, out, diluted);
  joinSeams(r, layout, palette, out);
  clearDottedColumns(r, layout, palette, out);
  return out;
}

/**
 * A random plot: background, vertical strokes of a few inks and their blends with the
 * background (anti-aliased, JPEG-like jitter), specks of random colour, and a background mask
 * that is not only the exact background colour (a gradient's rows, a stray pixel).
 */
function randomPlot(seed: number): { raster: Raster; layout: Layout; palette: InkClass[] } {
  let s = seed;
  const rand = (n: number) => ((s = (s * 1103515245 + 12345) >>> 0) >>> 8) % n;
  const width = 40 + rand(90);
  const height = 30 + rand(70);
  const bg = [0x131722, 0xffffff, 0x000000][rand(3)]!;
  const inks = [0x26a69a, 0xef5350, 0x2962ff, 0xf0f0f0, 0x7a7a7a].slice(0, 2 + rand(4));
  const blend = (ink: number, a: number) =>
    [16, 8, 0].reduce((c, sh) => {
      const v = Math.round(((bg >> sh) & 255) * (1 - a) + ((ink >> sh) & 255) * a);
      return c | (v << sh);
    }, 0);
  const jitter = (c: number) =>
    [16, 8, 0].reduce(
      (o, sh) => o | (Math.max(0, Math.min(255, ((c >> sh) & 255) + rand(25) - 12)) << sh),
      0,
    );
  const rgb = new Uint32Array(width * height).fill(bg);
  for (let n = rand(40); n > 0; n--) {
    const x = rand(width);
    const y0 = rand(height);
    const y1 = Math.min(height, y0 + 1 + rand(30));
    const w = 1 + rand(6);
    const ink = inks[rand(inks.length)]!;
    const a = [1, 1, 0.7, 0.5, 0.3][rand(5)]!;
    for (let y = y0; y < y1; y++)
      for (let dx = 0; dx < w && x + dx < width; dx++) {
        const c = blend(ink, a);
        rgb[y * width + x + dx] = rand(4) ? c : jitter(c);
      }
  }
  for (let n = rand(60); n > 0; n--) rgb[rand(rgb.length)] = rand(1 << 24);
  const bgMask = new Uint8Array(rgb.length);
  for (let i = 0; i < rgb.length; i++) bgMask[i] = rgb[i] === bg || rand(50) === 0 ? 1 : 0;
  const left = rand(8);
  const top = rand(8);
  const plot = { left, top, right: width - 1 - rand(8), bottom: height - 1 - rand(8) };
  const lineColours = rand(2) ? [0x2a2e39] : [];
  const layout = { background: bg, plot, bgMask, lineColours, gridColumns: [] } as unknown as Layout;
  const palette = inks.slice(0, 2 + rand(3)).map((colour) => ({ colour, mass: 1 }));
  return { raster: { width, height, rgb }, layout, palette };
}

/** Painted charts of several looks, with the layout and palette the reader finds on them. */
function paintedPlots(): { raster: Raster; layout: Layout; palette: InkClass[] }[] {
  const looks = [
    { seed: 3 },
    { seed: 5, background: 0xffffff, grid: 0xe0e3eb, bull: 0x089981, bear: 0xf23645 },
    { seed: 8, background: 0x000000, hollowBull: true, outline: 0x00ff00, bear: 0xffffff },
    { seed: 11, bars: true, priceLine: true },
    { seed: 13, touching: true, spacing: 2.7, bodyWidth: 3, movingAverage: 0x2962ff },
  ];
  return looks.map((o) => {
    const raster = toRaster(paintChart(o).image);
    const layout = findLayout(raster)!;
    return { raster, layout, palette: learnPalette(raster, layout) };
  });
}

const cases = [...paintedPlots(), ...Array.from({ length: 150 }, (_, seed) => randomPlot(seed + 1))];

/** The first index where two arrays differ, -1 when equal (toEqual is slow on long typed arrays). */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

describe('palette fast paths against their plain references', () => {
  it('strokeStats counts what a column-by-column walk counts', () => {
    for (const { raster, layout } of cases) {
      const fast = strokeStats(raster, layout);
      const plain = referenceStrokeStats(raster, layout);
      for (const key of Object.keys(plain) as (keyof StrokeStats)[]) {
        expect([key, firstDifference(fast[key], plain[key])]).toEqual([key, -1]);
      }
    }
  });

  it('classifyInk classifies what a pixel-by-pixel walk classifies', () => {
    let ink = 0;
    for (const { raster, layout, palette } of cases) {
      const fast = classifyInk(raster, layout, palette);
      expect(firstDifference(fast, referenceClassifyInk(raster, layout, palette))).toBe(-1);
      ink += fast.reduce((n, k) => n + (k ? 1 : 0), 0);
    }
    // The cases hold ink to classify, not only background.
    expect(ink).toBeGreaterThan(10_000);
  });
});
