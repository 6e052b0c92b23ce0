import { ScratchArray } from '../pixels/scratch';
import { nextNonZero, wordView } from '../pixels/byte-scan';
import {
  COLOUR_RUN_MIN_PX,
  COLOUR_RUN_STEP_PX,
  SHORT_STEM_MIN_PX,
  SIZED_MIN_PX,
  SIZED_MIN_ROWS,
  STEM_MAX_COLUMNS,
  STEM_MIN_PX,
  STEM_TICK_BESIDE_PX,
  TICK_MAX_ROWS,
} from './tuning';

export interface Component {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  count: number;
}

/**
 * A shape of some size, which typical widths are taken from: specks (JPEG noise, the dots of a
 * dotted line) would make them a pixel or two.
 */
export const isSized = (c: Component) => c.count >= SIZED_MIN_PX && c.maxY - c.minY >= SIZED_MIN_ROWS;

/**
 * The label arrays of a read, kept from read to read (a fresh 15 MB array per call cost garbage
 * collections): two, as the first labels are still read after the components are found again.
 */
const labelPools = [0, 1].map(() => new ScratchArray((n) => new Uint32Array(n)));

/**
 * 4-connected components of ink pixels (any class), union-find over runs of ink along the rows:
 * a run joins the runs of the row above that share a column with it. Components are numbered in
 * the order of their first pixel (row by row); labels are -1 off the ink. `pool` picks the kept
 * array the labels are written to.
 */
export function components(
  ink: Uint8Array,
  pw: number,
  ph: number,
  pool: 0 | 1,
): { labels: Int32Array; comps: Component[]; first: Int32Array } {
  const n = pw * ph;
  const kept = labelPools[pool]!.take(n);
  const labels = new Int32Array(kept.buffer, kept.byteOffset, n).fill(-1);
  const words = wordView(ink);
  // Runs of ink: first and past-the-end pixel index, and the label given to the run.
  const runFrom: number[] = [];
  const runTo: number[] = [];
  const runLabel: number[] = [];
  // Per label: its parent (a label's root is the smallest label of its set, so roots number the
  // components in the order of their first run) and the extent of the runs given that label.
  const parent: number[] = [];
  const minX: number[] = [];
  const maxX: number[] = [];
  const minY: number[] = [];
  const maxY: number[] = [];
  const count: number[] = [];
  /** Index of the pixel that started the label. */
  const start: number[] = [];
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]!]!;
      a = parent[a]!;
    }
    return a;
  };
  let prevStart = 0;
  let prevEnd = 0;
  for (let y = 0; y < ph; y++) {
    const row = y * pw;
    const rowEnd = row + pw;
    const above = row - pw;
    const curStart = runFrom.length;
    // The first run of the row above that may still share a column with this row's runs.
    let p = prevStart;
    for (let i = nextNonZero(ink, words, row, rowEnd); i < rowEnd; i = nextNonZero(ink, words, i, rowEnd)) {
      let e = i + 1;
      while (e < rowEnd && ink[e]) e++;
      const a = i - row;
      const b = e - row;
      while (p < prevEnd && runTo[p]! - above <= a) p++;
      let label = -1;
      for (let q = p; q < prevEnd && runFrom[q]! - above < b; q++) {
        const r = find(runLabel[q]!);
        if (label < 0) label = r;
        else if (r !== label) {
          const lo = Math.min(r, label);
          parent[Math.max(r, label)] = lo;
          label = lo;
        }
      }
      if (label < 0) {
        label = parent.length;
        parent.push(label);
        minX.push(a);
        maxX.push(b - 1);
        minY.push(y);
        maxY.push(y);
        count.push(b - a);
        start.push(i);
      } else {
        if (a < minX[label]!) minX[label] = a;
        if (b - 1 > maxX[label]!) maxX[label] = b - 1;
        maxY[label] = y;
        count[label]! += b - a;
      }
      runFrom.push(i);
      runTo.push(e);
      runLabel.push(label);
      i = e;
    }
    prevStart = curStart;
    prevEnd = runFrom.length;
  }
  // Components in the order of their roots; every label's runs are added to its root's.
  const id = new Int32Array(parent.length);
  const comps: Component[] = [];
  // A component's first pixel (row by row) started its root.
  const first: number[] = [];
  for (let k = 0; k < parent.length; k++) {
    const root = find(k);
    if (root === k) {
      id[k] = comps.length;
      first.push(start[k]!);
      comps.push({ minX: minX[k]!, maxX: maxX[k]!, minY: minY[k]!, maxY: maxY[k]!, count: count[k]! });
      continue;
    }
    id[k] = id[root]!;
    const c = comps[id[k]!]!;
    if (minX[k]! < c.minX) c.minX = minX[k]!;
    if (maxX[k]! > c.maxX) c.maxX = maxX[k]!;
    if (minY[k]! < c.minY) c.minY = minY[k]!;
    if (maxY[k]! > c.maxY) c.maxY = maxY[k]!;
    c.count += count[k]!;
  }
  for (let r = 0; r < runFrom.length; r++) {
    const v = id[runLabel[r]!]!;
    for (let i = runFrom[r]!, end = runTo[r]!; i < end; i++) labels[i] = v;
  }
  return { labels, comps, first: Int32Array.from(first) };
}

/**
 * Column ranges of a component, cut midway between thin stems joined only by ticks. A stem
 * column is tall; a tick column holds one short run of rows. A hollow body's inside holds two
 * runs (its top and bottom edges) and a filled body is wide, so candles are never cut.
 */
export function stemPieces(labels: Int32Array, pw: number, id: number, c: Component): [number, number][] {
  const w = c.maxX - c.minX + 1;
  if (w < 3) return [[c.minX, c.maxX]];
  const count = new Int32Array(w);
  const runs = new Int32Array(w);
  const top = new Int32Array(w);
  const bottom = new Int32Array(w);
  for (let x = c.minX; x <= c.maxX; x++) {
    let inRun = false;
    const k = x - c.minX;
    for (let y = c.minY, i = c.minY * pw + x; y <= c.maxY; y++, i += pw) {
      const on = labels[i] === id;
      if (on) {
        if (count[k]!++ === 0) top[k] = y;
        bottom[k] = y;
      }
      if (on && !inRun) runs[k]!++;
      inRun = on;
    }
  }
  // Stems are tall and ticks a few rows thick (3 on a 3x capture), whatever the bars' ranges.
  // A short bar's stem (a flat stretch of a dense chart) stands out from the one-pixel ticks
  // either side of it.
  const stem = (k: number) =>
    count[k]! >= STEM_MIN_PX ||
    (count[k]! >= SHORT_STEM_MIN_PX &&
      runs[k] === 1 &&
      k > 0 &&
      k + 1 < w &&
      count[k - 1]! <= STEM_TICK_BESIDE_PX &&
      count[k + 1]! <= STEM_TICK_BESIDE_PX);
  const tick = (k: number) => runs[k] === 1 && count[k]! <= TICK_MAX_ROWS;
  const out: [number, number][] = [];
  let start = 0;
  let k = 0;
  while (k < w && !stem(k)) k++;
  while (k < w) {
    // Bar stems are thin; a run of tall columns wider than a scaled stem is a candle's body.
    const from = k;
    while (k < w && stem(k)) k++;
    if (k - from > STEM_MAX_COLUMNS) {
      while (k < w && !stem(k)) k++;
      continue;
    }
    // A gap of tick columns up to the next stem: cut in its middle.
    let g = k;
    while (g < w && tick(g)) g++;
    let next = g;
    while (next < w && stem(next)) next++;
    // A bar's tick leaves its stem between the stem's ends; a hollow body's edge (its outline
    // open at a corner, a wick below it) joins its sides and wick at their ends. Two bars' ticks
    // may also join them at opposite ends (a close on the high, the next open on its low), where
    // an edge joins the same ends of both sides.
    const r = top[k]!;
    const inside = (j: number) => top[j]! < r && r < bottom[j]!;
    const near = (row: number) => Math.abs(row - r) <= count[k]!;
    const opposite =
      (near(top[k - 1]!) && near(bottom[g]!) && !near(top[g]!)) ||
      (near(bottom[k - 1]!) && near(top[g]!) && !near(bottom[g]!));
    // Joined at the same ends, the two are bars when their other ends differ: a hollow body's
    // sides span the same rows.
    const apart = (a: number, b: number) => Math.abs(a - b) > count[k]! + 1;
    const sameEnds =
      (near(top[k - 1]!) && near(top[g]!) && apart(bottom[k - 1]!, bottom[g]!)) ||
      (near(bottom[k - 1]!) && near(bottom[g]!) && apart(top[k - 1]!, top[g]!));
    if (
      g >= w ||
      !stem(g) ||
      g === k ||
      next - g > STEM_MAX_COLUMNS ||
      !(inside(k - 1) || inside(g) || opposite || sameEnds)
    ) {
      while (k < w && !stem(k)) k++;
      continue;
    }
    const cut = Math.floor((k + g) / 2);
    out.push([c.minX + start, c.minX + cut - 1]);
    start = cut;
    k = g;
  }
  out.push([c.minX + start, c.maxX]);
  return out;
}

/**
 * The rows of the part of shape `id` in columns x0..x1: its first and last row holding any of
 * it (looked for from the shape's top and from its bottom), or null when it holds none.
 */
export function pieceRows(
  labels: Int32Array,
  pw: number,
  id: number,
  c: Component,
  x0: number,
  x1: number,
): { minY: number; maxY: number } | null {
  const holds = (y: number) => {
    for (let x = x0, i = y * pw + x0; x <= x1; x++, i++) if (labels[i] === id) return true;
    return false;
  };
  let minY = c.minY;
  while (minY <= c.maxY && !holds(minY)) minY++;
  if (minY > c.maxY) return null;
  let maxY = c.maxY;
  while (!holds(maxY)) maxY--;
  return { minY, maxY };
}

/**
 * Where a shape is candles of different colours standing side by side, its column ranges, one
 * per candle; null where it is not. A candle's columns all hold its body's colour (a wick of
 * another colour runs through the body, so its column holds both), so a column wholly of one
 * colour class beside a column wholly of another is the edge between two candles: wickless
 * columns of alternating colours that touch (point-and-figure, Renko, boxes drawn a column per
 * bar), which no lattice of wicks cuts. Only runs of COLOUR_RUN_MIN_PX columns or more are cut
 * apart (a 1 px border of another colour is the body's own), and only where the two runs end on
 * different rows (by COLOUR_RUN_STEP_PX or more): a border column spans its body's rows.
 */
export function colourRuns(
  labels: Int32Array,
  ink: Uint8Array,
  pw: number,
  id: number,
  c: Component,
): [number, number][] | null {
  // Two runs of the least width must fit (most shapes are one candle: no pass over their rows).
  if (c.maxX - c.minX + 1 < 2 * COLOUR_RUN_MIN_PX) return null;
  // Per column: its one class (0 where it holds two), its first and last row.
  const cls: number[] = [];
  const top: number[] = [];
  const bottom: number[] = [];
  for (let x = c.minX; x <= c.maxX; x++) {
    let k = -1;
    let t = -1;
    let b = -1;
    for (let y = c.minY, i = y * pw + x; y <= c.maxY; y++, i += pw) {
      if (labels[i] !== id) continue;
      const v = ink[i]!;
      k = k < 0 ? v : k === v ? k : 0;
      if (t < 0) t = y;
      b = y;
    }
    cls.push(Math.max(0, k));
    top.push(t);
    bottom.push(b);
  }
  // Runs of columns of one class: [first, last] offsets from minX.
  const runs: [number, number][] = [];
  for (let x = 0; x < cls.length; x++) {
    const last = runs.at(-1);
    if (last && cls[x] === cls[last[1]] && x === last[1] + 1) last[1] = x;
    else runs.push([x, x]);
  }
  const extent = ([a, b]: [number, number]) => {
    let t = Infinity;
    let bt = -Infinity;
    for (let x = a; x <= b; x++) {
      if (top[x]! >= 0 && top[x]! < t) t = top[x]!;
      if (bottom[x]! > bt) bt = bottom[x]!;
    }
    return [t, bt] as const;
  };
  const cuts: number[] = [];
  for (let r = 1; r < runs.length; r++) {
    const a = runs[r - 1]!;
    const b = runs[r]!;
    if (cls[a[0]] === 0 || cls[b[0]] === 0) continue;
    if (a[1] - a[0] + 1 < COLOUR_RUN_MIN_PX || b[1] - b[0] + 1 < COLOUR_RUN_MIN_PX) continue;
    const [ta, ba] = extent(a);
    const [tb, bb] = extent(b);
    if (Math.abs(ta - tb) < COLOUR_RUN_STEP_PX && Math.abs(ba - bb) < COLOUR_RUN_STEP_PX) continue;
    cuts.push(b[0]);
  }
  if (cuts.length === 0) return null;
  const ranges: [number, number][] = [];
  let from = 0;
  for (const x of cuts) {
    ranges.push([c.minX + from, c.minX + x - 1]);
    from = x;
  }
  ranges.push([c.minX + from, c.maxX]);
  return ranges;
}
