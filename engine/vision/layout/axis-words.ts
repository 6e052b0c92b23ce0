import { colourDistance } from '../pixels/raster';
import type { Raster } from '../pixels/raster';
import { externalAxisTokens, trustedExternalLabels } from '../scale/external-labels';
import { MIN_LABELS as SCALE_MIN_LABELS } from '../scale/tuning';
import type { TextToken } from '../text';
import type { PlotRect, PriceScale } from '../types';
import { cutShort, fitTokens, priceReadings } from './axis-locate';
import { roundedLabelsScale } from '../scale/tag-scale';
import { joinSplitLabels } from '../scale/split-labels';
import type { AxisLabel } from '../scale/scale-fit';
import type { AxisColumn, ReadColumn } from './axis-locate';
import {
  COLUMN_PAD_PX,
  MIN_LABELS,
  LABEL_INK,
  RULE_INK_SHARE,
  AXIS_OCR_CANDIDATES,
  AXIS_OCR_MIN_NUMBERS,
  AXIS_OCR_NUMBER_DIGITS,
  SAME_STRIP_OVERLAP_SHARE,
} from './tuning';

/*
 * The axis strip's port (decision 038). When the engine's recogniser reads no column as a price
 * axis, the layout settles on a strip beside the background region, which on a full platform
 * window may be a drawing toolbar. The text columns the axis search read are then offered to a
 * caller's general OCR (ReadTrace.axisCandidates); the words it reads in one of them come back
 * (ReadOptions.axisColumn) and, when they step evenly on one price scale, are that column's axis
 * labels: the layout places the plot beside them as beside labels it read itself.
 */

/**
 * The columns worth a general OCR's time, best first: those where the recogniser read several
 * numbers (three digits or more: a price, even half misread), the strip already tried left out.
 * A column where it read as many clean prices as an axis needs, and the axis search found no
 * scale in them, is left out too: the OCR would read the same numbers (a watchlist's prices).
 */
export function axisCandidates(r: Raster, read: readonly ReadColumn[], tried: PlotRect): PlotRect[] {
  const numbers = (c: ReadColumn) =>
    c.tokens.filter((t) => (t.text.match(/\d/g) ?? []).length >= AXIS_OCR_NUMBER_DIGITS);
  const apart = (a: PlotRect, b: PlotRect) => a.right < b.left || a.left > b.right;
  // Two strips are one column read twice when they overlap over most of the wider one. The strip
  // tried was read by the OCR as a whole: a column inside a strip much wider than it (a drawing
  // and a watchlist either side of the labels) was not read on its own there, as its lines ran
  // on into the other columns; neighbours whose padding overlaps are two columns.
  const same = (a: PlotRect, b: PlotRect) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) + 1 >
    SAME_STRIP_OVERLAP_SHARE * Math.max(a.right - a.left + 1, b.right - b.left + 1);
  // A clean price is one read whole: a number with ink of its row right beside it is a piece of
  // a label the recogniser cut ("800" of "211.800" in 6 px digits), which the OCR may read whole.
  const clean = (t: TextToken) => !t.badge && priceReadings(t.text).length > 0 && !cutShort(r, t);
  const out: PlotRect[] = [];
  const ranked = read
    .map((c) => ({ c: c.column, found: numbers(c) }))
    .filter(({ found }) => found.filter(clean).length < MIN_LABELS)
    .map(({ c, found }) => ({ c, n: found.length }))
    .filter((c) => c.n >= AXIS_OCR_MIN_NUMBERS)
    .sort((a, b) => b.n - a.n);
  for (const { c } of ranked) {
    // The column itself with a little room: the padding the search reads with may take in a
    // frame rule or the window's edge, which a general OCR reads as characters.
    const strip = {
      left: Math.max(0, c.left - COLUMN_PAD_PX),
      top: c.top,
      right: Math.min(r.width - 1, c.right + COLUMN_PAD_PX),
      bottom: c.bottom,
    };
    // A column running into the strip already tried (joined across the rule between the plot
    // and a side panel, whose words reach the labels' rows) is offered without that strip: the
    // part beside it, where it holds most of its width.
    // A column inside a strip much wider than it is offered whole; one that is the strip tried
    // (the same column read twice) is not.
    const own = same(strip, tried)
      ? null
      : apart(strip, tried)
        ? strip
        : (besideTried(strip, tried) ?? (inside(strip, tried) ? strip : null));
    // A column read joined and apart (two neighbours of like weight) is offered once.
    if (own && out.every((o) => !same(o, own))) out.push(own);
  }
  return out.slice(0, AXIS_OCR_CANDIDATES);
}

/** Whether `a` lies within `b`'s columns. */
function inside(a: PlotRect, b: PlotRect): boolean {
  return a.left >= b.left && a.right <= b.right;
}

/**
 * The part of `strip` outside `tried` (a column overlapping it on one side only), when it keeps
 * at least half of the strip's width; else null.
 */
function besideTried(strip: PlotRect, tried: PlotRect): PlotRect | null {
  const width = strip.right - strip.left + 1;
  const part =
    strip.left < tried.left && strip.right <= tried.right
      ? { ...strip, right: tried.left - 1 }
      : strip.right > tried.right && strip.left >= tried.left
        ? { ...strip, left: tried.right + 1 }
        : null;
  return part && part.right - part.left + 1 >= width / 2 ? part : null;
}

/**
 * The price axis from words a general OCR read in `strip`: the words that parse as prices, fitted
 * on one linear scale and stepping evenly (trustedExternalLabels, as the scale stage holds the
 * port's words to), at least as many as the scale needs; else null.
 */
export function axisFromWords(r: Raster, strip: PlotRect, words: readonly TextToken[]): AxisColumn | null {
  const tokens = externalAxisTokens(r, strip, words).map((t) => ({ ...t, box: inkBox(r, t.box) }));
  const fitted = fitTokens(tokens, trustedExternalLabels) ?? roundedByTags(tokens);
  if (!fitted || fitted.fit.labels.length < SCALE_MIN_LABELS) return null;
  const { fit: scale, used } = fitted;
  const heights = used.map((t) => t.box.bottom - t.box.top).sort((a, b) => a - b);
  return {
    labels: {
      left: Math.min(...used.map((t) => t.box.left)),
      top: Math.min(...used.map((t) => t.box.top)),
      right: Math.max(...used.map((t) => t.box.right - 1)),
      bottom: Math.max(...used.map((t) => t.box.bottom)) - 1,
    },
    tokens,
    fitted: scale.labels.length,
    capHeight: heights[heights.length >> 1]!,
    scale,
  };
}

/**
 * The labels of a scale printed rounded, placed by its price tags printed in full
 * (scale/tag-scale.ts, decision 047), and the tokens it used; else null.
 */
function roundedByTags(tokens: readonly TextToken[]): { fit: PriceScale; used: TextToken[] } | null {
  const labels: (AxisLabel & { token: TextToken })[] = [];
  const tags: AxisLabel[] = [];
  for (const t of joinSplitLabels(tokens)) {
    const y = (t.box.top + t.box.bottom) / 2;
    for (const price of priceReadings(t.text))
      if (t.badge) tags.push({ y, price, text: t.text });
      else labels.push({ y, price, text: t.text, token: t });
  }
  const fit = roundedLabelsScale(labels, tags);
  if (!fit) return null;
  const used = labels
    .filter((l) => fit.labels.some((f) => f.y === l.y && f.price === l.price))
    .map((l) => l.token);
  return { fit, used };
}

/**
 * A word's box trimmed to its glyphs' ink: a general OCR's boxes are loose (a rule beside the
 * labels, the rows above and below the digits), and the layout walks from the labels' edge to
 * the plot's and fits the labels at their centres. Columns and rows with no ink, and rules (ink
 * across nearly the whole box) are trimmed off its sides; the box as given when nothing is left.
 */
export function inkBox(r: Raster, box: TextToken['box']): TextToken['box'] {
  const { width, rgb } = r;
  const w = box.right - box.left;
  const h = box.bottom - box.top;
  if (w <= 0 || h <= 0) return box;
  // The box's own majority colour is the background its glyphs are printed on.
  let bg = rgb[box.top * width + box.left]!;
  let votes = 0;
  for (let y = box.top; y < box.bottom; y++)
    for (let x = box.left; x < box.right; x++) {
      const c = rgb[y * width + x]!;
      if (votes === 0) [bg, votes] = [c, 1];
      else votes += colourDistance(c, bg) <= LABEL_INK ? 1 : -1;
    }
  const cols = new Uint32Array(w);
  const rows = new Uint32Array(h);
  for (let y = box.top; y < box.bottom; y++)
    for (let x = box.left; x < box.right; x++)
      if (colourDistance(rgb[y * width + x]!, bg) > LABEL_INK) {
        cols[x - box.left]!++;
        rows[y - box.top]!++;
      }
  const glyphs = (counts: Uint32Array, across: number) => (i: number) =>
    counts[i]! > 0 && counts[i]! < RULE_INK_SHARE * across;
  const colOk = glyphs(cols, h);
  const rowOk = glyphs(rows, w);
  let l = 0;
  let rr = w - 1;
  let t = 0;
  let b = h - 1;
  while (l <= rr && !colOk(l)) l++;
  while (rr >= l && !colOk(rr)) rr--;
  while (t <= b && !rowOk(t)) t++;
  while (b >= t && !rowOk(b)) b--;
  if (l > rr || t > b) return box;
  return { left: box.left + l, top: box.top + t, right: box.left + rr + 1, bottom: box.top + b + 1 };
}
