import type { Raster } from './raster';
import { colourDistance } from './raster';
import type { Layout } from './layout';
import { BG_TOLERANCE } from './layout';

/** A colour class of candle ink (bull body, bear body, outline, wick ...) learned from the image. */
export interface InkClass {
  colour: number;
  /** Pixels of this class that sit in vertical strokes. */
  mass: number;
}

/** How far a JPEG-damaged or anti-aliased pixel may be from its class colour. */
export const INK_TOLERANCE = 44;

/**
 * Where `c` lies on the line from the background to `ink`: alpha 1 = pure ink, 0 = background,
 * and how far off that line it is (RGB distance). Anti-aliased edges and the blur of a scaled
 * (HiDPI) capture are blends of ink and background, so they sit on that line.
 */
export function tint(c: number, bg: number, ink: number): { alpha: number; off: number } {
  const br = (bg >> 16) & 255;
  const bgG = (bg >> 8) & 255;
  const bb = bg & 255;
  const vr = ((ink >> 16) & 255) - br;
  const vg = ((ink >> 8) & 255) - bgG;
  const vb = (ink & 255) - bb;
  const pr = ((c >> 16) & 255) - br;
  const pg = ((c >> 8) & 255) - bgG;
  const pb = (c & 255) - bb;
  // JPEG keeps brightness at full resolution but smears colour over 2x2 blocks, so when ink and
  // background differ enough in brightness the share of ink is measured on brightness alone.
  const vl = 0.299 * vr + 0.587 * vg + 0.114 * vb;
  let alpha: number;
  if (Math.abs(vl) >= 40) {
    alpha = (0.299 * pr + 0.587 * pg + 0.114 * pb) / vl;
  } else {
    const vv = vr * vr + vg * vg + vb * vb || 1;
    alpha = (pr * vr + pg * vg + pb * vb) / vv;
  }
  const a = Math.max(0, Math.min(1, alpha));
  const dr = pr - a * vr;
  const dg = pg - a * vg;
  const db = pb - a * vb;
  return { alpha, off: Math.sqrt(dr * dr + dg * dg + db * db) };
}

/** Minimum share of ink in a blended pixel for it to count as part of the candle. */
export const MIN_ALPHA = 0.45;

const quant = (c: number) => ((c >> 12) & 0xf00) | ((c >> 8) & 0xf0) | ((c >> 4) & 0xf);

/**
 * Learns the candle colours: the colours that make up vertical strokes (wicks, bodies, bar
 * stems) inside the plot. Horizontal clutter (grid, price lines, drawings) has no vertical
 * extent; text glyphs are too few to compete with candles.
 */
export function learnPalette(r: Raster, layout: Layout): InkClass[] {
  const { width, rgb } = r;
  const { plot, background: bg, lineColours } = layout;
  const count = new Float64Array(4096);
  const sumR = new Float64Array(4096);
  const sumG = new Float64Array(4096);
  const sumB = new Float64Array(4096);
  const minRun = 4;
  // Row-major with one run state per column (cache-friendly on large captures).
  const pw = plot.right - plot.left + 1;
  const runQ = new Int32Array(pw).fill(-1);
  const runLen = new Int32Array(pw);
  const runColour = new Int32Array(pw);
  const credit = (i: number) => {
    const q = runQ[i]!;
    const len = runLen[i]!;
    if (q < 0 || len < minRun) return;
    const c0 = runColour[i]!;
    count[q]! += len;
    sumR[q]! += ((c0 >> 16) & 255) * len;
    sumG[q]! += ((c0 >> 8) & 255) * len;
    sumB[q]! += (c0 & 255) * len;
  };
  const { bgMask } = layout;
  for (let y = plot.top; y <= plot.bottom; y++) {
    const row = y * width + plot.left;
    for (let i = 0; i < pw; i++) {
      // Background after background changes nothing (a background run is never credited, and
      // the next ink pixel resets the state): skip it, as most of the plot is background.
      if (bgMask[row + i] && runQ[i]! < 0) continue;
      const c = rgb[row + i]!;
      const q = bgMask[row + i] ? -1 : quant(c);
      if (q === runQ[i] && q >= 0) {
        runLen[i]!++;
        continue;
      }
      credit(i);
      runQ[i] = q;
      runLen[i] = 1;
      runColour[i] = c;
    }
  }
  for (let i = 0; i < pw; i++) credit(i);
  let total = 0;
  for (let i = 0; i < 4096; i++) total += count[i]!;
  if (total === 0) return [];
  const bins = [...count.keys()]
    .filter((i) => count[i]! >= total * 0.01)
    .sort((a, b) => count[b]! - count[a]!);
  const classes: InkClass[] = [];
  for (const b of bins) {
    const n = count[b]!;
    const colour =
      (Math.round(sumR[b]! / n) << 16) | (Math.round(sumG[b]! / n) << 8) | Math.round(sumB[b]! / n);
    if (lineColours.some((l) => colourDistance(l, colour) <= 8)) continue;
    // Candles stand out from the background; faint greys are grid, shading or watermark.
    if (colourDistance(colour, bg) < 48) continue;
    const near = classes.find((k) => {
      if (colourDistance(k.colour, colour) <= INK_TOLERANCE) return true;
      const t = tint(colour, bg, k.colour);
      return t.alpha >= 0.2 && t.alpha <= 1.1 && t.off <= 24;
    });
    if (near) near.mass += n;
    else classes.push({ colour, mass: n });
  }
  const kept = classes.filter((k) => k.mass >= total * 0.04);
  kept.sort((a, b) => b.mass - a.mass);
  return kept.slice(0, 4);
}

/**
 * Per-pixel ink class over the plot (0 = not candle ink, k = palette[k-1]), row-major over the
 * plot rectangle.
 */
export function classifyInk(r: Raster, layout: Layout, palette: InkClass[]): Uint8Array {
  const { width, rgb } = r;
  const { plot, background: bg, lineColours, bgMask } = layout;
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  const out = new Uint8Array(pw * ph);
  const cache = new Map<number, number>();
  // Candle bodies are runs of one colour: reuse the previous pixel's class before asking the Map.
  let lastC = -1;
  let lastK = 0;
  for (let y = 0; y < ph; y++) {
    const row = (y + plot.top) * width + plot.left;
    for (let x = 0; x < pw; x++) {
      if (bgMask[row + x]) continue;
      const c = rgb[row + x]!;
      if (c === lastC) {
        out[y * pw + x] = lastK;
        continue;
      }
      let k = cache.get(c);
      if (k === undefined) {
        k = 0;
        const dBg = colourDistance(c, bg);
        if (dBg > BG_TOLERANCE) {
          let best = Infinity;
          for (let i = 0; i < palette.length; i++) {
            const t = tint(c, bg, palette[i]!.colour);
            if (t.alpha < MIN_ALPHA || t.alpha > 1.25 || t.off > 30 + 20 * (1 - Math.min(1, t.alpha)))
              continue;
            const d = colourDistance(c, palette[i]!.colour);
            if (d < best) [best, k] = [d, i + 1];
          }
          // A pixel nearer a grid line than the ink is grid, not candle.
          if (k && lineColours.some((l) => colourDistance(c, l) < Math.min(best, 12))) k = 0;
        }
        if (cache.size < 65536) cache.set(c, k);
      }
      lastC = c;
      lastK = k;
      out[y * pw + x] = k;
    }
  }
  return out;
}
