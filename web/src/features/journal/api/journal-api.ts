import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError, apiJson, errorDetail } from '@/lib/api';
import { toast } from '@/components/ui/use-toast';
import type {
  JournalCreateBody,
  JournalEntry,
  JournalImportPreview,
  JournalImportResult,
  JournalList,
  JournalOutcomeFilter,
  JournalSortKey,
  JournalStats,
  JournalUpdateInput,
} from '../../../../../contracts/journal';

/** Every journal query starts with this key, so one invalidation refreshes list and stats. */
export const JOURNAL_KEY = ['journal'] as const;
const ENTRIES_KEY = [...JOURNAL_KEY, 'entries'] as const;
const STATS_KEY = [...JOURNAL_KEY, 'stats'] as const;

/** Sort and filters of the list (GET /api/journal); blank ones are left out of the URL. */
export interface JournalView {
  sort?: JournalSortKey;
  order?: 'asc' | 'desc';
  symbol?: string;
  direction?: '' | 'LONG' | 'SHORT';
  outcome?: '' | JournalOutcomeFilter;
  tag?: string;
  /** Trades closed on this UTC day (the calendar). */
  closedOn?: string;
}

export function journalListUrl(view: JournalView, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(view)) {
    if (typeof value === 'string' && value.trim() !== '') params.set(key, value.trim());
  }
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/api/journal?${query}` : '/api/journal';
}

/**
 * The journal list, a page at a time (newest first; the server caps a page, issue 19.9):
 * `data` is every entry loaded so far, `fetchNextPage` loads older ones while `hasNextPage`.
 */
export function useJournalEntries(view: JournalView = {}) {
  return useInfiniteQuery({
    queryKey: [...ENTRIES_KEY, view],
    queryFn: ({ pageParam }) => apiJson<JournalList>('GET', journalListUrl(view, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => data.pages.flatMap((page) => page.entries),
  });
}

export function useJournalStats() {
  return useQuery({
    queryKey: STATS_KEY,
    queryFn: () => apiJson<JournalStats>('GET', '/api/journal/stats'),
  });
}

async function refresh(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: JOURNAL_KEY });
}

function failureToast(title: string) {
  return (error: unknown) =>
    toast({ title, description: errorDetail(error) ?? 'Please try again.', variant: 'destructive' });
}

/** SPEC 8: "Trade Added to Journal" / "{symbol} {direction} trade logged successfully". */
export function tradeAddedToast(entry: Pick<JournalEntry, 'symbol' | 'direction'>) {
  toast({
    title: 'Trade Added to Journal',
    description: `${entry.symbol} ${entry.direction} trade logged successfully`,
  });
}

export function useCreateJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JournalCreateBody) => apiJson<JournalEntry>('POST', '/api/journal', body),
    onSuccess: async (entry) => {
      // The new entry goes to the top at once; the refetch then confirms the server's order.
      // Only the unsorted, unfiltered list (the default view) is patched; the others refetch.
      queryClient.setQueryData<InfiniteData<JournalList, string | null>>([...ENTRIES_KEY, {}], (old) => {
        const [first, ...rest] = old?.pages ?? [];
        if (!old || !first) return old;
        const page = { ...first, entries: [entry, ...first.entries.filter((e) => e.id !== entry.id)] };
        return { ...old, pages: [page, ...rest] };
      });
      tradeAddedToast(entry);
      await refresh(queryClient);
    },
    onError: (error) => {
      // The plan is in the journal already: not a failure, the button just says Added.
      if (alreadyAddedEntryId(error)) {
        toast({ title: 'Already in Your Journal', description: 'This plan was added before.' });
        return;
      }
      failureToast('Trade Not Saved')(error);
    },
  });
}

/** The existing entry's id when the server refused a second entry for one plan (409). */
export function alreadyAddedEntryId(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const problem = JSON.parse(error.body) as { code?: unknown; entryId?: unknown };
    return problem.code === 'PLAN_ALREADY_IN_JOURNAL' && typeof problem.entryId === 'string'
      ? problem.entryId
      : null;
  } catch {
    return null;
  }
}

export type JournalAction = 'activate' | 'close' | 'cancel';

const ACTION_TOASTS: Record<JournalAction, (e: JournalEntry) => { title: string; description: string }> = {
  activate: (e) => ({ title: 'Trade Activated', description: `${e.symbol} ${e.direction} is now ACTIVE.` }),
  close: (e) => ({
    title: 'Trade Closed',
    description: `${e.symbol} ${e.direction} closed at ${e.result && e.result.rMultiple !== null ? `${e.result.rMultiple >= 0 ? '+' : ''}${e.result.rMultiple.toFixed(2)}R` : 'its exit price'}.`,
  }),
  cancel: (e) => ({ title: 'Trade Cancelled', description: `${e.symbol} ${e.direction} was cancelled.` }),
};

export function useJournalTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, exitPrice }: { id: string; action: JournalAction; exitPrice?: number }) =>
      apiJson<JournalEntry>(
        'POST',
        `/api/journal/${id}/${action}`,
        action === 'close' ? { exitPrice } : undefined,
      ).then((entry) => ({ entry, action })),
    onSuccess: async ({ entry, action }) => {
      toast(ACTION_TOASTS[action](entry));
      await refresh(queryClient);
    },
    onError: failureToast('Status Not Changed'),
  });
}

export function useUpdateJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: JournalUpdateInput }) =>
      apiJson<JournalEntry>('PATCH', `/api/journal/${id}`, changes),
    onSuccess: async () => {
      toast({ title: 'Trade Updated', description: 'Notes and tags saved.' });
      await refresh(queryClient);
    },
    onError: failureToast('Trade Not Updated'),
  });
}

export function useDeleteJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: JournalEntry) =>
      apiJson<void>('DELETE', `/api/journal/${entry.id}`).then(() => entry),
    onSuccess: async (entry) => {
      toast({
        title: 'Trade Deleted',
        description: `${entry.symbol} ${entry.direction} was removed from your journal.`,
      });
      await refresh(queryClient);
    },
    onError: failureToast('Trade Not Deleted'),
  });
}

/** What the import dialog sends: a statement (or the journal CSV) with the optional fields. */
export interface StatementUploadInput {
  file: File;
  utcOffsetHours: string;
  accountSize: string;
}

function statementForm({ file, utcOffsetHours, accountSize }: StatementUploadInput): FormData {
  const form = new FormData();
  // Fields first: the server reads the parts in order and judges the file with them.
  if (utcOffsetHours.trim() !== '') form.append('utcOffsetHours', utcOffsetHours.trim());
  if (accountSize.trim() !== '') form.append('accountSize', accountSize.trim());
  form.append('file', file);
  return form;
}

/** POST /api/journal/import?dryRun=1: what the file holds; nothing is written. */
export function usePreviewStatement() {
  return useMutation({
    mutationFn: (input: StatementUploadInput) =>
      apiJson<JournalImportPreview>('POST', '/api/journal/import?dryRun=1', statementForm(input)),
  });
}

/** The same file for real: every new trade in one go, or none. */
export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StatementUploadInput) =>
      apiJson<JournalImportResult>('POST', '/api/journal/import', statementForm(input)),
    onSuccess: async ({ imported, skipped }) => {
      toast({
        title: 'Trades Imported',
        description:
          `${imported} trade${imported === 1 ? '' : 's'} imported` +
          (skipped > 0 ? `; ${skipped} already in your journal were left as they are.` : '.'),
      });
      await refresh(queryClient);
    },
  });
}
