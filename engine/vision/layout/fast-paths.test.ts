/**
 * The layout stage's speed tricks held to the plain rules they stand for: each fast path
 * (runs of one colour counted at once, pixel pairs, background words of eight pixels passed over,
 * votes counted during the vote, counts updated for lost rows instead of redone) beside a
 * reference written the simple way, compared on random rasters and on painted charts.
 */
import { bin15, colourDistance } from '../pixels/raster';
import type { Raster } from '../pixels/raster';
import { maskWords } from '../pixels/byte-scan';
import { longestRun } from '../pixels/runs';
import { bandedRegion, randomRaster, rasters, unaligned } from '../test-support/layout-rasters';
import type { PlotRect } from '../types';
import { dominantColour, quant, quantise, rowBackgrounds } from './background';
import { findLines, voteAlongRows, voteDownColumns } from './lines';
import type { LineRun } from './lines';
import { acrossBands, acrossPanel, backgroundRegion, countColumnInk, countRow } from './region';
import { inkPerColumn, keptInkInRow } from './time-axis';
import {
  BG_TOLERANCE,
  DOMINANT_HALF_SAMPLE_ABOVE,
  DOTTED_GAP_SAMPLES,
  DOTTED_RUN_SHARE,
  GRADIENT_CARRY,
  GRADIENT_STEP,
  LINE_GAP_SAMPLES,
  MIN_REGION_PX,
  REGION_BG_SHARE,
  REGION_GAP_MIN_PX,
  REGION_GAP_SHARE,
  REGION_PASSES,
  ROW_MAJORITY_SHARE,
  ROW_VOTE_STEP,
} from './tuning';

// --- References: the rules as their doc comments state them, one pixel at a time. ---

/** Most frequent 15-bit bin (lowest bin on ties), then its most frequent exact colour (first seen on ties). */
function dominantColourReference(r: Raster): number {
  const { width, height, rgb } = r;
  const step = width * height > DOMINANT_HALF_SAMPLE_ABOVE ? 2 : 1;
  const bins = new Map<number, number>();
  for (let y = 0; y < height; y += step)
    for (let x = 0; x < width; x += step) {
      const b = bin15(rgb[y * width + x]!);
      bins.set(b, (bins.get(b) ?? 0) + 1);
    }
  let best = -1;
  for (const [b, n] of bins)
    if (best < 0 || n > bins.get(best)! || (n === bins.get(best)! && b < best)) best = b;
  // The exact colours of the winning bin, counted on every other sampled row, in order of first sight.
  const exact = new Map<number, number>();
  for (let y = 0; y < height; y += step * 2)
    for (let x = 0; x < width; x += step) {
      const c = rgb[y * width + x]!;
      if (bin15(c) === best) exact.set(c, (exact.get(c) ?? 0) + 1);
    }
  let colour = 0;
  let most = 0;
  for (const [c, n] of exact) if (n > most) [colour, most] = [c, n];
  return colour;
}

/** rowBackgrounds with each row's majority found by a plain vote, then a plain count of agreeing samples. */
function rowBackgroundsReference(r: Raster, bg: number): Int32Array {
  const { width, height, rgb } = r;
  const agrees = (p: number, c: number) => colourDistance(p, c) <= GRADIENT_STEP;
  const major = new Int32Array(height).fill(-1);
  for (let y = 0; y < height; y++) {
    const samples: number[] = [];
    for (let x = 0; x < width; x += ROW_VOTE_STEP) samples.push(rgb[y * width + x]!);
    let c = -1;
    let n = 0;
    for (const p of samples) {
      if (n === 0) [c, n] = [p, 1];
      else n += agrees(p, c) ? 1 : -1;
    }
    if (samples.filter((p) => agrees(p, c)).length >= samples.length * ROW_MAJORITY_SHARE) major[y] = c;
  }
  // The gradient walk, as rowBackgrounds does it (not a speed trick).
  const out = new Int32Array(height).fill(bg);
  const onBg = (y: number) => major[y]! >= 0 && colourDistance(major[y]!, bg) <= BG_TOLERANCE;
  for (const dir of [1, -1]) {
    for (let y0 = 0; y0 < height; y0++) {
      if (!onBg(y0) || (y0 + dir >= 0 && y0 + dir < height && onBg(y0 + dir))) continue;
      let prev = major[y0]!;
      let carried = 0;
      for (let y = y0 + dir; y >= 0 && y < height && !onBg(y); y += dir) {
        const m = major[y]!;
        if (m < 0 || colourDistance(m, prev) > GRADIENT_STEP) {
          if (++carried > GRADIENT_CARRY) break;
          continue;
        }
        for (; carried > 0; carried--) out[y - carried * dir] = prev;
        out[y] = prev = m;
      }
    }
  }
  return out;
}

/** Every pixel on its own: background (within BG_TOLERANCE per channel of its row's) or its quantised colour. */
function quantiseReference(r: Raster, rowBg: Int32Array): { q: Int16Array; bgMask: Uint8Array } {
  const { width, height, rgb } = r;
  const q = new Int16Array(rgb.length);
  const bgMask = new Uint8Array(rgb.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const isBg = colourDistance(rgb[i]!, rowBg[y]!) <= BG_TOLERANCE;
      q[i] = isBg ? -1 : quant(rgb[i]!);
      bgMask[i] = isBg ? 1 : 0;
    }
  return { q, bgMask };
}

/**
 * findLines one line at a time: its samples (every other pixel) in order, a majority vote over
 * those off the background, then the longest run of that colour bridging other colours and up to
 * LINE_GAP_SAMPLES background samples.
 */
function findLinesReference(
  r: Raster,
  q: Int16Array,
  region: PlotRect,
  horizontal: boolean,
  minCount: number,
): LineRun[] {
  const { width, rgb } = r;
  const out: LineRun[] = [];
  const [from, to] = horizontal ? [region.top, region.bottom] : [region.left, region.right];
  const [along, alongEnd] = horizontal ? [region.left, region.right] : [region.top, region.bottom];
  for (let at = from; at <= to; at++) {
    const index = (k: number) => (horizontal ? at * width + k : k * width + at);
    const samples: number[] = [];
    for (let k = along; k <= alongEnd; k += 2) samples.push(k);
    const inked = samples.filter((k) => q[index(k)]! >= 0);
    let cl = -1;
    let votes = 0;
    for (const k of inked) {
      const v = q[index(k)]!;
      if (votes === 0) [cl, votes] = [v, 1];
      else votes += v === cl ? 1 : -1;
    }
    if (inked.length < minCount / 2) continue;
    let run = 0;
    let first = -1;
    let last = -1;
    let gap = 0;
    let bridged = 0;
    let count = 0;
    let lastOfColour = -1;
    let best = { run: 0, first: -1, last: -1, bridged: 0 };
    const close = () => {
      if (run > best.run) best = { run, first, last, bridged };
      [run, first, bridged] = [0, -1, 0];
    };
    for (const k of samples) {
      const v = q[index(k)]!;
      if (v === cl) {
        if (run === 0) first = k;
        else bridged += gap;
        [last, lastOfColour, gap] = [k, k, 0];
        run++;
        count++;
      } else if (v < 0 && run > 0 && ++gap > LINE_GAP_SAMPLES) close();
    }
    close();
    if (count < minCount / 2 || best.first < 0) continue;
    out.push({
      at,
      start: best.first,
      end: best.last,
      colour: rgb[index(lastOfColour)]!,
      dotted: best.bridged > DOTTED_GAP_SAMPLES || best.run < DOTTED_RUN_SHARE * (best.last - best.first + 1),
    });
  }
  return out;
}

/** backgroundRegion with every pass's column and row counts done afresh over every counted pixel. */
function backgroundRegionReference(
  r: Raster,
  bgMask: Uint8Array,
  bg: number,
  xMin: number,
  xMax: number,
  labelSide: 'left' | 'right' | null,
): PlotRect | null {
  const { width, height } = r;
  let [top, bottom, left, right] = [0, height - 1, xMin, xMax];
  for (let pass = 0; pass < REGION_PASSES; pass++) {
    // Columns: background on every other row of top..bottom.
    const h = Math.ceil((bottom - top + 1) / 2);
    const colBg = (x: number) => {
      let n = 0;
      for (let y = top; y <= bottom; y += 2) n += bgMask[y * width + x]!;
      return n;
    };
    const cols = longestRun(
      width,
      (x) => x >= left && x <= right && colBg(x) >= REGION_BG_SHARE * h,
      Math.max(REGION_GAP_MIN_PX, Math.round(width * REGION_GAP_SHARE)),
    );
    if (!cols) return null;
    [left, right] = [cols.start, cols.end];
    if (labelSide === 'right') right = xMax;
    if (labelSide === 'left') left = xMin;
    // Rows: background on every other column of left..right.
    const w = Math.ceil((right - left + 1) / 2);
    const rowBg = (y: number) => {
      let n = 0;
      for (let x = left; x <= right; x += 2) n += bgMask[y * width + x]!;
      return n;
    };
    const rows = longestRun(
      height,
      (y) => rowBg(y) >= REGION_BG_SHARE * w,
      Math.max(REGION_GAP_MIN_PX, Math.round(height * REGION_GAP_SHARE)),
    );
    if (!rows) return null;
    const settled = rows.start === top && rows.end === bottom && pass > 0;
    [top, bottom] = [rows.start, rows.end];
    if (settled) break;
  }
  if (labelSide === 'right') left = acrossBands(r, bgMask, bg, top, bottom, left, -1);
  if (labelSide === 'left') right = acrossBands(r, bgMask, bg, top, bottom, right, 1);
  if (labelSide !== null) {
    const dir = labelSide === 'right' ? -1 : 1;
    const across = acrossPanel(r, bgMask, bg, top, bottom, dir < 0 ? left : right, dir);
    if (across && dir < 0) left = across.edge;
    if (across && dir > 0) right = across.edge;
  }
  if (right - left + 1 < MIN_REGION_PX || bottom - top + 1 < MIN_REGION_PX) return null;
  return { left, top, right, bottom };
}

/** The background mask of a raster (quantise copied out: its q array is reused between calls). */
function masks(r: Raster) {
  const { q, bgMask } = quantise(r, rowBackgrounds(r, dominantColour(r)));
  return { q: q.slice(), bgMask };
}

/** Where two arrays first differ, -1 when they are equal (toEqual on a whole raster is slow). */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

// --- Equivalence ---

describe('layout fast paths match their plain references', () => {
  it('dominantColour: runs of one colour counted at once, exact colours in a typed array', () => {
    for (const r of rasters()) expect(dominantColour(r)).toBe(dominantColourReference(r));
    // Large enough to be sampled every other row and column.
    const big = randomRaster(1500, 1400, 9, 3);
    expect(dominantColour(big)).toBe(dominantColourReference(big));
  });

  it('rowBackgrounds: agreeing samples counted during the vote', () => {
    for (const r of rasters()) {
      const bg = dominantColour(r);
      expect(firstDifference(rowBackgrounds(r, bg), rowBackgroundsReference(r, bg))).toBe(-1);
    }
  });

  it('quantise: the last pixel and the last pixel pair reused, pairs or not', () => {
    for (const base of rasters()) {
      for (const r of [base, unaligned(base)]) {
        const rowBg = rowBackgrounds(r, dominantColour(r));
        const fast = quantise(r, rowBg);
        const plain = quantiseReference(r, rowBg);
        expect(firstDifference(fast.bgMask, plain.bgMask)).toBe(-1);
        expect(firstDifference(fast.q.subarray(0, r.rgb.length), plain.q)).toBe(-1);
      }
    }
  });

  it('findLines: rows in locals, columns walked only with a candidate, background words skipped', () => {
    for (const r of rasters()) {
      const { q, bgMask } = masks(r);
      const regions: PlotRect[] = [
        { left: 0, top: 0, right: r.width - 1, bottom: r.height - 1 },
        { left: 3, top: 5, right: r.width - 10, bottom: r.height - 7 },
      ].filter((g) => g.right >= g.left && g.bottom >= g.top);
      for (const region of regions) {
        for (const horizontal of [true, false]) {
          const length = horizontal ? region.right - region.left + 1 : region.bottom - region.top + 1;
          // Shares of the length, and counts a line may have exactly.
          for (const minCount of [0.4 * length, 0.1 * length, 4, 8, 20]) {
            expect(findLines(r, q, bgMask, region, horizontal, minCount)).toEqual(
              findLinesReference(r, q, region, horizontal, minCount),
            );
          }
        }
      }
    }
  });

  it("findLines' votes: background words passed over, every sample off the background voting", () => {
    for (const r of rasters()) {
      const { q, bgMask } = masks(r);
      const words = maskWords(bgMask);
      const region = { left: 1, top: 2, right: r.width - 3, bottom: r.height - 1 };
      for (const minCount of [2, 5.5, 10]) {
        const rows = new Int32Array(region.bottom - region.top + 1).fill(-1);
        const columns = new Int32Array(region.right - region.left + 1).fill(-1);
        const vote = (values: number[]) => {
          let [cand, votes] = [-1, 0];
          for (const v of values) {
            if (votes === 0) [cand, votes] = [v, 1];
            else votes += v === cand ? 1 : -1;
          }
          return values.length < minCount ? -1 : cand;
        };
        for (let y = region.top; y <= region.bottom; y++) {
          const values: number[] = [];
          for (let x = region.left; x <= region.right; x += 2)
            if (q[y * r.width + x]! >= 0) values.push(q[y * r.width + x]!);
          rows[y - region.top] = vote(values);
        }
        for (let x = region.left; x <= region.right; x++) {
          const values: number[] = [];
          for (let y = region.top; y <= region.bottom; y += 2)
            if (q[y * r.width + x]! >= 0) values.push(q[y * r.width + x]!);
          columns[x - region.left] = vote(values);
        }
        expect(firstDifference(voteAlongRows(q, words, r.width, region, minCount), rows)).toBe(-1);
        expect(firstDifference(voteDownColumns(q, words, r.width, region, minCount), columns)).toBe(-1);
      }
    }
  });

  it('countColumnInk and countRow: background words passed over eight pixels at a time', () => {
    for (const r of rasters()) {
      const { bgMask } = masks(r);
      // Aligned (words) and not (no words): the same counts.
      const copy = new Uint8Array(new ArrayBuffer(bgMask.length + 3), 3, bgMask.length);
      copy.set(bgMask);
      for (const mask of [bgMask, copy]) {
        const words = maskWords(mask);
        for (const [left, right] of [
          [0, r.width - 1],
          [5, r.width - 12],
          [9, 9],
        ] as const) {
          // Every row's ink added, then every third row's taken off again.
          const colInk = new Int32Array(r.width);
          const expected = new Int32Array(r.width);
          const rowsFast: number[] = [];
          const rowsPlain: number[] = [];
          for (let y = 0; y < r.height; y++) {
            const row = y * r.width;
            const sign = y % 3 === 0 ? -1 : 1;
            countColumnInk(colInk, mask, words, row, left, right, 1);
            if (sign < 0) countColumnInk(colInk, mask, words, row, left, right, -1);
            let background = 0;
            for (let x = left; x <= right; x++) {
              if (sign > 0 && !mask[row + x]) expected[x]!++;
              if ((x - left) % 2 === 0) background += mask[row + x]!;
            }
            rowsFast.push(countRow(mask, words, row, left, right));
            rowsPlain.push(background);
          }
          expect(firstDifference(colInk, expected)).toBe(-1);
          expect(rowsFast).toEqual(rowsPlain);
        }
      }
    }
  });

  it('backgroundRegion: column counts updated for the rows lost, rows not recounted once settled', () => {
    // More banded regions: a column block flips only when its count sits right at the threshold.
    const banded = Array.from({ length: 20 }, (_, k) => bandedRegion(215 + k * 7, 175 + k * 5, k + 5));
    for (const r of [...rasters(), ...banded]) {
      const { bgMask } = masks(r);
      const bg = dominantColour(r);
      const w = r.width;
      for (const [xMin, xMax, side] of [
        [0, w - 1, null],
        [0, w - 40, 'right'],
        [30, w - 1, 'left'],
      ] as const) {
        expect(backgroundRegion(r, bgMask, bg, null, side, xMin, xMax)).toEqual(
          backgroundRegionReference(r, bgMask, bg, xMin, xMax, side),
        );
      }
    }
  });

  it("timeAxisText's counts: background passed over with nextClear", () => {
    for (const r of rasters()) {
      const { bgMask } = masks(r);
      const words = maskWords(bgMask);
      const { width, height } = r;
      for (const [left, right, top, bottom] of [
        [0, width - 1, 0, height - 1],
        [7, width - 5, 3, height - 9],
      ] as const) {
        const cols = inkPerColumn(bgMask, words, width, left, right, top, bottom);
        const plainCols = new Uint32Array(right - left + 1);
        const keep = new Uint8Array(right - left + 1);
        for (let x = left; x <= right; x++) {
          for (let y = top; y <= bottom; y += 4) plainCols[x - left]! += bgMask[y * width + x] ? 0 : 1;
          keep[x - left] = x % 3 === 0 ? 0 : 1;
        }
        expect(firstDifference(cols, plainCols)).toBe(-1);
        const rowsFast: number[] = [];
        const rowsPlain: number[] = [];
        for (let y = top; y <= bottom; y++) {
          let kept = 0;
          for (let x = left; x <= right; x++) if (!bgMask[y * width + x]) kept += keep[x - left]!;
          rowsFast.push(keptInkInRow(bgMask, words, width, left, keep, y));
          rowsPlain.push(kept);
        }
        expect(rowsFast).toEqual(rowsPlain);
      }
    }
  });
});
