import type { JournalDirection } from './sizing';

/** A closed trade's result; rMultiple is null for an imported trade without a stop. */
export interface StatsResult {
  readonly pnlUsd: number;
  readonly rMultiple: number | null;
}

/**
 * Performance statistics of a trading journal. Pure: entries in, figures out, so the server's
 * /api/journal/stats, the CLI or a notebook compute exactly the same numbers. Every formula is
 * written out in docs/journal-statistics.md and shown as a tooltip in the web panel.
 */

export type JournalStatus = 'PLANNED' | 'ACTIVE' | 'CLOSED' | 'CANCELLED';

export interface StatsEntry {
  readonly id: string;
  readonly symbol: string;
  readonly direction: JournalDirection;
  readonly status: JournalStatus;
  /** When the trade was logged (ISO 8601). */
  readonly timestamp: string;
  readonly accountSize: number;
  /** Null for an imported trade without a stop or target. */
  readonly plannedRiskReward: number | null;
  readonly closedAt: string | null;
  readonly result: StatsResult | null;
}

/** |R| at or below this is a breakeven trade: neither a win nor a loss. */
export const BREAKEVEN_R_THRESHOLD = 0.1;

export type TradeOutcome = 'win' | 'loss' | 'breakeven';

/**
 * Win, loss or breakeven by R. A trade imported without a stop has no R; its money decides:
 * more than a cent won or lost is a win or a loss, anything within a cent is breakeven.
 */
export function outcomeOf(rMultiple: number | null, pnlUsd = 0): TradeOutcome {
  if (rMultiple === null) return Math.abs(pnlUsd) < BREAKEVEN_USD ? 'breakeven' : pnlUsd > 0 ? 'win' : 'loss';
  if (Math.abs(rMultiple) <= BREAKEVEN_R_THRESHOLD) return 'breakeven';
  return rMultiple > 0 ? 'win' : 'loss';
}

/** A trade without an R is breakeven when its result is within this many dollars of zero. */
export const BREAKEVEN_USD = 0.01;

export type ProfitFactorValue =
  | { readonly kind: 'ratio'; readonly value: number }
  | { readonly kind: 'noLosses' }
  | { readonly kind: 'none' };

export interface EquityPointValue {
  readonly index: number;
  readonly at: string | null;
  readonly balance: number;
  readonly pnlUsd: number;
  readonly entryId: string | null;
  readonly symbol: string | null;
}

export interface RecentTradeValue {
  readonly id: string;
  readonly symbol: string;
  readonly direction: JournalDirection;
  readonly closedAt: string;
  readonly pnlUsd: number;
  readonly rMultiple: number | null;
  readonly outcome: TradeOutcome;
}

export interface JournalStatistics {
  readonly totalTrades: number;
  readonly plannedTrades: number;
  readonly activeTrades: number;
  readonly closedTrades: number;
  readonly cancelledTrades: number;
  readonly wins: number;
  readonly losses: number;
  readonly breakevens: number;
  readonly winRate: number | null;
  readonly averagePlannedRiskReward: number | null;
  readonly averageRealisedR: number | null;
  readonly averageWinR: number | null;
  readonly averageLossR: number | null;
  readonly grossProfitUsd: number;
  readonly grossLossUsd: number;
  readonly profitFactor: ProfitFactorValue;
  readonly expectancyR: number | null;
  readonly expectancyUsd: number | null;
  readonly netPnlUsd: number;
  readonly startingBalance: number | null;
  readonly totalReturnPct: number | null;
  readonly maxDrawdownUsd: number;
  readonly maxDrawdownPct: number;
  readonly equityCurve: readonly EquityPointValue[];
  readonly recentTrades: readonly RecentTradeValue[];
}

/** How many closed trades the recent-trades list shows. */
export const RECENT_TRADES = 5;

const mean = (xs: readonly number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
/** Money sums to the cent so 0.1 + 0.2 shows as 0.3. */
const cents = (x: number) => Math.round(x * 100) / 100;

type ClosedEntry = StatsEntry & { readonly closedAt: string; readonly result: StatsResult };

const isClosed = (e: StatsEntry): e is ClosedEntry =>
  e.status === 'CLOSED' && e.result !== null && e.closedAt !== null;

/** Close time, then log time, then id: a stable order even for trades closed the same second. */
function byCloseTime(a: ClosedEntry, b: ClosedEntry): number {
  return (
    Date.parse(a.closedAt) - Date.parse(b.closedAt) ||
    Date.parse(a.timestamp) - Date.parse(b.timestamp) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

export function journalStatistics(entries: readonly StatsEntry[]): JournalStatistics {
  const count = (status: JournalStatus) => entries.filter((e) => e.status === status).length;
  const closed = entries.filter(isClosed).sort(byCloseTime);
  // R figures are over the trades that have an R (imported trades without a stop have none).
  const rs = closed.map((e) => e.result.rMultiple).filter((r): r is number => r !== null);
  const pnls = closed.map((e) => e.result.pnlUsd);

  const outcomes = closed.map((e) => outcomeOf(e.result.rMultiple, e.result.pnlUsd));
  const wins = outcomes.filter((o) => o === 'win').length;
  const losses = outcomes.filter((o) => o === 'loss').length;
  const breakevens = outcomes.filter((o) => o === 'breakeven').length;

  const grossProfitUsd = cents(sum(pnls.filter((p) => p > 0)));
  const grossLossUsd = cents(sum(pnls.filter((p) => p < 0).map((p) => -p)));
  const profitFactor: ProfitFactorValue =
    grossLossUsd > 0
      ? { kind: 'ratio', value: grossProfitUsd / grossLossUsd }
      : grossProfitUsd > 0
        ? { kind: 'noLosses' }
        : { kind: 'none' };

  // Planned R:R describes the plans the trader committed to, so cancelled ideas are left out.
  const planned = entries
    .filter((e) => e.status !== 'CANCELLED')
    .map((e) => e.plannedRiskReward)
    .filter((r): r is number => r !== null);

  const startingBalance = closed[0]?.accountSize ?? null;
  const netPnlUsd = cents(sum(pnls));

  const equityCurve: EquityPointValue[] = [];
  let maxDrawdownUsd = 0;
  let maxDrawdownPct = 0;
  if (startingBalance !== null) {
    let balance = startingBalance;
    let peak = startingBalance;
    equityCurve.push({ index: 0, at: null, balance, pnlUsd: 0, entryId: null, symbol: null });
    closed.forEach((e, i) => {
      balance = cents(balance + e.result.pnlUsd);
      peak = Math.max(peak, balance);
      const drop = peak - balance;
      maxDrawdownUsd = Math.max(maxDrawdownUsd, cents(drop));
      // Percent of the peak the drop started from (the peak is never below the start, so > 0).
      maxDrawdownPct = Math.max(maxDrawdownPct, (drop / peak) * 100);
      equityCurve.push({
        index: i + 1,
        at: e.closedAt,
        balance,
        pnlUsd: e.result.pnlUsd,
        entryId: e.id,
        symbol: e.symbol,
      });
    });
  }

  const recentTrades: RecentTradeValue[] = closed
    .slice(-RECENT_TRADES)
    .reverse()
    .map((e) => ({
      id: e.id,
      symbol: e.symbol,
      direction: e.direction,
      closedAt: e.closedAt,
      pnlUsd: e.result.pnlUsd,
      rMultiple: e.result.rMultiple,
      outcome: outcomeOf(e.result.rMultiple, e.result.pnlUsd),
    }));

  return {
    totalTrades: entries.length,
    plannedTrades: count('PLANNED'),
    activeTrades: count('ACTIVE'),
    closedTrades: closed.length,
    cancelledTrades: count('CANCELLED'),
    wins,
    losses,
    breakevens,
    winRate: wins + losses === 0 ? null : (wins / (wins + losses)) * 100,
    averagePlannedRiskReward: mean(planned),
    averageRealisedR: mean(rs),
    averageWinR: mean(rs.filter((r) => outcomeOf(r) === 'win')),
    averageLossR: mean(rs.filter((r) => outcomeOf(r) === 'loss')),
    grossProfitUsd,
    grossLossUsd,
    profitFactor,
    expectancyR: mean(rs),
    expectancyUsd: mean(pnls),
    netPnlUsd,
    startingBalance,
    totalReturnPct: startingBalance === null ? null : (netPnlUsd / startingBalance) * 100,
    maxDrawdownUsd,
    maxDrawdownPct,
    equityCurve,
    recentTrades,
  };
}
