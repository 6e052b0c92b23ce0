/**
 * The last check before a plan is returned (issue 18: a GBPJPY buy limit was shown with TP1
 * 77 pips under the last close, so its own "price trades to TP1 without filling" rule was
 * already true). A plan is valid at the current price when:
 * - its levels are in order: stop on the losing side of the entry, TP1 beyond the entry, TP2
 *   (when present) beyond TP1;
 * - neither the stop nor TP1 has already been passed by the current price;
 * - a limit entry waits on the correct side of price (a buy limit below it, a sell limit above);
 * - a market entry is taken only with price inside the zone;
 * - every invalidation level lies strictly between the entry and the stop, so it can trigger
 *   before the stop does.
 * A plan that fails any of these is not shown as a trade; the failures are the reason.
 */
import type { Setup } from './setup';

export interface LevelsAtPrice {
  readonly setup: Setup;
  readonly price: number;
  /** Invalidation levels the plan lists (rules without a price are left out). */
  readonly invalidationLevels: readonly number[];
  readonly fmt: (p: number) => string;
}

/** Every rule the plan breaks at the current price, in a trader's words; empty when valid. */
export function checkAtPrice({ setup, price, invalidationLevels, fmt }: LevelsAtPrice): string[] {
  const long = setup.side === 'long';
  const s = long ? 1 : -1;
  const { entry, stop, tp1, tp2 } = setup;
  const failures: string[] = [];
  const under = long ? 'below' : 'above';
  const over = long ? 'above' : 'below';

  if (!(s * (entry - stop) > 0))
    failures.push(`the stop ${fmt(stop)} is not ${under} the entry ${fmt(entry)}`);
  if (!(s * (tp1.price - entry) > 0))
    failures.push(`TP1 ${fmt(tp1.price)} is not ${over} the entry ${fmt(entry)}`);
  if (tp2 && !(s * (tp2.price - tp1.price) > 0))
    failures.push(`TP2 ${fmt(tp2.price)} is not ${over} TP1 ${fmt(tp1.price)}`);

  if (!(s * (price - stop) > 0)) {
    failures.push(`the current price ${fmt(price)} is already ${under} the stop ${fmt(stop)}`);
  }
  if (!(s * (tp1.price - price) > 0)) {
    failures.push(
      `the current price ${fmt(price)} is already ${over} TP1 ${fmt(tp1.price)}: the move from the zone went without the entry`,
    );
  }
  if (setup.entryType === 'limit' && !(s * (price - entry) > 0)) {
    failures.push(
      `a ${long ? 'buy' : 'sell'} limit at ${fmt(entry)} must wait ${under} the current price ${fmt(price)}, or it fills at once`,
    );
  }
  if (setup.entryType === 'market') {
    const { top, bottom } = setup.zone;
    if (!(price >= bottom && price <= top)) {
      failures.push(
        `a market entry needs price inside the zone ${fmt(bottom)}-${fmt(top)}, but it is at ${fmt(price)}`,
      );
    }
  }
  for (const level of invalidationLevels) {
    if (!(s * (entry - level) > 0 && s * (level - stop) > 0)) {
      failures.push(
        `the invalidation level ${fmt(level)} is not between the entry ${fmt(entry)} and the stop ${fmt(stop)}, so it cannot trigger before the stop`,
      );
    }
  }
  return failures;
}
