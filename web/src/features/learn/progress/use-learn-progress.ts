import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiJson, errorDetail } from '@/lib/api';
import {
  learnProgressSchema,
  parseProgress,
  recordPracticeSolved,
  recordQuizAttempt,
  setLessonComplete,
  type LearnProgress,
} from './progress-store';

/**
 * Progress lives on the server (GET/PUT /api/learn/progress, one document per user; the server
 * merges so an older tab cannot lower a score). Changes are optimistic: the page shows them at
 * once and saves run one at a time, each sending the whole latest document, so answers cannot
 * arrive out of order and undo a newer change.
 *
 * localStorage is only an offline cache, per user: it shows the last known progress while the
 * server answers (or when it cannot), and it keeps changes a failed save could not deliver
 * (`unsaved`), which are sent again on the next change, when the browser comes back online, or
 * on the next visit. A save failure never takes progress away from the page.
 */
export const PROGRESS_URL = '/api/learn/progress';
export const learnProgressQueryKey = (userKey: string) => [PROGRESS_URL, userKey] as const;

const cacheKey = (userKey: string) => `chart-to-plan:learn-progress:v2:${userKey}`;
/** Where progress was kept before the server stored it; imported once, then removed. */
const legacyKey = (userKey: string) => `chart-to-plan:learn-progress:${userKey}`;

interface CacheEntry {
  readonly doc: LearnProgress;
  /** True while the server has not confirmed this document. */
  readonly unsaved: boolean;
}

function readCache(userKey: string): CacheEntry | null {
  try {
    const raw = window.localStorage.getItem(cacheKey(userKey));
    if (raw) {
      const parsed = JSON.parse(raw) as { doc?: unknown; unsaved?: unknown };
      const doc = learnProgressSchema.safeParse(parsed.doc);
      if (doc.success) return { doc: doc.data, unsaved: parsed.unsaved === true };
    }
    const legacy = window.localStorage.getItem(legacyKey(userKey));
    // Progress from the browser-only build has never reached the server: upload it once.
    if (legacy) return { doc: parseProgress(legacy), unsaved: true };
  } catch {
    // Blocked storage or a corrupted entry: no cache, the server answer is the truth.
  }
  return null;
}

function writeCache(userKey: string, entry: CacheEntry) {
  try {
    window.localStorage.setItem(cacheKey(userKey), JSON.stringify(entry));
    window.localStorage.removeItem(legacyKey(userKey));
  } catch {
    // Private mode or a full quota: the page still holds the progress and the server has it.
  }
}

export type SaveStatus = 'saved' | 'saving' | 'unsaved';

/** Per-user save queue: one PUT in flight, the newest unsent document waiting behind it. */
interface Saver {
  inFlight: boolean;
  pending: LearnProgress | null;
  /** Bumped on every local change, so a load or save answer never replaces a newer change. */
  version: number;
  status: SaveStatus;
}

const EMPTY: LearnProgress = parseProgress(null);
const savers = new Map<string, Saver>();
const statusListeners = new Set<() => void>();

function saverOf(userKey: string): Saver {
  let s = savers.get(userKey);
  if (!s) {
    s = { inFlight: false, pending: null, version: 0, status: 'saved' };
    savers.set(userKey, s);
  }
  return s;
}

function setStatus(s: Saver, status: SaveStatus) {
  if (s.status === status) return;
  s.status = status;
  for (const l of statusListeners) l();
}

const putProgress = async (doc: LearnProgress) =>
  learnProgressSchema.parse(await apiJson<unknown>('PUT', PROGRESS_URL, doc));

/** The server's own words for a refused save; a network failure gets a plain sentence. */
function saveFailure(error: unknown): string {
  const detail = error instanceof ApiError ? errorDetail(error) : undefined;
  return detail ?? 'We could not reach the server.';
}

async function flush(qc: QueryClient, userKey: string) {
  const s = saverOf(userKey);
  if (s.inFlight) return;
  while (s.pending) {
    const doc = s.pending;
    const sentVersion = s.version;
    s.pending = null;
    s.inFlight = true;
    setStatus(s, 'saving');
    try {
      const stored = await putProgress(doc);
      // The server's merge may add what another tab saved (a higher best score): adopt it,
      // unless the trader changed something meanwhile (that newer document is sent next).
      if (s.version === sentVersion) {
        qc.setQueryData(learnProgressQueryKey(userKey), stored);
        writeCache(userKey, { doc: stored, unsaved: false });
        setStatus(s, 'saved');
      }
    } catch (error) {
      s.inFlight = false;
      // Keep the change on the page and in the cache; later changes resend the whole document.
      setStatus(s, 'unsaved');
      toast({
        title: 'Progress Not Saved',
        description: `${saveFailure(error)} Your progress stays on this page and in this browser, and is saved with your next change.`,
        variant: 'destructive',
      });
      if (!s.pending) return;
      continue;
    }
    s.inFlight = false;
  }
}

function queueSave(qc: QueryClient, userKey: string, doc: LearnProgress) {
  const s = saverOf(userKey);
  s.pending = doc;
  void flush(qc, userKey);
}

async function loadProgress(qc: QueryClient, userKey: string): Promise<LearnProgress> {
  const s = saverOf(userKey);
  const startVersion = s.version;
  const cached = readCache(userKey);
  // An unsaved change from an earlier visit is the trader's latest intent: send it (the server
  // merges quiz scores and solved charts) instead of reading the older stored document.
  const doc = cached?.unsaved
    ? await putProgress(cached.doc)
    : learnProgressSchema.parse(await apiJson<unknown>('GET', PROGRESS_URL));
  if (s.version !== startVersion) {
    // The trader changed something while this was loading; that change is being saved.
    return qc.getQueryData<LearnProgress>(learnProgressQueryKey(userKey)) ?? doc;
  }
  writeCache(userKey, { doc, unsaved: false });
  setStatus(s, 'saved');
  return doc;
}

function subscribeStatus(onChange: () => void) {
  statusListeners.add(onChange);
  return () => statusListeners.delete(onChange);
}

export interface LearnProgressApi {
  readonly progress: LearnProgress;
  readonly setLessonComplete: (moduleId: string, lessonId: string, complete: boolean) => void;
  readonly recordQuizAttempt: (moduleId: string, score: number, total: number) => void;
  readonly recordPracticeSolved: (exerciseId: string) => void;
  /** Where progress is kept, so the UI can say so honestly. */
  readonly storage: 'account';
  /** 'loading' until the server answered once; 'offline' when it could not be reached. */
  readonly status: SaveStatus | 'loading' | 'offline';
}

export function useLearnProgress(userKey: string): LearnProgressApi {
  const qc = useQueryClient();
  const queryKey = learnProgressQueryKey(userKey);
  const query = useQuery({
    queryKey,
    queryFn: () => loadProgress(qc, userKey),
    // Shown until the server answers, and kept on screen if it cannot be reached.
    placeholderData: () => readCache(userKey)?.doc,
  });
  const saveStatus = useSyncExternalStore(subscribeStatus, () => saverOf(userKey).status);

  const update = useCallback(
    (change: (p: LearnProgress) => LearnProgress) => {
      const key = learnProgressQueryKey(userKey);
      const prev = qc.getQueryData<LearnProgress>(key) ?? readCache(userKey)?.doc ?? parseProgress(null);
      const next = change(prev);
      if (next === prev) return;
      saverOf(userKey).version += 1;
      qc.setQueryData(key, next);
      writeCache(userKey, { doc: next, unsaved: true });
      queueSave(qc, userKey, next);
    },
    [qc, userKey],
  );

  useEffect(() => {
    // Back online after a failed save: deliver it without waiting for the next change.
    const onOnline = () => {
      const cached = readCache(userKey);
      if (cached?.unsaved) queueSave(qc, userKey, cached.doc);
    };
    // Another tab saved: follow it, unless this tab has its own change on the way.
    const onStorage = (e: StorageEvent) => {
      if (e.key !== cacheKey(userKey)) return;
      const s = saverOf(userKey);
      const cached = readCache(userKey);
      if (!cached || cached.unsaved || s.inFlight || s.pending || s.status === 'unsaved') return;
      qc.setQueryData(learnProgressQueryKey(userKey), cached.doc);
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('storage', onStorage);
    };
  }, [qc, userKey]);

  // Offline (the load failed): the last progress this browser knew is better than nothing.
  const progress = query.data ?? (query.isError ? readCache(userKey)?.doc : undefined) ?? EMPTY;
  const status: LearnProgressApi['status'] =
    saveStatus !== 'saved'
      ? saveStatus
      : query.isError
        ? 'offline'
        : query.isPlaceholderData || query.isPending
          ? 'loading'
          : 'saved';

  return {
    progress,
    setLessonComplete: useCallback(
      (moduleId, lessonId, complete) =>
        update((p) => setLessonComplete(p, moduleId, lessonId, complete, new Date())),
      [update],
    ),
    recordQuizAttempt: useCallback(
      (moduleId, score, total) => update((p) => recordQuizAttempt(p, moduleId, score, total, new Date())),
      [update],
    ),
    recordPracticeSolved: useCallback(
      (exerciseId) => update((p) => recordPracticeSolved(p, exerciseId, new Date())),
      [update],
    ),
    storage: 'account',
    status,
  };
}
