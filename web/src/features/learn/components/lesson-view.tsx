import { CheckCircle2, Circle, Lightbulb, ListChecks } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { Figure, Lesson } from '../content/types';
import { ChartFigure } from '../illustrations/chart-figure';

export function LessonView({
  lesson,
  complete,
  onToggleComplete,
}: {
  lesson: Lesson;
  complete: boolean;
  onToggleComplete: (complete: boolean) => void;
}) {
  return (
    <article className="space-y-6 text-[0.95rem] leading-relaxed" aria-label={lesson.title}>
      <p className="text-base text-foreground/90">{lesson.overview}</p>

      {lesson.illustration && <LessonFigure figure={lesson.illustration} />}

      {lesson.sections.map((s) => (
        <section key={s.heading} className="space-y-3">
          <h4 className="text-base font-semibold">{s.heading}</h4>
          {s.paragraphs.map((p, i) => (
            <p key={i} className="text-muted-foreground">
              {p}
            </p>
          ))}
          {s.example && (
            <div className="rounded-lg border border-primary/30 bg-primary/5 p-4">
              <p className="text-sm font-semibold text-primary">Worked example: {s.example.title}</p>
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
                {s.example.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
              <p className="mt-2 text-sm font-medium">{s.example.result}</p>
            </div>
          )}
        </section>
      ))}

      {lesson.gallery && lesson.gallery.length > 0 && (
        <div className="space-y-4">
          {lesson.gallery.map((f) => (
            <LessonFigure key={f.id} figure={f} />
          ))}
        </div>
      )}

      <div className="grid gap-4 md:grid-cols-2">
        <section className="rounded-lg border bg-card/60 p-4">
          <h4 className="flex items-center gap-2 font-semibold">
            <ListChecks className="size-4 text-primary" aria-hidden="true" />
            Key points
          </h4>
          <ul className="mt-2 space-y-1.5 text-sm">
            {lesson.keyPoints.map((k) => (
              <li key={k} className="flex gap-2">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-bullish" aria-hidden="true" />
                <span>{k}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="rounded-lg border bg-card/60 p-4">
          <h4 className="flex items-center gap-2 font-semibold">
            <Lightbulb className="size-4 text-warning" aria-hidden="true" />
            Practical tips
          </h4>
          <ul className="mt-2 space-y-1.5 text-sm">
            {lesson.tips.map((t) => (
              <li key={t} className="flex gap-2">
                <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-warning" />
                <span>{t}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <Button
        variant={complete ? 'secondary' : 'outline'}
        aria-pressed={complete}
        onClick={() => onToggleComplete(!complete)}
      >
        {complete ? (
          <CheckCircle2 className="text-bullish" aria-hidden="true" />
        ) : (
          <Circle aria-hidden="true" />
        )}
        {complete ? 'Lesson completed' : 'Mark lesson as complete'}
      </Button>
    </article>
  );
}

function LessonFigure({ figure }: { figure: Figure }) {
  return (
    <figure className="rounded-xl border bg-card/60 p-3 sm:p-4">
      <ChartFigure figure={figure} />
      <figcaption className="mt-2 text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{figure.title}.</span> {figure.description}
      </figcaption>
    </figure>
  );
}
