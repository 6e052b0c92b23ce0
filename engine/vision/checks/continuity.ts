import { EngineError } from '../../core/errors';
import { TIMEFRAME_MINUTES } from '../../core/ohlc';
import type { Timeframe } from '../../core/ohlc';
import { priceToY } from '../scale/price-scale';
import type { PriceScale, ReadCandle } from '../types';
import { MIN_CANDLES } from './candle-row';
import { round } from '../scale/prices';
import type { PixelCandle } from '../candles';
import { estimateHiddenBodies } from './hidden-bodies';
import {
  APART_BY_COLOUR_SHARE,
  APART_MIN_SPACING_PX,
  APART_ON_LATTICE_SHARE,
  APART_SAME_WIDTH_SHARE,
  FLAT_MAX_PX,
  JOIN_STEP_SLACK_PX,
  JOIN_TOLERANCE_PX,
  MAX_JOIN_TOLERANCE_PX,
  MAX_UNJOINED,
  MIN_JOINED,
  SHORT_RUN_CANDLES,
  HIDDEN_RUN_GAP_RANGES,
  MARKER_GAP_RANGES,
  MARKER_RANGE_SHARE,
  SKIP_JUNK_SPACINGS,
  SMALL_GAP_RANGE_SHARE,
  UNKNOWN_BODIES_SHARE,
} from './tuning';

/**
 * Whether every candle was drawn as a body of its own: wide spacing, one body width, all on one
 * lattice. Such bodies are read whole (nothing was cut apart or merged), so bars that do not
 * join mean the market gapped between them (stocks every day, some brokers' bars always), not
 * that the reading went wrong.
 */
export function drawnApart(candles: PixelCandle[]): boolean {
  return apartRow(candles).apart;
}

/**
 * drawnApart, and per candle whether it stands out of such a row: neither of the bodies' width
 * nor a whole number of spacings from the candle before or after it (a glyph of a text beside
 * the last bar, a stroke of a drawing). Such a shape is no body drawn apart; `stray` is all false
 * where the candles are not drawn apart. A candle the plot's edge cuts (`plot`: its first and
 * last column) is narrower and off the lattice too, and is no stray.
 */
export function apartRow(
  candles: PixelCandle[],
  plot?: { left: number; right: number },
): { apart: boolean; stray: boolean[] } {
  const none = { apart: false, stray: candles.map(() => false) };
  if (candles.length < MIN_CANDLES) return none;
  const gaps: number[] = [];
  for (let i = 1; i < candles.length; i++) gaps.push(candles[i]!.x - candles[i - 1]!.x);
  const spacing = [...gaps].sort((a, b) => a - b)[gaps.length >> 1]!;
  // Bodies cut off their neighbours where the colour changes are read whole as well, however
  // dense (wickless columns of alternating colours: point-and-figure, Renko).
  const byColour = candles.filter((c) => c.byColour).length >= APART_BY_COLOUR_SHARE * candles.length;
  if (!(spacing >= APART_MIN_SPACING_PX) && !byColour) return none;
  const widthOf = (c: PixelCandle) => c.right - c.left + 1;
  const widths = candles.map(widthOf).sort((a, b) => a - b);
  const width = widths[widths.length >> 1]!;
  // Bodies that touch their neighbours were cut apart, not drawn apart.
  if (width > spacing - 2 && !byColour) return none;
  const sameWidth = (w: number) => Math.abs(w - width) <= Math.max(1, 0.2 * width);
  const onLattice = (g: number) => {
    const n = g / spacing;
    return Math.round(n) >= 1 && Math.abs(n - Math.round(n)) <= 0.2;
  };
  const apart =
    widths.filter(sameWidth).length >= APART_SAME_WIDTH_SHARE * widths.length &&
    gaps.filter(onLattice).length >= APART_ON_LATTICE_SHARE * gaps.length;
  if (!apart) return none;
  const cut = (c: PixelCandle) =>
    plot !== undefined && (c.left <= plot.left + 1 || c.right >= plot.right - 1);
  const stray = candles.map(
    (c, i) =>
      !sameWidth(widthOf(c)) &&
      !cut(c) &&
      !(i > 0 && onLattice(gaps[i - 1]!)) &&
      !(i < gaps.length && onLattice(gaps[i]!)),
  );
  return { apart, stray };
}

/**
 * The price step the axis prints (0.01 for labels "82.90", "82.75"), or null when its labels
 * print no decimals (an integer axis says nothing about the instrument's tick).
 */
export function printedStep(s: PriceScale): number | null {
  let decimals = 0;
  for (const l of s.labels) {
    const m = /[.,](\d+)\s*$/.exec(l.text.replace(/[^\d.,\s]/g, ''));
    if (m) decimals = Math.max(decimals, m[1]!.length);
  }
  return decimals > 0 ? 10 ** -decimals : null;
}

/** The rows (px) between two candles' ranges; 0 where they overlap. */
function priceGapPx(s: PriceScale, a: ReadCandle, b: ReadCandle): number {
  const [aTop, aBottom] = [priceToY(s, a.high), priceToY(s, a.low)];
  const [bTop, bBottom] = [priceToY(s, b.high), priceToY(s, b.low)];
  return Math.max(0, bTop - aBottom, aTop - bBottom);
}

/** The candles' median high-low range (px). */
function medianRangePx(c: ReadCandle[], s: PriceScale): number {
  const ranges = c.map((k) => rangePx(s, k)).sort((a, b) => a - b);
  return ranges.length ? ranges[ranges.length >> 1]! : 0;
}

/** A candle's high-low range (px). */
function rangePx(s: PriceScale, k: ReadCandle): number {
  return Math.abs(priceToY(s, k.low) - priceToY(s, k.high));
}

/**
 * How far (px) a bar may open from the previous close and still join it: the reading slack, or
 * one printed price step and the slack where a step is several px (see JOIN_STEP_SLACK_PX).
 */
export function joinTolerancePx(s: PriceScale): number {
  const step = printedStep(s);
  if (step === null || s.labels.length === 0) return JOIN_TOLERANCE_PX;
  // Price per px where the labels are (a log scale's differs along the axis: its middle).
  const mid = s.labels[s.labels.length >> 1]!;
  const perPx = Math.abs(s.mode === 'log' ? mid.price * s.slope : s.slope);
  if (!(perPx > 0)) return JOIN_TOLERANCE_PX;
  return Math.min(MAX_JOIN_TOLERANCE_PX, Math.max(JOIN_TOLERANCE_PX, step / perPx + JOIN_STEP_SLACK_PX));
}

/**
 * Share of neighbouring candles whose close and next open are on the same row (by `relation`:
 * ranges that overlap where the bodies are unknown, see overlaps).
 */
export function joinedShare(
  c: ReadCandle[],
  s: PriceScale,
  relation: JoinRelation = joins,
  tol = joinTolerancePx(s),
): number {
  let n = 0;
  for (let i = 1; i < c.length; i++) if (relation(s, c[i - 1]!, c[i]!, tol)) n++;
  return c.length > 1 ? n / (c.length - 1) : 1;
}

/**
 * Whether enough bodies are known (`known[i]`: candle i's open and close were read) for the
 * continuity check to judge opens against closes (see UNKNOWN_BODIES_SHARE); `known` omitted:
 * every body is known. A candle whose body could not be told from its wick (a 1 px candle, an
 * OHLC bar drawn without ticks) has the ends of its stroke for open and close, which join
 * nothing.
 */
export function canJudge(known: readonly boolean[] | undefined): boolean {
  if (!known || known.length === 0) return true;
  const unknown = known.filter((k) => !k).length;
  return unknown < UNKNOWN_BODIES_SHARE * known.length;
}

/** Whether bar `b` continues from bar `a` (its left neighbour) within `tol` px. */
export type JoinRelation = (s: PriceScale, a: ReadCandle, b: ReadCandle, tol: number) => boolean;

/** Within `tol` px: the close of one bar and the open of the next are on the same row. */
const joins: JoinRelation = (s, a, b, tol) => Math.abs(priceToY(s, b.open) - priceToY(s, a.close)) <= tol;

/**
 * Within `tol` px: the high-low ranges of two neighbouring bars overlap. What is left of "opens
 * where the previous one closed" when the bodies are unknown: the next open is the previous
 * close, which lies in both bars' ranges. A gap of more than `tol` between the ranges is a
 * misread shape (a label's glyph, a fragment of a line) or a gapping market.
 */
export const overlaps: JoinRelation = (s, a, b, tol) => {
  const aTop = priceToY(s, a.high);
  const aBottom = priceToY(s, a.low);
  const bTop = priceToY(s, b.high);
  const bBottom = priceToY(s, b.low);
  return bTop <= aBottom + tol && aTop <= bBottom + tol;
};

/**
 * The candles that open where the previous one closed or close where the next one opens. A
 * shape that joins neither neighbour is junk (a glyph of a label, an arrow, a fragment of a
 * line) and is no candle's neighbour either: a candle cut off from its bars by junk on both
 * sides (the last bar between two pieces of a level's label) is judged again against the
 * nearest candles kept, when they stand within SKIP_JUNK_SPACINGS bar spacings of it (only junk
 * between them, off the lattice).
 */
export function dropUnjoined(
  c: ReadCandle[],
  s: PriceScale,
  relation: JoinRelation = joins,
  tol = joinTolerancePx(s),
): ReadCandle[] {
  const kept = c.map(
    (k, i) =>
      (i > 0 && relation(s, c[i - 1]!, k, tol)) || (i + 1 < c.length && relation(s, k, c[i + 1]!, tol)),
  );
  const reach = skipReach(c);
  return c.filter((k, i) => {
    if (kept[i]) return true;
    let p = i - 1;
    while (p >= 0 && !kept[p]) p--;
    let n = i + 1;
    while (n < c.length && !kept[n]) n++;
    // Only past junk: a neighbour the first pass kept is already judged above.
    const before = p >= 0 && p < i - 1 && k.x - c[p]!.x <= reach && relation(s, c[p]!, k, tol);
    const after = n < c.length && n > i + 1 && c[n]!.x - k.x <= reach && relation(s, k, c[n]!, tol);
    return before || after;
  });
}

/**
 * Candles never share a column, so of shapes sharing columns the candles stage keeps the largest;
 * a Pine label's arrow outweighs the doji under it, an indicator line's end the last candle
 * beside it, and the continuity check would then leave out the junk shape and lose the candle.
 * Where a candle joins neither neighbour but the other shape in its columns (its alternative)
 * joins one, the alternative is the candle: swapped in `pixel` and `read` alike (in place; the
 * left neighbour as already settled). A marker cut in two whose halves join only each other
 * gives way the same, both halves at once (below). Judged by the relation the continuity check
 * will use (overlapping ranges where most bodies are unknown). The junk's other pieces smaller
 * than the candle and within its columns go too (from both arrays). Returns how many were swapped.
 */
export function preferJoiningAlternatives(
  pixel: PixelCandle[],
  read: ReadCandle[],
  s: PriceScale,
  toRead: (c: PixelCandle) => ReadCandle,
): number {
  const relation = canJudge(pixel.map((c) => !c.ambiguous)) ? joins : overlaps;
  const tol = joinTolerancePx(s);
  const joinsEither = (k: ReadCandle, i: number) =>
    (i > 0 && relation(s, read[i - 1]!, k, tol)) ||
    (i + 1 < read.length && relation(s, k, read[i + 1]!, tol));
  let swapped = 0;
  const came: PixelCandle[] = [];
  const swap = (i: number, alt: PixelCandle, altRead: ReadCandle) => {
    pixel[i] = alt;
    read[i] = altRead;
    came.push(alt);
    swapped++;
  };
  for (let i = 0; i < pixel.length; i++) {
    const alt = pixel[i]!.alternative;
    if (!alt) continue;
    if (!joinsEither(read[i]!, i)) {
      const altRead = toRead(alt);
      if (joinsEither(altRead, i)) swap(i, alt, altRead);
      continue;
    }
    // A marker cut in two by the candles' lattice (an arrow over two candles, joined to one
    // beside it on a JPEG, won both candles' columns): its halves join each other and nothing
    // else. Where the first stands over an alternative that continues from the candle before,
    // and the second over one trading beside it (a daily chart's bars may gap), they are the
    // candles.
    const next = pixel[i + 1]?.alternative;
    if (
      !next ||
      i === 0 ||
      relation(s, read[i - 1]!, read[i]!, tol) ||
      !relation(s, read[i]!, read[i + 1]!, tol)
    )
      continue;
    const altRead = toRead(alt);
    const nextRead = toRead(next);
    if (
      !relation(s, read[i - 1]!, altRead, tol) ||
      !overlaps(s, altRead, nextRead, tol) ||
      (i + 2 < read.length && relation(s, read[i + 1]!, read[i + 2]!, tol))
    )
      continue;
    swap(i, alt, altRead);
    swap(i + 1, next, nextRead);
    i++;
  }
  // The junk shape was cut into pieces, and the candle back in its columns leaves the others
  // there junk too: a piece standing within its columns, smaller (narrower, shorter), is no
  // candle (candles never share a column). As one it stood beside the candle in the row and the
  // bar before was judged against it (tv-dark BTCUSD: two specks of a "Sweep" tag's JPEG noise
  // over the doji that came back, and the lowest candle left out for them).
  for (const alt of came) {
    for (let j = pixel.length - 1; j >= 0; j--) {
      const c = pixel[j]!;
      if (
        c !== alt &&
        c.left >= alt.left &&
        c.right <= alt.right &&
        c.right - c.left < alt.right - alt.left &&
        c.lowY - c.highY < alt.lowY - alt.highY
      ) {
        pixel.splice(j, 1);
        read.splice(j, 1);
      }
    }
  }
  return swapped;
}

/**
 * Whether a shape is a piece of a marker or a label rather than a bar, judged against the bar
 * `before` it: it spans at most MARKER_RANGE_SHARE of the bars' median range (`range`, px) and
 * stands more than MARKER_GAP_RANGES of it away from that bar in price. A quiet market's bars
 * trade beside the bar before them.
 */
function markerPiece(s: PriceScale, range: number, k: ReadCandle, before: ReadCandle): boolean {
  return smallPiece(s, range, k) && priceGapPx(s, before, k) > MARKER_GAP_RANGES * range;
}

/** Whether a shape spans at most MARKER_RANGE_SHARE of the bars' median range (`range`, px). */
function smallPiece(s: PriceScale, range: number, k: ReadCandle): boolean {
  return rangePx(s, k) <= MARKER_RANGE_SHARE * range;
}

/**
 * Runs of fewer than SHORT_RUN_CANDLES candles that join each other but neither candle beside
 * the run, left out. Used where only ranges can be compared (bodies unknown): a label's digits
 * in the candles' colour (a Fibonacci level's "1.0000" beside the last bar) fall apart into a
 * few tiny pieces whose ranges overlap each other, far from every bar. A run after the last
 * bar made of markers' pieces only (markerPiece) is left out however long, if shorter than
 * what stands before it: on a JPEG the same "1.0000" broke into four.
 */
export function dropShortRuns(
  c: ReadCandle[],
  s: PriceScale,
  relation: JoinRelation = overlaps,
): ReadCandle[] {
  const tol = joinTolerancePx(s);
  const range = medianRangePx(c, s);
  const keep: ReadCandle[] = [];
  let start = 0;
  for (let i = 1; i <= c.length; i++) {
    if (i < c.length && relation(s, c[i - 1]!, c[i]!, tol)) continue;
    const run = c.slice(start, i);
    const trailingMarkers =
      i === c.length &&
      start > 0 &&
      run.length < start &&
      run.every((k) => markerPiece(s, range, k, c[start - 1]!));
    if (!trailingMarkers && (run.length >= SHORT_RUN_CANDLES || (start === 0 && i === c.length)))
      keep.push(...run);
    start = i;
  }
  return keep;
}

/**
 * Flat shapes (no range: a row or two, no wick) that overlap no candle with a range beside them
 * (the nearest either side, within SKIP_JUNK_SPACINGS bar spacings), left out. A bar without a
 * range traded at one price, which a market that did not move lies in its neighbours' ranges
 * at (or joins across a gap as a flat bar of a halted stock rarely does); a flat shape away from
 * them is a step of a sloping line drawn on past the last candle (MetaTrader's channel lines into
 * the empty space at the right), where no candle wins its columns. Judged on every chart, daily
 * too: two such steps side by side join each other, so the candle-by-candle rule keeps them.
 */
export function dropFlatStrays(c: ReadCandle[], s: PriceScale, tol = joinTolerancePx(s)): ReadCandle[] {
  const flat = c.map((k) => rangePx(s, k) <= FLAT_MAX_PX);
  if (!flat.some(Boolean)) return c;
  const reach = skipReach(c);
  return c.filter((k, i) => {
    if (!flat[i]) return true;
    let p = i - 1;
    while (p >= 0 && flat[p]) p--;
    let n = i + 1;
    while (n < c.length && flat[n]) n++;
    const before = p >= 0 && k.x - c[p]!.x <= reach && overlaps(s, c[p]!, k, tol);
    const after = n < c.length && c[n]!.x - k.x <= reach && overlaps(s, k, c[n]!, tol);
    return before || after;
  });
}

/**
 * Short runs of shapes standing beyond the last candle, each past an empty stretch (further than
 * SKIP_JUNK_SPACINGS spacings, with no shape read in it: `read` is every candle read, before the
 * continuity check left any out), the first not opening where that candle closed, left out: a
 * platform draws bars at every place up to the last one, and what stands in the empty space
 * right of it is a marker (TradingView's economic-event flags along the plot's bottom, whose red
 * stripes read as flat bars joining each other) or text (a row of time labels the plot took in,
 * each label a piece of its own; before the last run only such single pieces). Each run fewer than SHORT_RUN_CANDLES, all of them fewer than
 * the candles before the first gap; a run of markers' pieces (each spanning a fraction of a
 * bar's range, away from the last bar in price) may be longer, as a JPEG breaks a row of flags
 * into many, and so may a run whose neighbours jump apart in price (a level's price box, its
 * glyphs read at two heights). `relation` says whether a hidden stretch (a panel) explains it.
 * Candles left out between two kept ones (misread, not missing) leave no empty stretch;
 * markers' pieces left out there do.
 */
export function dropTrailingStrays(
  c: ReadCandle[],
  read: readonly ReadCandle[],
  s: PriceScale,
  relation: JoinRelation = joins,
  tol = joinTolerancePx(s),
): ReadCandle[] {
  const reach = skipReach(c);
  const range = medianRangePx(c, s);
  const nearGap = HIDDEN_RUN_GAP_RANGES * range;
  const marker = (k: ReadCandle, before: ReadCandle) => markerPiece(s, range, k, before);
  let cut = c.length;
  let runEnd = c.length;
  for (let g = c.length - 1; g > 0; g--) {
    if (c[g]!.x - c[g - 1]!.x <= reach) continue;
    // Shapes g .. runEnd - 1 stand together past the stretch before g; a run of markers'
    // pieces only may be longer than a label's few, and so may a run whose neighbours jump
    // further apart in price than bars trade (a level's price box: its glyphs at two heights).
    const run = c.slice(g, runEnd);
    const notBars =
      run.every((k) => marker(k, c[g - 1]!)) ||
      run.some((k, i) => i > 0 && priceGapPx(s, run[i - 1]!, k) > nearGap);
    if ((runEnd - g >= SHORT_RUN_CANDLES && !notBars) || c.length - g >= g) break;
    // Before the last run, only single pieces are passed over (labels, each a piece of its own):
    // runs of bars between stretches are bars a drawing hid at each stretch (a session box's
    // sides drawn over bar columns), not text. Such bars trade near the bar before the hidden
    // place (within HIDDEN_RUN_GAP_RANGES of the bars' typical range); a run further from it in
    // price is a drawing's text too (a pivot level's label box, its glyphs read as bars joining
    // each other).
    if (runEnd < c.length && runEnd - g > 1 && !notBars && priceGapPx(s, c[g - 1]!, c[g]!) <= nearGap) break;
    runEnd = g;
    // A shape read in the stretch and left out is a misread bar, and the stretch no empty one;
    // a marker's piece there is more of the markers.
    const [a, b] = [c[g - 1]!.x, c[g]!.x];
    const misreadBetween = read.some((k) => k.x > a && k.x < b && !marker(k, c[g - 1]!));
    if (relation(s, c[g - 1]!, c[g]!, tol) || misreadBetween) continue;
    cut = g;
  }
  return cut < c.length ? c.slice(0, cut) : c;
}

/**
 * The longest run of markers' pieces (markerPiece: each a fraction of a bar's range, all away
 * in price from the bar before the run) at the end of the candles, left out, where fewer than
 * the bars before it: a line of text along the chart's right part, lying on the bars' lattice
 * with no empty stretch before it (a break-even line's label on a JPEG of MetaTrader CRUDEOIL M5,
 * thirteen glyph pieces 170 px above the last bar, read as the last bars). A quiet market's last
 * bars trade beside the bar before them. checkContinuity also runs it mirrored, for glyphs
 * before the first bar (the same chart's title pieces, 300 px above it, read as its high).
 */
export function dropTrailingMarkers(c: ReadCandle[], s: PriceScale): ReadCandle[] {
  const range = medianRangePx(c, s);
  let cut = c.length;
  for (let start = c.length - 1; start > 0 && smallPiece(s, range, c[start]!); start--) {
    if (c.length - start >= start) break;
    const before = c[start - 1]!;
    if (c.slice(start).every((k) => markerPiece(s, range, k, before))) cut = start;
  }
  return cut < c.length ? c.slice(0, cut) : c;
}

/**
 * How far (px) a bar may open from the previous close on a market that gaps a little between
 * bars: the reading slack, or SMALL_GAP_RANGE_SHARE of the bars' median high-low range where
 * that is more.
 */
export function smallGapTolerancePx(c: ReadCandle[], s: PriceScale): number {
  return Math.max(joinTolerancePx(s), SMALL_GAP_RANGE_SHARE * medianRangePx(c, s));
}

/** Whether bars of this timeframe span a day or more: whole sessions, which may gap at every bar. */
export const isDaily = (tf: Timeframe | null) =>
  tf !== null && TIMEFRAME_MINUTES[tf] >= TIMEFRAME_MINUTES['1d'];

export { MAX_UNJOINED, MIN_JOINED };

/**
 * What the continuity check makes of a reading. Within a trading session every market's bars
 * open where the previous one closed, so on an intraday chart a reading where most bars do not
 * has split, merged or misread candles (junk shapes from another pane, outlines read as
 * candles, JPEG-smeared bodies) and its prices must not be used. On daily and longer charts
 * stocks gap at every bar, so there it only warns. An unread
 * timeframe counts as intraday: the product's charts are intraday forex charts.
 */
export function continuityVerdict(
  joined: number,
  timeframe: Timeframe | null,
  apart = false,
): 'ok' | 'warn' | 'refuse' {
  if (joined >= MIN_JOINED) return 'ok';
  return isDaily(timeframe) || apart ? 'warn' : 'refuse';
}

/** The candles kept after the continuity checks, and what they cost the reading. */
export interface ContinuityResult {
  candles: ReadCandle[];
  joined: number;
  verdict: 'ok' | 'warn';
  /** Candles left out because they join neither neighbour. */
  dropped: number;
  /**
   * Kept though most bars do not join, on a chart not known to be daily, because every candle
   * was drawn apart and read whole (the market or platform gaps between bars).
   */
  gapping: boolean;
  /**
   * Kept because most bars open within a small gap of the previous close (a market gapping
   * between sessions) on a chart whose timeframe was not read; see smallGapTolerancePx.
   */
  smallGaps: boolean;
  /**
   * Too few bodies were known to judge opens against closes (1 px candles, OHLC bars drawn
   * without ticks): only overlapping ranges were checked, and only highs and lows are read
   * (opens and closes are estimated from the neighbours: hidden-bodies.ts).
   */
  unjudged: boolean;
}

/**
 * On a continuously traded market each bar opens where the previous one closed. When few of the
 * bars read do, candles were split, merged or misread (or the market gaps at every bar): the
 * reading is refused, or on a daily chart warned about. Throws NO_CHART_FOUND or TOO_FEW_CANDLES.
 */
export function checkContinuity(
  allCandles: ReadCandle[],
  priceScale: PriceScale,
  timeframe: Timeframe | null,
  apart = false,
  /** Per candle: whether its body (open and close) was read; omitted: every one. */
  known?: readonly boolean[],
  /**
   * Whether a panel stands between two neighbouring candles (the bars between them hidden): the
   * one is not judged against the other (the candle read between a panel and the image's edge
   * has no neighbour in view, and is no junk for that).
   */
  hiddenBetween?: (a: ReadCandle, b: ReadCandle) => boolean,
  /** Per candle: whether it stands out of a row drawn apart (see apartRow); omitted: none. */
  stray?: readonly boolean[],
): ContinuityResult {
  // Where most bodies are unknown (a chart of 1 px bars: MetaTrader's smallest zoom draws each
  // bar as one high-low stroke) the opens and closes read are the stroke's ends, which join
  // nothing: such a reading is judged by what continuity still implies, neighbouring ranges that
  // overlap, and kept with the warning that its opens and closes are unknown (its highs and
  // lows, the levels, are read).
  const unjudged = !canJudge(known);
  const base = unjudged ? overlaps : joins;
  const relation: JoinRelation = hiddenBetween
    ? (s, a, b, tol) => hiddenBetween(a, b) || base(s, a, b, tol)
    : base;
  const joined = joinedShare(allCandles, priceScale, relation);
  let verdict = continuityVerdict(joined, timeframe, apart);
  // A market that gaps between sessions (an index CFD, a stock) on a chart whose timeframe was
  // not read (a daily chart would only be warned about): most bars open near the previous
  // close, a small gap beside their ranges, where misread candles open away by a body. Kept with
  // a warning, judged and cleaned at that tolerance; a chart known to be intraday is not.
  let gapTol: number | null = null;
  if (verdict === 'refuse' && timeframe === null && !unjudged) {
    const tol = smallGapTolerancePx(allCandles, priceScale);
    if (joinedShare(allCandles, priceScale, relation, tol) >= MIN_JOINED) {
      verdict = 'warn';
      gapTol = tol;
    }
  }
  if (verdict === 'refuse') {
    throw new EngineError(
      'NO_CHART_FOUND',
      `The candles on this chart could not be read reliably: only ${Math.round(joined * 100)} % of them open where the previous one closed. Upload a sharper screenshot (PNG rather than JPEG) with fewer, wider candles and no other panes.`,
      { joinedShare: round(joined, 2) },
    );
  }
  // The same evidence, candle by candle: on an intraday chart a candle that joins neither its
  // neighbour before nor after is a junk shape or a misread body, and is left out rather than
  // given prices. Daily charts keep every candle (stocks gap at every bar), and so does a
  // gapping market's chart whose candles were each drawn apart (see drawnApart), but for shapes
  // that stand out of such a row (apartRow).
  let candles =
    isDaily(timeframe) || (apart && joined < MIN_JOINED)
      ? allCandles.filter((_, i) => !stray?.[i])
      : gapTol !== null
        ? dropUnjoined(allCandles, priceScale, relation, gapTol)
        : unjudged
          ? dropShortRuns(dropUnjoined(allCandles, priceScale, relation), priceScale, relation)
          : dropUnjoined(allCandles, priceScale, relation);
  // Shapes past the last bar (markers, text: dropTrailingStrays, dropTrailingMarkers) are no
  // candles cut wrongly.
  let pastLast = 0;
  if (candles !== allCandles) {
    const kept = candles.length;
    candles = dropTrailingMarkers(
      dropTrailingStrays(candles, allCandles, priceScale, relation, gapTol ?? undefined),
      priceScale,
    );
    if (candles.length < kept) pastLast = allCandles.filter((k) => k.x > candles.at(-1)!.x).length;
    // The same at the left edge: a title's or a label's glyphs before the first bar.
    candles = dropTrailingMarkers([...candles].reverse(), priceScale).reverse();
  }
  candles = dropFlatStrays(candles, priceScale);
  // So many junk shapes mean the shapes themselves were cut wrongly (a dense chart split at a
  // wrong spacing reads half its bars twice): what is left cannot be trusted either.
  const unjoined = 1 - candles.length / (allCandles.length - pastLast);
  if (unjoined > MAX_UNJOINED) {
    throw new EngineError(
      'NO_CHART_FOUND',
      `The candles on this chart could not be read reliably: ${Math.round(unjoined * 100)} % of them open away from the previous close and close away from the next open. Upload a sharper screenshot (PNG rather than JPEG) with fewer, wider candles and no other panes.`,
      { unjoinedShare: round(unjoined, 2) },
    );
  }
  if (candles.length < MIN_CANDLES) {
    throw new EngineError(
      'TOO_FEW_CANDLES',
      `Only ${candles.length} candles could be read reliably; zoom out so the chart shows at least ${MIN_CANDLES}, or upload a sharper screenshot.`,
      { found: candles.length },
    );
  }
  const dropped = allCandles.length - candles.length;
  // The strokes' ends are no open and close: each bar opens where the previous one closed, so
  // the opens and closes of bodies not read are estimated from their neighbours (hidden-bodies.ts).
  if (unjudged) {
    const knownOf = new Map(allCandles.map((c, i) => [c, known?.[i] ?? true]));
    candles = estimateHiddenBodies(candles, (c) => knownOf.get(c) ?? true, skipReach(candles));
  }
  return {
    candles,
    joined,
    verdict,
    dropped,
    gapping: verdict === 'warn' && !isDaily(timeframe) && gapTol === null,
    smallGaps: gapTol !== null,
    unjudged,
  };
}

/**
 * How far a candle may stand from the neighbour it is judged against past junk between them:
 * SKIP_JUNK_SPACINGS of the reading's median spacing.
 */
function skipReach(c: readonly ReadCandle[]): number {
  const gaps = c
    .slice(1)
    .map((k, i) => k.x - c[i]!.x)
    .sort((a, b) => a - b);
  return SKIP_JUNK_SPACINGS * (gaps[gaps.length >> 1] ?? 0);
}
