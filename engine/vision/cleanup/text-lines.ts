import { components } from '../candles/shapes';
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
export function clearTextLines(ink: Uint8Array, pw: number, ph: number, classes: number): PlotRect[] {
  const boxes: PlotRect[] = [];
  // One colour at a time: a text's glyphs are one colour, and a dashed line of another colour
  // running through them would join them into one shape.
  const mask = new Uint8Array(pw * ph);
  for (let k = 1; k <= classes; k++) {
    let any = false;
    for (let p = 0; p < mask.length; p++) {
      const on = ink[p] === k ? 1 : 0;
      mask[p] = on;
      if (on) any = true;
    }
    if (any) boxes.push(...clearClassText(ink, mask, pw, ph));
  }
  return boxes;
}

/** clearTextLines for the ink of one class (`mask`: 1 on it). */
function clearClassText(ink: Uint8Array, mask: Uint8Array, pw: number, ph: number): PlotRect[] {
  const { labels, comps } = components(mask, pw, ph, 0);
  const shapes = glyphShapes(comps);
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
    const chain = [seed];
    let capitals = 1;
    let end = seed.maxX;
    for (let t = s + 1; t < glyphs.length; t++) {
      const c = glyphs[t]!;
      if (c.minX > end + TEXT_GAP_SHARE * h) break;
      if (c.minX <= end || used.has(c)) continue;
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
  comps.forEach((c, i) => {
    if (!inside(c)) return;
    for (let y = c.minY; y <= c.maxY; y++) {
      for (let x = c.minX, p = y * pw + c.minX; x <= c.maxX; x++, p++) if (labels[p] === i) ink[p] = 0;
    }
  });
  return boxes;
}

/** A glyph: the 4-connected pieces of ink whose boxes touch (a thin diagonal stroke is 8-connected only). */
interface Glyph extends Component {
  ids: number[];
}

/** Small shapes grouped into glyphs: pieces whose boxes touch or overlap, with a pixel to spare. */
export function glyphShapes(comps: Component[]): Glyph[] {
  const small = comps
    .map((c, i) => i)
    .filter((i) => {
      const c = comps[i]!;
      return c.maxY - c.minY < TEXT_GLYPH_MAX_PX && c.maxX - c.minX < TEXT_GLYPH_MAX_PX;
    })
    .sort((a, b) => comps[a]!.minX - comps[b]!.minX);
  const parent = new Map<number, number>(small.map((i) => [i, i]));
  const find = (a: number): number => {
    while (parent.get(a) !== a) a = parent.get(a)!;
    return a;
  };
  for (let s = 0; s < small.length; s++) {
    const a = comps[small[s]!]!;
    for (let t = s + 1; t < small.length; t++) {
      const b = comps[small[t]!]!;
      if (b.minX > a.maxX + 1) break;
      if (b.minY > a.maxY + 1 || a.minY > b.maxY + 1) continue;
      const ra = find(small[s]!);
      const rb = find(small[t]!);
      if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
    }
  }
  const groups = new Map<number, Glyph>();
  for (const i of small) {
    const c = comps[i]!;
    const r = find(i);
    const g = groups.get(r);
    if (!g) groups.set(r, { ...c, ids: [i] });
    else {
      g.minX = Math.min(g.minX, c.minX);
      g.maxX = Math.max(g.maxX, c.maxX);
      g.minY = Math.min(g.minY, c.minY);
      g.maxY = Math.max(g.maxY, c.maxY);
      g.count += c.count;
      g.ids.push(i);
    }
  }
  return [...groups.values()].filter((g) => g.maxY - g.minY < TEXT_GLYPH_MAX_PX);
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
