/**
 * Confidence of the trade idea: a sum of documented parts (docs/confidence-scoring.md), each
 * listed in the result so the UI can show why the number is what it is.
 */
import type { Bias } from '../analysis/types';
import type { PlanContext } from './context';
import type { PlanFacts } from './facts';
import type { Side } from './setup';
import type { Confidence, ConfidencePart } from './types';
import {
  CONFIDENCE_SPLITS as S,
  CONFIDENCE_WEIGHTS as W,
  MIN_CONFIDENCE,
  TRIGGER_LOOKBACK_BARS,
  confidenceBucket,
  READING_PENALTY_PER_TENTH,
  READ_CONFIDENCE_GOOD,
  TIMEFRAME_MISMATCH_PENALTY,
} from './weights';

/**
 * Whole points: every part is shown as a whole number and the score is their exact sum, so the
 * number on the card is the number the 75 % gate compares (issue 18: parts summing to 74.5 were
 * shown as 75 % and passed). Points earned are rounded down, so a part never shows more than it
 * earned; a penalty is rounded up in size, so a doubtful read never costs less than computed.
 * The tiny epsilon keeps float noise (0.7 * 20 = 14.000000000000002) from costing a point.
 */
export const wholePoints = (x: number) => (x >= 0 ? Math.floor(x + 1e-9) : -Math.ceil(-x - 1e-9));
const biasOf = (side: Side): Bias => (side === 'long' ? 'Bullish' : 'Bearish');

export interface ConfidenceInput {
  readonly ctx: PlanContext;
  readonly facts: PlanFacts;
  /** Number of charts whose timeframe read differently from their slot. */
  readonly timeframeMismatches: number;
  /**
   * Score the plan as if the 5m CHoCH it waits for had printed in the zone: what a setup to
   * watch would score once triggered (the zone is then retested, no longer fresh).
   */
  readonly assumeTrigger?: boolean;
}

export function scoreConfidence(input: ConfidenceInput): Confidence {
  const { ctx, facts } = input;
  const { side, zone, trigger, setup } = facts;
  const assumed = !!input.assumeTrigger;
  const zoneTested = facts.zoneTested || assumed;
  const v4 = ctx.s4h.analysis.verdict;
  const v15 = ctx.s15m.analysis.verdict;
  const v5 = ctx.s5m.analysis.verdict;
  const parts: ConfidencePart[] = [];
  const want = side ? biasOf(side) : null;
  const against = side ? biasOf(side === 'long' ? 'short' : 'long') : null;

  parts.push({
    key: 'htfBias',
    label: '4h directional bias',
    max: W.htfBias,
    points: want ? wholePoints(W.htfBias * (S.htfBiasBase + (1 - S.htfBiasBase) * (v4.strength / 10))) : 0,
    detail: want
      ? `4h is ${v4.bias} with strength ${v4.strength}/10`
      : `4h bias is ${v4.bias}: no direction to trade`,
  });

  let align = 0;
  let alignDetail = `15m is ${v15.bias}`;
  if (want && v15.bias === want) {
    align = W.alignment15m;
    alignDetail += ', agreeing with the 4h';
  } else if (want && v15.bias === 'Neutral') {
    align = W.alignment15m * S.alignmentNeutral;
    alignDetail += ': not against the 4h, not confirming it either';
  } else if (want && v15.bias === against) {
    alignDetail += ', against the 4h';
  }
  parts.push({
    key: 'alignment15m',
    label: '15m agrees with 4h',
    max: W.alignment15m,
    points: wholePoints(align),
    detail: alignDetail,
  });

  let zoneShare = 0;
  let zoneDetail = 'no 15m order block or fair value gap to enter from';
  if (zone) {
    zoneShare =
      zone.kind === 'orderBlock+fvg' ? 1 : zone.kind === 'orderBlock' ? S.zoneOrderBlock : S.zoneFvg;
    if (!zoneTested) zoneShare += S.zoneFreshBonus;
    zoneShare = Math.min(1, zoneShare);
    const what =
      zone.kind === 'orderBlock+fvg'
        ? 'order block overlapping a fair value gap'
        : zone.kind === 'orderBlock'
          ? 'order block'
          : 'fair value gap';
    zoneDetail = `15m ${what} ${ctx.fmt(zone.bottom)}-${ctx.fmt(zone.top)}, ${zoneTested ? 'already retested' : 'not yet retested'}`;
  }
  parts.push({
    key: 'setupZone',
    label: '15m setup zone',
    max: W.setupZone,
    points: wholePoints(W.setupZone * zoneShare),
    detail: zoneDetail,
  });

  let trig = 0;
  const trigWords: string[] = [];
  const dirWord = side === 'long' ? 'up' : 'down';
  if (side && trigger) {
    if (trigger.structureBreak?.kind === 'CHoCH') {
      trig += S.triggerChoch;
      trigWords.push(`5m CHoCH ${dirWord} through ${ctx.fmt(trigger.structureBreak.level)}`);
    } else if (trigger.structureBreak) {
      trig += S.triggerBos;
      trigWords.push(`5m BOS ${dirWord} through ${ctx.fmt(trigger.structureBreak.level)}`);
    } else if (assumed) {
      trig += S.triggerChoch;
    }
    if (trigger.sweep) {
      trig += S.triggerSweep;
      trigWords.push(`liquidity swept at ${ctx.fmt(trigger.sweep.level)}`);
    }
  }
  if (side && trig === 0 && v5.bias === want) {
    trig = S.triggerSweep;
    trigWords.push(`no trigger yet, but the 5m is already ${v5.bias}`);
  }
  const noTriggerDetail = !zone
    ? 'no zone, so no 5m trigger to look for'
    : !facts.zoneReachedRecently
      ? `price has not reached the zone in the last ${TRIGGER_LOOKBACK_BARS} 5m bars: no 5m trigger`
      : `price reached the zone but the 5m has not broken structure ${dirWord} since`;
  parts.push({
    key: 'trigger5m',
    label: '5m entry trigger',
    max: W.trigger5m,
    points: wholePoints(W.trigger5m * Math.min(1, trig)),
    detail: trigWords.length ? trigWords.join('; ') : side ? noTriggerDetail : 'no direction to trigger',
  });

  let pd = 0;
  const pdWords: string[] = [];
  if (side && setup) {
    const s = side === 'long' ? 1 : -1;
    const half = side === 'long' ? 'discount' : 'premium';
    const eq4 = ctx.s4h.analysis.premiumDiscount?.equilibrium;
    const eq15 = ctx.s15m.analysis.premiumDiscount?.equilibrium;
    if (eq4 !== undefined && s * (eq4 - setup.entry) > 0) {
      pd += S.pdHtf;
      pdWords.push(`entry in 4h ${half} (${s > 0 ? 'below' : 'above'} equilibrium ${ctx.fmt(eq4)})`);
    }
    if (eq15 !== undefined && s * (eq15 - setup.entry) > 0) {
      pd += S.pd15m;
      pdWords.push(`entry in 15m ${half}`);
    }
  }
  parts.push({
    key: 'premiumDiscount',
    label: 'Premium / discount',
    max: W.premiumDiscount,
    points: wholePoints(W.premiumDiscount * pd),
    detail: pdWords.length ? pdWords.join('; ') : 'entry not in the favourable half of the 4h or 15m range',
  });

  let ema = 0;
  const e15 = ctx.s15m.analysis.verdict.ema;
  if (want && e15.trend === want) ema = 1;
  else if (side && e15.position === (side === 'long' ? 'above' : 'below')) ema = 0.5;
  parts.push({
    key: 'emaTrend',
    label: '15m EMA trend',
    max: W.emaTrend,
    points: wholePoints(W.emaTrend * ema),
    detail: `15m EMAs ${e15.trend}, price ${e15.position} them`,
  });

  // Described from the same answers the timeframe cards show, with or without a direction.
  let rsi = 0;
  const tfs = [
    ['15m', facts.divergences['15m'].answer],
    ['5m', facts.divergences['5m'].answer],
  ] as const;
  const seen = tfs.filter(([, d]) => d !== 'No Divergence');
  let rsiDetail = seen.length
    ? seen.map(([tf, d]) => `${d} on the ${tf}`).join(' and ')
    : 'no RSI divergence on the 15m or 5m';
  if (side) {
    const good = side === 'long' ? 'Bullish Divergence' : 'Bearish Divergence';
    const bad = side === 'long' ? 'Bearish Divergence' : 'Bullish Divergence';
    const withUs = tfs.filter(([, d]) => d === good);
    const againstUs = tfs.filter(([, d]) => d === bad);
    // Every timeframe showing it is named, as its card shows it ("on the 15m and 5m").
    const named = (list: typeof withUs) => `${list[0]![1]} on the ${list.map(([tf]) => tf).join(' and ')}`;
    // One agreeing and one opposing divergence cancel out: momentum is mixed.
    rsi = (withUs.length ? 1 : 0) - (againstUs.length ? 1 : 0);
    if (withUs.length && againstUs.length) {
      rsiDetail = `${named(withUs)} but ${named(againstUs)}: mixed momentum`;
    } else if (againstUs.length) {
      rsiDetail = `${named(againstUs)} warns against the trade`;
    } else if (withUs.length) {
      rsiDetail = named(withUs);
    }
  }
  parts.push({
    key: 'rsiDivergence',
    label: 'RSI divergence',
    max: W.rsiDivergence,
    points: wholePoints(W.rsiDivergence * rsi),
    detail: rsiDetail,
  });

  let rr = 0;
  if (setup) rr = setup.rr1 >= 2.5 ? S.rr25 : setup.rr1 >= 2 ? S.rr20 : setup.rr1 >= 1.5 ? S.rr15 : 0;
  parts.push({
    key: 'riskReward',
    label: 'Risk:reward to TP1',
    max: W.riskReward,
    points: wholePoints(W.riskReward * rr),
    detail: setup ? `1:${setup.rr1.toFixed(2)} to TP1` : 'no plan to measure',
  });

  const worst = Math.min(ctx.s4h.reading.confidence, ctx.s15m.reading.confidence, ctx.s5m.reading.confidence);
  const readPenalty =
    worst < READ_CONFIDENCE_GOOD ? ((READ_CONFIDENCE_GOOD - worst) / 0.1) * READING_PENALTY_PER_TENTH : 0;
  const tfPenalty = input.timeframeMismatches * TIMEFRAME_MISMATCH_PENALTY;
  const penaltyWords: string[] = [`weakest chart read at ${Math.round(worst * 100)}% reader confidence`];
  if (input.timeframeMismatches > 0) {
    penaltyWords.push(`${input.timeframeMismatches} chart(s) with a timeframe different from their slot`);
  }
  parts.push({
    key: 'readingQuality',
    label: 'Chart reading quality',
    max: 0,
    points: wholePoints(-(readPenalty + tfPenalty)),
    detail: penaltyWords.join('; '),
  });

  // Whole-point parts: the sum is exact, and it is the number shown and gated.
  const score = Math.max(
    0,
    Math.min(
      100,
      parts.reduce((sum, p) => sum + p.points, 0),
    ),
  );
  return { score, threshold: MIN_CONFIDENCE, bucket: confidenceBucket(score), parts };
}
