import { ScratchArray } from '../pixels/scratch';
import { nextNonZero, wordView } from '../pixels/byte-scan';
import type { Component } from '../candles/shapes';
import type { PlotRect } from '../types';
import {
  TEXT_ALIGN_PX,
  TEXT_ASYMMETRIC_MIN,
  TEXT_ASYMMETRIC_PX,
  TEXT_ASYMMETRIC_SHARE,
  TEXT_BOX_PAD_SHARE,
  TEXT_GAP_SHARE,
  TEXT_GLYPH_MAX_PX,
  TEXT_GLYPH_MIN_PX,
  TEXT_GLYPH_WIDTH_SHARE,
  TEXT_MIN_GLYPHS,
} from './tuning';

/**
 * Lines of text drawn inside the plot (MetaTrader's trade and break-even labels, an EA's
 * status lines, a panel's title) in a colour the palette takes for candle ink: their glyphs are
 * small shapes a candle lattice can hold, and read as tiny candles that join each other (a
 * highest high on a trade label's digits). A row of glyphs is told from a row of candles by what
 * candles never are together: four or more shapes standing on one baseline and one cap line
 * (top and bottom rows within a pixel), closer than a glyph height apart, most of them lopsided
 * (a row whose ink is not centred on the shape: "5", "S", "(", "D"; a candle's rows are centred
 * on its wick, filled or hollow).
 *
 * Clears, in place, every shape lying wholly inside such a line's box (its punctuation too);
 * shapes reaching out of it (a candle the text crosses) stay. Returns the boxes cleared, in plot
 * coordinates (inclusive).
 */
export function clearTextLines(ink: Uint8Array, pw: number, ph: number): PlotRect[] {
  // Shapes of one colour each: a text's glyphs are one colour, and a dashed line of another
  // colour running through them would join them into one shape.
  const { labels, comps, cls } = classComponents(ink, pw, ph);
  const shapes = glyphShapes(comps, cls, labels, pw, ph);
  const glyphs = shapes
    .filter((g) => {
      const h = g.maxY - g.minY + 1;
      const w = g.maxX - g.minX + 1;
      return h >= TEXT_GLYPH_MIN_PX && w <= TEXT_GLYPH_WIDTH_SHARE * h && g.count >= 3;
    })
    .sort((a, b) => a.minX - b.minX);
  const used = new Set<Glyph>();
  const boxes: PlotRect[] = [];
  for (let s = 0; s < glyphs.length; s++) {
    const seed = glyphs[s]!;
    if (used.has(seed)) continue;
    const h = seed.maxY - seed.minY + 1;
    // Capitals and digits share the cap line and the baseline; lower-case letters share the
    // baseline, their tops lower (x-height): they join the line but do not make one.
    const aligned = (c: Glyph) =>
      Math.abs(c.minY - seed.minY) <= TEXT_ALIGN_PX && Math.abs(c.maxY - seed.maxY) <= TEXT_ALIGN_PX;
    const onBaseline = (c: Glyph) =>
      Math.abs(c.maxY - seed.maxY) <= TEXT_ALIGN_PX && c.minY > seed.minY && c.minY - seed.minY <= h / 2;
    // A line's glyphs are one colour: a candle's blended side (a class of its own, the body's
    // tint) beside its body is no second glyph standing on the same rows.
    const chain = [seed];
    let capitals = 1;
    let end = seed.maxX;
    for (let t = s + 1; t < glyphs.length; t++) {
      const c = glyphs[t]!;
      if (c.minX > end + TEXT_GAP_SHARE * h) break;
      if (c.minX <= end || used.has(c) || cls[c.ids[0]!] !== cls[seed.ids[0]!]) continue;
      const capital = aligned(c);
      if (!capital && !onBaseline(c)) continue;
      chain.push(c);
      if (capital) capitals++;
      end = c.maxX;
    }
    if (capitals < TEXT_MIN_GLYPHS) continue;
    const glyphLike = chain.filter((g) => !candleLike(labels, pw, g)).length;
    if (glyphLike < Math.max(TEXT_ASYMMETRIC_MIN, TEXT_ASYMMETRIC_SHARE * chain.length)) continue;
    for (const g of chain) used.add(g);
    const pad = Math.ceil(TEXT_BOX_PAD_SHARE * h);
    boxes.push({
      left: Math.max(0, seed.minX - pad),
      right: Math.min(pw - 1, end + pad),
      top: Math.max(0, seed.minY - pad),
      bottom: Math.min(ph - 1, seed.maxY + pad),
    });
  }
  // Small shapes beside a line, in its rows, belong to it: a word after a wide space ("= 7"),
  // glyphs run together ("44" joined at the crossbar).
  for (const b of boxes) {
    const h = b.bottom - b.top + 1;
    for (let grown = true; grown;) {
      grown = false;
      for (const g of shapes) {
        if (used.has(g) || g.minY < b.top || g.maxY > b.bottom) continue;
        if (g.maxX < b.left - TEXT_GAP_SHARE * h || g.minX > b.right + TEXT_GAP_SHARE * h) continue;
        used.add(g);
        b.left = Math.min(b.left, g.minX);
        b.right = Math.max(b.right, g.maxX);
        grown = true;
      }
    }
  }
  if (boxes.length === 0) return boxes;
  const inside = (c: Component) =>
    boxes.some((b) => c.minX >= b.left && c.maxX <= b.right && c.minY >= b.top && c.maxY <= b.bottom);
  const cleared = comps.map(inside);
  const wicks = wicksBehindText(ink, labels, cleared, boxes, pw, ph);
  comps.forEach((c, i) => {
    if (!cleared[i]) return;
    for (let y = c.minY; y <= c.maxY; y++) {
      for (let x = c.minX, p = y * pw + c.minX; x <= c.maxX; x++, p++) if (labels[p] === i) ink[p] = 0;
    }
  });
  for (const w of wicks) for (let p = w.from; p <= w.to; p += pw) ink[p] = w.cls;
  return boxes;
}

/**
 * The stretches of a column inside a text line's box where a candle's wick passes behind the
 * text (an EA's status line across the highest wick): a run of pixels about to be cleared that a
 * kept shape (the candle, reaching out of the box) continues at one end, and that ends in its
 * class at the other end or meets it there again. Clearing the glyph would cut the wick at the
 * text and lose its end (the high); the run is given the wick's class instead. A glyph that only
 * touches a wick's end (no wick beyond it) stays cleared. Returns pixel ranges down one column
 * (`from`..`to`, step pw) and the class to paint.
 */
function wicksBehindText(
  ink: Uint8Array,
  labels: Int32Array,
  cleared: boolean[],
  boxes: PlotRect[],
  pw: number,
  ph: number,
): { from: number; to: number; cls: number }[] {
  const out: { from: number; to: number; cls: number }[] = [];
  const isCleared = (p: number) => labels[p]! >= 0 && cleared[labels[p]!]!;
  const kept = (y: number, x: number) => {
    if (y < 0 || y >= ph) return 0;
    const p = y * pw + x;
    return ink[p]! !== 0 && !isCleared(p) ? ink[p]! : 0;
  };
  for (const b of boxes) {
    for (let x = b.left; x <= b.right; x++) {
      for (let y = b.top; y <= b.bottom; y++) {
        if (!isCleared(y * pw + x)) continue;
        let y1 = y;
        while (y1 + 1 < ph && isCleared((y1 + 1) * pw + x)) y1++;
        const above = kept(y - 1, x);
        const below = kept(y1 + 1, x);
        const top = ink[y * pw + x]!;
        const bottom = ink[y1 * pw + x]!;
        // Continued by a kept shape at one end, in its class at the other (or continued there too).
        const cls =
          below !== 0 && (above === below || (above === 0 && top === below && bottom !== below))
            ? below
            : above !== 0 && below === 0 && bottom === above && top !== above
              ? above
              : 0;
        if (cls !== 0) out.push({ from: y * pw + x, to: y1 * pw + x, cls });
        y = y1;
      }
    }
  }
  return out;
}

/** A glyph: the 4-connected pieces of ink of one class whose boxes touch (a thin diagonal stroke is 8-connected only). */
interface Glyph extends Component {
  ids: number[];
}

/**
 * Small shapes grouped into glyphs: pieces of one class that touch (8-connected) or lie in each
 * other's box, a pixel to spare. Only glyphs TEXT_GLYPH_MIN_PX tall or more are returned (the
 * rest, dots and specks, are cleared with a line's box when they lie in it).
 */
export function glyphShapes(
  comps: Component[],
  cls: number[],
  labels: Int32Array,
  pw: number,
  ph: number,
): Glyph[] {
  const n = comps.length;
  const small = new Uint8Array(n);
  comps.forEach((c, i) => {
    if (c.maxY - c.minY < TEXT_GLYPH_MAX_PX && c.maxX - c.minX < TEXT_GLYPH_MAX_PX) small[i] = 1;
  });
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]!]!;
      a = parent[a]!;
    }
    return a;
  };
  for (let i = 0; i < n; i++) {
    if (!small[i]) continue;
    const c = comps[i]!;
    const x0 = Math.max(0, c.minX - 1);
    const x1 = Math.min(pw - 1, c.maxX + 1);
    for (let y = Math.max(0, c.minY - 1), y1 = Math.min(ph - 1, c.maxY + 1); y <= y1; y++) {
      for (let p = y * pw + x0, end = y * pw + x1; p <= end; p++) {
        const j = labels[p]!;
        if (j < 0 || j === i || !small[j] || cls[j] !== cls[i]) continue;
        const ra = find(i);
        const rb = find(j);
        if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
      }
    }
  }
  const minX = new Int32Array(n).fill(0x7fffffff);
  const maxX = new Int32Array(n).fill(-1);
  const minY = new Int32Array(n).fill(0x7fffffff);
  const maxY = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (!small[i]) continue;
    const r = find(i);
    const c = comps[i]!;
    if (c.minX < minX[r]!) minX[r] = c.minX;
    if (c.maxX > maxX[r]!) maxX[r] = c.maxX;
    if (c.minY < minY[r]!) minY[r] = c.minY;
    if (c.maxY > maxY[r]!) maxY[r] = c.maxY;
  }
  const groups = new Map<number, Glyph>();
  for (let i = 0; i < n; i++) {
    if (!small[i]) continue;
    const r = find(i);
    const h = maxY[r]! - minY[r]! + 1;
    if (h < TEXT_GLYPH_MIN_PX || h > TEXT_GLYPH_MAX_PX) continue;
    const g = groups.get(r);
    if (g) {
      g.count += comps[i]!.count;
      g.ids.push(i);
    } else {
      groups.set(r, {
        minX: minX[r]!,
        maxX: maxX[r]!,
        minY: minY[r]!,
        maxY: maxY[r]!,
        count: comps[i]!.count,
        ids: [i],
      });
    }
  }
  return [...groups.values()];
}

/**
 * Whether the shape could be a candle: every row's ink centred on the shape's middle column
 * (within TEXT_ASYMMETRIC_PX), and its full-width rows (the body) one block, with only narrower
 * rows (wicks) above and below it. "0", "U", "l" pass; "5", "S", "(", "8", "3" do not.
 */
function candleLike(labels: Int32Array, pw: number, g: Glyph): boolean {
  const mid = (g.minX + g.maxX) / 2;
  const ids = new Set(g.ids);
  const width = g.maxX - g.minX + 1;
  let bodyFrom = -1;
  let bodyTo = -1;
  for (let y = g.minY; y <= g.maxY; y++) {
    let lo = -1;
    let hi = -1;
    for (let x = g.minX, p = y * pw + g.minX; x <= g.maxX; x++, p++) {
      if (!ids.has(labels[p]!)) continue;
      if (lo < 0) lo = x;
      hi = x;
    }
    if (lo < 0) continue;
    if (Math.abs((lo + hi) / 2 - mid) > TEXT_ASYMMETRIC_PX) return false;
    if (hi - lo + 1 >= width - 1) {
      if (bodyTo >= 0 && bodyTo < y - 1) return false;
      if (bodyFrom < 0) bodyFrom = y;
      bodyTo = y;
    }
  }
  return true;
}

/** The label array of a read, kept from read to read (a fresh one per call cost collections). */
const labelPool = new ScratchArray((n) => new Uint32Array(n));

/**
 * 4-connected components of ink pixels of one class each (shapes.ts' components joins every
 * class): union-find over runs of one class along the rows, a run joining the runs of its class
 * in the row above that share a column with it. Labels are -1 off the ink.
 */
function classComponents(
  ink: Uint8Array,
  pw: number,
  ph: number,
): { labels: Int32Array; comps: Component[]; cls: number[] } {
  const n = pw * ph;
  const kept = labelPool.take(n);
  const labels = new Int32Array(kept.buffer, kept.byteOffset, n).fill(-1);
  const words = wordView(ink);
  const parent: number[] = [];
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]!]!;
      a = parent[a]!;
    }
    return a;
  };
  const runFrom: number[] = [];
  const runTo: number[] = [];
  const runLabel: number[] = [];
  let prevStart = 0;
  let prevEnd = 0;
  for (let y = 0; y < ph; y++) {
    const row = y * pw;
    const rowEnd = row + pw;
    const above = row - pw;
    const curStart = runFrom.length;
    let p = prevStart;
    for (let i = nextNonZero(ink, words, row, rowEnd); i < rowEnd; i = nextNonZero(ink, words, i, rowEnd)) {
      const k = ink[i]!;
      let e = i + 1;
      while (e < rowEnd && ink[e] === k) e++;
      const a = i - row;
      const b = e - row;
      while (p < prevEnd && runTo[p]! - above <= a) p++;
      let label = -1;
      for (let q = p; q < prevEnd && runFrom[q]! - above < b; q++) {
        if (ink[runFrom[q]!] !== k) continue;
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
      }
      runFrom.push(i);
      runTo.push(e);
      runLabel.push(label);
      i = e;
    }
    prevStart = curStart;
    prevEnd = runFrom.length;
  }
  const id = new Int32Array(parent.length).fill(-1);
  const comps: Component[] = [];
  const cls: number[] = [];
  for (let r = 0; r < runFrom.length; r++) {
    const root = find(runLabel[r]!);
    let c = id[root]!;
    const from = runFrom[r]!;
    const to = runTo[r]!;
    const y = Math.floor(from / pw);
    const a = from - y * pw;
    const b = to - 1 - y * pw;
    if (c < 0) {
      c = comps.length;
      id[root] = c;
      comps.push({ minX: a, maxX: b, minY: y, maxY: y, count: 0 });
      cls.push(ink[from]!);
    }
    const comp = comps[c]!;
    if (a < comp.minX) comp.minX = a;
    if (b > comp.maxX) comp.maxX = b;
    if (y > comp.maxY) comp.maxY = y;
    comp.count += to - from;
    labels.fill(c, from, to);
  }
  return { labels, comps, cls };
}
