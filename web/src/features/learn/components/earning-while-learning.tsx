import { GraduationCap, NotebookPen, ScanLine } from 'lucide-react';

const STEPS = [
  {
    icon: GraduationCap,
    title: 'Learn',
    text: 'Work through a module: the concept, a worked example with real numbers, then the quiz.',
  },
  {
    icon: ScanLine,
    title: 'Apply',
    text: 'Upload your 4h, 15m and 5m charts and compare your own reading with the computed analysis.',
  },
  {
    icon: NotebookPen,
    title: 'Review',
    text: 'Log the plan in your journal, follow it through, and let your own statistics show what works.',
  },
] as const;

export function EarningWhileLearning() {
  return (
    <section aria-labelledby="ewl-title" className="border-y bg-card/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_1.4fr] lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Our approach</p>
          <h2 id="ewl-title" className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
            Earning While Learning
          </h2>
          <p className="mt-4 text-muted-foreground">
            The idea behind the name: you build skill on every chart you analyse, not only in the lessons.
            Earning is never guaranteed. Most retail CFD accounts lose money, so the course puts risk control
            first and asks you to practise on a demo account until your journal shows you follow your own
            rules.
          </p>
        </div>
        <ol className="grid gap-4 sm:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="rounded-xl border bg-background/60 p-5">
              <div className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-primary/15 text-primary">
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                <span className="text-sm text-muted-foreground">Step {i + 1}</span>
              </div>
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
