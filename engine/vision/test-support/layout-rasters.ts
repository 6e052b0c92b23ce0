import { toRaster } from '../pixels/raster';
import type { Raster } from '../pixels/raster';
import { paintChart } from './paint';

/**
 * Rasters for the layout stage's fast-path tests (layout/fast-paths.test.ts): random
 * screenshot-like ones, ones built to sit at the stage's thresholds, and painted charts.
 */

/** A seeded generator: integers below n. */
function random(seed: number) {
  let s = seed;
  return (n: number) => ((s = (s * 1103515245 + 12345) >>> 0) >>> 8) % n;
}

/**
 * A screenshot-like raster: a background (flat, or a vertical gradient), blocks and lines of a
 * few colours, near-background noise inside and outside the tolerance, random pixels.
 */
export function randomRaster(
  width: number,
  height: number,
  seed: number,
  noise: number,
  gradient = false,
): Raster {
  const rand = random(seed);
  const bg = [0x131722, 0xffffff, 0x0c0e15, 0xf0f3fa][rand(4)]!;
  const rgb = new Uint32Array(width * height);
  for (let y = 0; y < height; y++) {
    const shade = gradient ? Math.floor((y * 40) / height) : 0;
    const c = bg > 0x800000 ? bg - shade * 0x010101 : bg + shade * 0x010101;
    rgb.fill(c, y * width, (y + 1) * width);
  }
  const colours = [0xd1d4dc, 0x26a69a, 0xef5350, 0x2a2e39, bg ^ 0x040404, bg ^ 0x0c0c0c];
  for (let k = 0; k < 40; k++) {
    const c = colours[rand(colours.length)]!;
    const kind = rand(4);
    // Blocks (candles), full rows and columns (grid, dotted or not), specks.
    const w = kind === 1 ? width : kind === 2 ? 1 + rand(2) : 1 + rand(14);
    const h = kind === 2 ? height : kind === 1 ? 1 + rand(2) : 1 + rand(kind === 0 ? 90 : 6);
    const x0 = rand(width - w + 1);
    const y0 = rand(height - h + 1);
    const dotted = rand(3) === 0;
    for (let y = y0; y < y0 + h; y++)
      for (let x = x0; x < x0 + w; x++) if (!dotted || (x + y) % 6 < 3) rgb[y * width + x] = c;
  }
  for (let i = 0; i < rgb.length; i++) if (rand(1000) < noise) rgb[i] = rand(1 << 24);
  return { width, height, rgb };
}

/**
 * A gradient background (one level per channel every third row) whose share of each row runs
 * from 35 to 65 % down the raster, the rest other colours (one within the gradient step of the
 * row's): many rows sit right at the majority threshold, and the gradient is followed far from
 * the dominant colour.
 */
function mixedRows(width: number, height: number, seed: number): Raster {
  const rand = random(seed);
  const rgb = new Uint32Array(width * height);
  for (let y = 0; y < height; y++) {
    const base = 0x202630 + Math.floor(y / 3) * 0x010101;
    const others = [base + 0x010101, 0x26a69a, 0xef5350, 0x50545c, 0xd1d4dc];
    const share = 350 + Math.floor((300 * y) / height);
    for (let x = 0; x < width; x++)
      rgb[y * width + x] = rand(1000) < share ? base : others[rand(others.length)]!;
  }
  return { width, height, rgb };
}

/**
 * A chart region for the region passes to work at: a header and a footer band and a side panel
 * of other colours, columns and rows inked to random shares around the 35 % background
 * threshold, so that the column counts change from pass to pass and many sit at the threshold.
 */
export function bandedRegion(width: number, height: number, seed: number): Raster {
  const rand = random(seed);
  const bg = 0xffffff;
  const rgb = new Uint32Array(width * height).fill(bg);
  const header = 6 + rand(30);
  const footer = 6 + rand(30);
  const panel = 20 + rand(60);
  const panelLeft = rand(2) === 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const inPanel = panelLeft ? x < panel : x >= width - panel;
      if (y < header || y >= height - footer) rgb[y * width + x] = 0x2a2e39;
      else if (inPanel) rgb[y * width + x] = 0xf0f0f0 - rand(2) * 0x303030;
    }
  // Blocks of columns (wider than the region's gap bridging) inked alike over a random share
  // (55-75 %) of their rows, and a few inked rows.
  for (let x0 = panelLeft ? panel : 0; x0 < (panelLeft ? width : width - panel) - 12; x0 += 14) {
    if (rand(2) !== 0) continue;
    const share = 550 + rand(200);
    const inked = Array.from({ length: height }, () => rand(1000) < share);
    for (let x = x0; x < x0 + 6 + rand(5); x++)
      for (let y = 0; y < height; y++) if (inked[y]) rgb[y * width + x] = 0x26a69a;
  }
  for (let k = 0; k < 8; k++) {
    const y = rand(height);
    for (let x = 0; x < width; x++) if (rand(1000) < 600) rgb[y * width + x] = 0xef5350;
  }
  return { width, height, rgb };
}

/**
 * Two exact colours of one 15-bit bin in equal numbers, the first seen also the last: only the
 * order of first sight decides between them.
 */
function tiedColours(): Raster {
  const width = 64;
  const a = 0x131720;
  const b = 0x131721;
  const rows = [a, a, b, b, b, b, a, a];
  const rgb = new Uint32Array(width * rows.length);
  rows.forEach((c, y) => rgb.fill(c, y * width, (y + 1) * width));
  return { width, height: rows.length, rgb };
}

/**
 * A flat background over the top half, then a gradient (one level per row, to a flat shade) that
 * a colour at both ends of every row crosses into: ink on row 49, background from row 50 on.
 */
function gradientEdges(): Raster {
  const width = 64;
  const height = 80;
  const rgb = new Uint32Array(width * height);
  for (let y = 0; y < height; y++) {
    rgb.fill(0x404040 + Math.min(13, Math.max(0, y - 39)) * 0x010101, y * width, (y + 1) * width);
    for (const x of [0, 1, 2, 3, width - 4, width - 3, width - 2, width - 1]) rgb[y * width + x] = 0x535353;
  }
  return { width, height, rgb };
}

/** Two colours of different bins where only the last run of pixels makes the later bin win. */
function lastRunDecides(): Raster {
  const width = 64;
  const rgb = new Uint32Array(width * 3).fill(0x808080);
  rgb.fill(0x101010, 0, width);
  return { width, height: 3, rgb };
}

/** Painted charts (grid, candles, a dotted price line, a moving average), as rasters. */
function paintedRasters(): Raster[] {
  return [
    paintChart({ width: 640, height: 400, priceLine: true }),
    paintChart({
      width: 641,
      height: 333,
      background: 0xffffff,
      grid: 0xe0e3eb,
      movingAverage: 0x2962ff,
      seed: 3,
    }),
    paintChart({ width: 517, height: 290, grid: null, bars: true, seed: 11 }),
    paintChart({
      width: 800,
      height: 450,
      hollowBull: true,
      outline: 0x00ff00,
      background: 0,
      spacing: 5,
      seed: 5,
    }),
  ].map((p) => toRaster(p.image));
}

export function rasters(): Raster[] {
  const out: Raster[] = paintedRasters();
  for (let seed = 1; seed <= 6; seed++) {
    const width = [240, 241, 333, 128, 97, 400][seed - 1]!;
    out.push(randomRaster(width, 120 + seed * 13, seed, [0, 2, 20, 0, 200, 5][seed - 1]!, seed % 2 === 0));
  }
  out.push(mixedRows(203, 160, 1), mixedRows(256, 97, 2), tiedColours(), gradientEdges(), lastRunDecides());
  for (let seed = 1; seed <= 4; seed++) out.push(bandedRegion(180 + seed * 7, 150 + seed * 5, seed));
  return out;
}

/** The same raster with its pixels at an address that is not 8-byte aligned (no pixel pairs). */
export function unaligned(r: Raster): Raster {
  const rgb = new Uint32Array(new ArrayBuffer((r.rgb.length + 1) * 4), 4, r.rgb.length);
  rgb.set(r.rgb);
  return { ...r, rgb };
}
