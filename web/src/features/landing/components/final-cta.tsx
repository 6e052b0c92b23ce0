import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function FinalCta({ onGetStarted }: { onGetStarted: () => void }) {
  return (
    <section aria-labelledby="final-cta-heading">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="rounded-2xl border border-primary/40 bg-gradient-to-br from-primary/20 via-card to-card p-8 text-center md:p-14">
          <h2 id="final-cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Start Your Journey
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-muted-foreground">
            Turn your next three screenshots into a plan you understand. Free, no credit card, quick
            registration.
          </p>
          <Button size="lg" className="mt-8" onClick={onGetStarted}>
            Create Free Account <ArrowRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </section>
  );
}
