import type { InkClass } from '../palette/palette';
import type { PlotRect } from '../types';
import type { EdgeSampler } from './edges';
import { tint } from '../palette/palette';
import { median } from '../pixels/stats';
import { removeVolumeBars } from '../cleanup/volume';
import { removeCrossingLines, removeHorizontalLines } from '../cleanup/lines';
import { closeRow, openRow, type CandleExtraction, type PixelCandle } from './types';
import { colourRuns, components, isSized, pieceRows, stemPieces, type Component } from './shapes';
import { measure, type AlphaAt, type OneTick } from './measure';
import { dottedLineRows, type OnDottedLine } from './dotted-rows';
import { fitsLattice, offLattice, touchingCandles, type Staircase } from './staircase';
import { wickMemo, type WickReading } from './wicks';
import { assignDirections } from './direction';
import { refineAll } from './refine';
import { legendGlyphs } from './glyphs';
import { isBox, isEdgeSlab, isLabelBox, type BoxColours } from './label-boxes';
import { columnBand, isColumnBars } from './columns';
import {
  BARS_SHARE,
  ONE_COLOUR_BARS_SHARE,
  ONE_FILL_SHARE,
  BAR_PIECES_SHARE,
  CHAIN_TWO_TICK_SHARE,
  BASELINE_FROM_SHARE,
  BASELINE_LOWER_SHARE,
  BASELINE_MIN_SHAPES,
  BASELINE_MIN_STANDING,
  BASELINE_SHAPE_MIN_PX,
  BASELINE_STANDING_SHARE,
  CHAIN_SHARE_MAX_COLUMNS,
  EDGE_SHARE_MAX_COLUMNS,
  EDGE_SHARE_MIN_WIDTH,
  EVENT_ROW_SHARE,
  NEIGHBOUR_SPAN_WIDTHS,
  ONE_PX_WARN_SHARE,
  STROKE_MAX_WIDTH_PX,
  STROKES_BODILESS_SHARE,
  STROKES_SHARE,
  REMNANT_WIDTH_SHARE,
  SLAB_PIECES_SHARE,
  SPECK_MAX_ROWS,
  SPECK_MIN_TYPICAL_PX,
  SPECK_WIDTH_SHARE,
  STAIRCASE_KEPT,
  TICK_COLUMNS_CUT_MAX_SHARE,
  TICK_COLUMNS_MAX_SHARE,
  WIDE_SHAPE_SHARE,
  WIDE_SHAPE_INK_SHARE,
  WIDE_SHAPE_WIDTHS,
  ONE_TICK_NEIGHBOUR_SPACINGS,
} from './tuning';

/** A piece of a shape read as one candle or bar; `id` is the shape it came from. */
type Measured = { candle: PixelCandle; barLike: boolean; oneTick?: OneTick; id: number };

/** The ink's shapes once lines are cleared: labels per plot pixel, and each shape's box. */
interface Shapes {
  labels: Int32Array;
  comps: Component[];
  /** Shapes left of a line cleared from them and much narrower than a candle: not candles. */
  remnant: Set<number>;
  /** Whether volume bars were cleared from the ink. */
  volumeCleared: boolean;
  /** Whether touching candles were cut on their wicks' lattice (bodies blended into each other). */
  blended: boolean;
}

/**
 * Finds every candle (or OHLC bar) in the ink mask. `ink` is modified (line removal).
 * Coordinates in the result are image px.
 *
 * The steps: lines and volume bars cleared, the shapes found (clearShapes); one shape per column
 * kept (candleShapes); shapes cut into candles and measured (cutAndMeasure); edges refined to
 * sub-pixel rows, fragments off the lattice dropped, directions assigned (finish).
 */
export function extractCandles(
  ink: Uint8Array,
  plot: PlotRect,
  palette: InkClass[],
  sampler: EdgeSampler,
  /** Text boxes (image px) inside the plot: components wholly inside one are glyphs. */
  textBoxes: readonly PlotRect[] = [],
  /** Plot pixels bridgeOccluders gave to a candle (they show a line's colour). */
  bridged?: Uint8Array,
): CandleExtraction {
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  const warnings: string[] = [];
  const alphaAt = inkShare(ink, plot, palette, sampler);
  // The wicks are read on the whole plot, for both calls of touchingCandles (once unless a line
  // crossing the candles is cleared between them).
  const wicks = wickMemo(ink, pw, alphaAt);
  const shapes = clearShapes(ink, plot, palette, sampler, alphaAt, wicks);
  const { labels, comps } = shapes;
  const colours: BoxColours = {
    rgb: sampler.raster.rgb,
    width: sampler.raster.width,
    left: plot.left,
    top: plot.top,
    background: sampler.background,
    colours: palette.map((k) => k.colour),
    ...(bridged ? { bridged } : {}),
  };
  const { kept, rivals } = candleShapes(shapes, plot, ph, textBoxes, colours, warnings);
  const onDottedLine = dottedLineRows(plot, sampler);
  const { measured, columnBars } = cutAndMeasure(kept, comps, labels, ink, pw, alphaAt, wicks, onDottedLine);
  measured.sort((a, b) => a.candle.x - b.candle.x);
  const bars = readsAsBars(measured.map((m) => ({ barLike: m.barLike, fill: m.candle.fill })));
  const kind = bars ? 'bars' : 'candles';
  // A bar showing one tick: its body is that tick's row until its neighbour gives the other.
  const oneTick = new Map<PixelCandle, -1 | 1>();
  if (bars) {
    for (const m of measured) {
      if (!m.oneTick) continue;
      m.candle.bodyTop = m.candle.bodyBottom = m.oneTick.row;
      oneTick.set(m.candle, m.oneTick.side);
    }
  }
  const alternatives = measureRivals(rivals, measured, comps, labels, ink, pw, alphaAt, onDottedLine);
  const renderPx = refineAll(measured, ink, labels, pw, plot, palette, sampler, bars, [
    ...alternatives.values(),
  ]);
  const all = measured.map((m) => m.candle);
  const candles = offLattice(all);
  const gaps: number[] = [];
  for (let i = 1; i < candles.length; i++) gaps.push(candles[i]!.x - candles[i - 1]!.x);
  const barSpacing = gaps.length ? median(gaps) : 0;
  if (oneTick.size > 0) completeOneTickBars(candles, oneTick, barSpacing);
  if (!bars) assignDirections(candles, palette);
  for (const [m, alt] of alternatives) {
    // The colours' meaning is the candles': an alternative of a fill no candle has stays unknown.
    if (!bars) alt.candle.direction = candles.find((c) => c.fill === alt.candle.fill)?.direction ?? 0;
    m.candle.alternative = alt.candle;
  }
  if (!bars) strokesWithoutBodies(candles);
  // A flat candle (doji) is also "ambiguous" as its body is no wider than its wick, but then
  // the candles are not 1 px wide: warn only when a real share of them are that narrow (up to
  // 2 px, as anti-aliasing or a scaled capture widens a 1 px stroke).
  const onePx = candles.filter((c) => c.ambiguous && c.right - c.left + 1 <= 2).length;
  if (onePx >= Math.max(2, ONE_PX_WARN_SHARE * candles.length)) {
    warnings.push(
      'Some candles are 1 pixel wide, so their open and close cannot be told from their wicks; zoom in for exact bodies.',
    );
  }
  return {
    kind,
    candles,
    allShapes: all,
    barSpacing,
    warnings,
    uncertainBodies: candles.some((c) => c.ambiguous),
    renderPx,
    ...(columnBars ? { columnBars } : {}),
  };
}

/**
 * The ink share of a plot pixel in its own class's colour (see AlphaAt). It reads the ink as it
 * is when called, so it follows the line removal. Neighbouring rows' end pixels often repeat a
 * colour: the last answer is kept.
 */
function inkShare(ink: Uint8Array, plot: PlotRect, palette: InkClass[], sampler: EdgeSampler): AlphaAt {
  const pw = plot.right - plot.left + 1;
  const { width, rgb } = sampler.raster;
  let lastK = -1;
  let lastRgb = -1;
  let lastAlpha = 1;
  return (x, y) => {
    const k = ink[y * pw + x]!;
    const c = rgb[(y + plot.top) * width + x + plot.left]!;
    if (k === lastK && c === lastRgb) return lastAlpha;
    const colour = palette[k - 1]?.colour;
    const a = colour === undefined ? 1 : Math.max(0, Math.min(1, tint(c, sampler.background, colour).alpha));
    lastK = k;
    lastRgb = c;
    lastAlpha = a;
    return a;
  };
}

/** Clears volume bars, horizontal lines and lines crossing candles, and finds the shapes left. */
function clearShapes(
  ink: Uint8Array,
  plot: PlotRect,
  palette: InkClass[],
  sampler: EdgeSampler,
  alphaAt: AlphaAt,
  wicks: () => WickReading,
): Shapes {
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  const volumeCleared = removeVolumeBars(ink, plot, palette, sampler.raster, sampler.background);
  removeHorizontalLines(ink, pw, ph);
  let { labels, comps } = components(ink, pw, ph, 0);
  // What is left of a shape a line was cleared from and is much narrower than a candle is a
  // piece of the line (a steep stretch, where it met a body), not a candle: every candle,
  // even a doji, has a body as wide as the others.
  const remnant = new Set<number>();
  // A staircase of touching candles is no line, though its runs continue from column to
  // column: shapes the candle lattice cuts cleanly keep their ink.
  const stairs = touchingCandles(
    comps.map((_, i) => i),
    comps,
    labels,
    ink,
    pw,
    alphaAt,
    wicks,
  );
  const keep = new Set(
    [...stairs]
      .filter(
        ([, s]) =>
          s.ranges.length >= STAIRCASE_KEPT.candles &&
          s.bounds >= STAIRCASE_KEPT.bounds &&
          s.used >= STAIRCASE_KEPT.used &&
          s.thin < STAIRCASE_KEPT.thin,
      )
      .map(([i]) => i),
  );
  // A box holding text (MetaTrader 5's one-click SELL/BUY buttons, a strategy's tag) is no line
  // crossing candles: cut into candle-wide pieces it would pass for candles. Kept whole, it is
  // left out as a label box (candleShapes).
  comps.forEach((c, i) => {
    if (!keep.has(i) && isLabelBox(c, i, labels, pw)) keep.add(i);
  });
  const crossing = removeCrossingLines(ink, pw, labels, comps, keep);
  if (crossing) {
    const before = labels;
    const again = components(ink, pw, ph, 1);
    ({ labels, comps } = again);
    const { first } = again;
    comps.forEach((c, i) => {
      if (
        crossing.crossed.has(before[first[i]!]!) &&
        c.maxX - c.minX + 1 <= crossing.typical * REMNANT_WIDTH_SHARE
      )
        remnant.add(i);
    });
  }
  const blended = [...stairs.values()].some((s) => s.byWicks);
  return { labels, comps, remnant, volumeCleared, blended };
}

/**
 * The shapes that may be candles, left to right. Candles never share a column, so of
 * components sharing columns only the largest is a candle: legend glyphs, labels and fragments
 * above or below it lose.
 */
function candleShapes(
  { labels, comps, remnant, volumeCleared, blended }: Shapes,
  plot: PlotRect,
  ph: number,
  textBoxes: readonly PlotRect[],
  colours: BoxColours,
  warnings: string[],
): { kept: number[]; rivals: Map<number, number[]> } {
  const pw = plot.right - plot.left + 1;
  const volume = volumeBaseline(comps, ph);
  const sizedShapes = comps.filter(isSized);
  const shapeWidth = median(sizedShapes.map((c) => c.maxX - c.minX + 1));
  if (volume !== null || volumeCleared) {
    warnings.push('Volume bars drawn over the chart were ignored.');
  }
  const inkPerColumn = median(sizedShapes.map((c) => c.count / (c.maxX - c.minX + 1)));
  const weight = comps.map((c) => rankWeight(c, shapeWidth, inkPerColumn));
  const glyphs = legendGlyphs(
    comps,
    comps.map((_, i) => i).filter((i) => comps[i]!.count >= 2),
    ph,
  );
  const order = comps
    .map((c, i) => i)
    .filter((i) => comps[i]!.count >= 2 && !insideText(comps[i]!, plot, textBoxes) && !glyphs.has(i))
    .filter((i) => volume === null || Math.abs(comps[i]!.maxY - volume) > 1)
    .filter((i) => !remnant.has(i))
    .filter((i) => !lineSpeck(comps[i]!, shapeWidth))
    // Labels and boxes drawn in a candle colour (a strategy's tags) are no candles.
    .filter(
      (i) =>
        !isLabelBox(comps[i]!, i, labels, pw) &&
        !isBox(comps[i]!, i, labels, pw, shapeWidth, colours) &&
        !isEdgeSlab(comps[i]!, ph, shapeWidth),
    )
    .sort((a, b) => weight[b]! - weight[a]!);
  // A chain of touching bars (a bar's close tick meets the next one's open tick) several shapes
  // wide shares up to CHAIN_SHARE_MAX_COLUMNS with the chain before it.
  const chain = (c: Component) => c.maxX - c.minX + 1 > WIDE_SHAPE_SHARE * shapeWidth;
  const owner = new Int32Array(pw).fill(-1);
  const kept: number[] = [];
  // The shapes of some size that lost their columns, by the kept shape owning most of them.
  const rivals = new Map<number, number[]>();
  for (const i of order) {
    const c = comps[i]!;
    const owners = new Map<number, number>();
    for (let x = c.minX; x <= c.maxX; x++)
      if (owner[x]! >= 0) owners.set(owner[x]!, (owners.get(owner[x]!) ?? 0) + 1);
    // A shape sharing only edge columns with its neighbours is one of them, except in
    // TradingView's event-flag row, where it is a flag overlapping the next (kept as before on
    // blended captures, and for chains, which no flag is).
    const isChain = chain(c);
    const neighbour =
      (blended || isChain || !inEventRow(c, ph)) &&
      sharesEdgeColumns(
        c,
        owners,
        comps,
        shapeWidth,
        isChain ? CHAIN_SHARE_MAX_COLUMNS : EDGE_SHARE_MAX_COLUMNS,
      );
    if (owners.size > 0 && !neighbour) {
      if (isSized(c)) {
        const o = [...owners].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
        rivals.set(o, [...(rivals.get(o) ?? []), i]);
      }
      continue;
    }
    for (let x = c.minX; x <= c.maxX; x++) if (owner[x]! < 0) owner[x] = i;
    kept.push(i);
  }
  return { kept: kept.sort((a, b) => comps[a]!.minX - comps[b]!.minX), rivals };
}

/**
 * What a shape weighs against the others sharing its columns: its pixels, except for a wide thin
 * shape (a moving average drawn in a candle colour, kept whole where the staircase test cut it
 * into bar-wide pieces): wider than WIDE_SHAPE_WIDTHS typical shapes with less ink per column
 * than WIDE_SHAPE_INK_SHARE of a typical shape's, it weighs its ink per typical width, so that
 * each candle it crosses outweighs it in that candle's columns.
 */
export function rankWeight(c: Component, shapeWidth: number, inkPerColumn: number): number {
  const w = c.maxX - c.minX + 1;
  if (!(shapeWidth > 0) || w <= WIDE_SHAPE_WIDTHS * shapeWidth) return c.count;
  if (!(c.count / w < WIDE_SHAPE_INK_SHARE * inkPerColumn)) return c.count;
  return (c.count * shapeWidth) / w;
}

/**
 * Whether shape `c` lies wholly in the bottom EVENT_ROW_SHARE of the plot (`ph` rows), where
 * TradingView draws its event flags (economic calendar, earnings, dividends), in the candles'
 * bottom scale margin. Overlapping flags there share their edge columns as neighbouring candles
 * do, and read as a row of flat candles past the last bar.
 */
export const inEventRow = (c: Component, ph: number) => c.minY >= ph * (1 - EVENT_ROW_SHARE);

/**
 * A shape that shares with the kept shapes only its outer columns, each the outer column of a
 * neighbour on that side, is a neighbour and not their rival: bodies drawn at fractional places
 * (a scaled-down capture, JPEG) blend into the column between them, which holds the one's side at
 * some rows and the other's at others; a wick's anti-aliased column or a bar's tick reaches into
 * the next candle's first column. It keeps its columns (the shared ones read twice, each shape
 * measuring its own pixels). Two shapes spanning together less than NEIGHBOUR_SPAN_WIDTHS typical
 * widths (`shapeWidth`) are the halves of one candle cut at its stem (by a line crossing it), not
 * neighbours. A chain of touching OHLC bars several shapes wide may share up to `maxColumns`
 * (CHAIN_SHARE_MAX_COLUMNS) with the chain before it (c111-004 DAX 4h: 116 of 406 bars lost, each
 * chain dropped whole for the one or two columns it shared).
 */
export function sharesEdgeColumns(
  c: Component,
  owners: Map<number, number>,
  comps: Component[],
  shapeWidth: number,
  maxColumns = EDGE_SHARE_MAX_COLUMNS,
): boolean {
  if (!isSized(c) || c.maxX - c.minX + 1 < EDGE_SHARE_MIN_WIDTH) return false;
  for (const [o, n] of owners) {
    const k = comps[o]!;
    if (n > maxColumns) return false;
    const left = k.maxX >= c.minX && k.maxX < c.minX + maxColumns && k.minX < c.minX;
    const right = k.minX <= c.maxX && k.minX > c.maxX - maxColumns && k.maxX > c.maxX;
    if (!left && !right) return false;
    const span = Math.max(c.maxX, k.maxX) - Math.min(c.minX, k.minX) + 1;
    if (span < NEIGHBOUR_SPAN_WIDTHS * shapeWidth) return false;
  }
  return true;
}

/**
 * The shapes that lost their columns to a larger one, each read whole as a candle and set
 * beside the piece of the winner whose columns it shares most (the largest rival per piece):
 * the continuity check may prefer it (checks/continuity.ts preferJoiningAlternatives).
 */
function measureRivals(
  rivals: Map<number, number[]>,
  measured: Measured[],
  comps: Component[],
  labels: Int32Array,
  ink: Uint8Array,
  pw: number,
  alphaAt: AlphaAt,
  onDottedLine: OnDottedLine,
): Map<Measured, Measured> {
  const out = new Map<Measured, Measured>();
  const size = new Map<Measured, number>();
  for (const [o, list] of rivals) {
    const pieces = measured.filter((m) => m.id === o);
    for (const r of list) {
      const c = comps[r]!;
      let best: Measured | undefined;
      let most = 0;
      for (const m of pieces) {
        const shared = Math.min(m.candle.right, c.maxX) - Math.max(m.candle.left, c.minX) + 1;
        if (shared > most) [best, most] = [m, shared];
      }
      if (!best || (size.get(best) ?? 0) >= c.count) continue;
      out.set(best, { ...measure(ink, labels, pw, r, c, c.minX, c.maxX, alphaAt, onDottedLine), id: r });
      size.set(best, c.count);
    }
  }
  return out;
}

/**
 * Cuts the kept shapes into candles or bars and measures each piece. OHLC bars of a continuous
 * series touch (a bar's close tick meets the next bar's open tick on the same row): such a chain
 * is cut between its stems when its pieces read as bars. Touching candles are cut on the candle
 * lattice; other shapes several candles wide at the typical width. A band of bars one column
 * each (columns.ts) is read column by column; `columnBars` says one was.
 */
function cutAndMeasure(
  kept: number[],
  comps: Component[],
  labels: Int32Array,
  ink: Uint8Array,
  pw: number,
  alphaAt: AlphaAt,
  wicks: () => WickReading,
  onDottedLine: OnDottedLine,
): { measured: Measured[]; columnBars: boolean } {
  const measured: Measured[] = [];
  let columnBars = false;
  const whole: number[] = [];
  /** Shapes already read whole (all their columns, all their rows), by shape. */
  const readWhole = new Map<number, Measured>();
  // A shape whose columns are mostly taller than a tick is candles, however thin their wicks.
  const lattice = touchingCandles(kept, comps, labels, ink, pw, alphaAt, wicks);
  for (const i of kept) {
    const c = comps[i]!;
    const cut = lattice.get(i);
    if (!(cut && fitsLattice(cut)) && isColumnBars(columnBand(labels, ink, pw, i, c))) {
      for (let x = c.minX; x <= c.maxX; x++) {
        const rows = pieceRows(labels, pw, i, c, x, x);
        if (rows) measured.push({ ...measure(ink, labels, pw, i, rows, x, x, alphaAt, onDottedLine), id: i });
      }
      columnBars = true;
      continue;
    }
    if (cut && fitsLattice(cut) && cut.thin < TICK_COLUMNS_MAX_SHARE) {
      whole.push(i);
      continue;
    }
    const pieces = stemPieces(labels, pw, i, c).map(([x0, x1]) => {
      const rows = pieceRows(labels, pw, i, c, x0, x1);
      return rows && { ...measure(ink, labels, pw, i, rows, x0, x1, alphaAt, onDottedLine), id: i };
    });
    if (pieces.length > 1 && chainOfBars(pieces)) {
      for (const p of pieces) if (p) measured.push(p);
    } else {
      whole.push(i);
      // One piece is the whole shape read whole, as below unless it is cut there.
      if (pieces.length === 1 && pieces[0]) readWhole.set(i, pieces[0]);
    }
  }
  // Split components that are several touching candles wide.
  // Its typical width from shapes of some size: specks (JPEG noise, the dots of a dotted line)
  // would make it a pixel or two and cut every body apart.
  const sized = whole.filter((i) => isSized(comps[i]!));
  const typical = median((sized.length ? sized : whole).map((i) => comps[i]!.maxX - comps[i]!.minX + 1));
  for (const i of whole) {
    measured.push(
      ...cutWhole(i, comps[i]!, typical, lattice.get(i), readWhole, labels, ink, pw, alphaAt, onDottedLine),
    );
  }
  return { measured, columnBars };
}

/**
 * Whether the pieces a shape is cut into between its stems are OHLC bars: BAR_PIECES_SHARE of them
 * show a tick, counting a piece that shows one only, where CHAIN_TWO_TICK_SHARE of them show both.
 * A bar shows one tick where the other lies under a line of another colour (a trend line across
 * MetaTrader's black bars on white, c11-005 SPX: five of eight pieces with both, three with one,
 * the chain read as three wide candles and dropped), or where the next chain holds it; its other
 * tick comes from its neighbour (completeOneTickBars).
 */
export function chainOfBars(pieces: readonly ({ barLike: boolean; oneTick?: OneTick } | null)[]): boolean {
  const both = pieces.filter((p) => p?.barLike).length;
  // measure gives a piece `oneTick` only where it shows no pair of ticks (not barLike).
  const one = pieces.filter((p) => p?.oneTick).length;
  if (both >= pieces.length * BAR_PIECES_SHARE) return true;
  return both >= pieces.length * CHAIN_TWO_TICK_SHARE && both + one >= pieces.length * BAR_PIECES_SHARE;
}

/** One shape (not a chain of bars) cut into candles and measured. */
function cutWhole(
  i: number,
  c: Component,
  typical: number,
  cut: Staircase | undefined,
  readWhole: Map<number, Measured>,
  labels: Int32Array,
  ink: Uint8Array,
  pw: number,
  alphaAt: AlphaAt,
  onDottedLine: OnDottedLine,
): Measured[] {
  let ranges: [number, number][];
  // A shape the lattice does not cut cleanly (candles a line glued together, with the line's
  // own shifts between them), or of OHLC bars (most columns a tick: they leave no sure cut
  // between bars and may leave one within a bar's stem), is cut at the typical width.
  // Touching candles of two colours (wickless columns, which leave the lattice nothing to cut
  // at) are first cut where the colour changes (see colourRuns); `coloured` holds the left
  // column of each range that is a whole run of one colour between others.
  const coloured = new Set<number>();
  if (cut && fitsLattice(cut) && cut.thin < TICK_COLUMNS_CUT_MAX_SHARE) ranges = cut.ranges;
  else {
    ranges = [];
    const runs = colourRuns(labels, ink, pw, i, c);
    for (const [a, b] of runs ?? [[c.minX, c.maxX]]) {
      const rw = b - a + 1;
      const parts = rw > typical * WIDE_SHAPE_SHARE && typical >= 1 ? Math.round(rw / (typical + 1)) : 1;
      if (runs && parts === 1) coloured.add(a);
      for (let p = 0; p < parts; p++)
        ranges.push([a + Math.floor((p * rw) / parts), a + Math.floor(((p + 1) * rw) / parts) - 1]);
    }
  }
  const parts = ranges.length;
  const pieces: Measured[] = [];
  for (const [x0, x1] of ranges) {
    const rows = parts === 1 ? c : pieceRows(labels, pw, i, c, x0, x1);
    if (!rows) continue;
    const known = parts === 1 ? readWhole.get(i) : undefined;
    const piece = known ?? { ...measure(ink, labels, pw, i, rows, x0, x1, alphaAt, onDottedLine), id: i };
    if (coloured.has(x0)) piece.candle.byColour = true;
    pieces.push(piece);
  }
  // Touching candles each keep a wick or rows of their own (wickless ones a step between
  // them); pieces that are all one flat slab over the same rows (a wide body cut where the
  // typical shape is a sliver of a broken outline) are one candle.
  const first = pieces[0]?.candle;
  const slab = (p: { candle: PixelCandle }) =>
    p.candle.ambiguous &&
    first !== undefined &&
    Math.abs(p.candle.highY - first.highY) <= 1 &&
    Math.abs(p.candle.lowY - first.lowY) <= 1;
  if (parts > 1 && pieces.filter(slab).length >= pieces.length * SLAB_PIECES_SHARE) {
    return [
      readWhole.get(i) ?? { ...measure(ink, labels, pw, i, c, c.minX, c.maxX, alphaAt, onDottedLine), id: i },
    ];
  }
  return pieces;
}

/**
 * A speck no wider than 0.4 of the typical shape and at most 3 rows tall is a piece of a thin
 * line between the candles (a 1 px moving average's steep stretch, a dash of a price line left
 * by its anti-aliased edge), not a candle: every candle, even a doji, has a body as wide as the
 * others, and a 1 px candle has a wick. Left in, a row of them breaks the candles' spacing.
 */
function lineSpeck(c: Component, typical: number): boolean {
  return (
    typical >= SPECK_MIN_TYPICAL_PX &&
    c.maxX - c.minX + 1 <= typical * SPECK_WIDTH_SHARE &&
    c.maxY - c.minY + 1 <= SPECK_MAX_ROWS
  );
}

function insideText(c: Component, plot: PlotRect, boxes: readonly PlotRect[]): boolean {
  const l = c.minX + plot.left;
  const r = c.maxX + plot.left;
  const t = c.minY + plot.top;
  const b = c.maxY + plot.top;
  return boxes.some((x) => l >= x.left - 2 && r <= x.right + 2 && t >= x.top - 2 && b <= x.bottom + 2);
}

/**
 * Volume bars drawn over the plot stand on one baseline near the bottom; candles do not share a
 * bottom row. Returns that row (plot coordinates) when a quarter of the shapes stand on it, or
 * (BASELINE_LOWER_SHARE) most of the shapes ending in the plot's lower part: a histogram under
 * dense bars whose JPEG ticks break into specks (MetaTrader's OHLC bars over its green volumes,
 * a 1 px tick 2 rows tall in pieces) stood under a quarter of all the shapes (89 of 399, 59 % of
 * those ending low) and its bars were read as candles, each taking its columns from the bar above.
 * Candles the plot's bottom edge cuts end on one row too, but few of the shapes ending low do
 * (14 of 55 where the layout ended a MetaTrader plot above its lowest candles).
 */
export function volumeBaseline(comps: Component[], ph: number): number | null {
  const big = comps.filter((c) => c.count >= BASELINE_SHAPE_MIN_PX);
  if (big.length < BASELINE_MIN_SHAPES) return null;
  const lower = big.filter((c) => c.maxY >= ph * BASELINE_FROM_SHARE).length;
  const hist = new Map<number, number>();
  for (const c of big) hist.set(c.maxY, (hist.get(c.maxY) ?? 0) + 1);
  let row = -1;
  let best = 0;
  for (const [y, n] of hist) {
    const near = n + (hist.get(y - 1) ?? 0) + (hist.get(y + 1) ?? 0);
    if (near > best) [row, best] = [y, near];
  }
  return best >= BASELINE_MIN_STANDING &&
    (best >= big.length * BASELINE_STANDING_SHARE || best >= lower * BASELINE_LOWER_SHARE) &&
    row >= ph * BASELINE_FROM_SHARE
    ? row
    : null;
}

/**
 * OHLC bars that showed one tick (the other lost under a moving average or a label of another
 * colour): on a continuously traded market a bar opens where the previous one closed, so the
 * missing open is the bar before's close and the missing close the bar after's open, where that
 * neighbour stands within ONE_TICK_NEIGHBOUR_SPACINGS bar spacings and shows that tick itself,
 * kept within the bar's range (a gap opens at the bar's end). Without such a neighbour the bar
 * keeps its one tick as open and close. In place; rows in image px.
 */
export function completeOneTickBars(
  candles: PixelCandle[],
  oneTick: ReadonlyMap<PixelCandle, -1 | 1>,
  barSpacing: number,
): void {
  const near = (a: PixelCandle, b: PixelCandle) =>
    Math.abs(b.x - a.x) <= ONE_TICK_NEIGHBOUR_SPACINGS * barSpacing;
  // Read from the readings as measured: a completed bar is no neighbour's source.
  const settled = candles.map((c) => ({ open: openRow(c), close: closeRow(c) }));
  candles.forEach((c, i) => {
    const side = oneTick.get(c);
    if (side === undefined) return;
    const k = i + (side > 0 ? -1 : 1);
    const n = candles[k];
    if (!n || n.ambiguous || !near(c, n) || oneTick.get(n) === -side) return;
    const seen = c.bodyTop;
    const other = Math.min(c.lowY, Math.max(c.highY, side > 0 ? settled[k]!.close : settled[k]!.open));
    const [open, close] = side > 0 ? [other, seen] : [seen, other];
    c.bodyTop = Math.min(open, close);
    c.bodyBottom = Math.max(open, close);
    c.direction = close < open ? 1 : close > open ? -1 : 0;
  });
}

/**
 * Whether pieces read make a chart of OHLC bars: more than BARS_SHARE of them read as bars, or
 * ONE_COLOUR_BARS_SHARE where one fill holds ONE_FILL_SHARE of them (a few hollow ones aside: a
 * tick blurred into a box). Pieces of one colour tell no direction by their fill, so there the
 * ticks of those read as bars are the only evidence (JPEG leaves a tick at a stem's end, an open
 * at the high, unread on the others).
 */
export function readsAsBars(pieces: readonly { barLike: boolean; fill: number }[]): boolean {
  const fillCount = new Map<number, number>();
  for (const p of pieces) fillCount.set(p.fill, (fillCount.get(p.fill) ?? 0) + 1);
  const oneColour = Math.max(0, ...fillCount.values()) >= ONE_FILL_SHARE * pieces.length;
  const barShare = pieces.filter((p) => p.barLike).length / Math.max(1, pieces.length);
  return barShare > (oneColour ? ONE_COLOUR_BARS_SHARE : BARS_SHARE);
}

/**
 * A chart of 1 px candles (MetaTrader draws bodies as wide as the wick at bar spacings of 3 px
 * or less) read as such: where nearly every candle is at most 2 px wide and many of them show
 * no body at all, the "bodies" read in the others are a 1 px stroke that JPEG or the capture's
 * scaling spread over two columns a row here and there, not a body's open and close. Those are
 * unknown too (`ambiguous`: the continuity check then judges the ranges, decision 024). Real
 * 2 px bodies on 1 px wicks (Lightweight Charts zoomed out) show a body on nearly every candle.
 */
export function strokesWithoutBodies(candles: PixelCandle[]): void {
  const narrow = candles.filter((c) => c.right - c.left + 1 <= STROKE_MAX_WIDTH_PX);
  const bodiless = narrow.filter((c) => c.ambiguous).length;
  if (narrow.length < STROKES_SHARE * candles.length || bodiless < STROKES_BODILESS_SHARE * candles.length)
    return;
  for (const c of narrow) {
    if (c.ambiguous) continue;
    c.ambiguous = true;
    c.bodyTop = c.highY;
    c.bodyBottom = c.lowY;
  }
}
