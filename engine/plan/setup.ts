/**
 * The trade idea itself: 4h direction, 15m zone to enter from, 5m trigger, then entry, stop and
 * targets from the structure on the charts. Everything is mirrored for shorts through `sign`.
 */
import type { FairValueGap, LiquiditySweep, OrderBlock, StructureBreak } from '../analysis/types';
import { roundPrice } from '../instruments';
import { intactAbove, intactBelow, type PlanContext, type SlotData } from './context';
import {
  DEFAULT_TP1_R,
  MAX_TP2_R,
  MIN_RISK_REWARD,
  MIN_STOP_ATR,
  STOP_BUFFER_ATR,
  TRIGGER_LOOKBACK_BARS,
} from './weights';

export type Side = 'long' | 'short';

export interface SetupZone {
  readonly kind: 'orderBlock' | 'fvg' | 'orderBlock+fvg';
  readonly top: number;
  readonly bottom: number;
  readonly ob: OrderBlock | null;
  readonly fvg: FairValueGap | null;
  /** Not yet traded back into since it formed. */
  readonly fresh: boolean;
  /** Midpoint in discount (long) / premium (short) of the 15m dealing range. */
  readonly rightSide15m: boolean;
}

export interface Trigger {
  /** First 5m bar inside the recent window that traded into the zone, or -1. */
  readonly touchIndex: number;
  readonly structureBreak: StructureBreak | null;
  readonly sweep: LiquiditySweep | null;
}

export interface Target {
  readonly price: number;
  readonly label: string;
}

/**
 * How the plan is entered: a limit order waiting at the zone (price is away from it), at the
 * market (price is in the zone and the 5m has confirmed), or only once the 5m trigger prints
 * (price is in the zone but the 5m has not turned): the last is a setup to watch, not a trade.
 */
export type EntryType = 'limit' | 'market' | 'onTrigger';

export interface Setup {
  readonly side: Side;
  readonly zone: SetupZone;
  readonly trigger: Trigger;
  readonly entryType: EntryType;
  readonly entry: number;
  readonly stop: number;
  /** The structure price whose loss kills the idea (the stop sits a buffer beyond it). */
  readonly invalidationLevel: number;
  readonly invalidationLabel: string;
  readonly tp1: Target;
  /** Null when no liquidity lies beyond TP1 within MAX_TP2_R; `tp2Reason` says why. */
  readonly tp2: Target | null;
  readonly tp2Reason: string | null;
  /** Nearest opposing level when it is too close for TP1 (R:R below the minimum). */
  readonly obstacle: Target | null;
  readonly rr1: number;
  readonly rr2: number | null;
}

const sign = (side: Side) => (side === 'long' ? 1 : -1);
const dirOf = (side: Side) => (side === 'long' ? 'bullish' : 'bearish');
export const round2 = (x: number) => Math.round(x * 100) / 100;

/** Zone edge price meets first (top for a long's demand zone) and the far edge (stop side). */
const proximalEdge = (side: Side, top: number, bottom: number) => (side === 'long' ? top : bottom);
const distalEdge = (side: Side, top: number, bottom: number) => (side === 'long' ? bottom : top);

export type ZoneSearch = { zone: SetupZone } | { zone: null; reason: string };

/**
 * The 15m order block or fair value gap to enter from: in the trade's direction, still valid,
 * not beyond the current price on the wrong side, in discount (long) / premium (short) of the
 * 15m dealing range, and the nearest such to price.
 */
export function findSetupZone(ctx: PlanContext, side: Side): ZoneSearch {
  const a = ctx.s15m.analysis;
  const s = sign(side);
  const dir = dirOf(side);
  const price = ctx.price;
  const eq = a.premiumDiscount?.equilibrium ?? null;
  // The zone's far edge must still be on the safe side of price, or price has already broken it.
  const alive = (top: number, bottom: number) => s * (price - distalEdge(side, top, bottom)) > 0;
  const rightSide = (top: number, bottom: number) => eq === null || s * (eq - (top + bottom) / 2) >= 0;

  const obs = a.orderBlocks.filter(
    (ob) => ob.direction === dir && ob.status !== 'invalidated' && alive(ob.top, ob.bottom),
  );
  const fvgs = a.fvgs.filter((g) => g.direction === dir && g.status !== 'filled' && alive(g.top, g.bottom));
  type Candidate = {
    kind: 'orderBlock' | 'fvg';
    top: number;
    bottom: number;
    ob?: OrderBlock;
    fvg?: FairValueGap;
  };
  const all: Candidate[] = [
    ...obs.map((ob) => ({ kind: 'orderBlock' as const, top: ob.top, bottom: ob.bottom, ob })),
    ...fvgs.map((fvg) => ({ kind: 'fvg' as const, top: fvg.top, bottom: fvg.bottom, fvg })),
  ];
  const zoneWord = side === 'long' ? 'bullish' : 'bearish';
  const sideWord = side === 'long' ? 'below' : 'above';
  const halfWord = side === 'long' ? 'discount' : 'premium';
  if (all.length === 0) {
    return {
      zone: null,
      reason: `there is no valid ${zoneWord} order block or fair value gap ${sideWord} the current price on the 15m chart to enter from`,
    };
  }
  // Nearest to price first; an order block wins a tie because it is the structural zone.
  const byNearest = (x: Candidate, y: Candidate) =>
    s * (proximalEdge(side, y.top, y.bottom) - proximalEdge(side, x.top, x.bottom)) ||
    (x.kind === 'orderBlock' ? -1 : 1);
  const good = all.filter((c) => rightSide(c.top, c.bottom)).sort(byNearest);
  const best = good[0];
  if (!best) {
    const nearest = [...all].sort(byNearest)[0]!;
    return {
      zone: null,
      reason:
        `the nearest 15m ${zoneWord} zone (${ctx.fmt(nearest.bottom)}-${ctx.fmt(nearest.top)}) is in ${side === 'long' ? 'premium' : 'discount'}, ` +
        `on the wrong side of the 15m equilibrium ${ctx.fmt(eq ?? 0)}, so there is no ${halfWord} zone to enter from`,
    };
  }
  const overlaps = (c: Candidate) => c.top >= best.bottom && c.bottom <= best.top;
  const partner = good.find((c) => c.kind !== best.kind && overlaps(c));
  const ob = best.ob ?? partner?.ob ?? null;
  const fvg = best.fvg ?? partner?.fvg ?? null;
  // With both, the order block's bounds frame the zone: it is the structure that invalidates.
  const frame = ob ?? fvg!;
  const fresh = ob ? ob.status === 'untested' : fvg!.status === 'open';
  return {
    zone: {
      kind: ob && fvg ? 'orderBlock+fvg' : ob ? 'orderBlock' : 'fvg',
      top: frame.top,
      bottom: frame.bottom,
      ob,
      fvg,
      fresh,
      rightSide15m: true,
    },
  };
}

/**
 * The 5m confirmation: price has traded into the zone within the recent window, and since then
 * the latest 5m structure break points the trade's way (CHoCH or BOS) and/or liquidity beyond
 * the zone was swept and rejected.
 */
export function findTrigger(ctx: PlanContext, side: Side, zone: SetupZone): Trigger {
  const d = ctx.s5m;
  const candles = d.reading.candles;
  const n = candles.length;
  const s = sign(side);
  const dir = dirOf(side);
  const tolerance = 0.1 * d.atr;
  const start = Math.max(0, n - TRIGGER_LOOKBACK_BARS);
  const edge = proximalEdge(side, zone.top, zone.bottom);
  let touchIndex = -1;
  for (let i = start; i < n; i++) {
    const c = candles[i]!;
    const reach = side === 'long' ? c.low : c.high;
    if (s * (edge + s * tolerance - reach) >= 0) {
      touchIndex = i;
      break;
    }
  }
  if (touchIndex < 0) return { touchIndex, structureBreak: null, sweep: null };
  const breaks = d.analysis.structure.filter((b) => b.index >= touchIndex);
  const latest = breaks[breaks.length - 1] ?? null;
  const structureBreak = latest && latest.direction === dir ? latest : null;
  const far = distalEdge(side, zone.top, zone.bottom);
  const sweeps = d.analysis.liquidity.sweeps.filter(
    (w) =>
      w.direction === dir &&
      w.index >= touchIndex - 3 &&
      // The sweep must happen at the zone, not somewhere unrelated.
      Math.abs(w.extreme - far) <= Math.abs(zone.top - zone.bottom) + ctx.s15m.atr,
  );
  return { touchIndex, structureBreak, sweep: sweeps[sweeps.length - 1] ?? null };
}

interface Level {
  readonly price: number;
  readonly label: string;
}

/** Opposing levels on one chart beyond `from` in the trade's direction, still untaken. */
function opposingLevels(d: SlotData, side: Side, from: number): Level[] {
  const a = d.analysis;
  const tf = d.slot;
  const s = sign(side);
  const beyond = (p: number) => s * (p - from) > 0;
  const levels: Level[] = [];
  const kind = side === 'long' ? 'high' : 'low';
  const intact = side === 'long' ? intactAbove : intactBelow;
  for (const sw of a.swings) {
    if (sw.kind === kind && beyond(sw.price) && intact(d, sw.index, sw.price)) {
      levels.push({
        price: sw.price,
        label: `${tf} ${sw.scope === 'swing' ? 'swing' : 'internal'} ${kind} (${side === 'long' ? 'buy' : 'sell'}-side liquidity)`,
      });
    }
  }
  const poolKind = side === 'long' ? 'equalHighs' : 'equalLows';
  for (const p of a.liquidity.pools) {
    if (p.kind === poolKind && p.status === 'resting' && beyond(p.level)) {
      levels.push({
        price: p.level,
        label: `${tf} equal ${side === 'long' ? 'highs' : 'lows'} (resting liquidity)`,
      });
    }
  }
  const opposite = side === 'long' ? 'bearish' : 'bullish';
  for (const ob of a.orderBlocks) {
    const near = side === 'long' ? ob.bottom : ob.top;
    if (ob.direction === opposite && ob.status !== 'invalidated' && beyond(near)) {
      levels.push({ price: near, label: `${tf} ${opposite} order block` });
    }
  }
  const levelKind = side === 'long' ? 'resistance' : 'support';
  for (const k of a.keyLevels) {
    if (beyond(k.price) && s * (k.price - d.lastClose) > 0) {
      levels.push({ price: k.price, label: `${tf} ${levelKind} (${k.touches} touches)` });
    }
  }
  return levels.sort((x, y) => s * (x.price - y.price));
}

export type SetupSearch = { setup: Setup } | { setup: null; reason: string; zone: SetupZone | null };

export function buildSetup(ctx: PlanContext, side: Side): SetupSearch {
  const found = findSetupZone(ctx, side);
  if (!found.zone) return { setup: null, reason: found.reason, zone: null };
  const zone = found.zone;
  const s = sign(side);
  const price = ctx.price;
  const atr15 = ctx.s15m.atr;
  const inst = ctx.instrument;
  const trigger = findTrigger(ctx, side, zone);
  const proximal =
    zone.kind === 'fvg' ? (zone.top + zone.bottom) / 2 : proximalEdge(side, zone.top, zone.bottom);
  const far = distalEdge(side, zone.top, zone.bottom);

  // At the market only when price is at the entry level inside the zone and the 5m has
  // confirmed; in the zone without that confirmation the plan waits for it (a setup to watch);
  // away from the zone, a limit order waits at it.
  const priceAtEntry = s * (price - proximal) <= 0;
  let entryType: EntryType = 'limit';
  let rawEntry = proximal;
  if (priceAtEntry && trigger.structureBreak) {
    entryType = 'market';
    rawEntry = price;
  } else if (priceAtEntry) {
    entryType = 'onTrigger';
  }

  // What invalidates the idea: the zone's far edge, or the extreme price has printed in the zone
  // since it arrived (a sweep wick), whichever is further.
  let invalidation = far;
  let invalidationLabel = `the ${zone.kind === 'fvg' ? 'fair value gap' : 'order block'}'s ${side === 'long' ? 'low' : 'high'}`;
  if (trigger.touchIndex >= 0) {
    const candles = ctx.s5m.reading.candles;
    for (let i = trigger.touchIndex; i < candles.length; i++) {
      const c = candles[i]!;
      const extreme = side === 'long' ? c.low : c.high;
      if (s * (invalidation - extreme) > 0) {
        invalidation = extreme;
        invalidationLabel = `the 5m ${side === 'long' ? 'low' : 'high'} printed in the zone`;
      }
    }
  }
  const entry = roundPrice(rawEntry, inst);
  const tick = 10 ** -inst.precision;
  let rawStop = invalidation - s * STOP_BUFFER_ATR * atr15;
  if (s * (entry - rawStop) < MIN_STOP_ATR * atr15) rawStop = entry - s * MIN_STOP_ATR * atr15;
  // Round the stop away from the entry so rounding never tightens it.
  let stop =
    side === 'long' ? Math.floor(rawStop / tick + 1e-9) * tick : Math.ceil(rawStop / tick - 1e-9) * tick;
  stop = roundPrice(stop, inst);
  if (s * (entry - stop) < tick) stop = roundPrice(entry - s * tick, inst);
  if (!(stop > 0)) {
    return { setup: null, reason: 'the stop loss beyond the zone would be at or below zero', zone };
  }
  const risk = Math.abs(entry - stop);

  // Targets lie beyond the entry AND the current price: liquidity between a limit and the
  // current price has already been traded through (the stale GBPJPY plan of issue 18 had TP1
  // 77 pips under the last close).
  const minGap = 0.05 * risk;
  const from = side === 'long' ? Math.max(entry, price) : Math.min(entry, price);
  const near = opposingLevels(ctx.s15m, side, from + s * minGap);
  let tp1: Target;
  let obstacle: Target | null = null;
  const first = near[0];
  if (first) {
    const rr = Math.abs(first.price - entry) / risk;
    if (rr < MIN_RISK_REWARD) obstacle = { price: first.price, label: first.label };
    tp1 = { price: first.price, label: first.label };
  } else {
    tp1 = {
      price: entry + s * DEFAULT_TP1_R * risk,
      label: `${DEFAULT_TP1_R}R mark (no untaken opposing liquidity on the 15m chart)`,
    };
  }
  tp1 = { ...tp1, price: roundPrice(tp1.price, inst) };
  if (s * (tp1.price - entry) < tick) tp1 = { ...tp1, price: roundPrice(entry + s * tick, inst) };
  if (!(tp1.price > 0)) {
    return { setup: null, reason: 'the profit target would be at or below zero', zone };
  }

  // TP2: the next 4h liquidity beyond TP1 (by at least a quarter R), else the next 15m one, but
  // only within MAX_TP2_R of the entry; with none in reach the plan closes all at TP1.
  const beyondTp1 = tp1.price + s * 0.25 * risk;
  const cap = entry + s * MAX_TP2_R * risk;
  const htf = opposingLevels(ctx.s4h, side, beyondTp1);
  const pd = ctx.s4h.analysis.premiumDiscount;
  const rangeEdge = pd ? (side === 'long' ? pd.rangeHigh : pd.rangeLow) : null;
  if (rangeEdge !== null && s * (rangeEdge - beyondTp1) > 0) {
    htf.push({ price: rangeEdge, label: `4h range ${side === 'long' ? 'high' : 'low'}` });
    htf.sort((x, y) => s * (x.price - y.price));
  }
  const next15 = near.filter((l) => s * (l.price - beyondTp1) > 0);
  const inReach = (l: Level) => s * (cap - l.price) >= 0;
  const pick = htf.find(inReach) ?? next15.find(inReach) ?? null;
  let tp2: Target | null = null;
  let tp2Reason: string | null = null;
  if (pick) {
    tp2 = { price: roundPrice(pick.price, inst), label: pick.label };
    if (s * (tp2.price - tp1.price) < tick) tp2 = { ...tp2, price: roundPrice(tp1.price + s * tick, inst) };
  } else {
    const beyond = htf[0] ?? next15[0];
    tp2Reason = !inReach(tp1)
      ? `TP1 is already 1:${(Math.abs(tp1.price - entry) / risk).toFixed(1)} away, beyond the 1:${MAX_TP2_R} reach of this intraday plan for a second target`
      : beyond
        ? `the next liquidity beyond TP1, the ${beyond.label} at ${ctx.fmt(beyond.price)}, is 1:${(Math.abs(beyond.price - entry) / risk).toFixed(1)} away, beyond the 1:${MAX_TP2_R} reach of this intraday plan`
        : 'no 4h or 15m liquidity lies beyond TP1 on the charts';
  }

  return {
    setup: {
      side,
      zone,
      trigger,
      entryType,
      entry,
      stop,
      invalidationLevel: invalidation,
      invalidationLabel,
      tp1,
      tp2,
      tp2Reason,
      obstacle,
      rr1: round2(Math.abs(tp1.price - entry) / risk),
      rr2: tp2 ? round2(Math.abs(tp2.price - entry) / risk) : null,
    },
  };
}
