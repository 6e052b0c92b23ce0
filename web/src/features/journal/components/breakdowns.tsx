import { useId, useState } from 'react';
import { cn } from '@/lib/utils';
import { formatUsd } from '../../../../../engine/instruments';
import type { JournalBreakdowns } from '../../../../../contracts/journal';

const DIMENSIONS = [
  { key: 'byTag', label: 'Setup / Tag' },
  { key: 'bySymbol', label: 'Symbol' },
  { key: 'byDirection', label: 'Direction' },
  { key: 'byWeekday', label: 'Weekday (UTC)' },
  { key: 'byHour', label: 'Hour of Entry (UTC)' },
] as const;
type Dimension = (typeof DIMENSIONS)[number]['key'];

/**
 * Which setups, symbols, sides, days and hours make or lose money: one table per grouping,
 * each row with its sample size, and a plain note where the sample is too small to mean
 * anything (engine/journal/breakdowns.ts, docs/journal-statistics.md).
 */
export function Breakdowns({ breakdowns }: { breakdowns: JournalBreakdowns }) {
  const id = useId();
  const [dimension, setDimension] = useState<Dimension>('byTag');
  const rows = breakdowns[dimension];
  const label = DIMENSIONS.find((d) => d.key === dimension)!.label;
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-2" data-testid="breakdowns">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${id}-heading`} className="text-sm font-semibold">
          What Makes or Loses Money
        </h4>
        <label className="flex items-center gap-2 text-sm">
          <span className="text-muted-foreground">Group by</span>
          <select
            className="rounded-md border bg-background px-2 py-1 text-sm"
            value={dimension}
            onChange={(e) => setDimension(e.target.value as Dimension)}
          >
            {DIMENSIONS.map((d) => (
              <option key={d.key} value={d.key}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No closed trades yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm tabular-nums">
            <caption className="sr-only">Closed trades by {label}</caption>
            <thead>
              <tr className="text-left text-xs text-muted-foreground">
                <th scope="col" className="p-2">
                  {label}
                </th>
                <th scope="col" className="p-2 text-right">
                  Trades
                </th>
                <th scope="col" className="p-2 text-right">
                  Win Rate
                </th>
                <th scope="col" className="p-2 text-right">
                  Avg R
                </th>
                <th scope="col" className="p-2 text-right">
                  Net P/L
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} className={cn('border-t', r.tooFewTrades && 'text-muted-foreground')}>
                  <th scope="row" className="p-2 text-left font-medium">
                    {r.key}
                    {r.tooFewTrades ? (
                      <span className="ml-1 text-xs font-normal"> (too few trades to mean anything)</span>
                    ) : null}
                  </th>
                  <td className="p-2 text-right">{r.trades}</td>
                  <td className="p-2 text-right">{r.winRate === null ? '—' : `${r.winRate.toFixed(0)}%`}</td>
                  <td className="p-2 text-right">
                    {r.averageR === null ? '—' : `${r.averageR >= 0 ? '+' : ''}${r.averageR.toFixed(2)}R`}
                  </td>
                  <td
                    className={cn(
                      'p-2 text-right',
                      r.netPnlUsd > 0 ? 'text-bullish' : r.netPnlUsd < 0 && 'text-bearish',
                    )}
                  >
                    {formatUsd(r.netPnlUsd)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-xs text-muted-foreground">
        A group needs at least {breakdowns.minMeaningfulTrades} closed trades before its figures say more than
        luck. Average R counts only trades with a stop.
      </p>
    </section>
  );
}
