import { ArrowDownRight, ArrowUpRight, CheckCircle2, ShieldAlert, Target } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatUsd, LANDING_SAMPLE } from '../sample';

/** How many of the confidence score's strongest reasons the preview lists. */
const REASONS_SHOWN = 4;

const biasVariant = (bias: string) =>
  bias === 'Bullish' ? 'bullish' : bias === 'Bearish' ? 'bearish' : ('neutral' as const);

export function DashboardPreview() {
  const { symbol, tradePlan: plan, confidence, timeframes, account } = LANDING_SAMPLE;
  const long = plan.direction === 'LONG';
  const TargetIcon = long ? ArrowUpRight : ArrowDownRight;
  const levels = [
    { label: 'Entry', value: plan.formatted.entry, icon: Target, tone: 'text-sky-300' },
    { label: 'Stop Loss', value: plan.formatted.stopLoss, icon: ShieldAlert, tone: 'text-bearish' },
    { label: 'Take Profit 1', value: plan.formatted.takeProfit1, icon: TargetIcon, tone: 'text-bullish' },
    {
      label: 'Take Profit 2',
      value: plan.formatted.takeProfit2 ?? 'None',
      icon: TargetIcon,
      tone: 'text-bullish',
    },
  ];
  const reasons = [...confidence.parts]
    .filter((p) => p.points > 0)
    .sort((a, b) => b.points - a.points)
    .slice(0, REASONS_SHOWN);
  return (
    <section id="dashboard-preview" aria-labelledby="preview-heading" className="border-y bg-card/30">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="preview-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            What an analysis looks like
          </h2>
          <p className="mt-4 text-muted-foreground">
            A real result: the app’s analysis of three {symbol} test charts (5m, 15m, 4h) that our chart
            generator drew from synthetic prices, sized for a {formatUsd(account)} account risking{' '}
            {plan.riskPercent}%.
          </p>
        </div>
        <Card className="mx-auto mt-10 max-w-5xl overflow-hidden">
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 border-b">
            <div>
              <CardTitle>{symbol} Multi-timeframe Confluence</CardTitle>
              <p className="text-sm text-muted-foreground">
                {long ? 'Long' : 'Short'} {plan.entryType} setup from three screenshots
              </p>
            </div>
            <div className="flex items-center gap-2">
              <Badge variant="secondary">Real output · test charts</Badge>
              <Badge variant={long ? 'bullish' : 'bearish'}>{confidence.score}% confidence</Badge>
            </div>
          </CardHeader>
          <CardContent className="grid gap-6 p-6 lg:grid-cols-5">
            <div className="grid gap-3 lg:col-span-2">
              {timeframes.map((t) => (
                <div
                  key={t.timeframe}
                  className="flex items-center justify-between rounded-lg border bg-background/50 p-3"
                >
                  <div className="flex items-center gap-3">
                    <span className="w-10 font-mono text-sm font-semibold">{t.timeframe}</span>
                    <Badge variant={biasVariant(t.bias)}>{t.bias}</Badge>
                  </div>
                  <div className="text-right text-xs text-muted-foreground">
                    <div>
                      Strength <span className="font-semibold text-foreground">{t.strength}/10</span>
                    </div>
                    <div>{Object.keys(t.confluences).length} confluences</div>
                  </div>
                </div>
              ))}
            </div>
            <div className="grid gap-4 lg:col-span-3">
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {levels.map(({ label, value, icon: Icon, tone }) => (
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
                  ['Risk-Reward', `1:${plan.riskRewardRatio.toFixed(1)}`],
                  ['Risk', `${plan.riskPercent}% (${formatUsd(plan.riskAmount)})`],
                  ['Lot Size', `${plan.lotSize.toFixed(2)} lots`],
                  ['Profit at TP1', formatUsd(plan.potentialProfitTp1)],
                ].map(([label, value]) => (
                  <div key={label} className="rounded-lg bg-muted/60 p-3">
                    <dt className="text-xs text-muted-foreground">{label}</dt>
                    <dd className="mt-1 text-sm font-semibold">{value}</dd>
                  </div>
                ))}
              </dl>
              <ul
                className="grid gap-2 text-sm text-muted-foreground sm:grid-cols-2"
                aria-label="Why this plan"
              >
                {reasons.map((r) => (
                  <li key={r.key} className="flex items-start gap-2">
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    <span>
                      <span className="font-medium text-foreground">{r.label}:</span> {r.detail}
                    </span>
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
