import { formatUsd } from '../../../../../engine/instruments';
import type { JournalStats } from '../../../../../contracts/journal';

/**
 * What the Statistics tab shows, with the formula of each figure as its tooltip. The same
 * formulas are written out in docs/journal-statistics.md; engine/journal computes them.
 */
export interface StatTile {
  key: string;
  label: string;
  value: string;
  /** Second line under the value (counts, USD twin of an R figure). */
  detail?: string;
  tooltip: string;
  tone?: 'good' | 'bad' | 'neutral';
}

const pct = (x: number, digits = 1) => `${x.toFixed(digits)}%`;
const signed = (x: number, digits = 2) => `${x > 0 ? '+' : ''}${x.toFixed(digits)}`;
const toneOf = (x: number | null) => (x === null || x === 0 ? 'neutral' : x > 0 ? 'good' : 'bad');
const signedUsd = (x: number) => `${x > 0 ? '+' : ''}${formatUsd(x)}`;

export const STAT_TOOLTIPS = {
  totalTrades: 'Every trade in your journal: planned, active, closed and cancelled.',
  plannedTrades: 'Trades logged but not yet entered (status PLANNED).',
  closedTrades: 'Trades closed with an exit price. Only these count in the results below.',
  winRate:
    'Wins / (wins + losses) x 100. A win closed above +0.1R, a loss below -0.1R; breakevens (|R| <= 0.1) are counted apart and left out.',
  averagePlannedRiskReward:
    'Mean of |take profit 1 - entry| / |entry - stop loss| over every trade you did not cancel.',
  averageRealisedR:
    'Mean R of closed trades. R = (exit - entry) / (entry - stop loss), sign flipped for SHORT trades: -1R is a full stop-out.',
  profitFactor:
    'Gross profit / gross loss in USD over closed trades. Above 1 the winners paid for the losers. With no losing trade it has no finite value and shows "No losses".',
  expectancy:
    'What an average closed trade made: the mean R and the mean P/L in USD (sum of results / closed trades).',
  totalReturn:
    'Net P/L of closed trades / starting balance x 100. The starting balance is the account size of your first closed trade.',
  maxDrawdown:
    'Largest fall of the balance from a peak to a later low, in USD and as a percent of that peak, following closed trades in the order they closed.',
} as const;

export function statTiles(s: JournalStats): StatTile[] {
  const profitFactor =
    s.profitFactor.kind === 'ratio'
      ? s.profitFactor.value.toFixed(2)
      : s.profitFactor.kind === 'noLosses'
        ? 'No losses'
        : '—';
  return [
    {
      key: 'totalTrades',
      label: 'Total Trades',
      value: String(s.totalTrades),
      tooltip: STAT_TOOLTIPS.totalTrades,
    },
    {
      key: 'plannedTrades',
      label: 'Planned Trades',
      value: String(s.plannedTrades),
      detail: `${s.activeTrades} active · ${s.cancelledTrades} cancelled`,
      tooltip: STAT_TOOLTIPS.plannedTrades,
    },
    {
      key: 'closedTrades',
      label: 'Closed Trades',
      value: String(s.closedTrades),
      detail: `${s.wins} W · ${s.losses} L · ${s.breakevens} BE`,
      tooltip: STAT_TOOLTIPS.closedTrades,
    },
    {
      key: 'winRate',
      label: 'Win Rate',
      value: s.winRate === null ? '—' : pct(s.winRate),
      detail: s.breakevens > 0 ? `${s.breakevens} breakeven not counted` : undefined,
      tooltip: STAT_TOOLTIPS.winRate,
      tone: s.winRate === null ? 'neutral' : s.winRate >= 50 ? 'good' : 'bad',
    },
    {
      key: 'averagePlannedRiskReward',
      label: 'Avg Planned R:R',
      value: s.averagePlannedRiskReward === null ? '—' : `1:${s.averagePlannedRiskReward.toFixed(2)}`,
      tooltip: STAT_TOOLTIPS.averagePlannedRiskReward,
    },
    {
      key: 'averageRealisedR',
      label: 'Avg Realised R',
      value: s.averageRealisedR === null ? '—' : `${signed(s.averageRealisedR)}R`,
      tooltip: STAT_TOOLTIPS.averageRealisedR,
      tone: toneOf(s.averageRealisedR),
    },
    {
      key: 'profitFactor',
      label: 'Profit Factor',
      value: profitFactor,
      detail:
        s.closedTrades > 0
          ? `${formatUsd(s.grossProfitUsd)} won / ${formatUsd(s.grossLossUsd)} lost`
          : undefined,
      tooltip: STAT_TOOLTIPS.profitFactor,
      tone:
        s.profitFactor.kind === 'noLosses'
          ? 'good'
          : s.profitFactor.kind === 'ratio'
            ? s.profitFactor.value >= 1
              ? 'good'
              : 'bad'
            : 'neutral',
    },
    {
      key: 'expectancy',
      label: 'Expectancy',
      value: s.expectancyR === null ? '—' : `${signed(s.expectancyR)}R`,
      detail: s.expectancyUsd === null ? undefined : `${signedUsd(s.expectancyUsd)} per trade`,
      tooltip: STAT_TOOLTIPS.expectancy,
      tone: toneOf(s.expectancyR),
    },
    {
      key: 'totalReturn',
      label: 'Total Return',
      value: s.totalReturnPct === null ? '—' : `${signed(s.totalReturnPct)}%`,
      detail:
        s.startingBalance === null
          ? undefined
          : `${signedUsd(s.netPnlUsd)} on ${formatUsd(s.startingBalance)}`,
      tooltip: STAT_TOOLTIPS.totalReturn,
      tone: toneOf(s.totalReturnPct),
    },
    {
      key: 'maxDrawdown',
      label: 'Max Drawdown',
      value: s.closedTrades === 0 ? '—' : formatUsd(s.maxDrawdownUsd),
      detail: s.closedTrades === 0 ? undefined : pct(s.maxDrawdownPct, 2),
      tooltip: STAT_TOOLTIPS.maxDrawdown,
      tone: s.maxDrawdownUsd > 0 ? 'bad' : 'neutral',
    },
  ];
}
