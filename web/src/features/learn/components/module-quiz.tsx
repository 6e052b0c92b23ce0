import { useState } from 'react';
import { CheckCircle2, RotateCcw, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { QuizQuestion } from '../content/types';
import type { QuizRecord } from '../progress/progress-store';

interface Attempt {
  readonly index: number;
  readonly answers: readonly number[];
  /** The answer just given to the current question, shown with its explanation. */
  readonly picked: number | null;
}

const fresh: Attempt = { index: 0, answers: [], picked: null };

export function ModuleQuiz({
  moduleId,
  moduleTitle,
  questions,
  record,
  onFinish,
}: {
  moduleId: string;
  moduleTitle: string;
  questions: readonly QuizQuestion[];
  record: QuizRecord | null;
  onFinish: (score: number, total: number) => void;
}) {
  const [attempt, setAttempt] = useState<Attempt>(fresh);
  const [started, setStarted] = useState(false);
  const total = questions.length;
  const finished = attempt.answers.length === total;
  const score = attempt.answers.filter((a, i) => a === questions[i]?.correctIndex).length;
  const q = questions[attempt.index];

  const answer = (option: number) => {
    if (attempt.picked !== null || !q) return;
    const answers = [...attempt.answers, option];
    setAttempt({ ...attempt, answers, picked: option });
    if (answers.length === total) {
      onFinish(answers.filter((a, i) => a === questions[i]?.correctIndex).length, total);
    }
  };

  const headingId = `${moduleId}-quiz-title`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border bg-card/60 p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={headingId} className="text-base font-semibold">
          Quiz: {moduleTitle}
        </h4>
        <p className="text-sm text-muted-foreground" data-testid={`${moduleId}-quiz-best`}>
          {record
            ? `Best score ${record.best}/${record.total} · ${record.attempts} attempt${record.attempts === 1 ? '' : 's'}`
            : `${total} questions · not taken yet`}
        </p>
      </div>

      {!started ? (
        <Button className="mt-4" onClick={() => setStarted(true)}>
          {record ? 'Retake quiz' : 'Start quiz'}
        </Button>
      ) : finished && attempt.picked === null ? (
        <div className="mt-4 space-y-3" role="status">
          <p className="text-lg font-semibold">
            You scored {score} out of {total}.
          </p>
          <p className="text-sm text-muted-foreground">
            {score === total
              ? 'Every answer right. Move on to the next module or try the practice exercises.'
              : 'Re-read the lessons behind the questions you missed, then try again: only your best score is kept.'}
          </p>
          <Button variant="outline" onClick={() => setAttempt(fresh)}>
            <RotateCcw aria-hidden="true" />
            Retake quiz
          </Button>
        </div>
      ) : (
        q && (
          <fieldset className="mt-4">
            <legend className="text-sm text-muted-foreground">
              Question {attempt.index + 1} of {total}
            </legend>
            <p className="mt-1 font-medium">{q.prompt}</p>
            <div className="mt-3 grid gap-2">
              {q.options.map((opt, i) => {
                const shown = attempt.picked !== null;
                const isCorrect = i === q.correctIndex;
                const isPicked = i === attempt.picked;
                return (
                  <button
                    key={opt}
                    type="button"
                    disabled={shown}
                    aria-pressed={isPicked}
                    onClick={() => answer(i)}
                    className={cn(
                      'flex min-h-11 w-full items-center justify-between gap-3 rounded-lg border px-3 py-2 text-left text-sm transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none enabled:cursor-pointer enabled:hover:bg-accent',
                      shown && isCorrect && 'border-bullish bg-bullish/10',
                      shown && isPicked && !isCorrect && 'border-bearish bg-bearish/10',
                    )}
                  >
                    <span>{opt}</span>
                    {shown && isCorrect && (
                      <CheckCircle2 className="size-4 shrink-0 text-bullish" aria-label="Correct answer" />
                    )}
                    {shown && isPicked && !isCorrect && (
                      <XCircle className="size-4 shrink-0 text-bearish" aria-label="Your answer" />
                    )}
                  </button>
                );
              })}
            </div>
            {attempt.picked !== null && (
              <div className="mt-3 space-y-3" aria-live="polite">
                <p
                  className={cn(
                    'text-sm font-semibold',
                    attempt.picked === q.correctIndex ? 'text-bullish' : 'text-bearish',
                  )}
                >
                  {attempt.picked === q.correctIndex ? 'Correct.' : 'Not quite.'}
                </p>
                <p className="text-sm text-muted-foreground">{q.explanation}</p>
                <Button onClick={() => setAttempt({ ...attempt, index: attempt.index + 1, picked: null })}>
                  {attempt.index + 1 < total ? 'Next question' : 'See your score'}
                </Button>
              </div>
            )}
          </fieldset>
        )
      )}
    </section>
  );
}
