import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

// Four concepts a trader looks up most while reading a plan; each links back to its lesson.
const CONCEPTS = [
  {
    title: 'Pip value',
    formula: 'EURUSD: 0.0001 x 100,000 = $10 per lot',
    text: 'USDJPY pip is 0.01: 1,000 yen per lot, about $6.67 at 150.00.',
  },
  {
    title: 'Position size',
    formula: 'Lots = risk $ / (stop pips x pip value)',
    text: '$10,000 at 1% with a 25-pip EURUSD stop: $100 / $250 = 0.40 lots.',
  },
  {
    title: 'BOS vs CHoCH',
    formula: 'BOS continues, CHoCH reverses',
    text: 'Both need a candle close beyond the last swing; a wick that closes back inside is a sweep.',
  },
  {
    title: 'Order block & FVG',
    formula: 'Last opposing candle · 3-candle gap',
    text: 'Zones where a structure-breaking move began or left untraded space; watch them on a return.',
  },
] as const;

export function QuickReference() {
  return (
    <section aria-labelledby="quick-ref-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
      <h2 id="quick-ref-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Quick reference
      </h2>
      <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CONCEPTS.map((c) => (
          <li key={c.title}>
            <Card className="h-full">
              <CardHeader className="pb-3">
                <CardTitle className="text-base">{c.title}</CardTitle>
                <p className="font-mono text-xs text-primary">{c.formula}</p>
              </CardHeader>
              <CardContent className="text-sm text-muted-foreground">{c.text}</CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
