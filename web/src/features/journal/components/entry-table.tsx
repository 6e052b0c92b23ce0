import { ArrowDown, ArrowUp, ArrowUpDown, Link2 } from 'lucide-react';
import { cn } from '@/lib/utils';
import { formatLots, formatPrice, formatUsd } from '../../../../../engine/instruments';
import type { JournalEntry, JournalSortKey } from '../../../../../contracts/journal';
import { StatusBadge } from './status-badge';

const utc = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});
const when = (iso: string | null) => (iso ? utc.format(new Date(iso)) : '—');
const money = (x: number | null | undefined) => (x === null || x === undefined ? '—' : x.toFixed(2));

export interface TableSort {
  sort: JournalSortKey;
  order: 'asc' | 'desc';
  onSort: (sort: JournalSortKey) => void;
}

/**
 * The dense view of the journal: one 36 px row per trade instead of a 270 px card, every figure
 * a review needs (open and close times in UTC, size, prices, R, P/L, commission and swap, partial
 * closes, the analysis it came from). Sorting is done by the server over the whole journal (the
 * rows are its pages), so the column headers only say which order to ask for.
 */
export function EntryTable({
  entries,
  caption,
  sorting,
}: {
  entries: readonly JournalEntry[];
  caption: string;
  sorting?: TableSort;
}) {
  const header = (label: string, key?: JournalSortKey, className?: string) => {
    if (!sorting || !key) {
      return (
        <th scope="col" className={cn('px-2 py-2 font-medium whitespace-nowrap', className)}>
          {label}
        </th>
      );
    }
    const active = sorting.sort === key;
    const Icon = !active ? ArrowUpDown : sorting.order === 'asc' ? ArrowUp : ArrowDown;
    return (
      <th
        scope="col"
        className={cn('px-1 py-1 font-medium whitespace-nowrap', className)}
        aria-sort={active ? (sorting.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      >
        <button
          type="button"
          className={cn(
            'inline-flex items-center gap-1 rounded px-1 py-1 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            active && 'text-foreground',
          )}
          onClick={() => sorting.onSort(key)}
          data-sort={key}
        >
          {label}
          <Icon className="size-3.5" aria-hidden="true" />
        </button>
      </th>
    );
  };

  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-xs tabular-nums" data-testid="journal-table">
        <caption className="sr-only">{caption} (times in UTC)</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            {header('Symbol', 'symbol', 'sticky left-0 z-10 bg-muted')}
            {header('Side')}
            {header('R', 'r', 'text-right')}
            {header('P/L', 'pnl', 'text-right')}
            {header('Opened (UTC)', 'date')}
            {header('Closed (UTC)')}
            {header('Status')}
            {header('Lots', undefined, 'text-right')}
            {header('Entry', undefined, 'text-right')}
            {header('Exit', undefined, 'text-right')}
            {header('Comm.', undefined, 'text-right')}
            {header('Swap', undefined, 'text-right')}
            {header('Tags')}
            {header('Source')}
          </tr>
        </thead>
        <tbody className="divide-y">
          {entries.map((e) => {
            const price = (x: number | null) => (x === null ? '—' : formatPrice(x, e.instrument));
            const pnl = e.result?.pnlUsd ?? null;
            const r = e.result?.rMultiple ?? null;
            return (
              <tr key={e.id} data-entry-id={e.id} className="h-9 hover:bg-muted/30">
                <td className="sticky left-0 bg-card px-2 font-semibold" data-col="symbol">
                  {e.symbol}
                </td>
                <td className={cn('px-2', e.direction === 'LONG' ? 'text-bullish' : 'text-bearish')}>
                  {e.direction}
                </td>
                <td className="px-2 text-right" data-col="r">
                  {r === null ? '—' : `${r > 0 ? '+' : ''}${r.toFixed(2)}`}
                </td>
                <td
                  className={cn(
                    'px-2 text-right font-semibold whitespace-nowrap',
                    pnl === null
                      ? ''
                      : pnl > 0
                        ? 'text-bullish'
                        : pnl < 0
                          ? 'text-bearish'
                          : 'text-muted-foreground',
                  )}
                  data-col="pnl"
                >
                  {pnl === null ? '—' : `${pnl > 0 ? '+' : ''}${formatUsd(pnl)}`}
                </td>
                <td className="px-2 whitespace-nowrap">{when(e.activatedAt ?? e.timestamp)}</td>
                <td className="px-2 whitespace-nowrap">{when(e.closedAt)}</td>
                <td className="px-2">
                  <StatusBadge status={e.status} />
                </td>
                <td className="px-2 text-right">{formatLots(e.lotSize)}</td>
                <td className="px-2 text-right">{price(e.entry)}</td>
                <td className="px-2 text-right">{price(e.exitPrice)}</td>
                <td className="px-2 text-right">{money(e.broker?.commission)}</td>
                <td className="px-2 text-right">{money(e.broker?.swap)}</td>
                <td className="max-w-40 truncate px-2 text-muted-foreground" title={e.tags.join(', ')}>
                  {e.tags.length ? e.tags.map((t) => `#${t}`).join(' ') : ''}
                </td>
                <td className="px-2 whitespace-nowrap text-muted-foreground">
                  {e.broker ? (
                    <span
                      title={`Ticket ${e.broker.ticket}${e.broker.account ? `, account ${e.broker.account}` : ''}`}
                    >
                      {e.broker.source.toUpperCase()}
                      {e.broker.partialClose ? (
                        <span className="ml-1 rounded bg-muted px-1">partial</span>
                      ) : null}
                    </span>
                  ) : e.analysisId ? (
                    <span className="inline-flex items-center gap-1" title="Planned from an analysis">
                      <Link2 className="size-3.5" aria-hidden="true" />
                      Analysis
                    </span>
                  ) : (
                    'Manual'
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
