/**
 * What a trader who follows one plan to the letter would get, bar by bar, with no look-ahead.
 *
 * The plan's own words set the rules (engine/plan/text.ts, tradeManagementText): a limit order at
 * the entry (or a market order at the next bar's open), the stop and two targets; at TP1 close
 * half and move the stop on the rest to break-even; let the other half run to TP2 (with no TP2,
 * close everything at TP1); cancel an
 * unfilled limit once price reaches TP1 without it. A stated time limit (validUntil) cancels a
 * limit that never filled.
 *
 * Prices are chart prices (bid, as MetaTrader and most data feeds record them). A buy order
 * fills and a short position closes at the ask = bid + spread, so with a spread a buy limit fills
 * only when the bar's low is a spread below the entry, and a short's stop triggers a spread
 * early. When one bar touches both an adverse and a favourable level its path inside the bar is
 * unknown: the adverse level is taken first (stop before target, break-even before TP2), and on
 * the bar an order fills only the stop counts. These choices can only make results worse than
 * the bars allow, never better.
 *
 * Pure: no I/O, no clock. Any plan shape can be fed in: a trade plan now, a conditional
 * "setup to watch" once it triggers.
 */

/** One bar of the lowest timeframe the trade is followed on; time in epoch ms (bar open). */
export interface SimBar {
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

/** The levels a trader would place, whatever produced them. */
export interface PlannedOrder {
  readonly direction: 'LONG' | 'SHORT';
  /** 'market' fills at the open of the first bar simulated; 'limit' waits for price. */
  readonly entryType: 'limit' | 'market';
  readonly entry: number;
  readonly stop: number;
  readonly tp1: number;
  /** Null when the plan has no second target: the whole position closes at TP1. */
  readonly tp2: number | null;
  /** Epoch ms: a limit not filled by a bar opening at or after this time is cancelled. */
  readonly validUntil: number;
}

export interface SimulationSettings {
  /** Bid-ask spread in price units (0.8 pip on EURUSD = 0.00008). */
  readonly spread: number;
  /** Share of the position closed at TP1 (the plan says half). */
  readonly partialAtTp1: number;
}

export type OrderOutcome =
  | {
      readonly kind: 'cancelled';
      readonly reason: 'expired' | 'tp1-before-fill' | 'end-of-data';
      /** Time of the bar the order was cancelled on (the last bar for end-of-data). */
      readonly at: number;
    }
  | {
      readonly kind: 'closed';
      /** The whole position's result in R (multiples of the planned entry-to-stop distance). */
      readonly r: number;
      /** TP1 was reached before the stop. */
      readonly reachedTp1: boolean;
      readonly reachedTp2: boolean;
      /** Price the order filled at (ask for a buy, bid for a sell). */
      readonly fillPrice: number;
      readonly filledAt: number;
      readonly closedAt: number;
      /** Still open at the last bar: marked to that bar's close. */
      readonly openAtEnd: boolean;
    };

/**
 * Follows `order` over `bars` (the bars after the plan was made, oldest first).
 * Throws on levels in the wrong order: a plan whose stop is not beyond its entry is a bug upstream.
 */
export function simulateOrder(
  order: PlannedOrder,
  bars: readonly SimBar[],
  settings: SimulationSettings,
): OrderOutcome {
  const s = order.direction === 'LONG' ? 1 : -1;
  const risk = s * (order.entry - order.stop);
  const tp2 = order.tp2;
  if (
    !(risk > 0) ||
    !(s * (order.tp1 - order.entry) > 0) ||
    (tp2 !== null && !(s * (tp2 - order.tp1) >= 0))
  ) {
    throw new RangeError(
      `Order levels out of order for a ${order.direction}: entry ${order.entry}, stop ${order.stop}, TP1 ${order.tp1}, TP2 ${order.tp2}.`,
    );
  }
  const spread = settings.spread;
  // Bid-side extremes of the prices this position's orders react to: a long buys at the ask and
  // sells at the bid; a short sells at the bid and buys back at the ask.
  const buyLow = (b: SimBar) => b.low + spread; // lowest ask
  const buyHigh = (b: SimBar) => b.high + spread; // highest ask
  /** Adverse extreme of the closing side: bid low for a long, ask high for a short. */
  const adverse = (b: SimBar) => (s > 0 ? b.low : buyHigh(b));
  /** Favourable extreme of the closing side: bid high for a long, ask low for a short. */
  const favourable = (b: SimBar) => (s > 0 ? b.high : buyLow(b));
  const reached = (extreme: number, level: number) => s * (extreme - level) >= 0;
  const touchedAdverse = (extreme: number, level: number) => s * (extreme - level) <= 0;

  // 1. The fill.
  let fillIndex = -1;
  let fillPrice = Number.NaN;
  if (order.entryType === 'market') {
    const first = bars[0];
    if (!first) return { kind: 'cancelled', reason: 'end-of-data', at: order.validUntil };
    fillIndex = 0;
    fillPrice = s > 0 ? first.open + spread : first.open;
  } else {
    for (let i = 0; i < bars.length; i++) {
      const b = bars[i]!;
      if (b.time >= order.validUntil) return { kind: 'cancelled', reason: 'expired', at: b.time };
      // The opening side's extreme: ask low for a buy limit, bid high for a sell limit.
      const entrySide = s > 0 ? buyLow(b) : b.high;
      if (s * (entrySide - order.entry) <= 0) {
        fillIndex = i;
        // A bar that opens through the limit fills at its open, which is better than the limit.
        const openSide = s > 0 ? b.open + spread : b.open;
        fillPrice = s * (openSide - order.entry) < 0 ? openSide : order.entry;
        break;
      }
      if (reached(favourable(b), order.tp1))
        return { kind: 'cancelled', reason: 'tp1-before-fill', at: b.time };
    }
    if (fillIndex < 0) {
      return { kind: 'cancelled', reason: 'end-of-data', at: bars.at(-1)?.time ?? order.validUntil };
    }
  }

  // 2. The position: full size until TP1, then the rest with its stop at break-even.
  const part = tp2 === null ? 1 : settings.partialAtTp1;
  const rOf = (exit: number) => (s * (exit - fillPrice)) / risk;
  const filledAt = bars[fillIndex]!.time;
  // Break-even is the price the position was opened at, so the rest closes there for 0 R.
  const breakEven = fillPrice;
  let banked = 0;
  let tp1Hit = false;
  for (let i = fillIndex; i < bars.length; i++) {
    const b = bars[i]!;
    const lo = adverse(b);
    const hi = favourable(b);
    if (!tp1Hit) {
      if (touchedAdverse(lo, order.stop)) {
        // A gap through the stop closes at the open, not at the stop.
        const openClose = s > 0 ? b.open : b.open + spread;
        const exit = s * (openClose - order.stop) < 0 ? openClose : order.stop;
        return closed(rOf(exit), false, false, filledAt, b.time, false);
      }
      // On the fill bar the path after the fill is unknown: only the stop counts there.
      if (i === fillIndex || !reached(hi, order.tp1)) continue;
      tp1Hit = true;
      banked = part * rOf(order.tp1);
      if (tp2 === null) return closed(banked, true, false, filledAt, b.time, false);
      // The rest of this bar: break-even first, then TP2.
      if (touchedAdverse(lo, breakEven)) return closed(banked, true, false, filledAt, b.time, false);
      if (reached(hi, tp2)) {
        return closed(banked + (1 - part) * rOf(tp2), true, true, filledAt, b.time, false);
      }
      continue;
    }
    if (touchedAdverse(lo, breakEven)) return closed(banked, true, false, filledAt, b.time, false);
    if (tp2 !== null && reached(hi, tp2)) {
      return closed(banked + (1 - part) * rOf(tp2), true, true, filledAt, b.time, false);
    }
  }
  // Still open when the data ends: marked to the last close on the closing side.
  const last = bars[bars.length - 1]!;
  const mark = s > 0 ? last.close : last.close + spread;
  const r = tp1Hit ? banked + (1 - part) * rOf(mark) : rOf(mark);
  return closed(r, tp1Hit, false, filledAt, last.time, true);

  function closed(
    r: number,
    reachedTp1: boolean,
    reachedTp2: boolean,
    filled: number,
    closedAt: number,
    openAtEnd: boolean,
  ): OrderOutcome {
    return { kind: 'closed', r, reachedTp1, reachedTp2, fillPrice, filledAt: filled, closedAt, openAtEnd };
  }
}
