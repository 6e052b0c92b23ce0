import type * as React from 'react';
import {
  AlertTriangle,
  CheckCircle2,
  Eye,
  Info,
  Newspaper,
  ShieldAlert,
  Target,
  TrendingDown,
  TrendingUp,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import type {
  AnalysisResultDto,
  SetupToWatchDto,
  TimeframeResultDto,
  TradePlanDto,
} from '../../../../../contracts/analysis';
import {
  SLOT_TITLES,
  formatLots,
  formatPercent,
  formatPrice,
  formatRiskReward,
  formatUnits,
  formatUsd,
} from '../format';
import { NO_TRADE_TITLE } from '../result-headline';
import { PanelTitle } from './panel-title';
import { WarningList } from './warning-list';

const CONFLUENCE_NAMES: Record<string, string> = {
  bosChoch: 'BOS / CHoCH',
  orderBlock: 'Order Block',
  fvg: 'Fair Value Gap',
  liquiditySweep: 'Liquidity Sweep',
  wickRejection: 'Wick Rejection',
  premiumDiscount: 'Premium / Discount',
  htfStructure: 'Higher-Timeframe Structure',
  majorSupport: 'Major Support / Resistance',
  trendLine: 'Trend Line',
};

const biasVariant = (bias: string) =>
  bias === 'Bullish' ? 'bullish' : bias === 'Bearish' ? 'bearish' : ('neutral' as const);

/** "Analysis Complete" with its three checks (SPEC 2). */
export function AnalysisCompletePanel({ result }: { result: AnalysisResultDto }) {
  const fromData = result.timeframes.filter((t) => t.chart.source === 'data').map((t) => t.timeframe);
  const checks = [
    fromData.length === 3 ? 'Chart Data Loaded' : 'Image Processing',
    'Confluence Detection',
    'Risk Assessment',
  ];
  return (
    <Card className="border-primary/40 bg-primary/5" data-testid="analysis-complete">
      <CardHeader className="pb-3">
        <PanelTitle className="flex flex-wrap items-center gap-2">
          <CheckCircle2 className="size-5 text-primary" aria-hidden="true" />
          Analysis Complete
          <Badge variant="outline" className="text-sm" data-testid="result-symbol">
            {result.symbol}
          </Badge>
          {!result.instrument.known && <Badge variant="warning">Unknown instrument</Badge>}
        </PanelTitle>
        <CardDescription>{result.instrument.name}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ul className="grid gap-2 sm:grid-cols-3">
          {checks.map((check) => (
            <li key={check} className="flex items-center gap-2 text-sm">
              <CheckCircle2 className="size-4 text-primary" aria-hidden="true" />
              {check}
            </li>
          ))}
        </ul>
        {fromData.length > 0 && (
          <p className="text-sm text-muted-foreground" data-testid="data-sources">
            The {fromData.join(' and ')} chart{fromData.length > 1 ? 's' : ''} came from{' '}
            {fromData.length > 1 ? 'their' : 'its'} data export: exact prices, no reading.
          </p>
        )}
        <WarningList warnings={result.warnings} />
      </CardContent>
    </Card>
  );
}

/** One card per timeframe: bias, strength /10, confluences, EMA, RSI divergence. */
export function TimeframeCard({ tf, precision }: { tf: TimeframeResultDto; precision: number }) {
  const confluences = Object.entries(tf.confluences).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length > 0,
  );
  const strengthPct = Math.max(0, Math.min(100, tf.strength * 10));
  const ema = tf.ema;
  return (
    <Card data-testid={`timeframe-${tf.timeframe}`}>
      <CardHeader className="pb-3">
        <div className="flex items-center justify-between gap-2">
          <PanelTitle>{SLOT_TITLES[tf.timeframe]}</PanelTitle>
          <Badge variant={biasVariant(tf.bias)}>
            {tf.bias === 'Bullish' ? (
              <TrendingUp className="size-3" aria-hidden="true" />
            ) : tf.bias === 'Bearish' ? (
              <TrendingDown className="size-3" aria-hidden="true" />
            ) : null}
            {tf.bias}
          </Badge>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <div>
          <div className="mb-1 flex justify-between">
            <span className="text-muted-foreground">Strength</span>
            <span className="font-semibold">{tf.strength.toFixed(1)}/10</span>
          </div>
          <div
            className="h-2 overflow-hidden rounded-full bg-muted"
            role="meter"
            aria-label={`${SLOT_TITLES[tf.timeframe]} strength`}
            aria-valuemin={0}
            aria-valuemax={10}
            aria-valuenow={tf.strength}
          >
            <div
              className={cn('h-full rounded-full', tf.bias === 'Bearish' ? 'bg-bearish' : 'bg-bullish')}
              style={{ width: `${strengthPct}%` }}
            />
          </div>
        </div>
        <div>
          <p className="mb-1 font-medium">
            {confluences.length} {confluences.length === 1 ? 'confluence' : 'confluences'}
          </p>
          {confluences.length > 0 ? (
            <ul className="grid gap-1.5">
              {confluences.map(([key, text]) => (
                <li key={key} className="rounded-md bg-muted/60 px-2 py-1.5">
                  <span className="font-medium">{CONFLUENCE_NAMES[key] ?? key}:</span>{' '}
                  <span className="text-muted-foreground">{text}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">No confluences on this timeframe.</p>
          )}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">EMA trend</dt>
          <dd>
            {ema.trend} (price {ema.position} the EMAs)
          </dd>
          {ema.ema20 !== undefined && (
            <>
              <dt className="text-muted-foreground">EMA 20 / 50</dt>
              <dd>
                {formatPrice(ema.ema20, precision)}
                {ema.ema50 !== undefined && ` / ${formatPrice(ema.ema50, precision)}`}
              </dd>
            </>
          )}
          {ema.ema200 !== undefined && (
            <>
              <dt className="text-muted-foreground">EMA 200</dt>
              <dd>{formatPrice(ema.ema200, precision)}</dd>
            </>
          )}
          {ema.support && (
            <>
              <dt className="text-muted-foreground">EMA support</dt>
              <dd>{ema.support}</dd>
            </>
          )}
          <dt className="text-muted-foreground">RSI</dt>
          <dd>{tf.rsi.divergence}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}

function Field({
  label,
  value,
  hint,
  tone,
}: {
  label: React.ReactNode;
  value: React.ReactNode;
  hint?: string;
  tone?: 'bull' | 'bear';
}) {
  return (
    <div className="rounded-md bg-muted/50 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd
        className={cn(
          'mt-0.5 font-mono text-base font-semibold',
          tone === 'bull' && 'text-bullish',
          tone === 'bear' && 'text-bearish',
        )}
      >
        {value}
      </dd>
      {/* A second <dd> of the same term: a <dl> group may hold only <dt> and <dd>. */}
      {hint && <dd className="mt-0.5 text-xs text-muted-foreground">{hint}</dd>}
    </div>
  );
}

const RISK_REWARD_TOOLTIP = 'The ratio of potential loss to potential profit. Higher is better.';

type CurrentPriceDto = AnalysisResultDto['currentPrice'];

/** "Current price 1.09959 (last 5m close)": what every level on the card is read against. */
function CurrentPriceNote({ current }: { current: CurrentPriceDto }) {
  return (
    <p className="text-sm text-muted-foreground" data-testid="current-price">
      Current price <span className="font-mono font-semibold text-foreground">{current.formatted}</span> (last{' '}
      {current.timeframe} close)
    </p>
  );
}

/** The Trade Idea card (SPEC 2), every field, in the instrument's precision. */
export function TradeIdeaCard({
  plan,
  current,
  action,
}: {
  plan: TradePlanDto;
  current: CurrentPriceDto;
  action?: React.ReactNode;
}) {
  const long = plan.direction === 'LONG';
  return (
    <Card className="border-primary/40" data-testid="trade-idea">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <PanelTitle className="flex items-center gap-2">
              <Target className="size-5 text-primary" aria-hidden="true" />
              {plan.symbol} Multi-timeframe Confluence
            </PanelTitle>
            <CardDescription className="mt-1 flex items-center gap-2">
              <Badge variant={long ? 'bullish' : 'bearish'}>{plan.direction}</Badge>
              {plan.entryType === 'limit' ? 'Limit order at the entry' : 'Price is at the entry now'}
            </CardDescription>
          </div>
          <Badge className="text-sm" aria-label={`Confidence ${plan.confidence}%`}>
            {plan.confidence}% confidence
          </Badge>
        </div>
        <CurrentPriceNote current={current} />
        {/* e.g. the journal's one-click "Add to Journal" (features/journal). */}
        {action ? <div className="mt-2">{action}</div> : null}
      </CardHeader>
      <CardContent className="grid gap-5 text-sm">
        <dl className="grid grid-cols-2 gap-2 md:grid-cols-4">
          <Field label="Entry" value={plan.formatted.entry} />
          <Field label="Stop Loss" value={plan.formatted.stopLoss} tone="bear" />
          <Field
            label="Take Profit 1"
            value={plan.formatted.takeProfit1}
            tone="bull"
            hint={plan.targetNotes.takeProfit1}
          />
          <Field
            label="Take Profit 2"
            value={plan.formatted.takeProfit2 ?? 'None'}
            tone={plan.formatted.takeProfit2 ? 'bull' : undefined}
            hint={plan.targetNotes.takeProfit2}
          />
        </dl>

        <dl className="grid grid-cols-2 gap-2 md:grid-cols-3">
          <Field
            label={
              <span className="inline-flex items-center gap-1">
                Risk-Reward Ratio
                <Tooltip>
                  <TooltipTrigger asChild>
                    <button
                      type="button"
                      className="rounded-full text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      aria-label={`About the risk-reward ratio: ${RISK_REWARD_TOOLTIP}`}
                    >
                      <Info className="size-3.5" aria-hidden="true" />
                    </button>
                  </TooltipTrigger>
                  <TooltipContent>{RISK_REWARD_TOOLTIP}</TooltipContent>
                </Tooltip>
              </span>
            }
            value={formatRiskReward(plan.riskRewardRatio)}
            hint={
              plan.riskRewardRatioTp2 === null
                ? 'No Take Profit 2'
                : `${formatRiskReward(plan.riskRewardRatioTp2)} to Take Profit 2`
            }
          />
          <Field label="Risk Percentage" value={formatPercent(plan.riskPercent)} />
          <Field label="Risk Amount" value={formatUsd(plan.riskAmount)} />
          <Field label="Potential Loss" value={formatUsd(plan.potentialLoss)} tone="bear" />
          <Field label="Potential Profit (TP1)" value={formatUsd(plan.potentialProfitTp1)} tone="bull" />
          <Field
            label="Potential Profit (TP2)"
            value={plan.potentialProfitTp2 === null ? 'None' : formatUsd(plan.potentialProfitTp2)}
            tone={plan.potentialProfitTp2 === null ? undefined : 'bull'}
          />
        </dl>

        <section aria-labelledby="position-sizing" className="grid gap-2">
          <h3 id="position-sizing" className="font-semibold">
            Position Sizing
          </h3>
          <dl className="grid grid-cols-2 gap-2 md:grid-cols-3">
            <Field
              label="Lot Size"
              value={formatLots(plan.lotSize)}
              hint={`${formatUnits(plan.units)} units`}
            />
            <Field label="Position Value" value={formatUsd(plan.positionValue)} hint="USD" />
            <Field
              label="Stop Distance"
              value={`${plan.stopPips.toFixed(1)} pips`}
              hint={`$${plan.pipValue.toFixed(2)} per pip`}
            />
          </dl>
          {plan.sizingApproximate && (
            <p className="flex gap-2 text-xs text-warning">
              <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
              The USD figures use a reference exchange rate
              {plan.ratesAsOf ? ` (as of ${plan.ratesAsOf})` : ''}: treat them as estimates and check the size
              on your platform.
            </p>
          )}
        </section>

        <section aria-labelledby="recommended-strategy" className="grid gap-2">
          <h3 id="recommended-strategy" className="font-semibold">
            Recommended Strategy
          </h3>
          <div className="grid gap-2 md:grid-cols-2">
            <div className="rounded-md border p-3">
              <p className="mb-1 font-medium">Entry Strategy</p>
              <p className="text-muted-foreground">{plan.strategy}</p>
            </div>
            <div className="rounded-md border p-3">
              <p className="mb-1 font-medium">Trade Management</p>
              <p className="text-muted-foreground">{plan.tradeManagement}</p>
            </div>
          </div>
        </section>

        <section
          aria-labelledby="invalidation"
          className="rounded-md border border-destructive/40 bg-destructive/10 p-3"
        >
          <h3 id="invalidation" className="mb-2 flex items-center gap-2 font-semibold">
            <ShieldAlert className="size-4 text-bearish" aria-hidden="true" />
            Trade Invalidation - Exit Immediately If:
          </h3>
          <ul className="grid list-disc gap-1 pl-5">
            {plan.invalidation.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>

        {plan.newsWatchPoints && plan.newsWatchPoints.length > 0 && (
          <section
            aria-labelledby="news-events"
            className="rounded-md border border-warning/40 bg-warning/10 p-3"
          >
            <h3 id="news-events" className="mb-2 flex items-center gap-2 font-semibold">
              <Newspaper className="size-4 text-warning" aria-hidden="true" />
              News Events to Monitor
            </h3>
            <ul className="grid list-disc gap-1 pl-5">
              {plan.newsWatchPoints.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="mt-2 text-xs text-warning">
              High-impact news can cause sudden reversals and slippage past your stop: reduce size or stay out
              around the release.
            </p>
          </section>
        )}

        {(plan.strategyFor15m || plan.strategyFor5m) && (
          <section aria-labelledby="tf-strategies" className="grid gap-2">
            <h3 id="tf-strategies" className="font-semibold">
              Timeframe-Specific Strategies
            </h3>
            <div className="grid gap-2 md:grid-cols-2">
              {plan.strategyFor15m && (
                <div className="rounded-md border p-3">
                  <p className="mb-1 font-medium">15-Minute Strategy (Recommended)</p>
                  <p className="text-muted-foreground">{plan.strategyFor15m}</p>
                </div>
              )}
              {plan.strategyFor5m && (
                <div className="rounded-md border p-3">
                  <p className="mb-1 font-medium">5-Minute Strategy (Advanced)</p>
                  <p className="text-muted-foreground">{plan.strategyFor5m}</p>
                </div>
              )}
            </div>
          </section>
        )}
      </CardContent>
    </Card>
  );
}

export function NoTradeCard({ reason, current }: { reason: string; current: CurrentPriceDto }) {
  return (
    <Card className="border-warning/40" data-testid="no-trade">
      <CardHeader>
        <PanelTitle className="flex items-center gap-2">
          <AlertTriangle className="size-5 text-warning" aria-hidden="true" />
          {NO_TRADE_TITLE}
        </PanelTitle>
        <CurrentPriceNote current={current} />
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        <p>{reason}</p>
      </CardContent>
    </Card>
  );
}

/**
 * A conditional plan, shown only without a trade: marked "Not a trade now" in its title, badge
 * and summary, with the trigger first, the levels it would have, and when it stops being valid.
 */
export function SetupToWatchCard({ watch, symbol }: { watch: SetupToWatchDto; symbol: string }) {
  const long = watch.direction === 'LONG';
  return (
    <Card className="border-dashed border-sky-400/60" data-testid="setup-to-watch">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <PanelTitle className="flex items-center gap-2">
            <Eye className="size-5 text-sky-400" aria-hidden="true" />
            Setup to watch: {symbol} {long ? 'long' : 'short'}
          </PanelTitle>
          <Badge variant="warning">Not a trade now</Badge>
        </div>
        <CardDescription>
          {watch.waitingFor === 'zone'
            ? 'Price has not reached the zone yet. Act only if the trigger below happens.'
            : 'Price is in the zone, but the 5-minute chart has not turned yet. Act only if the trigger below happens.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <div className="rounded-md border border-sky-400/40 bg-sky-400/10 p-3">
          <p className="text-xs text-muted-foreground">Trigger to wait for</p>
          <p className="font-semibold" data-testid="watch-trigger">
            {watch.trigger}
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-2 md:grid-cols-4">
          <Field label="Entry if triggered" value={watch.formatted.entry} />
          <Field label="Stop Loss" value={watch.formatted.stopLoss} tone="bear" />
          <Field
            label="Take Profit 1"
            value={watch.formatted.takeProfit1}
            tone="bull"
            hint={formatRiskReward(watch.riskRewardRatio)}
          />
          <Field
            label="Take Profit 2"
            value={watch.formatted.takeProfit2 ?? 'None'}
            tone={watch.formatted.takeProfit2 ? 'bull' : undefined}
            hint={watch.riskRewardRatioTp2 === null ? undefined : formatRiskReward(watch.riskRewardRatioTp2)}
          />
        </dl>
        <p className="text-muted-foreground">{watch.summary}</p>
        <section aria-labelledby="watch-invalid" className="rounded-md border p-3">
          <h3 id="watch-invalid" className="mb-2 font-semibold">
            No longer a setup if:
          </h3>
          <ul className="grid list-disc gap-1 pl-5">
            {watch.invalidIf.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <p className="text-xs text-muted-foreground">
          Confidence once triggered: {watch.confidenceIfTriggered}%. Upload fresh charts when the trigger
          prints to get a sized trade plan.
        </p>
      </CardContent>
    </Card>
  );
}

const LEVEL_GROUPS = [
  ['majorSupport', 'Major Support'],
  ['majorResistance', 'Major Resistance'],
  ['weeklyLevels', 'Weekly Levels'],
  ['monthlyLevels', 'Monthly Levels'],
] as const;

/** Key Price Levels, only the groups present (SPEC 2). */
export function KeyLevelsPanel({ levels }: { levels: AnalysisResultDto['keyLevels'] }) {
  const groups = LEVEL_GROUPS.filter(([key]) => (levels[key]?.length ?? 0) > 0);
  if (groups.length === 0) return null;
  return (
    <Card data-testid="key-levels">
      <CardHeader className="pb-3">
        <PanelTitle>Key Price Levels</PanelTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {groups.map(([key, title]) => (
          <div key={key}>
            <h3 className="mb-1 text-sm font-semibold">{title}</h3>
            <ul className="grid gap-1 font-mono text-sm text-muted-foreground">
              {levels[key]!.map((level) => (
                <li key={level}>{level}</li>
              ))}
            </ul>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

/**
 * What the confidence is made of (DECISIONS.md: the UI can show it). The parts are whole points
 * and the total is their exact sum: the number shown is the number the gate compared.
 * `trackRecord` is where measured results for plans of this confidence bucket
 * (confidence.bucket, e.g. the backtest's) are shown.
 */
export function ConfidenceBreakdown({
  confidence,
  trackRecord,
}: {
  confidence: AnalysisResultDto['confidence'];
  trackRecord?: React.ReactNode;
}) {
  return (
    <Card data-testid="confidence-breakdown">
      <CardHeader className="pb-3">
        <PanelTitle>Confidence Breakdown</PanelTitle>
        <CardDescription>
          {confidence.score}% in total (the sum of the parts below); a trade needs {confidence.threshold}% or
          more.
        </CardDescription>
        {trackRecord ? <div data-slot="confidence-track-record">{trackRecord}</div> : null}
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {confidence.parts.map((part) => {
            const share = part.max > 0 ? Math.max(0, Math.min(100, (part.points / part.max) * 100)) : 0;
            return (
              <li key={part.key} className="grid gap-1">
                <div className="flex justify-between gap-2">
                  <span className="font-medium">{part.label}</span>
                  <span className={cn('font-mono', part.points < 0 && 'text-bearish')}>
                    {part.points > 0 ? '+' : ''}
                    {part.points}
                    {part.max > 0 ? ` / ${part.max}` : ''}
                  </span>
                </div>
                {part.max > 0 && (
                  <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                    <div className="h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
                  </div>
                )}
                <p className="text-xs text-muted-foreground">{part.detail}</p>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
