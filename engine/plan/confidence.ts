/**
 * Confidence of the trade idea: a sum of documented parts (docs/confidence-scoring.md), each
 * listed in the result so the UI can show why the number is what it is.
 */
import type { Bias } from '../analysis/types';
import type { PlanContext } from './context';
import type { Setup, SetupZone, Side, Trigger } from './setup';
import type { Confidence, ConfidencePart } from './types';
import {
  CONFIDENCE_SPLITS as S,
  CONFIDENCE_WEIGHTS as W,
  MIN_CONFIDENCE,
  READING_PENALTY_PER_TENTH,
  READ_CONFIDENCE_GOOD,
  TIMEFRAME_MISMATCH_PENALTY,
} from './weights';

const one = (x: number) => Math.round(x * 10) / 10;
const biasOf = (side: Side): Bias => (side === 'long' ? 'Bullish' : 'Bearish');

export interface ConfidenceInput {
  readonly ctx: PlanContext;
  readonly side: Side | null;
  readonly zone: SetupZone | null;
  readonly trigger: Trigger | null;
  readonly setup: Setup | null;
  /** Number of charts whose timeframe read differently from their slot. */
  readonly timeframeMismatches: number;
}

export function scoreConfidence(input: ConfidenceInput): Confidence {
  const { ctx, side, zone, trigger, setup } = input;
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
    points: want ? one(W.htfBias * (S.htfBiasBase + (1 - S.htfBiasBase) * (v4.strength / 10))) : 0,
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
    points: one(align),
    detail: alignDetail,
  });

  let zoneShare = 0;
  let zoneDetail = 'no 15m order block or fair value gap to enter from';
  if (zone) {
    zoneShare =
      zone.kind === 'orderBlock+fvg' ? 1 : zone.kind === 'orderBlock' ? S.zoneOrderBlock : S.zoneFvg;
    if (zone.fresh) zoneShare += S.zoneFreshBonus;
    zoneShare = Math.min(1, zoneShare);
    const what =
      zone.kind === 'orderBlock+fvg'
        ? 'order block overlapping a fair value gap'
        : zone.kind === 'orderBlock'
          ? 'order block'
          : 'fair value gap';
    zoneDetail = `15m ${what} ${ctx.fmt(zone.bottom)}-${ctx.fmt(zone.top)}${zone.fresh ? ', not yet retested' : ''}`;
  }
  parts.push({
    key: 'setupZone',
    label: '15m setup zone',
    max: W.setupZone,
    points: one(W.setupZone * zoneShare),
    detail: zoneDetail,
  });

  let trig = 0;
  const trigWords: string[] = [];
  if (side && trigger) {
    if (trigger.structureBreak?.kind === 'CHoCH') {
      trig += S.triggerChoch;
      trigWords.push(`5m CHoCH at ${ctx.fmt(trigger.structureBreak.level)}`);
    } else if (trigger.structureBreak) {
      trig += S.triggerBos;
      trigWords.push(`5m BOS at ${ctx.fmt(trigger.structureBreak.level)}`);
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
  parts.push({
    key: 'trigger5m',
    label: '5m entry trigger',
    max: W.trigger5m,
    points: one(W.trigger5m * Math.min(1, trig)),
    detail: trigWords.length
      ? trigWords.join('; ')
      : zone && trigger && trigger.touchIndex < 0
        ? 'price has not reached the zone yet: no 5m trigger'
        : 'no 5m CHoCH or liquidity sweep in the trade direction',
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
    points: one(W.premiumDiscount * pd),
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
    points: one(W.emaTrend * ema),
    detail: `15m EMAs ${e15.trend}, price ${e15.position} them`,
  });

  let rsi = 0;
  let rsiDetail = 'no RSI divergence on the 15m or 5m';
  if (side) {
    const good = side === 'long' ? 'Bullish Divergence' : 'Bearish Divergence';
    const bad = side === 'long' ? 'Bearish Divergence' : 'Bullish Divergence';
    const tfs = [
      ['15m', v15.rsi.divergence],
      ['5m', v5.rsi.divergence],
    ] as const;
    const withUs = tfs.find(([, d]) => d === good);
    const againstUs = tfs.find(([, d]) => d === bad);
    // One agreeing and one opposing divergence cancel out: momentum is mixed.
    rsi = (withUs ? 1 : 0) - (againstUs ? 1 : 0);
    if (withUs && againstUs) {
      rsiDetail = `${withUs[1]} on the ${withUs[0]} but ${againstUs[1]} on the ${againstUs[0]}: mixed momentum`;
    } else if (withUs) {
      rsiDetail = `${withUs[1]} on the ${withUs[0]}`;
    } else if (againstUs) {
      rsiDetail = `${againstUs[1]} on the ${againstUs[0]} warns against the trade`;
    }
  }
  parts.push({
    key: 'rsiDivergence',
    label: 'RSI divergence',
    max: W.rsiDivergence,
    points: one(W.rsiDivergence * rsi),
    detail: rsiDetail,
  });

  let rr = 0;
  if (setup) rr = setup.rr1 >= 2.5 ? S.rr25 : setup.rr1 >= 2 ? S.rr20 : setup.rr1 >= 1.5 ? S.rr15 : 0;
  parts.push({
    key: 'riskReward',
    label: 'Risk:reward to TP1',
    max: W.riskReward,
    points: one(W.riskReward * rr),
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
    points: one(-(readPenalty + tfPenalty)),
    detail: penaltyWords.join('; '),
  });

  const total = parts.reduce((sum, p) => sum + p.points, 0);
  return { score: Math.max(0, Math.min(100, Math.round(total))), threshold: MIN_CONFIDENCE, parts };
}
