import { z } from 'zod';

/**
 * The HTTP contract of the Learning Center's progress (issue 8, docs/learning-content.md
 * "Progress"): the one document GET /api/learn/progress answers and PUT /api/learn/progress
 * accepts. The web app validates the server's answer (and its offline cache) with the same schema.
 */

/**
 * Bounds that keep one trader's document small. The curriculum has 22 lessons, 5 quizzes and
 * 7 practice charts, so these leave room for many content releases while refusing junk.
 */
export const LEARN_PROGRESS_LIMITS = {
  /** Most entries in each of completedLessons / quizzes / practice. */
  maxEntries: 500,
  /** Longest "moduleId/lessonId", module id or exercise id. */
  maxKeyLength: 120,
  /** Request body limit for PUT (the largest valid document is well under this). */
  maxBodyBytes: 128 * 1024,
} as const;

const isoTime = z.iso.datetime({ offset: true });
const key = z.string().min(1).max(LEARN_PROGRESS_LIMITS.maxKeyLength);

/** A record with a bounded number of bounded keys. */
const boundedRecord = <T extends z.ZodType>(value: T) =>
  z.record(key, value).refine((r) => Object.keys(r).length <= LEARN_PROGRESS_LIMITS.maxEntries, {
    error: `At most ${LEARN_PROGRESS_LIMITS.maxEntries} entries`,
  });

export const quizRecordSchema = z
  .object({
    /** Best score kept across retakes. */
    best: z.number().int().nonnegative(),
    total: z.number().int().positive().max(100),
    attempts: z.number().int().positive(),
    lastScore: z.number().int().nonnegative(),
    lastTakenAt: isoTime,
  })
  .refine((q) => q.best <= q.total && q.lastScore <= q.total && q.lastScore <= q.best, {
    error: 'A quiz score cannot exceed the number of questions or the best score',
  });

/** A trader's Learning Center progress. */
export const learnProgressSchema = z.object({
  version: z.literal(1),
  /** "moduleId/lessonId" -> ISO time the lesson was marked complete. */
  completedLessons: boundedRecord(isoTime),
  /** moduleId -> quiz record; the best score is kept across retakes. */
  quizzes: boundedRecord(quizRecordSchema),
  /** exerciseId -> ISO time it was first solved. */
  practice: boundedRecord(isoTime),
});

export type LearnProgress = z.infer<typeof learnProgressSchema>;
export type QuizRecord = LearnProgress['quizzes'][string];

export const emptyLearnProgress = (): LearnProgress => ({
  version: 1,
  completedLessons: {},
  quizzes: {},
  practice: {},
});

/** The later of two ISO times (the earlier one when `earliest`). */
const pickTime = (a: string, b: string, earliest: boolean) =>
  Date.parse(a) <= Date.parse(b) === earliest ? a : b;

function mergeQuiz(stored: QuizRecord | undefined, sent: QuizRecord | undefined): QuizRecord | undefined {
  if (!stored || !sent) return sent ?? stored;
  // The last attempt is whichever record saw the later one; best and attempts only grow.
  const newer = pickTime(stored.lastTakenAt, sent.lastTakenAt, false) === sent.lastTakenAt ? sent : stored;
  return {
    best: Math.max(stored.best, sent.best),
    total: Math.max(stored.total, sent.total),
    attempts: Math.max(stored.attempts, sent.attempts),
    lastScore: newer.lastScore,
    lastTakenAt: newer.lastTakenAt,
  };
}

/**
 * What PUT /api/learn/progress stores: `completedLessons` as sent (a lesson can be unmarked),
 * but the larger best score and attempt count per quiz and the union of solved practice charts
 * (first solve time kept), so a tab opened before a retake cannot lower a score or forget a
 * solved chart.
 */
export function mergeLearnProgress(stored: LearnProgress, sent: LearnProgress): LearnProgress {
  const quizzes: Record<string, QuizRecord> = {};
  for (const id of new Set([...Object.keys(stored.quizzes), ...Object.keys(sent.quizzes)])) {
    const merged = mergeQuiz(stored.quizzes[id], sent.quizzes[id]);
    if (merged) quizzes[id] = merged;
  }
  const practice: Record<string, string> = { ...stored.practice };
  for (const [id, at] of Object.entries(sent.practice)) {
    const prev = practice[id];
    practice[id] = prev ? pickTime(prev, at, true) : at;
  }
  return { version: 1, completedLessons: { ...sent.completedLessons }, quizzes, practice };
}
