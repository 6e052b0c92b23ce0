import { quickStartModule } from './quick-start';
import { riskManagementModule } from './risk-management';
import { smartMoneyModule } from './smart-money-concepts';
import { technicalAnalysisModule } from './technical-analysis';
import { tradingFundamentalsModule } from './trading-fundamentals';
import { PRACTICE_EXERCISES } from './practice';
import type { LearningModule } from './types';

export type * from './types';
export { PRACTICE_EXERCISES, findExercise } from './practice';

/** The five modules in teaching order (SPEC.md: Quick Start first, Smart Money Concepts last). */
export const LEARNING_MODULES: readonly LearningModule[] = [
  quickStartModule,
  tradingFundamentalsModule,
  technicalAnalysisModule,
  riskManagementModule,
  smartMoneyModule,
];

/** Real counts of what the Learning Center holds, for the call to action (no invented figures). */
export function curriculumStats(modules: readonly LearningModule[] = LEARNING_MODULES) {
  return {
    modules: modules.length,
    lessons: modules.reduce((n, m) => n + m.lessons.length, 0),
    quizQuestions: modules.reduce((n, m) => n + m.quiz.length, 0),
    practiceExercises: PRACTICE_EXERCISES.length,
    illustrations: modules.reduce(
      (n, m) => n + m.lessons.reduce((k, l) => k + (l.illustration ? 1 : 0) + (l.gallery?.length ?? 0), 0),
      0,
    ),
  };
}
