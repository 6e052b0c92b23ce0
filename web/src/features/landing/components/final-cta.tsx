import { useQuery } from '@tanstack/react-query';
import { ArrowRight, BarChart3, ScanLine, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { getQueryFn } from '@/lib/api';
import type { PublicFiguresDto } from '../../../../../contracts/figures';
import { READING_ACCURACY } from '../measured-figures';

const STEPS = [
  "Take a 5-minute, a 15-minute and a 4-hour screenshot of one pair, or export each chart's data as CSV.",
  'Drop them in: every candle is read and analysed in about a second.',
  'Get the plan with its stop, targets and a lot size for your account.',
] as const;

/** The page's closing call to action, with the real numbers behind the product beside it. */
export function FinalCta({ onGetStarted }: { onGetStarted: () => void }) {
  const figures = useQuery({
    queryKey: ['/api/figures'],
    queryFn: getQueryFn<PublicFiguresDto>({ on401: 'throw' }),
    staleTime: 60_000,
  });
  const saved = figures.data?.analysesSaved ?? 0;
  const { rendered, realScreenshots: real, measuredOn } = READING_ACCURACY;
  return (
    <section aria-labelledby="final-cta-heading">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="grid gap-10 rounded-2xl border border-primary/40 bg-gradient-to-br from-primary/15 via-card to-card p-8 md:p-12 lg:grid-cols-2">
          <div>
            <h2 id="final-cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              Start Your Journey
            </h2>
            <p className="mt-4 max-w-xl text-muted-foreground">
              Turn your next three charts into a plan you understand. Free, no credit card, quick
              registration.
            </p>
            <ol className="mt-6 grid gap-3">
              {STEPS.map((step, i) => (
                <li key={step} className="flex items-start gap-3">
                  <span
                    className="grid size-7 shrink-0 place-items-center rounded-full bg-primary/20 text-sm font-semibold text-primary"
                    aria-hidden="true"
                  >
                    {i + 1}
                  </span>
                  <span className="pt-0.5">{step}</span>
                </li>
              ))}
            </ol>
            <Button size="lg" className="mt-8" onClick={onGetStarted}>
              Create Free Account <ArrowRight aria-hidden="true" />
            </Button>
          </div>
          <div className="grid content-start gap-4">
            <h3
              id="measured-heading"
              className="text-sm font-semibold uppercase tracking-wide text-muted-foreground"
            >
              Measured, not claimed
            </h3>
            <Figure
              icon={ScanLine}
              value={`${rendered.exactPercent} %`}
              text={`of candles read to within 1.5 px on ${rendered.charts} rendered ${rendered.platform} test charts.`}
            />
            <Figure
              icon={ShieldCheck}
              value={`${real.readWithinTolerance} of ${real.charts}`}
              text={`real platform screenshots (TradingView, MetaTrader, cTrader, brokers) read within tolerance and ${real.refused} refused with the reason; the rest are read with errors we are fixing. ${real.notChartsRefused} of ${real.notCharts} images that are not charts are refused.`}
            />
            {saved > 0 && (
              <Figure
                icon={BarChart3}
                value={saved.toLocaleString('en-US')}
                text="analyses saved by traders on this server."
              />
            )}
            <p className="text-xs text-muted-foreground">
              Reading accuracy measured by the project’s own benchmark on {measuredOn}.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}

function Figure({ icon: Icon, value, text }: { icon: typeof ScanLine; value: string; text: string }) {
  return (
    <div className="flex items-start gap-4 rounded-xl border bg-background/50 p-4">
      <Icon className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
      <p className="text-sm text-muted-foreground">
        <span className="block text-2xl font-bold text-foreground">{value}</span>
        {text}
      </p>
    </div>
  );
}
