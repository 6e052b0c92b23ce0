/**
 * Translucent drawings over the candles: the order-block, fair-value-gap and supply/demand zones a
 * Smart Money trader draws, and TradingView's long/short position tool. TradingView draws them
 * above the series, so inside such a rectangle every pixel P is a blend
 *
 *   P = s·X + (1 − s)·O
 *
 * of what lies under it (X) and the zone colour O at opacity 1 − s. The zone's own background
 * reads B' = s·B + (1 − s)·O, hence X = B + (P − B') / s: with B' measured on the zone and s taken
 * from the candles inside it (a candle colour K shows there as B' + s·(K − B)), the rectangle is
 * lifted back to what the chart showed without the drawing, and every later stage reads it as it
 * reads a clean chart. Without this, candles inside a zone are neither background nor ink and a
 * chart with a few zones loses a third of its candles (probe on the dev sample: EXACT 99.7 → 56 %).
 *
 * A band drawn under the candles (session shading, a watermark) leaves their colours as they are:
 * it is not lifted, as the later stages already read candles over a shaded band.
 */
import type { Layout } from '../layout';
import { BG_TOLERANCE } from '../layout';
import { tint } from '../palette/palette';
import { learnPalette } from '../palette/learn';
import type { Raster } from '../pixels/raster';
import { bin15, colourDistance } from '../pixels/raster';
import { maskWords, nextClear } from '../pixels/byte-scan';
import { rectArea, type PlotRect } from '../types';
import {
  BELOW_AREA_SHARE,
  BLEND_CHANNEL_SLACK,
  BORDER_SAME_SHARE,
  FILL_COVER_SHARE,
  FILL_EDGE_SLACK_PX,
  FILL_EDGE_SLACK_SHARE,
  FILL_GAP_PX,
  FILL_GAP_SHARE,
  FILL_MIN_RUNS,
  FILL_RUN_MIN_PX,
  FILL_RUN_MIN_SHARE,
  FILL_TOLERANCE,
  INFORMATIVE_OFF,
  MAX_BORDER,
  MAX_CANDIDATES,
  MAX_GAP_ROWS,
  MAX_SHARE,
  MIN_POSITION_OF_SHARE,
  MIN_ROWS,
  MIN_SAMPLES,
  MIN_SHARE,
  OFF_LINE_LEN2_SHARE,
  OFF_LINE_NOISE2,
  REFERENCE_MIN_LEN2,
  SAME_ZONE_PX,
  SOLID_POSITION_SLACK,
  UNCHANGED_DISTANCE,
  UNCHANGED_SHARE,
  UPPER_QUANTILE,
} from './tuning';

export interface Overlay {
  /** Image pixels of the zone's fill (its border, if any, is left as a line). */
  rect: PlotRect;
  /** The zone's background colour B'. */
  colour: number;
  /** s: the share of the underlying colour that shows through. */
  share: number;
}

const channels = (c: number): [number, number, number] => [(c >> 16) & 255, (c >> 8) & 255, c & 255];

/**
 * Finds translucent zones over the plot and lifts them in place (raster pixels and the layout's
 * background mask). Returns the zones lifted; none when the plot has no such drawing.
 */
export function liftOverlays(r: Raster, layout: Layout): Overlay[] {
  // The plot's side of the axis, top to bottom: zones cross the grid lines that placed the plot's
  // edges, and may cut the background region itself (a zone across the whole plot is no
  // background), so the plot found with them over it may be too small.
  const { region, axisStrip, bgMask, plot } = layout;
  const lastRow = r.height - 1;
  // Not beyond the plot's far side, where the region may take in a platform's toolbar
  // (TradingView's drawing tools, left of a separator line): on a JPEG its icons' grey hover
  // fills passed for pieces of a zone, and lifting them broke the separator, so the plot took in
  // the toolbar. A zone over the candles has its middle over the plot.
  const overPlot = (z: PlotRect) => {
    const middle = (z.left + z.right) / 2;
    return middle >= plot.left && middle <= plot.right;
  };
  const area: PlotRect =
    layout.axisSide === 'right'
      ? { left: region.left, top: 0, right: Math.max(region.left, axisStrip.left - 1), bottom: lastRow }
      : { left: Math.min(region.right, axisStrip.right + 1), top: 0, right: region.right, bottom: lastRow };
  const candidates = fillColours(r, area, bgMask)
    .map((f) => ({
      fill: f.colour,
      // A fill at the image's top or bottom edge is a toolbar or a panel, not a drawing.
      rects: fillRects(r, { ...area, top: f.top, bottom: f.bottom }, f.colour).filter(
        (z) => z.top > 0 && z.bottom < lastRow && overPlot(z),
      ),
    }))
    .filter((f) => f.rects.length > 0);
  if (candidates.length === 0) return [];
  // The candle colours, learned outside the fills: inside a zone they are blends, and a zone's
  // fill forms tall strokes that may push a real candle colour out of the palette.
  const learned = outsideZones(
    bgMask,
    r.width,
    candidates.flatMap((f) => f.rects),
    () => learnPalette(r, layout),
  ).map((p) => p.colour);
  // A "fill" in a candle colour seen outside the fills too is candles: touching bodies.
  const near = (a: number, b: number) => colourDistance(a, b) <= 2 * FILL_TOLERANCE;
  const filled = candidates.filter((f) => !learned.some((c) => near(c, f.fill)));
  const fills = filled.map((f) => f.fill);
  // (A zone's rows are long straight runs, which the layout may have taken for lines: no grid.)
  const noFill = (c: number) => !fills.some((f) => near(f, c));
  const inks = learned.filter(noFill);
  const gridColours = layout.lineColours.filter(noFill);
  const zones: Overlay[] = [];
  // Pieces of a zone with nothing inside to measure (a grid line or another zone may cut a zone
  // into pieces) take the share measured on another piece of the same fill.
  const unmeasured: { rect: PlotRect; colour: number }[] = [];
  // Pieces of fills found under the candles.
  const below: { rect: PlotRect; colour: number }[] = [];
  for (const { fill, rects } of filled) {
    for (const rect of rects) {
      // Two candidate colours may be one fill (JPEG spreads it over neighbouring bins).
      const again = zones.some(
        (z) =>
          Math.abs(z.rect.top - rect.top) + Math.abs(z.rect.bottom - rect.bottom) <= SAME_ZONE_PX &&
          z.rect.left === rect.left,
      );
      if (again) continue;
      // The fill as it is inside this rectangle: a candidate merged from neighbouring colours
      // (JPEG, or a grid colour a few levels away) is off by those levels.
      const colour = meanColour(r, rect, fill);
      // Candles inside the zone tell its share; an empty zone's grid lines tell it too (G' − B' =
      // s·(G − B)), less surely (a faint grid), so only where no candle stands in it.
      const share =
        measureShare(r, rect, colour, layout.background, inks) ??
        measureShare(r, rect, colour, layout.background, gridColours);
      if (share === 'below') below.push({ rect, colour });
      else if (share !== null && blendable(colour, layout.background, share))
        zones.push({ rect, colour, share });
      else unmeasured.push({ rect, colour });
    }
  }
  // One fill is one drawing style: where a good part of it is seen under the candles, no
  // piece is lifted (a volume histogram's tints inside a session band pass for blended candles;
  // a zone's rows may run on over the anti-aliased edges of candles in its own hue).
  const sameFill = (a: number, b: number) => colourDistance(a, b) <= FILL_TOLERANCE / 2;
  const areaOf = (pieces: { rect: PlotRect; colour: number }[], colour: number) =>
    pieces.filter((p) => sameFill(p.colour, colour)).reduce((sum, p) => sum + rectArea(p.rect), 0);
  const drawn = zones.filter((z) => areaOf(below, z.colour) < BELOW_AREA_SHARE * areaOf(zones, z.colour));
  for (const u of unmeasured) {
    const same = drawn.find((z) => sameFill(z.colour, u.colour));
    if (same && blendable(u.colour, layout.background, same.share)) drawn.push({ ...u, share: same.share });
  }
  if (drawn.length === 0) return [];
  // Where two zones overlap, the overlap has a colour (and a share) of its own and is found as a
  // zone of its own: the smaller rectangle is lifted first and the larger one leaves it alone.
  drawn.sort((a, b) => rectArea(a.rect) - rectArea(b.rect));
  const lifted = new Uint8Array(rectArea(area));
  for (const z of drawn) lift(r, layout, area, z, lifted);
  for (const z of drawn) clearBorders(r, layout, area, z.rect);
  return drawn;
}

/**
 * Whether some colour O laid at opacity 1 − share over the background gives the fill: O = B +
 * (B' − B) / (1 − share) must be a colour. A price badge or a wide body in a candle colour, read
 * as a fill with a share from its text, is not.
 */
function blendable(fill: number, background: number, share: number): boolean {
  const f = channels(fill);
  const b = channels(background);
  return f.every((v, i) => {
    const o = b[i]! + (v - b[i]!) / (1 - share);
    return o >= -BLEND_CHANNEL_SLACK && o <= 255 + BLEND_CHANNEL_SLACK;
  });
}

/** The mean colour of the rectangle's pixels within the fill tolerance of `near`. */
function meanColour(r: Raster, rect: PlotRect, near: number): number {
  const { width, rgb } = r;
  let n = 0;
  let sr = 0;
  let sg = 0;
  let sb = 0;
  for (let y = rect.top; y <= rect.bottom; y++) {
    for (let x = rect.left; x <= rect.right; x++) {
      const c = rgb[y * width + x]!;
      if (colourDistance(c, near) > FILL_TOLERANCE) continue;
      n++;
      sr += (c >> 16) & 255;
      sg += (c >> 8) & 255;
      sb += c & 255;
    }
  }
  return n ? (Math.round(sr / n) << 16) | (Math.round(sg / n) << 8) | Math.round(sb / n) : near;
}

/** Runs `fn` with the zones' pixels counted as background, then puts the mask back. */
function outsideZones<T>(bgMask: Uint8Array, width: number, rects: readonly PlotRect[], fn: () => T): T {
  const saved = rects.map((z) => bgMask.slice(z.top * width, (z.bottom + 1) * width));
  for (const z of rects)
    for (let y = z.top; y <= z.bottom; y++) bgMask.fill(1, y * width + z.left, y * width + z.right + 1);
  try {
    return fn();
  } finally {
    // Every saved row was taken before any was changed, so overlapping zones restore alike.
    rects.forEach((z, i) => bgMask.set(saved[i]!, z.top * width));
  }
}

/** A fill candidate: its mean colour and the rows its long runs lie on. */
export interface FillCandidate {
  colour: number;
  top: number;
  bottom: number;
}

/**
 * Colours other than the background that fill long stretches of rows, on at least MIN_ROWS rows
 * close together: the fills of wide rectangles. Candle bodies are runs a body wide (a wide one
 * holds no candles, so no share is measured in it); grid lines and price lines are single rows.
 */
export function fillColours(r: Raster, area: PlotRect, bgMask: Uint8Array): FillCandidate[] {
  const { width, rgb } = r;
  const aw = area.right - area.left + 1;
  const minRun = Math.max(FILL_RUN_MIN_PX, Math.round(aw * FILL_RUN_MIN_SHARE));
  const tally = new Map<
    number,
    {
      mass: number;
      sr: number;
      sg: number;
      sb: number;
      top: number;
      bottom: number;
      streak: number;
      tallest: number;
    }
  >();
  const words = maskWords(bgMask);
  // Every other row: a fill is MIN_ROWS tall or more (half this pass's time on a large capture).
  for (let y = area.top; y <= area.bottom; y += 2) {
    const row = y * width;
    let runKey = -1;
    let runStart = area.left;
    for (let x = area.left; x <= area.right + 1; x++) {
      const i = row + x;
      const k = x > area.right || bgMask[i] ? -1 : bin15(rgb[i]!);
      if (k === runKey) {
        // Background goes on: up to its end at once (8 pixels at a time), as most of it is.
        if (k < 0) x = nextClear(bgMask, words, i + 1, row + area.right + 1) - row - 1;
        continue;
      }
      const n = x - runStart;
      if (runKey >= 0 && n >= minRun) {
        let t = tally.get(runKey);
        if (!t) {
          t = { mass: 0, sr: 0, sg: 0, sb: 0, top: y, bottom: y - 1, streak: y, tallest: 0 };
          tally.set(runKey, t);
        }
        // The fill's colour: the mean of the runs' middle pixels, weighted (JPEG noise cancels).
        const [cr, cg, cb] = channels(rgb[row + ((runStart + x) >> 1)]!);
        t.mass += n;
        t.sr += cr * n;
        t.sg += cg * n;
        t.sb += cb * n;
        // Rows of long runs close together (a grid line or a wide body may cross a zone).
        if (y - t.bottom > MAX_GAP_ROWS + 2) t.streak = y;
        t.bottom = y;
        t.tallest = Math.max(t.tallest, y - t.streak + 2);
      }
      runKey = k;
      runStart = x;
    }
  }
  return [...tally.values()]
    .filter((t) => t.mass >= FILL_MIN_RUNS * minRun && t.tallest >= MIN_ROWS)
    .sort((a, b) => b.mass - a.mass)
    .slice(0, MAX_CANDIDATES)
    .map((t) => ({
      colour:
        (Math.round(t.sr / t.mass) << 16) | (Math.round(t.sg / t.mass) << 8) | Math.round(t.sb / t.mass),
      top: Math.max(area.top, t.top - 1),
      bottom: Math.min(area.bottom, t.bottom + 1),
    }));
}

/**
 * Rectangles filled with `fill`: runs of rows in which the fill covers most of the span from its
 * first to its last pixel (candles and labels inside a zone cover the rest), the span staying put
 * from row to row. At least MIN_ROWS tall and as wide as a long run (unless told `minWidth`: a
 * fill known to be a drawing's).
 */
export function fillRects(
  r: Raster,
  area: PlotRect,
  fill: number,
  minWidth = Math.max(FILL_RUN_MIN_PX, Math.round((area.right - area.left + 1) * FILL_RUN_MIN_SHARE)),
): PlotRect[] {
  const { width, rgb } = r;
  const aw = area.right - area.left + 1;
  const slack = Math.max(FILL_EDGE_SLACK_PX, Math.round(aw * FILL_EDGE_SLACK_SHARE));
  // What stands on a fill (candles, a label) is bridged up to this wide: inside a zone drawn over
  // the candles' bodies, they may cover half of each row.
  const maxGap = Math.max(FILL_GAP_PX, Math.round(aw * FILL_GAP_SHARE));
  const rects: PlotRect[] = [];
  // Open rectangles with the last row they were filled on: a grid line or a wide body crossing
  // the whole zone takes a row or two from the fill without ending it.
  let open: { rect: PlotRect; last: number }[] = [];
  const segments: { first: number; last: number }[] = [];
  for (let y = area.top; y <= area.bottom; y++) {
    const row = y * width;
    segments.length = 0;
    let first = -1;
    let last = -1;
    let count = 0;
    const close = () => {
      if (first >= 0 && last - first + 1 >= minWidth && count >= FILL_COVER_SHARE * (last - first + 1))
        segments.push({ first, last });
    };
    // Run by run of one colour (the background and a fill are long ones): within a run, fill
    // pixels extend the open segment one by one, and other pixels end it once they reach more
    // than maxGap past its last fill pixel.
    let lastC = -1;
    let lastFill = false;
    for (let x = area.left; x <= area.right;) {
      const c = rgb[row + x]!;
      let end = x + 1;
      while (end <= area.right && rgb[row + end] === c) end++;
      if (c !== lastC) {
        lastC = c;
        lastFill = colourDistance(c, fill) <= FILL_TOLERANCE;
      }
      if (lastFill) {
        if (last >= 0 && x - last > maxGap) {
          close();
          first = x;
          count = 0;
        } else if (first < 0) first = x;
        last = end - 1;
        count += end - x;
      } else if (last >= 0 && end - 1 - last > maxGap) {
        close();
        first = last = -1;
        count = 0;
      }
      x = end;
    }
    close();
    for (const seg of segments) {
      const o = open.find(
        (o) => Math.abs(seg.first - o.rect.left) <= slack && Math.abs(seg.last - o.rect.right) <= slack,
      );
      if (o) {
        o.rect.bottom = y;
        o.last = y;
      } else open.push({ rect: { left: seg.first, top: y, right: seg.last, bottom: y }, last: y });
    }
    open = open.filter((o) => {
      if (y - o.last <= MAX_GAP_ROWS && y < area.bottom) return true;
      if (o.rect.bottom - o.rect.top + 1 >= MIN_ROWS) rects.push(o.rect);
      return false;
    });
  }
  return rects;
}

/**
 * The share s of the underlying colour inside a zone, from what is drawn under it in known
 * colours (candles, grid lines): a pixel of colour K (or its anti-aliased blend with the
 * background) lies on the line from B' towards K − B, at s·(K − B) when it is solid. The upper
 * tail of those positions is the solid ink. 'below' when they show through unchanged (a band
 * drawn under the candles); null when the zone holds too few such pixels or the share is no
 * drawing's.
 */
function measureShare(
  r: Raster,
  rect: PlotRect,
  fill: number,
  background: number,
  colours: readonly number[],
): number | 'below' | null {
  const { width, rgb } = r;
  const [fr, fg, fb] = channels(fill);
  const [br, bg, bb] = channels(background);
  const dirs = colours.map((colour) => {
    const [kr, kg, kb] = channels(colour);
    const d: [number, number, number] = [kr - br, kg - bg, kb - bb];
    return { d, len2: d[0] * d[0] + d[1] * d[1] + d[2] * d[2] };
  });
  if (colours.length === 0) return null;
  const along: number[][] = colours.map(() => []);
  // Pixels of each colour as it is outside the zone: under a fill drawn below the candles (session
  // shading, a watermark) every candle keeps its colour; under a drawing above them, a colour
  // other than the fill's own is changed.
  const unchanged = colours.map(() => 0);
  for (let y = rect.top; y <= rect.bottom; y++) {
    const row = y * width;
    for (let x = rect.left; x <= rect.right; x++) {
      const c = rgb[row + x]!;
      if (colourDistance(c, fill) <= FILL_TOLERANCE) continue;
      const vr = ((c >> 16) & 255) - fr;
      const vg = ((c >> 8) & 255) - fg;
      const vb = (c & 255) - fb;
      for (let k = 0; k < dirs.length; k++) {
        const { d, len2 } = dirs[k]!;
        // A reference too close to the background (a faint grid on white) tells no share.
        if (len2 < REFERENCE_MIN_LEN2) continue;
        if (colourDistance(c, colours[k]!) <= UNCHANGED_DISTANCE) unchanged[k]!++;
        const t = (vr * d[0] + vg * d[1] + vb * d[2]) / len2;
        if (t < MIN_SHARE * MIN_POSITION_OF_SHARE) continue;
        const er = vr - t * d[0];
        const eg = vg - t * d[1];
        const eb = vb - t * d[2];
        if (er * er + eg * eg + eb * eb <= OFF_LINE_LEN2_SHARE * len2 + OFF_LINE_NOISE2) along[k]!.push(t);
      }
    }
  }
  const best = along.reduce((a, b) => (b.length > a.length ? b : a));
  if (best.length < MIN_SAMPLES) return null;
  // In order (a typed array's numeric sort, many times faster than a comparator's on the
  // thousands of positions a large zone has; the positions are positive numbers, so both orders
  // are the same).
  for (const a of along) {
    const sorted = new Float64Array(a).sort();
    for (let i = 0; i < a.length; i++) a[i] = sorted[i]!;
  }
  const upper = (a: number[]) => a[Math.floor(a.length * UPPER_QUANTILE)]!;
  // Drawn below: every colour seen enough in the zone keeps its colour where it is solid (the
  // upper tail of its positions; its anti-aliased edges there blend with the fill instead).
  // A colour the fill is a tint of tells nothing: a red zone leaves red candles red either way.
  const informative = colours.map((c) => tint(fill, background, c).off > INFORMATIVE_OFF);
  const drawnBelow =
    informative.some((yes, k) => yes && along[k]!.length >= MIN_SAMPLES / 2) &&
    along.every((a, k) => {
      if (a.length < MIN_SAMPLES / 2 || !informative[k]) return true;
      const solid = a.length - a.findIndex((t) => t >= upper(a) - SOLID_POSITION_SLACK);
      return unchanged[k]! >= UNCHANGED_SHARE * solid;
    });
  if (drawnBelow) return 'below';
  const share = upper(best);
  return share >= MIN_SHARE && share <= MAX_SHARE ? share : null;
}

/** Lifts one zone: X = B + (P − B') / s per channel; the background mask follows the new pixels. */
function lift(r: Raster, layout: Layout, area: PlotRect, z: Overlay, lifted: Uint8Array): void {
  const { width, rgb } = r;
  const { bgMask, background } = layout;
  const aw = area.right - area.left + 1;
  const [fr, fg, fb] = channels(z.colour);
  const [br, bg, bb] = channels(background);
  const inv = 1 / z.share;
  const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
  // Each channel's lifted value, per value of the channel: looked up per pixel, not worked out.
  const table = (f: number, b: number) =>
    Uint8Array.from({ length: 256 }, (_, v) => clamp(b + (v - f) * inv));
  const liftR = table(fr, br);
  const liftG = table(fg, bg);
  const liftB = table(fb, bb);
  for (let y = z.rect.top; y <= z.rect.bottom; y++) {
    for (let x = z.rect.left; x <= z.rect.right; x++) {
      const li = (y - area.top) * aw + (x - area.left);
      if (lifted[li]) continue;
      lifted[li] = 1;
      const i = y * width + x;
      const c = rgb[i]!;
      const out = (liftR[(c >> 16) & 255]! << 16) | (liftG[(c >> 8) & 255]! << 8) | liftB[c & 255]!;
      rgb[i] = out;
      bgMask[i] = colourDistance(out, background) <= BG_TOLERANCE ? 1 : 0;
    }
  }
}

/**
 * A zone's border (an opaque line along its fill) hides what is under it; a vertical one in a
 * candle colour would read as a wick. Each border line is painted over with the pixels just
 * beyond it, as a wick crossing it or a grid line beside it continues there. A side on the
 * search area's edge (a zone extended to the axis) is left alone: beyond it is the frame.
 */
function clearBorders(r: Raster, layout: Layout, area: PlotRect, z: PlotRect): void {
  const { width, rgb } = r;
  const { bgMask, background } = layout;
  const at = (x: number, y: number) => y * width + x;
  // Side: the pixel at step k beyond the zone, for each position t along the side.
  const sides: { from: number; to: number; px: (t: number, k: number) => number; room: number }[] = [
    { from: z.left, to: z.right, px: (t, k) => at(t, z.top - k), room: z.top - area.top },
    { from: z.left, to: z.right, px: (t, k) => at(t, z.bottom + k), room: area.bottom - z.bottom },
    { from: z.top, to: z.bottom, px: (t, k) => at(z.left - k, t), room: z.left - area.left },
    { from: z.top, to: z.bottom, px: (t, k) => at(z.right + k, t), room: area.right - z.right },
  ];
  for (const side of sides) {
    if (side.room <= MAX_BORDER + 1) continue;
    let lines = 0;
    for (let k = 1; k <= MAX_BORDER && isLine(rgb, side, k, background); k++) lines = k;
    if (lines === 0) continue;
    for (let t = side.from; t <= side.to; t++) {
      const beyond = rgb[side.px(t, lines + 1)]!;
      for (let k = 1; k <= lines; k++) {
        const i = side.px(t, k);
        rgb[i] = beyond;
        bgMask[i] = colourDistance(beyond, background) <= BG_TOLERANCE ? 1 : 0;
      }
    }
  }
}

/** Whether step k beyond a side is a line: mostly one colour that is not the background. */
function isLine(
  rgb: Uint32Array,
  side: { from: number; to: number; px: (t: number, k: number) => number },
  k: number,
  background: number,
): boolean {
  const first = rgb[side.px((side.from + side.to) >> 1, k)]!;
  if (colourDistance(first, background) <= BG_TOLERANCE) return false;
  let same = 0;
  for (let t = side.from; t <= side.to; t++)
    if (colourDistance(rgb[side.px(t, k)]!, first) <= FILL_TOLERANCE) same++;
  return same >= BORDER_SAME_SHARE * (side.to - side.from + 1);
}
