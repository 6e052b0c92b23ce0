import { analyzeTimeframe, type TimeframeAnalysis } from '../../../../../engine/analysis';
import { buildPracticeBars } from './practice';
import type { Figure, FigureLevel, FigureMarker, FigureZone } from './types';

// Three charts of one imaginary EURUSD moment, 4h -> 15m -> 5m. The candles are hand-designed;
// every annotation (breaks, zones, sweeps, premium/discount) is what the analysis engine
// detects on them, so the picture shows exactly how Chart-to-Plan reads each timeframe.

const OPTIONS = { internalLength: 3, pricePrecision: 5 } as const;
const f5 = (n: number) => n.toFixed(5);

function analysed(bars: Figure['candles']): TimeframeAnalysis {
  return analyzeTimeframe(bars, OPTIONS);
}

function breakLevels(a: TimeframeAnalysis, direction: 'bullish' | 'bearish'): FigureLevel[] {
  return a.structure
    .filter((b) => b.direction === direction)
    .map((b) => ({
      price: b.level,
      fromBar: b.swingIndex,
      toBar: b.index,
      tone: direction,
      label: b.kind,
      dashed: true,
    }));
}

function sweepMarkers(a: TimeframeAnalysis, direction: 'bullish' | 'bearish'): FigureMarker[] {
  return a.liquidity.sweeps
    .filter((s) => s.direction === direction)
    .map((s) => ({
      bar: s.index,
      label: 'Sweep',
      position: direction === 'bullish' ? 'below' : 'above',
      tone: direction,
    }));
}

const h4Bars = buildPracticeBars(10, [
  { to: 45, bars: 5 },
  { to: 30, bars: 4 },
  { to: 70, bars: 6 },
  { to: 52, bars: 4 },
  { to: 90, bars: 6 },
  { to: 58, bars: 6 },
]);
const h4 = analysed(h4Bars);
const pd = h4.premiumDiscount;
const pdZones: FigureZone[] = pd
  ? [
      {
        fromBar: pd.rangeLowIndex,
        top: pd.rangeHigh,
        bottom: pd.equilibrium,
        tone: 'bearish',
        label: 'Premium',
      },
      {
        fromBar: pd.rangeLowIndex,
        top: pd.equilibrium,
        bottom: pd.rangeLow,
        tone: 'bullish',
        label: 'Discount',
      },
    ]
  : [];

export const topDown4hFigure: Figure = {
  id: 'top-down-4h',
  title: '4-hour chart: the bias',
  description: `Higher highs and higher lows with ${h4.structure.filter((b) => b.direction === 'bullish').length} bullish breaks of structure: the bias is bullish. The current range runs from ${pd ? f5(pd.rangeLow) : '?'} to ${pd ? f5(pd.rangeHigh) : '?'}, and price has pulled back below its equilibrium${pd ? ` at ${f5(pd.equilibrium)}` : ''}, into discount: the area where longs are considered.`,
  candles: h4Bars,
  zones: pdZones,
  levels: breakLevels(h4, 'bullish'),
};

const m15Bars = buildPracticeBars(90, [
  { to: 72, bars: 5 },
  { to: 80, bars: 3 },
  { to: 62, bars: 5 },
  { to: 70, bars: 3 },
  { row: [70, 71, 58, 60] },
  { row: [60, 62, 54, 61] },
  { row: [61, 76, 60, 74] },
  { row: [74, 86, 72, 84] },
  { to: 76, bars: 3 },
  { to: 70, bars: 2 },
]);
const m15 = analysed(m15Bars);
const setupGap = m15.fvgs.filter((g) => g.direction === 'bullish')[0];

export const topDown15mFigure: Figure = {
  id: 'top-down-15m',
  title: '15-minute chart: the setup zone',
  description: `Inside the 4-hour pullback, the 15-minute chart sweeps the sell stops under its last low and then rallies hard, leaving a bullish fair value gap${setupGap ? ` at ${f5(setupGap.bottom)}-${f5(setupGap.top)}` : ''}. Price is now drifting back into that gap: the zone where a long would be considered.`,
  candles: m15Bars,
  zones: setupGap
    ? [
        {
          fromBar: setupGap.index - 1,
          top: setupGap.top,
          bottom: setupGap.bottom,
          tone: 'bullish',
          label: 'FVG: setup zone',
        },
      ]
    : [],
  markers: sweepMarkers(m15, 'bullish').slice(-1),
};

const m5Bars = buildPracticeBars(80, [
  { to: 68, bars: 5 },
  { to: 74, bars: 3 },
  { to: 62, bars: 5 },
  { to: 67, bars: 3 },
  { to: 58, bars: 4 },
  { to: 80, bars: 6 },
  { to: 74, bars: 3 },
]);
const m5 = analysed(m5Bars);
const trigger = m5.structure.find((b) => b.kind === 'CHoCH' && b.direction === 'bullish');

export const topDown5mFigure: Figure = {
  id: 'top-down-5m',
  title: '5-minute chart: the trigger',
  description: `In the 15-minute zone, the 5-minute chart makes one more low that sweeps the previous one, then closes above its last lower high${trigger ? ` at ${f5(trigger.level)}` : ''}: a bullish change of character. That close is the entry trigger; the stop goes below the sweep low.`,
  candles: m5Bars,
  levels: breakLevels(m5, 'bullish').filter((l) => l.label === 'CHoCH'),
  markers: sweepMarkers(m5, 'bullish').slice(-1),
};

export const TOP_DOWN_FIGURES: readonly Figure[] = [topDown4hFigure, topDown15mFigure, topDown5mFigure];
