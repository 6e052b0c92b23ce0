import { outcomeOf, type StatsEntry } from './statistics';

/**
 * Which setups, symbols, sides, weekdays and hours make or lose money: the closed trades grouped
 * each way, with the sample size and a flag when it is too small to mean anything. Pure, like
 * the statistics; formulas in docs/journal-statistics.md ("Breakdowns").
 */

/**
 * Below this many closed trades a group's figures are noise: with 20 trades a 50 % win rate's
 * 95 % interval is still about 28-72 %, so fewer than that cannot tell a setup from luck.
 */
export const MIN_MEANINGFUL_TRADES = 20;

export interface BreakdownRow {
  /** The group: a tag, symbol, LONG/SHORT, weekday name (Mon..Sun) or hour "00".."23" UTC. */
  readonly key: string;
  readonly trades: number;
  readonly wins: number;
  readonly losses: number;
  /** wins / (wins + losses) x 100; null without a decisive trade. */
  readonly winRate: number | null;
  readonly netPnlUsd: number;
  /** Mean R of the group's trades that have an R; null when none has. */
  readonly averageR: number | null;
  /** Sum of R of those trades. */
  readonly totalR: number;
  /** True when trades < MIN_MEANINGFUL_TRADES. */
  readonly tooFewTrades: boolean;
}

export interface JournalBreakdowns {
  readonly minMeaningfulTrades: number;
  readonly byTag: readonly BreakdownRow[];
  readonly bySymbol: readonly BreakdownRow[];
  readonly byDirection: readonly BreakdownRow[];
  /** Weekday of entry (UTC), Monday first; only days with trades. */
  readonly byWeekday: readonly BreakdownRow[];
  /** Hour of entry (UTC), 00..23; only hours with trades. */
  readonly byHour: readonly BreakdownRow[];
}

/** Entries with what the breakdowns need beyond the statistics. */
export type BreakdownEntry = StatsEntry & {
  readonly tags: readonly string[];
  /** When the trade was entered; the log time stands in when it was never activated. */
  readonly activatedAt: string | null;
};

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const cents = (x: number) => Math.round(x * 100) / 100;

function row(key: string, group: readonly BreakdownEntry[]): BreakdownRow {
  let wins = 0;
  let losses = 0;
  let net = 0;
  const rs: number[] = [];
  for (const e of group) {
    const { pnlUsd, rMultiple } = e.result!;
    const outcome = outcomeOf(rMultiple, pnlUsd);
    if (outcome === 'win') wins++;
    else if (outcome === 'loss') losses++;
    net += pnlUsd;
    if (rMultiple !== null) rs.push(rMultiple);
  }
  const totalR = rs.reduce((a, b) => a + b, 0);
  return {
    key,
    trades: group.length,
    wins,
    losses,
    winRate: wins + losses === 0 ? null : (wins / (wins + losses)) * 100,
    netPnlUsd: cents(net),
    averageR: rs.length === 0 ? null : totalR / rs.length,
    totalR: Math.round(totalR * 1e4) / 1e4,
    tooFewTrades: group.length < MIN_MEANINGFUL_TRADES,
  };
}

function groupBy(
  entries: readonly BreakdownEntry[],
  keysOf: (e: BreakdownEntry) => readonly string[],
  order: (a: BreakdownRow, b: BreakdownRow) => number,
) {
  const groups = new Map<string, BreakdownEntry[]>();
  for (const e of entries) {
    for (const key of keysOf(e)) {
      const group = groups.get(key);
      if (group) group.push(e);
      else groups.set(key, [e]);
    }
  }
  return [...groups].map(([key, group]) => row(key, group)).sort(order);
}

/** Largest sample first, then best net P/L: the groups most worth reading come first. */
const bySample = (a: BreakdownRow, b: BreakdownRow) =>
  b.trades - a.trades || b.netPnlUsd - a.netPnlUsd || a.key.localeCompare(b.key);

export function journalBreakdowns(entries: readonly BreakdownEntry[]): JournalBreakdowns {
  const closed = entries.filter((e) => e.status === 'CLOSED' && e.result !== null);
  const entered = (e: BreakdownEntry) => new Date(e.activatedAt ?? e.timestamp);
  const weekdayIndex = (key: string) => (WEEKDAYS.indexOf(key as (typeof WEEKDAYS)[number]) + 6) % 7;
  return {
    minMeaningfulTrades: MIN_MEANINGFUL_TRADES,
    // A trade with several tags counts under each; untagged trades are grouped as "(no tag)".
    byTag: groupBy(closed, (e) => (e.tags.length > 0 ? e.tags : ['(no tag)']), bySample),
    bySymbol: groupBy(closed, (e) => [e.symbol], bySample),
    byDirection: groupBy(
      closed,
      (e) => [e.direction],
      (a, b) => a.key.localeCompare(b.key),
    ),
    byWeekday: groupBy(
      closed,
      (e) => [WEEKDAYS[entered(e).getUTCDay()]!],
      (a, b) => weekdayIndex(a.key) - weekdayIndex(b.key),
    ),
    byHour: groupBy(
      closed,
      (e) => [String(entered(e).getUTCHours()).padStart(2, '0')],
      (a, b) => a.key.localeCompare(b.key),
    ),
  };
}
