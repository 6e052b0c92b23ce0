import { Badge } from '@/components/ui/badge';
import { AnnotatedChart, type OverlayLayer } from '@/features/dashboard';
import { formatUsd, LANDING_SAMPLE, SAMPLE_15M_IMAGE, SAMPLE_SOURCE_NOTE } from '../sample';

/** The hero draws what a trader first looks at: the zones, the structure breaks and the plan. */
const HERO_LAYERS: Record<OverlayLayer, boolean> = {
  candles: false,
  orderBlocks: true,
  fvgs: true,
  liquidity: false,
  structure: true,
  plan: true,
  price: true,
};

/**
 * The hero's picture: a screenshot with the app's own analysis drawn on it and the plan it
 * built, exactly as the dashboard shows them (the same chart component, a real result).
 */
export function HeroAnalysis({ className }: { className?: string }) {
  const { symbol, tradePlan: plan, confidence, chart15m, account } = LANDING_SAMPLE;
  const long = plan.direction === 'LONG';
  const levels = [
    ['Entry', plan.formatted.entry, 'text-sky-300'],
    ['Stop loss', plan.formatted.stopLoss, 'text-bearish'],
    ['Take profit 1', plan.formatted.takeProfit1, 'text-bullish'],
    ['Risk : reward', `1:${plan.riskRewardRatio.toFixed(1)}`, 'text-foreground'],
  ] as const;
  return (
    <figure className={className} aria-labelledby="hero-analysis-caption">
      <div className="overflow-hidden rounded-2xl border bg-card shadow-2xl shadow-primary/10">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b px-4 py-3">
          <div className="flex items-center gap-2">
            <span className="font-semibold">{symbol}</span>
            <Badge variant={long ? 'bullish' : 'bearish'}>
              {long ? 'Buy' : 'Sell'} {plan.entryType}
            </Badge>
          </div>
          <span className="text-sm text-muted-foreground">
            Confidence <span className="font-semibold text-foreground">{confidence.score}%</span>
          </span>
        </div>
        <div className="p-3">
          <AnnotatedChart tf={chart15m} src={SAMPLE_15M_IMAGE} visible={HERO_LAYERS} />
        </div>
        <dl className="grid grid-cols-2 gap-px border-t bg-border sm:grid-cols-4">
          {levels.map(([label, value, tone]) => (
            <div key={label} className="bg-card px-4 py-3">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className={`mt-0.5 font-mono text-sm font-semibold ${tone}`}>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="border-t px-4 py-3 text-sm text-muted-foreground">
          <span className="font-semibold text-foreground">{plan.lotSize.toFixed(2)} lots</span> risks{' '}
          {formatUsd(plan.riskAmount)} ({plan.riskPercent}% of {formatUsd(account)}); TP1 pays{' '}
          {formatUsd(plan.potentialProfitTp1)}.
        </p>
      </div>
      <figcaption id="hero-analysis-caption" className="mt-3 text-center text-xs text-muted-foreground">
        {SAMPLE_SOURCE_NOTE}
      </figcaption>
    </figure>
  );
}
