import { useCallback, useEffect, useState } from 'react';
import { CheckCircle2, Circle } from 'lucide-react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Badge } from '@/components/ui/badge';
import { scrollToSection } from '@/lib/scroll';
import { findExercise, type LearningModule } from '../content';
import { lessonKey, moduleProgress } from '../progress/progress-store';
import { progressSaveText } from '../progress/save-status';
import type { LearnProgressApi } from '../progress/use-learn-progress';
import { FIRST_MODULE_HASHES, HASH_SCROLL_DELAY_MS, LEARNING_MODULES_ID } from './ids';
import { LessonView } from './lesson-view';
import { ModuleQuiz } from './module-quiz';
import { PositionSizeCalculator } from './position-size-calculator';
import { PracticeExercise } from './practice-exercise';

/**
 * /learn#quick-start and /learn#learning-modules open the first module and, once it has had
 * time to expand (SPEC.md: after 100 ms), scroll to the modules' section, so that its heading
 * shows below the sticky header with the first module under it. Also reacts to later hash
 * changes, so a link on this page to #quick-start behaves the same.
 */
function useFirstModuleFromHash(firstId: string, open: (id: string) => void) {
  useEffect(() => {
    let timer: number | undefined;
    const apply = () => {
      if (!FIRST_MODULE_HASHES.includes(window.location.hash)) return;
      open(firstId);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => scrollToSection(LEARNING_MODULES_ID), HASH_SCROLL_DELAY_MS);
    };
    apply();
    window.addEventListener('hashchange', apply);
    return () => {
      window.removeEventListener('hashchange', apply);
      window.clearTimeout(timer);
    };
  }, [firstId, open]);
}

export function LearningModules({
  modules,
  progress: api,
}: {
  modules: readonly LearningModule[];
  progress: LearnProgressApi;
}) {
  const [openModules, setOpenModules] = useState<string[]>([]);
  const openFirst = useCallback((id: string) => setOpenModules((o) => (o.includes(id) ? o : [...o, id])), []);
  useFirstModuleFromHash(modules[0]?.id ?? '', openFirst);
  const { progress } = api;

  return (
    <section
      id={LEARNING_MODULES_ID}
      aria-labelledby="learning-modules-title"
      className="mx-auto max-w-5xl px-4 py-14 sm:px-6 lg:px-8"
    >
      <h2 id="learning-modules-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Interactive Learning Modules
      </h2>
      <p className="mt-2 text-muted-foreground">
        Open as many modules as you like. Work through the lessons in order, mark each one complete, then take
        the quiz. <span data-testid="learn-save-status">{progressSaveText(api.status)}</span>
      </p>

      <Accordion
        type="multiple"
        value={openModules}
        onValueChange={setOpenModules}
        className="mt-8 space-y-4"
      >
        {modules.map((m, i) => {
          const mp = moduleProgress(progress, m);
          return (
            <AccordionItem
              key={m.id}
              value={m.id}
              id={m.id}
              className="rounded-xl border bg-card px-4 sm:px-6"
            >
              <AccordionTrigger className="hover:no-underline">
                <span className="flex min-w-0 flex-1 flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
                  <span className="text-xs font-medium text-muted-foreground sm:w-16">Module {i + 1}</span>
                  <span className="text-base font-semibold sm:text-lg">{m.title}</span>
                  <span className="flex flex-wrap items-center gap-2 sm:ml-auto">
                    <Badge variant={m.difficulty === 'Beginner' ? 'bullish' : 'warning'}>
                      {m.difficulty}
                    </Badge>
                    <span className="text-xs font-normal text-muted-foreground">
                      {mp.lessonsDone}/{mp.lessonsTotal} lessons
                      {mp.quiz ? ` · quiz ${mp.quiz.best}/${mp.quiz.total}` : ''}
                    </span>
                    {mp.complete && (
                      <CheckCircle2 className="size-4 text-bullish" aria-label="Module complete" role="img" />
                    )}
                  </span>
                </span>
              </AccordionTrigger>
              <AccordionContent className="space-y-6">
                <p className="text-muted-foreground">{m.summary}</p>
                <Accordion type="multiple" className="rounded-lg border bg-background/40 px-3 sm:px-4">
                  {m.lessons.map((l, li) => {
                    const done = Boolean(progress.completedLessons[lessonKey(m.id, l.id)]);
                    return (
                      <AccordionItem key={l.id} value={l.id} className="last:border-b-0">
                        <AccordionTrigger>
                          <span className="flex items-center gap-3">
                            {done ? (
                              <CheckCircle2
                                className="size-4 shrink-0 text-bullish"
                                aria-label="Completed"
                                role="img"
                              />
                            ) : (
                              <Circle className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                            )}
                            <span>
                              {i + 1}.{li + 1} {l.title}
                            </span>
                          </span>
                        </AccordionTrigger>
                        <AccordionContent>
                          <LessonView
                            lesson={l}
                            complete={done}
                            onToggleComplete={(c) => api.setLessonComplete(m.id, l.id, c)}
                          />
                        </AccordionContent>
                      </AccordionItem>
                    );
                  })}
                </Accordion>

                {m.tools?.includes('position-size-calculator') && <PositionSizeCalculator />}

                {m.practiceIds && m.practiceIds.length > 0 && (
                  <div className="space-y-4">
                    <h4 className="text-base font-semibold">Practice on a chart</h4>
                    <p className="text-sm text-muted-foreground">
                      Each chart is analysed by the same engine that reads your screenshots; your click is
                      checked against what it detects on these exact candles.
                    </p>
                    {m.practiceIds.map((id) => {
                      const ex = findExercise(id);
                      return ex ? (
                        <PracticeExercise
                          key={id}
                          exercise={ex}
                          solvedBefore={Boolean(progress.practice[id])}
                          onSolved={() => api.recordPracticeSolved(id)}
                        />
                      ) : null;
                    })}
                  </div>
                )}

                <ModuleQuiz
                  moduleId={m.id}
                  moduleTitle={m.title}
                  questions={m.quiz}
                  record={mp.quiz}
                  onFinish={(score, total) => api.recordQuizAttempt(m.id, score, total)}
                />
              </AccordionContent>
            </AccordionItem>
          );
        })}
      </Accordion>
    </section>
  );
}
