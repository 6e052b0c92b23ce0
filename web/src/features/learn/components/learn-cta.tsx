import { ArrowUp, LineChart } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { scrollToSection } from '@/lib/scroll';
import { LEARNING_MODULES_ID } from './ids';

export interface CtaStats {
  readonly modules: number;
  readonly lessons: number;
  readonly quizQuestions: number;
  readonly practiceExercises: number;
  readonly lessonsDone: number;
}

/** Call to action with the Learning Center's real counts and the trader's own progress. */
export function LearnCta({ stats }: { stats: CtaStats }) {
  const items = [
    { value: stats.modules, label: 'modules' },
    { value: stats.lessons, label: 'lessons' },
    { value: stats.quizQuestions, label: 'quiz questions' },
    { value: stats.practiceExercises, label: 'practice charts' },
  ];
  return (
    <section aria-labelledby="learn-cta-title" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
      <div className="rounded-2xl border bg-linear-to-br from-primary/15 via-card to-card p-6 sm:p-10">
        <h2 id="learn-cta-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Put it to work on your own charts
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          You have completed {stats.lessonsDone} of {stats.lessons} lessons. Take three screenshots (or CSV
          data exports) of a pair you follow and compare your reading with the computed analysis.
        </p>
        <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="learn-stats">
          {items.map((s) => (
            <div key={s.label} className="rounded-xl border bg-background/60 p-4">
              <dt className="text-sm text-muted-foreground">{s.label}</dt>
              <dd className="text-2xl font-bold">{s.value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link href="/home">
              <LineChart aria-hidden="true" />
              Analyze your charts
            </Link>
          </Button>
          <Button size="lg" variant="outline" onClick={() => scrollToSection(LEARNING_MODULES_ID)}>
            <ArrowUp aria-hidden="true" />
            Back to the modules
          </Button>
        </div>
      </div>
    </section>
  );
}
