import { useMemo, useState } from 'react';
import { CheckCircle2, Eye, RotateCcw, Target } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import type { FigureLevel, FigureZone, PracticeExercise as Exercise } from '../content/types';
import { ChartFigure, type BarVerdict } from '../illustrations/chart-figure';
import { analyzePractice, gradeClick, practiceTargets, type PracticeTarget } from '../practice/grade';

const CONCEPT_LABEL: Record<Exercise['concept'], string> = {
  'order-block': 'Order block',
  'fair-value-gap': 'Fair value gap',
  'structure-break': 'Structure',
  'liquidity-sweep': 'Liquidity',
};

export function PracticeExercise({
  exercise,
  solvedBefore,
  onSolved,
}: {
  exercise: Exercise;
  solvedBefore: boolean;
  onSolved: () => void;
}) {
  // The engine reads exactly the candles drawn below; its detections are the answer key.
  const targets = useMemo(() => practiceTargets(exercise, analyzePractice(exercise)), [exercise]);
  const [verdicts, setVerdicts] = useState<Record<number, BarVerdict>>({});
  const [feedback, setFeedback] = useState<{ correct: boolean; message: string } | null>(null);
  const [shown, setShown] = useState<readonly PracticeTarget[]>([]);
  const solved = feedback?.correct === true;

  const select = (bar: number) => {
    const grade = gradeClick(targets, bar);
    setVerdicts((v) => ({ ...v, [bar]: grade.correct ? 'correct' : 'wrong' }));
    setFeedback({ correct: grade.correct, message: grade.message });
    if (grade.correct && grade.target) {
      setShown([grade.target]);
      onSolved();
    }
  };
  const reset = () => {
    setVerdicts({});
    setFeedback(null);
    setShown([]);
  };

  const overlayZones = shown.flatMap((t) => (t.zone ? [t.zone] : [])) satisfies FigureZone[];
  const overlayLevels = shown.flatMap((t) => (t.level ? [t.level] : [])) satisfies FigureLevel[];

  return (
    <section
      aria-labelledby={`${exercise.id}-title`}
      className="rounded-xl border bg-card/60 p-4 sm:p-5"
      data-testid={exercise.id}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Target className="size-4 text-primary" aria-hidden="true" />
        <h5 id={`${exercise.id}-title`} className="font-semibold">
          {exercise.title}
        </h5>
        <Badge variant={exercise.direction === 'bullish' ? 'bullish' : 'bearish'}>
          {CONCEPT_LABEL[exercise.concept]}
        </Badge>
        {(solvedBefore || solved) && (
          <Badge variant="secondary">
            <CheckCircle2 className="size-3 text-bullish" aria-hidden="true" />
            Solved
          </Badge>
        )}
      </div>
      <p className="mt-2 text-sm">{exercise.prompt}</p>
      <p className="mt-1 text-xs text-muted-foreground">
        Click a candle, or focus the chart with Tab, move with the arrow keys and press Enter.
      </p>

      <div className="mt-3 rounded-lg border bg-background/40 p-2">
        <ChartFigure
          figure={{ title: exercise.title, description: exercise.prompt, candles: exercise.bars }}
          overlayZones={overlayZones}
          overlayLevels={overlayLevels}
          interaction={{
            label: `Practice chart: ${exercise.title}`,
            onSelect: select,
            verdicts,
            disabled: solved,
          }}
        />
      </div>

      <div className="mt-3 min-h-6 space-y-2" aria-live="polite">
        {feedback && (
          <p className={cn('text-sm font-medium', feedback.correct ? 'text-bullish' : 'text-bearish')}>
            {feedback.correct ? `Correct. ${feedback.message}.` : feedback.message}
          </p>
        )}
        {solved && <p className="text-sm text-muted-foreground">{exercise.explanation}</p>}
        {feedback && !feedback.correct && (
          <p className="text-sm text-muted-foreground">Hint: {exercise.hint}</p>
        )}
      </div>

      <div className="mt-3 flex flex-wrap gap-2">
        {!solved && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setShown(targets)}
            disabled={targets.length === 0}
          >
            <Eye aria-hidden="true" />
            Show the answer
          </Button>
        )}
        {(feedback || shown.length > 0) && (
          <Button variant="ghost" size="sm" onClick={reset}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        )}
      </div>
      {!solved && shown.length > 0 && (
        <ul className="mt-2 space-y-1 text-xs text-muted-foreground">
          {shown.map((t) => (
            <li key={`${t.firstBar}-${t.lastBar}`}>{t.label}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
