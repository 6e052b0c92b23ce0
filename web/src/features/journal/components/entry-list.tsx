import { useState } from 'react';
import { Ban, CheckCircle2, NotebookPen, PencilLine, Play, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { formatLots, formatPrice, formatUsd } from '../../../../../engine/instruments';
import type { JournalEntry } from '../../../../../contracts/journal';
import { useJournalTransition } from '../api/journal-api';
import {
  CloseTradeDialog,
  CorrectCloseDialog,
  DeleteTradeDialog,
  EditNotesDialog,
  type EntryDialog,
} from './entry-dialogs';
import { AnalysisCharts } from './analysis-charts';
import { StatusBadge } from './status-badge';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const utcTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' });

/** How the statement sources (decision 019) are named on a card. */
const BROKER_SOURCE_LABELS: Record<string, string> = {
  mt4: 'MetaTrader 4',
  mt5: 'MetaTrader 5',
  ctrader: 'cTrader',
};

export function EntryList({ entries }: { entries: readonly JournalEntry[] }) {
  return (
    <ul className="grid gap-3" aria-label="Journal entries">
      {entries.map((entry) => (
        <EntryCard key={entry.id} entry={entry} />
      ))}
    </ul>
  );
}

function EntryCard({ entry }: { entry: JournalEntry }) {
  const [dialog, setDialog] = useState<EntryDialog>(null);
  const transition = useJournalTransition();
  const price = (x: number) => formatPrice(x, entry.instrument);
  const busy = transition.isPending;
  // A hand-logged closed trade; an imported one keeps the broker statement's figures.
  const correctable = entry.status === 'CLOSED' && entry.broker === null && entry.stopLoss !== null;
  const dialogProps = (kind: Exclude<EntryDialog, null>) => ({
    entry,
    open: dialog === kind,
    onOpenChange: (open: boolean) => setDialog(open ? kind : null),
  });

  return (
    <li
      className="rounded-lg border bg-card/60 p-4"
      aria-label={`${entry.symbol} ${entry.direction} ${entry.status}`}
      data-entry-id={entry.id}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{entry.symbol}</span>
        <span
          className={cn('text-sm font-medium', entry.direction === 'LONG' ? 'text-bullish' : 'text-bearish')}
        >
          {entry.direction}
        </span>
        <StatusBadge status={entry.status} />
        {entry.result ? (
          <span
            className={cn(
              'text-sm font-semibold tabular-nums',
              entry.result.pnlUsd > 0
                ? 'text-bullish'
                : entry.result.pnlUsd < 0
                  ? 'text-bearish'
                  : 'text-muted-foreground',
            )}
            data-testid="entry-result"
          >
            {entry.result.rMultiple === null
              ? ''
              : `${entry.result.rMultiple >= 0 ? '+' : ''}${entry.result.rMultiple.toFixed(2)}R · `}
            {entry.result.pnlUsd > 0 ? '+' : ''}
            {formatUsd(entry.result.pnlUsd)}
          </span>
        ) : null}
        <time className="ml-auto text-xs text-muted-foreground" dateTime={entry.timestamp}>
          {dateTime.format(new Date(entry.timestamp))}
        </time>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <Item label="Entry" value={price(entry.entry)} />
        <Item label="Stop Loss" value={entry.stopLoss === null ? '—' : price(entry.stopLoss)} />
        <Item label="Take Profit 1" value={entry.takeProfit1 === null ? '—' : price(entry.takeProfit1)} />
        <Item label="Take Profit 2" value={entry.takeProfit2 === null ? '—' : price(entry.takeProfit2)} />
        <Item
          label="Risk"
          value={
            entry.riskAmount === null
              ? '— (no stop)'
              : `${formatUsd(entry.riskAmount)} (${entry.riskPercentage}%)`
          }
        />
        <Item label="Lot Size" value={formatLots(entry.lotSize)} />
        <Item
          label="Planned R:R"
          value={entry.plannedRiskReward === null ? '—' : `1:${entry.plannedRiskReward.toFixed(2)}`}
        />
        {entry.exitPrice !== null ? <Item label="Exit" value={price(entry.exitPrice)} /> : null}
        {entry.fees ? <Item label="Fees" value={formatUsd(entry.fees)} /> : null}
      </dl>
      {entry.broker ? (
        <p className="mt-2 text-xs text-muted-foreground" data-testid="entry-broker">
          Imported from {BROKER_SOURCE_LABELS[entry.broker.source] ?? entry.broker.source} #
          {entry.broker.ticket}
          {entry.broker.account ? `, account ${entry.broker.account}` : ''}
          {entry.broker.partialClose ? ' (partial close)' : ''} · gross {entry.broker.grossProfit.toFixed(2)},
          commission {entry.broker.commission.toFixed(2)}, swap {entry.broker.swap.toFixed(2)}
          {entry.broker.accountCurrency ? ` ${entry.broker.accountCurrency}` : ''}
          {entry.activatedAt && entry.closedAt
            ? ` · opened ${utcTime.format(new Date(entry.activatedAt))}, closed ${utcTime.format(new Date(entry.closedAt))} UTC`
            : ''}
        </p>
      ) : null}
      {entry.analysisId ? <AnalysisCharts analysisId={entry.analysisId} symbol={entry.symbol} /> : null}
      {entry.notes ? (
        <p className="mt-2 text-sm whitespace-pre-line text-muted-foreground">{entry.notes}</p>
      ) : null}
      {entry.tags.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-1" aria-label="Tags">
          {entry.tags.map((t) => (
            <li key={t} className="rounded bg-muted px-2 py-0.5 text-xs text-muted-foreground">
              #{t}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {entry.status === 'PLANNED' ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => transition.mutate({ id: entry.id, action: 'activate' })}
          >
            <Play aria-hidden="true" />
            Activate
          </Button>
        ) : null}
        {entry.status === 'ACTIVE' ? (
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => setDialog('close')}>
            <CheckCircle2 aria-hidden="true" />
            Close
          </Button>
        ) : null}
        {entry.status === 'PLANNED' || entry.status === 'ACTIVE' ? (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => transition.mutate({ id: entry.id, action: 'cancel' })}
          >
            <Ban aria-hidden="true" />
            Cancel Trade
          </Button>
        ) : null}
        {correctable ? (
          <Button size="sm" variant="secondary" onClick={() => setDialog('correct')}>
            <PencilLine aria-hidden="true" />
            Correct Exit & Fees
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={() => setDialog('edit')}>
          <NotebookPen aria-hidden="true" />
          Notes & Tags
        </Button>
        <Button size="sm" variant="ghost" className="text-destructive" onClick={() => setDialog('delete')}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
      {entry.status === 'ACTIVE' ? <CloseTradeDialog {...dialogProps('close')} /> : null}
      {correctable ? <CorrectCloseDialog {...dialogProps('correct')} /> : null}
      <EditNotesDialog {...dialogProps('edit')} />
      <DeleteTradeDialog {...dialogProps('delete')} />
    </li>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-2 sm:block">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
