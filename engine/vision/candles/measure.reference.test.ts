import { measure } from './measure';
import { components, pieceRows } from './shapes';
import type { AlphaAt } from './measure';

// measure keeps its per-row arrays and its tallies between calls (477f6f5): a call must read
// only what it wrote, and leave the tallies zero. The reference is measure in a freshly loaded
// module (new arrays, zero tallies) for every piece; the fast path is measure called on the
// pieces one after another, after pieces of other heights and classes.

type Measure = typeof measure;

interface Piece {
  ink: Uint8Array;
  labels: Int32Array;
  pw: number;
  id: number;
  rows: { minY: number; maxY: number };
  x0: number;
  x1: number;
  alphaAt: AlphaAt;
}

/** Candle-like shapes (wicks, bodies of up to 4 classes, hollow ones, bars' ticks) and specks. */
function randomPieces(seed: number): Piece[] {
  let s = seed;
  const rand = (n: number) => ((s = (s * 1103515245 + 12345) >>> 0) >>> 8) % n;
  const pw = 60 + rand(80);
  // Some plots taller than measure's first arrays (256 rows), so that they grow.
  const ph = rand(3) ? 40 + rand(120) : 300 + rand(100);
  const ink = new Uint8Array(pw * ph);
  for (let x = 2; x + 8 < pw; x += 6 + rand(8)) {
    const k = 1 + rand(4);
    const top = rand(ph >> 1);
    const bottom = Math.min(ph - 1, top + 3 + rand(ph >> 1));
    const cx = x + 3;
    for (let y = top; y <= bottom; y++) ink[y * pw + cx] = rand(10) ? k : 1 + rand(4);
    const bt = top + rand(bottom - top + 1);
    const bb = Math.min(bottom, bt + rand(30));
    const half = rand(4);
    const hollow = rand(3) === 0;
    for (let y = bt; y <= bb; y++) {
      for (let dx = -half; dx <= half; dx++) {
        const edge = y === bt || y === bb || Math.abs(dx) === half;
        if (hollow && !edge) continue;
        ink[y * pw + cx + dx] = hollow && rand(2) ? 1 + ((k + 1) % 4) : k;
      }
    }
    if (rand(4) === 0) for (let y = bt; y <= bb; y += 1 + rand(3)) ink[y * pw + cx + half + 1] = k;
  }
  for (let n = rand(20); n > 0; n--) ink[rand(ink.length)] = 1 + rand(4);
  const { labels, comps } = components(ink, pw, ph, 0);
  const kept = labels.slice();
  const alphaAt: AlphaAt = (x, y) => ((x * 7 + y * 13) % 11) / 10;
  return comps.map((c, id) => ({
    ink,
    labels: kept,
    pw,
    id,
    rows: pieceRows(kept, pw, id, c, c.minX, c.maxX)!,
    x0: c.minX,
    x1: c.maxX,
    alphaAt,
  }));
}

const run = (m: Measure, p: Piece) => m(p.ink, p.labels, p.pw, p.id, p.rows, p.x0, p.x1, p.alphaAt);

describe('measure with its kept arrays', () => {
  it('reads every piece as a fresh module reads it alone', async () => {
    const pieces = [1, 2, 3, 4, 5, 6].flatMap((seed) => randomPieces(seed));
    // Every piece measured in order with the arrays the pieces before it left.
    const inOrder = pieces.map((p) => run(measure, p));
    let compared = 0;
    for (let i = 0; i < pieces.length; i++) {
      vi.resetModules();
      const fresh = ((await import('./measure')) as { measure: Measure }).measure;
      expect(run(fresh, pieces[i]!)).toEqual(inOrder[i]);
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });
});
