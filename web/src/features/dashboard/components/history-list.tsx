import { useId, useState } from 'react';
import { History, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorDetail } from '@/lib/api';
import { cn } from '@/lib/utils';
import type { AnalysisSummaryDto } from '../../../../../contracts/analysis';
import { useAnalysesList, useDeleteAnalysis } from '../api';
import { formatWhen } from '../format';
import { historyBadge } from '../history-badge';
import { PanelTitle } from './panel-title';

interface HistoryListProps {
  currentId: string | null;
  loadingId: string | null;
  onOpen(id: string): void;
  /** Called once an analysis is deleted (the dashboard stops showing it if it was open). */
  onDeleted?(id: string): void;
}

/**
 * The trader's past analyses; each reopens the stored result with its annotated charts, can be
 * deleted (after a confirmation), and the list can be narrowed to one pair.
 */
export function HistoryList({ currentId, loadingId, onOpen, onDeleted }: HistoryListProps) {
  const filterId = useId();
  const [symbol, setSymbol] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AnalysisSummaryDto | null>(null);
  const list = useAnalysesList(symbol);
  const remove = useDeleteAnalysis();
  const items = list.data?.analyses ?? [];
  const symbols = list.data?.symbols ?? [];

  function confirmDelete(item: AnalysisSummaryDto) {
    remove.mutate(item.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: 'Analysis Deleted', description: `${item.symbol} of ${formatWhen(item.createdAt)}` });
        // The pair's last analysis is gone: show them all again rather than an empty list.
        if (symbol && items.length <= 1) setSymbol(null);
        onDeleted?.(item.id);
      },
      onError: (error) =>
        toast({
          title: 'Not Deleted',
          description: errorDetail(error) ?? 'Please try again.',
          variant: 'destructive',
        }),
    });
  }

  return (
    <Card data-testid="history">
      <CardHeader className="pb-3">
        <PanelTitle className="flex items-center gap-2">
          <History className="size-5 text-primary" aria-hidden="true" />
          Past Analyses
        </PanelTitle>
        <CardDescription>Reopen any earlier result with its charts.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {symbols.length > 1 || symbol ? (
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor={filterId} className="text-muted-foreground">
              Pair
            </label>
            <select
              id={filterId}
              value={symbol ?? ''}
              onChange={(event) => setSymbol(event.target.value || null)}
              className="h-9 rounded-md border border-input bg-background/60 px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <option value="">All pairs</option>
              {symbols.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {list.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Loading...
          </p>
        ) : list.isError ? (
          <p className="text-sm text-destructive">Your past analyses could not be loaded.</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Your analyses will appear here.</p>
        ) : (
          <ul className="grid max-h-96 gap-1.5 overflow-y-auto pr-1" aria-label="Past analyses">
            {items.map((item) => {
              const badge = historyBadge(item);
              return (
                <li key={item.id} className="flex items-stretch gap-1" data-analysis-id={item.id}>
                  <button
                    type="button"
                    onClick={() => onOpen(item.id)}
                    aria-current={item.id === currentId ? 'true' : undefined}
                    className={cn(
                      'flex min-w-0 flex-1 items-center justify-between gap-2 rounded-md border px-3 py-2 text-left text-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      item.id === currentId && 'border-primary bg-primary/10',
                    )}
                  >
                    <span className="grid min-w-0">
                      <span className="font-semibold">{item.symbol}</span>
                      <span className="text-xs text-muted-foreground">{formatWhen(item.createdAt)}</span>
                    </span>
                    <span className="flex items-center gap-2">
                      {loadingId === item.id && <Spinner />}
                      <Badge variant={badge.variant} title="What the analysis concluded, with its confidence">
                        {badge.text}
                      </Badge>
                    </span>
                  </button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="h-auto shrink-0 text-muted-foreground hover:text-destructive"
                    aria-label={`Delete the ${item.symbol} analysis of ${formatWhen(item.createdAt)}`}
                    onClick={() => setDeleting(item)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete this analysis?</DialogTitle>
            <DialogDescription>
              {deleting ? `${deleting.symbol} of ${formatWhen(deleting.createdAt)}` : ''} and its chart images
              will be deleted. Trades you added to your journal from it stay. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setDeleting(null)}>
              Keep Analysis
            </Button>
            <Button
              type="button"
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => deleting && confirmDelete(deleting)}
            >
              Delete Analysis
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
