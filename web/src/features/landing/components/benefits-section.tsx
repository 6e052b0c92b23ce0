import { Cpu, Gift, Repeat, Scale } from 'lucide-react';

// Claims here are properties of the product's design, not measured statistics.
const BENEFITS = [
  {
    icon: Cpu,
    title: 'Computed, not guessed',
    text: 'Every price comes from your chart: the candles and axis are read, then analysed by documented rules.',
  },
  {
    icon: Repeat,
    title: 'Same charts, same plan',
    text: 'The analysis is deterministic. Upload the same screenshots and you get the same result.',
  },
  {
    icon: Scale,
    title: 'Position size done right',
    text: 'Lots are sized per instrument (FX, gold, silver, JPY pairs) from your account and risk.',
  },
  {
    icon: Gift,
    title: 'Free to start',
    text: 'Free, no credit card, quick registration. Sign in with a one-time code, no password.',
  },
] as const;

export function BenefitsSection() {
  return (
    <section aria-labelledby="benefits-heading" className="border-y bg-card/30">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="benefits-heading" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
          Why traders use Chart-to-Plan
        </h2>
        <ul className="mt-12 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-background/60 p-6">
              <Icon className="size-8 text-primary" aria-hidden="true" />
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
