import { columnCounts, columnRuns } from './column-runs';
import type { Raster } from './raster';

/** columnRuns as its doc comment says it, one column at a time. */
function reference(
  r: Raster,
  top: number,
  bottom: number,
  maxGlyph: number,
  maxTall = 1,
  topFree = false,
): Float32Array {
  const { width, rgb } = r;
  const out = new Float32Array(width);
  const q = (c: number) => ((c >> 12) & 0xf00) | ((c >> 8) & 0xf0) | ((c >> 4) & 0xf);
  for (let x = 0; x < width; x++) {
    let cand = -1;
    let votes = 0;
    for (let y = top; y <= bottom; y += 2) {
      const v = q(rgb[y * width + x]!);
      if (votes === 0) [cand, votes] = [v, 1];
      else votes += v === cand ? 1 : -1;
    }
    const major = [(cand >> 8) & 0xf, (cand >> 4) & 0xf, cand & 0xf].map((k) => k * 16 + 8);
    let run = 0;
    let short = 0;
    let long = 0;
    let start = top;
    for (let y = top; y <= bottom + 1; y++) {
      const c = y <= bottom ? rgb[y * width + x]! : -1;
      const ink =
        c >= 0 && [(c >> 16) & 255, (c >> 8) & 255, c & 255].some((v, k) => Math.abs(v - major[k]!) > 40);
      if (ink) run++;
      else {
        // A tall run touching the top or the bottom row is not counted as tall.
        if (run > maxGlyph && y <= bottom && (start > top || !topFree)) long++;
        else if (run >= 2 && run <= maxGlyph) short++;
        run = 0;
        start = y + 1;
      }
    }
    out[x] = long > maxTall ? 0 : short;
  }
  return out;
}

/** A screenshot-like image: flat background, glyph-sized and candle-sized blocks; some noise. */
function image(width: number, height: number, seed: number, noise: number): Raster {
  let s = seed;
  const rand = (n: number) => ((s = (s * 1103515245 + 12345) >>> 0) >>> 8) % n;
  const rgb = new Uint32Array(width * height).fill(0x131722);
  for (let k = 0; k < 60; k++) {
    const w = 1 + rand(12);
    const h = 1 + rand(k % 3 === 0 ? 80 : 12);
    const x0 = rand(width - w);
    const y0 = rand(height - h);
    const c = [0xd1d4dc, 0x26a69a, 0xef5350, 0x1e222d][rand(4)]!;
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) rgb[y * width + x] = c;
  }
  for (let i = 0; i < rgb.length; i++) if (rand(100) < noise) rgb[i] = rand(1 << 24);
  return { width, height, rgb };
}

describe('columnRuns', () => {
  it('counts every column as it would alone, pixel pairs or not (even and odd widths, noise)', () => {
    for (const [width, noise] of [
      [240, 0],
      [241, 0],
      [240, 3],
      [240, 60],
    ] as const) {
      for (let seed = 1; seed <= 4; seed++) {
        const r = image(width, 160, seed, noise);
        for (const [top, bottom] of [
          [0, 159],
          [7, 140],
          [3, 3],
        ] as const) {
          for (const maxTall of [1, 2])
            for (const topFree of [false, true])
              expect(Array.from(columnRuns(r, top, bottom, 24, maxTall, undefined, topFree))).toEqual(
                Array.from(reference(r, top, bottom, 24, maxTall, topFree)),
              );
        }
      }
    }
  });

  it('gives the same runs from counts made once for both searches, and ignores counts of other rows', () => {
    const r = image(240, 160, 3, 3);
    const counted = columnCounts(r, 0, 159, 24);
    for (const maxTall of [1, 2])
      for (const topFree of [false, true]) {
        const majors = new Int32Array(240);
        expect(Array.from(columnRuns(r, 0, 159, 24, maxTall, majors, topFree, counted))).toEqual(
          Array.from(reference(r, 0, 159, 24, maxTall, topFree)),
        );
        expect(majors.some((m) => m !== 0)).toBe(true);
        expect(Array.from(columnRuns(r, 7, 140, 24, maxTall, undefined, topFree, counted))).toEqual(
          Array.from(reference(r, 7, 140, 24, maxTall, topFree)),
        );
      }
  });
});
