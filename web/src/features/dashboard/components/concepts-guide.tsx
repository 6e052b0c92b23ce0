import type * as React from 'react';
import { BookOpen, GitBranch, Layers, ShieldCheck, TrendingUp, Waves } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import type { AnalysisResultDto } from '../../../../../contracts/analysis';

type Candle = [open: number, high: number, low: number, close: number];

/** A small drawn candle chart (prices 0-100, up is higher) for the concept figures. */
function MiniChart({
  candles,
  children,
  label,
}: {
  candles: Candle[];
  children?: React.ReactNode;
  label: string;
}) {
  const w = 320;
  const h = 160;
  const step = w / (candles.length + 1);
  const y = (p: number) => h - 10 - (p / 100) * (h - 20);
  return (
    <svg
      viewBox={`0 0 ${w} ${h}`}
      className="w-full rounded-md border bg-background"
      role="img"
      aria-label={label}
    >
      {candles.map(([o, hi, lo, c], i) => {
        const x = step * (i + 1);
        const up = c >= o;
        return (
          <g key={i} className={up ? 'fill-bullish stroke-bullish' : 'fill-bearish stroke-bearish'}>
            <line x1={x} x2={x} y1={y(hi)} y2={y(lo)} strokeWidth={1.5} />
            <rect
              x={x - step * 0.3}
              width={step * 0.6}
              y={y(Math.max(o, c))}
              height={Math.max(1.5, Math.abs(y(o) - y(c)))}
            />
          </g>
        );
      })}
      {children}
    </svg>
  );
}

const px = (candles: number, i: number) => (320 / (candles + 1)) * (i + 1);
const py = (p: number) => 160 - 10 - (p / 100) * 140;

const OB_CANDLES: Candle[] = [
  [70, 72, 60, 62],
  [62, 64, 52, 54],
  [54, 56, 44, 46],
  [46, 48, 38, 40],
  [40, 58, 39, 56],
  [56, 70, 55, 68],
  [68, 74, 62, 64],
  [64, 66, 48, 50],
  [50, 62, 47, 60],
  [60, 80, 59, 78],
];
const FVG_CANDLES: Candle[] = [
  [30, 34, 26, 32],
  [32, 36, 28, 34],
  [34, 38, 31, 36],
  [36, 62, 35, 60],
  [60, 68, 52, 66],
  [66, 70, 60, 62],
  [62, 63, 50, 52],
  [52, 58, 44, 56],
  [56, 72, 55, 70],
];
/** Two swing lows, candles 1 (38) and 4 (30), each below both neighbours: a lower low. */
const RSI_CANDLES: Candle[] = [
  [60, 62, 48, 50],
  [50, 52, 38, 40],
  [40, 48, 39, 46],
  [46, 50, 40, 42],
  [42, 44, 30, 32],
  [32, 42, 31, 40],
  [40, 52, 39, 50],
  [50, 60, 48, 58],
];
/**
 * RSI under RSI_CANDLES, as SVG rows of its 70-unit panel (lower is a lower RSI): troughs under
 * candles 1 and 4, the price lows, the second one higher (46 above 55), each between higher
 * neighbours, so the "higher low" line joins two real lows.
 */
const RSI_TROUGHS_Y = [20, 55, 36, 40, 46, 32, 22, 14] as const;
const RISK_CANDLES: Candle[] = [
  [40, 44, 36, 42],
  [42, 46, 38, 40],
  [40, 42, 34, 36],
  [36, 48, 35, 46],
  [46, 56, 45, 54],
  [54, 62, 52, 60],
  [60, 70, 58, 68],
  [68, 76, 66, 74],
];

function Figures({ concept }: { concept: string }) {
  if (concept === 'orderBlocks') {
    const n = OB_CANDLES.length;
    return (
      <MiniChart
        candles={OB_CANDLES}
        label="A bullish order block: the last down candle before a strong rally, revisited later"
      >
        <rect
          x={px(n, 3) - 12}
          y={py(48)}
          width={320 - px(n, 3)}
          height={py(38) - py(48)}
          className="fill-bullish/20 stroke-bullish"
          strokeDasharray="4 3"
        />
        {/* Under the zone, where no candle reaches (above it the rally's candles stand). */}
        <text x={px(n, 3) - 10} y={py(38) + 14} fontSize={11} className="fill-bullish">
          Bullish order block
        </text>
      </MiniChart>
    );
  }
  if (concept === 'fvg') {
    const n = FVG_CANDLES.length;
    return (
      <MiniChart
        candles={FVG_CANDLES}
        label="A bullish fair value gap: the space between candle 3's high and candle 5's low, later filled"
      >
        <rect
          x={px(n, 2)}
          y={py(52)}
          width={320 - px(n, 2)}
          height={py(38) - py(52)}
          className="fill-sky-400/20 stroke-sky-400"
          strokeDasharray="4 3"
        />
        <text x={px(n, 2) + 4} y={py(52) - 4} fontSize={11} className="fill-sky-400">
          Fair value gap
        </text>
      </MiniChart>
    );
  }
  if (concept === 'rsi') {
    const n = RSI_CANDLES.length;
    return (
      <div className="grid gap-1">
        <MiniChart
          candles={RSI_CANDLES}
          label="Price makes a lower low while RSI makes a higher low: bullish divergence"
        >
          <line
            x1={px(n, 1)}
            y1={py(38)}
            x2={px(n, 4)}
            y2={py(30)}
            className="stroke-bearish"
            strokeWidth={2}
          />
          <text x={px(n, 1)} y={py(30) + 18} fontSize={11} className="fill-muted-foreground">
            Price: lower low
          </text>
        </MiniChart>
        <svg
          viewBox="0 0 320 70"
          className="w-full rounded-md border bg-background"
          role="img"
          aria-label="RSI makes a higher low"
        >
          {/* One RSI point under each candle: its two troughs sit under price's two lows. */}
          <polyline
            points={RSI_TROUGHS_Y.map((y, i) => `${px(n, i)},${y}`).join(' ')}
            fill="none"
            className="stroke-violet-400"
            strokeWidth={2}
          />
          <line
            x1={px(n, 1)}
            y1={RSI_TROUGHS_Y[1]}
            x2={px(n, 4)}
            y2={RSI_TROUGHS_Y[4]}
            className="stroke-bullish"
            strokeWidth={2}
          />
          <text x={px(n, 4) + 12} y={62} fontSize={11} className="fill-muted-foreground">
            RSI: higher low
          </text>
        </svg>
      </div>
    );
  }
  if (concept === 'risk') {
    const n = RISK_CANDLES.length;
    return (
      <MiniChart
        candles={RISK_CANDLES}
        label="Entry, stop below the zone and a target twice as far: 1:2 risk to reward"
      >
        <line x1={px(n, 3)} x2={310} y1={py(46)} y2={py(46)} className="stroke-sky-400" strokeWidth={2} />
        <text x={312} y={py(46) - 3} fontSize={10} textAnchor="end" className="fill-sky-400">
          Entry
        </text>
        <line x1={px(n, 3)} x2={310} y1={py(34)} y2={py(34)} className="stroke-bearish" strokeWidth={2} />
        <text x={312} y={py(34) + 12} fontSize={10} textAnchor="end" className="fill-bearish">
          Stop (risk 1R)
        </text>
        <line x1={px(n, 3)} x2={310} y1={py(70)} y2={py(70)} className="stroke-bullish" strokeWidth={2} />
        <text x={312} y={py(70) - 3} fontSize={10} textAnchor="end" className="fill-bullish">
          Target (2R)
        </text>
      </MiniChart>
    );
  }
  return null;
}

interface Concept {
  key: string;
  title: string;
  icon: React.ComponentType<{ className?: string }>;
  summary: string;
  explanation: string;
  examples: string[];
  tips: string[];
  figure: boolean;
}

const CONCEPTS: Concept[] = [
  {
    key: 'rsi',
    title: 'RSI Divergence',
    icon: TrendingUp,
    summary: 'When price and momentum disagree.',
    explanation:
      'The Relative Strength Index (14) measures momentum. Divergence is when price makes a new extreme but RSI does not: a lower low in price with a higher low in RSI (bullish), or a higher high in price with a lower high in RSI (bearish). It warns that the move is tiring.',
    examples: [
      'Bullish: EURUSD falls to 1.0820 then 1.0805, while RSI bottoms at 28 then 34.',
      'Bearish: gold makes a new high but RSI peaks lower than at the previous high.',
    ],
    tips: [
      'Divergence is a warning, not an entry: wait for structure to break (BOS / CHoCH).',
      'It is more reliable on higher timeframes and at key levels.',
    ],
    figure: true,
  },
  {
    key: 'orderBlocks',
    title: 'Order Blocks',
    icon: Layers,
    summary: 'Where large orders started a move.',
    explanation:
      'An order block is the last opposite candle before a strong move that breaks structure: the last down candle before a rally (bullish) or the last up candle before a drop (bearish). Price often returns to it, where unfilled orders can push it away again.',
    examples: [
      'Bullish: a red candle at 1.0840-1.0852 before a rally breaks the previous high; later price dips back into that range.',
      'Bearish: the last green candle before a sharp fall becomes resistance on the way back up.',
    ],
    tips: [
      'Prefer order blocks that caused a break of structure and are still untouched.',
      'Put the stop beyond the far side of the block, not inside it.',
    ],
    figure: true,
  },
  {
    key: 'fvg',
    title: 'Fair Value Gaps (FVG)',
    icon: Waves,
    summary: 'Imbalances price tends to revisit.',
    explanation:
      'A fair value gap is a three-candle pattern where the first candle’s high and the third candle’s low do not overlap (bullish), or the first candle’s low and the third’s high do not (bearish). The gap shows one-sided trading; price often comes back to fill part of it — about 70-80% of gaps get filled.',
    examples: [
      'Bullish: candle 1 high 1.0850, candle 3 low 1.0862: the gap 1.0850-1.0862 is support on a pullback.',
      'An FVG inside an order block makes a stronger entry zone.',
    ],
    tips: [
      'Trade gaps in the direction of the higher-timeframe trend.',
      'A gap that is fully filled and closed through has lost its meaning.',
    ],
    figure: true,
  },
  {
    key: 'risk',
    title: 'Risk Management',
    icon: ShieldCheck,
    summary: 'Survive the losing streaks.',
    explanation:
      'Decide the loss you accept before you enter. Risk a fixed share of the account on each trade (2% recommended, never more than 2-3%), place the stop where the idea is wrong, and size the position so that hitting the stop costs exactly that amount.',
    examples: [
      '$10,000 account, 2% risk: $200. Entry 1.0850, stop 1.0830 (20 pips): 1.00 lot on EURUSD loses $200 at the stop.',
      'A 1:2 risk-reward means a $200 risk aims for $400.',
    ],
    tips: [
      'Aim for at least 1:1.5 to 1:2 risk-reward; confidence of 75%+ to trade, 80%+ is high quality.',
      'Move the stop to break-even after the first target, never further away.',
    ],
    figure: true,
  },
  {
    key: 'structure',
    title: 'BOS & CHoCH',
    icon: GitBranch,
    summary: 'Reading market structure.',
    explanation:
      'A Break of Structure (BOS) is a close beyond the last swing high in an uptrend (or swing low in a downtrend): the trend continues. A Change of Character (CHoCH) is the first break against the trend — a close below the last higher low in an uptrend — and the first sign the trend may turn.',
    examples: [
      'Uptrend: highs at 1.0850 then 1.0880; a close above 1.0880 is a bullish BOS.',
      'The same uptrend then closes below the last higher low at 1.0860: bearish CHoCH.',
    ],
    tips: [
      'Use the 4-hour structure for direction and the 15/5-minute CHoCH for timing.',
      'Only candle closes count: a wick through a level is a liquidity sweep, not a break.',
    ],
    figure: false,
  },
];

const NOTE_FOR: Record<string, { title: string; key: keyof AnalysisResultDto['educationalNotes'] }> = {
  rsi: { title: 'RSI Divergence', key: 'rsiDivergence' },
  orderBlocks: { title: 'Order Blocks', key: 'orderBlocks' },
  fvg: { title: 'FVG', key: 'fvgExplanation' },
  risk: { title: 'Risk Management', key: 'riskManagement' },
};

/** Trading Concepts Guide (SPEC 2): five cards opening dialogs, then "From Your Analysis". */
export function ConceptsGuide({ notes }: { notes?: AnalysisResultDto['educationalNotes'] }) {
  return (
    <section aria-labelledby="concepts-guide" className="grid gap-4">
      <h2 id="concepts-guide" className="flex items-center gap-2 text-xl font-semibold">
        <BookOpen className="size-5 text-primary" aria-hidden="true" />
        Trading Concepts Guide
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {CONCEPTS.map((concept) => (
          <Dialog key={concept.key}>
            <DialogTrigger asChild>
              <button
                type="button"
                className="rounded-xl border bg-card p-4 text-left transition-colors hover:border-primary/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <concept.icon className="mb-2 size-6 text-primary" />
                <span className="block font-semibold">{concept.title}</span>
                <span className="mt-1 block text-sm text-muted-foreground">{concept.summary}</span>
              </button>
            </DialogTrigger>
            <DialogContent className="max-w-2xl">
              <DialogHeader>
                <DialogTitle>{concept.title}</DialogTitle>
                <DialogDescription>{concept.summary}</DialogDescription>
              </DialogHeader>
              {concept.figure && (
                <div>
                  <h3 className="mb-2 text-sm font-semibold">Visual Example</h3>
                  <Figures concept={concept.key} />
                </div>
              )}
              <div>
                <h3 className="mb-1 text-sm font-semibold">Explanation</h3>
                <p className="text-sm text-muted-foreground">{concept.explanation}</p>
              </div>
              <div>
                <h3 className="mb-1 text-sm font-semibold">Examples</h3>
                <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
                  {concept.examples.map((example) => (
                    <li key={example}>{example}</li>
                  ))}
                </ul>
              </div>
              <div>
                <h3 className="mb-1 text-sm font-semibold">Tips</h3>
                <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
                  {concept.tips.map((tip) => (
                    <li key={tip}>{tip}</li>
                  ))}
                </ul>
              </div>
              {notes && NOTE_FOR[concept.key] && (
                <div className="rounded-md border border-primary/40 bg-primary/10 p-3 text-sm">
                  <p className="mb-1 font-semibold">From Your Analysis</p>
                  <p>{notes[NOTE_FOR[concept.key]!.key]}</p>
                </div>
              )}
            </DialogContent>
          </Dialog>
        ))}
      </div>
      {notes && (
        <Card data-testid="from-your-analysis">
          <CardHeader className="pb-3">
            <CardTitle>From Your Analysis</CardTitle>
            <CardDescription>What these concepts mean for the charts you uploaded.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 md:grid-cols-2">
            {Object.values(NOTE_FOR).map((note) => (
              <div key={note.key} className="rounded-md bg-muted/50 p-3 text-sm">
                <p className="mb-1 font-semibold">{note.title}</p>
                <p className="text-muted-foreground">{notes[note.key]}</p>
              </div>
            ))}
          </CardContent>
        </Card>
      )}
    </section>
  );
}
