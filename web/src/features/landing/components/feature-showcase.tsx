import type * as React from 'react';
import { BookOpen, Calculator, Layers, LineChart, Rocket, Target } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SampleBadge } from '@/components/sample-badge';

// SPEC 1: six showcase cards whose figures are illustrative sample data. The numbers agree
// with each other and with the dashboard preview (EURUSD, 20-pip stop, $10,000 account).

function FeatureCard({
  icon: Icon,
  title,
  description,
  sample = true,
  children,
}: {
  icon: typeof Layers;
  title: string;
  description: string;
  sample?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Card className="flex flex-col" data-testid="feature-card">
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <span className="flex size-10 items-center justify-center rounded-lg bg-primary/15 text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          {sample ? <SampleBadge /> : null}
        </div>
        <CardTitle className="mt-2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto">{children}</CardContent>
    </Card>
  );
}

function Row({ label, value, tone }: { label: string; value: React.ReactNode; tone?: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={`font-mono font-semibold ${tone ?? ''}`}>{value}</dd>
    </div>
  );
}

export function FeatureShowcase({ onGetStarted }: { onGetStarted: () => void }) {
  return (
    <section id="features" aria-labelledby="features-heading">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Everything from chart to plan
          </h2>
          <p className="mt-4 text-muted-foreground">
            Multi-timeframe analysis, a complete trade setup, risk management, learning and a trade journal in
            one place. Figures on these cards are examples.
          </p>
        </div>
        <div
          className="mt-12 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3"
          data-testid="feature-grid"
        >
          <FeatureCard
            icon={Layers}
            title="Multi-Timeframe Analysis"
            description="Your 5m, 15m and 4h charts read and analysed together."
          >
            <div className="grid gap-2">
              {[
                ['5m', 'Bullish', '7/10', 3],
                ['15m', 'Bullish', '8/10', 4],
                ['4h', 'Neutral', '5/10', 2],
              ].map(([tf, bias, strength, count]) => (
                <div
                  key={tf}
                  className="flex items-center justify-between gap-2 rounded-md bg-muted/60 px-3 py-2 text-sm"
                >
                  <span className="w-9 font-mono font-semibold">{tf}</span>
                  <Badge variant={bias === 'Bullish' ? 'bullish' : 'neutral'}>{bias}</Badge>
                  <span className="text-muted-foreground">{strength}</span>
                  <span className="text-xs text-muted-foreground">{count} confluences</span>
                </div>
              ))}
              <p className="mt-1 text-sm">
                Overall confidence <span className="font-semibold text-primary">76%</span>
              </p>
            </div>
          </FeatureCard>

          <FeatureCard
            icon={Target}
            title="Complete Trade Setup"
            description="Entry, stop loss, two take profits and the confluences behind them."
          >
            <dl>
              <Row label="Entry" value="1.08450" />
              <Row label="Stop Loss" value="1.08250" tone="text-bearish" />
              <Row label="Take Profit 1" value="1.08850" tone="text-bullish" />
              <Row label="Take Profit 2" value="1.09150" tone="text-bullish" />
              <Row label="Risk:Reward" value="1:2.0" />
            </dl>
            <div className="mt-3 flex flex-wrap gap-1.5">
              {['Order Block', 'MA Support', 'RSI Divergence', 'Fair Value Gap'].map((c) => (
                <Badge key={c} variant="secondary">
                  {c}
                </Badge>
              ))}
            </div>
          </FeatureCard>

          <FeatureCard
            icon={Calculator}
            title="Smart Risk Management"
            description="Position size from your account size and risk percentage, per instrument."
          >
            <dl>
              <Row label="Account size" value="$10,000" />
              <Row label="Risk" value="2%" />
              <Row label="Risk amount" value="$200" />
              <Row label="Lot size" value="1.00 lots" />
              <Row label="Profit at TP1" value="$400" tone="text-bullish" />
              <Row label="Profit at TP2" value="$700" tone="text-bullish" />
            </dl>
          </FeatureCard>

          <FeatureCard
            icon={BookOpen}
            title="Learn While You Trade"
            description="Every analysis explains the Smart Money Concepts it found."
            sample={false}
          >
            <ul className="grid gap-3 text-sm">
              <li>
                <p className="font-semibold">Order Block</p>
                <p className="text-muted-foreground">
                  The last opposite candle before a strong move; price often reacts on return.
                </p>
              </li>
              <li>
                <p className="font-semibold">Fair Value Gap</p>
                <p className="text-muted-foreground">
                  A three-candle imbalance where price moved too fast to trade both ways.
                </p>
              </li>
              <li>
                <p className="font-semibold">Market Structure</p>
                <p className="text-muted-foreground">
                  Higher highs and lows, broken (BOS) or reversed (CHoCH).
                </p>
              </li>
            </ul>
          </FeatureCard>

          <FeatureCard
            icon={LineChart}
            title="Track Your Progress"
            description="A trade journal with performance analytics computed from your trades."
          >
            <dl className="grid grid-cols-2 gap-2">
              {[
                ['Win rate', '58%'],
                ['Avg risk:reward', '1:1.8'],
                ['Profit factor', '1.6'],
                ['Total return', '+6.4%'],
              ].map(([label, value]) => (
                <div key={label} className="rounded-md bg-muted/60 p-2">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="font-mono text-sm font-semibold">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 mb-1 text-xs font-semibold text-muted-foreground uppercase">Recent trades</p>
            <ul className="grid gap-1 text-sm">
              {[
                ['EURUSD', 'LONG', '+2.0R', 'text-bullish'],
                ['GBPUSD', 'SHORT', '-1.0R', 'text-bearish'],
                ['XAUUSD', 'LONG', '+1.5R', 'text-bullish'],
              ].map(([symbol, dir, r, tone]) => (
                <li key={symbol} className="flex justify-between font-mono">
                  <span>
                    {symbol} {dir}
                  </span>
                  <span className={tone}>{r}</span>
                </li>
              ))}
            </ul>
          </FeatureCard>

          <Card
            className="flex flex-col justify-between border-primary/50 bg-primary/10"
            data-testid="feature-card"
          >
            <CardHeader>
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                <Rocket className="size-5" aria-hidden="true" />
              </span>
              <CardTitle className="mt-2">Start Your Journey</CardTitle>
              <CardDescription>
                Free, no credit card, quick registration. Your first plan is three charts away.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button className="w-full" onClick={onGetStarted}>
                Start Your Journey
              </Button>
            </CardContent>
          </Card>
        </div>
      </div>
    </section>
  );
}
