import { Info } from 'lucide-react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { errorDetail } from '@/lib/api';
import { formatUsd } from '../../../../../engine/instruments';
import { useJournalStats } from '../api/journal-api';
import { statTiles } from '../lib/statistics-view';
import { Breakdowns } from './breakdowns';
import { EquityCurve } from './equity-curve';
import { JournalEmptyState } from './empty-state';
import { PlannedVsRealisedTable, RHistogram } from './r-histogram';

const TONES = { good: 'text-bullish', bad: 'text-bearish', neutral: '' } as const;

export function StatisticsTab() {
  const stats = useJournalStats();
  if (stats.isPending) {
    return (
      <div className="flex justify-center p-8">
        <Spinner aria-label="Loading statistics" />
      </div>
    );
  }
  if (stats.isError) {
    return (
      <p className="text-sm text-destructive">
        {errorDetail(stats.error) ?? 'Statistics could not be loaded.'}
      </p>
    );
  }
  const s = stats.data;
  if (s.totalTrades === 0) return <JournalEmptyState />;

  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
        {statTiles(s).map((tile) => (
          <div key={tile.key} className="rounded-lg border bg-card/60 p-3" data-stat={tile.key}>
            <dt className="flex items-center gap-1 text-xs text-muted-foreground">
              {tile.label}
              <Tooltip>
                <TooltipTrigger asChild>
                  <button
                    type="button"
                    className="rounded-full p-0.5 hover:text-foreground"
                    aria-label={`How ${tile.label} is computed`}
                  >
                    <Info className="size-3.5" aria-hidden="true" />
                  </button>
                </TooltipTrigger>
                <TooltipContent>{tile.tooltip}</TooltipContent>
              </Tooltip>
            </dt>
            <dd
              className={cn('mt-1 text-xl font-semibold tabular-nums', TONES[tile.tone ?? 'neutral'])}
              data-testid={`stat-${tile.key}`}
            >
              {tile.value}
            </dd>
            {tile.detail ? <dd className="text-xs text-muted-foreground">{tile.detail}</dd> : null}
          </div>
        ))}
      </dl>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="equity-heading" className="grid content-start gap-2">
          <h4 id="equity-heading" className="text-sm font-semibold">
            Equity Curve
          </h4>
          <EquityCurve points={s.equityCurve} />
        </section>
        <section aria-labelledby="r-distribution-heading" className="grid content-start gap-2">
          <h4 id="r-distribution-heading" className="text-sm font-semibold">
            R Distribution
          </h4>
          <RHistogram distribution={s.rDistribution} />
        </section>
      </div>
      <section aria-labelledby="planned-heading" className="grid gap-2">
        <h4 id="planned-heading" className="text-sm font-semibold">
          Planned vs Realised R
        </h4>
        <PlannedVsRealisedTable data={s.plannedVsRealised} />
      </section>
      <Breakdowns breakdowns={s.breakdowns} />
      <section aria-labelledby="recent-heading" className="grid gap-2">
        <h4 id="recent-heading" className="text-sm font-semibold">
          Recent Trades
        </h4>
        {s.recentTrades.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No closed trades yet. Close a trade with its exit price to see it here.
          </p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Recent trades">
            {s.recentTrades.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
                <span className="font-medium">{t.symbol}</span>
                <span className="text-muted-foreground">{t.direction}</span>
                <span
                  className={cn(
                    'rounded px-1.5 text-xs font-semibold uppercase',
                    t.outcome === 'win'
                      ? 'text-bullish'
                      : t.outcome === 'loss'
                        ? 'text-bearish'
                        : 'text-muted-foreground',
                  )}
                >
                  {t.outcome}
                </span>
                <span className="ml-auto tabular-nums">
                  {t.rMultiple === null ? '— R' : `${t.rMultiple >= 0 ? '+' : ''}${t.rMultiple.toFixed(2)}R`}
                </span>
                <span
                  className={cn(
                    'w-24 text-right tabular-nums',
                    t.pnlUsd >= 0 ? 'text-bullish' : 'text-bearish',
                  )}
                >
                  {t.pnlUsd > 0 ? '+' : ''}
                  {formatUsd(t.pnlUsd)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
