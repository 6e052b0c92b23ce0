import type { User } from '@/lib/contracts';
import { EarningWhileLearning } from './components/earning-while-learning';
import { LearnCta } from './components/learn-cta';
import { LearnFeatures } from './components/learn-features';
import { LearnHero } from './components/learn-hero';
import { LearningModules } from './components/learning-modules';
import { QuickReference } from './components/quick-reference';
import { LEARNING_MODULES, curriculumStats } from './content';
import { overallProgress } from './progress/progress-store';
import { useLearnProgress } from './progress/use-learn-progress';

// Public surface of the Learning Center feature. The /learn page renders <LearnContent /> under
// its header and above the site footer; the dashboard can show progress with useLearnProgress
// and overallProgress.
export { useLearnProgress } from './progress/use-learn-progress';
export {
  overallProgress,
  moduleProgress,
  learnProgressSchema,
  type LearnProgress,
} from './progress/progress-store';
export { LEARNING_MODULES } from './content';

export function LearnContent({ user }: { user: User }) {
  const progress = useLearnProgress(user.id);
  const stats = curriculumStats();
  const overall = overallProgress(progress.progress, LEARNING_MODULES);
  const firstName = user.name.trim().split(/\s+/)[0] || user.name;
  return (
    <main>
      <LearnHero firstName={firstName} />
      <LearnFeatures />
      <EarningWhileLearning />
      <LearningModules modules={LEARNING_MODULES} progress={progress} />
      <QuickReference />
      <LearnCta stats={{ ...stats, lessonsDone: overall.lessonsDone }} />
    </main>
  );
}
