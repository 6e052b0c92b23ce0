import { outcomeOf, type StatsEntry, type StatsResult } from './statistics';

/**
 * The journal's calendar, R distribution and plan-versus-result figures (issue 21). Pure like
 * the statistics; formulas in docs/journal-statistics.md ("Calendar", "R distribution",
 * "Planned vs realised R"), checked on hand-computed journals in analytics.test.ts.
 */

/** Width of one histogram bar in R: fine enough to tell a -1R stop from a -0.5R scratch. */
export const R_BIN_WIDTH = 0.5;
/**
 * The histogram's end bars (centres, in R). Beyond them trades are piled into the end bar, so
 * one +40R outlier cannot stretch the chart into a hundred empty bars.
 */
export const R_BIN_MIN = -3;
export const R_BIN_MAX = 5;
/** A realised R within this of the planned R counts as reaching the target (R is stored to 4 dp). */
export const TARGET_REACHED_TOLERANCE_R = 0.01;

export interface DayPnlValue {
  readonly date: string;
  readonly trades: number;
  readonly wins: number;
  readonly losses: number;
  readonly pnlUsd: number;
  readonly totalR: number;
}

export interface WeekPnlValue {
  readonly weekStart: string;
  readonly trades: number;
  readonly pnlUsd: number;
}

export interface RDistributionValue {
  readonly binWidth: number;
  readonly bins: readonly { readonly r: number; readonly open: boolean; readonly count: number }[];
  readonly trades: number;
  readonly withoutR: number;
  readonly median: number | null;
}

export interface PlannedVsRealisedValue {
  readonly trades: readonly {
    readonly id: string;
    readonly analysisId: string;
    readonly symbol: string;
    readonly direction: StatsEntry['direction'];
    readonly closedAt: string;
    readonly plannedR: number;
    readonly realisedR: number;
  }[];
  readonly averagePlannedR: number | null;
  readonly averageRealisedR: number | null;
  readonly reachedTarget: number;
}

/** Entries with the link to the analysis they were planned from. */
export type AnalyticsEntry = StatsEntry & { readonly analysisId: string | null };

type Closed<E extends StatsEntry> = E & { readonly closedAt: string; readonly result: StatsResult };
const closedOf = <E extends StatsEntry>(entries: readonly E[]) =>
  entries.filter((e): e is Closed<E> => e.status === 'CLOSED' && e.result !== null && e.closedAt !== null);

const cents = (x: number) => Math.round(x * 100) / 100;
const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
const mean = (xs: readonly number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);

/** UTC calendar day of an ISO time, YYYY-MM-DD. */
export const utcDay = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** The Monday (UTC) of the week a YYYY-MM-DD day is in. */
export function weekStartOf(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/** Closed trades by UTC day of close, oldest day first; days without a close are left out. */
export function dailyPnl(entries: readonly StatsEntry[]): DayPnlValue[] {
  const days = new Map<string, { trades: number; wins: number; losses: number; pnl: number; r: number }>();
  for (const e of closedOf(entries)) {
    const key = utcDay(e.closedAt);
    const day = days.get(key) ?? { trades: 0, wins: 0, losses: 0, pnl: 0, r: 0 };
    const outcome = outcomeOf(e.result.rMultiple, e.result.pnlUsd);
    day.trades++;
    if (outcome === 'win') day.wins++;
    else if (outcome === 'loss') day.losses++;
    day.pnl += e.result.pnlUsd;
    day.r += e.result.rMultiple ?? 0;
    days.set(key, day);
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, d]) => ({
      date,
      trades: d.trades,
      wins: d.wins,
      losses: d.losses,
      pnlUsd: cents(d.pnl),
      totalR: r4(d.r),
    }));
}

/** The days summed by week, Monday to Sunday (UTC), oldest first. */
export function weeklyPnl(days: readonly DayPnlValue[]): WeekPnlValue[] {
  const weeks = new Map<string, { trades: number; pnl: number }>();
  for (const d of days) {
    const key = weekStartOf(d.date);
    const week = weeks.get(key) ?? { trades: 0, pnl: 0 };
    week.trades += d.trades;
    week.pnl += d.pnlUsd;
    weeks.set(key, week);
  }
  return [...weeks.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([weekStart, w]) => ({ weekStart, trades: w.trades, pnlUsd: cents(w.pnl) }));
}

/**
 * Realised R of the closed trades in bars R_BIN_WIDTH wide, each centred on a multiple of the
 * width (a -1R stop-out is in the "-1" bar, a 2R target in the "2" bar); a value exactly between
 * two centres goes to the upper bar. Bars run from the lowest to the highest one with a trade,
 * always including -1 to +1 so a small journal still has a frame; beyond R_BIN_MIN / R_BIN_MAX
 * trades go into the end bar, marked open.
 */
export function rDistribution(entries: readonly StatsEntry[]): RDistributionValue {
  const closed = closedOf(entries);
  const rs = closed.map((e) => e.result.rMultiple).filter((r): r is number => r !== null);
  const lowest = Math.round(R_BIN_MIN / R_BIN_WIDTH);
  const highest = Math.round(R_BIN_MAX / R_BIN_WIDTH);
  const counts = new Map<number, number>();
  for (const r of rs) {
    const k = Math.min(highest, Math.max(lowest, Math.floor(r / R_BIN_WIDTH + 0.5)));
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const frame = Math.round(1 / R_BIN_WIDTH);
  const from = Math.min(-frame, ...counts.keys());
  const to = Math.max(frame, ...counts.keys());
  const bins = [];
  for (let k = from; k <= to; k++) {
    bins.push({ r: k * R_BIN_WIDTH, open: k === lowest || k === highest, count: counts.get(k) ?? 0 });
  }
  const sorted = [...rs].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median =
    sorted.length === 0
      ? null
      : sorted.length % 2
        ? sorted[Math.floor(mid)]!
        : r4((sorted[mid - 1]! + sorted[mid]!) / 2);
  return { binWidth: R_BIN_WIDTH, bins, trades: rs.length, withoutR: closed.length - rs.length, median };
}

/**
 * Closed trades planned from an analysis that have both a planned R:R (stop and first target)
 * and a realised R: what the plan promised against what the exit gave, oldest close first.
 */
export function plannedVsRealised(entries: readonly AnalyticsEntry[]): PlannedVsRealisedValue {
  const trades = closedOf(entries)
    .filter((e) => e.analysisId !== null && e.plannedRiskReward !== null && e.result.rMultiple !== null)
    .sort((a, b) => Date.parse(a.closedAt) - Date.parse(b.closedAt) || (a.id < b.id ? -1 : 1))
    .map((e) => ({
      id: e.id,
      analysisId: e.analysisId!,
      symbol: e.symbol,
      direction: e.direction,
      closedAt: e.closedAt,
      plannedR: r4(e.plannedRiskReward!),
      realisedR: e.result.rMultiple!,
    }));
  const averagePlanned = mean(trades.map((t) => t.plannedR));
  const averageRealised = mean(trades.map((t) => t.realisedR));
  return {
    trades,
    averagePlannedR: averagePlanned === null ? null : r4(averagePlanned),
    averageRealisedR: averageRealised === null ? null : r4(averageRealised),
    reachedTarget: trades.filter((t) => t.realisedR >= t.plannedR - TARGET_REACHED_TOLERANCE_R).length,
  };
}
