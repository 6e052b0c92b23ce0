import type { PixelCandle } from '../candles';
import { priceToY, yToPrice } from '../scale/price-scale';
import type { ScaleReading } from '../scale';
import type { PrintedOhlc } from './last-bar';
import type { PriceScale } from '../types';
import {
  SCALE_LABEL_PX,
  SCALE_GRID_PX,
  SCALE_TAG_PX,
  SCALE_LEGEND_PX,
  SCALE_REFUSE_STEPS,
  SCALE_TAG_SEARCH_PX,
  EVEN_STEP_SLACK,
  EVEN_STEP_SHARE,
} from './tuning';

/** One statement of the image the placed scale was held against, and how far (px) it disagrees. */
export interface ScaleDisagreement {
  /**
   * labels: the fit's worst label off its row (labels at evenly stepped prices only); grid: the
   * labels' prices off the grid lines; tag: the last-price tag's price off the last close's row;
   * legend: the printed O/H/L/C off the last bar's rows.
   */
  source: 'labels' | 'grid' | 'tag' | 'legend';
  /** Signed px: > 0 where the image puts the price lower on screen than the scale does. */
  px: number;
}

/**
 * The placed scale held against every independent statement the image makes about where a price
 * lies (decision 041): each label's own row (the fit's worst residual), the grid lines beside the
 * labels (scale/axis-scale.ts offGrid), the last-price tag's price against the last candle's close
 * row, and the printed O/H/L/C of the last bar against its four rows where they agree on one
 * offset (a print of a hovered bar does not, and says nothing about the scale). A scale placed
 * right agrees with each to within a reading's pixel; a scale a JPEG's smeared glyphs put a few
 * px off disagrees with the rows the candles themselves were read at.
 */
export function scaleDisagreements(
  scale: ScaleReading,
  last: PixelCandle | undefined,
  printed: PrintedOhlc | null,
  renderPx: number,
): ScaleDisagreement[] {
  const s = scale.priceScale;
  const out: ScaleDisagreement[] = [];
  // Labels at round prices (evenly stepped) lie each on its own row; a platform that prints the
  // rounded price of fixed rows (MetaTrader) puts them off by its rounding, which says nothing.
  if (s.mode === 'linear' && evenlyStepped(s.labels.map((l) => l.price))) {
    let worst = 0;
    for (const l of s.labels) {
      const d = l.y - priceToY(s, l.price);
      if (Math.abs(d) > Math.abs(worst)) worst = d;
    }
    out.push({ source: 'labels', px: worst });
  }
  if (scale.offGridPx !== null && scale.offGridPx !== undefined)
    out.push({ source: 'grid', px: scale.offGridPx });
  if (!last || last.ambiguous || last.direction === 0) return out;
  const bull = last.direction > 0;
  const rows: PrintedOhlc = {
    open: bull ? last.bodyBottom : last.bodyTop,
    high: last.highY,
    low: last.lowY,
    close: bull ? last.bodyTop : last.bodyBottom,
  };
  // The last-price tag is printed centred on the last close's row: the tag nearest that row,
  // within a tag's height, states the close's price. A tag whose price the scale puts more than half a label step from its own glyphs was misread
  // (a digit lost), and states nothing.
  const step = labelStep(s);
  let tag: (typeof scale.badges)[number] | null = null;
  for (const b of scale.badges) {
    const gap = Math.abs(b.y - rows.close);
    if (gap > SCALE_TAG_SEARCH_PX || !(Math.abs(priceToY(s, b.price) - b.y) <= step / 2)) continue;
    if (!tag || gap < Math.abs(tag.y - rows.close)) tag = b;
  }
  if (tag) out.push({ source: 'tag', px: rows.close - priceToY(s, tag.price) });
  if (printed) {
    const keys = ['open', 'high', 'low', 'close'] as const;
    const offsets = keys.map((k) => rows[k] - priceToY(s, printed[k]));
    // One offset for all four (within a rendering pixel's rounding and a pixel of reading):
    // the print describes this bar.
    if (Math.max(...offsets) - Math.min(...offsets) <= 1 + renderPx)
      out.push({ source: 'legend', px: offsets.reduce((a, b) => a + b, 0) / offsets.length });
  }
  return out;
}

/**
 * Whether prices step evenly: at least EVEN_STEP_SHARE of the gaps between neighbours are a whole
 * number of one of them (within EVEN_STEP_SLACK of one), the axis' step. TradingView's round
 * labels do (2.5 apart, some 5, one hidden under a tag 10; a misread digit breaks a gap or two:
 * 1.31594 for 1.31600); MetaTrader's labels of fixed rows do not (1.0853, 1.0832, 1.08115:
 * 0.0021 then 0.00205).
 */
export function evenlyStepped(prices: number[]): boolean {
  const sorted = [...prices].sort((a, b) => a - b);
  const gaps = sorted.slice(1).map((p, i) => p - sorted[i]!);
  const whole = (g: number, step: number) =>
    g / step > 0.5 && Math.abs(g / step - Math.round(g / step)) <= EVEN_STEP_SLACK;
  return gaps.some(
    (step) => step > 0 && gaps.filter((g) => whole(g, step)).length >= EVEN_STEP_SHARE * gaps.length,
  );
}

/** The median distance (px) between neighbouring labels of the fit. */
export function labelStep(s: PriceScale): number {
  const rows = s.labels.map((l) => priceToY(s, l.price)).sort((a, b) => a - b);
  const steps = rows
    .slice(1)
    .map((y, i) => y - rows[i]!)
    .sort((a, b) => a - b);
  return steps.length ? steps[steps.length >> 1]! : Infinity;
}

/** Each statement's tolerance (px): what the dev corpus never exceeds on exact readings (decision 041). */
const TOLERANCE: Record<ScaleDisagreement['source'], number> = {
  labels: SCALE_LABEL_PX,
  grid: SCALE_GRID_PX,
  tag: SCALE_TAG_PX,
  legend: SCALE_LEGEND_PX,
};

/** The verdict on the scale: the worst disagreement beyond its tolerance, and whether it is too large to trust any price. */
export interface ScaleVerdict {
  source: ScaleDisagreement['source'];
  px: number;
  /** About how far (in price) that many px moves a price at the middle of the labels. */
  price: number;
  /** Two statements independent of the labels (grid, tag, legend) both put the scale this far off, one way: refuse. */
  refuse: boolean;
}

/**
 * The worst disagreement beyond its statement's tolerance, or null when the scale agrees with
 * everything the image states. The reading is refused only where two statements that do not come
 * from the labels (the grid, the last-price tag, the printed last bar) agree that the scale is off
 * by more than SCALE_REFUSE_STEPS of a label step, one way: every price is then off by a
 * sizeable part of the axis' step, and one statement alone may be a misread.
 */
export function judgeScale(s: PriceScale, found: ScaleDisagreement[]): ScaleVerdict | null {
  const beyond = found.filter((d) => Math.abs(d.px) > TOLERANCE[d.source]);
  if (!beyond.length) return null;
  const worst = beyond.reduce((a, b) => (Math.abs(b.px) > Math.abs(a.px) ? b : a));
  const far = SCALE_REFUSE_STEPS * labelStep(s);
  const independent = found.filter((d) => d.source !== 'labels' && Math.abs(d.px) > far);
  const refuse = independent.some((a) =>
    independent.some((b) => a !== b && Math.sign(a.px) === Math.sign(b.px)),
  );
  const mid = s.labels.length ? s.labels.reduce((a, l) => a + l.y, 0) / s.labels.length : 0;
  const price = Math.abs(yToPrice(s, mid + Math.abs(worst.px)) - yToPrice(s, mid));
  return { source: worst.source, px: worst.px, price, refuse };
}
