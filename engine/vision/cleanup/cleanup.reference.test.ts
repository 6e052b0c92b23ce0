import { lineThinPixels, removeHorizontalLines } from './lines';
import { removeVolumeBars } from './volume';
import { bodyUnderLine, bridgeOccluders } from './occluders';
import {
  BASELINE_FROM_SHARE,
  BRIDGE_MAX_ROWS,
  BRIDGE_MAX_SHARE,
  BRIDGE_MAX_SHADED_ROWS,
  SHADED_TOLERANCES,
  EDGE_OVER_LOOSE,
  EDGE_ROW_SHARE,
  LINE_EXTRA_ROWS,
  LINE_ROW_INK_SHARE,
  LINE_THIN_SHARE,
  MIN_BARS,
  MIN_BARS_SHARE,
  PALE_MAX,
  PALE_MIN,
  PALE_OFF_MAX,
  PALE_RUN_MIN,
  PALE_WALK_OFF_MAX,
  SOLID_GAP_TOLERANCES,
  STROKE_PX,
  THIN_RUN_PX,
  TIP_LINE_PX,
  TIP_LINE_SIDE_PX,
} from './tuning';
import { classifyInk, learnPalette, type InkClass } from '../palette';
import { tint } from '../palette/palette';
import { BG_TOLERANCE, findLayout } from '../layout';
import { colourDistance, toRaster, type Raster } from '../pixels/raster';
import { paintChart } from '../test-support/paint';
import type { PlotRect } from '../types';

// The clean-up's fast paths against plain references written as their doc comments say them:
// removeHorizontalLines' row counts 4 bytes at a time (8658579), removeVolumeBars' row walk over
// the ink with a paleness table (84b09e9, 2987f1c) and bridgeOccluders' row walk under the ink of
// the row above (1967168, 9dd4833), each against a walk down every column, pixel by pixel.

/** removeHorizontalLines with each row's ink counted pixel by pixel. */
function referenceHorizontalLines(ink: Uint8Array, pw: number, ph: number): void {
  const rowInk = Array.from({ length: ph }, (_, y) => {
    let n = 0;
    for (let x = 0; x < pw; x++) if (ink[y * pw + x]) n++;
    return n;
  });
  const thin = (x: number, y: number) => {
    if (!ink[y * pw + x]) return false;
    let n = 1;
    for (let k = 1; k <= THIN_RUN_PX && y - k >= 0 && ink[(y - k) * pw + x]; k++) n++;
    for (let k = 1; k <= THIN_RUN_PX && y + k < ph && ink[(y + k) * pw + x]; k++) n++;
    return n <= THIN_RUN_PX;
  };
  const isLine = (y: number) => {
    if (rowInk[y]! < pw * LINE_ROW_INK_SHARE) return false;
    return lineThinPixels(ink, pw, y, thin) >= rowInk[y]! * LINE_THIN_SHARE;
  };
  const isEdge = (yy: number, line: number) => {
    if (yy < 0 || yy >= ph || rowInk[yy] === 0) return false;
    let edge = 0;
    let loose = 0;
    for (let x = 0; x < pw; x++) {
      if (!thin(x, yy)) continue;
      if (ink[line * pw + x]) edge++;
      else loose++;
    }
    return edge >= pw * EDGE_ROW_SHARE && edge >= loose * EDGE_OVER_LOOSE;
  };
  for (let y = 0; y < ph; y++) {
    if (!isLine(y)) continue;
    let y1 = y;
    while (y1 + 1 < ph && y1 - y < LINE_EXTRA_ROWS && rowInk[y1 + 1]! >= pw * LINE_ROW_INK_SHARE) y1++;
    if (y1 - y < LINE_EXTRA_ROWS && isEdge(y1 + 1, y1)) y1++;
    if (y1 - y < LINE_EXTRA_ROWS && isEdge(y - 1, y)) y--;
    for (let x = 0; x < pw; x++) {
      const above = y > 0 ? ink[(y - 1) * pw + x]! : 0;
      const below = y1 + 1 < ph ? ink[(y1 + 1) * pw + x]! : 0;
      if (above || below) continue;
      for (let yy = y; yy <= y1; yy++) ink[yy * pw + x] = 0;
    }
    y = y1;
  }
}

/** removeVolumeBars walking down every column, paleness memoised in a Map. */
function referenceVolumeBars(
  ink: Uint8Array,
  plot: PlotRect,
  palette: InkClass[],
  raster: Raster,
  background: number,
): boolean {
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  const { width, rgb } = raster;
  const memo = new Map<number, boolean>();
  const isPale = (c: number) => {
    let p = memo.get(c);
    if (p === undefined) {
      p = palette.some((k) => {
        const t = tint(c, background, k.colour);
        return t.alpha >= PALE_MIN && t.alpha <= PALE_MAX && t.off <= PALE_OFF_MAX;
      });
      memo.set(c, p);
    }
    return p;
  };
  const pale = (x: number, y: number) =>
    ink[y * pw + x] !== 0 && isPale(rgb[(y + plot.top) * width + x + plot.left]!);
  const bottoms = new Int32Array(ph);
  for (let x = 0; x < pw; x++) {
    let run = 0;
    for (let y = 0; y <= ph; y++) {
      if (y < ph && pale(x, y)) run++;
      else {
        if (run >= PALE_RUN_MIN) bottoms[y - 1]!++;
        run = 0;
      }
    }
  }
  let base = -1;
  let best = 0;
  for (let y = Math.floor(ph * BASELINE_FROM_SHARE); y < ph; y++) {
    const n = bottoms[y]! + (bottoms[y - 1] ?? 0) + (y + 1 < ph ? bottoms[y + 1]! : 0);
    if (n > best) [base, best] = [y, n];
  }
  if (base < 0 || best < Math.max(MIN_BARS, pw * MIN_BARS_SHARE)) return false;
  // Up a bar: the colour alone, with the looser hue tolerance.
  const inBar = (x: number, y: number) =>
    palette.some((k) => {
      const t = tint(rgb[(y + plot.top) * width + x + plot.left]!, background, k.colour);
      return t.alpha >= PALE_MIN && t.alpha <= PALE_MAX && t.off <= PALE_WALK_OFF_MAX;
    });
  for (let x = 0; x < pw; x++) {
    let foot = -1;
    for (let y = Math.min(ph - 1, base + 1); y >= base - 1; y--) {
      if (inBar(x, y) && (y + 1 >= ph || !inBar(x, y + 1))) {
        foot = y;
        break;
      }
    }
    // A bar running on down through the baseline: its own lowest row in the bar's colour.
    if (foot < 0) {
      for (let y = Math.max(0, base - 1); y <= Math.min(ph - 1, base + 1); y++) {
        if (!inBar(x, y)) continue;
        foot = y;
        while (foot + 1 < ph && inBar(x, foot + 1)) foot++;
        break;
      }
    }
    if (foot < 0) continue;
    for (let y = foot; y >= 0 && inBar(x, y); y--) ink[y * pw + x] = 0;
  }
  return true;
}

/** bridgeOccluders walking down every column and trying every foreign pixel under candle ink. */
function referenceOccluders(
  ink: Uint8Array,
  bgMask: Uint8Array,
  raster: Raster,
  background: number,
  plot: PlotRect,
): void {
  const { width, rgb } = raster;
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  const maxRun = Math.max(BRIDGE_MAX_ROWS, Math.round(ph * BRIDGE_MAX_SHARE));
  const bg = (x: number, y: number) => bgMask[(y + plot.top) * width + x + plot.left] === 1;
  const isStroke = (x: number, from: number, dir: number, cls: number) => {
    for (let k = 0; k < STROKE_PX; k++) {
      const yy = from + dir * k;
      if (yy < 0 || yy >= ph || ink[yy * pw + x] !== cls) return false;
    }
    return true;
  };
  for (let x = 0; x < pw; x++) {
    for (let y = 1; y < ph - 1; y++) {
      const above = ink[(y - 1) * pw + x]!;
      if (!above || ink[y * pw + x] || bg(x, y)) continue;
      let end = y;
      while (end < ph && end - y < maxRun && !ink[end * pw + x] && !bg(x, end)) end++;
      let resume = end;
      while (resume < ph && resume - y < maxRun && !bg(x, resume) && !isStroke(x, resume, 1, above)) resume++;
      let tipEnd = end;
      while (tipEnd < ph && tipEnd - end < STROKE_PX && ink[tipEnd * pw + x] === above) tipEnd++;
      const tip =
        end - y <= TIP_LINE_PX &&
        tipEnd > end &&
        tipEnd - end < STROKE_PX &&
        (tipEnd >= ph || !ink[tipEnd * pw + x]);
      const across = resume < ph && resume - y < maxRun && isStroke(x, resume, 1, above);
      let tipTop = y - 1;
      while (tipTop > 0 && y - tipTop < STROKE_PX && ink[(tipTop - 1) * pw + x] === above) tipTop--;
      const lineBeside = [x - TIP_LINE_SIDE_PX, x + TIP_LINE_SIDE_PX].every(
        (xx) => xx >= 0 && xx < pw && !bg(xx, y),
      );
      const tipAbove =
        across &&
        resume - y <= TIP_LINE_PX &&
        y - tipTop < STROKE_PX &&
        (tipTop === 0 || !ink[(tipTop - 1) * pw + x]) &&
        lineBeside;
      const to = across
        ? resume
        : tip
          ? end
          : bodyUnderLine(ink, bgMask, { raster, background }, plot, x, y, above);
      const solidGap =
        to - y >= 2 ||
        colourDistance(rgb[(y + plot.top) * width + x + plot.left]!, background) >
          BG_TOLERANCE * SOLID_GAP_TOLERANCES;
      let shaded = 0;
      for (let k = y; k < to; k++)
        if (
          colourDistance(rgb[(k + plot.top) * width + x + plot.left]!, background) <=
          BG_TOLERANCE * SHADED_TOLERANCES
        )
          shaded++;
      const line = shaded < BRIDGE_MAX_SHADED_ROWS;
      if (to >= 0 && solidGap && line && (tipAbove || isStroke(x, y - 1, -1, above))) {
        for (let k = y; k < to; k++) ink[k * pw + x] = above;
      }
    }
  }
}

interface Case {
  raster: Raster;
  plot: PlotRect;
  bgMask: Uint8Array;
  background: number;
  palette: InkClass[];
  ink: Uint8Array;
}

/**
 * A random plot: candle strokes of two classes (wicks, bodies), thin horizontal lines and their
 * edge rows across them, volume-like pale bars standing on a baseline, foreign pixels (a line's
 * colour) cutting the strokes, and background elsewhere.
 */
function randomCase(seed: number): Case {
  let s = seed;
  const rand = (n: number) => ((s = (s * 1103515245 + 12345) >>> 0) >>> 8) % n;
  const width = 50 + rand(100);
  const height = 40 + rand(80);
  const background = 0x131722;
  const palette = [
    { colour: 0x26a69a, mass: 1 },
    { colour: 0xef5350, mass: 1 },
  ];
  const blend = (ink: number, a: number) =>
    [16, 8, 0].reduce((c, sh) => {
      const v = Math.round(((background >> sh) & 255) * (1 - a) + ((ink >> sh) & 255) * a);
      return c | (v << sh);
    }, 0);
  const rgb = new Uint32Array(width * height).fill(background);
  const plot = { left: rand(6), top: rand(6), right: width - 1 - rand(6), bottom: height - 1 - rand(6) };
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  const ink = new Uint8Array(pw * ph);
  const put = (x: number, y: number, k: number, c: number) => {
    if (x < 0 || y < 0 || x >= pw || y >= ph) return;
    ink[y * pw + x] = k;
    rgb[(y + plot.top) * width + x + plot.left] = c;
  };
  // Pale bars on a baseline near the bottom.
  const base = ph - 1 - rand(4);
  if (rand(2)) {
    for (let x = 0; x < pw; x += 2 + rand(3)) {
      const k = 1 + rand(2);
      const c = blend(palette[k - 1]!.colour, [0.4, 0.5, 0.6][rand(3)]!);
      for (let y = base - rand(20); y <= base; y++) put(x, y, k, c);
    }
  }
  // Candles: wick and body strokes.
  for (let n = rand(25); n > 0; n--) {
    const x = rand(pw);
    const k = 1 + rand(2);
    const c = palette[k - 1]!.colour;
    const top = rand(ph);
    const bottom = Math.min(ph - 1, top + 2 + rand(25));
    for (let y = top; y <= bottom; y++) put(x, y, k, c);
    const bodyTop = top + rand(bottom - top + 1);
    const bodyBottom = Math.min(bottom, bodyTop + rand(8));
    const half = rand(4);
    for (let y = bodyTop; y <= bodyBottom; y++) for (let dx = -half; dx <= half; dx++) put(x + dx, y, k, c);
  }
  // Horizontal lines in a candle colour (1-3 rows), some with a sparse edge row.
  for (let n = rand(3); n > 0; n--) {
    const y = rand(ph);
    const k = 1 + rand(2);
    const rows = 1 + rand(3);
    for (let x = 0; x < pw; x++) {
      if (rand(5) === 0) continue;
      for (let r = 0; r < rows; r++) put(x, y + r, k, palette[k - 1]!.colour);
      if (rand(3) === 0) put(x, y + rows, k, blend(palette[k - 1]!.colour, 0.5));
    }
  }
  // A line of a foreign colour crossing the strokes: not ink, not background.
  const foreign = [0x2962ff, 0xff9800, 0x1a1e2b][rand(3)]!;
  for (let n = rand(4); n > 0; n--) {
    let y = rand(ph);
    const thick = 1 + rand(3);
    const slope = rand(5) - 2;
    for (let x = 0; x < pw; x++) {
      for (let t = 0; t < thick + Math.abs(slope); t++) {
        if (y + t >= 0 && y + t < ph) {
          ink[(y + t) * pw + x] = rand(8) === 0 ? 1 + rand(2) : 0;
          rgb[(y + t + plot.top) * width + x + plot.left] = foreign;
        }
      }
      if (rand(3) === 0) y += slope;
    }
  }
  const bgMask = new Uint8Array(width * height);
  for (let i = 0; i < bgMask.length; i++) bgMask[i] = rgb[i] === background ? 1 : 0;
  return { raster: { width, height, rgb }, plot, bgMask, background, palette, ink };
}

/** Painted charts of several looks, with the ink the reader classifies on them. */
function paintedCases(): Case[] {
  const looks = [
    { seed: 3, priceLine: true },
    {
      seed: 5,
      background: 0xffffff,
      grid: 0xe0e3eb,
      bull: 0x089981,
      bear: 0xf23645,
      movingAverage: 0x2962ff,
    },
    { seed: 8, background: 0x000000, hollowBull: true, outline: 0x00ff00, bear: 0xffffff },
    { seed: 11, bars: true, priceLine: true, movingAverage: 0xff9800 },
    { seed: 13, touching: true, spacing: 2.7, bodyWidth: 3, movingAverage: 0x2962ff },
  ];
  return looks.map((o) => {
    const raster = toRaster(paintChart(o).image);
    const layout = findLayout(raster)!;
    const palette = learnPalette(raster, layout);
    const ink = classifyInk(raster, layout, palette);
    return { raster, plot: layout.plot, bgMask: layout.bgMask, background: layout.background, palette, ink };
  });
}

const cases = [...paintedCases(), ...Array.from({ length: 200 }, (_, seed) => randomCase(seed + 1))];

/** The first index where two arrays differ, -1 when equal (toEqual is slow on long typed arrays). */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

describe('clean-up fast paths against their plain references', () => {
  it('removeHorizontalLines clears what it clears with rows counted pixel by pixel', () => {
    let changed = 0;
    for (const { plot, ink } of cases) {
      const pw = plot.right - plot.left + 1;
      const ph = plot.bottom - plot.top + 1;
      const fast = ink.slice();
      const plain = ink.slice();
      removeHorizontalLines(fast, pw, ph);
      referenceHorizontalLines(plain, pw, ph);
      expect(firstDifference(fast, plain)).toBe(-1);
      if (firstDifference(fast, ink) >= 0) changed++;
    }
    // Lines were found and cleared on many cases, not on none.
    expect(changed).toBeGreaterThan(20);
  });

  it('removeVolumeBars clears what a walk down every column clears', () => {
    let found = 0;
    for (const { raster, plot, palette, background, ink } of cases) {
      const fast = ink.slice();
      const plain = ink.slice();
      const a = removeVolumeBars(fast, plot, palette, raster, background);
      expect(a).toBe(referenceVolumeBars(plain, plot, palette, raster, background));
      expect(firstDifference(fast, plain)).toBe(-1);
      if (a) found++;
    }
    expect(found).toBeGreaterThan(10);
  });

  it('bridgeOccluders bridges what a walk down every column bridges', () => {
    let changed = 0;
    for (const { raster, plot, bgMask, background, ink } of cases) {
      const fast = ink.slice();
      const plain = ink.slice();
      bridgeOccluders(fast, bgMask, { raster, background }, plot);
      referenceOccluders(plain, bgMask, raster, background, plot);
      expect(firstDifference(fast, plain)).toBe(-1);
      if (firstDifference(fast, ink) >= 0) changed++;
    }
    expect(changed).toBeGreaterThan(20);
  });
});
