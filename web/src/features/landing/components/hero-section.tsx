import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { scrollToSection } from '@/lib/scroll';
import { HeroAnalysis } from './hero-analysis';

export function HeroSection({ onGetStarted }: { onGetStarted: () => void }) {
  return (
    <section id="top" aria-labelledby="hero-heading" className="relative overflow-hidden">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="mb-4 inline-flex items-center rounded-full border border-primary/40 bg-primary/10 px-3 py-1 text-xs font-semibold text-primary">
            Earning While Learning
          </p>
          <h1
            id="hero-heading"
            className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Turn your chart screenshots into a <span className="text-primary">trade plan</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted-foreground">
            Upload your 5-minute, 15-minute and 4-hour charts of one pair. Chart-to-Plan reads every candle,
            finds Smart Money Concepts confluences across the three timeframes and builds a plan with entry,
            stop, targets and a correctly sized position.
          </p>
          <ul className="mt-6 grid gap-2 text-sm text-muted-foreground sm:grid-cols-3">
            {['Free', 'No credit card', 'Quick registration'].map((item) => (
              <li key={item} className="flex items-center gap-2">
                <CheckCircle2 className="size-4 text-primary" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button size="lg" onClick={onGetStarted}>
              Start Free Analysis <ArrowRight aria-hidden="true" />
            </Button>
            <Button size="lg" variant="outline" onClick={() => scrollToSection('dashboard-preview')}>
              See a sample analysis
            </Button>
          </div>
        </div>
        <HeroAnalysis className="mx-auto w-full max-w-xl" />
      </div>
    </section>
  );
}
