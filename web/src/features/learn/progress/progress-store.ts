import {
  emptyLearnProgress,
  learnProgressSchema,
  type LearnProgress,
  type QuizRecord,
} from '../../../../../contracts/learn';

/** What progress arithmetic needs of a module: its id and lesson ids (full content or outline). */
interface ModuleShape {
  readonly id: string;
  readonly lessons?: readonly { readonly id: string }[];
  readonly lessonIds?: readonly string[];
}

const lessonIdsOf = (m: ModuleShape): readonly string[] => m.lessonIds ?? (m.lessons ?? []).map((l) => l.id);

// The document's schema lives in contracts/learn.ts: the server validates PUT bodies with it and
// this module validates the server's answers and the offline cache with it (one schema per boundary).
export { learnProgressSchema, type LearnProgress, type QuizRecord };

export const emptyProgress = (): LearnProgress => emptyLearnProgress();

export const lessonKey = (moduleId: string, lessonId: string) => `${moduleId}/${lessonId}`;

/** Stored data from an older or corrupted build must not break the page: start fresh instead. */
export function parseProgress(raw: string | null): LearnProgress {
  if (!raw) return emptyProgress();
  try {
    const parsed = learnProgressSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : emptyProgress();
  } catch {
    return emptyProgress();
  }
}

export function setLessonComplete(
  p: LearnProgress,
  moduleId: string,
  lessonId: string,
  complete: boolean,
  now: Date,
): LearnProgress {
  const key = lessonKey(moduleId, lessonId);
  const completedLessons = { ...p.completedLessons };
  if (complete) completedLessons[key] = completedLessons[key] ?? now.toISOString();
  else delete completedLessons[key];
  return { ...p, completedLessons };
}

/** Records one quiz attempt; the best score is kept, so a worse retake never lowers it. */
export function recordQuizAttempt(
  p: LearnProgress,
  moduleId: string,
  score: number,
  total: number,
  now: Date,
): LearnProgress {
  const prev = p.quizzes[moduleId];
  const record: QuizRecord = {
    best: Math.max(prev?.best ?? 0, score),
    total,
    attempts: (prev?.attempts ?? 0) + 1,
    lastScore: score,
    lastTakenAt: now.toISOString(),
  };
  return { ...p, quizzes: { ...p.quizzes, [moduleId]: record } };
}

export function recordPracticeSolved(p: LearnProgress, exerciseId: string, now: Date): LearnProgress {
  if (p.practice[exerciseId]) return p;
  return { ...p, practice: { ...p.practice, [exerciseId]: now.toISOString() } };
}

export interface ModuleProgress {
  readonly lessonsDone: number;
  readonly lessonsTotal: number;
  readonly quiz: QuizRecord | null;
  /** All lessons marked complete and the quiz passed at least once with 80% or more. */
  readonly complete: boolean;
}

/** Share of quiz questions that must be right for a module to count as complete. */
export const QUIZ_PASS_RATIO = 0.8;

export function moduleProgress(p: LearnProgress, module: ModuleShape): ModuleProgress {
  const ids = lessonIdsOf(module);
  const lessonsDone = ids.filter((id) => p.completedLessons[lessonKey(module.id, id)]).length;
  const quiz = p.quizzes[module.id] ?? null;
  const passed = quiz !== null && quiz.best >= Math.ceil(QUIZ_PASS_RATIO * quiz.total);
  return {
    lessonsDone,
    lessonsTotal: ids.length,
    quiz,
    complete: lessonsDone === ids.length && passed,
  };
}

export function overallProgress(p: LearnProgress, modules: readonly ModuleShape[]) {
  const per = modules.map((m) => moduleProgress(p, m));
  return {
    lessonsDone: per.reduce((n, m) => n + m.lessonsDone, 0),
    lessonsTotal: per.reduce((n, m) => n + m.lessonsTotal, 0),
    modulesComplete: per.filter((m) => m.complete).length,
    quizzesTaken: per.filter((m) => m.quiz !== null).length,
  };
}
