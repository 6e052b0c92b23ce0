/**
 * Places the text labels of an annotated chart so that none overlaps another (issue 20: "CBOSH"
 * where a CHoCH and a BOS label were drawn on top of each other, TP1 / Entry / Stop /
 * Equilibrium stacked at one price). Each label wants a spot next to what it names; when that
 * spot is taken it moves up or down, one row at a time, to the nearest free spot, and the chart
 * draws a leader line from the moved label back to its price. Labels are placed in priority
 * order, so the plan's levels keep their spot and context labels give way.
 *
 * Pure and unit-tested: the SVG components only draw what this returns. Coordinates are the
 * chart's own units (the screenshot's pixels); `font` is the label font size in those units.
 */

export type LabelAlign = 'start' | 'middle' | 'end';

export interface LabelRequest {
  readonly id: string;
  readonly text: string;
  /** x of the text anchor (its left, centre or right end, per `align`). */
  readonly x: number;
  readonly align: LabelAlign;
  /** Where the label's vertical centre would sit if nothing were in the way. */
  readonly y: number;
  /** The y of the price it names: a moved label's leader line ends there. */
  readonly targetY: number;
  /** The x where a leader line ends (default: the label's anchor x). */
  readonly targetX?: number;
  /** Lower is placed first and so keeps its spot. */
  readonly priority: number;
}

export interface Box {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

export interface PlacedLabel extends LabelRequest {
  /** The vertical centre it got. */
  readonly centerY: number;
  /** The text baseline to draw at. */
  readonly baselineY: number;
  readonly box: Box;
  /** True when it left its wanted spot: draw a leader line to targetY. */
  readonly moved: boolean;
}

/**
 * Average advance of a character of the UI's sans-serif, in em: the labels are mostly digits
 * and capitals (about 0.55-0.62 em), so 0.6 errs on the wide side and boxes never undercount.
 */
export const LABEL_CHAR_EM = 0.6;
/** A label's row height in em: the text plus room for its background. */
export const LABEL_ROW_EM = 1.3;
/** Free space kept between two labels, in em. */
export const LABEL_GAP_EM = 0.15;
/** How many rows a label may move up or down before it gives up and keeps its spot. */
export const LABEL_MAX_SHIFT_ROWS = 24;

/** Width of a text in em; the browser measures it, the estimate serves elsewhere (tests). */
export type MeasureEm = (text: string) => number;

export const estimateEm: MeasureEm = (text) => text.length * LABEL_CHAR_EM;

/** A label's box width: the text and a quarter em of padding each side. */
export function labelWidth(text: string, font: number, measure: MeasureEm = estimateEm): number {
  return measure(text) * font + font * 0.5;
}

function boxAt(r: LabelRequest, centerY: number, font: number, measure: MeasureEm): Box {
  const width = labelWidth(r.text, font, measure);
  const left = r.align === 'start' ? r.x : r.align === 'end' ? r.x - width : r.x - width / 2;
  const half = (font * LABEL_ROW_EM) / 2;
  return { left, right: left + width, top: centerY - half, bottom: centerY + half };
}

export function boxesOverlap(a: Box, b: Box, gap = 0): boolean {
  return a.left < b.right + gap && b.left < a.right + gap && a.top < b.bottom + gap && b.top < a.bottom + gap;
}

export function layoutLabels(
  requests: readonly LabelRequest[],
  options: {
    font: number;
    top: number;
    bottom: number;
    left?: number;
    right?: number;
    measure?: MeasureEm;
  },
): PlacedLabel[] {
  const { font } = options;
  const measure = options.measure ?? estimateEm;
  const row = font * (LABEL_ROW_EM + LABEL_GAP_EM);
  const gap = font * LABEL_GAP_EM;
  const half = (font * LABEL_ROW_EM) / 2;
  const minY = options.top + half;
  const maxY = Math.max(minY, options.bottom - half);
  const clampY = (y: number) => Math.min(maxY, Math.max(minY, y));
  // Keep a label inside the chart horizontally too (a right-aligned label near the left edge).
  const shiftX = (r: LabelRequest): LabelRequest => {
    const box = boxAt(r, 0, font, measure);
    if (options.left !== undefined && box.left < options.left)
      return { ...r, x: r.x + options.left - box.left };
    if (options.right !== undefined && box.right > options.right)
      return { ...r, x: r.x - (box.right - options.right) };
    return r;
  };

  const order = requests
    .map((r, i) => ({ r: shiftX(r), i }))
    .sort((a, b) => a.r.priority - b.r.priority || a.r.y - b.r.y || a.i - b.i);
  const placed: { label: PlacedLabel; i: number }[] = [];
  for (const { r, i } of order) {
    const wanted = clampY(r.y);
    let chosen = wanted;
    for (let k = 0; k <= LABEL_MAX_SHIFT_ROWS * 2; k++) {
      // 0, +1, -1, +2, -2 ... rows: the nearest free spot, below first (labels sit above their
      // line, so one row down lands just under it).
      const step = k === 0 ? 0 : k % 2 === 1 ? (k + 1) / 2 : -k / 2;
      const y = wanted + step * row;
      if (y < minY - 1e-9 || y > maxY + 1e-9) continue;
      const box = boxAt(r, y, font, measure);
      if (!placed.some((p) => boxesOverlap(p.label.box, box, gap))) {
        chosen = y;
        break;
      }
    }
    const box = boxAt(r, chosen, font, measure);
    placed.push({
      i,
      label: {
        ...r,
        centerY: chosen,
        baselineY: chosen + font * 0.35,
        box,
        moved: Math.abs(chosen - wanted) > 0.5,
      },
    });
  }
  return placed.sort((a, b) => a.i - b.i).map((p) => p.label);
}
