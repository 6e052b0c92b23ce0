import { Quote } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { SampleBadge } from '@/components/sample-badge';

// DECISIONS.md: testimonials are shown as clearly labelled examples, not as real people's
// words. The names are invented and say so.
const EXAMPLES = [
  {
    name: 'Example: Maria, learner',
    quote: 'Seeing the order block and the fair value gap marked on my own chart made the lessons click.',
  },
  {
    name: 'Example: James, intermediate',
    quote:
      'The position size is the part I used to get wrong. Now the lot size matches my risk before I enter.',
  },
  {
    name: 'Example: Aisha, expert',
    quote: 'I use it as a second opinion on my 4h bias and keep every plan in the journal to review my week.',
  },
] as const;

export function TestimonialsSection() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-heading" className="border-y bg-card/30">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="testimonials-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            How traders could use it
          </h2>
          <p className="mt-4 text-muted-foreground">
            Example testimonials: illustrations of typical use, not quotes from real customers.
          </p>
        </div>
        <ul className="mt-12 grid grid-cols-1 gap-6 md:grid-cols-3">
          {EXAMPLES.map((t) => (
            <li key={t.name}>
              <Card className="h-full">
                <CardContent className="flex h-full flex-col gap-4 p-6">
                  <div className="flex items-center justify-between">
                    <Quote className="size-6 text-primary" aria-hidden="true" />
                    <SampleBadge label="Example" />
                  </div>
                  <blockquote className="flex-1 text-sm leading-relaxed">&ldquo;{t.quote}&rdquo;</blockquote>
                  <p className="text-sm font-semibold text-muted-foreground">{t.name}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
