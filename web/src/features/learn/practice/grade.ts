import { analyzeTimeframe, type TimeframeAnalysis } from '../../../../../engine/analysis';
import type { FigureLevel, FigureZone, PracticeExercise } from '../content/types';

/**
 * Practice charts are short (25-40 candles), so swings are read with 3 bars each side instead
 * of the engine's default 5; everything else is the engine's own detection, the same code
 * that analyses an uploaded screenshot. The charts are EURUSD-like and drawn in whole pips, so
 * the precision is given rather than inferred (it would read 4 decimals, not EURUSD's 5).
 */
export const PRACTICE_ANALYSIS_OPTIONS = { internalLength: 3, pricePrecision: 5 } as const;

export function analyzePractice(exercise: PracticeExercise): TimeframeAnalysis {
  return analyzeTimeframe(exercise.bars, PRACTICE_ANALYSIS_OPTIONS);
}

/** One right answer found by the engine: the bars that count as hitting it, and what to draw. */
export interface PracticeTarget {
  readonly firstBar: number;
  readonly lastBar: number;
  /** Plain words naming the detection with its prices, shown once it is revealed. */
  readonly label: string;
  readonly zone?: FigureZone;
  readonly level?: FigureLevel;
}

export interface PracticeGrade {
  readonly correct: boolean;
  /** The target the click hit, or for a miss the nearest one (used to say "look further right"). */
  readonly target: PracticeTarget | null;
  readonly message: string;
}

const fmt = (n: number, precision: number) => n.toFixed(precision);

/** Every detection of the exercise's concept and direction in the engine's analysis. */
export function practiceTargets(exercise: PracticeExercise, analysis: TimeframeAnalysis): PracticeTarget[] {
  const p = analysis.pricePrecision;
  const lastBar = analysis.barCount - 1;
  const tone = exercise.direction;
  switch (exercise.concept) {
    case 'structure-break':
      return analysis.structure
        .filter(
          (b) =>
            b.direction === exercise.direction &&
            (!exercise.structureKind || b.kind === exercise.structureKind),
        )
        .map((b) => ({
          firstBar: b.index,
          lastBar: b.index,
          label: `${tone === 'bullish' ? 'Bullish' : 'Bearish'} ${b.kind}: candle ${b.index + 1} closed ${tone === 'bullish' ? 'above' : 'below'} the swing at ${fmt(b.level, p)}`,
          level: { price: b.level, fromBar: b.swingIndex, toBar: b.index, tone, label: b.kind, dashed: true },
        }));
    case 'order-block':
      return analysis.orderBlocks
        .filter((ob) => ob.direction === exercise.direction)
        .map((ob) => ({
          firstBar: ob.fromIndex,
          lastBar: ob.index,
          label: `${tone === 'bullish' ? 'Bullish' : 'Bearish'} order block ${fmt(ob.bottom, p)}-${fmt(ob.top, p)} (${ob.status}), before the ${ob.breakKind} on candle ${ob.breakIndex + 1}`,
          zone: {
            fromBar: ob.fromIndex,
            toBar: lastBar,
            top: ob.top,
            bottom: ob.bottom,
            tone,
            label: 'Order block',
          },
        }));
    case 'fair-value-gap':
      return analysis.fvgs
        .filter((g) => g.direction === exercise.direction)
        .map((g) => ({
          // The gap is made by three candles; clicking any of them shows the trader saw it.
          firstBar: g.index - 1,
          lastBar: g.index + 1,
          label: `${tone === 'bullish' ? 'Bullish' : 'Bearish'} fair value gap ${fmt(g.bottom, p)}-${fmt(g.top, p)} on candle ${g.index + 1} (${g.status})`,
          zone: { fromBar: g.index - 1, toBar: lastBar, top: g.top, bottom: g.bottom, tone, label: 'FVG' },
        }));
    case 'liquidity-sweep':
      return analysis.liquidity.sweeps
        .filter((s) => s.direction === exercise.direction)
        .map((s) => ({
          firstBar: s.index,
          lastBar: s.index,
          label: `Sweep on candle ${s.index + 1}: wick to ${fmt(s.extreme, p)} beyond ${fmt(s.level, p)}, closed back inside`,
          level: {
            price: s.level,
            fromBar: s.swingIndex,
            toBar: s.index,
            tone: 'neutral',
            label: s.target === 'equalHighs' || s.target === 'equalLows' ? 'Equal highs/lows' : 'Swing',
            dashed: true,
          },
        }));
  }
}

/** Grades a click on candle `bar` (0-based) against the engine's detections. */
export function gradeClick(targets: readonly PracticeTarget[], bar: number): PracticeGrade {
  const hit = targets.find((t) => bar >= t.firstBar && bar <= t.lastBar);
  if (hit) return { correct: true, target: hit, message: hit.label };
  if (targets.length === 0) {
    return { correct: false, target: null, message: 'The analysis finds no such pattern on this chart.' };
  }
  const distance = (t: PracticeTarget) => (bar < t.firstBar ? t.firstBar - bar : bar - t.lastBar);
  const nearest = targets.reduce((a, b) => (distance(b) < distance(a) ? b : a));
  const d = distance(nearest);
  const where = bar < nearest.firstBar ? 'further right' : 'further left';
  const message =
    d <= 2
      ? `Close, but not this candle: look ${d === 1 ? 'one candle' : 'a couple of candles'} ${where}.`
      : 'Not this one. Read the hint and try again.';
  return { correct: false, target: nearest, message };
}
