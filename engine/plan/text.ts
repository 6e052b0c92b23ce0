/**
 * The plan's words: strategy, management, invalidation, per-timeframe strategies, news and the
 * educational notes. Every sentence is built from this analysis' own levels and detections;
 * nothing here is a fixed paragraph.
 */
import type { RsiDivergence, Swing } from '../analysis/types';
import { formatUsd, type PositionSize } from '../instruments';
import { intactAbove, intactBelow, type PlanContext, type SlotData } from './context';
import type { PlanFacts } from './facts';
import { newsCurrencies, newsEventsFor } from './news';
import type { Setup, Side } from './setup';
import { TRIGGER_LOOKBACK_BARS, WATCH_EXPIRY_15M_BARS } from './weights';

const pct = (x: number) => `${Math.round(x * 100)}%`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const pipsText = (ctx: PlanContext, distance: number) => {
  const pips = distance / ctx.instrument.pipSize;
  const unit = ctx.instrument.assetClass === 'index' ? 'point' : 'pip';
  return `${pips >= 100 ? Math.round(pips) : pips.toFixed(1)} ${unit}s`;
};
export const zoneName = (setup: Pick<Setup, 'zone'>) =>
  setup.zone.kind === 'orderBlock+fvg'
    ? 'order block (overlapping a fair value gap)'
    : setup.zone.kind === 'orderBlock'
      ? 'order block'
      : 'fair value gap';
/** What one unit of the base is called: currency units, troy ounces, index units. */
const unitWord = (ctx: PlanContext) =>
  ctx.instrument.assetClass === 'metal'
    ? 'oz'
    : ctx.instrument.assetClass === 'index'
      ? 'index units'
      : 'units';
const verb = (side: Side) => (side === 'long' ? 'Buy' : 'Sell');

/** The latest untaken swing of a kind on a chart: the level whose break confirms or invalidates. */
export function lastIntactSwing(
  d: SlotData,
  kind: 'high' | 'low',
  scope?: 'internal' | 'swing',
): Swing | null {
  for (let i = d.analysis.swings.length - 1; i >= 0; i--) {
    const sw = d.analysis.swings[i]!;
    if (sw.kind !== kind || (scope && sw.scope !== scope)) continue;
    const intact = kind === 'high' ? intactAbove(d, sw.index, sw.price) : intactBelow(d, sw.index, sw.price);
    if (intact) return sw;
  }
  return null;
}

function htfStory(ctx: PlanContext): string {
  const a = ctx.s4h.analysis;
  const b = a.trend.lastBreak;
  const base = `The 4h is ${a.verdict.bias} (strength ${a.verdict.strength}/10)`;
  if (!b) return `${base}.`;
  return `${base}: its last ${b.kind} was ${b.direction === 'bullish' ? 'up through' : 'down through'} ${ctx.fmt(b.level)}.`;
}

export function strategyText(ctx: PlanContext, facts: PlanFacts, setup: Setup): string {
  const sym = ctx.instrument.symbol;
  const half = setup.side === 'long' ? 'discount' : 'premium';
  const eq = ctx.s15m.analysis.premiumDiscount?.equilibrium;
  const parts = [
    setup.entryType === 'limit'
      ? `${verb(setup.side)} ${sym} with a limit order at ${ctx.fmt(setup.entry)}; price is at ${ctx.fmt(facts.price)} now.`
      : setup.entryType === 'market'
        ? `${verb(setup.side)} ${sym} at the market, around ${ctx.fmt(setup.entry)}: price is in the zone and the 5m has confirmed.`
        : `${verb(setup.side)} ${sym} only once the 5m confirms inside the zone (below), around ${ctx.fmt(setup.entry)}.`,
    htfStory(ctx),
    `The 15m ${setup.side === 'long' ? 'bullish' : 'bearish'} ${zoneName(setup)} at ${ctx.fmt(setup.zone.bottom)}-${ctx.fmt(setup.zone.top)} ` +
      (eq !== undefined
        ? `sits in ${half}, ${setup.side === 'long' ? 'below' : 'above'} the 15m equilibrium ${ctx.fmt(eq)}.`
        : `is the zone to ${setup.side === 'long' ? 'buy' : 'sell'} from.`),
    triggerSentence(ctx, facts, setup),
    `Stop ${ctx.fmt(setup.stop)}, beyond ${setup.invalidationLabel} (${ctx.fmt(setup.invalidationLevel)}) plus a buffer of a quarter of the 15m ATR; ` +
      `TP1 ${ctx.fmt(setup.tp1.price)} at the ${setup.tp1.label} (1:${setup.rr1.toFixed(2)})` +
      (setup.tp2 && setup.rr2 !== null
        ? `, TP2 ${ctx.fmt(setup.tp2.price)} at the ${setup.tp2.label} (1:${setup.rr2.toFixed(2)}).`
        : `; no TP2: ${setup.tp2Reason ?? 'no liquidity beyond TP1'}.`),
  ];
  return parts.join(' ');
}

/** The sentence about the 5m trigger, from the facts: whether price reached the zone, and what the 5m did. */
export function triggerSentence(ctx: PlanContext, facts: PlanFacts, setup: Setup): string {
  const t = setup.trigger;
  const dirWord = setup.side === 'long' ? 'bullish' : 'bearish';
  if (facts.zoneReachedRecently && (t.structureBreak || t.sweep)) {
    const bits: string[] = [];
    if (t.sweep)
      bits.push(`swept liquidity at ${ctx.fmt(t.sweep.level)} (wick to ${ctx.fmt(t.sweep.extreme)})`);
    if (t.structureBreak)
      bits.push(`printed a ${dirWord} ${t.structureBreak.kind} through ${ctx.fmt(t.structureBreak.level)}`);
    return t.structureBreak
      ? `Since price reached the zone the 5m has ${bits.join(' and ')}: that is the entry trigger.`
      : `Since price reached the zone the 5m has ${bits.join(' and ')}, but has not broken structure ${setup.side === 'long' ? 'up' : 'down'} yet.`;
  }
  if (setup.entryType === 'onTrigger') {
    return `Price is in the zone but the 5m has not turned yet: wait for ${confirmationWords(ctx, setup.side)} (a ${dirWord} CHoCH) before entering.`;
  }
  if (facts.zoneReachedRecently) {
    return `Price reached the zone in the last ${TRIGGER_LOOKBACK_BARS} 5m bars without a 5m ${dirWord} break; the limit waits for it to come back.`;
  }
  return facts.zoneTested
    ? `Price is away from the zone now (it was retested earlier); the 5m confirmation is a ${dirWord} CHoCH once price is back in it.`
    : `Price has not come back to the zone since it formed; the 5m confirmation is a ${dirWord} CHoCH once it does.`;
}

/** "a 5m close above 1.08461" when the level is known and on the right side of price. */
function confirmationWords(ctx: PlanContext, side: Side): string {
  const sw = lastIntactSwing(ctx.s5m, side === 'long' ? 'high' : 'low', 'internal');
  const onTheWay = sw && (side === 'long' ? sw.price > ctx.price : sw.price < ctx.price);
  return onTheWay
    ? `a 5m close ${side === 'long' ? 'above' : 'below'} ${ctx.fmt(sw.price)}`
    : `a 5m close ${side === 'long' ? 'above the last 5m lower high' : 'below the last 5m higher low'}`;
}

export function tradeManagementText(
  ctx: PlanContext,
  setup: Setup,
  size: PositionSize,
  account: number,
  riskPercent: number,
  profit1: number,
  profit2: number | null,
): string {
  const lots = size.lots.toFixed(2);
  const parts = [
    `Risk ${formatUsd(size.riskAmount)} (${riskPercent}% of ${formatUsd(account)}) with ${lots} lots (${Math.round(size.units).toLocaleString('en-US')} ${unitWord(ctx)}, about ${formatUsd(size.pipValue)} per ${ctx.instrument.assetClass === 'index' ? 'point' : 'pip'}).`,
  ];
  if (setup.tp2 && profit2 !== null) {
    parts.push(
      `At TP1 ${ctx.fmt(setup.tp1.price)} the full position would be up ${formatUsd(profit1)}: close half there and move the stop on the rest to break-even at ${ctx.fmt(setup.entry)}, so the trade can no longer lose.`,
      `Let the other half run to TP2 ${ctx.fmt(setup.tp2.price)}: with both targets hit the trade makes ${formatUsd(profit1 / 2 + profit2 / 2)} in total.`,
    );
  } else {
    parts.push(
      `Close the whole position at TP1 ${ctx.fmt(setup.tp1.price)} for ${formatUsd(profit1)}: there is no second target (${setup.tp2Reason ?? 'no liquidity beyond TP1'}).`,
    );
  }
  if (setup.entryType === 'limit') {
    parts.push(
      `If price reaches ${ctx.fmt(setup.tp1.price)} before the limit at ${ctx.fmt(setup.entry)} fills, cancel the order: the move went without you.`,
    );
  }
  parts.push(`Never move the stop further away than ${ctx.fmt(setup.stop)}.`);
  return parts.join(' ');
}

/** One "exit if" rule; `level` is the price whose break triggers it, null for rules without one. */
export interface InvalidationRule {
  readonly level: number | null;
  readonly text: string;
}

/**
 * The plan's "exit immediately if" rules. Every rule with a level lies strictly between the
 * entry and the stop, so it can trigger before the stop does (a level beyond the stop could
 * never fire first; validity.ts checks it again before the plan is returned).
 */
export function invalidationRules(ctx: PlanContext, setup: Setup): InvalidationRule[] {
  const long = setup.side === 'long';
  const beyond = long ? 'below' : 'above';
  const s = long ? 1 : -1;
  const beforeStop = (p: number) => s * (setup.entry - p) > 0 && s * (p - setup.stop) > 0;
  const far = long ? setup.zone.bottom : setup.zone.top;
  const list: InvalidationRule[] = [];
  if (beforeStop(far)) {
    list.push({
      level: far,
      text: `A 15m candle closes ${beyond} ${ctx.fmt(far)}: the ${zoneName(setup)} has failed.`,
    });
  }
  const htf =
    lastIntactSwing(ctx.s4h, long ? 'low' : 'high', 'swing') ??
    lastIntactSwing(ctx.s4h, long ? 'low' : 'high');
  if (htf && beforeStop(htf.price)) {
    list.push({
      level: htf.price,
      text: `A 4h candle closes ${beyond} ${ctx.fmt(htf.price)}, the 4h swing ${long ? 'low' : 'high'} that holds the ${long ? 'bullish' : 'bearish'} structure.`,
    });
  }
  // The 5m swing that holds the move only means something once price is at the entry: for a
  // limit far from price today's 5m swings will be gone by the time it fills.
  const ltf =
    setup.entryType !== 'limit' ? lastIntactSwing(ctx.s5m, long ? 'low' : 'high', 'internal') : null;
  if (ltf && beforeStop(ltf.price)) {
    list.push({
      level: ltf.price,
      text: `After entry, the 5m breaks ${beyond} ${ctx.fmt(ltf.price)} (a ${long ? 'bearish' : 'bullish'} 5m CHoCH) before reaching TP1.`,
    });
  }
  if (setup.entryType === 'limit') {
    list.push({
      level: null,
      text: `Price trades to TP1 ${ctx.fmt(setup.tp1.price)} without filling the entry at ${ctx.fmt(setup.entry)}: cancel the order.`,
    });
  }
  const currencies = newsCurrencies(ctx.instrument).join(' or ');
  list.push({
    level: null,
    text: `A high-impact ${currencies} release is due within 30 minutes and the trade is not yet at break-even.`,
  });
  return list;
}

/** When a setup to watch stops being one: the zone fails, the move leaves without it, or time runs out. */
export function watchInvalidation(ctx: PlanContext, setup: Setup): string[] {
  const long = setup.side === 'long';
  const far = long ? setup.zone.bottom : setup.zone.top;
  const hours = (WATCH_EXPIRY_15M_BARS * 15) / 60;
  return [
    `A 15m candle closes ${long ? 'below' : 'above'} ${ctx.fmt(far)}: the ${zoneName(setup)} has failed.`,
    `Price reaches ${ctx.fmt(setup.tp1.price)} (the would-be TP1) before the trigger: the move went without you.`,
    `The trigger has not come within ${hours} hours (${WATCH_EXPIRY_15M_BARS} 15m candles) of the last candle on these charts: upload fresh charts.`,
  ];
}

export function newsWatchPoints(ctx: PlanContext, setup: Setup): string[] {
  const sym = ctx.instrument.symbol;
  const stop = ctx.fmt(setup.stop);
  const entry = ctx.fmt(setup.entry);
  const tp1 = ctx.fmt(setup.tp1.price);
  const stopDistance = pipsText(ctx, Math.abs(setup.entry - setup.stop));
  const against = setup.side === 'long' ? 'drop' : 'spike';
  const pending = setup.entryType === 'limit';
  return newsEventsFor(ctx.instrument).map((e) => {
    const head = `${e.name} (${e.when})`;
    switch (e.kind) {
      case 'rates':
        return pending
          ? `${head}: the decision and the press conference can move ${sym} several times the ${stopDistance} stop; cancel the limit at ${entry} beforehand and re-plan afterwards.`
          : `${head}: the decision and the press conference can move ${sym} several times the ${stopDistance} stop; be at break-even (stop at ${entry}) or out before it.`;
      case 'inflation':
        return `${head}: a surprise re-prices rate expectations at once; a ${against} of ${stopDistance} would reach the stop at ${stop} in seconds, with slippage beyond it.`;
      case 'jobs':
        return `${head}: the first minutes often sweep both sides of the range; do not ${pending ? `let the order at ${entry} fill` : 'add to the position'} in the 15 minutes around the release.`;
      case 'activity':
        return `${head}: usually a smaller mover, but it can push ${sym} to TP1 ${tp1} or the stop ${stop} early; consider taking partial profit before it if the trade is open.`;
      default:
        return `${head}: can move ${sym} without warning; keep the stop at ${stop} in place at all times.`;
    }
  });
}

export function strategyFor15mText(ctx: PlanContext, setup: Setup, size: PositionSize): string {
  const long = setup.side === 'long';
  const where =
    setup.zone.kind === 'fvg'
      ? `the middle of the 15m fair value gap (${ctx.fmt(setup.zone.bottom)}-${ctx.fmt(setup.zone.top)})`
      : `the ${long ? 'top' : 'bottom'} of the 15m order block (${ctx.fmt(setup.zone.bottom)}-${ctx.fmt(setup.zone.top)})`;
  const targets = setup.tp2
    ? `take-profits at ${ctx.fmt(setup.tp1.price)} and ${ctx.fmt(setup.tp2.price)}`
    : `the take-profit at ${ctx.fmt(setup.tp1.price)}`;
  if (setup.entryType === 'market') {
    return (
      `Price is inside the 15m zone now: ${long ? 'buy' : 'sell'} ${size.lots.toFixed(2)} lots at the market (around ${ctx.fmt(setup.entry)}), with the stop at ${ctx.fmt(setup.stop)} ` +
      `and ${targets}. If you would rather not chase it, a ${long ? 'buy' : 'sell'} limit at ${where} gives a better price but may not fill.`
    );
  }
  return (
    `Place a ${long ? 'buy' : 'sell'} limit for ${size.lots.toFixed(2)} lots at ${ctx.fmt(setup.entry)}, ${where}, with the stop at ${ctx.fmt(setup.stop)} ` +
    `and ${targets}. The order fills only if price comes back to the zone, ` +
    `so no screen time is needed; recheck it when each new 15m candle closes ${long ? 'below' : 'above'} the zone.`
  );
}

export function strategyFor5mText(ctx: PlanContext, setup: Setup): string {
  const long = setup.side === 'long';
  const dirWord = long ? 'bullish' : 'bearish';
  const t = setup.trigger;
  if (t.structureBreak) {
    const d5 = ctx.s5m;
    const ob = d5.analysis.orderBlocks.find(
      (o) => o.breakIndex === t.structureBreak!.index && o.direction === dirWord,
    );
    const tighterStop = long
      ? Math.min(...d5.reading.candles.slice(Math.max(0, t.touchIndex)).map((c) => c.low))
      : Math.max(...d5.reading.candles.slice(Math.max(0, t.touchIndex)).map((c) => c.high));
    const zoneText = ob
      ? `the 5m order block it left at ${ctx.fmt(ob.bottom)}-${ctx.fmt(ob.top)}`
      : `the 5m candle that broke ${ctx.fmt(t.structureBreak.level)}`;
    return (
      `The 5m ${t.structureBreak.kind} through ${ctx.fmt(t.structureBreak.level)} has already confirmed. For a tighter entry, wait for a pullback into ${zoneText} ` +
      `and put the stop just ${long ? 'under' : 'over'} the 5m ${long ? 'low' : 'high'} at ${ctx.fmt(tighterStop)}: the same targets then pay more per unit of risk, ` +
      `but the pullback may not come and the position size must be recalculated for the shorter stop.`
    );
  }
  const sweepText = long
    ? `a wick below ${ctx.fmt(setup.zone.bottom)} that closes back inside`
    : `a wick above ${ctx.fmt(setup.zone.top)} that closes back inside`;
  return (
    `Wait for price to trade into ${ctx.fmt(setup.zone.bottom)}-${ctx.fmt(setup.zone.top)}, ideally with ${sweepText} (a liquidity sweep), ` +
    `then for a 5m ${dirWord} CHoCH (${confirmationWords(ctx, setup.side)}). ` +
    `Enter on the first pullback after that close with the stop beyond the sweep's ${long ? 'low' : 'high'}; the stop is shorter than the 15m plan's, so recalculate the lot size.`
  );
}

// ---------------------------------------------------------------------------------------------
// Educational notes

function describeDivergence(ctx: PlanContext, tf: string, div: RsiDivergence): string {
  const lowOrHigh = div.direction === 'bullish' ? 'low' : 'high';
  const priceMove = div.priceTo < div.priceFrom ? `lower ${lowOrHigh}` : `higher ${lowOrHigh}`;
  const rsiMove = div.rsiTo < div.rsiFrom ? `lower ${lowOrHigh}` : `higher ${lowOrHigh}`;
  return (
    `on the ${tf}, price made a ${priceMove} (${ctx.fmt(div.priceFrom)} to ${ctx.fmt(div.priceTo)}) while RSI made a ${rsiMove} ` +
    `(${div.rsiFrom.toFixed(1)} to ${div.rsiTo.toFixed(1)}): a ${div.kind} ${div.direction} divergence`
  );
}

export function rsiDivergenceNote(ctx: PlanContext, facts: PlanFacts): string {
  const found: string[] = [];
  for (const slot of ['4h', '15m', '5m'] as const) {
    const d = facts.divergences[slot];
    if (d.answer === 'No Divergence') continue;
    found.push(
      d.latest ? describeDivergence(ctx, slot, d.latest) : `on the ${slot}, a ${d.answer.toLowerCase()}`,
    );
  }
  if (found.length === 0) {
    return (
      'None of the three charts shows an RSI divergence on its latest leg: each new high or low in price came with a matching RSI high or low, ' +
      'so momentum agrees with price. A divergence (price makes a new extreme, RSI does not) would warn that the move is tiring.'
    );
  }
  const side = facts.side;
  const meaning = side
    ? ` For this ${side === 'long' ? 'long' : 'short'} idea, ${side === 'long' ? 'bullish' : 'bearish'} divergence supports it and the opposite warns against it.`
    : '';
  return `RSI divergence: ${found.join('; ')}. A regular divergence warns that the current push is losing momentum; a hidden one supports the trend continuing.${meaning}`;
}

export function orderBlocksNote(ctx: PlanContext, facts: PlanFacts): string {
  const setup = facts.setup;
  const a = ctx.s15m.analysis;
  const valid = a.orderBlocks.filter((o) => o.status !== 'invalidated');
  const bull = valid.filter((o) => o.direction === 'bullish').length;
  const bear = valid.length - bull;
  const intro = `The 15m chart has ${plural(bull, 'valid bullish order block')} and ${plural(bear, 'valid bearish one')}`;
  const ob = setup?.zone.ob;
  if (ob) {
    const retest = facts.zoneTested
      ? 'Price has already traded back into it, so part of those orders may be filled.'
      : 'Price has not traded back into it yet, so the orders left there are untouched.';
    return (
      `${intro}. The plan uses the ${ob.direction} block at ${ctx.fmt(ob.bottom)}-${ctx.fmt(ob.top)}: the last ${ob.direction === 'bullish' ? 'down' : 'up'}-candle(s) ` +
      `before the move that made the ${ob.breakKind} on the 15m. Large orders placed there started that move; when price returns, the remaining orders tend to defend it. ${retest}`
    );
  }
  const nearest = [...valid].sort(
    (x, y) => Math.abs((x.top + x.bottom) / 2 - ctx.price) - Math.abs((y.top + y.bottom) / 2 - ctx.price),
  )[0];
  if (nearest) {
    return (
      `${intro}. The nearest is the ${nearest.direction} block at ${ctx.fmt(nearest.bottom)}-${ctx.fmt(nearest.top)} (${nearest.status}), ` +
      `the last opposite candle before a ${nearest.breakKind}. An order block is where large orders started a move; price often reacts when it returns there.`
    );
  }
  return `${intro}. With no order block to lean on, there is no institutional footprint on the 15m to trade from right now.`;
}

export function fvgNote(ctx: PlanContext, facts: PlanFacts): string {
  const setup = facts.setup;
  let total = 0;
  let halfFilled = 0;
  for (const d of [ctx.s4h, ctx.s15m, ctx.s5m]) {
    for (const g of d.analysis.fvgs) {
      total++;
      if (g.status === 'half-filled' || g.status === 'filled') halfFilled++;
    }
  }
  const stats =
    total > 0
      ? `On these three charts ${plural(total, 'fair value gap')} formed and ${halfFilled} of them (${pct(halfFilled / total)}) have already been at least half filled: price tends to come back to rebalance them.`
      : 'None of the three charts shows a fair value gap.';
  const gap = setup?.zone.fvg;
  const open = ctx.s15m.analysis.fvgs.filter((g) => g.status !== 'filled');
  const focus =
    gap ??
    [...open].sort(
      (x, y) => Math.abs((x.top + x.bottom) / 2 - ctx.price) - Math.abs((y.top + y.bottom) / 2 - ctx.price),
    )[0];
  const what = focus
    ? ` ${gap ? 'The plan uses' : 'The nearest unfilled one is'} the 15m ${focus.direction} gap at ${ctx.fmt(focus.bottom)}-${ctx.fmt(focus.top)} (${pipsText(ctx, focus.size)}, ${gap ? (facts.zoneTested ? 'price has traded into the zone' : 'not yet revisited') : focus.status}): ` +
      `three candles where the first and third do not overlap, left by a one-sided push. Its midpoint ${ctx.fmt((focus.top + focus.bottom) / 2)} is where price most often reacts.`
    : '';
  return `${stats}${what}`;
}

export function riskManagementNote(
  ctx: PlanContext,
  account: number,
  riskPercent: number,
  size: PositionSize | null,
  example: PositionSize | null,
): string {
  const riskAmount = (account * riskPercent) / 100;
  const unit = ctx.instrument.assetClass === 'index' ? 'point' : 'pip';
  const guidance =
    riskPercent > 3
      ? ` ${riskPercent}% is aggressive: a run of five losses would cost about ${pct(1 - (1 - riskPercent / 100) ** 5)} of the account; 1-2% is the usual guidance.`
      : riskPercent > 2
        ? ` ${riskPercent}% is above the 2% most traders cap themselves at.`
        : ` ${riskPercent}% keeps a losing streak survivable: five losses in a row cost about ${pct(1 - (1 - riskPercent / 100) ** 5)}.`;
  if (size) {
    const rate =
      size.quoteToUsdSource === 'reference-rate'
        ? ` (using an approximate ${ctx.instrument.quote}/USD reference rate from ${size.ratesAsOf}, so treat it as an estimate)`
        : size.quoteToUsdSource === 'chart-price'
          ? ` (converted at the chart's own price)`
          : '';
    return (
      `Risking ${riskPercent}% of ${formatUsd(account)} is ${formatUsd(size.riskAmount)}. The stop is ${pipsText(ctx, size.stopDistance)} away and one standard lot ` +
      `of ${ctx.instrument.symbol} (${ctx.instrument.contractSize.toLocaleString('en-US')} ${unitWord(ctx)}) is worth $${size.pipValuePerLot.toFixed(2)} per ${unit}` +
      `${rate}, so the size is ${formatUsd(size.riskAmount)} / (${(size.stopDistance / ctx.instrument.pipSize).toFixed(1)} x ${size.pipValuePerLot.toFixed(2)}) = ` +
      `${size.lotsExact.toFixed(3)} lots, rounded down to ${size.lots.toFixed(2)} lots so the loss at the stop is ${formatUsd(size.potentialLoss)}, never more than planned.${guidance}`
    );
  }
  const exampleText = example
    ? `with a stop one 15m ATR away (${pipsText(ctx, example.stopDistance)}) that would be ${example.lots.toFixed(2)} lots of ${ctx.instrument.symbol}, and a wider stop means fewer lots, never more risk.`
    : 'a wider stop means fewer lots, never more risk.';
  return `No trade is recommended, so nothing is at risk now. At ${riskPercent}% of ${formatUsd(account)} the next trade may lose ${formatUsd(riskAmount)}: ${exampleText}${guidance}`;
}
