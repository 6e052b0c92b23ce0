/**
 * Filled zones a trader's indicator draws over the plot in a solid colour (supply/demand boxes,
 * WRB hidden gaps, session boxes), as MetaTrader draws a filled rectangle. Left in place, a zone's
 * fill forms full-height strokes in every column it covers: the palette learns it as the
 * strongest candle colour, and the candles touching it are cut into the box (real set, MetaTrader
 * 5 EURUSD D1 with dodger-blue zones: the zones were the first candle class and the highest
 * candle, whose wick runs into one, was lost).
 *
 * Two kinds are told apart by what the pixels inside show:
 * - MetaTrader draws a filled rectangle over the chart by XOR: every pixel P under it shows
 *   P ^ M, M = fill ^ background (a white background shows the fill, a black candle on it shows
 *   orange for a dodger-blue zone). Where the pixels inside, XORed with M, are colours seen
 *   outside the zones, the zone is undone exactly: each pixel gets its colour back.
 * - Otherwise the zone is opaque (or drawn below the candles): its fill colour is painted in the
 *   background, so that the candles standing on it are read and those it covers are missing
 *   (the reading warns). Only a wide and tall fill is taken (ZONE_MIN_WIDTH, ZONE_MIN_ROWS) that
 *   the palette could take for ink (not within its FAINT_DISTANCE of the background), and
 *   never one that may be candles or text: a colour that draws wicks (or whose tint does: a solid
 *   box in a candle colour, a trader's black rectangle over the bars, is not told from bodies
 *   here), a piece with one wick leaving its centre, a piece as wide as other runs of its colour
 *   (bodies share a width), a label (text inside, clear of its edges), a panel the layout found.
 */
import type { Layout } from '../layout';
import { BG_TOLERANCE } from '../layout';
import type { Raster } from '../pixels/raster';
import { colourDistance } from '../pixels/raster';
import { maskWords, nextClear } from '../pixels/byte-scan';
import type { PlotRect } from '../types';
import { fillColours, fillRects } from './overlays';
import { undoXorBlocks } from './xor-blocks';
import { tint } from '../palette/palette';
import { FAINT_DISTANCE } from '../palette/tuning';
import {
  BODY_TWIN_ROWS,
  BODY_WIDTH_SLACK_PX,
  FILL_TOLERANCE,
  KNOWN_MIN_PX,
  LABEL_CORNER_PX,
  LABEL_TEXT_SHARE,
  WICK_CENTRE_PX,
  WICK_MAX_PX,
  WICK_MIN_ROWS,
  WICK_MIN_STROKES,
  WICK_TINT_MAX,
  WICK_TINT_MIN,
  WICK_TINT_OFF,
  XOR_EDGE_PX,
  XOR_EXACT_SHARE,
  XOR_MIN_SAMPLES,
  XOR_MIN_WIDTH,
  XOR_SHARE,
  ZONE_MIN_ROWS,
  ZONE_MIN_WIDTH,
} from './tuning';

export interface FilledZone {
  /** Image pixels of the zone's fill. */
  rect: PlotRect;
  colour: number;
  /** Whether the zone was drawn by XOR and undone (nothing under it is lost). */
  xor: boolean;
}

/**
 * Finds filled zones inside the plot and undoes (XOR) or erases (opaque) them in place, raster
 * pixels and the layout's background mask. Returns the zones; none on a plot without them.
 */
export function eraseZones(r: Raster, layout: Layout): FilledZone[] {
  const { plot, bgMask, background } = layout;
  if (plot.right <= plot.left || plot.bottom <= plot.top) return [];
  const wicks = wickColours(r, layout);
  const candidates = fillColours(r, plot, bgMask)
    .map((f) => ({ fill: f.colour, rects: fillRects(r, plot, f.colour) }))
    .filter((f) => f.rects.length > 0);
  // Histograms drawn by XOR out of narrow blocks, each a colour of its own (xor-blocks.ts), once
  // the wide zones are undone (their grid and candles restored as seen outside them).
  if (candidates.length === 0) return undoXorBlocks(r, layout, wicks);
  const fills = candidates.map((f) => f.fill);
  const isFill = (c: number) => fills.some((f) => colourDistance(f, c) <= FILL_TOLERANCE);
  const rects = candidates.flatMap((f) => f.rects);
  const seen = coloursOutside(r, plot, bgMask, rects);
  const known = (c: number) => (seen.get(c) ?? 0) >= KNOWN_MIN_PX && !isFill(c);
  const zones: FilledZone[] = [];
  // Pieces of one fill may overlap by a row or two (a candle inside shifts a row's span): a pixel
  // XORed twice would be the drawing again.
  const pw = plot.right - plot.left + 1;
  const undone = new Uint8Array(pw * (plot.bottom - plot.top + 1));
  for (const { fill, rects: wide } of candidates) {
    if (drawsWicks(fill, background, wicks)) continue;
    const mask = (fill ^ background) & 0xffffff;
    const xoredColour = (c: number) => known(c ^ mask) && seen.get(c ^ mask)! > (seen.get(c) ?? 0);
    // One fill is one drawing style: where some piece shows XORed candles, the fill is XOR-drawn,
    // and its pieces too narrow for a fill candidate (a zone one candle wide) are found as well.
    const xor = wide.some((q) => xorDrawn(r, q, fill, mask, background, known) === true);
    const pieces = xor ? fillRects(r, plot, fill, XOR_MIN_WIDTH) : wide;
    // Every piece is placed on the drawn pixels before any is undone (pieces of one zone touch).
    const xored = pieces
      .filter((q) => xor && xorDrawn(r, q, fill, mask, background, known) !== false)
      .map((q) => widenXor(r, layout, q, fill, mask, xoredColour));
    for (const rect of xored) {
      undoXor(r, layout, rect, fill, mask, known, undone);
      zones.push({ rect, colour: fill, xor: true });
    }
    // A fill this near the background is no candle colour to the palette: left as it is (a faint
    // box is as likely a platform's button or sidebar as a zone, and the layout reads it so).
    if (xor || colourDistance(fill, background) < FAINT_DISTANCE) continue;
    let runs: FillRun[] | undefined;
    for (const piece of pieces) {
      if (piece.right - piece.left + 1 < ZONE_MIN_WIDTH || piece.bottom - piece.top + 1 < ZONE_MIN_ROWS)
        continue;
      // A panel the layout found is erased as one (with its text and buttons), later.
      if (layout.panels.some((p) => overlaps(p, piece))) continue;
      if (hasWick(r, layout, piece) || isLabel(r, piece, fill, background)) continue;
      runs ??= fillRuns(r, plot, fill);
      if (sameWidthElsewhere(runs, piece)) continue;
      paint(r, layout, piece, fill);
      zones.push({ rect: piece, colour: fill, xor: false });
    }
  }
  zones.push(...undoXorBlocks(r, layout, wicks));
  return zones;
}

/** Each colour's count of pixels off the background in the plot, outside the rectangles. */
function coloursOutside(
  r: Raster,
  plot: PlotRect,
  bgMask: Uint8Array,
  rects: readonly PlotRect[],
): Map<number, number> {
  const { width, rgb } = r;
  const words = maskWords(bgMask);
  const seen = new Map<number, number>();
  for (let y = plot.top; y <= plot.bottom; y++) {
    const row = y * width;
    const across = rects.filter((q) => y >= q.top && y <= q.bottom);
    const end = row + plot.right + 1;
    // Most of a plot is background: passed over 8 bytes at a time.
    for (
      let i = nextClear(bgMask, words, row + plot.left, end);
      i < end;
      i = nextClear(bgMask, words, i + 1, end)
    ) {
      const x = i - row;
      const inside = across.length > 0 ? across.find((q) => x >= q.left && x <= q.right) : undefined;
      if (inside) {
        i = row + inside.right;
        continue;
      }
      const c = rgb[i]!;
      seen.set(c, (seen.get(c) ?? 0) + 1);
    }
  }
  return seen;
}

/**
 * Colours that draw wicks: strokes at most WICK_MAX_PX wide with background on both sides, at
 * least WICK_MIN_ROWS tall, WICK_MIN_STROKES of them or more. A stroke's colour is its pixel
 * furthest from the background (an anti-aliased wick's core; its edges are blends). A zone's fill
 * makes none (its columns stand side by side), a candle colour one per candle.
 */
function wickColours(r: Raster, layout: Layout): number[] {
  const { width, rgb } = r;
  const { plot, background, bgMask } = layout;
  const pw = plot.right - plot.left + 1;
  // Vertical grid lines are thin strokes too: their columns (and a pixel beside) are left out.
  const grid = new Uint8Array(pw);
  for (const g of layout.gridColumns)
    for (let x = g.at - 1; x <= g.at + 1; x++) if (x >= plot.left && x <= plot.right) grid[x - plot.left] = 1;
  // Per column: the colour of the thin stroke going on down it and the row it was last seen on.
  const colour = new Int32Array(pw).fill(-1);
  const last = new Int32Array(pw).fill(-2);
  const rows = new Int32Array(pw);
  const strokes: { colour: number; n: number }[] = [];
  const words = maskWords(bgMask);
  for (let y = plot.top; y <= plot.bottom; y++) {
    const row = y * width;
    const stop = row + plot.right;
    for (
      let i = nextClear(bgMask, words, row + plot.left + 1, stop);
      i < stop;
      i = nextClear(bgMask, words, i + 1, stop)
    ) {
      const x = i - row;
      if (!bgMask[i - 1]) continue;
      let end = x + 1;
      while (end <= plot.right && end - x <= WICK_MAX_PX && !bgMask[row + end]) end++;
      if (end - x > WICK_MAX_PX || end > plot.right) {
        i = nextSet(bgMask, i, stop) - 1;
        continue;
      }
      let c = rgb[i]!;
      for (let j = i + 1; j < row + end; j++)
        if (colourDistance(rgb[j]!, background) > colourDistance(c, background)) c = rgb[j]!;
      const k = x - plot.left;
      if (grid[k]) {
        i = row + end - 1;
        continue;
      }
      if (last[k] === y - 1 && colourDistance(colour[k]!, c) <= FILL_TOLERANCE) rows[k]!++;
      else {
        colour[k] = c;
        rows[k] = 1;
      }
      last[k] = y;
      if (rows[k] === WICK_MIN_ROWS) {
        const s = strokes.find((s) => colourDistance(s.colour, colour[k]!) <= FILL_TOLERANCE);
        if (s) s.n++;
        else strokes.push({ colour: colour[k]!, n: 1 });
      }
      i = row + end - 1;
    }
  }
  return strokes.filter((s) => s.n >= WICK_MIN_STROKES).map((s) => s.colour);
}

/** The first index from `i` where the mask is set, or `stop`. */
function nextSet(mask: Uint8Array, i: number, stop: number): number {
  while (i < stop && !mask[i]) i++;
  return i;
}

/**
 * Whether the fill draws wicks: a wick of its colour, or of a tint of it (a wick drawn thinner
 * than its body is a blend of the body's colour and the background: TradingView zoomed in at 2x).
 */
function drawsWicks(fill: number, background: number, wicks: readonly number[]): boolean {
  return wicks.some((w) => {
    if (colourDistance(w, fill) <= FILL_TOLERANCE) return true;
    const t = tint(w, background, fill);
    return t.alpha >= WICK_TINT_MIN && t.alpha <= WICK_TINT_MAX && t.off <= WICK_TINT_OFF;
  });
}

/**
 * Whether the zone was drawn by XOR: XOR is exact, so its fill is one colour to the bit
 * (XOR_EXACT_SHARE of the pixels near it: a JPEG's blocks are not), and of its pixels other than
 * the fill most (XOR_SHARE) are, XORed with the mask, colours seen outside the zones that are no
 * background (candles, grid); markers drawn over the zone afterwards (an indicator's diamonds)
 * are not. Null when it holds fewer than XOR_MIN_SAMPLES such pixels (an empty zone tells nothing).
 */
function xorDrawn(
  r: Raster,
  rect: PlotRect,
  fill: number,
  mask: number,
  background: number,
  known: (c: number) => boolean,
): boolean | null {
  const { width, rgb } = r;
  let near = 0;
  let exact = 0;
  let other = 0;
  let explained = 0;
  for (let y = rect.top; y <= rect.bottom; y++) {
    for (let x = rect.left; x <= rect.right; x++) {
      const c = rgb[y * width + x]!;
      if (colourDistance(c, fill) <= FILL_TOLERANCE) {
        near++;
        if (c === fill) exact++;
        continue;
      }
      other++;
      const under = c ^ mask;
      if (known(under) && colourDistance(under, background) > BG_TOLERANCE) explained++;
    }
  }
  if (exact < XOR_EXACT_SHARE * near) return false;
  if (explained < XOR_MIN_SAMPLES && other < XOR_MIN_SAMPLES) return null;
  return explained >= XOR_MIN_SAMPLES && explained >= XOR_SHARE * other;
}

/**
 * The fill's rectangle ends at its last fill pixel; a candle drawn along the zone's side shows
 * there in XORed colours only (and the rectangle is the first row's span). Each side is moved out
 * (up to XOR_EDGE_PX) over lines with no background pixel, mostly (XOR_SHARE) the fill or such
 * colours (a marker drawn over it is not), and some of those: colours
 * seen outside more often XORed than as they are (a black candle beside the zone stays). The
 * background beyond the zone stops it.
 */
function widenXor(
  r: Raster,
  layout: Layout,
  rect: PlotRect,
  fill: number,
  mask: number,
  xoredColour: (c: number) => boolean,
): PlotRect {
  const { width, rgb } = r;
  const { plot, bgMask } = layout;
  const out = { ...rect };
  const line = (x0: number, x1: number, y0: number, y1: number) => {
    let xored = 0;
    let fillPx = 0;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const i = y * width + x;
        if (bgMask[i]) return false;
        const c = rgb[i]!;
        if (colourDistance(c, fill) <= FILL_TOLERANCE) fillPx++;
        else if (xoredColour(c)) xored++;
      }
    }
    return xored > 0 && fillPx + xored >= XOR_SHARE * (x1 - x0 + 1) * (y1 - y0 + 1);
  };
  for (
    let k = 0;
    k < XOR_EDGE_PX && out.left > plot.left && line(out.left - 1, out.left - 1, out.top, out.bottom);
    k++
  )
    out.left--;
  for (
    let k = 0;
    k < XOR_EDGE_PX && out.right < plot.right && line(out.right + 1, out.right + 1, out.top, out.bottom);
    k++
  )
    out.right++;
  for (
    let k = 0;
    k < XOR_EDGE_PX && out.top > plot.top && line(out.left, out.right, out.top - 1, out.top - 1);
    k++
  )
    out.top--;
  for (
    let k = 0;
    k < XOR_EDGE_PX && out.bottom < plot.bottom && line(out.left, out.right, out.bottom + 1, out.bottom + 1);
    k++
  )
    out.bottom++;
  return out;
}

/** Gives every pixel of an XOR-drawn zone its colour back (the fill, the background; markers stay). */
function undoXor(
  r: Raster,
  layout: Layout,
  rect: PlotRect,
  fill: number,
  mask: number,
  known: (c: number) => boolean,
  undone: Uint8Array,
): void {
  const { width, rgb } = r;
  const { bgMask, background, plot } = layout;
  const pw = plot.right - plot.left + 1;
  for (let y = rect.top; y <= rect.bottom; y++) {
    for (let x = rect.left; x <= rect.right; x++) {
      const u = (y - plot.top) * pw + x - plot.left;
      if (undone[u]) continue;
      undone[u] = 1;
      const i = y * width + x;
      const c = rgb[i]!;
      if (colourDistance(c, fill) > FILL_TOLERANCE && !known(c ^ mask)) continue;
      const out = c === fill ? background : c ^ mask;
      rgb[i] = out;
      bgMask[i] = colourDistance(out, background) <= BG_TOLERANCE ? 1 : 0;
    }
  }
}

const overlaps = (a: PlotRect, b: PlotRect) =>
  a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom;

/**
 * Whether a candle body's wick leaves the piece: along its top or bottom edge one thin stroke
 * alone (at most WICK_MAX_PX wide, on its centre within WICK_CENTRE_PX, going on WICK_MIN_ROWS
 * rows) and
 * background beside it. A wide candle body on a zoomed chart whose anti-aliased wicks are a shade
 * of their own (which wickColours does not take for the body's colour) is no zone; a zone drawn
 * over the candles has their wicks leaving it all along, one under them none.
 */
function hasWick(r: Raster, layout: Layout, rect: PlotRect): boolean {
  const { width } = r;
  const { plot, bgMask } = layout;
  for (const [edge, dir] of [
    [rect.top, -1],
    [rect.bottom, 1],
  ] as const) {
    const far = edge + dir * WICK_MIN_ROWS;
    if (far < plot.top || far > plot.bottom) continue;
    // The runs of ink just beyond the edge: one thin one, near the middle, is a wick.
    let runs = 0;
    let first = -1;
    let last = -1;
    for (let x = rect.left; x <= rect.right; x++) {
      if (bgMask[(edge + dir) * width + x]) continue;
      if (x !== last + 1) runs++;
      if (first < 0) first = x;
      last = x;
    }
    const mid = (first + last) / 2;
    if (runs !== 1 || last - first + 1 > WICK_MAX_PX) continue;
    if (Math.abs(mid - (rect.left + rect.right) / 2) > WICK_CENTRE_PX) continue;
    let stroke = true;
    for (let k = 1; k <= WICK_MIN_ROWS && stroke; k++)
      stroke = !bgMask[(edge + dir * k) * width + Math.round(mid)];
    if (stroke) return true;
  }
  return false;
}

/** A run of a fill's colour along a row: its row, first and last columns. */
interface FillRun {
  y: number;
  first: number;
  last: number;
}

/** Every run of the fill's colour along the plot's rows (searched once per fill). */
function fillRuns(r: Raster, plot: PlotRect, fill: number): FillRun[] {
  const { width, rgb } = r;
  const runs: FillRun[] = [];
  for (let y = plot.top; y <= plot.bottom; y++) {
    const row = y * width;
    for (let x = plot.left; x <= plot.right; x++) {
      if (colourDistance(rgb[row + x]!, fill) > FILL_TOLERANCE) continue;
      let end = x + 1;
      while (end <= plot.right && colourDistance(rgb[row + end]!, fill) <= FILL_TOLERANCE) end++;
      runs.push({ y, first: x, last: end - 1 });
      x = end;
    }
  }
  return runs;
}

/**
 * Whether runs of the fill as wide as the piece (within BODY_WIDTH_SLACK_PX) stand in other
 * columns on BODY_TWIN_ROWS rows or more: candle bodies share one width (a wide body without a
 * wick and a doji's of the same candle colour), zones are as wide as their price action.
 */
function sameWidthElsewhere(runs: readonly FillRun[], piece: PlotRect): boolean {
  const w = piece.right - piece.left + 1;
  const rows = new Set<number>();
  for (const run of runs) {
    const apart = run.last < piece.left || run.first > piece.right;
    if (apart && Math.abs(run.last - run.first + 1 - w) <= BODY_WIDTH_SLACK_PX) rows.add(run.y);
  }
  return rows.size >= BODY_TWIN_ROWS;
}

/**
 * Whether the piece is a label (a price line's tag, a Buy button): what stands on its fill (the
 * background aside: a gap the piece bridged to the axis' badge) keeps
 * to a band of rows inside it (LABEL_TEXT_SHARE of its height at most, clear of its top and
 * bottom rows), as a line of text does. Candles standing on a zone cross its edges; a zone drawn
 * over them holds nothing. Its text left on the background would read as ink.
 */
function isLabel(r: Raster, piece: PlotRect, fill: number, background: number): boolean {
  const { width, rgb } = r;
  let top = -1;
  let bottom = -1;
  let n = 0;
  // (A tag's rounded corners are no content: its sides are left out.)
  for (let y = piece.top; y <= piece.bottom; y++) {
    for (let x = piece.left + LABEL_CORNER_PX; x <= piece.right - LABEL_CORNER_PX; x++) {
      const c = rgb[y * width + x]!;
      if (colourDistance(c, fill) <= FILL_TOLERANCE || colourDistance(c, background) <= BG_TOLERANCE)
        continue;
      n++;
      if (top < 0) top = y;
      bottom = y;
    }
  }
  const h = piece.bottom - piece.top + 1;
  return (
    n >= XOR_MIN_SAMPLES &&
    top > piece.top + 1 &&
    bottom < piece.bottom - 1 &&
    bottom - top + 1 <= LABEL_TEXT_SHARE * h
  );
}

/** Paints an opaque zone's fill in the background (what stands on it stays). */
function paint(r: Raster, layout: Layout, rect: PlotRect, fill: number): void {
  const { width, rgb } = r;
  const { bgMask, background } = layout;
  for (let y = rect.top; y <= rect.bottom; y++) {
    for (let x = rect.left; x <= rect.right; x++) {
      const i = y * width + x;
      if (colourDistance(rgb[i]!, fill) > FILL_TOLERANCE) continue;
      rgb[i] = background;
      bgMask[i] = 1;
    }
  }
}
