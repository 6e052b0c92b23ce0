import type { Raster } from '../pixels/raster';
import { colourDistance, luminance } from '../pixels/raster';
import { maskWords, nextClear } from '../pixels/byte-scan';
import type { Layout } from '../layout';
import {
  BIN_MIN_SHARE,
  BLEED_CHROMA_MIN,
  BLEED_LUMA_MAX,
  HALO_EDGE_SHARE,
  HALO_LUMA_SHARE,
  HALO_MAX_OVER_INK,
  HALO_SPREAD_LUMA_SHARE,
  HALO_SOLID_MAX_SHARE,
  HISTOGRAM_LOW_SHARE,
  BLEND_ALPHA_MAX,
  BLEND_ALPHA_MIN,
  BLEND_BESIDE_SHARE,
  BLEND_EDGE_SHARE,
  EDGE_STRONGER_LEVELS,
  BLEND_OFF_MAX,
  BLENDED_CLASS_ALPHA_MAX,
  CLASS_MIN_SHARE,
  FAINT_DISTANCE,
  FILL_SOLID_SHARE,
  GREYED_EDGE_MAX_SHARE,
  GREYED_LUMA_MAX,
  INK_TOLERANCE,
  LEARN_HUE_TOLERANCE,
  LINE_COLOUR_DISTANCE,
  LINE_ONLY_LOW_MAX_SHARE,
  LINE_ROWS_MAX,
  LOW_ZONE_PARTS,
  MAX_CLASSES,
  MIN_RUN,
  OWN_BODIES_LOW_MAX_SHARE,
  OWN_BODIES_SOLID_SHARE,
  VERTICAL_LINE_INK_SHARE,
  VOLUME_LOW_SHARE,
  SCATTERED_CONTEST_SHARE,
} from './tuning';

import type { InkClass } from './palette';
import { tint, dilutedInk, chromaShareOf, hueless } from './palette';
import { withoutAreaFills, withoutButtons } from './fills';

const quant = (c: number) => ((c >> 12) & 0xf00) | ((c >> 8) & 0xf0) | ((c >> 4) & 0xf);

/** Per-column vertical runs of learnPalette and the per-colour totals they are credited to. */
interface Tally {
  runQ: Int32Array;
  runLen: Int32Array;
  runColour: Int32Array;
  runSolid: Int32Array;
  runSolidLow: Int32Array;
  runEdge: Int32Array;
  count: Float64Array;
  solid: Float64Array;
  solidLow: Float64Array;
  solidTall: Float64Array;
  edge: Float64Array;
  /** Pixels of runs wholly in the plot's bottom quarter, where volume histograms stand. */
  low: Float64Array;
  sumR: Float64Array;
  sumG: Float64Array;
  sumB: Float64Array;
  firstCol: Float64Array;
  lastCol: Float64Array;
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
  if (len > LINE_ROWS_MAX) t.solidTall[q]! += t.runSolid[i]!;
  t.edge[q]! += t.runEdge[i]!;
  if (low) t.low[q]! += len;
  t.sumR[q]! += ((c0 >> 16) & 255) * len;
  t.sumG[q]! += ((c0 >> 8) & 255) * len;
  t.sumB[q]! += (c0 & 255) * len;
  if (i < t.firstCol[q]!) t.firstCol[q] = i;
  if (i > t.lastCol[q]!) t.lastCol[q] = i;
}

/**
 * Learns the candle colours: the colours that make up vertical strokes (wicks, bodies, bar
 * stems) inside the plot. Horizontal clutter (grid, price lines, drawings) has no vertical
 * extent; text glyphs are too few to compete with candles.
 */
export function learnPalette(r: Raster, layout: Layout): InkClass[] {
  const { plot, background: bg, lineColours } = layout;
  // Only a vertical line's colour can make vertical strokes: the colour of horizontal lines
  // alone (price levels and order lines drawn in the candles' outline colour, as MetaTrader
  // does) stays a candidate, or hollow candles outlined in it are never read. (The flat tops of
  // a volume histogram's bars are horizontal lines too: see lineOnly below.)
  const verticalLine = (c: number) =>
    layout.gridColumns.some((g) => !g.dotted && colourDistance(g.colour, c) <= 14);
  const stats = strokeStats(r, layout);
  const { count, sumR, sumG, sumB, solid, solidLow, solidTall, low, edge, firstCol, lastCol } = stats;
  const binColour = (b: number) => {
    const n = count[b]!;
    return (Math.round(sumR[b]! / n) << 16) | (Math.round(sumG[b]! / n) << 8) | Math.round(sumB[b]! / n);
  };
  // Wide fills of a faint colour near the background (session shading, a striped background)
  // are never candles and are not counted in the total the classes are measured against: shaded
  // bands make full-height strokes in every column they cover and would make the candles' share
  // of the strokes look negligible. (JPEG's faint halos beside bodies are no fills: they count.)
  let total = 0;
  // Of those, the strokes in the plot's bottom quarter (see `above` below).
  let totalLow = 0;
  let allStrokes = 0;
  for (let i = 0; i < 4096; i++) allStrokes += count[i]!;
  for (let i = 0; i < 4096; i++)
    if (
      count[i]! > 0 &&
      !(solid[i]! >= count[i]! * FILL_SOLID_SHARE && colourDistance(binColour(i), bg) < FAINT_DISTANCE)
    ) {
      total += count[i]!;
      totalLow += low[i]!;
    }
  if (total === 0) return [];
  // (A plain loop: spreading the array's keys cost more than the rest of this tail.)
  const bins: number[] = [];
  // Where the plot's bottom quarter holds most of the strokes (a volume histogram's wide bars
  // outweigh the candles over the rest of the plot), a bin also counts when it holds that share
  // of the strokes above the quarter: JPEG scatters a thin bar colour over many bins, each under
  // the share of all the strokes (MetaTrader's teal bars over its green volumes: 443 px, 1.0 %
  // of them all; 3.5 % of those above), and the histogram's green took the bars' place. A grey
  // is held to the whole plot's measure: greys that weight are the anti-aliased edges of black
  // candles and the dashed period separators JPEG hid from the layout (a class of them pushed
  // MetaTrader's black-on-white candles off the lattice).
  const totalAbove = total - totalLow;
  const histogramHeavy = totalLow >= total * HISTOGRAM_LOW_SHARE;
  for (let i = 0; i < 4096; i++)
    if (
      count[i]! >= total * BIN_MIN_SHARE ||
      (histogramHeavy && count[i]! - low[i]! >= totalAbove * BIN_MIN_SHARE && !hueless(bg, binColour(i)))
    )
      bins.push(i);
  bins.sort((a, b) => count[b]! - count[a]!);
  const classes: InkClass[] = [];
  // Whether each class fills bodies of its own (see ownBodies below), and its first bin.
  const ownOf: boolean[] = [];
  const binOf: number[] = [];
  // Each class's stroke pixels in the plot's bottom quarter.
  const lowOf = new Map<InkClass, number>();
  // Each class's first and last plot column holding its strokes (its learned bins').
  const spanOf = new Map<InkClass, [number, number]>();
  const widen = (k: InkClass, b: number) => {
    const s = spanOf.get(k);
    spanOf.set(
      k,
      s ? [Math.min(s[0], firstCol[b]!), Math.max(s[1], lastCol[b]!)] : [firstCol[b]!, lastCol[b]!],
    );
  };
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
    // A colour of horizontal lines only is a candle colour where its strokes stand over the
    // plot, not in its bottom quarter (a volume histogram's bars, whose tops the layout took
    // for lines: c30's MetaTrader light charts lost half their bars to it).
    const lineOnly = !verticalLine(colour) && low[b]! < n * LINE_ONLY_LOW_MAX_SHARE;
    // The bodies that keep a line colour must be taller than a line is thick: a horizontal
    // line LINE_ROWS_MAX rows thick or less (a 2 px last-price line at DPR 2, dashed across
    // the plot) makes a stroke of MIN_RUN rows in every column it crosses, each pixel of it
    // "inside" (its colour left and right), and looks like bodies filling the plot. As a class
    // it made candles of everything else in that grey: a countdown's digits, its vertical
    // line joined to the last candle's wick (Stockity).
    const ownTallBodies = ownBodies && solidTall[b]! >= n * OWN_BODIES_SOLID_SHARE;
    if (
      !ownTallBodies &&
      !lineOnly &&
      lineColours.some((l) => colourDistance(l, colour) <= LINE_COLOUR_DISTANCE)
    )
      continue;
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
    // JPEG's halo beside bright strokes on a dark chart (or dark strokes on a light one) is
    // brighter than the bleed: a dim stroke of a class's hue, a fraction of its way from the
    // background, one or two columns wide beside every stroke of the class (MetaTrader's lime
    // candles on black leave #003600 at a fifth of the lime's brightness, 1 px either side).
    // Nearly all of its pixels lie beside stronger ink and none fill a body: a halo, not ink.
    // Learned as a class, it joined neighbouring candles 2 px apart into one shape. Its pixels
    // count to its ink's class, as a blend's do (the candle classes are ranked by them); when
    // its ink is not learned yet (the halo may outnumber the ink's own largest bin), it is
    // looked for among all the bins learned from, and the halo is left out; a rim cannot be many
    // times the ink it lines, so a far smaller bin is no such ink (TradingView's gray theme:
    // thin green candles, 1969 px, beside a darker green bin of 158 px were dropped as its halo).
    if (edge[b]! >= n * HALO_EDGE_SHARE && solid[b]! < n * HALO_SOLID_MAX_SHARE) {
      const ink = classes.find((k) => isHalo(colour, bg, k.colour));
      if (ink) {
        ink.mass += n;
        lowOf.set(ink, (lowOf.get(ink) ?? 0) + low[b]!);
        widen(ink, b);
        continue;
      }
      // A dim rim a fifth of the way to its ink may also be counted against the ink over every bin
      // within INK_TOLERANCE of it: JPEG spreads a lime stroke over many bins (#4acb4a 1,622 px
      // beside #4acb54, #58c458, #5bbd58 ..., over 6,000 in all), each far smaller than the halo it
      // leaves (#003600, 6,932 px). Not over the bins of the dim colour itself, and not for a colour
      // further from the background (thin green candles on TradingView's gray theme, a third of the
      // way to the darker greens of their edges).
      const inkNear = (o: number) =>
        bins.reduce((sum, q) => {
          const of = binColour(q);
          const near =
            colourDistance(of, binColour(o)) <= INK_TOLERANCE && colourDistance(of, colour) > INK_TOLERANCE;
          return sum + (near ? count[q]! : 0);
        }, 0);
      if (
        bins.some(
          (o) =>
            o !== b &&
            isHalo(colour, bg, binColour(o)) &&
            (count[o]! * HALO_MAX_OVER_INK >= n ||
              (isHalo(colour, bg, binColour(o), HALO_SPREAD_LUMA_SHARE) &&
                inkNear(o) * HALO_MAX_OVER_INK >= n)),
        )
      )
        continue;
    }
    const near = classes.find((k, i) => {
      if (colourDistance(k.colour, colour) <= INK_TOLERANCE) return true;
      if (ownBodies) return false;
      // A volume histogram's bars (strokes nearly all in the plot's bottom quarter) are solid
      // ink, not diluted strokes: strokes of a brighter colour standing over the plot are
      // other ink (MetaTrader's Green on Black: #00ff00 candles over #32cd32 volumes).
      if (low[binOf[i]!]! >= count[binOf[i]!]! * VOLUME_LOW_SHARE && low[b]! < n * LINE_ONLY_LOW_MAX_SHARE)
        return false;
      // A class's thin strokes (a body's border, its wicks) that JPEG diluted have the
      // class's brightness and a weaker colour: the same ink, not a class of its own.
      // Its hue is the class's own (JPEG mixes in the background's colour, which moves it
      // towards the background only): a nearby hue is another ink (teal bars beside a green
      // volume histogram), so half the classification's hue tolerance is allowed.
      if (dilutedInk(colour, bg, k.colour, LEARN_HUE_TOLERANCE)) return true;
      const t = tint(colour, bg, k.colour);
      // An edge lies beside stronger ink; a colour whose pixels mostly do not is bodies of its
      // own, though too narrow or too noisy to count as filled (grey bodies 4 px wide beside
      // black ones on a resized JPEG). A volume histogram's tint stays with its candles.
      return (
        t.alpha >= BLEND_ALPHA_MIN &&
        t.alpha <= BLEND_ALPHA_MAX &&
        t.off <= BLEND_OFF_MAX &&
        (edge[b]! >= n * BLEND_EDGE_SHARE || low[b]! >= n * VOLUME_LOW_SHARE)
      );
    });
    // The other way round: a class learned first may be the blend (a thin outline drawn
    // between two pixel columns on a 1.5x capture is more half-covered pixels than whole
    // ones) and this colour the ink itself. The class becomes the ink, unless it fills bodies
    // of its own.
    // The blend lies beside the ink, in the same strokes; a lighter colour of strokes of its
    // own (grey bars beside white ones) is not a blend. A volume histogram's tint (strokes
    // nearly all in the plot's bottom quarter) is learned first when its bars outnumber thin
    // dense candles, and goes with the candles' colour too, also where that colour fills
    // bodies of its own: a big histogram's wide bars (TradingView's volume under a few wide
    // candles) outweigh the candles, and as classes of their own they took the two candle
    // classes and left the candles' colours the third and fourth.
    const blend =
      near ??
      classes.find((k, i) => {
        if (ownOf[i]) return false;
        const volume = low[binOf[i]!]! >= count[binOf[i]!]! * VOLUME_LOW_SHARE;
        if (ownBodies && !volume) return false;
        const t = tint(k.colour, bg, colour);
        return (
          t.alpha >= BLEND_ALPHA_MIN &&
          t.alpha <= BLENDED_CLASS_ALPHA_MAX &&
          t.off <= BLEND_OFF_MAX &&
          (volume || besideShare(r, plot, binOf[i]!, b) >= BLEND_BESIDE_SHARE)
        );
      });
    const into = near ?? blend;
    if (into) {
      into.mass += n;
      lowOf.set(into, (lowOf.get(into) ?? 0) + low[b]!);
      widen(into, b);
      // A class learned from JPEG-greyed thin strokes (no hue to follow: no diluted stroke of
      // it is ink) takes the colour of a more colourful bin merged into it at its brightness, of
      // which it is itself a diluted stroke: that bin is nearer the ink, and the class's bodies
      // become its diluted ink (GREYED_LUMA_MAX). Not a class that fills bodies of its own: its
      // colour is the ink's; nor one learned from a dim blend beside its ink (an edge, see
      // GREYED_EDGE_MAX_SHARE): a greyed stroke stands alone, at its ink's brightness.
      if (
        near &&
        !ownOf[classes.indexOf(near)] &&
        edge[binOf[classes.indexOf(near)]!]! <
          count[binOf[classes.indexOf(near)]!]! * GREYED_EDGE_MAX_SHARE &&
        hueless(bg, near.colour) &&
        Math.abs(luminance(colour) - luminance(near.colour)) <= GREYED_LUMA_MAX &&
        dilutedInk(near.colour, bg, colour)
      )
        near.colour = colour;
      if (!near) {
        into.colour = colour;
        const i = classes.indexOf(into);
        ownOf[i] = ownBodies;
        if (ownBodies) binOf[i] = b;
      }
    } else {
      const k = { colour, mass: n };
      classes.push(k);
      lowOf.set(k, low[b]!);
      widen(k, b);
      ownOf.push(ownBodies);
      binOf.push(b);
    }
  }
  // The two strongest classes (the candles' own colours) are measured against the strokes less
  // the shading; any further class (a drawing's fill, a badge) against every stroke, as before.
  // A volume histogram in a colour of its own (strokes nearly all in the plot's bottom quarter)
  // outweighs thin candles or bars, yet is no candle colour: it ranks after the classes whose
  // strokes stand over the plot (the candles stage clears its bars), or a bar chart's second
  // colour is judged as a third class, a line's (MetaTrader's #32cd32 volumes).
  const volumeLike = (k: InkClass) => (lowOf.get(k) ?? 0) >= k.mass * VOLUME_LOW_SHARE;
  classes.sort((a, b) => Number(volumeLike(a)) - Number(volumeLike(b)) || b.mass - a.mass);
  // The two candle colours are judged with their ink scattered over bins too small to learn
  // (scatteredMass). A weak second class (under SCATTERED_CONTEST_SHARE times the share needed)
  // whose ink is mostly in its learned bins (a button's or badge's flat fill) gives its place to
  // the strongest later class whose ink is mostly scattered (JPEG's thin, dense bodies) and holds
  // the share needed that way.
  let held = scatteredMass(classes, count, total, binColour);
  const full = (k: InkClass) => k.mass + held.get(k)!;
  const scattered = (k: InkClass) => held.get(k)! >= k.mass;
  const needed = total * CLASS_MIN_SHARE;
  // Buttons drawn over the plot (MetaTrader 5's one-click SELL and BUY with the lot box between)
  // are no candle colours: their flat fills outweigh thin candles on a JPEG (fills.ts).
  const pw = plot.right - plot.left + 1;
  const buttons = withoutButtons(
    r,
    layout,
    classes,
    (k) => {
      const [first, last] = spanOf.get(k)!;
      return (last - first + 1) / pw;
    },
    (k) => full(k) >= needed,
  );
  if (buttons.length < classes.length) {
    classes.splice(0, classes.length, ...buttons);
    held = scatteredMass(classes, count, total, binColour);
  }
  const weak = classes[1];
  if (weak && !volumeLike(weak) && !scattered(weak) && full(weak) < needed * SCATTERED_CONTEST_SHARE) {
    let second: InkClass | null = null;
    for (const k of classes.slice(2))
      if (!volumeLike(k) && scattered(k) && full(k) >= needed && (!second || full(k) > full(second)))
        second = k;
    if (second) {
      classes.splice(classes.indexOf(second), 1);
      classes.splice(1, 0, second);
    }
  }
  // Where a volume histogram in a colour of its own was learned, the two candle colours are
  // measured above the plot's bottom quarter, where the histogram stands: its wide bars and
  // their JPEG halo (dark bins in its hue beside every bar, learned as no class) are most of the
  // strokes there and outnumber thin 1 px bars many times over (MetaTrader's OHLC bars at DPR
  // 1.25 over a green histogram: each bar colour held 2-3 % of all strokes, the histogram and
  // its halo 80 %; above the quarter 7-9 %). A histogram whose colour also draws over the plot
  // (a tint learned with hollow outlines, lightweight-charts at DPR 1.5) is left to the measure
  // on the whole plot: there a third class from above the quarter split the outlines (refused).
  // Either measure keeps a class: candles standing low in the plot (their strokes in the bottom
  // quarter with the histogram's) keep the whole plot's (lwc DAX 4h lost both colours).
  const heldLow = scatteredMass(classes, count, total, binColour, low);
  const above = (k: InkClass) => full(k) - (lowOf.get(k) ?? 0) - heldLow.get(k)!;
  const histogram = classes.some((k) => volumeLike(k) && above(k) < (total - totalLow) * CLASS_MIN_SHARE);
  const candleShare = (k: InkClass) =>
    full(k) >= total * CLASS_MIN_SHARE || (histogram && above(k) >= (total - totalLow) * CLASS_MIN_SHARE);
  // The strongest class is asked too when two more classes would be left (a light chart's grey
  // period separators outweigh thin 1 px candles of two colours).
  const kept = classes.filter(
    (k, i) =>
      (i < 2 ? candleShare(k) : k.mass >= allStrokes * CLASS_MIN_SHARE) &&
      ((i === 0 && classes.length < 3) || !onVerticalLines(r, layout, k.colour)),
  );
  return withoutAreaFills(r, layout, kept.slice(0, MAX_CLASSES));
}

/**
 * Whether `colour` is JPEG's halo of ink `ink` on background `bg`: in the ink's hue (at least
 * BLEED_CHROMA_MIN of its colour) and at most `maxShare` (HALO_LUMA_SHARE unless given) of its
 * way from the background in brightness, on the ink's side.
 */
function isHalo(colour: number, bg: number, ink: number, maxShare = HALO_LUMA_SHARE): boolean {
  const span = luminance(ink) - luminance(bg);
  const share = (luminance(colour) - luminance(bg)) / span;
  return (
    Math.abs(span) > 0 &&
    share >= 0 &&
    share <= maxShare &&
    chromaShareOf(bg, ink)(colour) >= BLEED_CHROMA_MIN
  );
}

/**
 * Per class, the stroke pixels of the bins too small to be learned (under BIN_MIN_SHARE of the
 * strokes each) that lie within INK_TOLERANCE of its colour (of the nearest class): its own ink,
 * scattered over many bins. JPEG at a low quality spreads thin, dense bodies (1-2 px wide, 1 px
 * apart) over a dozen bins of the 4-bit quantisation, none of them a hundredth of the strokes
 * (SPX 15m, 451 bars 2.6 px apart: the teal's learned bins hold 87 of its 250 stroke pixels;
 * 3,689 counted, most of them the faint halos JPEG leaves beside the bodies), so the class fell
 * under CLASS_MIN_SHARE (148) and every bull was left out. Counted only to judge whether one
 * of the two candle classes is kept (and which is the second), never in a class's colour.
 */
function scatteredMass(
  classes: InkClass[],
  count: Float64Array,
  total: number,
  binColour: (b: number) => number,
  /** What is summed of each bin (its stroke pixels, or those in the plot's bottom quarter). */
  of: Float64Array = count,
): Map<InkClass, number> {
  const held = new Map<InkClass, number>(classes.map((k) => [k, 0]));
  for (let b = 0; b < 4096; b++) {
    const n = count[b]!;
    // The bins learned are those of BIN_MIN_SHARE and more: counted in the classes already.
    if (n === 0 || n >= total * BIN_MIN_SHARE) continue;
    const colour = binColour(b);
    let best: InkClass | null = null;
    let bestD = INK_TOLERANCE + 1;
    for (const k of classes) {
      const d = colourDistance(k.colour, colour);
      if (d < bestD) [best, bestD] = [k, d];
    }
    if (best) held.set(best, held.get(best)! + of[b]!);
  }
  return held;
}

/**
 * Whether the ink of `colour` in the plot lies mostly on the vertical lines the layout found in
 * that colour (dotted or dashed ones included): a period separator or an event marker MetaTrader
 * draws as a dashed line in a colour of its own, whose dashes are vertical strokes like a
 * wick's. As a candle class it joins the bar it crosses and stretches that bar's high or low to
 * its dashes. Only asked of colours some vertical line has, and of the strongest class only when
 * two more are left.
 */
function onVerticalLines(r: Raster, layout: Layout, colour: number): boolean {
  const lines = layout.gridColumns.filter((g) => colourDistance(g.colour, colour) <= LINE_COLOUR_DISTANCE);
  if (lines.length === 0) return false;
  const { plot } = layout;
  const onLine = new Uint8Array(plot.right - plot.left + 1);
  for (const g of lines)
    for (let x = g.at - 1; x <= g.at + 1; x++)
      if (x >= plot.left && x <= plot.right) onLine[x - plot.left] = 1;
  // Counted in vertical strokes only, as the classes are learned: a price line drawn across the
  // plot in that colour (MetaTrader's bid line) and the dots of a dotted grid make none.
  const pw = plot.right - plot.left + 1;
  const run = new Int32Array(pw);
  let inside = 0;
  let all = 0;
  const close = (i: number) => {
    if (run[i]! >= MIN_RUN) {
      all += run[i]!;
      if (onLine[i]) inside += run[i]!;
    }
    run[i] = 0;
  };
  for (let y = plot.top; y <= plot.bottom; y++) {
    const row = y * r.width + plot.left;
    for (let i = 0; i < pw; i++) {
      if (colourDistance(r.rgb[row + i]!, colour) <= INK_TOLERANCE) run[i] = run[i]! + 1;
      else if (run[i]) close(i);
    }
  }
  for (let i = 0; i < pw; i++) close(i);
  return all > 0 && inside >= VERTICAL_LINE_INK_SHARE * all;
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
  /** Of those, the ones in runs taller than a horizontal line is thick (LINE_ROWS_MAX). */
  solidTall: Float64Array;
  /** Stroke pixels in the plot's bottom quarter. */
  low: Float64Array;
  /** Stroke pixels beside a pixel further from the background (an edge's blend is). */
  edge: Float64Array;
  /** The first and last plot column (0 = plot.left) holding a stroke of the bin (Infinity, -1: none). */
  firstCol: Float64Array;
  lastCol: Float64Array;
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
  const solidTall = new Float64Array(4096);
  const lowFrom = plot.bottom - (plot.bottom - plot.top) / LOW_ZONE_PARTS;
  const low = new Float64Array(4096);
  const edge = new Float64Array(4096);
  const firstCol = new Float64Array(4096).fill(Infinity);
  const lastCol = new Float64Array(4096).fill(-1);
  const bg = layout.background;
  const fromBg = (c: number) =>
    Math.abs(((c >> 16) & 255) - ((bg >> 16) & 255)) +
    Math.abs(((c >> 8) & 255) - ((bg >> 8) & 255)) +
    Math.abs((c & 255) - (bg & 255));
  // Row-major with one run state per column (cache-friendly on large captures).
  const pw = plot.right - plot.left + 1;
  const runQ = new Int32Array(pw).fill(-1);
  const runLen = new Int32Array(pw);
  const runColour = new Int32Array(pw);
  const runSolid = new Int32Array(pw);
  const runSolidLow = new Int32Array(pw);
  const runEdge = new Int32Array(pw);
  // Passed to credit rather than captured by a closure: captured arrays are re-read from
  // memory on every pixel of the loop below.
  const tally: Tally = {
    runQ,
    runLen,
    runColour,
    runSolid,
    runSolidLow,
    runEdge,
    count,
    solid,
    solidLow,
    solidTall,
    edge,
    low,
    sumR,
    sumG,
    sumB,
    firstCol,
    lastCol,
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
      const d = fromBg(c) + EDGE_STRONGER_LEVELS;
      const beside = (i > 0 && fromBg(rgb[j - 1]!) >= d) || (i + 1 < pw && fromBg(rgb[j + 1]!) >= d) ? 1 : 0;
      if (q === runQ[i]) {
        runLen[i]!++;
        runEdge[i]! += beside;
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
      runEdge[i] = beside;
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
  return { count, sumR, sumG, sumB, solid, solidLow, solidTall, low, edge, firstCol, lastCol };
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
