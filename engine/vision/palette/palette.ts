import { luminance } from '../pixels/raster';
import {
  DILUTED_CHROMA_MAX,
  DILUTED_CHROMA_MIN,
  DILUTED_CHROMA_PER_ALPHA,
  HUE_OFF_BASE,
  HUE_OFF_PER_CHROMA,
  INK_CHROMA_MIN,
  INK_TOLERANCE,
  LUMA_ALONE_MIN,
  MIN_ALPHA,
  RINGING_ALPHA_MAX,
  STRONGER_CHROMA_MAX,
  STRONGER_CHROMA_MIN,
  STRONGER_HUE_PER_SHARE,
  PALE_CLASS_CHROMA_PER_LUMA,
} from './tuning';

export { INK_TOLERANCE, MIN_ALPHA };

/** A colour class of candle ink (bull body, bear body, outline, wick ...) learned from the image. */
export interface InkClass {
  colour: number;
  /** Pixels of this class that sit in vertical strokes. */
  mass: number;
}

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
  if (Math.abs(vl) >= LUMA_ALONE_MIN) {
    alpha = (0.299 * pr + 0.587 * pg + 0.114 * pb) / vl;
  } else {
    const vv = vr * vr + vg * vg + vb * vb || 1;
    alpha = (pr * vr + pg * vg + pb * vb) / vv;
  }
  // JPEG's ringing makes a thin dark stroke darker than its ink (and a light one lighter): up to
  // a quarter beyond the ink along the line is still on it, not off it by that overshoot.
  const a = Math.max(0, Math.min(RINGING_ALPHA_MAX, alpha));
  const dr = pr - a * vr;
  const dg = pg - a * vg;
  const db = pb - a * vb;
  return { alpha, off: Math.sqrt(dr * dr + dg * dg + db * db) };
}

/**
 * A pale class: its chroma against the background under PALE_CLASS_CHROMA_PER_LUMA of its
 * brightness difference from it (an ink blended with a neutral colour, or a neutral ink).
 */
export function paleClass(bg: number, ink: number): boolean {
  const [bu, bv] = chromaOf(bg);
  const [iu, iv] = chromaOf(ink);
  return Math.hypot(iu - bu, iv - bv) < PALE_CLASS_CHROMA_PER_LUMA * Math.abs(luminance(ink) - luminance(bg));
}

/**
 * An ink with no hue to follow: its colour nearer the background's than INK_CHROMA_MIN (chroma
 * distance). chromaShareOf answers -1 for every pixel of it, so no diluted or stronger pixel of
 * it is ink.
 */
export function hueless(bg: number, ink: number): boolean {
  const [bu, bv] = chromaOf(bg);
  const [iu, iv] = chromaOf(ink);
  return Math.hypot(iu - bu, iv - bv) < INK_CHROMA_MIN;
}

/** BT.601 chroma (Cb, Cr) of a packed colour, the colour JPEG stores at reduced resolution. */
function chromaOf(c: number): [number, number] {
  const r = (c >> 16) & 255;
  const g = (c >> 8) & 255;
  const b = c & 255;
  return [-0.1687 * r - 0.3313 * g + 0.5 * b, 0.5 * r - 0.4187 * g - 0.0813 * b];
}

/**
 * JPEG keeps brightness per pixel but averages colour over blocks of pixels, so a thin coloured
 * stroke (a wick, a body's edge row) keeps the ink's brightness while its colour is diluted
 * with the background's beside it: it lies off the background-ink line of `tint`. Such a pixel
 * still belongs to the ink when its brightness is the ink's and its colour differs from the
 * background in the ink's direction (weaker, not another hue). Needs a coloured ink that
 * differs from the background in brightness; a neutral grey pixel (text, grid) never passes.
 * `hueTolerance` scales how far off the ink's hue the pixel's colour may point (1: JPEG noise).
 */
export function dilutedInk(c: number, bg: number, ink: number, hueTolerance = 1): boolean {
  return dilution(bg, ink, hueTolerance)(c);
}

/** `dilutedInk` for one background and ink, with their brightness and colour worked out once. */
export function dilution(bg: number, ink: number, hueTolerance = 1): (c: number) => boolean {
  const lb = luminance(bg);
  const vl = luminance(ink) - lb;
  const share = chromaShareOf(bg, ink, hueTolerance);
  // A pale class's stronger pixels' hue is held to an angle (see PALE_CLASS_CHROMA_PER_LUMA).
  const pale = paleClass(bg, ink);
  const strongShare = chromaShareOf(bg, ink, hueTolerance, pale ? STRONGER_HUE_PER_SHARE : 0);
  if (Math.abs(vl) < LUMA_ALONE_MIN) return () => false;
  return (c) => {
    const alpha = (luminance(c) - lb) / vl;
    if (alpha < MIN_ALPHA || alpha > RINGING_ALPHA_MAX) return false;
    // Diluted: less of the ink's colour than of its brightness. A plain blend of another ink
    // with the background (an indicator line's anti-aliased edge) dims both alike.
    // Or more of it than the class: a class learned from thin strokes (hollow outlines, wicks)
    // is itself diluted, down to a third of its ink's colour (#64b966 for MetaTrader's
    // #00ff00 outlines on black), and its strokes' stronger pixels are the ink.
    const s = share(c);
    if (s >= DILUTED_CHROMA_MIN && s <= Math.min(DILUTED_CHROMA_MAX, alpha * DILUTED_CHROMA_PER_ALPHA))
      return true;
    // Not pale: the same tolerance as `share`, whose answer stands.
    const strong = pale ? strongShare(c) : s;
    return strong >= STRONGER_CHROMA_MIN && strong <= STRONGER_CHROMA_MAX;
  };
}

/**
 * How much of the ink's colour (chroma, relative to the background) a pixel carries, when its
 * colour points the ink's way (-1 when it does not, or the ink has no colour). `perShare` > 0
 * widens the hue tolerance with the pixel's own share (times max(1, share x perShare)).
 */
export function chromaShareOf(
  bg: number,
  ink: number,
  hueTolerance = 1,
  perShare = 0,
): (c: number) => number {
  const [bu, bv] = chromaOf(bg);
  const [iu, iv] = chromaOf(ink);
  const ku = iu - bu;
  const kv = iv - bv;
  const k2 = ku * ku + kv * kv;
  if (k2 < INK_CHROMA_MIN * INK_CHROMA_MIN) return () => -1;
  const tolerance = (HUE_OFF_BASE + HUE_OFF_PER_CHROMA * Math.sqrt(k2)) * hueTolerance;
  return (c) => {
    const [pu, pv] = chromaOf(c);
    const share = ((pu - bu) * ku + (pv - bv) * kv) / k2;
    const off = Math.hypot(pu - bu - share * ku, pv - bv - share * kv);
    return off <= tolerance * Math.max(1, share * perShare) ? share : -1;
  };
}
