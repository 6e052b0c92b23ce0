import { pixelStages } from '../test-support/stages';
import { paintChart } from '../test-support/paint';
import { checkCandleRow } from '../checks';
import { components } from './shapes';
import { columnBand, isColumnBars } from './columns';

/** A random walk of closes, one per bar (rows), deterministic per seed. */
function walk(n: number, seed: number, from = 150, step = 14): number[] {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const out: number[] = [];
  let y = from;
  for (let i = 0; i < n; i++) {
    y = Math.max(20, Math.min(280, Math.round(y + (rnd() - 0.5) * step)));
    out.push(y);
  }
  return out;
}

/** An ink mask (one class) of w x h with the given pixels set, and the band's evidence. */
function band(w: number, h: number, paint: (set: (x: number, y: number) => void) => void) {
  const ink = new Uint8Array(w * h);
  paint((x, y) => {
    if (x >= 0 && y >= 0 && x < w && y < h) ink[y * w + x] = 1;
  });
  const { labels, comps } = components(ink, w, h, 0);
  const i = comps.reduce((a, c, k) => (c.count > comps[a]!.count ? k : a), 0);
  return columnBand(labels, ink, w, i, comps[i]!);
}

/** A line from (x0, y0) to (x1, y1), `thick` px thick down the column (Bresenham, 4-connected). */
function line(
  set: (x: number, y: number) => void,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  thick: number,
) {
  const dx = Math.abs(x1 - x0);
  const dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1;
  const sy = y0 < y1 ? 1 : -1;
  let err = dx + dy;
  for (;;) {
    for (let t = 0; t < thick; t++) set(x0, y0 + t);
    if (x0 === x1 && y0 === y1) break;
    const e2 = 2 * err;
    if (e2 >= dy) [err, x0] = [err + dy, x0 + sx];
    // A diagonal step also inks the corner: the line is one 4-connected shape, as a line drawn
    // with anti-aliasing is.
    if (e2 >= dy && e2 <= dx) for (let t = 0; t < thick; t++) set(x0, y0 + t);
    if (e2 <= dx) [err, y0] = [err + dx, y0 + sy];
  }
}

describe('bars one column each (MetaTrader at its smallest zoom)', () => {
  it('reads a band of touching 1 px bars column by column, each column a bar', () => {
    // Black 1 px high-low strokes, one per column, no gap: one shape, no lattice to cut on.
    const painted = paintChart({
      background: 0xffffff,
      grid: null,
      bull: 0x000000,
      bear: 0x000000,
      bars: true,
      bodyWidth: 1,
      spacing: 1,
      maxWick: 8,
      seed: 21,
    });
    const { ex } = pixelStages(painted.image);
    expect(ex.columnBars).toBe(true);
    expect(() => checkCandleRow(ex)).not.toThrow();
    expect(ex.candles.length).toBe(painted.candles.length);
    for (const p of painted.candles) {
      const c = ex.candles.find((k) => k.x === p.x)!;
      expect(c, `bar at x=${p.x}`).toBeDefined();
      expect(Math.abs(c.highY - p.highY), `high at x=${p.x}`).toBeLessThanOrEqual(0.5);
      expect(Math.abs(c.lowY - p.lowY), `low at x=${p.x}`).toBeLessThanOrEqual(0.5);
      expect(c.ambiguous).toBe(true);
    }
  });

  it('takes bars whose ranges nest, not a line chart one or more px per bar', () => {
    const closes = walk(300, 5);
    // Bars: each column from its low to its high, around the walk.
    const bars = band(320, 300, (set) =>
      closes.forEach((c, x) => {
        const prev = closes[x - 1] ?? c;
        const hi = Math.min(prev, c) - ((x * 7) % 5);
        const lo = Math.max(prev, c) + ((x * 3) % 6);
        for (let y = hi; y <= lo; y++) set(x, y);
      }),
    );
    expect(isColumnBars(bars)).toBe(true);
    // Line charts of the same closes: 1 px at one and three px per bar, 2 and 3 px thick.
    for (const [spacing, thick] of [
      [1, 1],
      [1, 2],
      [1, 3],
      [3, 1],
      [3, 2],
    ] as const) {
      const lineBand = band(1000, 300, (set) => {
        for (let i = 1; i < closes.length; i++)
          line(set, (i - 1) * spacing, closes[i - 1]!, i * spacing, closes[i]!, thick);
      });
      expect(isColumnBars(lineBand), `line ${thick} px thick, ${spacing} px per bar`).toBe(false);
    }
  });

  it('takes no area chart (a filled mountain) for bars', () => {
    const closes = walk(300, 9);
    const area = band(320, 300, (set) =>
      closes.forEach((c, x) => {
        for (let y = c; y < 290; y++) set(x, y);
      }),
    );
    expect(isColumnBars(area)).toBe(false);
  });

  it('leaves touching candles 2-3 px wide to the lattice', () => {
    const painted = paintChart({ touching: true, spacing: 2.7, bodyWidth: 3, seed: 4 });
    const { ex } = pixelStages(painted.image);
    expect(ex.columnBars).toBeUndefined();
  });
});
