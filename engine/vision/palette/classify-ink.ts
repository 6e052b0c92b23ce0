import type { Raster } from '../pixels/raster';
import { colourDistance, luminance } from '../pixels/raster';
import { maskWords, nextClear } from '../pixels/byte-scan';
import type { Layout } from '../layout';
import { BG_TOLERANCE } from '../layout';
import {
  BETWEEN_INKS_ALPHA_MAX,
  BETWEEN_INKS_ALPHA_MIN,
  BETWEEN_INKS_GAP_PX,
  BETWEEN_INKS_MIN_DISTANCE,
  SEAM_FILL_MIN_PX,
  SEAM_OUTLINE_MAX_PX,
  BEYOND_INK_LUMA,
  DILUTED_FULL_ALPHA_MIN,
  DILUTED_PENALTY,
  GRID_NEAR,
  HUE_NEIGHBOURHOOD,
  LINE_COLOUR_DISTANCE,
  MIN_ALPHA,
  RINGING_ALPHA_MAX,
  TINT_OFF_FAINT_EXTRA,
  TINT_OFF_MAX,
  TINT_OFF_OVERSHOOT_EXTRA,
  SMEARED_MAX_SHARE,
} from './tuning';

import type { InkClass } from './palette';
import { tint, dilution, chromaShareOf, hueless, paleClass } from './palette';

/**
 * Per-pixel ink class over the plot (0 = not candle ink, k = palette[k-1]), row-major over the
 * plot rectangle. Where a class with a hue turns out smeared over many colours (JPEG:
 * smearedClasses), the plot is classified again with that class's overshoot allowance.
 */
export function classifyInk(r: Raster, layout: Layout, palette: InkClass[]): Uint8Array {
  const { plot } = layout;
  const out = new Uint8Array((plot.right - plot.left + 1) * (plot.bottom - plot.top + 1));
  const diluted: number[] = [];
  const first = classifyPass(r, layout, inkClassOf(layout, palette), palette.length, out, diluted);
  const smeared = smearedClasses(first).map((s, k) => s && !hueless(layout.background, palette[k]!.colour));
  if (smeared.some(Boolean)) {
    out.fill(0);
    diluted.length = 0;
    classifyPass(r, layout, inkClassOf(layout, palette, smeared), palette.length, out, diluted);
  }
  // A diluted pixel beside another class is not trusted. Decided on the first pass's classes, so
  // the order of pixels does not matter.
  settleDiluted(r, layout, palette, out, diluted);
  joinSeams(r, layout, palette, out);
  clearDottedColumns(r, layout, palette, out);
  return out;
}

/** Per class (index k - 1): its pixels, and those of its commonest exact colour. */
interface ClassTally {
  pixels: Int32Array;
  commonest: Int32Array;
}

/**
 * One pass of `classOf` over the plot into `out` (DILUTED pixels listed in `diluted`), tallying
 * each class's pixels and its commonest exact colour's (among the colours the memo holds).
 */
function classifyPass(
  r: Raster,
  layout: Layout,
  classOf: (c: number) => number,
  classes: number,
  out: Uint8Array,
  diluted: number[],
): ClassTally {
  const { width, rgb } = r;
  const { plot, bgMask } = layout;
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  // Class per exact colour, memoised in an open-addressing table (colours are 24-bit, so -1
  // marks a free slot): a Map lookup per colour change was most of this function's time.
  const cacheKeys = new Int32Array(CACHE_SLOTS).fill(-1);
  const cacheVals = new Uint8Array(CACHE_SLOTS);
  const cacheCounts = new Int32Array(CACHE_SLOTS);
  const pixels = new Int32Array(classes);
  let cacheSize = 0;
  // Candle bodies are runs of one colour: reuse the previous pixel's class (and memo slot, -1:
  // none) before the table.
  let lastC = -1;
  let lastK = 0;
  let lastSlot = -1;
  // Most of the plot is background: it is skipped 8 pixels at a time.
  const words = maskWords(bgMask);
  for (let y = 0; y < ph; y++) {
    const row = (y + plot.top) * width + plot.left;
    const end = row + pw;
    // Pixel i of the image is out[i + toOut].
    const toOut = y * pw - row;
    for (let i = row; i < end; i++) {
      if (bgMask[i]) {
        i = nextClear(bgMask, words, i, end);
        if (i === end) break;
      }
      const c = rgb[i]!;
      let k = lastK;
      if (c !== lastC) {
        let slot = Math.imul(c, 0x9e3779b1) >>> (32 - CACHE_BITS);
        while (cacheKeys[slot] !== -1 && cacheKeys[slot] !== c) slot = (slot + 1) & (CACHE_SLOTS - 1);
        lastSlot = slot;
        if (cacheKeys[slot] === c) k = cacheVals[slot]!;
        else {
          // The class of a colour not seen before, kept out of the pixel loop so it stays small.
          k = classOf(c);
          // Half full at most, so that probes stay short; beyond, colours are classified afresh.
          if (cacheSize < CACHE_SLOTS >> 1) {
            cacheKeys[slot] = c;
            cacheVals[slot] = k;
            cacheSize++;
          } else lastSlot = -1;
        }
        lastC = c;
        lastK = k;
      }
      out[i + toOut] = k;
      if (!k) continue;
      const kc = (k & ~DILUTED) - 1;
      pixels[kc] = pixels[kc]! + 1;
      if (lastSlot >= 0) cacheCounts[lastSlot] = cacheCounts[lastSlot]! + 1;
      if (k & DILUTED) diluted.push(i + toOut);
    }
  }
  const commonest = new Int32Array(classes);
  for (let slot = 0; slot < CACHE_SLOTS; slot++) {
    const k = cacheVals[slot]! & ~DILUTED;
    if (cacheKeys[slot] === -1 || !k) continue;
    commonest[k - 1] = Math.max(commonest[k - 1]!, cacheCounts[slot]!);
  }
  return { pixels, commonest };
}

/**
 * The classes whose pixels no one colour holds SMEARED_MAX_SHARE of. Drawn flat, a class's ink
 * is one exact colour over most of its pixels, anti-aliased or scaled (0.58-0.87 on the corpora's
 * PNGs); JPEG scatters them over many colours (0.01-0.10).
 */
function smearedClasses({ pixels, commonest }: ClassTally): boolean[] {
  return Array.from(pixels, (n, k) => n > 0 && commonest[k]! < n * SMEARED_MAX_SHARE);
}

/**
 * JPEG blends an outlined body's fill with its outline: the seam between them (1-3 px of a
 * colour between the two inks, no class's own) left the fill a shape apart from its outline and
 * wicks. An unclassified pixel in a short run of them (BETWEEN_INKS_GAP_PX) bracketed along its
 * row or its column by two different classes, a neutral fill on one side and a thin coloured
 * outline ending in no ink on the other, whose colour lies on the line between the two inks,
 * becomes the outline's ink. Decided on the classes before the pass, so the order of pixels
 * does not matter.
 */
export function joinSeams(r: Raster, layout: Layout, palette: InkClass[], out: Uint8Array): void {
  const { width, rgb } = r;
  const { plot, bgMask } = layout;
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  const n = palette.length;
  const pale = palette.map((p) => paleClass(layout.background, p.colour));
  // The pairs of classes a seam can lie between: far apart, one a pale fill and the other a
  // coloured outline (`seam` asks no more of any other pair). Most charts have none, and the
  // pass over the plot is skipped.
  const far = new Uint8Array(n * n);
  let anyFar = false;
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      if (pale[a] === pale[b]) continue;
      if (colourDistance(palette[a]!.colour, palette[b]!.colour) < BETWEEN_INKS_MIN_DISTANCE) continue;
      far[a * n + b] = 1;
      anyFar = true;
    }
  }
  if (!anyFar) return;
  const at: number[] = [];
  const to: number[] = [];
  // An unclassified pixel of the plot that is not background (plot px).
  const open = (x: number, y: number) =>
    out[y * pw + x] === 0 && !bgMask[(y + plot.top) * width + x + plot.left];
  // The class bracketing (x, y) the other way along (dx, dy), 0 past the gap or at background.
  const bracket = (x: number, y: number, dx: number, dy: number, gap: number): [number, number] => {
    let s = 1;
    for (; ; s++) {
      const xx = x + dx * s;
      const yy = y + dy * s;
      if (xx < 0 || yy < 0 || xx >= pw || yy >= ph || s > gap) return [0, s];
      const k = out[yy * pw + xx]!;
      if (k) return [k, s];
      if (!open(xx, yy)) return [0, s];
    }
  };
  // How many pixels of class k run on from (x, y) + s * (dx, dy), and whether ink of no class
  // (or the plot's edge) ends them: counted up to SEAM_FILL_MIN_PX.
  const run = (x: number, y: number, dx: number, dy: number, s: number, k: number): [number, boolean] => {
    let m = 0;
    for (; m < SEAM_FILL_MIN_PX; m++, s++) {
      const xx = x + dx * s;
      const yy = y + dy * s;
      if (xx < 0 || yy < 0 || xx >= pw || yy >= ph) return [m, true];
      const o = out[yy * pw + xx]!;
      if (o !== k) return [m, o === 0];
    }
    return [m, false];
  };
  const seam = (c: number, x: number, y: number, dx: number, dy: number): number => {
    const [a, sa] = bracket(x, y, -dx, -dy, BETWEEN_INKS_GAP_PX);
    if (!a) return 0;
    const [b, sb] = bracket(x, y, dx, dy, BETWEEN_INKS_GAP_PX + 1 - sa);
    if (!b || !far[(a - 1) * n + b - 1]) return 0;
    // A fill on one side, a thin outline ending in no ink on the other: two bodies side by side
    // (dense candles) have a body on both sides, two thin strokes no fill.
    const [ma, endA] = run(x, y, -dx, -dy, sa, a);
    const [mb, endB] = run(x, y, dx, dy, sb, b);
    // The fill neutral (pale), the outline coloured: a line of one candle colour crossing a body
    // of the other (a price line) has the same shape, and its anti-aliased edge is a blend too.
    const outline =
      ma >= SEAM_FILL_MIN_PX && endB && mb <= SEAM_OUTLINE_MAX_PX && pale[a - 1] && !pale[b - 1]
        ? b
        : mb >= SEAM_FILL_MIN_PX && endA && ma <= SEAM_OUTLINE_MAX_PX && pale[b - 1] && !pale[a - 1]
          ? a
          : 0;
    if (!outline) return 0;
    const t = tint(c, palette[a - 1]!.colour, palette[b - 1]!.colour);
    if (t.alpha < BETWEEN_INKS_ALPHA_MIN || t.alpha > BETWEEN_INKS_ALPHA_MAX || t.off > TINT_OFF_MAX)
      return 0;
    // The seam is the outline's blur: taken as the outline, every column of the fill holds the
    // outline's class at its ends, as on a sharp capture (an outlined body is one candle to the
    // lattice, candles/lattice.ts sureCut), and the fill's own rows stay its own.
    return outline;
  };
  for (let y = 0; y < ph; y++) {
    for (let x = 0; x < pw; x++) {
      if (!open(x, y)) continue;
      const c = rgb[(y + plot.top) * width + x + plot.left]!;
      const k = seam(c, x, y, 1, 0) || seam(c, x, y, 0, 1);
      if (!k) continue;
      at.push(y * pw + x);
      to.push(k);
    }
  }
  for (let i = 0; i < at.length; i++) out[at[i]!] = to[i]!;
}

/**
 * The dashes of a dotted or dashed vertical line the layout found (MetaTrader's period
 * separators in its grey grid colour) pass for a faint blend of a light class (white bodies on
 * black), and each dash is a vertical stroke of a candle's size: on the line's column, a pixel
 * in the line's own colour is the line's, not ink. Candles crossing it keep their colour.
 * Only lines whose colour is no class's own (tall candles are taken for lines too).
 */
export function clearDottedColumns(r: Raster, layout: Layout, palette: InkClass[], out: Uint8Array): void {
  const { width, rgb } = r;
  const { plot } = layout;
  const pw = plot.right - plot.left + 1;
  for (const g of layout.gridColumns) {
    if (!g.dotted || g.at < plot.left || g.at > plot.right) continue;
    if (palette.some((p) => colourDistance(g.colour, p.colour) <= LINE_COLOUR_DISTANCE)) continue;
    const from = Math.max(plot.top, g.start);
    const to = Math.min(plot.bottom, g.end);
    for (let y = from; y <= to; y++) {
      const o = (y - plot.top) * pw + g.at - plot.left;
      if (out[o] && colourDistance(rgb[y * width + g.at]!, g.colour) < GRID_NEAR) out[o] = 0;
    }
  }
}

/**
 * The first-pass class of one colour (0 = not candle ink, k = palette[k-1], with DILUTED set
 * when it is ink only as a JPEG-diluted stroke), for classifyInk's pixels that are not background.
 * `overshoot` marks the classes JPEG smeared (smearedClasses): beyond its full strength such a
 * class's pixel may lie TINT_OFF_OVERSHOOT_EXTRA further off its line.
 */
export function inkClassOf(
  layout: Layout,
  palette: InkClass[],
  overshoot?: readonly boolean[],
): (c: number) => number {
  const { background: bg } = layout;
  // A grid colour that is a class's own colour was learned as candles (it fills bodies): the
  // "grid" was tall candles taken for vertical lines.
  const lineColours = layout.lineColours.filter(
    (l) => !palette.some((p) => colourDistance(l, p.colour) <= LINE_COLOUR_DISTANCE),
  );
  const dilutedBy = palette.map((p) => dilution(bg, p.colour));
  return (c: number): number => {
    let k = 0;
    const dBg = colourDistance(c, bg);
    if (dBg > BG_TOLERANCE) {
      let best = Infinity;
      let bestDiluted = false;
      for (let i = 0; i < palette.length; i++) {
        const isDiluted = dilutedBy[i]!;
        const ink = palette[i]!.colour;
        const t = tint(c, bg, ink);
        let d = colourDistance(c, ink);
        let diluted = false;
        if (
          t.alpha < MIN_ALPHA ||
          t.alpha > RINGING_ALPHA_MAX ||
          t.off >
            TINT_OFF_MAX +
              TINT_OFF_FAINT_EXTRA * (1 - Math.min(1, t.alpha)) +
              (t.alpha >= 1 && overshoot?.[i] ? TINT_OFF_OVERSHOOT_EXTRA : 0)
        ) {
          // A JPEG-diluted stroke only when no class explains the pixel plainly, unless it has
          // the ink's full brightness (DILUTED_FULL_ALPHA_MIN).
          if (!isDiluted(c)) continue;
          diluted = true;
          if (t.alpha < DILUTED_FULL_ALPHA_MIN || t.alpha > RINGING_ALPHA_MAX) d += DILUTED_PENALTY;
        }
        if (d < best) [best, k, bestDiluted] = [d, i + 1, diluted];
      }
      // A pixel nearer a grid line than the ink is grid, not candle.
      if (k && lineColours.some((l) => colourDistance(c, l) < Math.min(best, GRID_NEAR))) k = 0;
      if (k && (bestDiluted || best >= DILUTED_PENALTY)) k |= DILUTED;
    }
    return k;
  };
}

/**
 * Where two inks meet (neighbouring candles of a dense chart, a line crossing a candle), their
 * blend can pass for a diluted stroke of either: a diluted pixel (`diluted`, indices into `out`)
 * beside another class is not trusted, and is cleared; the others lose their DILUTED flag.
 */
export function settleDiluted(
  r: Raster,
  layout: Layout,
  palette: InkClass[],
  out: Uint8Array,
  diluted: number[],
): void {
  const { width, rgb } = r;
  const { plot, background: bg, bgMask } = layout;
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  // (Plain loops, no closures: a variable a closure captures, here `out` and `pw`, is re-read
  // from memory on every pixel of the loop.)
  const keep = new Uint8Array(diluted.length);
  const lumBg = luminance(bg);
  const hue: HueCheck = {
    rgb,
    width,
    bgMask,
    plot,
    out,
    pw,
    ph,
    lumBg,
    // Further from the background in brightness than the ink itself (with JPEG's overshoot).
    beyond: palette.map((p) => Math.abs(luminance(p.colour) - lumBg) * BEYOND_INK_LUMA),
    shareBy: palette.map((p) => chromaShareOf(bg, p.colour)),
  };
  for (let n = 0; n < diluted.length; n++) {
    const i = diluted[n]!;
    const k = out[i]! & ~DILUTED;
    const x = i % pw;
    const beside =
      (x > 0 && otherClass(out, i - 1, k)) ||
      (x + 1 < pw && otherClass(out, i + 1, k)) ||
      (i >= pw && otherClass(out, i - pw, k)) ||
      (i + pw < out.length && otherClass(out, i + pw, k));
    keep[n] = beside || besideBrighterHue(hue, i, k) ? 0 : 1;
  }
  for (let n = 0; n < diluted.length; n++) {
    const i = diluted[n]!;
    out[i] = keep[n] ? out[i]! & ~DILUTED : 0;
  }
}

/** What besideBrighterHue reads: the first pass's classes over the plot and the pixels. */
interface HueCheck {
  rgb: Uint32Array;
  width: number;
  bgMask: Uint8Array;
  plot: Layout['plot'];
  out: Uint8Array;
  pw: number;
  ph: number;
  lumBg: number;
  /** Per class: further from the background in brightness than the ink could be. */
  beyond: number[];
  /** Per class: chromaShareOf the class's ink. */
  shareBy: ((c: number) => number)[];
}

/**
 * The anti-aliased edge of a thin line of a nearby hue (a yellow moving average beside orange
 * candles, on a PNG) also passes for a diluted stroke: its blend with the background has the
 * ink's brightness and a weaker colour. Its own core lies beside it, in a hue off the ink's and
 * brighter than the ink itself could be; JPEG keeps a diluted stroke's neighbours in between.
 * (Not a closure in classifyInk: the variables a closure captures are re-read from memory on
 * every pixel of classifyInk's loops.)
 */
function besideBrighterHue(h: HueCheck, i: number, k: number): boolean {
  const { rgb, width, bgMask, plot, out, pw, ph, lumBg } = h;
  const x = i % pw;
  const y = (i - x) / pw;
  for (let dy = -HUE_NEIGHBOURHOOD; dy <= HUE_NEIGHBOURHOOD; dy++) {
    for (let dx = -HUE_NEIGHBOURHOOD; dx <= HUE_NEIGHBOURHOOD; dx++) {
      const xx = x + dx;
      const yy = y + dy;
      if ((!dx && !dy) || xx < 0 || xx >= pw || yy < 0 || yy >= ph || out[yy * pw + xx]) continue;
      const j = (yy + plot.top) * width + xx + plot.left;
      if (bgMask[j]) continue;
      const c = rgb[j]!;
      if (Math.abs(luminance(c) - lumBg) > h.beyond[k - 1]! && h.shareBy[k - 1]!(c) < 0) return true;
    }
  }
  return false;
}

const CACHE_BITS = 17;
const CACHE_SLOTS = 1 << CACHE_BITS;

/** Pixel j holds candle ink of another class than k. */
function otherClass(out: Uint8Array, j: number, k: number): boolean {
  const o = out[j]! & ~DILUTED;
  return o !== 0 && o !== k;
}

/** Flag on a first-pass class: the pixel is ink only as a JPEG-diluted stroke. */
const DILUTED = 0x80;
