import { useCallback, useSyncExternalStore } from 'react';
import {
  parseProgress,
  recordPracticeSolved,
  recordQuizAttempt,
  setLessonComplete,
  type LearnProgress,
} from './progress-store';

/**
 * Progress is kept in this browser's localStorage, keyed per user, until the server has
 * GET/PUT /api/learn/progress (the shape is learnProgressSchema; see docs/learning-content.md).
 * Swapping the storage means replacing `read`/`write` here; components only see the hook.
 *
 * One store per tab, shared by every hook instance (the /learn page and the dashboard card
 * update together); other tabs follow through the `storage` event.
 */
const storageKey = (userKey: string) => `chart-to-plan:learn-progress:${userKey}`;

const listeners = new Set<() => void>();
/** Parsed snapshot per key, reused while the stored string is unchanged (useSyncExternalStore needs a stable value). */
const cache = new Map<string, { raw: string | null; value: LearnProgress }>();
/** Used when localStorage is unavailable (private mode, blocked storage): progress then lasts the visit. */
const memory = new Map<string, LearnProgress>();

function read(userKey: string): LearnProgress {
  const key = storageKey(userKey);
  const inMemory = memory.get(key);
  if (inMemory) return inMemory;
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    raw = null;
  }
  const cached = cache.get(key);
  if (cached && cached.raw === raw) return cached.value;
  const value = parseProgress(raw);
  cache.set(key, { raw, value });
  return value;
}

function write(userKey: string, p: LearnProgress) {
  const key = storageKey(userKey);
  const raw = JSON.stringify(p);
  try {
    window.localStorage.setItem(key, raw);
    cache.set(key, { raw, value: p });
  } catch {
    memory.set(key, p);
  }
  for (const l of listeners) l();
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith('chart-to-plan:learn-progress:')) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export interface LearnProgressApi {
  readonly progress: LearnProgress;
  readonly setLessonComplete: (moduleId: string, lessonId: string, complete: boolean) => void;
  readonly recordQuizAttempt: (moduleId: string, score: number, total: number) => void;
  readonly recordPracticeSolved: (exerciseId: string) => void;
  /** Where progress is kept, so the UI can say so honestly. */
  readonly storage: 'this-browser';
}

export function useLearnProgress(userKey: string): LearnProgressApi {
  const progress = useSyncExternalStore(subscribe, () => read(userKey));

  const update = useCallback(
    (change: (p: LearnProgress) => LearnProgress) => {
      const prev = read(userKey);
      const next = change(prev);
      if (next !== prev) write(userKey, next);
    },
    [userKey],
  );

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
    storage: 'this-browser',
  };
}
