import type { Raster } from '../pixels/raster';
import { colourDistance, luminance } from '../pixels/raster';
import { maskWords, nextClear } from '../pixels/byte-scan';
import type { Layout } from '../layout';
import { BG_TOLERANCE } from '../layout';
import {
  BEYOND_INK_LUMA,
  BIN_MIN_SHARE,
  BLEED_CHROMA_MIN,
  BLEED_LUMA_MAX,
  BLEND_ALPHA_MAX,
  BLEND_ALPHA_MIN,
  BLEND_BESIDE_SHARE,
  BLEND_OFF_MAX,
  BLENDED_CLASS_ALPHA_MAX,
  CLASS_MIN_SHARE,
  DILUTED_CHROMA_MAX,
  DILUTED_CHROMA_MIN,
  DILUTED_CHROMA_PER_ALPHA,
  DILUTED_PENALTY,
  FAINT_DISTANCE,
  FILL_SOLID_SHARE,
  GRID_NEAR,
  HUE_NEIGHBOURHOOD,
  HUE_OFF_BASE,
  HUE_OFF_PER_CHROMA,
  INK_CHROMA_MIN,
  INK_TOLERANCE,
  LEARN_HUE_TOLERANCE,
  LINE_COLOUR_DISTANCE,
  LOW_ZONE_PARTS,
  LUMA_ALONE_MIN,
  MAX_CLASSES,
  MIN_ALPHA,
  MIN_RUN,
  OWN_BODIES_LOW_MAX_SHARE,
  OWN_BODIES_SOLID_SHARE,
  RINGING_ALPHA_MAX,
  STRONGER_CHROMA_MAX,
  STRONGER_CHROMA_MIN,
  TINT_OFF_FAINT_EXTRA,
  TINT_OFF_MAX,
  VOLUME_LOW_SHARE,
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
    return (
      (s >= DILUTED_CHROMA_MIN && s <= Math.min(DILUTED_CHROMA_MAX, alpha * DILUTED_CHROMA_PER_ALPHA)) ||
      (s >= STRONGER_CHROMA_MIN && s <= STRONGER_CHROMA_MAX)
    );
  };
}

/**
 * How much of the ink's colour (chroma, relative to the background) a pixel carries, when its
 * colour points the ink's way (-1 when it does not, or the ink has no colour).
 */
function chromaShareOf(bg: number, ink: number, hueTolerance = 1): (c: number) => number {
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
    return off <= tolerance ? share : -1;
  };
}

const quant = (c: number) => ((c >> 12) & 0xf00) | ((c >> 8) & 0xf0) | ((c >> 4) & 0xf);

/** Per-column vertical runs of learnPalette and the per-colour totals they are credited to. */
interface Tally {
  runQ: Int32Array;
  runLen: Int32Array;
  runColour: Int32Array;
  runSolid: Int32Array;
  runSolidLow: Int32Array;
  count: Float64Array;
  solid: Float64Array;
  solidLow: Float64Array;
  /** Pixels of runs wholly in the plot's bottom quarter, where volume histograms stand. */
  low: Float64Array;
  sumR: Float64Array;
  sumG: Float64Array;
  sumB: Float64Array;
}

/**
 * Credits column i's finished run (MIN_RUN px or more of one colour) to its colour; `low` when
 * the run lies wholly in the plot's bottom quarter.
 */
function credit(t: Tally, i: number, low: boolean): void {
  const q = t.runQ[i]!;
  const len = t.runLen[i]!;
  if (q < 0 || len < MIN_RUN) return;
  const c0 = t.runColour[i]!;
  t.count[q]! += len;
  t.solid[q]! += t.runSolid[i]!;
  t.solidLow[q]! += t.runSolidLow[i]!;
  if (low) t.low[q]! += len;
  t.sumR[q]! += ((c0 >> 16) & 255) * len;
  t.sumG[q]! += ((c0 >> 8) & 255) * len;
  t.sumB[q]! += (c0 & 255) * len;
}

/**
 * Learns the candle colours: the colours that make up vertical strokes (wicks, bodies, bar
 * stems) inside the plot. Horizontal clutter (grid, price lines, drawings) has no vertical
 * extent; text glyphs are too few to compete with candles.
 */
export function learnPalette(r: Raster, layout: Layout): InkClass[] {
  const { plot, background: bg, lineColours } = layout;
  const stats = strokeStats(r, layout);
  const { count, sumR, sumG, sumB, solid, solidLow, low } = stats;
  const binColour = (b: number) => {
    const n = count[b]!;
    return (Math.round(sumR[b]! / n) << 16) | (Math.round(sumG[b]! / n) << 8) | Math.round(sumB[b]! / n);
  };
  // Wide fills of a faint colour near the background (session shading, a striped background)
  // are never candles and are not counted in the total the classes are measured against: shaded
  // bands make full-height strokes in every column they cover and would make the candles' share
  // of the strokes look negligible. (JPEG's faint halos beside bodies are no fills: they count.)
  let total = 0;
  let allStrokes = 0;
  for (let i = 0; i < 4096; i++) allStrokes += count[i]!;
  for (let i = 0; i < 4096; i++)
    if (
      count[i]! > 0 &&
      !(solid[i]! >= count[i]! * FILL_SOLID_SHARE && colourDistance(binColour(i), bg) < FAINT_DISTANCE)
    )
      total += count[i]!;
  if (total === 0) return [];
  // (A plain loop: spreading the array's keys cost more than the rest of this tail.)
  const bins: number[] = [];
  for (let i = 0; i < 4096; i++) if (count[i]! >= total * BIN_MIN_SHARE) bins.push(i);
  bins.sort((a, b) => count[b]! - count[a]!);
  const classes: InkClass[] = [];
  // Whether each class fills bodies of its own (see ownBodies below), and its first bin.
  const ownOf: boolean[] = [];
  const binOf: number[] = [];
  for (const b of bins) {
    const n = count[b]!;
    const colour = binColour(b);
    // Tinted bodies standing at the bottom of the plot are a volume histogram (see below).
    const ownBodies =
      solid[b]! >= n * OWN_BODIES_SOLID_SHARE && solidLow[b]! < solid[b]! * OWN_BODIES_LOW_MAX_SHARE;
    // A grid colour is not a candle colour, unless it fills bodies above the plot's bottom (a
    // grid line is a pixel or two wide: no pixel of it has its colour on both sides): the
    // layout takes the long wicks and bodies of tall candles in one colour for a family of
    // vertical lines. (The bars of a volume histogram stay out: they stand at the bottom.)
    if (!ownBodies && lineColours.some((l) => colourDistance(l, colour) <= LINE_COLOUR_DISTANCE)) continue;
    // Candles stand out from the background; faint greys are grid, shading or watermark.
    if (colourDistance(colour, bg) < FAINT_DISTANCE) continue;
    // A blend of a class with the background is that class's anti-aliased or blurred edge,
    // which is a column or two wide. A blend that fills bodies of its own is a colour of its
    // own: grey candles beside black ones on a white chart (MetaTrader) lie on the line from
    // white to black, yet they are the other direction. Tinted bodies standing at the bottom of
    // the plot are a volume histogram in the candles' colours, and stay with them.
    // JPEG spreads a body's colour onto the background pixels beside it at the background's
    // brightness: a "colour" as dark as the background in a class's hue is that bleed.
    if (
      Math.abs(luminance(colour) - luminance(bg)) < BLEED_LUMA_MAX &&
      classes.some((k) => chromaShareOf(bg, k.colour)(colour) >= BLEED_CHROMA_MIN)
    ) {
      continue;
    }
    const near = classes.find((k) => {
      if (colourDistance(k.colour, colour) <= INK_TOLERANCE) return true;
      if (ownBodies) return false;
      // A class's thin strokes (a body's border, its wicks) that JPEG diluted have the
      // class's brightness and a weaker colour: the same ink, not a class of its own.
      // Its hue is the class's own (JPEG mixes in the background's colour, which moves it
      // towards the background only): a nearby hue is another ink (teal bars beside a green
      // volume histogram), so half the classification's hue tolerance is allowed.
      if (dilutedInk(colour, bg, k.colour, LEARN_HUE_TOLERANCE)) return true;
      const t = tint(colour, bg, k.colour);
      return t.alpha >= BLEND_ALPHA_MIN && t.alpha <= BLEND_ALPHA_MAX && t.off <= BLEND_OFF_MAX;
    });
    // The other way round: a class learned first may be the blend (a thin outline drawn
    // between two pixel columns on a 1.5x capture is more half-covered pixels than whole
    // ones) and this colour the ink itself. The class becomes the ink, unless it fills bodies
    // of its own.
    // The blend lies beside the ink, in the same strokes; a lighter colour of strokes of its
    // own (grey bars beside white ones) is not a blend. A volume histogram's tint (strokes
    // nearly all in the plot's bottom quarter) is learned first when its bars outnumber thin
    // dense candles, and goes with the candles' colour too.
    const blend =
      near ??
      classes.find((k, i) => {
        if (ownOf[i] || ownBodies) return false;
        const t = tint(k.colour, bg, colour);
        const volume = low[binOf[i]!]! >= count[binOf[i]!]! * VOLUME_LOW_SHARE;
        return (
          t.alpha >= BLEND_ALPHA_MIN &&
          t.alpha <= BLENDED_CLASS_ALPHA_MAX &&
          t.off <= BLEND_OFF_MAX &&
          (volume || besideShare(r, plot, binOf[i]!, b) >= BLEND_BESIDE_SHARE)
        );
      });
    if (near) near.mass += n;
    else if (blend) {
      blend.mass += n;
      blend.colour = colour;
    } else {
      classes.push({ colour, mass: n });
      ownOf.push(ownBodies);
      binOf.push(b);
    }
  }
  // The two strongest classes (the candles' own colours) are measured against the strokes less
  // the shading; any further class (a drawing's fill, a badge) against every stroke, as before.
  classes.sort((a, b) => b.mass - a.mass);
  const kept = classes.filter((k, i) => k.mass >= (i < 2 ? total : allStrokes) * CLASS_MIN_SHARE);
  return kept.slice(0, MAX_CLASSES);
}

/** Per quantised colour bin: the vertical strokes' pixels and colour sums (see learnPalette). */
export interface StrokeStats {
  count: Float64Array;
  sumR: Float64Array;
  sumG: Float64Array;
  sumB: Float64Array;
  /** Pixels whose left and right neighbours have their colour too: the inside of a body. */
  solid: Float64Array;
  /** Of those, the ones in the plot's bottom quarter, where volume histograms stand. */
  solidLow: Float64Array;
  /** Stroke pixels in the plot's bottom quarter. */
  low: Float64Array;
}

/**
 * Counts the pixels of every vertical stroke (a run of 4+ px of one quantised colour down a
 * column) inside the plot, per colour bin.
 */
export function strokeStats(r: Raster, layout: Layout): StrokeStats {
  const { width, rgb } = r;
  const { plot } = layout;
  const count = new Float64Array(4096);
  const sumR = new Float64Array(4096);
  const sumG = new Float64Array(4096);
  const sumB = new Float64Array(4096);
  // Pixels whose left and right neighbours have their colour too: the inside of a body.
  const solid = new Float64Array(4096);
  // Of those, the ones in the plot's bottom quarter, where volume histograms stand.
  const solidLow = new Float64Array(4096);
  const lowFrom = plot.bottom - (plot.bottom - plot.top) / LOW_ZONE_PARTS;
  const low = new Float64Array(4096);
  // Row-major with one run state per column (cache-friendly on large captures).
  const pw = plot.right - plot.left + 1;
  const runQ = new Int32Array(pw).fill(-1);
  const runLen = new Int32Array(pw);
  const runColour = new Int32Array(pw);
  const runSolid = new Int32Array(pw);
  const runSolidLow = new Int32Array(pw);
  // Passed to credit rather than captured by a closure: captured arrays are re-read from
  // memory on every pixel of the loop below.
  const tally: Tally = {
    runQ,
    runLen,
    runColour,
    runSolid,
    runSolidLow,
    count,
    solid,
    solidLow,
    low,
    sumR,
    sumG,
    sumB,
  };
  const { bgMask } = layout;
  // Most of the plot is background, and background after background changes nothing (a
  // background run is never credited, and the next ink pixel resets the state). So each row
  // visits only its pixels that are not background (skipped to 8 at a time) and, through the
  // list of the previous row's, the columns where a run ends on background. Columns are
  // independent and the totals are sums of integers, so the order they are visited in does not
  // matter.
  const words = maskWords(bgMask);
  let open = new Int32Array(pw);
  let openN = 0;
  let next = new Int32Array(pw);
  for (let y = plot.top; y <= plot.bottom; y++) {
    const row = y * width + plot.left;
    let nextN = 0;
    const end = row + pw;
    for (let j = row; j < end; j++) {
      if (bgMask[j]) {
        j = nextClear(bgMask, words, j, end);
        if (j === end) break;
      }
      const i = j - row;
      next[nextN++] = i;
      const c = rgb[j]!;
      const q = quant(c);
      const inside = i > 0 && i + 1 < pw && quant(rgb[j - 1]!) === q && quant(rgb[j + 1]!) === q;
      if (q === runQ[i]) {
        runLen[i]!++;
        if (inside) {
          runSolid[i]!++;
          if (y >= lowFrom) runSolidLow[i]!++;
        }
        continue;
      }
      credit(tally, i, y - runLen[i]! >= lowFrom);
      runQ[i] = q;
      runLen[i] = 1;
      runSolid[i] = inside ? 1 : 0;
      runSolidLow[i] = inside && y >= lowFrom ? 1 : 0;
      runColour[i] = c;
    }
    // A run that was open on the row above and ends on a background pixel here. (After the
    // pixels that are not background: their pass brought this row's mask into the cache.)
    for (let n = 0; n < openN; n++) {
      const i = open[n]!;
      if (!bgMask[row + i]) continue;
      credit(tally, i, y - runLen[i]! >= lowFrom);
      runQ[i] = -1;
    }
    [open, next] = [next, open];
    openN = nextN;
  }
  for (let i = 0; i < pw; i++) credit(tally, i, plot.bottom + 1 - runLen[i]! >= lowFrom);
  return { count, sumR, sumG, sumB, solid, solidLow, low };
}

/**
 * Share of the plot's pixels in bin `a` that have a pixel of bin `b` beside them. (Not a closure
 * in learnPalette: the variables a closure captures are re-read from memory on every pixel of
 * learnPalette's loop.)
 */
function besideShare(r: Raster, plot: Layout['plot'], a: number, b: number): number {
  const { width, rgb } = r;
  let n = 0;
  let beside = 0;
  for (let y = plot.top; y <= plot.bottom; y++) {
    const row = y * width;
    for (let x = plot.left + 1; x < plot.right; x++) {
      if (quant(rgb[row + x]!) !== a) continue;
      n++;
      if (quant(rgb[row + x - 1]!) === b || quant(rgb[row + x + 1]!) === b) beside++;
    }
  }
  return n ? beside / n : 0;
}

/**
 * Per-pixel ink class over the plot (0 = not candle ink, k = palette[k-1]), row-major over the
 * plot rectangle.
 */
export function classifyInk(r: Raster, layout: Layout, palette: InkClass[]): Uint8Array {
  const { width, rgb } = r;
  const { plot, bgMask } = layout;
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  const out = new Uint8Array(pw * ph);
  // Class per exact colour, memoised in an open-addressing table (colours are 24-bit, so -1
  // marks a free slot): a Map lookup per colour change was most of this function's time.
  const cacheKeys = new Int32Array(CACHE_SLOTS).fill(-1);
  const cacheVals = new Uint8Array(CACHE_SLOTS);
  let cacheSize = 0;
  // Candle bodies are runs of one colour: reuse the previous pixel's class before the table.
  let lastC = -1;
  let lastK = 0;
  const diluted: number[] = [];
  // The class of a colour not seen before, kept out of the pixel loop so that loop stays small.
  const classOf = inkClassOf(layout, palette);
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
        if (cacheKeys[slot] === c) k = cacheVals[slot]!;
        else {
          k = classOf(c);
          // Half full at most, so that probes stay short; beyond, colours are classified afresh.
          if (cacheSize < CACHE_SLOTS >> 1) {
            cacheKeys[slot] = c;
            cacheVals[slot] = k;
            cacheSize++;
          }
        }
        lastC = c;
        lastK = k;
      }
      out[i + toOut] = k;
      if (k & DILUTED) diluted.push(i + toOut);
    }
  }
  // A diluted pixel beside another class is not trusted. Decided on the first pass's classes, so
  // the order of pixels does not matter.
  settleDiluted(r, layout, palette, out, diluted);
  return out;
}

/**
 * The first-pass class of one colour (0 = not candle ink, k = palette[k-1], with DILUTED set
 * when it is ink only as a JPEG-diluted stroke), for classifyInk's pixels that are not background.
 */
export function inkClassOf(layout: Layout, palette: InkClass[]): (c: number) => number {
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
      for (let i = 0; i < palette.length; i++) {
        const isDiluted = dilutedBy[i]!;
        const ink = palette[i]!.colour;
        const t = tint(c, bg, ink);
        let d = colourDistance(c, ink);
        if (
          t.alpha < MIN_ALPHA ||
          t.alpha > RINGING_ALPHA_MAX ||
          t.off > TINT_OFF_MAX + TINT_OFF_FAINT_EXTRA * (1 - Math.min(1, t.alpha))
        ) {
          // A JPEG-diluted stroke only when no class explains the pixel plainly.
          if (!isDiluted(c)) continue;
          d += DILUTED_PENALTY;
        }
        if (d < best) [best, k] = [d, i + 1];
      }
      // A pixel nearer a grid line than the ink is grid, not candle.
      if (k && lineColours.some((l) => colourDistance(c, l) < Math.min(best, GRID_NEAR))) k = 0;
      if (k && best >= DILUTED_PENALTY) k |= DILUTED;
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
