import type { Component } from './shapes';
import {
  BOX_GLYPH_MAX_ASPECT,
  BOX_GLYPH_MIN_ROWS,
  BOX_MIN_FULL_ROWS,
  BOX_MIN_WIDTH_PX,
  BOX_MIN_WIDTHS,
  BOX_TEXT_GAP,
  BOX_TEXT_SHARE,
  BOX_STROKES_PER_GLYPH,
  EDGE_SLAB_FILL,
  LABEL_BOX_MAX_HOLE_FILL,
  LABEL_BOX_LINE_HEIGHTS,
  LABEL_BOX_MIN_COLUMNS,
  LABEL_BOX_MIN_HOLE_PX,
  LABEL_BOX_MIN_HOLES,
  LABEL_BOX_MIN_ROWS,
} from './tuning';

/**
 * Whether shape `id` is a label box drawn in a candle colour with text inside it (a strategy's
 * "BUY", "SELL", "AMD Short" or "CHoCH" tag on TradingView, a signal box): the text's glyphs are
 * holes in the shape, closed all round by its ink. A filled candle has no hole, a hollow one
 * one (its inside), two hollow candles touching two; a line of text gives one or more holes per
 * glyph, each far from a full rectangle (a hollow body's inside fills its box). Counted are
 * holes of at least LABEL_BOX_MIN_HOLE_PX that fill at most LABEL_BOX_MAX_HOLE_FILL of their own
 * box; LABEL_BOX_MIN_HOLES of them on one line of text (crossing one glyph's middle row, within
 * LABEL_BOX_LINE_HEIGHTS of its height beside it) make a label. Read as a candle, a label's box
 * opens and closes a body away from its neighbours: the continuity check then refuses the whole
 * chart.
 *
 * `labels` holds each plot pixel's shape (-1: no ink), `pw` the plot's width.
 */
export function isLabelBox(c: Component, id: number, labels: Int32Array, pw: number): boolean {
  const w = c.maxX - c.minX + 1;
  const h = c.maxY - c.minY + 1;
  if (w < LABEL_BOX_MIN_COLUMNS || h < LABEL_BOX_MIN_ROWS) return false;
  // 0: not yet seen, 1: the shape's ink, 2: outside (reached from the box's border), 3: a hole.
  const seen = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = (c.minY + y) * pw + c.minX;
    for (let x = 0; x < w; x++) if (labels[row + x] === id) seen[y * w + x] = 1;
  }
  const stack: number[] = [];
  // One closure for the whole flood (not one per pixel popped: the reader's hottest loop here).
  const visit = (q: number, mark: number) => {
    if (seen[q] !== 0) return;
    seen[q] = mark;
    stack.push(q);
  };
  // A glyph's counter in the box's colour is ink of another shape inside the hole: it is hole
  // (the flood crosses it) but not the hole's own pixels (n counts the pixels with no ink).
  const fill = (
    start: number,
    mark: number,
  ): { n: number; x0: number; x1: number; y0: number; y1: number } => {
    const box = { n: 0, x0: w, x1: -1, y0: h, y1: -1 };
    seen[start] = mark;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      const x = p % w;
      const y = (p - x) / w;
      if (labels[(c.minY + y) * pw + c.minX + x] === -1) box.n++;
      if (x < box.x0) box.x0 = x;
      if (x > box.x1) box.x1 = x;
      if (y < box.y0) box.y0 = y;
      if (y > box.y1) box.y1 = y;
      if (x > 0) visit(p - 1, mark);
      if (x + 1 < w) visit(p + 1, mark);
      if (y > 0) visit(p - w, mark);
      if (y + 1 < h) visit(p + w, mark);
    }
    return box;
  };
  // Everything reached from the border is outside the shape.
  for (let x = 0; x < w; x++) {
    if (seen[x] === 0) fill(x, 2);
    if (seen[(h - 1) * w + x] === 0) fill((h - 1) * w + x, 2);
  }
  for (let y = 0; y < h; y++) {
    if (seen[y * w] === 0) fill(y * w, 2);
    if (seen[y * w + w - 1] === 0) fill(y * w + w - 1, 2);
  }
  type Hole = { x0: number; x1: number; y0: number; y1: number };
  const glyphs: Hole[] = [];
  for (let p = 0; p < seen.length; p++) {
    if (seen[p] !== 0) continue;
    const hole = fill(p, 3);
    const area = (hole.x1 - hole.x0 + 1) * (hole.y1 - hole.y0 + 1);
    if (hole.n >= LABEL_BOX_MIN_HOLE_PX && hole.n <= LABEL_BOX_MAX_HOLE_FILL * area) glyphs.push(hole);
  }
  if (glyphs.length < LABEL_BOX_MIN_HOLES) return false;
  // The glyphs are one line of text: enough of them close beside one glyph, each crossing its
  // middle row and crossed by it at their own. Holes scattered over a shape many candles wide
  // (JPEG specks in bodies, the gaps a moving average in a candle colour closes between the
  // candles it glues, one above a speck) are no text.
  const mid = (g: Hole) => (g.y0 + g.y1) / 2;
  const crosses = (g: Hole, y: number) => g.y0 <= y && g.y1 >= y;
  return glyphs.some((g) => {
    const reach = LABEL_BOX_LINE_HEIGHTS * (g.y1 - g.y0 + 1);
    const centre = (g.x0 + g.x1) / 2;
    let n = 0;
    for (const o of glyphs)
      if (crosses(o, mid(g)) && crosses(g, mid(o)) && Math.abs((o.x0 + o.x1) / 2 - centre) <= reach) n++;
    return n >= LABEL_BOX_MIN_HOLES;
  });
}

/** What the box test reads besides the shapes: the plot's pixels and the colours they are told from. */
export interface BoxColours {
  /** The image's pixels (0xRRGGBB) and width; the plot's top-left pixel in the image. */
  rgb: Uint32Array;
  width: number;
  left: number;
  top: number;
  /** The plot's background and the candle colours. */
  background: number;
  colours: readonly number[];
  /**
   * Plot pixels (plot-sized, row-major) bridged into a candle under a line crossing it: they
   * show the line's colour, which is no text.
   */
  bridged?: Uint8Array;
}

/** The largest difference of one channel between two 0xRRGGBB colours. */
function channelGap(a: number, b: number): number {
  return Math.max(
    Math.abs(((a >> 16) & 255) - ((b >> 16) & 255)),
    Math.abs(((a >> 8) & 255) - ((b >> 8) & 255)),
    Math.abs((a & 255) - (b & 255)),
  );
}

/**
 * Whether shape `id` holds a label box drawn in a candle colour whose text JPEG or
 * anti-aliasing blended into ink of the box's class (no holes left: see isLabelBox): a block of
 * BOX_MIN_FULL_ROWS or more consecutive rows whose ink starts and ends on the same columns (+-1),
 * at least BOX_MIN_WIDTHS typical shape widths apart, in which BOX_TEXT_SHARE of the pixels are
 * in a colour of their own: far (BOX_TEXT_GAP in a channel) from the block's own colour, the
 * background and every candle colour (the text). Touching candles read as one shape can span as
 * many columns over as many rows, but every pixel of them is in a candle colour. A tag glued to
 * another tag or to the candle under it makes one shape with them: the block is looked for
 * inside the shape, and the whole shape is left out (the candle under a tag cannot be
 * measured). `typical` is the median width of the shapes of some size.
 */
export function isBox(
  c: Component,
  id: number,
  labels: Int32Array,
  pw: number,
  typical: number,
  colours: BoxColours,
): boolean {
  const w = c.maxX - c.minX + 1;
  const h = c.maxY - c.minY + 1;
  const minWidth = Math.max(BOX_MIN_WIDTH_PX, BOX_MIN_WIDTHS * typical);
  if (!(typical > 0) || w < minWidth || h < BOX_MIN_FULL_ROWS) return false;
  let start = -1;
  let blockFirst = -1;
  let blockLast = -1;
  const close = (end: number) => {
    const ok =
      start >= 0 &&
      end - start + 1 >= BOX_MIN_FULL_ROWS &&
      holdsText(start, end, blockFirst, blockLast, id, labels, pw, colours);
    start = -1;
    return ok;
  };
  for (let y = c.minY; y <= c.maxY; y++) {
    const row = y * pw;
    let first = -1;
    let last = -1;
    for (let x = c.minX; x <= c.maxX; x++) {
      if (labels[row + x] !== id) continue;
      if (first < 0) first = x;
      last = x;
    }
    const wide = first >= 0 && last - first + 1 >= minWidth;
    const same = start >= 0 && Math.abs(first - blockFirst) <= 1 && Math.abs(last - blockLast) <= 1;
    if (same) continue;
    if (close(y - 1)) return true;
    if (wide) [start, blockFirst, blockLast] = [y, first, last];
  }
  return close(c.maxY);
}

/**
 * Whether BOX_TEXT_SHARE of the block's pixels of shape `id` are in a colour of their own, in
 * LABEL_BOX_MIN_HOLES or more separate pieces (glyphs; see isBox).
 */
function holdsText(
  y0: number,
  y1: number,
  x0: number,
  x1: number,
  id: number,
  labels: Int32Array,
  pw: number,
  colours: BoxColours,
): boolean {
  // The block's own colour: the most common among its pixels (a box is one fill).
  const { rgb, width, left, top, background } = colours;
  const counts = new Map<number, number>();
  let total = 0;
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      if (labels[y * pw + x] !== id) continue;
      const q = rgb[(y + top) * width + x + left]! & 0xf0f0f0;
      counts.set(q, (counts.get(q) ?? 0) + 1);
      total++;
    }
  let fill = 0;
  let most = 0;
  for (const [q, n] of counts) if (n > most) [fill, most] = [q, n];
  const known = [fill, background, ...colours.colours];
  // The text's pixels, and how many pieces they make: glyphs stand apart, while a moving
  // average crossing touching candles is one or two long pieces of a colour of its own.
  const bw = x1 - x0 + 1;
  const mark = new Uint8Array(bw * (y1 - y0 + 1));
  let text = 0;
  const { bridged } = colours;
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      if (labels[y * pw + x] !== id || bridged?.[y * pw + x]) continue;
      const p = rgb[(y + top) * width + x + left]!;
      if (known.every((k) => channelGap(p, k) > BOX_TEXT_GAP)) {
        mark[(y - y0) * bw + x - x0] = 1;
        text++;
      }
    }
  if (text < BOX_TEXT_SHARE * total) return false;
  let pieces = 0;
  const stack: number[] = [];
  const piece: number[] = [];
  for (let q = 0; q < mark.length; q++) {
    if (mark[q] !== 1) continue;
    let n = 0;
    let pTop = Infinity;
    let bottom = -1;
    let lo = Infinity;
    let hi = -1;
    mark[q] = 2;
    stack.push(q);
    piece.length = 0;
    while (stack.length > 0) {
      const r = stack.pop()!;
      piece.push(r);
      n++;
      const rx = r % bw;
      const ry = (r - rx) / bw;
      pTop = Math.min(pTop, ry);
      bottom = Math.max(bottom, ry);
      lo = Math.min(lo, rx);
      hi = Math.max(hi, rx);
      for (let dy = -bw; dy <= bw; dy += bw)
        for (let dx = -1; dx <= 1; dx++) {
          const t = r + dy + dx;
          if (t < 0 || t >= mark.length || rx + dx < 0 || rx + dx >= bw || mark[t] !== 1) continue;
          mark[t] = 2;
          stack.push(t);
        }
    }
    // A glyph stands at least BOX_GLYPH_MIN_ROWS tall and is no flat streak; a line's piece
    // over one candle is as thin as the line (its slope aside) and longer than tall.
    const tall = bottom - pTop + 1;
    if (n < LABEL_BOX_MIN_HOLE_PX || tall < BOX_GLYPH_MIN_ROWS) continue;
    if (hi - lo + 1 <= BOX_GLYPH_MAX_ASPECT * tall) pieces++;
    // JPEG's blur joins a small font's glyphs into one piece: a word, not a streak, when its
    // middle row crosses several strokes (two or so per glyph; a line crosses a row once).
    else pieces += Math.floor(strokesAcross(piece, bw, pTop + ((tall - 1) >> 1)) / BOX_STROKES_PER_GLYPH);
  }
  return pieces >= LABEL_BOX_MIN_HOLES;
}

/** How many separate runs the piece's pixels (indices into a `bw`-wide block) make on row `y`. */
function strokesAcross(piece: readonly number[], bw: number, y: number): number {
  const xs = piece
    .filter((p) => Math.floor(p / bw) === y)
    .map((p) => p % bw)
    .sort((a, b) => a - b);
  let runs = 0;
  for (let i = 0; i < xs.length; i++) if (i === 0 || xs[i]! > xs[i - 1]! + 1) runs++;
  return runs;
}

/**
 * Whether shape `c` is the edge of a box floating over the plot's top or bottom and cut there by
 * the plot's edge (TradingView's Buy/Sell buttons in a candle colour): a solid block (EDGE_SLAB_FILL
 * of its bounding box) touching that edge, as wide as a label box (BOX_MIN_WIDTHS typical widths
 * and BOX_MIN_WIDTH_PX) and with no narrower row (no wick). A candle cut by the edge is one
 * candle wide; one read as the largest shape in its columns, the block takes them from every
 * candle under it. `ph` is the plot's height, `typical` the median width of the shapes of some size.
 */
export function isEdgeSlab(c: Component, ph: number, typical: number): boolean {
  const w = c.maxX - c.minX + 1;
  const h = c.maxY - c.minY + 1;
  return (
    typical > 0 &&
    (c.minY === 0 || c.maxY === ph - 1) &&
    w >= Math.max(BOX_MIN_WIDTH_PX, BOX_MIN_WIDTHS * typical) &&
    c.count >= EDGE_SLAB_FILL * w * h
  );
}
