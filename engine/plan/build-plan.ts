/**
 * From the three charts' readings and analyses plus the trader's account and risk, the complete
 * analysis result (SPEC.md 3): 4h bias, 15m setup zone, 5m trigger, entry/stop/targets, sized
 * position, confidence with its parts, texts, key levels, notes and overlay geometry.
 */
import type { TimeframeAnalysis } from '../analysis/types';
import { EngineError } from '../core/errors';
import { TIMEFRAME_MINUTES } from '../core/ohlc';
import {
  fallbackInstrument,
  findInstrument,
  formatPrice,
  normalizeSymbol,
  positionSize,
  profitAt,
  roundPrice,
  type Instrument,
  type PositionSize,
} from '../instruments';
import { missingPlaces } from '../vision/checks';
import type { ChartReading } from '../vision/types';
import { scoreConfidence } from './confidence';
import { planContext, slotData, type PlanContext, type SlotData } from './context';
import { planFacts } from './facts';
import { buildKeyLevels } from './levels';
import { buildOverlay, type PlanLines } from './overlay';
import { buildSetup, findTrigger, type Setup, type SetupZone, type Side, type Trigger } from './setup';
import {
  fvgNote,
  invalidationRules,
  newsWatchPoints,
  orderBlocksNote,
  riskManagementNote,
  rsiDivergenceNote,
  strategyFor15mText,
  strategyFor5mText,
  strategyText,
  tradeManagementText,
} from './text';
import { checkAtPrice } from './validity';
import { buildSetupToWatch } from './watch';
import {
  SLOTS,
  type AnalysisResult,
  type CurrentPrice,
  type SetupToWatch,
  type Slot,
  type TimeframeResult,
  type TradePlan,
} from './types';
import { MIN_CANDLES, MIN_CONFIDENCE, MIN_RISK_REWARD, READ_CONFIDENCE_MIN } from './weights';

export interface BuildPlanInput {
  readonly readings: Readonly<Record<Slot, ChartReading>>;
  /** Each analysis is of its reading's candles, in order (bar i = candle i). */
  readonly analyses: Readonly<Record<Slot, TimeframeAnalysis>>;
  /** Account size in USD. */
  readonly account: number;
  /** Percent of the account to risk (2 = 2%). */
  readonly riskPercent: number;
  /** The instrument when the caller knows it better than the legends (e.g. typed by the user). */
  readonly symbol?: string;
  /** Pixel size of each screenshot, passed through for the UI. */
  readonly images?: Partial<Readonly<Record<Slot, { readonly width: number; readonly height: number }>>>;
}

const SLOT_NAMES: Record<Slot, string> = { '5m': '5-minute', '15m': '15-minute', '4h': '4-hour' };

/** The instrument named on the charts, or SYMBOL_MISMATCH when two charts name different ones. */
function resolveSymbol(readings: BuildPlanInput['readings']): {
  symbol: string | null;
  instrument: Instrument | undefined;
} {
  const seen: { slot: Slot; raw: string; canonical: string }[] = [];
  for (const slot of SLOTS) {
    const raw = readings[slot].symbol;
    if (!raw || !raw.trim()) continue;
    const inst = findInstrument(raw);
    seen.push({ slot, raw, canonical: inst?.symbol ?? normalizeSymbol(raw) });
  }
  for (const other of seen.slice(1)) {
    const first = seen[0]!;
    if (other.canonical !== first.canonical) {
      throw new EngineError(
        'SYMBOL_MISMATCH',
        `The charts show different instruments: the ${SLOT_NAMES[first.slot]} chart is ${first.canonical} but the ` +
          `${SLOT_NAMES[other.slot]} chart is ${other.canonical}. Upload three charts of the same pair.`,
        {
          symbols: Object.fromEntries(seen.map((s) => [s.slot, s.canonical])),
          slots: [first.slot, other.slot],
        },
      );
    }
  }
  const first = seen[0];
  return { symbol: first?.canonical ?? null, instrument: first ? findInstrument(first.raw) : undefined };
}

/** The same screenshot uploaded twice reads as identical candles. */
function sameCandles(a: ChartReading, b: ChartReading): boolean {
  if (a.candles.length !== b.candles.length || a.candles.length === 0) return false;
  return a.candles.every((c, i) => {
    const d = b.candles[i]!;
    return c.open === d.open && c.high === d.high && c.low === d.low && c.close === d.close;
  });
}

/**
 * Charts of one instrument taken together trade at about the same price. When a legend could
 * not be read, prices still betray a chart of another pair (USDJPY at 150 among EURUSD at 1.08).
 * 10% is far beyond what one pair moves between screenshots taken for one analysis.
 */
const MAX_PRICE_RATIO = 1.1;

/**
 * Lots above which a plan warns that the size is beyond retail norms: retail brokers commonly
 * cap one order at 50-100 standard lots (about 5-10 million units of a major pair), so a size
 * past 100 is almost always a mistyped account size or risk, not an intended trade.
 */
export const RETAIL_LOTS_WARNING = 100;

function checkPricesAgree(readings: BuildPlanInput['readings']) {
  const last = (slot: Slot) => readings[slot].candles.at(-1)?.close ?? Number.NaN;
  for (const [a, b] of [
    ['5m', '15m'],
    ['5m', '4h'],
    ['15m', '4h'],
  ] as const) {
    const pa = last(a);
    const pb = last(b);
    if (!(pa > 0 && pb > 0)) continue;
    if (Math.max(pa, pb) / Math.min(pa, pb) > MAX_PRICE_RATIO) {
      const show = (p: number) => p.toPrecision(5);
      throw new EngineError(
        'SYMBOL_MISMATCH',
        `The charts show different instruments: the ${SLOT_NAMES[a]} chart trades around ${show(pa)} but the ` +
          `${SLOT_NAMES[b]} chart around ${show(pb)}. Upload three charts of the same pair.`,
        { slots: [a, b], prices: { [a]: pa, [b]: pb } },
      );
    }
  }
}

/** Warnings for charts whose timeframe reads differently from their slot; an error when the order is impossible. */
function checkTimeframes(readings: BuildPlanInput['readings']): { warnings: string[]; mismatches: number } {
  const warnings: string[] = [];
  let mismatches = 0;
  const minutes = (slot: Slot) => TIMEFRAME_MINUTES[readings[slot].timeframe ?? slot];
  for (const slot of SLOTS) {
    const read = readings[slot].timeframe;
    if (read && read !== slot) {
      mismatches++;
      warnings.push(
        `The chart in the ${slot} slot reads as a ${read} chart. It was analysed as the ${slot} chart; upload a ${slot} chart for a reliable plan.`,
      );
    }
  }
  // Widest pair first, so a swapped 5m/4h upload is reported as exactly that.
  const pairs: [Slot, Slot][] = [
    ['5m', '4h'],
    ['5m', '15m'],
    ['15m', '4h'],
  ];
  for (const [lo, hi] of pairs) {
    if (sameCandles(readings[lo], readings[hi])) {
      throw new EngineError(
        'TIMEFRAME_MISMATCH',
        `The ${SLOT_NAMES[lo]} and ${SLOT_NAMES[hi]} uploads are the same chart. Upload the 5-minute, 15-minute and 4-hour charts of the pair, one in each slot.`,
        { slots: [lo, hi] },
      );
    }
    if (minutes(hi) < minutes(lo)) {
      throw new EngineError(
        'TIMEFRAME_MISMATCH',
        `The ${hi} slot holds a ${readings[hi].timeframe ?? hi} chart, shorter than the ${readings[lo].timeframe ?? lo} chart in the ${lo} slot. ` +
          `Upload the 5-minute, 15-minute and 4-hour charts in their own slots.`,
        { slots: [lo, hi], read: { [lo]: readings[lo].timeframe, [hi]: readings[hi].timeframe } },
      );
    }
    if (minutes(hi) === minutes(lo) && readings[hi].timeframe && readings[lo].timeframe) {
      warnings.push(
        `The ${lo} and ${hi} slots both hold ${readings[hi].timeframe} charts, so the plan has one timeframe fewer to confirm it.`,
      );
    }
  }
  return { warnings, mismatches };
}

function validateInput(input: BuildPlanInput) {
  if (!Number.isFinite(input.account) || input.account <= 0) {
    throw new EngineError(
      'INVALID_INPUT',
      `Account size must be a positive number of dollars (got ${input.account}).`,
      {
        field: 'account',
      },
    );
  }
  if (!Number.isFinite(input.riskPercent) || input.riskPercent <= 0 || input.riskPercent > 100) {
    throw new EngineError(
      'INVALID_INPUT',
      `Risk percentage must be above 0 and at most 100 (got ${input.riskPercent}).`,
      {
        field: 'riskPercent',
      },
    );
  }
  for (const slot of SLOTS) {
    const r = input.readings[slot];
    const a = input.analyses[slot];
    if (!r || !a) {
      throw new EngineError('INVALID_INPUT', `The ${SLOT_NAMES[slot]} chart is missing.`, { slot });
    }
    if (r.candles.length !== a.barCount) {
      throw new EngineError(
        'INVALID_INPUT',
        `The ${slot} analysis covers ${a.barCount} bars but its reading has ${r.candles.length} candles.`,
        { slot },
      );
    }
  }
}

function sideFromBias(ctx: PlanContext): Side | null {
  const bias = ctx.s4h.analysis.verdict.bias;
  return bias === 'Bullish' ? 'long' : bias === 'Bearish' ? 'short' : null;
}

function capitalize(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function buildPlan(input: BuildPlanInput): AnalysisResult {
  validateInput(input);
  const { readings, analyses, account, riskPercent } = input;
  // The charts must agree with each other even when the caller names the instrument.
  const read = resolveSymbol(readings);
  checkPricesAgree(readings);
  const given = input.symbol?.trim()
    ? {
        symbol: findInstrument(input.symbol)?.symbol ?? normalizeSymbol(input.symbol),
        instrument: findInstrument(input.symbol),
      }
    : null;
  const resolved = given ?? read;
  const tf = checkTimeframes(readings);
  const warnings = [...tf.warnings];
  if (given && read.symbol && read.symbol !== given.symbol) {
    warnings.push(
      `The charts read as ${read.symbol} but ${given.symbol} was given; prices and sizing use ${given.symbol}.`,
    );
  }

  const precision = Math.max(...SLOTS.map((s) => analyses[s].pricePrecision));
  const known = resolved.instrument !== undefined;
  const instrument = resolved.instrument ?? fallbackInstrument(resolved.symbol ?? 'UNKNOWN', precision);
  if (!resolved.symbol) {
    warnings.push(
      "The symbol could not be read from any chart legend. Prices are shown with the chart's own decimals and the lot size assumes a standard 100,000-unit FX contract quoted in USD: check it before trading.",
    );
  } else if (!known) {
    warnings.push(
      `${resolved.symbol} is not in the instrument table. The lot size assumes a standard 100,000-unit contract quoted in USD: check your broker's contract size before trading.`,
    );
  }
  for (const slot of SLOTS) {
    for (const w of readings[slot].warnings) warnings.push(`${slot} chart: ${w}`);
  }

  const s4h = slotData('4h', readings['4h'], analyses['4h']);
  const s15m = slotData('15m', readings['15m'], analyses['15m']);
  const s5m = slotData('5m', readings['5m'], analyses['5m']);
  const ctx = planContext(instrument, s4h, s15m, s5m);
  const bySlot: Record<Slot, SlotData> = { '4h': s4h, '15m': s15m, '5m': s5m };

  // Why there is no trade, in the order a trader should fix them.
  const reasons: string[] = [];
  for (const slot of SLOTS) {
    const r = readings[slot];
    // Candles the reader lost between the first and last it read are the reader's fault, not
    // the chart's: "zoom out" would send the trader after the wrong fix.
    const lost =
      r.source === 'data'
        ? 0
        : missingPlaces(
            r.candles.map((c) => c.x),
            r.barSpacing,
          );
    if (r.candles.length < MIN_CANDLES && lost > 0) {
      reasons.push(
        `only ${r.candles.length} of the about ${r.candles.length + lost} candles on the ${SLOT_NAMES[slot]} chart could be read ` +
          `(the reader lost the rest, the chart is not too short); at least ${MIN_CANDLES} are needed: upload a sharper, uncropped screenshot or the chart's data export`,
      );
    } else if (r.candles.length < MIN_CANDLES) {
      reasons.push(
        `the ${SLOT_NAMES[slot]} chart shows only ${r.candles.length} candles; at least ${MIN_CANDLES} are needed to read its structure (zoom out)`,
      );
    } else if (r.confidence < READ_CONFIDENCE_MIN) {
      reasons.push(
        `the ${SLOT_NAMES[slot]} chart could not be read reliably (reader confidence ${Math.round(r.confidence * 100)}%); upload a cleaner, uncropped screenshot`,
      );
    }
  }

  const side = sideFromBias(ctx);
  const v4 = analyses['4h'].verdict;
  const v15 = analyses['15m'].verdict;
  if (!side) {
    reasons.push(
      `the 4h chart has no clear direction (bias ${v4.bias}, strength ${v4.strength}/10), and the 4h sets the direction of the trade`,
    );
  } else if (v15.bias !== 'Neutral' && v15.bias !== v4.bias) {
    reasons.push(
      `the timeframes conflict: the 4h is ${v4.bias} but the 15m is ${v15.bias}, so wait until the 15m turns ${v4.bias.toLowerCase()}`,
    );
  }

  // Reasons that no zone or trigger can fix: a setup to watch is offered only without them.
  const blocking = reasons.length;

  let setup: Setup | null = null;
  let zone: SetupZone | null = null;
  let trigger: Trigger | null = null;
  if (side) {
    const found = buildSetup(ctx, side);
    if (found.setup) {
      setup = found.setup;
      zone = setup.zone;
      trigger = setup.trigger;
    } else {
      zone = found.zone;
      if (zone) trigger = findTrigger(ctx, side, zone);
      reasons.push(found.reason);
    }
  }
  const rrTooLow = !!setup && (!!setup.obstacle || setup.rr1 < MIN_RISK_REWARD);
  if (setup) {
    if (setup.obstacle) {
      reasons.push(
        `the nearest opposing level, the ${setup.obstacle.label} at ${ctx.fmt(setup.obstacle.price)}, is only 1:${setup.rr1.toFixed(2)} away; at least 1:${MIN_RISK_REWARD} to TP1 is needed`,
      );
    } else if (setup.rr1 < MIN_RISK_REWARD) {
      reasons.push(
        `the reward to TP1 is only 1:${setup.rr1.toFixed(2)}; at least 1:${MIN_RISK_REWARD} is needed`,
      );
    }
    if (setup.entryType === 'onTrigger') {
      reasons.push(
        `price is in the 15m zone ${ctx.fmt(setup.zone.bottom)}-${ctx.fmt(setup.zone.top)} but the 5m has not broken structure ${setup.side === 'long' ? 'up' : 'down'} there yet`,
      );
    }
  }

  // One set of facts for every text and the score (facts.ts).
  const facts = planFacts(ctx, side, zone, trigger, setup);
  const confidence = scoreConfidence({ ctx, facts, timeframeMismatches: tf.mismatches });
  // The gate compares the very number shown (whole points, no rounding at the total).
  if (confidence.score < MIN_CONFIDENCE && reasons.length === 0) {
    const missing = confidence.parts
      .filter((p) => p.max > 0 && p.points < p.max / 2)
      .map((p) => `${p.label.toLowerCase()} ${p.points}/${p.max}: ${p.detail}`)
      .slice(0, 3);
    reasons.push(
      `confidence is ${confidence.score}%, below the ${MIN_CONFIDENCE}% needed` +
        (missing.length ? ` (weak: ${missing.join('; ')})` : ''),
    );
  }

  // The plan's own levels against the current price: a plan that no longer fits it is no trade.
  const rules = setup ? invalidationRules(ctx, setup) : [];
  if (setup && setup.entryType !== 'onTrigger') {
    const failures = checkAtPrice({
      setup,
      price: ctx.price,
      invalidationLevels: rules.flatMap((r) => (r.level === null ? [] : [r.level])),
      fmt: ctx.fmt,
    });
    if (failures.length) {
      reasons.push(`the plan does not fit the current price ${ctx.fmt(ctx.price)}: ${failures.join('; ')}`);
    }
  }

  let size: PositionSize | null = null;
  if (setup) {
    size = positionSize({ account, riskPercent, entry: setup.entry, stop: setup.stop, instrument });
    // A plan of 0 lots is no plan: the risk cannot buy the broker's smallest position.
    if (size.belowMinimumLot && setup.entryType !== 'onTrigger') {
      const oneStepLoss = Math.abs(
        profitAt({ ...size, units: instrument.lotStep * instrument.contractSize }, setup.entry, setup.stop),
      );
      reasons.push(
        `the account is too small for this stop: risking ${size.riskAmount} USD cannot buy the smallest position ` +
          `(${instrument.lotStep} lots would lose about ${oneStepLoss} USD at the stop ${ctx.fmt(setup.stop)})`,
      );
    }
  }

  let tradePlan: TradePlan | null = null;
  if (setup && size && reasons.length === 0 && setup.entryType !== 'onTrigger') {
    const entryType = setup.entryType;
    const profit1 = profitAt(size, setup.entry, setup.tp1.price);
    const profit2 = setup.tp2 ? profitAt(size, setup.entry, setup.tp2.price) : null;
    const approximate = size.approximate || !known;
    if (size.approximate) {
      warnings.push(
        `${instrument.symbol} is quoted in ${instrument.quote}: the USD figures use an approximate ${instrument.quote}/USD reference rate from ${size.ratesAsOf}, not today's rate.`,
      );
    }
    if (size.lots > RETAIL_LOTS_WARNING) {
      warnings.push(
        `This plan sizes ${size.lots.toLocaleString('en-US')} lots (${Math.round(size.positionValue).toLocaleString('en-US')} USD of ${instrument.symbol}), ` +
          `far beyond what retail brokers accept in one order: check the account size and the risk percentage.`,
      );
    }
    const strategyFor15m = strategyFor15mText(ctx, setup, size);
    const strategyFor5m = strategyFor5mText(ctx, setup);
    tradePlan = {
      symbol: instrument.symbol,
      direction: setup.side === 'long' ? 'LONG' : 'SHORT',
      entryType,
      entry: setup.entry,
      stopLoss: setup.stop,
      takeProfit1: setup.tp1.price,
      takeProfit2: setup.tp2?.price ?? null,
      formatted: {
        entry: formatPrice(setup.entry, instrument),
        stopLoss: formatPrice(setup.stop, instrument),
        takeProfit1: formatPrice(setup.tp1.price, instrument),
        takeProfit2: setup.tp2 ? formatPrice(setup.tp2.price, instrument) : null,
      },
      targetNotes: {
        takeProfit1: setup.tp1.label,
        takeProfit2: setup.tp2
          ? setup.tp2.label
          : `left out: ${setup.tp2Reason ?? 'no liquidity beyond TP1'}`,
      },
      precision: instrument.precision,
      confidence: confidence.score,
      riskRewardRatio: setup.rr1,
      riskRewardRatioTp2: setup.rr2,
      riskPercent,
      riskAmount: size.riskAmount,
      potentialLoss: size.potentialLoss,
      potentialProfitTp1: profit1,
      potentialProfitTp2: profit2,
      lotSize: size.lots,
      units: size.units,
      positionValue: size.positionValue,
      pipValue: Math.round(size.pipValue * 100) / 100,
      stopPips: Math.round(size.stopPips * 10) / 10,
      quoteToUsd: size.quoteToUsd,
      quoteToUsdSource: size.quoteToUsdSource,
      sizingApproximate: approximate,
      ...(size.ratesAsOf ? { ratesAsOf: size.ratesAsOf } : {}),
      setup: {
        zone: setup.zone.kind,
        zoneTop: roundPrice(setup.zone.top, instrument),
        zoneBottom: roundPrice(setup.zone.bottom, instrument),
        trigger: triggerWords(ctx, setup),
      },
      strategy: strategyText(ctx, facts, setup),
      tradeManagement: tradeManagementText(ctx, setup, size, account, riskPercent, profit1, profit2),
      invalidation: rules.map((r) => r.text),
      newsWatchPoints: newsWatchPoints(ctx, setup),
      strategyFor15m,
      strategyFor5m,
    };
  }

  // No trade now, but the higher timeframes agree and the zone is there: what to watch for.
  let setupToWatch: SetupToWatch | null = null;
  if (!tradePlan && setup && blocking === 0 && !rrTooLow && setup.entryType !== 'market') {
    setupToWatch = buildSetupToWatch(ctx, facts, setup, tf.mismatches, confidence.score);
  }

  const noTradeReason = tradePlan
    ? null
    : `No trade now: ${reasons[0] ?? 'the setup does not meet the rules'}.` +
      (reasons.length > 1 ? ` Also: ${reasons.slice(1).join('; ')}.` : '');

  // Sizing example for the notes when there is no plan: a stop one 15m ATR away.
  let example: PositionSize | null = null;
  if (!tradePlan && ctx.price - s15m.atr > 0) {
    example = positionSize({
      account,
      riskPercent,
      entry: ctx.price,
      stop: ctx.price - s15m.atr,
      instrument,
    });
  }

  const currentPrice: CurrentPrice = {
    price: ctx.price,
    formatted: formatPrice(ctx.price, instrument),
    timeframe: '5m',
  };
  const planLines: PlanLines | null = tradePlan
    ? { watch: false, ...tradePlan }
    : setupToWatch
      ? { watch: true, ...setupToWatch }
      : null;

  const timeframes: TimeframeResult[] = SLOTS.map((slot) => {
    const d = bySlot[slot];
    const v = d.analysis.verdict;
    const r = d.reading;
    const image = input.images?.[slot];
    return {
      timeframe: slot,
      bias: v.bias,
      confluences: { ...v.confluences },
      ema: { ...v.ema },
      rsi: { divergence: v.rsi.divergence },
      strength: v.strength,
      trend: d.analysis.trend.trend,
      scoring: v.scoring.map((s) => ({ ...s })),
      chart: {
        symbol: r.symbol,
        readTimeframe: r.timeframe,
        image: image ? { width: image.width, height: image.height } : null,
        plot: { left: r.plot.left, top: r.plot.top, right: r.plot.right, bottom: r.plot.bottom },
        priceScale: { mode: r.priceScale.mode, slope: r.priceScale.slope, intercept: r.priceScale.intercept },
        barSpacing: r.barSpacing,
        candleCount: r.candles.length,
        readConfidence: r.confidence,
        source: r.source ?? 'image',
      },
      overlay: buildOverlay(d, ctx.fmt, slot === '15m' ? zone : null, planLines, currentPrice),
    };
  });

  return {
    symbol: resolved.symbol ?? instrument.symbol,
    instrument: {
      symbol: instrument.symbol,
      name: instrument.name,
      known,
      assetClass: instrument.assetClass,
      base: instrument.base,
      quote: instrument.quote,
      pipSize: instrument.pipSize,
      precision: instrument.precision,
      contractSize: instrument.contractSize,
    },
    bias: side === 'long' ? 'LONG' : side === 'short' ? 'SHORT' : null,
    timeframes,
    currentPrice,
    tradePlan,
    noTradeReason: noTradeReason ? capitalize(noTradeReason) : null,
    setupToWatch,
    confidence,
    keyLevels: buildKeyLevels(ctx),
    educationalNotes: {
      rsiDivergence: rsiDivergenceNote(ctx, facts),
      orderBlocks: orderBlocksNote(ctx, facts),
      fvgExplanation: fvgNote(ctx, facts),
      riskManagement: riskManagementNote(ctx, account, riskPercent, tradePlan ? size : null, example),
    },
    warnings,
  };
}

function triggerWords(ctx: PlanContext, setup: Setup): string | null {
  const t = setup.trigger;
  const bits: string[] = [];
  if (t.sweep) bits.push(`liquidity sweep at ${ctx.fmt(t.sweep.level)}`);
  if (t.structureBreak) {
    bits.push(
      `5m ${t.structureBreak.kind} ${t.structureBreak.direction === 'bullish' ? 'up' : 'down'} through ${ctx.fmt(t.structureBreak.level)}`,
    );
  }
  return bits.length ? bits.join(', then ') : null;
}
