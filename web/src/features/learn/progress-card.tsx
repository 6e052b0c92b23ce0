import { GraduationCap } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { User } from '@/lib/contracts';
import { LEARN_OUTLINE } from './content/outline';
import { moduleProgress, overallProgress } from './progress/progress-store';
import { progressSaveText } from './progress/save-status';
import { useLearnProgress } from './progress/use-learn-progress';

// A second, light entry point of the feature for the dashboard: it reads the same progress as
// /learn but only the curriculum's outline, not the lessons themselves.

export function LearnProgressCard({ user }: { user: Pick<User, 'id'> }) {
  const { progress, status } = useLearnProgress(user.id);
  const overall = overallProgress(progress, LEARN_OUTLINE);
  const pct = overall.lessonsTotal > 0 ? Math.round((overall.lessonsDone / overall.lessonsTotal) * 100) : 0;
  const started = overall.lessonsDone > 0 || overall.quizzesTaken > 0;
  return (
    <Card data-testid="learn-progress-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <GraduationCap className="size-5 text-primary" aria-hidden="true" />
          Learning progress
        </CardTitle>
        <CardDescription>
          {overall.lessonsDone} of {overall.lessonsTotal} lessons completed · {overall.modulesComplete} of{' '}
          {LEARN_OUTLINE.length} modules complete
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div
          role="progressbar"
          aria-label="Lessons completed"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${pct}%` }} />
        </div>
        <ul className="space-y-1.5 text-sm">
          {LEARN_OUTLINE.map((m) => {
            const mp = moduleProgress(progress, m);
            return (
              <li key={m.id} className="flex items-center justify-between gap-3">
                <span>{m.title}</span>
                <span className="text-muted-foreground">
                  {mp.lessonsDone}/{mp.lessonsTotal} lessons
                  {mp.quiz ? ` · quiz ${mp.quiz.best}/${mp.quiz.total}` : ''}
                </span>
              </li>
            );
          })}
        </ul>
        <Button asChild variant="outline" size="sm">
          <Link href={started ? '/learn#learning-modules' : '/learn#quick-start'}>
            {started ? 'Continue learning' : 'Start with Quick Start'}
          </Link>
        </Button>
        <p className="text-xs text-muted-foreground">{progressSaveText(status)}</p>
      </CardContent>
    </Card>
  );
}
