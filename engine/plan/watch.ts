/**
 * A setup to watch (issue 18, decision 018): when the 4h and 15m agree and a 15m zone is there
 * but the entry is not (price has not reached the zone, or the 5m has not turned inside it),
 * the trader gets the conditional plan instead of a bare "No trade": the trigger that must
 * happen, the levels the trade would then have, and when the idea stops being valid.
 *
 * It is offered only when it would be a trade once triggered: its levels fit the current price
 * (validity.ts, with the entry taken once the trigger prints) and its confidence with the 5m
 * CHoCH counted reaches the same gate a trade must pass.
 */
import { formatPrice, roundPrice } from '../instruments';
import { scoreConfidence } from './confidence';
import type { PlanContext } from './context';
import type { PlanFacts } from './facts';
import type { Setup } from './setup';
import { lastIntactSwing, watchInvalidation, zoneName } from './text';
import type { SetupToWatch } from './types';
import { checkAtPrice } from './validity';
import { MIN_CONFIDENCE, WATCH_MAX_DISTANCE_ATR15 } from './weights';

export function buildSetupToWatch(
  ctx: PlanContext,
  facts: PlanFacts,
  setup: Setup,
  timeframeMismatches: number,
  /** Today's confidence (without the trigger), as the breakdown shows it. */
  currentScore: number,
): SetupToWatch | null {
  const long = setup.side === 'long';
  const inst = ctx.instrument;
  // The entry is taken when the trigger prints, so only the levels are checked, not the order side.
  const failures = checkAtPrice({
    setup: { ...setup, entryType: 'onTrigger' },
    price: ctx.price,
    invalidationLevels: [long ? setup.zone.bottom : setup.zone.top],
    fmt: ctx.fmt,
  });
  if (failures.length) return null;
  // Reachable before it expires: the zone's near edge within a session's range of price.
  const nearEdge = long ? setup.zone.top : setup.zone.bottom;
  const away = long ? ctx.price - nearEdge : nearEdge - ctx.price;
  if (away > WATCH_MAX_DISTANCE_ATR15 * ctx.s15m.atr) return null;
  const ifTriggered = scoreConfidence({ ctx, facts, timeframeMismatches, assumeTrigger: true });
  if (ifTriggered.score < MIN_CONFIDENCE) return null;

  const waitingFor = setup.entryType === 'onTrigger' ? 'trigger' : 'zone';
  const zoneText = `${ctx.fmt(setup.zone.bottom)}-${ctx.fmt(setup.zone.top)}`;
  const choch = `a 5m CHoCH ${long ? 'up' : 'down'} inside ${zoneText}`;
  // Already in the zone, the level whose break is the CHoCH can be named.
  const swing = waitingFor === 'trigger' ? lastIntactSwing(ctx.s5m, long ? 'high' : 'low', 'internal') : null;
  const level = swing && (long ? swing.price > ctx.price : swing.price < ctx.price) ? swing.price : null;
  const trigger =
    level === null ? choch : `${choch} (a 5m close ${long ? 'above' : 'below'} ${ctx.fmt(level)})`;

  const f = (p: number) => formatPrice(p, inst);
  const verb = long ? 'Buy' : 'Sell';
  const first =
    waitingFor === 'zone'
      ? `wait for price (now ${ctx.fmt(ctx.price)}) to trade into the 15m ${zoneName(setup)} ${zoneText}, then for ${choch}`
      : `price (now ${ctx.fmt(ctx.price)}) is inside the 15m ${zoneName(setup)} ${zoneText}; wait for ${trigger}`;
  const targets =
    `TP1 ${f(setup.tp1.price)} (1:${setup.rr1.toFixed(2)})` +
    (setup.tp2 && setup.rr2 !== null
      ? `, TP2 ${f(setup.tp2.price)} (1:${setup.rr2.toFixed(2)})`
      : `, no TP2 (${setup.tp2Reason ?? 'no liquidity beyond TP1'})`);
  const summary =
    `Not a trade now. ${verb} ${inst.symbol} only if it happens: ${first}. ` +
    `Then enter around ${f(setup.entry)} with the stop at ${f(setup.stop)}, ${targets}. ` +
    `With the trigger the confidence would be ${ifTriggered.score}% (${MIN_CONFIDENCE}% needed); without it, it is ${currentScore}%.`;

  return {
    direction: long ? 'LONG' : 'SHORT',
    waitingFor,
    zone: {
      kind: setup.zone.kind,
      top: roundPrice(setup.zone.top, inst),
      bottom: roundPrice(setup.zone.bottom, inst),
      formatted: zoneText,
    },
    trigger,
    entry: setup.entry,
    stopLoss: setup.stop,
    takeProfit1: setup.tp1.price,
    takeProfit2: setup.tp2?.price ?? null,
    formatted: {
      entry: f(setup.entry),
      stopLoss: f(setup.stop),
      takeProfit1: f(setup.tp1.price),
      takeProfit2: setup.tp2 ? f(setup.tp2.price) : null,
    },
    riskRewardRatio: setup.rr1,
    riskRewardRatioTp2: setup.rr2,
    confidenceIfTriggered: ifTriggered.score,
    summary,
    invalidIf: watchInvalidation(ctx, setup),
  };
}
