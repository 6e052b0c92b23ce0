/**
 * The complete analysis result (SPEC.md section 3 plus what DECISIONS.md asks the UI to show:
 * why the confidence is what it is, warnings, and geometry to draw over the screenshots).
 *
 * This is exactly what `bin/chart-to-plan plan` prints and what POST /api/analyze returns.
 * contracts/analysis.ts holds the zod schema of the same shape; engine/plan/contract.test.ts
 * proves the two agree (both at compile time and by parsing real results).
 */
import type { Timeframe } from '../core/ohlc';
import type { Bias, ConfluenceKey, DivergenceAnswer, EmaSummary, ScoreItem, Trend } from '../analysis/types';
import type { Instrument, QuoteToUsdSource } from '../instruments';

/** The three upload slots, lowest timeframe first. */
export const SLOTS = ['5m', '15m', '4h'] as const;
export type Slot = (typeof SLOTS)[number];

export type PlanDirection = 'LONG' | 'SHORT';

// ---------------------------------------------------------------------------------------------
// Geometry in image pixels (x right, y down, origin at the screenshot's top-left corner)

export interface CandleGeometry {
  readonly x: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly yOpen: number;
  readonly yHigh: number;
  readonly yLow: number;
  readonly yClose: number;
}

export interface ZoneShape {
  readonly kind: 'orderBlock' | 'fvg';
  readonly direction: 'bullish' | 'bearish';
  /** 'setup' marks the zone the trade plan is built on. */
  readonly role: 'setup' | 'context';
  readonly status: string;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  readonly priceTop: number;
  readonly priceBottom: number;
  readonly label: string;
}

export type LineKind =
  | 'liquidity'
  | 'keyLevel'
  | 'equilibrium'
  | 'currentPrice'
  | 'entry'
  | 'stopLoss'
  | 'takeProfit1'
  | 'takeProfit2';

export interface LineShape {
  readonly kind: LineKind;
  readonly price: number;
  readonly y: number;
  readonly x1: number;
  readonly x2: number;
  /** The price lies above or below the plotted area: the UI should pin it to the edge. */
  readonly offChart: boolean;
  readonly label: string;
}

export interface MarkShape {
  readonly kind: 'BOS' | 'CHoCH' | 'sweep';
  readonly direction: 'bullish' | 'bearish';
  /** From the broken swing (or swept level's swing) to the breaking / sweeping candle. */
  readonly x1: number;
  readonly x2: number;
  readonly y: number;
  readonly price: number;
  readonly label: string;
}

export interface TimeframeOverlay {
  readonly candles: readonly CandleGeometry[];
  readonly zones: readonly ZoneShape[];
  readonly lines: readonly LineShape[];
  readonly marks: readonly MarkShape[];
}

export interface ChartInfo {
  /** Symbol as read off this chart, null when the legend could not be read. */
  readonly symbol: string | null;
  /** Timeframe as read off this chart, null when unknown. */
  readonly readTimeframe: Timeframe | null;
  readonly image: { readonly width: number; readonly height: number } | null;
  readonly plot: {
    readonly left: number;
    readonly top: number;
    readonly right: number;
    readonly bottom: number;
  };
  readonly priceScale: {
    readonly mode: 'linear' | 'log';
    readonly slope: number;
    readonly intercept: number;
  };
  readonly barSpacing: number;
  readonly candleCount: number;
  /** The chart reader's own confidence, 0..1. */
  readonly readConfidence: number;
  /** Where the candles came from: a screenshot read by the reader, or the chart's data export. */
  readonly source: 'image' | 'data';
}

// ---------------------------------------------------------------------------------------------
// Per-timeframe result (SPEC.md 3 "Timeframe result" + why and where)

export interface TimeframeResult {
  readonly timeframe: Slot;
  readonly bias: Bias;
  readonly confluences: Partial<Record<ConfluenceKey, string>>;
  readonly ema: EmaSummary;
  readonly rsi: { readonly divergence: DivergenceAnswer };
  /** 0-10. */
  readonly strength: number;
  readonly trend: Trend;
  /** The analysis' own scoring lines behind bias and strength. */
  readonly scoring: readonly ScoreItem[];
  readonly chart: ChartInfo;
  readonly overlay: TimeframeOverlay;
}

// ---------------------------------------------------------------------------------------------
// Trade plan (SPEC.md 3 "TradePlan" + sizing details)

/** Entry, stop and targets, as numbers and as the platform prints them (trade plans and setups to watch). */
export interface PlanLevels {
  readonly entry: number;
  readonly stopLoss: number;
  readonly takeProfit1: number;
  /** Null when no liquidity lies beyond TP1 within the R cap (targetNotes.takeProfit2 says why). */
  readonly takeProfit2: number | null;
  /** Prices as the platform shows them (instrument precision). */
  readonly formatted: {
    readonly entry: string;
    readonly stopLoss: string;
    readonly takeProfit1: string;
    readonly takeProfit2: string | null;
  };
}

export interface TradePlan extends PlanLevels {
  readonly symbol: string;
  readonly direction: PlanDirection;
  /** 'limit' = wait for price to come to the entry; 'market' = price is at the entry now. */
  readonly entryType: 'limit' | 'market';
  /** What each target is ("15m swing high (buy-side liquidity)"), or why TP2 is left out. */
  readonly targetNotes: { readonly takeProfit1: string; readonly takeProfit2: string };
  readonly precision: number;
  /** Percent, 0-100, whole points: exactly the number the 75% gate compared. */
  readonly confidence: number;
  /** Reward to TP1 over risk, from the rounded prices above, 2 decimals. */
  readonly riskRewardRatio: number;
  readonly riskRewardRatioTp2: number | null;
  readonly riskPercent: number;
  readonly riskAmount: number;
  readonly potentialLoss: number;
  readonly potentialProfitTp1: number;
  readonly potentialProfitTp2: number | null;
  readonly lotSize: number;
  readonly units: number;
  readonly positionValue: number;
  readonly pipValue: number;
  readonly stopPips: number;
  readonly quoteToUsd: number;
  readonly quoteToUsdSource: QuoteToUsdSource;
  /** The USD figures rest on a reference rate or an unknown instrument: treat them as estimates. */
  readonly sizingApproximate: boolean;
  readonly ratesAsOf?: string;
  readonly setup: {
    readonly zone: 'orderBlock' | 'fvg' | 'orderBlock+fvg';
    readonly zoneTop: number;
    readonly zoneBottom: number;
    /** The 5m trigger seen, in words; null when the plan still waits for one. */
    readonly trigger: string | null;
  };
  readonly strategy: string;
  readonly tradeManagement: string;
  readonly invalidation: readonly string[];
  readonly newsWatchPoints?: readonly string[];
  readonly strategyFor5m?: string;
  readonly strategyFor15m?: string;
}

// ---------------------------------------------------------------------------------------------
// The whole result

export type ConfidencePartKey =
  | 'htfBias'
  | 'alignment15m'
  | 'setupZone'
  | 'trigger5m'
  | 'premiumDiscount'
  | 'emaTrend'
  | 'rsiDivergence'
  | 'riskReward'
  | 'readingQuality';

export interface ConfidencePart {
  readonly key: ConfidencePartKey;
  readonly label: string;
  /** Points earned (negative for a penalty). */
  readonly points: number;
  /** Most points this part can give (0 for penalty-only parts). */
  readonly max: number;
  readonly detail: string;
}

export interface Confidence {
  /** 0-100, the exact sum of the whole-point parts: the number shown is the number gated. */
  readonly score: number;
  /** Below this no trade is recommended (SPEC.md 9: 75%+ to trade). */
  readonly threshold: number;
  /**
   * The confidence bucket of the score ("75-84", weights.ts CONFIDENCE_BUCKETS): the key under
   * which measured results of plans of this confidence (the backtest) can be shown.
   */
  readonly bucket: string;
  readonly parts: readonly ConfidencePart[];
}

export type InstrumentInfo = Pick<
  Instrument,
  'symbol' | 'name' | 'assetClass' | 'base' | 'quote' | 'pipSize' | 'precision' | 'contractSize'
> & {
  /** False when the symbol is not in the instrument table: sizing is then a rough estimate. */
  readonly known: boolean;
};

export interface KeyLevels {
  readonly majorSupport: readonly string[];
  readonly majorResistance: readonly string[];
  /** Present only when the 4h chart covers at least a trading week. */
  readonly weeklyLevels?: readonly string[];
  /** Present only when the 4h chart covers at least a trading month. */
  readonly monthlyLevels?: readonly string[];
}

export interface EducationalNotes {
  readonly rsiDivergence: string;
  readonly orderBlocks: string;
  readonly fvgExplanation: string;
  readonly riskManagement: string;
}

/** The current price: the last close of the lowest timeframe's chart. */
export interface CurrentPrice {
  readonly price: number;
  readonly formatted: string;
  readonly timeframe: '5m';
}

/**
 * A conditional plan, not a trade now: the higher timeframes agree and a zone is there, but the
 * entry is not (price has not reached the zone, or the 5m has not turned in it). It says what
 * must happen, the levels the plan would then have, and when it stops being valid.
 */
export interface SetupToWatch extends PlanLevels {
  readonly direction: PlanDirection;
  /** What comes first: price trading into the zone, or (already in it) the 5m trigger. */
  readonly waitingFor: 'zone' | 'trigger';
  readonly zone: {
    readonly kind: 'orderBlock' | 'fvg' | 'orderBlock+fvg';
    readonly top: number;
    readonly bottom: number;
    /** "1.08420-1.08460". */
    readonly formatted: string;
  };
  /** The trigger in words: "a 5m CHoCH up inside 1.08420-1.08460". */
  readonly trigger: string;
  readonly riskRewardRatio: number;
  readonly riskRewardRatioTp2: number | null;
  /** The confidence once the trigger prints (today's is confidence.score, below the gate). */
  readonly confidenceIfTriggered: number;
  /** The whole conditional plan in words, starting "Not a trade now." */
  readonly summary: string;
  /** When it stops being a setup: a level, the move leaving without it, or the time limit. */
  readonly invalidIf: readonly string[];
}

export interface AnalysisResult {
  readonly symbol: string;
  readonly instrument: InstrumentInfo;
  /** The direction the 4h bias points to, null when it is neutral. */
  readonly bias: PlanDirection | null;
  /** One per slot, in SLOTS order (5m, 15m, 4h). */
  readonly timeframes: readonly TimeframeResult[];
  readonly currentPrice: CurrentPrice;
  readonly tradePlan: TradePlan | null;
  /** Plain words naming what is missing; null exactly when tradePlan is present. */
  readonly noTradeReason: string | null;
  /** Only without a trade: the conditional plan to watch for, when the engine found one. */
  readonly setupToWatch: SetupToWatch | null;
  readonly confidence: Confidence;
  readonly keyLevels: KeyLevels;
  readonly educationalNotes: EducationalNotes;
  readonly warnings: readonly string[];
}
