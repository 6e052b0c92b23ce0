import { History } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useAnalysesList } from '../api';
import { formatWhen } from '../format';
import { PanelTitle } from './panel-title';

interface HistoryListProps {
  currentId: string | null;
  loadingId: string | null;
  onOpen(id: string): void;
}

/** The trader's past analyses; each reopens the stored result with its annotated charts. */
export function HistoryList({ currentId, loadingId, onOpen }: HistoryListProps) {
  const list = useAnalysesList();
  const items = list.data?.analyses ?? [];
  return (
    <Card data-testid="history">
      <CardHeader className="pb-3">
        <PanelTitle className="flex items-center gap-2">
          <History className="size-5 text-primary" aria-hidden="true" />
          Past Analyses
        </PanelTitle>
        <CardDescription>Reopen any earlier result.</CardDescription>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Loading...
          </p>
        ) : list.isError ? (
          <p className="text-sm text-destructive">Your past analyses could not be loaded.</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Your analyses will appear here.</p>
        ) : (
          <ul className="grid max-h-96 gap-1.5 overflow-y-auto pr-1">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => onOpen(item.id)}
                  aria-current={item.id === currentId ? 'true' : undefined}
                  className={cn(
                    'flex w-full items-center justify-between gap-2 rounded-md border px-3 py-2 text-left text-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    item.id === currentId && 'border-primary bg-primary/10',
                  )}
                >
                  <span className="grid">
                    <span className="font-semibold">{item.symbol}</span>
                    <span className="text-xs text-muted-foreground">{formatWhen(item.createdAt)}</span>
                  </span>
                  <span className="flex items-center gap-2">
                    {loadingId === item.id && <Spinner />}
                    {item.tradeRecommended && item.direction ? (
                      <Badge variant={item.direction === 'LONG' ? 'bullish' : 'bearish'}>
                        {item.direction}
                      </Badge>
                    ) : (
                      <Badge variant="neutral">No trade</Badge>
                    )}
                    <span className="font-mono text-xs">{item.confidence}%</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
