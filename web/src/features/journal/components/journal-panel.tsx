import { useMemo, useState } from 'react';
import { BookOpen, LayoutList, Table2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorDetail } from '@/lib/api';
import { useJournalEntries } from '../api/journal-api';
import type { PlanPrefill } from '../lib/trade-form';
import { CsvButtons } from './csv-buttons';
import { ImportDialog } from './import-dialog';
import { JournalEmptyState } from './empty-state';
import type { JournalSortKey } from '../../../../../contracts/journal';
import { EntryFilters, type JournalFilters } from './entry-filters';
import { EntryList } from './entry-list';
import { EntryTable } from './entry-table';
import { CalendarTab } from './journal-calendar';
import { StatisticsTab } from './statistics-tab';
import { AddTradeDialog } from './trade-form-dialog';

/**
 * The current analysis (the dashboard's JournalContext): with a trade plan the Add Trade form
 * starts from it and the account inputs it was sized for; without one, from SPEC's defaults.
 */
export interface JournalPanelProps {
  tradePlan?: PlanPrefill['tradePlan'] | null;
  accountSize?: number;
  riskPercentage?: number;
  /** Accepted for the dashboard's context; the plan carries the symbol. */
  symbol?: string | null;
}

/** SPEC Dashboard "Trading Journal": tabs Trade Entries (default) and Statistics. */
export function JournalPanel({ tradePlan, accountSize, riskPercentage }: JournalPanelProps) {
  const [layout, setLayout] = useState<'cards' | 'table'>('cards');
  const [filters, setFilters] = useState<JournalFilters>({});
  const [sort, setSort] = useState<{ sort: JournalSortKey; order: 'asc' | 'desc' }>({
    sort: 'date',
    order: 'desc',
  });
  const view = useMemo(
    () => ({
      ...filters,
      tag: filters.tag?.replace(/^#/, ''),
      ...(sort.sort === 'date' && sort.order === 'desc' ? {} : sort),
    }),
    [filters, sort],
  );
  const entries = useJournalEntries(view);
  const filtered = Boolean(filters.symbol || filters.direction || filters.outcome || filters.tag);
  const onSort = (key: JournalSortKey) =>
    setSort((s) => ({
      sort: key,
      // A new column starts with the order a trader wants first: symbols A-Z, the rest biggest first.
      order: s.sort === key ? (s.order === 'asc' ? 'desc' : 'asc') : key === 'symbol' ? 'asc' : 'desc',
    }));
  const prefill: PlanPrefill | null = tradePlan ? { tradePlan, accountSize, riskPercentage } : null;
  return (
    <Card id="journal" aria-labelledby="journal-title">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle id="journal-title" className="flex items-center gap-2">
            <BookOpen className="size-5" aria-hidden="true" />
            Trading Journal
          </CardTitle>
          <CardDescription>Plan, take and review your trades. Kept on your account.</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <ImportDialog />
          <CsvButtons />
          <AddTradeDialog prefill={prefill} />
        </div>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="entries">
          <TabsList>
            <TabsTrigger value="entries">Trade Entries</TabsTrigger>
            <TabsTrigger value="calendar">Calendar</TabsTrigger>
            <TabsTrigger value="statistics">Statistics</TabsTrigger>
          </TabsList>
          <TabsContent value="entries" className="grid gap-3">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <EntryFilters value={filters} onChange={setFilters} />
              <div className="flex rounded-md border p-0.5" role="group" aria-label="Show trades as">
                {(['cards', 'table'] as const).map((l) => (
                  <Button
                    key={l}
                    size="sm"
                    variant={layout === l ? 'secondary' : 'ghost'}
                    aria-pressed={layout === l}
                    onClick={() => setLayout(l)}
                    className="h-8"
                  >
                    {l === 'cards' ? <LayoutList aria-hidden="true" /> : <Table2 aria-hidden="true" />}
                    {l === 'cards' ? 'Cards' : 'Table'}
                  </Button>
                ))}
              </div>
            </div>
            {entries.isPending ? (
              <div className="flex justify-center p-8">
                <Spinner aria-label="Loading journal" />
              </div>
            ) : entries.isError ? (
              <p className="text-sm text-destructive">
                {errorDetail(entries.error) ?? 'The journal could not be loaded.'}
              </p>
            ) : entries.data.length === 0 ? (
              filtered ? (
                <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
                  No trades match these filters.
                </p>
              ) : (
                <JournalEmptyState />
              )
            ) : (
              <>
                {layout === 'table' ? (
                  <EntryTable entries={entries.data} caption="Journal trades" sorting={{ ...sort, onSort }} />
                ) : (
                  <EntryList entries={entries.data} />
                )}
                {entries.hasNextPage ? (
                  <div className="mt-4 flex justify-center">
                    <Button
                      variant="outline"
                      onClick={() => void entries.fetchNextPage()}
                      disabled={entries.isFetchingNextPage}
                    >
                      {entries.isFetchingNextPage ? 'Loading…' : 'Show older trades'}
                    </Button>
                  </div>
                ) : null}
              </>
            )}
          </TabsContent>
          <TabsContent value="calendar">
            <CalendarTab />
          </TabsContent>
          <TabsContent value="statistics">
            <StatisticsTab />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
