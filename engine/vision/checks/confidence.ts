import type { CandleExtraction } from '../candles';
import { priceToY } from '../scale/price-scale';
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
} from './tuning';

/** Everything the confidence of a reading is judged on. */
export interface ReadingEvidence {
  extraction: CandleExtraction;
  scale: ScaleReading;
  continuity: ContinuityResult;
  /** Candles read before the continuity check left any out. */
  candlesRead: number;
  symbol: string | null;
  timeframe: string | null;
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
  for (const b of badges) {
    const dy = Math.abs(priceToY(priceScale, b.price) - b.y);
    if (dy > BADGE_PX && Math.abs(priceToY(priceScale, last.close) - b.y) < BADGE_PX) {
      confidence -= BADGE_COST;
      warnings.push(`The price badge ${b.text} does not sit where the axis puts that price.`);
    }
  }
  if (dropped > 0) {
    confidence -= Math.min(DROPPED_COST_MAX, (dropped / e.candlesRead) * DROPPED_COST_PER_SHARE);
    warnings.push(
      `${dropped} of ${e.candlesRead} candles were left out: each opens away from the previous close and closes away from the next open, so they were misread.`,
    );
  }
  if (verdict === 'warn') {
    confidence -= CONTINUITY_WARN_COST;
    warnings.push(
      `Only ${Math.round(joined * 100)} % of the candles read open where the previous one closed; some candles may be misread.`,
    );
  }
  // A candle whose body cannot be told from its wick (a doji, or a 1 px candle) has an open and
  // close the reader could only infer, so any such candle costs confidence, warned about or not.
  if (e.extraction.warnings.length || e.extraction.uncertainBodies) confidence -= UNCERTAIN_BODIES_COST;
  if (!e.symbol) warnings.push('The symbol could not be read from the chart.');
  if (!e.timeframe) warnings.push('The timeframe could not be read from the chart.');
  return { confidence: Math.max(0, Math.min(1, Math.round(confidence * 100) / 100)), warnings };
}
