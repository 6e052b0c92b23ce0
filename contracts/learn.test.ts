import { describe, expect, it } from 'vitest';
import { emptyLearnProgress, learnProgressSchema, mergeLearnProgress, type LearnProgress } from './learn';

const t = (day: number) => new Date(Date.UTC(2026, 10, day, 9)).toISOString();
const quiz = (best: number, attempts: number, lastScore: number, day: number) => ({
  best,
  total: 5,
  attempts,
  lastScore,
  lastTakenAt: t(day),
});

describe('mergeLearnProgress', () => {
  const stored: LearnProgress = {
    version: 1,
    completedLessons: { 'a/1': t(1), 'a/2': t(1) },
    quizzes: { a: quiz(5, 3, 2, 4), b: quiz(3, 1, 3, 2) },
    practice: { x: t(3) },
  };

  it('keeps quizzes and solved charts the sent document lacks, but takes lessons as sent', () => {
    const sent: LearnProgress = { ...emptyLearnProgress(), completedLessons: { 'a/2': t(1) } };
    expect(mergeLearnProgress(stored, sent)).toEqual({ ...stored, completedLessons: { 'a/2': t(1) } });
  });

  it('takes the last attempt from the newer record and never lowers best or attempts', () => {
    const sent: LearnProgress = {
      ...stored,
      quizzes: { a: quiz(1, 1, 1, 5), b: quiz(2, 1, 2, 1) },
      practice: { x: t(1), y: t(6) },
    };
    const merged = mergeLearnProgress(stored, sent);
    expect(merged.quizzes).toEqual({ a: quiz(5, 3, 1, 5), b: quiz(3, 1, 3, 2) });
    expect(merged.practice).toEqual({ x: t(1), y: t(6) });
    expect(learnProgressSchema.safeParse(merged).success).toBe(true);
  });

  it('refuses scores above the question count and times that are not ISO', () => {
    expect(learnProgressSchema.safeParse({ ...stored, quizzes: { a: quiz(6, 1, 1, 1) } }).success).toBe(
      false,
    );
    expect(learnProgressSchema.safeParse({ ...stored, practice: { x: 'monday' } }).success).toBe(false);
  });
});
