import type { CandleExtraction } from '../candles';
import { priceToY } from '../scale/price-scale';
import { labelDecimals, printedDecimals } from '../scale/tag-scale';
import type { ScaleReading } from '../scale';
import type { ReadCandle } from '../types';
import type { ContinuityResult } from './continuity';
import {
  BADGE_COST,
  BADGE_PX,
  CONTINUITY_WARN_COST,
  DROPPED_COST_MAX,
  DROPPED_COST_PER_SHARE,
  FEW_LABELS,
  FEW_LABELS_COST,
  LEGEND_COST,
  LEGEND_PX,
  REJECTED_COST_MAX,
  REJECTED_LABEL_COST,
  RESIDUAL_COST_MAX,
  RESIDUAL_COST_PER_PX,
  UNCERTAIN_BODIES_COST,
  UNJUDGED_COST,
  MISSING_COST_PER_SHARE,
  MISSING_MAX_COST,
  MISSING_WARN_SHARE,
  SCALE_CHECK_COST,
} from './tuning';
import { labelStep, type ScaleVerdict } from './scale-check';

/** What each statement the scale disagrees with is, in a trader's words. */
const SOURCE_TEXT: Record<ScaleVerdict['source'], string> = {
  labels: 'the labels do not lie on one scale',
  grid: 'the grid lines',
  tag: 'the last-price tag against the last candle',
  legend: 'the printed last bar against the last candle',
};

/** A price to two significant digits, for "off by about" (0.00031, 0.12, 1.4, 24). */
function roundPrice(p: number): string {
  return String(Number(p.toPrecision(2)));
}

/**
 * Places of the candle lattice (`spacing` px apart) between the first and last candle centre of
 * `xs` (left to right) where no candle stands. Charts draw a bar at every place (no gaps for
 * weekends or nights), so an empty place is a candle that was not read.
 */
export function missingPlaces(xs: number[], spacing: number): number {
  if (!(spacing >= 2)) return 0;
  let missing = 0;
  for (let i = 1; i < xs.length; i++) missing += Math.max(0, Math.round((xs[i]! - xs[i - 1]!) / spacing) - 1);
  return missing;
}

/** Everything the confidence of a reading is judged on. */
export interface ReadingEvidence {
  extraction: CandleExtraction;
  scale: ScaleReading;
  continuity: ContinuityResult;
  /** Candles read before the continuity check left any out. */
  candlesRead: number;
  symbol: string | null;
  timeframe: string | null;
  /** The title or legend names Heikin Ashi candles: averages, not market prices. */
  heikinAshi?: boolean;
  /** The scale's worst disagreement with what else the image states, beyond its tolerance (checks/scale-check.ts). */
  scaleCheck?: ScaleVerdict | null;
}

/**
 * The reading's confidence (0..1, two decimals) and its warnings, from cross-checks against what
 * the screenshot itself states: the fit's residual and label count, labels the fit left out, the
 * legend's O/H/L/C against the last candle, price badges against the scale, candles left out and
 * the continuity share, bodies that could not be told from wicks, an unread symbol or timeframe.
 */
export function scoreReading(e: ReadingEvidence): { confidence: number; warnings: string[] } {
  const { priceScale, labels, badges, legend } = e.scale;
  const { candles, joined, verdict, dropped } = e.continuity;
  const warnings = [...e.extraction.warnings];
  if (priceScale.mode === 'log') warnings.push('The price axis is logarithmic.');

  let confidence = 1;
  confidence -= Math.min(RESIDUAL_COST_MAX, priceScale.residualPx * RESIDUAL_COST_PER_PX);
  if (priceScale.labels.length < FEW_LABELS) confidence -= FEW_LABELS_COST;
  const rejected = new Set(labels.map((l) => l.y)).size - priceScale.labels.length;
  if (rejected > 0) confidence -= Math.min(REJECTED_COST_MAX, rejected * REJECTED_LABEL_COST);
  const last: ReadCandle = candles.at(-1)!;
  if (legend) {
    const px = Math.max(
      ...(['open', 'high', 'low', 'close'] as const).map((k) =>
        Math.abs(priceToY(priceScale, legend[k]) - priceToY(priceScale, last[k])),
      ),
    );
    if (px > LEGEND_PX) {
      confidence -= LEGEND_COST;
      warnings.push(
        `The legend shows O ${legend.open} H ${legend.high} L ${legend.low} C ${legend.close}, which differs from the last candle read (${px.toFixed(1)} px); the legend may describe a hovered candle.`,
      );
    }
  }
  // A platform prints its price badges with the labels' decimals or more (tag-scale.ts). A badge
  // printed with fewer ("6" of "63.476", "7329" of "1.17329", "2222,22" beside "2222.22"), or
  // stating a price more than half a label step from its own row (a digit taken for another:
  // "1.18022" for "1.16022"; scale-check.ts judges tags so too), was misread and says nothing
  // about the scale.
  const decimals = labelDecimals(priceScale.labels);
  const step = labelStep(priceScale);
  for (const b of badges) {
    const dy = Math.abs(priceToY(priceScale, b.price) - b.y);
    if (
      dy > BADGE_PX &&
      dy <= step / 2 &&
      Math.abs(priceToY(priceScale, last.close) - b.y) < BADGE_PX &&
      printedDecimals(b.text) >= decimals
    ) {
      confidence -= BADGE_COST;
      warnings.push(`The price badge ${b.text} does not sit where the axis puts that price.`);
    }
  }
  // The scale against everything else the image states (checks/scale-check.ts, decision 041):
  // a scale a few px off finds every candle and says nothing else.
  const sc = e.scaleCheck;
  if (sc) {
    confidence -= SCALE_CHECK_COST;
    const px = Math.abs(sc.px).toFixed(1);
    warnings.push(
      sc.source === 'grid'
        ? `The price labels sit ${px} px from the chart's grid lines, so every price read may be off by about that much.`
        : `The price labels and the chart disagree by about ${px} px (${SOURCE_TEXT[sc.source]}); prices may be off by about ${roundPrice(sc.price)}.`,
    );
  }
  if (dropped > 0) {
    confidence -= Math.min(DROPPED_COST_MAX, (dropped / e.candlesRead) * DROPPED_COST_PER_SHARE);
    // Where the bars are taken to gap, none is left out for opening away: only shapes that are
    // no bars of the row (checks/continuity.ts apartRow, dropFlatStrays).
    warnings.push(
      e.continuity.gapping
        ? `${dropped} of ${e.candlesRead} shapes read as candles were left out: they stand out of the row of bars (another width, off the bars' spacing, or a flat stroke away from every bar), so they are no bars.`
        : `${dropped} of ${e.candlesRead} candles were left out: each opens away from the previous close and closes away from the next open, so they were misread.`,
    );
  }
  // Candles not read at all between the first and last kept (the dropped ones are warned about
  // above): the reading is partial there, and says so.
  const unread =
    missingPlaces(
      candles.map((c) => c.x),
      e.extraction.barSpacing,
    ) - dropped;
  const places = candles.length + Math.max(0, unread) + dropped;
  if (unread > 0 && unread / places > MISSING_WARN_SHARE) {
    confidence -= Math.min(MISSING_MAX_COST, (unread / places) * MISSING_COST_PER_SHARE);
    warnings.push(
      `About ${unread} candles between the first and last read could not be read (a panel, a drawing or another pane may cover them); levels found there may be incomplete.`,
    );
  }
  if (verdict === 'warn') {
    confidence -= CONTINUITY_WARN_COST;
    warnings.push(
      e.continuity.smallGaps
        ? `Only ${Math.round(joined * 100)} % of the candles read open where the previous one closed, but most open a small gap away from it, as a market that gaps between sessions does (a daily index or stock chart); the timeframe could not be read to confirm it, so some candles may be misread.`
        : e.continuity.gapping
          ? `Only ${Math.round(joined * 100)} % of the candles read open where the previous one closed. Every candle was read as a separate body, so this market or platform is taken to gap between bars; if it does not, some candles may be misread.`
          : `Only ${Math.round(joined * 100)} % of the candles read open where the previous one closed; some candles may be misread.`,
    );
  }
  // A candle whose body cannot be told from its wick (a doji, or a 1 px candle) has an open and
  // close the reader could only infer, so any such candle costs confidence, warned about or not.
  if (e.extraction.warnings.length || e.extraction.uncertainBodies) confidence -= UNCERTAIN_BODIES_COST;
  if (e.continuity.unjudged) confidence -= UNJUDGED_COST;
  if (!e.symbol) warnings.push('The symbol could not be read from the chart.');
  if (!e.timeframe) warnings.push('The timeframe could not be read from the chart.');
  // Read as drawn (the candles are read correctly), so no confidence is taken off; the trader
  // must know that the levels are averaged prices a real order may never see.
  if (e.heikinAshi)
    warnings.push(
      'The chart says Heikin Ashi: its candles are averaged prices, not the market’s, so levels read from them may not be prices the market traded at. Upload a regular candlestick chart for exact levels.',
    );
  return { confidence: Math.max(0, Math.min(1, Math.round(confidence * 100) / 100)), warnings };
}
