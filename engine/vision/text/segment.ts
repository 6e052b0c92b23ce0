import type { RgbaImage } from '../../core/image';
import { nextNonZero, wordView } from '../pixels/byte-scan';
import type { Rect } from './types';

/**
 * Finding text in a rectangle of a screenshot, independent of what the glyphs are:
 * background estimation, ink mask, connected components, badges, text lines and glyph blobs.
 * The template builder (bench/glyphs) runs exactly this code on rendered text so that the
 * templates and the run-time glyphs are cut the same way.
 */

/** One glyph candidate: bounding box in image pixels plus its ink (0 = background, 1 = text). */
export interface GlyphBlob {
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** (right-left)*(bottom-top) ink values, row-major. */
  ink: Float32Array;
  /**
   * The blob's left side touches a vertical rule or the rect's left edge: MetaTrader draws a
   * tick mark from the axis line to each label, which reads as a minus sign otherwise.
   */
  atRule?: boolean;
}

export interface TextLine {
  top: number;
  bottom: number;
  /** Row just below the bottom of digits/capitals (exclusive). */
  baseline: number;
  /** Height of digits/capitals in px: the line's scale unit. */
  capHeight: number;
  glyphs: GlyphBlob[];
  /** True when the line sits on a filled box (price badge, drawing label) inside the rect. */
  badge: boolean;
  /** Median ink contrast of the line (0..255), for confidence. */
  contrast: number;
}

interface Component {
  left: number;
  top: number;
  right: number;
  bottom: number;
  count: number;
}

const MIN_INK_THRESHOLD = 28;

function clipRect(image: RgbaImage, rect: Rect): Rect {
  const left = Math.max(0, Math.floor(rect.left));
  const top = Math.max(0, Math.floor(rect.top));
  const right = Math.min(image.width, Math.ceil(rect.right));
  const bottom = Math.min(image.height, Math.ceil(rect.bottom));
  return { left, top, right: Math.max(left, right), bottom: Math.max(top, bottom) };
}

const binsScratch = new Int32Array(32768);
/** Histogram of ink levels of the rect being read (findTextLines recurses only after using it). */
const distHist = new Uint32Array(256);

/** The RGBA bytes as one 32-bit word per pixel (to compare pixels in one step), when aligned. */
function pixelWords(image: RgbaImage): Uint32Array | null {
  const { data } = image;
  return data.byteOffset % 4 === 0 ? new Uint32Array(data.buffer, data.byteOffset, data.length >> 2) : null;
}

/**
 * End (byte offset, exclusive, at most `end`) of the run of pixels equal to the one at byte `p`:
 * neighbouring pixels are mostly one colour, and each run is counted in one step.
 */
function runEnd(data: RgbaImage['data'], words: Uint32Array | null, p: number, end: number): number {
  let q = p + 4;
  if (words) {
    const first = words[p >> 2]!;
    while (q < end && words[q >> 2] === first) q += 4;
  } else {
    while (
      q < end &&
      data[q] === data[p] &&
      data[q + 1] === data[p + 1] &&
      data[q + 2] === data[p + 2] &&
      data[q + 3] === data[p + 3]
    )
      q += 4;
  }
  return q;
}

/** The most common colour (quantised to 5 bits per channel) of the rect, averaged within its bin. */
function dominantColour(image: RgbaImage, r: Rect): [number, number, number] {
  // One histogram for all calls (this runs for every band, badge and faint run of a chart):
  // cleared instead of allocated, and its winner (most pixels, then the lowest key, as a scan
  // of all bins would find) kept up to date while counting instead of searched for after
  // (adding a run at once leaves the same winner: only the bin counted changes each step).
  const bins = binsScratch;
  bins.fill(0);
  const data = image.data;
  const stepY = r.bottom - r.top > 200 ? 2 : 1;
  let best = 0;
  let bestCount = 0;
  const words = pixelWords(image);
  for (let y = r.top; y < r.bottom; y += stepY) {
    const end = (y * image.width + r.right) * 4;
    for (let p = (y * image.width + r.left) * 4; p < end;) {
      const q = runEnd(data, words, p, end);
      const key = ((data[p]! >> 3) << 10) | ((data[p + 1]! >> 3) << 5) | (data[p + 2]! >> 3);
      const n = (bins[key]! += (q - p) >> 2);
      if (n > bestCount || (n === bestCount && key < best)) {
        best = key;
        bestCount = n;
      }
      p = q;
    }
  }
  // Sums of whole runs: integers, so the same totals as pixel by pixel.
  let sr = 0;
  let sg = 0;
  let sb = 0;
  let n = 0;
  for (let y = r.top; y < r.bottom; y += stepY) {
    const end = (y * image.width + r.right) * 4;
    for (let p = (y * image.width + r.left) * 4; p < end;) {
      const q = runEnd(data, words, p, end);
      const key = ((data[p]! >> 3) << 10) | ((data[p + 1]! >> 3) << 5) | (data[p + 2]! >> 3);
      if (key === best) {
        const run = (q - p) >> 2;
        sr += run * data[p]!;
        sg += run * data[p + 1]!;
        sb += run * data[p + 2]!;
        n += run;
      }
      p = q;
    }
  }
  return n > 0 ? [sr / n, sg / n, sb / n] : [0, 0, 0];
}

/** Per-pixel distance from the background colour: the largest channel difference, 0..255. */
function inkDistance(
  image: RgbaImage,
  r: Rect,
  bg: readonly [number, number, number],
  hist: Uint32Array,
): Uint8Array {
  hist.fill(0);
  const w = r.right - r.left;
  const h = r.bottom - r.top;
  const out = new Uint8Array(w * h);
  const data = image.data;
  const [br, bgc, bb] = bg;
  // One distance per run of equal pixels; `out` starts at 0, so runs of 0 need no writing.
  const words = pixelWords(image);
  for (let y = 0; y < h; y++) {
    let p = ((y + r.top) * image.width + r.left) * 4;
    const end = p + w * 4;
    let i = y * w;
    while (p < end) {
      const q = runEnd(data, words, p, end);
      const run = (q - p) >> 2;
      const dr = Math.abs(data[p]! - br);
      const dg = Math.abs(data[p + 1]! - bgc);
      const db = Math.abs(data[p + 2]! - bb);
      const d = Math.round(dr > dg ? (dr > db ? dr : db) : dg > db ? dg : db);
      hist[d]! += run;
      // A loop, not out.fill: most runs that are not background are a pixel or two long.
      if (d !== 0) for (let j = i; j < i + run; j++) out[j] = d;
      i += run;
      p = q;
    }
  }
  return out;
}

/** Counts of each ink level (0..255), reused by strokeLevel. */
const levelCounts = new Uint32Array(256);

/**
 * A glyph run's stroke level: the 80th percentile of the ink levels (at least `threshold`) inside
 * `boxes` (whose coordinates less dx, dy index `dist`), or undefined when there are none.
 * Counted in a histogram, as levels are bytes: the same value a sort would pick.
 */
function strokeLevel(
  dist: Uint8Array,
  w: number,
  boxes: readonly Rect[],
  dx: number,
  dy: number,
  threshold: number,
): number | undefined {
  const counts = levelCounts;
  counts.fill(0);
  let n = 0;
  for (const b of boxes) {
    for (let y = b.top - dy; y < b.bottom - dy; y++) {
      for (let i = y * w + b.left - dx, end = y * w + b.right - dx; i < end; i++) {
        const d = dist[i]!;
        if (d >= threshold) {
          counts[d]!++;
          n++;
        }
      }
    }
  }
  if (n === 0) return undefined;
  const rank = Math.floor(n * 0.8);
  let seen = 0;
  for (let d = 0; ; d++) {
    seen += counts[d]!;
    if (seen > rank) return d;
  }
}

/**
 * Ink threshold: a fraction of the strong ink level so faint grid lines stay background. Set
 * from `distHist` (the histogram of all of `dist`, counted by inkDistance), or, with `boxes`,
 * from the pixels outside them.
 */
function inkThreshold(
  dist: Uint8Array,
  distHist: Uint32Array,
  w: number,
  boxes: readonly Component[] = [],
): number {
  let hist = distHist;
  let total = dist.length;
  if (boxes.length > 0) {
    hist = new Uint32Array(256);
    const skip = new Uint8Array(dist.length);
    for (const b of boxes)
      for (let y = b.top; y < b.bottom; y++) skip.fill(1, y * w + b.left, y * w + b.right);
    for (let i = 0; i < dist.length; i++)
      if (skip[i]) total--;
      else hist[dist[i]!]!++;
  }
  // Strong ink: the level reached by the top 0.3% of pixels (text covers far more than that).
  let need = Math.max(1, Math.floor(total * 0.003));
  let strong = 255;
  for (; strong > 0; strong--) {
    need -= hist[strong]!;
    if (need <= 0) break;
  }
  return Math.max(MIN_INK_THRESHOLD, Math.round(strong * 0.5));
}

/**
 * Erases thin vertical rules (grid lines, separators) from the mask: column runs longer than
 * `minRun` that are at most 3 px wide. A rule touching a glyph would otherwise fuse with it into
 * one tall component that is thrown away, losing the glyph.
 */
function eraseVerticalRules(mask: Uint8Array, w: number, h: number, minRun: number): Uint8Array | null {
  const longRun = new Uint8Array(w * h);
  let any = false;
  for (let x = 0; x < w; x++) {
    let y = 0;
    while (y < h) {
      if (!mask[y * w + x]) {
        y++;
        continue;
      }
      let end = y;
      while (end < h && mask[end * w + x]) end++;
      if (end - y >= minRun) {
        any = true;
        for (let k = y; k < end; k++) longRun[k * w + x] = 1;
      }
      y = end;
    }
  }
  if (!any) return null;
  const erased = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let x = 0;
    while (x < w) {
      if (!longRun[y * w + x]) {
        x++;
        continue;
      }
      let end = x;
      while (end < w && longRun[y * w + end]) end++;
      // A wider band of long runs is a box edge or a badge, not a rule.
      if (end - x <= 3)
        for (let k = x; k < end; k++) {
          mask[y * w + k] = 0;
          erased[y * w + k] = 1;
        }
      x = end;
    }
  }
  return erased;
}

/** 4-connected components of the mask (4-connectivity keeps diagonal neighbours apart). */
function components(mask: Uint8Array, w: number, h: number, eight = true): Component[] {
  // A copy of the mask whose pixels are cleared as they are taken (no label array to fill), so
  // the next unvisited start is the next non-zero byte, found a word at a time.
  const todo = mask.slice();
  const words = wordView(todo);
  const n = todo.length;
  const comps: Component[] = [];
  const stack: number[] = [];
  for (
    let start = nextNonZero(todo, words, 0, n);
    start < n;
    start = nextNonZero(todo, words, start + 1, n)
  ) {
    const c: Component = { left: w, top: h, right: 0, bottom: 0, count: 0 };
    todo[start] = 0;
    // Each pixel's column and row ride on the stack with it (a division per pixel cost more
    // than the whole fill); the pixels are taken in the same order.
    stack.push(start % w, Math.floor(start / w));
    while (stack.length > 0) {
      const y = stack.pop()!;
      const x = stack.pop()!;
      const i = y * w + x;
      c.count++;
      if (x < c.left) c.left = x;
      if (x + 1 > c.right) c.right = x + 1;
      if (y < c.top) c.top = y;
      if (y + 1 > c.bottom) c.bottom = y + 1;
      if (x > 0 && todo[i - 1]) {
        todo[i - 1] = 0;
        stack.push(x - 1, y);
      }
      if (x + 1 < w && todo[i + 1]) {
        todo[i + 1] = 0;
        stack.push(x + 1, y);
      }
      if (y > 0 && todo[i - w]) {
        todo[i - w] = 0;
        stack.push(x, y - 1);
      }
      if (y + 1 < h && todo[i + w]) {
        todo[i + w] = 0;
        stack.push(x, y + 1);
      }
      if (eight) {
        // Diagonal neighbours, tested in place (an array of four per pixel was most of the
        // garbage this function made).
        if (y > 0 && x > 0 && todo[i - w - 1]) {
          todo[i - w - 1] = 0;
          stack.push(x - 1, y - 1);
        }
        if (y > 0 && x + 1 < w && todo[i - w + 1]) {
          todo[i - w + 1] = 0;
          stack.push(x + 1, y - 1);
        }
        if (y + 1 < h && x > 0 && todo[i + w - 1]) {
          todo[i + w - 1] = 0;
          stack.push(x - 1, y + 1);
        }
        if (y + 1 < h && x + 1 < w && todo[i + w + 1]) {
          todo[i + w + 1] = 0;
          stack.push(x + 1, y + 1);
        }
      }
    }
    comps.push(c);
  }
  return comps;
}

/**
 * The ink mask: 1 where `dist` reaches `threshold`, else 0. Four distances at a time (one 32-bit
 * word) when all are below the largest power of two not above the threshold (their high bits
 * clear): most of a rect is background.
 */
function thresholdMask(dist: Uint8Array, threshold: number, mask: Uint8Array): void {
  const dw = wordView(dist);
  const mw = wordView(mask);
  let i = 0;
  if (dw && mw && threshold >= 1) {
    let pow = 1;
    while (pow * 2 <= threshold) pow *= 2;
    const high = ((256 - pow) * 0x01010101) >>> 0;
    for (let k = 0; k < dw.length; k++, i += 4) {
      if ((dw[k]! & high) === 0) mw[k] = 0;
      else for (let j = i; j < i + 4; j++) mask[j] = dist[j]! >= threshold ? 1 : 0;
    }
  }
  for (; i < mask.length; i++) mask[i] = dist[i]! >= threshold ? 1 : 0;
}

/** Specks no bigger than this (px) may be the dots of a dotted grid line. */
const DOT_SIZE = 3;
/** A dotted line: at least this many specks in a row or column ... */
const DOT_RUN = 8;
/** ... each at most this far (px) from the next. */
const DOT_GAP = 6;

/**
 * Removes the specks of dotted grid lines (MetaTrader's default grid runs through the title
 * and between the glyphs of the OHLC values): a dot above a point turns it into ":", a row of
 * dots reads as "·····". Decimal points are specks too, but never eight in a row a few px apart.
 */
function dropDottedRules(comps: Component[]): Component[] {
  const specks = comps.filter(
    (c) => c.right - c.left <= DOT_SIZE && c.bottom - c.top <= DOT_SIZE && c.count <= DOT_SIZE * 2,
  );
  if (specks.length < DOT_RUN) return comps;
  const drop = new Set<Component>();
  // Only glyph-sized components can put a speck on a baseline; a speck is judged once (it is in
  // the lists of three neighbouring lines, and each run found in a list tests the whole list).
  const glyphs = comps.filter((c) => c.bottom - c.top > 2 * DOT_SIZE);
  const baseline = new Map<Component, boolean>();
  const isOnBaseline = (c: Component): boolean => {
    let on = baseline.get(c);
    if (on === undefined) baseline.set(c, (on = onBaseline(c, glyphs)));
    return on;
  };
  for (const horizontal of [true, false]) {
    const byLine = new Map<number, Component[]>();
    for (const c of specks) {
      const key = horizontal ? c.top : c.left;
      for (const k of [key - 1, key, key + 1]) {
        const list = byLine.get(k);
        if (list) list.push(c);
        else byLine.set(k, [c]);
      }
    }
    for (const list of byLine.values()) {
      if (list.length < DOT_RUN) continue;
      const pos = (c: Component): number => (horizontal ? c.left : c.top);
      list.sort((a, b) => pos(a) - pos(b));
      let start = 0;
      for (let i = 1; i <= list.length; i++) {
        if (i < list.length && pos(list[i]!) - pos(list[i - 1]!) <= DOT_GAP) continue;
        if (i - start >= DOT_RUN) {
          for (let j = start; j < i; j++) drop.add(list[j]!);
          // The line goes on between the glyphs of text it crosses: the single-pixel dots there
          // that keep its rhythm belong to it too.
          // A decimal point on that row stays: it sits on the baseline of glyphs on both sides.
          const anchor = pos(list[start]!);
          const period = (pos(list[i - 1]!) - anchor) / (i - 1 - start);
          for (const c of list) {
            const k = (pos(c) - anchor) / period;
            if (c.count <= 2 && !drop.has(c) && Math.abs(k - Math.round(k)) * period <= 1 && !isOnBaseline(c))
              drop.add(c);
          }
        }
        start = i;
      }
    }
  }
  return drop.size === 0 ? comps : comps.filter((c) => !drop.has(c));
}

/** A speck with a glyph-sized neighbour (of `glyphs`) ending on its bottom row close on either side. */
function onBaseline(speck: Component, glyphs: readonly Component[]): boolean {
  const beside = (c: Component, left: boolean): boolean => {
    const h = c.bottom - c.top;
    const gap = left ? speck.left - c.right : c.left - speck.right;
    return gap >= 0 && gap <= 0.6 * h && Math.abs(c.bottom - speck.bottom) <= 1;
  };
  return glyphs.some((c) => beside(c, true)) && glyphs.some((c) => beside(c, false));
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

function isFilledBox(c: Component): boolean {
  const w = c.right - c.left;
  const h = c.bottom - c.top;
  return w >= 10 && h >= 7 && c.count >= 0.6 * w * h && w >= h;
}

/** Shrinks a filled component's box to its solid core (rows/cols at least 80% ink). */
function solidCore(mask: Uint8Array, w: number, c: Component): Rect | null {
  const rowOk = (y: number): boolean => {
    let n = 0;
    for (let x = c.left; x < c.right; x++) if (mask[y * w + x]) n++;
    return n >= 0.8 * (c.right - c.left);
  };
  let top = c.top;
  let bottom = c.bottom;
  while (top < bottom && !rowOk(top)) top++;
  while (bottom > top && !rowOk(bottom - 1)) bottom--;
  if (bottom - top < 6) return null;
  const colOk = (x: number): boolean => {
    let n = 0;
    for (let y = top; y < bottom; y++) if (mask[y * w + x]) n++;
    return n >= 0.8 * (bottom - top);
  };
  let left = c.left;
  let right = c.right;
  while (left < right && !colOk(left)) left++;
  while (right > left && !colOk(right - 1)) right--;
  if (right - left < 8) return null;
  return { left, top, right, bottom };
}

/**
 * Finds the text lines in `rect`. Filled boxes (price badges, drawing labels) are read
 * recursively against their own fill colour and returned with `badge: true`.
 */
export function findTextLines(image: RgbaImage, rect: Rect, depth = 0): TextLine[] {
  const r = clipRect(image, rect);
  const w = r.right - r.left;
  const h = r.bottom - r.top;
  if (w < 3 || h < 4) return [];
  const bg = dominantColour(image, r);
  const dist = inkDistance(image, r, bg, distHist);
  let threshold = inkThreshold(dist, distHist, w);
  const mask = new Uint8Array(w * h);
  thresholdMask(dist, threshold, mask);
  let first = components(mask, w, h);
  // Filled boxes (price badges) are the strongest ink of an axis strip: a threshold set by them
  // breaks the thin strokes of grey tick labels apart. Set it again from everything else.
  const boxes = depth === 0 ? first.filter(isFilledBox) : [];
  if (boxes.length > 0) {
    const again = inkThreshold(dist, distHist, w, boxes);
    if (again < 0.85 * threshold) {
      threshold = again;
      thresholdMask(dist, threshold, mask);
      first = components(mask, w, h);
    }
  }
  const typicalH = median(first.filter((c) => c.bottom - c.top >= 4).map((c) => c.bottom - c.top));
  let comps = first;
  let rules: Uint8Array | null = null;
  if (typicalH > 0 && first.some((c) => c.bottom - c.top >= 3 * typicalH)) {
    rules = eraseVerticalRules(mask, w, h, Math.max(12, Math.round(3 * typicalH)));
    comps = components(mask, w, h);
  }
  comps = dropDottedRules(comps);

  const lines: TextLine[] = [];
  const glyphComps: Component[] = [];
  for (const c of comps) {
    // Inside a badge, ink touching the border is its rounded corner or pointer, not text.
    if (depth > 0 && (c.left === 0 || c.top === 0 || c.right === w || c.bottom === h)) continue;
    if (depth === 0 && isFilledBox(c)) {
      const core = solidCore(mask, w, c);
      if (core) {
        const inner: Rect = {
          left: r.left + core.left,
          top: r.top + core.top,
          right: r.left + core.right,
          bottom: r.top + core.bottom,
        };
        for (const line of findTextLines(image, inner, depth + 1)) lines.push({ ...line, badge: true });
        continue;
      }
    }
    glyphComps.push(c);
  }
  const found = groupLines(glyphComps, dist, w, r, threshold, depth === 0 ? rules : null);
  lines.push(...(depth === 0 ? rereadFaint(image, r, dist, threshold, found) : found));
  // A line cut by the top or bottom of a tall rect (an axis strip) is a clipped label: what is
  // left of it can read as another number. Tight crops around one line keep their text.
  for (let i = lines.length - 1; i >= 0 && depth === 0; i--) {
    const l = lines[i]!;
    if (h <= 4 * l.capHeight) continue;
    const tol = Math.max(1, Math.round(0.12 * l.capHeight));
    const kept = l.glyphs.filter((g) => g.top > r.top + tol && g.bottom < r.bottom - tol);
    // Mostly cut: a clipped label. Partly: something else (a toolbar icon) hangs over the edge.
    if (kept.length < 0.5 * l.glyphs.length || kept.length === 0) lines.splice(i, 1);
    else l.glyphs = kept;
  }
  // Text partly hidden behind a badge: what shows of it is not a whole label. Only text beside
  // the badge: a toolbar's words on the row of a filled button further along are whole.
  const badgeLines = lines.filter((l) => l.badge);
  const left = (l: TextLine): number => l.glyphs[0]?.left ?? 0;
  const right = (l: TextLine): number => l.glyphs[l.glyphs.length - 1]?.right ?? 0;
  // Judged run by run (runs split at gaps wider than a cap height): a stray speck beside a
  // button must not take a toolbar's words at the other end of the row with it.
  for (let i = lines.length - 1; i >= 0 && depth === 0 && badgeLines.length > 0; i--) {
    const l = lines[i]!;
    if (l.badge) continue;
    const runs: GlyphBlob[][] = [];
    for (const g of l.glyphs) {
      const run = runs[runs.length - 1];
      if (run && g.left - run[run.length - 1]!.right <= l.capHeight) run.push(g);
      else runs.push([g]);
    }
    const hiddenBy = (run: GlyphBlob[], b: TextLine): boolean =>
      l.bottom > b.top - 0.5 * b.capHeight &&
      l.top < b.bottom + 0.5 * b.capHeight &&
      run[run.length - 1]!.right > left(b) - 3 * b.capHeight &&
      run[0]!.left < right(b) + 3 * b.capHeight;
    const kept = runs.filter((run) => !badgeLines.some((b) => hiddenBy(run, b))).flat();
    if (kept.length === 0) lines.splice(i, 1);
    else if (kept.length < l.glyphs.length) lines[i] = { ...l, glyphs: kept };
  }
  // Text cut by a badge or the rect's edge leaves lines of fragments much shorter than the
  // others; they would read as garbage (or worse, as a short number).
  if (depth === 0 && lines.length >= 3) {
    // Weighted by glyphs: a row of icons read as one-glyph lines must not outvote a text line.
    const caps = lines.flatMap((l) => l.glyphs.map(() => l.capHeight)).sort((a, b) => a - b);
    const typical = caps[caps.length >> 1]!;
    for (let i = lines.length - 1; i >= 0; i--) if (lines[i]!.capHeight < 0.7 * typical) lines.splice(i, 1);
  }
  lines.sort((a, b) => a.top - b.top || (a.glyphs[0]?.left ?? 0) - (b.glyphs[0]?.left ?? 0));
  return lines;
}

/**
 * One threshold serves a whole rect, and it is set by the strongest ink in it. Text much
 * fainter than that (grey tick labels beside a watchlist's black names, a dim legend beside
 * bright values) falls apart into stroke fragments. Each run of such glyphs (split at gaps wider
 * than a cap height) is read again in a box of its own, where its own ink sets the threshold.
 */
function rereadFaint(
  image: RgbaImage,
  r: Rect,
  dist: Uint8Array,
  threshold: number,
  lines: TextLine[],
): TextLine[] {
  const w = r.right - r.left;
  const out: TextLine[] = [];
  for (const line of lines) {
    const runs: GlyphBlob[][] = [];
    for (const g of line.glyphs) {
      const run = runs[runs.length - 1];
      if (run && g.left - run[run.length - 1]!.right <= line.capHeight) run.push(g);
      else runs.push([g]);
    }
    const kept: GlyphBlob[] = [];
    for (const run of runs) {
      // The threshold is half the strongest ink: a run whose strokes reach less than 70% of it.
      const level = strokeLevel(dist, w, run, r.left, r.top, threshold) ?? 0;
      // A lone blob is no glyph broken apart (an icon, a dot): nothing to gain from reading it again.
      if (level >= 1.4 * threshold || run.length < 2) {
        kept.push(...run);
        continue;
      }
      const m = Math.max(2, Math.round(0.5 * line.capHeight));
      const box: Rect = {
        left: Math.max(r.left, run[0]!.left - m),
        top: Math.max(r.top, line.top - m),
        right: Math.min(r.right, run[run.length - 1]!.right + m),
        bottom: Math.min(r.bottom, line.bottom + m),
      };
      const again = findTextLines(image, box, 1);
      if (again.length > 0) out.push(...again);
      else kept.push(...run);
    }
    if (kept.length > 0) out.push(kept.length === line.glyphs.length ? line : { ...line, glyphs: kept });
  }
  return out;
}

interface LineCluster {
  top: number;
  bottom: number;
  comps: Component[];
}

function groupLines(
  comps: Component[],
  dist: Uint8Array,
  w: number,
  r: Rect,
  threshold: number,
  rules: Uint8Array | null,
): TextLine[] {
  const sized = comps.filter((c) => c.bottom - c.top >= 3 || c.right - c.left >= 3);
  if (sized.length === 0) return [];
  const typical = median(sized.filter((c) => c.bottom - c.top >= 4).map((c) => c.bottom - c.top)) || 6;
  // Rules and frames: thin and long in either direction, or far taller than the text.
  const isRule = (c: Component): boolean => {
    const cw = c.right - c.left;
    const ch = c.bottom - c.top;
    return (ch <= 2 && cw > 4 * typical) || (cw <= 2 && ch > 2.2 * typical) || ch > 3.5 * typical;
  };
  const candidates = comps.filter((c) => !isRule(c)).sort((a, b) => b.bottom - b.top - (a.bottom - a.top));
  const clusters: LineCluster[] = [];
  for (const c of candidates) {
    const ch = c.bottom - c.top;
    const mid = (c.top + c.bottom) / 2;
    let target: LineCluster | undefined;
    for (const cl of clusters) {
      const overlap = Math.min(cl.bottom, c.bottom) - Math.max(cl.top, c.top);
      const clh = cl.bottom - cl.top;
      if (overlap >= 0.5 * Math.min(ch, clh) || (mid >= cl.top - 1 && mid <= cl.bottom + 1)) {
        target = cl;
        break;
      }
    }
    if (target) {
      target.comps.push(c);
      // Only glyph-sized members may stretch the line (a comma hangs below, never sets it).
      if (ch >= 0.6 * (target.bottom - target.top)) {
        target.top = Math.min(target.top, c.top);
        target.bottom = Math.max(target.bottom, c.bottom);
      }
    } else if (ch >= 4) {
      clusters.push({ top: c.top, bottom: c.bottom, comps: [c] });
    }
  }
  const lines: TextLine[] = [];
  for (const cl of clusters) {
    const line = buildLine(cl, dist, w, r, threshold, rules);
    if (line) lines.push(line);
  }
  return lines;
}

function buildLine(
  cl: LineCluster,
  dist: Uint8Array,
  w: number,
  r: Rect,
  threshold: number,
  rules: Uint8Array | null,
): TextLine | null {
  const comps = cl.comps.sort((a, b) => a.left - b.left);
  // Merge pieces of one glyph (":" dots, "i" dot, strokes broken by antialiasing) by x-overlap.
  const merged: Component[] = [];
  for (const c of comps) {
    const last = merged[merged.length - 1];
    if (last) {
      const overlap = Math.min(last.right, c.right) - Math.max(last.left, c.left);
      const minW = Math.min(last.right - last.left, c.right - c.left);
      if (overlap > 0 && overlap >= 0.5 * minW) {
        last.left = Math.min(last.left, c.left);
        last.right = Math.max(last.right, c.right);
        last.top = Math.min(last.top, c.top);
        last.bottom = Math.max(last.bottom, c.bottom);
        last.count += c.count;
        continue;
      }
    }
    merged.push({ ...c });
  }
  const heights = merged.map((c) => c.bottom - c.top);
  const maxH = Math.max(...heights);
  const tall = merged.filter((c) => c.bottom - c.top >= 0.75 * maxH);
  // The baseline is where most glyphs end. Brackets and slashes reach above and below the
  // digits: taking the tallest glyphs alone would set it on a bracket's foot ("(0.07%)" in a
  // legend) and read every digit as a small lower-case letter.
  const sizable = merged.filter((c) => c.bottom - c.top >= 0.5 * maxH);
  const tallMedian = median(tall.map((c) => c.bottom));
  let baseline = tallMedian;
  let bestVotes = 0;
  for (const c of sizable) {
    let votes = 0;
    for (const o of sizable) if (Math.abs(o.bottom - c.bottom) <= 1) votes++;
    if (
      votes > bestVotes ||
      (votes === bestVotes && Math.abs(c.bottom - tallMedian) < Math.abs(baseline - tallMedian))
    ) {
      bestVotes = votes;
      baseline = c.bottom;
    }
  }
  const onBase = merged.filter((c) => Math.abs(c.bottom - baseline) <= 1 && c.bottom - c.top >= 0.6 * maxH);
  // The tall end of the glyphs on the baseline: capitals, digits and ascenders, not the
  // x-height of lower-case letters (a median would flip between the two with the wording).
  const baseHeights = (onBase.length > 0 ? onBase : tall).map((c) => c.bottom - c.top).sort((a, b) => a - b);
  const capHeight = Math.max(3, baseHeights[Math.floor((baseHeights.length - 1) * 0.8)]!);
  if (capHeight < 4) return null;

  // Ink normalisation: 0 at the threshold's lower half, 1 at the line's typical stroke level.
  const high = strokeLevel(dist, w, merged, 0, 0, threshold) ?? 255;
  const low = threshold * 0.4;
  const span = Math.max(1, high - low);

  // Grow each glyph vertically over its faint antialiased rows: a comma's tail is often below
  // the mask threshold, and without it "," and "." look the same.
  const faint = threshold * 0.4;
  const maxGrow = Math.max(1, Math.round(0.2 * capHeight));
  const rowHasFaint = (c: Component, y: number): boolean => {
    for (let x = c.left; x < c.right; x++) if (dist[y * w + x]! >= faint) return true;
    return false;
  };
  const rectH = r.bottom - r.top;
  for (const c of merged) {
    for (let g = 0; g < maxGrow && c.bottom < rectH && rowHasFaint(c, c.bottom); g++) c.bottom++;
    for (let g = 0; g < maxGrow && c.top > 0 && rowHasFaint(c, c.top - 1); g++) c.top--;
  }

  const touchesRule = (c: Component): boolean => {
    if (c.left === 0) return true;
    if (!rules) return false;
    for (let y = c.top; y < c.bottom; y++) if (rules[y * w + c.left - 1]) return true;
    return false;
  };
  const glyphs: GlyphBlob[] = [];
  for (const c of merged) {
    const gw = c.right - c.left;
    const gh = c.bottom - c.top;
    const ink = new Float32Array(gw * gh);
    for (let y = 0; y < gh; y++) {
      for (let x = 0; x < gw; x++) {
        const v = (dist[(y + c.top) * w + x + c.left]! - low) / span;
        ink[y * gw + x] = v <= 0 ? 0 : v >= 1 ? 1 : v;
      }
    }
    const blob: GlyphBlob = {
      left: r.left + c.left,
      top: r.top + c.top,
      right: r.left + c.right,
      bottom: r.top + c.bottom,
      ink,
    };
    if (touchesRule(c)) blob.atRule = true;
    glyphs.push(blob);
  }
  return {
    top: r.top + cl.top,
    bottom: r.top + cl.bottom,
    baseline: r.top + baseline,
    capHeight,
    glyphs,
    badge: false,
    contrast: high,
  };
}
