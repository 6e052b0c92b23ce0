import { ArrowUpRight, CheckCircle2, ShieldAlert, Target } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SampleBadge } from '@/components/sample-badge';

// Illustrative figures only (labelled on screen). They are mutually consistent: a 20-pip stop
// on EURUSD risking $200 of $10,000 is 1.00 standard lot; TP1 at 40 pips = 1:2.0.
const TIMEFRAMES = [
  { tf: '5m', bias: 'Bullish', strength: 7, confluences: 3 },
  { tf: '15m', bias: 'Bullish', strength: 8, confluences: 4 },
  { tf: '4h', bias: 'Neutral', strength: 5, confluences: 2 },
] as const;

const LEVELS = [
  { label: 'Entry', value: '1.08450', icon: Target, tone: 'text-sky-300' },
  { label: 'Stop Loss', value: '1.08250', icon: ShieldAlert, tone: 'text-bearish' },
  { label: 'Take Profit 1', value: '1.08850', icon: ArrowUpRight, tone: 'text-bullish' },
  { label: 'Take Profit 2', value: '1.09150', icon: ArrowUpRight, tone: 'text-bullish' },
] as const;

export function DashboardPreview() {
  return (
    <section id="dashboard-preview" aria-labelledby="preview-heading" className="border-y bg-card/30">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="preview-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            What an analysis looks like
          </h2>
          <p className="mt-4 text-muted-foreground">
            A preview of the analysis dashboard. The figures below are sample data for illustration, not a
            real trade or a measured result.
          </p>
        </div>
        <Card className="mx-auto mt-10 max-w-5xl overflow-hidden">
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 border-b">
            <div>
              <CardTitle>EURUSD Multi-timeframe Confluence</CardTitle>
              <p className="text-sm text-muted-foreground">Long setup from three screenshots</p>
            </div>
            <div className="flex items-center gap-2">
              <SampleBadge />
              <Badge variant="bullish">76% confidence</Badge>
            </div>
          </CardHeader>
          <CardContent className="grid gap-6 p-6 lg:grid-cols-5">
            <div className="grid gap-3 lg:col-span-2">
              {TIMEFRAMES.map((t) => (
                <div
                  key={t.tf}
                  className="flex items-center justify-between rounded-lg border bg-background/50 p-3"
                >
                  <div className="flex items-center gap-3">
                    <span className="w-10 font-mono text-sm font-semibold">{t.tf}</span>
                    <Badge variant={t.bias === 'Bullish' ? 'bullish' : 'neutral'}>{t.bias}</Badge>
                  </div>
                  <div className="text-right text-xs text-muted-foreground">
                    <div>
                      Strength <span className="font-semibold text-foreground">{t.strength}/10</span>
                    </div>
                    <div>{t.confluences} confluences</div>
                  </div>
                </div>
              ))}
            </div>
            <div className="grid gap-4 lg:col-span-3">
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {LEVELS.map(({ label, value, icon: Icon, tone }) => (
                  <div key={label} className="rounded-lg border bg-background/50 p-3">
                    <dt className="flex items-center gap-1 text-xs text-muted-foreground">
                      <Icon className={`size-3.5 ${tone}`} aria-hidden="true" />
                      {label}
                    </dt>
                    <dd className="mt-1 font-mono text-sm font-semibold">{value}</dd>
                  </div>
                ))}
              </dl>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {[
                  ['Risk-Reward', '1:2.0'],
                  ['Risk', '2% ($200)'],
                  ['Lot Size', '1.00 lots'],
                  ['Profit at TP1', '$400'],
                ].map(([label, value]) => (
                  <div key={label} className="rounded-lg bg-muted/60 p-3">
                    <dt className="text-xs text-muted-foreground">{label}</dt>
                    <dd className="mt-1 text-sm font-semibold">{value}</dd>
                  </div>
                ))}
              </dl>
              <ul className="grid gap-2 text-sm text-muted-foreground sm:grid-cols-2">
                {[
                  '15m bullish order block holding',
                  'Price above the 50 EMA on 5m and 15m',
                  'Bullish RSI divergence on 5m',
                  'Unfilled fair value gap below entry',
                ].map((c) => (
                  <li key={c} className="flex items-start gap-2">
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {c}
                  </li>
                ))}
              </ul>
            </div>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
