import {
  BookOpenCheck,
  Calculator,
  ChartCandlestick,
  ListChecks,
  MousePointerClick,
  TrendingUp,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface Feature {
  readonly icon: LucideIcon;
  readonly title: string;
  readonly text: string;
}

// What the Learning Center actually contains: every card describes something on this page.
const FEATURES: readonly Feature[] = [
  {
    icon: BookOpenCheck,
    title: 'Structured lessons',
    text: 'Five modules from Quick Start to Smart Money Concepts, each lesson with an overview, key points and practical tips.',
  },
  {
    icon: ChartCandlestick,
    title: 'Illustrated candle by candle',
    text: 'Diagrams drawn from price data: candle anatomy, support and resistance, BOS and CHoCH, order blocks, gaps and sweeps.',
  },
  {
    icon: ListChecks,
    title: 'Quizzes with explanations',
    text: 'Every module ends with a short quiz. Each answer is explained, retakes are unlimited and your best score is kept.',
  },
  {
    icon: Calculator,
    title: 'Position-size calculator',
    text: 'The same sizing code as your trade plans: account, risk %, entry and stop in, lot size and risk in dollars out.',
  },
  {
    icon: MousePointerClick,
    title: 'Practice on charts',
    text: 'Click the order block, the gap, the break or the sweep; the analysis engine checks your answer on the same candles.',
  },
  {
    icon: TrendingUp,
    title: 'Track your progress',
    text: 'Mark lessons complete and see your quiz scores on every module as you work through the course.',
  },
];

export function LearnFeatures() {
  return (
    <section aria-labelledby="learn-features-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
      <h2 id="learn-features-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Everything here is free
      </h2>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        No paid tier, no upsell inside the lessons. What you see is what every account gets.
      </p>
      <ul className="mt-8 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full">
              <CardHeader>
                <div className="flex items-center justify-between gap-3">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-primary/15 text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <Badge variant="bullish">Free</Badge>
                </div>
                <CardTitle className="mt-3">{title}</CardTitle>
              </CardHeader>
              <CardContent>
                <CardDescription>{text}</CardDescription>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
