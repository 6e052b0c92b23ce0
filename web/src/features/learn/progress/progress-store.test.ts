import { LEARNING_MODULES } from '../content';
import {
  emptyProgress,
  moduleProgress,
  overallProgress,
  parseProgress,
  recordPracticeSolved,
  recordQuizAttempt,
  setLessonComplete,
} from './progress-store';

const now = new Date('2026-01-05T10:00:00Z');
const later = new Date('2026-01-06T10:00:00Z');
const quickStart = LEARNING_MODULES[0]!;

describe('learning progress', () => {
  it('keeps the best quiz score across retakes and counts attempts', () => {
    let p = recordQuizAttempt(emptyProgress(), 'quick-start', 4, 5, now);
    p = recordQuizAttempt(p, 'quick-start', 2, 5, later);
    expect(p.quizzes['quick-start']).toEqual({
      best: 4,
      total: 5,
      attempts: 2,
      lastScore: 2,
      lastTakenAt: later.toISOString(),
    });
  });

  it('survives a round trip through storage and ignores corrupted data', () => {
    let p = setLessonComplete(emptyProgress(), 'quick-start', 'reading-your-plan', true, now);
    p = recordPracticeSolved(p, 'practice-fvg', now);
    expect(parseProgress(JSON.stringify(p))).toEqual(p);
    expect(parseProgress('{not json')).toEqual(emptyProgress());
    expect(parseProgress(JSON.stringify({ version: 2 }))).toEqual(emptyProgress());
    expect(parseProgress(null)).toEqual(emptyProgress());
  });

  it('marks a module complete only with every lesson done and the quiz passed at 80%', () => {
    let p = emptyProgress();
    for (const l of quickStart.lessons) p = setLessonComplete(p, quickStart.id, l.id, true, now);
    expect(moduleProgress(p, quickStart)).toMatchObject({ lessonsDone: 4, complete: false });
    p = recordQuizAttempt(p, quickStart.id, 3, 5, now);
    expect(moduleProgress(p, quickStart).complete).toBe(false);
    p = recordQuizAttempt(p, quickStart.id, 4, 5, now);
    expect(moduleProgress(p, quickStart).complete).toBe(true);
    p = setLessonComplete(p, quickStart.id, quickStart.lessons[0]!.id, false, now);
    expect(moduleProgress(p, quickStart)).toMatchObject({ lessonsDone: 3, complete: false });
    expect(overallProgress(p, LEARNING_MODULES)).toMatchObject({
      lessonsDone: 3,
      modulesComplete: 0,
      quizzesTaken: 1,
    });
  });

  it('keeps the first completion time when a lesson is marked again', () => {
    let p = setLessonComplete(emptyProgress(), 'a', 'b', true, now);
    p = setLessonComplete(p, 'a', 'b', true, later);
    expect(p.completedLessons['a/b']).toBe(now.toISOString());
  });
});
