import { BookOpen, LineChart } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { scrollToSection } from '@/lib/scroll';
import { LEARNING_MODULES_ID } from './ids';

export function LearnHero({ firstName }: { firstName: string }) {
  return (
    <section aria-labelledby="learn-hero-title" className="relative overflow-hidden border-b">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-linear-to-b from-primary/10 to-transparent"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-14 text-center sm:px-6 sm:py-20 lg:px-8">
        <Badge variant="secondary" className="mb-5">
          Learning Center · Free for every account
        </Badge>
        <h1 id="learn-hero-title" className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">
          Learn to read the chart before you trade it
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">
          Welcome, {firstName}. Five modules take you from what a pip is to reading market structure the way
          Smart Money Concepts traders do, with worked numbers, quizzes, a position-size calculator and
          practice charts graded by the same engine that analyses your screenshots.
        </p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Button asChild size="lg">
            <Link href="/home">
              <LineChart aria-hidden="true" />
              Start Free Analysis
            </Link>
          </Button>
          <Button size="lg" variant="outline" onClick={() => scrollToSection(LEARNING_MODULES_ID)}>
            <BookOpen aria-hidden="true" />
            Start Learning Now
          </Button>
        </div>
      </div>
    </section>
  );
}
