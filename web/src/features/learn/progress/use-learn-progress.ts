import { useCallback, useEffect, useState } from 'react';
import {
  emptyProgress,
  parseProgress,
  recordPracticeSolved,
  recordQuizAttempt,
  setLessonComplete,
  type LearnProgress,
} from './progress-store';

/**
 * Progress is kept in this browser's localStorage, keyed per user, until the server has
 * GET/PUT /api/learn/progress (the shape is learnProgressSchema). Swapping the storage means
 * replacing `load`/`save` here; components only see this hook's interface.
 */
const storageKey = (userKey: string) => `chart-to-plan:learn-progress:${userKey}`;

function load(userKey: string): LearnProgress {
  try {
    return parseProgress(window.localStorage.getItem(storageKey(userKey)));
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): progress then lasts the visit.
    return emptyProgress();
  }
}

function save(userKey: string, p: LearnProgress) {
  try {
    window.localStorage.setItem(storageKey(userKey), JSON.stringify(p));
  } catch {
    // See load(): nothing better to do than keep the in-memory copy.
  }
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
  const [progress, setProgress] = useState<LearnProgress>(() => load(userKey));

  // Another user on the same browser, or the same user in another tab.
  useEffect(() => {
    setProgress(load(userKey));
    const onStorage = (e: StorageEvent) => {
      if (e.key === storageKey(userKey)) setProgress(parseProgress(e.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [userKey]);

  const update = useCallback(
    (change: (p: LearnProgress) => LearnProgress) => {
      setProgress((prev) => {
        const next = change(prev);
        if (next !== prev) save(userKey, next);
        return next;
      });
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
