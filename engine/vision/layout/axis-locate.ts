import type { RgbaImage } from '../../core/image';
import type { Raster } from '../pixels/raster';
import { colourDistance } from '../pixels/raster';
import { columnCounts, columnRuns, sameCounts, type ColumnCounts } from '../pixels/column-runs';
import { fitPriceScale } from '../scale/scale-fit';
import type { AxisLabel } from '../scale/scale-fit';
import { joinSplitLabels } from '../scale/split-labels';
import { parsePriceLabel, solveAxisLabels } from '../text';
import { featureDistance } from '../text/classify';
import { readStrip, readStripInWindows, type StripMemo } from './read-strip';
import type { TextToken } from '../text';
import type { PlotRect, PriceScale } from '../types';
import { priceToY } from '../scale/price-scale';
import {
  AXIS_CANDIDATES,
  AXIS_MORE_CANDIDATES,
  AXIS_TALL_RUNS_SECOND,
  COLUMN_PAD_DIVISOR,
  COLUMN_PAD_MAX_PX,
  COLUMN_PAD_PX,
  CONFUSION_DIGIT_SHARE,
  CONFUSION_MIN_DIGITS,
  CONVINCING,
  EDGE_CHANGE_SHARE,
  EDGE_REACH_CAPS,
  EDGE_REACH_MIN_PX,
  EDGE_TOLERANCE,
  GLYPH_MAX_MIN_PX,
  GLYPH_MAX_SHARE,
  GLYPH_STROKE_PARTS,
  JOIN_GAP_FACTOR,
  JOIN_WEIGHT_RATIO,
  LABEL_CLEARANCE_PX,
  LABEL_COLUMN_SLACK_PX,
  LABEL_INK,
  MIN_LABELS,
  MISREAD_RHYTHM_PX,
  OTHER_SCALE_OFF_STEPS,
  PANEL_CHANGE,
  SEPARATOR_MAX_PX,
  SHORT_SPAN,
  SAME_CHAR_MAX_DISTANCE,
  SPAN_WIN,
  TIGHT_SOLVE_SHARE,
  TEXT_COLUMN_MAX_SHARE,
  TEXT_COLUMN_MIN_PX,
  TEXT_GAP_MIN_PX,
  TEXT_GAP_SHARE,
  TEXT_MIN_RUNS,
  TEXT_SPLIT_DEPTH,
  TEXT_SPLIT_RUNS_FACTOR,
  TRUNCATION_BG_ABOVE_PX,
  TRUNCATION_REACH_LABELS,
} from './tuning';

/** A column of text found without reading it: x-range and how text-like its columns are. */
export interface TextColumn {
  left: number;
  right: number; // inclusive
  score: number;
}

/** The price axis found from its own labels. */
export interface AxisColumn {
  /** Bounding box of the labels that fit one price scale (inclusive). */
  labels: PlotRect;
  tokens: TextToken[];
  /** How many labels fit one linear (or log) price scale. */
  fitted: number;
  capHeight: number;
  /** The labels' price scale. */
  scale: PriceScale;
}

/**
 * Columns of text (price labels, toolbar icons, watchlists), found from the shape of each
 * column's ink: a column through a stack of labels crosses many short runs of ink separated by
 * the column's own background; a column through candles crosses one or two tall runs, a column
 * of empty plot only grid lines. Works on any background (each column has its own majority
 * colour, so an axis on its own panel colour or under a shaded session band is found alike).
 */
export function findTextColumns(
  r: Raster,
  top: number,
  bottom: number,
  maxTall = 1,
  counted: { counts?: ColumnCounts } = {},
): TextColumn[] {
  const { width } = r;
  const h = bottom - top + 1;
  // Glyphs are at most a few percent of the height tall; taller runs are candles or panels.
  const maxGlyph = Math.max(GLYPH_MAX_MIN_PX, Math.round(h * GLYPH_MAX_SHARE));
  // Per column: short ink runs (glyphs), or 0 for a column through more than `maxTall` tall runs.
  const majors = new Int32Array(width);
  // The search's later pass (more tall runs allowed, its readings held to one shape per
  // character) also passes over a tall run at the top edge: a desktop or a browser's tabs above
  // a window capture's axis.
  // Counted once for both of locatePriceAxis's searches (`counted`: neither changes the raster).
  if (bottom >= top && !sameCounts(counted.counts, r, top, bottom, maxGlyph))
    counted.counts = columnCounts(r, top, bottom, maxGlyph);
  const runs = columnRuns(r, top, bottom, maxGlyph, maxTall, majors, maxTall > 1, counted.counts);
  // Labels stand on one panel: a text column ends where the columns' own colour changes (an
  // axis on a highlighted band beside a watchlist on white, with no gap between them).
  const samePanel = (a: number, b: number) => colourDistance(majors[a]!, majors[b]!) <= PANEL_CHANGE;
  // A column of labels: neighbouring columns with many short runs, bridging the gaps between
  // glyphs and the decimal point.
  const out: TextColumn[] = [];
  const maxGap = Math.max(TEXT_GAP_MIN_PX, Math.round(width * TEXT_GAP_SHARE));
  const maxWidth = width * TEXT_COLUMN_MAX_SHARE;
  const segment = (from: number, to: number, minRuns: number, depth: number) => {
    let start = -1;
    let last = -1;
    let score = 0;
    const close = () => {
      const w = last - start + 1;
      if (w >= TEXT_COLUMN_MIN_PX && w <= maxWidth) out.push({ left: start, right: last, score });
      else if (w > maxWidth && depth < TEXT_SPLIT_DEPTH) {
        // Short candles, an indicator line and dotted grid rows make a whole plot look like
        // text: the labels beside it are the columns with far more runs than the plot's.
        const inside = Array.from(runs.subarray(start, last + 1)).sort((a, b) => a - b);
        const typical = inside[inside.length >> 1]!;
        segment(start, last, Math.max(minRuns + 1, TEXT_SPLIT_RUNS_FACTOR * typical), depth + 1);
      }
    };
    for (let x = from; x <= to + 1; x++) {
      const texty = x <= to && runs[x]! >= minRuns;
      if (!texty) continue;
      if (start >= 0 && (x - last - 1 > maxGap || !samePanel(start, x))) {
        close();
        start = -1;
      }
      if (start < 0) {
        start = x;
        score = 0;
      }
      last = x;
      score += runs[x]!;
    }
    if (start >= 0) close();
  };
  segment(0, width - 1, TEXT_MIN_RUNS, 0);
  out.sort((a, b) => a.left - b.left);
  // Large or monospaced digits leave wider gaps ("211" | ".000" at 3x): neighbouring columns of
  // like weight may be one column of labels, and are offered joined as well as apart (short
  // candles beside the axis can look like a column too).
  const joined: TextColumn[] = [];
  for (let i = 0; i + 1 < out.length; i++) {
    const a = out[i]!;
    const b = out[i + 1]!;
    const ratio = Math.max(a.score, b.score) / Math.min(a.score, b.score);
    if (
      b.left - a.right - 1 <= JOIN_GAP_FACTOR * maxGap &&
      samePanel(a.left, b.left) &&
      ratio <= JOIN_WEIGHT_RATIO &&
      b.right - a.left < width * TEXT_COLUMN_MAX_SHARE
    ) {
      joined.push({ left: a.left, right: b.right, score: a.score + b.score });
    }
  }
  return [...out, ...joined].sort((a, b) => b.score - a.score);
}

/**
 * The prices a token may mean. Besides the plain reading: letters that OCR confuses with
 * digits inside a number (O/0, l/1, S/5, B/8), a decimal point read as a comma, and without a
 * leading dash that may be an axis tick mark. Every variant goes to the robust fit, which keeps only readings that agree with
 * the other labels (a wrong variant cannot, as prices rise upwards).
 */
export function priceReadings(token: string): number[] {
  let text = token;
  const out = new Set<number>();
  const add = (s: string) => {
    const v = parsePriceLabel(s);
    if (v !== null && Number.isFinite(v)) out.add(v);
  };
  // A dotted grid line running up to the label reads as leading dots; two or more never start a
  // price.
  text = text.replace(/^[.\u00b7:,]{2,}(?=[-\u2212\dOolI|])/, '');
  add(text);
  const digits = (text.match(/\d/g) ?? []).length;
  if (
    digits >= CONFUSION_MIN_DIGITS &&
    digits >= text.replace(/[.,\s-]/g, '').length * CONFUSION_DIGIT_SHARE
  ) {
    const fixed = text.replace(/[Oo]/g, '0').replace(/[lI|]/g, '1').replace(/S/g, '5').replace(/B/g, '8');
    add(fixed);
    if (/^[-\u2212]/.test(fixed)) add(fixed.slice(1));
    // A decimal point read as a comma ("1,09700"): a thousands comma has three digits after it.
    if (/^[-\u2212]?\d+,\d+$/.test(fixed) && !/,\d{3}$/.test(fixed)) add(fixed.replace(',', '.'));
    // ... also after thousands commas ("78,000,00" for "78,000.00" on a JPEG): a comma with one
    // or two digits after it ends no thousands group.
    if (/^[-\u2212]?\d{1,3}(?:,\d{3})+,\d{1,2}$/.test(fixed)) add(fixed.replace(/,(\d{1,2})$/, '.$1'));
  }
  return [...out];
}

/**
 * Reads the most text-like columns, best first, and keeps the one whose numbers fit one price
 * scale (prices rising upwards at a steady rate): a toolbar, a watchlist or a clock column does
 * not. Reading stops at the first convincing column, so the usual cost is one narrow strip.
 */
export function locatePriceAxis(
  image: RgbaImage,
  r: Raster,
  top: number,
  bottom: number,
  maxCandidates = AXIS_CANDIDATES,
  read: ReadColumn[] = [],
  strips?: StripMemo,
): AxisColumn | null {
  // The columns' counts of ink runs, shared by the searches' two findTextColumns.
  const counted: { counts?: ColumnCounts } = {};
  const all = findTextColumns(r, top, bottom, 1, counted);
  const seen = all.slice(0, maxCandidates);
  const first = locateIn(image, r, top, bottom, seen, false, read, strips);
  if (first) return first;
  // A toolbar button above the labels and a price badge stacked on one label (two tall runs)
  // hide a column of few labels from the first search: columns crossing two tall runs are
  // searched too, those already read left out.
  const second = findTextColumns(r, top, bottom, AXIS_TALL_RUNS_SECOND, counted);
  const more = second
    .filter((c) => !seen.some((s) => s.left === c.left && s.right === c.right))
    .slice(0, maxCandidates);
  const found = more.length ? locateIn(image, r, top, bottom, more, true, read, strips) : null;
  if (found) return found;
  // A full platform window (toolbars, a watchlist, an order panel, a script editor) has more
  // text-like columns than the axis: the next ones are read too, only when none of the first
  // fitted (the usual chart never gets here), their labels held to one shape per character.
  const tried = [...seen, ...more];
  const rest = [...all, ...second]
    .filter((c, i, list) => list.findIndex((d) => d.left === c.left && d.right === c.right) === i)
    .filter((c) => !tried.some((s) => s.left === c.left && s.right === c.right))
    .sort((a, b) => b.score - a.score)
    .slice(0, AXIS_MORE_CANDIDATES);
  return rest.length ? locateIn(image, r, top, bottom, rest, true, read, strips) : null;
}

/** A text column read in search of the axis: the column and its text (image px, inclusive). */
export interface ReadColumn {
  column: PlotRect;
  tokens: TextToken[];
}

/**
 * locatePriceAxis over the given candidate columns. `checkShapes`: a column whose labels read one
 * character in clearly different shapes is no evidence (see mixedShapes).
 */
function locateIn(
  image: RgbaImage,
  r: Raster,
  top: number,
  bottom: number,
  columns: TextColumn[],
  checkShapes = false,
  readColumns: ReadColumn[] = [],
  strips?: StripMemo,
): AxisColumn | null {
  let best: AxisColumn | null = null;
  let bestSpan = 0;
  const read = new Map<TextColumn, TextToken[]>();
  // First as read glyph by glyph; when no column fits a scale so, each column's labels read
  // again together (solveAxisLabels: one font, one steady price step), which reads fonts the
  // templates do not know.
  for (const [col, jointly] of [
    ...columns.map((c) => [c, false] as const),
    ...columns.map((c) => [c, true] as const),
  ]) {
    if (jointly && best) break;
    // Room beside the glyphs, so that rows of bold digits still show mostly panel.
    const pad =
      COLUMN_PAD_PX + Math.min(COLUMN_PAD_MAX_PX, Math.round((col.right - col.left) / COLUMN_PAD_DIVISOR));
    const left = Math.max(0, col.left - pad);
    const right = Math.min(r.width - 1, col.right + pad);
    let tokens = read.get(col);
    if (!tokens) {
      const rect = { left, top, right, bottom };
      tokens = strips ? strips.read(image, r, rect) : readStrip(image, r, rect);
      read.set(col, tokens);
      readColumns.push({ column: { left: col.left, top, right: col.right, bottom }, tokens });
    }
    if (jointly) {
      const solved = solveAxisLabels(tokens);
      if (!solved) continue;
      tokens = solved;
    }
    const fitted = fitTokens(tokens);
    if (!fitted || fitted.fit.labels.length < MIN_LABELS) continue;
    const { fit, used } = fitted;
    const span = labelSpan(used);
    // More labels on one scale win, unless one column's labels run over a much shorter stretch
    // than the other's: a price ladder or order book beside the chart stacks many prices
    // tightly, the price axis spreads its labels over the whole pane. A convincing column
    // already found gives way only to a much longer one.
    if (best) {
      const longer = span >= SPAN_WIN * bestSpan;
      const more = fit.labels.length > best.fitted && best.fitted < CONVINCING;
      if (!longer && !(more && span * SPAN_WIN >= bestSpan)) continue;
    }
    const heights = used.map((t) => t.box.bottom - t.box.top).sort((a, b) => a - b);
    // Ink beside most labels that the recogniser left out ("1." of "1.13400" lost in a blurred
    // capture) would scale every price wrong: such a column is no evidence.
    if (truncated(r, used) || (checkShapes && mixedShapes(used))) continue;
    best = {
      // Within the column: dots of a grid line read as part of a label are not label.
      labels: {
        left: Math.max(col.left - LABEL_COLUMN_SLACK_PX, Math.min(...used.map((t) => t.box.left))),
        top: Math.min(...used.map((t) => t.box.top)),
        right: Math.min(col.right + LABEL_COLUMN_SLACK_PX, Math.max(...used.map((t) => t.box.right - 1))),
        bottom: Math.max(...used.map((t) => t.box.bottom)) - 1,
      },
      tokens,
      fitted: fit.labels.length,
      capHeight: heights[heights.length >> 1]!,
      scale: fit,
    };
    bestSpan = span;
    // Convincing, unless its labels keep to a short stretch of the image (a ladder may be the
    // first column read): then the other columns are read too.
    if (best.fitted >= CONVINCING && span >= SHORT_SPAN * (bottom - top)) break;
  }
  if (best && bestSpan < SHORT_SPAN * (bottom - top))
    return tightAxis(image, r, top, bottom, best, bestSpan, strips);
  return best;
}

/**
 * The axis read again in a strip just around its labels, when those found keep to a short
 * stretch of the image. A text column may take in toolbar icons or candles beside the labels,
 * whose brighter ink sets the recogniser's threshold above faint grey labels (Binance): most
 * labels are then lost, and the few read may be misread alike ("1.85" as "3.85" on every row,
 * which still fits a line). Read tight, the labels read glyph by glyph, and together where those
 * leave rows out (one font, one steady step: the misread digit is solved by the rows where it
 * changes), must spread much further to replace the first reading.
 */
function tightAxis(
  image: RgbaImage,
  r: Raster,
  top: number,
  bottom: number,
  first: AxisColumn,
  firstSpan: number,
  strips?: StripMemo,
): AxisColumn {
  const left = Math.max(0, first.labels.left - COLUMN_PAD_PX);
  const right = Math.min(r.width - 1, first.labels.right + COLUMN_PAD_PX);
  const read = readStripInWindows(image, r, { left, top, right, bottom }, first.capHeight, strips);
  const plain = fitTokens(read);
  let best = plain ? { tokens: read, ...plain } : null;
  if (!best || best.fit.labels.length < TIGHT_SOLVE_SHARE * priceRows(read)) {
    const solved = solveAxisLabels(read);
    const again = solved ? fitTokens(solved) : null;
    if (solved && again && (!best || again.fit.labels.length > best.fit.labels.length))
      best = { tokens: solved, ...again };
  }
  if (!best || best.fit.labels.length < MIN_LABELS) return first;
  const span = labelSpan(best.used);
  if (span < SPAN_WIN * firstSpan || truncated(r, best.used) || mixedShapes(best.used)) return first;
  const heights = best.used.map((t) => t.box.bottom - t.box.top).sort((a, b) => a - b);
  return {
    labels: {
      left: Math.min(...best.used.map((t) => t.box.left)),
      top: Math.min(...best.used.map((t) => t.box.top)),
      right: Math.max(...best.used.map((t) => t.box.right - 1)),
      bottom: Math.max(...best.used.map((t) => t.box.bottom)) - 1,
    },
    tokens: best.tokens,
    fitted: best.fit.labels.length,
    capHeight: heights[heights.length >> 1]!,
    scale: best.fit,
  };
}

/**
 * True when glyphs read as one character (a digit, a sign: points and commas aside) have clearly
 * different shapes: one font draws every label, so one of the two shapes is misread. Where the
 * misread digit never changes from label to label (a leading "1" read as "3" on every row:
 * "3.35200" for "1.15200"), the labels still fit a line, with every price wrong; the reading is
 * not trusted.
 */
export function mixedShapes(used: TextToken[]): boolean {
  const byChar = new Map<string, Float32Array[]>();
  for (const t of used)
    for (const g of t.glyphs ?? []) {
      // A decimal point or comma is a 1-2 px blob that JPEG reshapes label by label (j12-008's
      // points measure up to 61 apart, the templates' own dots 63): its shape says nothing, and
      // a point misread changes no digit. The digits carry the check.
      if (/^[.,]$/.test(g.text)) continue;
      const list = byChar.get(g.text) ?? [];
      list.push(g.features);
      byChar.set(g.text, list);
    }
  for (const list of byChar.values())
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++)
        if (featureDistance(list[i]!, list[j]!) > SAME_CHAR_MAX_DISTANCE) return true;
  return false;
}

/** Non-badge tokens that read as a price. */
const priceRows = (tokens: TextToken[]) =>
  tokens.filter((t) => !t.badge && priceReadings(t.text).length > 0).length;

/**
 * The price scale the tokens' labels fit, and the tokens it used. A label split at its decimal
 * point is one label, as the scale stage reads it. `refit` may narrow the first fit's labels to
 * those it trusts (the OCR's words, decision 038), fitted again.
 */
export function fitTokens(
  tokens: readonly TextToken[],
  refit?: (fit: PriceScale) => AxisLabel[] | null,
): { fit: PriceScale; used: TextToken[] } | null {
  const labels: (AxisLabel & { token: TextToken })[] = [];
  for (const t of joinSplitLabels(tokens)) {
    if (t.badge) continue;
    const y = (t.box.top + t.box.bottom) / 2;
    for (const price of priceReadings(t.text)) labels.push({ y, price, text: t.text, token: t });
  }
  let fit = fitPriceScale(labels);
  if (fit && refit) {
    const kept = refit(fit);
    fit = kept && fitPriceScale(kept);
  }
  if (!fit) return null;
  const used = labels
    .filter((l) => fit.labels.some((f) => f.y === l.y && f.price === l.price))
    .map((l) => l.token);
  return { fit, used };
}

/** Rows from the first label's top to the last one's bottom. */
const labelSpan = (used: TextToken[]) =>
  Math.max(...used.map((t) => t.box.bottom)) - Math.min(...used.map((t) => t.box.top));

/**
 * True when most labels have ink of their own rows right beside what was read of them (within two
 * label heights): their readings miss digits.
 */
function truncated(r: Raster, used: TextToken[]): boolean {
  return used.filter((t) => cutShort(r, t)).length > used.length / 2;
}

/**
 * True when a token has ink of its own rows right beside it (within two label heights): what was
 * read of it misses characters ("800" of "211.800", its "211." read apart or not at all).
 */
export function cutShort(r: Raster, t: TextToken): boolean {
  const { width, rgb } = r;
  // Two label heights: a monospaced "0." left of the read digits.
  const reach = TRUNCATION_REACH_LABELS * (t.box.bottom - t.box.top);
  // Ink against the same column just above the label: a frame line running down the column
  // is not part of any label.
  const above = Math.max(0, t.box.top - TRUNCATION_BG_ABOVE_PX);
  // A glyph's stroke covers a good part of the label's height; a grid line through the
  // label's row covers one row.
  const inkBetween = (from: number, to: number) => {
    for (let x = from; x <= to; x++) {
      const bg = rgb[above * width + x]!;
      let k = 0;
      for (let y = t.box.top; y < t.box.bottom; y++)
        if (colourDistance(rgb[y * width + x]!, bg) > LABEL_INK) k++;
      if (k * GLYPH_STROKE_PARTS >= t.box.bottom - t.box.top) return true;
    }
    return false;
  };
  return (
    inkBetween(Math.max(0, t.box.left - reach), t.box.left - LABEL_CLEARANCE_PX) ||
    inkBetween(t.box.right - 1 + LABEL_CLEARANCE_PX, Math.min(width - 1, t.box.right + reach))
  );
}

/** Majority colour (exact) of a column over rows top..bottom, every other row. */
function columnMajority(r: Raster, x: number, top: number, bottom: number): number {
  let cand = -1;
  let votes = 0;
  const tol = EDGE_TOLERANCE;
  for (let y = top, i = top * r.width + x; y <= bottom; y += 2, i += 2 * r.width) {
    const c = r.rgb[i]!;
    if (votes === 0) {
      cand = c;
      votes = 1;
    } else if (colourDistance(c, cand) <= tol) votes++;
    else votes--;
  }
  return cand;
}

/**
 * Where the plot ends beside the labels: walking from the labels towards the plot over the
 * axis background, the first column that is not that background is a separator (which belongs
 * to the frame: the plot ends just before it) or the plot's own background. `sure` is false when
 * the walk meets neither (plot and axis share one background, no separator): the edge is then
 * only known to lie between the labels and `limit`, the last column reached.
 */
export function plotEdgeBeside(
  r: Raster,
  labels: PlotRect,
  side: 'left' | 'right',
  capHeight: number,
): { at: number; sure: boolean; limit: number } {
  const dir = side === 'right' ? -1 : 1;
  const { top, bottom } = labels;
  const axisBg = columnMajority(r, side === 'right' ? labels.left - 1 : labels.right + 1, top, bottom);
  const n = Math.floor((bottom - top) / 2) + 1;
  const tol = EDGE_TOLERANCE;
  const matching = (x: number) => {
    let k = 0;
    for (let y = top, i = top * r.width + x; y <= bottom; y += 2, i += 2 * r.width) {
      if (colourDistance(r.rgb[i]!, axisBg) <= tol) k++;
    }
    return k / n;
  };
  const reach = Math.max(EDGE_REACH_MIN_PX, EDGE_REACH_CAPS * capHeight);
  let x = side === 'right' ? labels.left - 1 : labels.right + 1;
  for (let steps = 0; steps < reach && x > 0 && x < r.width - 1; steps++, x += dir) {
    // Badges wider than the labels cover only some rows: the edge is where most rows change.
    if (matching(x) >= EDGE_CHANGE_SHARE) continue;
    // A line (up to 3 px, antialiased) of another colour than what lies beyond it: a separator.
    // Its columns are those nearer the line's colour than the plot's; a dark theme's separator
    // may be only a few levels off the plot's background.
    const here = columnMajority(r, x, top, bottom);
    const beyond = columnMajority(r, x + SEPARATOR_MAX_PX * dir, top, bottom);
    if (colourDistance(here, beyond) <= EDGE_TOLERANCE / 2) return { at: x, sure: true, limit: x };
    let k = 1;
    while (k < SEPARATOR_MAX_PX) {
      const c = columnMajority(r, x + k * dir, top, bottom);
      if (colourDistance(c, here) >= colourDistance(c, beyond)) break;
      k++;
    }
    return { at: x + k * dir, sure: true, limit: x };
  }
  return { at: x - dir, sure: false, limit: x - dir };
}

/**
 * The top of the first label of another scale below the price labels: an indicator pane's (RSI
 * 0-100) or a volume pane's labels in the same axis column. Two or more numbers below the last
 * price label that the price scale puts nowhere near their own rows (a price label read with a
 * wrong digit may, so they must also form a scale of their own, rising upwards), mean the price
 * pane ends above them. Null when there are none.
 */
export function otherScaleBelow(axis: AxisColumn): number | null {
  const { labels, scale, capHeight } = axis;
  // The labels' spacing: the median gap between neighbouring labels (one hidden under a badge
  // leaves a double gap).
  const rows = scale.labels.map((l) => l.y).sort((a, b) => a - b);
  const gaps = rows
    .slice(1)
    .map((y, i) => y - rows[i]!)
    .sort((a, b) => a - b);
  const step = gaps.length ? gaps[gaps.length >> 1]! : 0;
  if (!(step > 0)) return null;
  const points: (AxisLabel & { top: number })[] = [];
  for (const t of axis.tokens) {
    if (t.badge || t.box.top <= labels.bottom + capHeight / 2) continue;
    const readings = priceReadings(t.text);
    const y = (t.box.top + t.box.bottom) / 2;
    if (
      readings.length === 0 ||
      readings.some((p) => Math.abs(priceToY(scale, p) - y) <= OTHER_SCALE_OFF_STEPS * step)
    )
      continue;
    for (const price of readings) points.push({ y, price, text: t.text, top: t.box.top });
  }
  const fit = fitPriceScale(points);
  if (!fit || fit.labels.length < 2) return null;
  // Price labels read with wrong digits keep the price labels' rhythm; another pane's labels
  // (placed on their own scale) mostly do not.
  const last = rows.at(-1)!;
  const onRhythm = (y: number) => {
    const off = (y - last) % step;
    return Math.min(off, step - off) <= MISREAD_RHYTHM_PX;
  };
  if (fit.labels.filter((l) => onRhythm(l.y)).length * 2 >= fit.labels.length) return null;
  return Math.min(...points.filter((p) => fit.labels.some((l) => l.y === p.y)).map((p) => p.top));
}
