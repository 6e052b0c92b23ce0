import { BookOpen, NotebookPen, Upload } from 'lucide-react';

const LANDING_MODULES = [
  'Trading Fundamentals',
  'Technical Analysis Essentials',
  'Risk Management Mastery',
  'Smart Money Concepts',
] as const;

const STEPS = [
  {
    icon: BookOpen,
    step: 'Learn',
    text: 'Work through the Learning Center: order blocks, fair value gaps, market structure and risk, explained with examples.',
  },
  {
    icon: Upload,
    step: 'Apply',
    text: 'Upload your 5m, 15m and 4h charts, as screenshots or CSV data exports. See which confluences line up and where the plan would enter, exit and stop.',
  },
  {
    icon: NotebookPen,
    step: 'Build Confidence',
    text: 'Log each plan in your trade journal and review win rate, average R and drawdown as your record grows.',
  },
] as const;

/** SPEC 2: the "learn, apply, build confidence" block, listing the 4 landing-page modules. */
export function LearnApplySection() {
  return (
    <section aria-labelledby="learn-apply-heading">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="learn-apply-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Learn, apply, build confidence
          </h2>
          <p className="mt-4 text-muted-foreground">
            Multi-timeframe analysis, risk management, a trade journal and a learning center that work
            together.
          </p>
        </div>
        <ol className="mt-12 grid grid-cols-1 gap-6 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, step, text }, i) => (
            <li key={step} className="relative rounded-xl border bg-card p-6">
              <span
                className="absolute top-4 right-4 font-mono text-4xl font-bold text-muted-foreground/30"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <Icon className="size-8 text-primary" aria-hidden="true" />
              <h3 className="mt-4 text-xl font-semibold">{step}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 rounded-xl border bg-card/50 p-6">
          <h3 className="font-semibold">Learning Center modules</h3>
          <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {LANDING_MODULES.map((m) => (
              <li key={m} className="rounded-lg bg-muted/60 px-4 py-3 text-sm font-medium">
                {m}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
