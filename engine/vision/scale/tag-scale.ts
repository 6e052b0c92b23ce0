import type { PriceScale } from '../types';
import type { AxisLabel } from './scale-fit';
import {
  MIN_LABELS,
  ROUNDED_LABEL_SLACK_PX,
  ROUNDED_LABELS_AGREE_SHARE,
  ROUNDED_TAG_AGREE_PX,
  ROUNDED_TAG_MIN_SPAN_SHARE,
  ROUNDED_TAG_SAME_ROW_PX,
} from './tuning';

/*
 * Labels printed rounded (decision 047). Some platforms (Stockity, a binary-options broker)
 * space their grid lines by a step that is no whole number of the labels' last digit (0.00244
 * printed to four decimals: "0.5518", "0.5493", "0.5469" on lines equally far apart), so each
 * label is its line's price rounded, up to half a unit off: a line through them misses one by
 * several px and the fit drops it. Their price tags print the price in full ("0.55226677"): two
 * tags at different rows give the scale exactly, and the labels confirm it where each lies within
 * half its rounding unit of it.
 */

/** Digits after the decimal point of a price as printed ("0.5518" 4, "1,234" 0). */
export function printedDecimals(text: string): number {
  const m = /[.](\d+)\s*$/.exec(text.trim());
  return m ? m[1]!.length : 0;
}

/**
 * The labels' format: the decimals most of them print, 0 when none prints any (whole numbers read
 * in the strip, an icon's "4", are no labels of a scale printed with decimals).
 */
export function labelDecimals(labels: readonly AxisLabel[]): number {
  const counts = new Map<number, number>();
  for (const l of labels) counts.set(printedDecimals(l.text), (counts.get(printedDecimals(l.text)) ?? 0) + 1);
  const [decimals] = [...counts.entries()].filter(([d]) => d > 0).sort((a, b) => b[1] - a[1])[0] ?? [0];
  return decimals;
}

/**
 * The linear scale through the price tags printed with more decimals than the labels, when two
 * or more of them at rows apart lie on one line (within ROUNDED_TAG_AGREE_PX) that puts at least
 * MIN_LABELS labels' rows, and most of those printed in the labels' format, within half their
 * rounding unit (and ROUNDED_LABEL_SLACK_PX) of their printed prices; else null. Its labels are
 * those, as printed.
 */
export function roundedLabelsScale(
  labels: readonly AxisLabel[],
  badges: readonly AxisLabel[],
): PriceScale | null {
  const decimals = labelDecimals(labels);
  if (!decimals) return null;
  const unit = 10 ** -decimals;
  // One tag per row, printed finer than the labels.
  const tags: AxisLabel[] = [];
  for (const b of badges)
    if (
      printedDecimals(b.text) > decimals &&
      !tags.some((t) => Math.abs(t.y - b.y) < ROUNDED_TAG_SAME_ROW_PX)
    )
      tags.push(b);
  if (tags.length < 2) return null;
  // Tags far enough apart to place the labels' rows: a slope from two tags a few rows apart
  // would be a guess.
  const labelRows = labels.map((l) => l.y);
  const tagRows = tags.map((t) => t.y);
  const labelSpan = Math.max(...labelRows) - Math.min(...labelRows);
  if (Math.max(...tagRows) - Math.min(...tagRows) < ROUNDED_TAG_MIN_SPAN_SHARE * labelSpan) return null;
  // price = intercept + slope * y through the tags (least squares).
  const n = tags.length;
  const my = tags.reduce((s, t) => s + t.y, 0) / n;
  const mp = tags.reduce((s, t) => s + t.price, 0) / n;
  let num = 0;
  let den = 0;
  for (const t of tags) {
    num += (t.y - my) * (t.price - mp);
    den += (t.y - my) ** 2;
  }
  const slope = den > 0 ? num / den : 0;
  // Prices rise upwards.
  if (!(slope < 0)) return null;
  const intercept = mp - slope * my;
  const rowOf = (price: number) => (price - intercept) / slope;
  if (tags.some((t) => Math.abs(rowOf(t.price) - t.y) > ROUNDED_TAG_AGREE_PX)) return null;
  // Each label row agrees when one of its readings lies within half a unit of the line's price.
  const halfUnitPx = unit / 2 / -slope;
  const rows = new Map<number, AxisLabel[]>();
  for (const l of labels)
    if (printedDecimals(l.text) === decimals) rows.set(l.y, [...(rows.get(l.y) ?? []), l]);
  const agreeing: AxisLabel[] = [];
  let excess = 0;
  for (const readings of rows.values()) {
    const best = readings
      .map((l) => ({ l, off: Math.abs(rowOf(l.price) - l.y) }))
      .sort((a, b) => a.off - b.off)[0]!;
    if (best.off > halfUnitPx + ROUNDED_LABEL_SLACK_PX) continue;
    agreeing.push(best.l);
    excess += Math.max(0, best.off - halfUnitPx) ** 2;
  }
  // Most label rows agree (a misread digit may leave one out), at least the scale's minimum.
  if (agreeing.length < MIN_LABELS || agreeing.length < ROUNDED_LABELS_AGREE_SHARE * rows.size) return null;
  return {
    mode: 'linear',
    slope,
    intercept,
    labels: agreeing.sort((a, b) => a.y - b.y).map((l) => ({ y: l.y, price: l.price, text: l.text })),
    residualPx: Math.sqrt(excess / agreeing.length),
  };
}
