/**
 * Public types of the market analysis engine (engine/analysis). Other areas (engine/plan, server,
 * web) code against these: additions are fine, renames and removals are not.
 *
 * Conventions:
 * - Every `index` is a bar index into the analysed series, 0 = the oldest bar (first CSV row).
 * - "Confirmed" means known from bars already present: an item first appears in the analysis
 *   of bars[0..confirmedIndex] and never changes its identity or levels when bars are appended.
 * - Status fields evolve as bars are appended; they are derived from the `...Index` fields,
 *   which are `null` until the event happens and then never change.
 * - Prices are plain numbers in the instrument's units (1.08420 for EURUSD).
 */
import type { Timeframe } from '../core/ohlc';

export type Direction = 'bullish' | 'bearish';
/** Running trend of a series: set by the last break of structure, 'ranging' before any. */
export type Trend = 'bullish' | 'bearish' | 'ranging';
export type Bias = 'Bullish' | 'Bearish' | 'Neutral';
/** Internal structure uses a short swing length, swing structure a long one. */
export type SwingScope = 'internal' | 'swing';

// ---------------------------------------------------------------------------------------------
// Indicators

export interface IndicatorSeries {
  readonly period: number;
  /** Number of leading bars whose value is not yet defined (NaN in `values`, null in JSON). */
  readonly warmup: number;
  /** One value per bar; NaN during warm-up. */
  readonly values: readonly number[];
  /** Value at the last bar, or null if the series is still warming up. */
  readonly last: number | null;
  /**
   * First bar whose value rests on at least `period` bars of data (EMA seeded with the first
   * close is defined from bar 0 but only trustworthy from here); equals `warmup` otherwise.
   */
  readonly reliableFrom: number;
}

export type EmaSeed = 'first' | 'sma';

export interface Indicators {
  /** How the EMAs were seeded: 'first' = first close, 'sma' = SMA of the first `period` closes. */
  readonly emaSeed: EmaSeed;
  readonly ema20: IndicatorSeries;
  readonly ema50: IndicatorSeries;
  readonly ema200: IndicatorSeries;
  /** RSI 14 with Wilder smoothing. */
  readonly rsi14: IndicatorSeries;
  /** ATR 14 with Wilder smoothing of the true range. */
  readonly atr14: IndicatorSeries;
}

// ---------------------------------------------------------------------------------------------
// Structure

export interface Swing {
  /** The bar holding the extreme. */
  readonly index: number;
  readonly kind: 'high' | 'low';
  readonly price: number;
  readonly scope: SwingScope;
  /** First bar at which the swing is known (index + the scope's swing length). */
  readonly confirmedIndex: number;
}

export interface StructureBreak {
  /** The breaking bar: the first close beyond the swing level. */
  readonly index: number;
  /** BOS continues the running trend; CHoCH reverses it (the first break of a series is a BOS). */
  readonly kind: 'BOS' | 'CHoCH';
  /** bullish = close above a swing high, bearish = close below a swing low. */
  readonly direction: Direction;
  /** The broken swing's price. */
  readonly level: number;
  /** Bar index of the broken swing. */
  readonly swingIndex: number;
  readonly scope: SwingScope;
}

export interface StructureSummary {
  /** Trend of the swing (long) structure at the last bar. */
  readonly trend: Trend;
  /** Trend of the internal (short) structure at the last bar. */
  readonly internalTrend: Trend;
  /** Latest swing-scope break, or the latest internal one if there is none. */
  readonly lastBreak: StructureBreak | null;
}

// ---------------------------------------------------------------------------------------------
// Zones

export type OrderBlockStatus = 'untested' | 'mitigated' | 'invalidated';

export interface OrderBlock {
  /** The last opposing candle before the impulse (a bearish candle for a bullish block). */
  readonly index: number;
  readonly direction: Direction;
  /** Zone: the candle's high and low (merged over consecutive opposing candles, see `fromIndex`). */
  readonly top: number;
  readonly bottom: number;
  /** First candle of the block when several consecutive opposing candles form it. */
  readonly fromIndex: number;
  /** The structure break this block caused (the breaking bar). */
  readonly breakIndex: number;
  readonly breakKind: 'BOS' | 'CHoCH';
  readonly scope: SwingScope;
  readonly status: OrderBlockStatus;
  /** First bar after the break that traded back into the zone. */
  readonly mitigatedIndex: number | null;
  /** First bar after the break that closed through the far side of the zone. */
  readonly invalidatedIndex: number | null;
}

export type FvgStatus = 'open' | 'touched' | 'half-filled' | 'filled';

export interface FairValueGap {
  /** The middle candle of the three (the reference library's convention). */
  readonly index: number;
  readonly direction: Direction;
  /** Gap zone: bullish = high[index-1]..low[index+1], bearish = high[index+1]..low[index-1]. */
  readonly top: number;
  readonly bottom: number;
  /** top - bottom. */
  readonly size: number;
  readonly status: FvgStatus;
  /** First bar after index+1 that reached into the gap (the reference's MitigatedIndex). */
  readonly touchedIndex: number | null;
  /** First bar after index+1 that reached the gap's midpoint. */
  readonly halfFilledIndex: number | null;
  /** First bar after index+1 that traded through the whole gap. */
  readonly filledIndex: number | null;
}

// ---------------------------------------------------------------------------------------------
// Liquidity

export interface LiquidityPool {
  /** equalHighs = buy-side liquidity resting above; equalLows = sell-side liquidity below. */
  readonly kind: 'equalHighs' | 'equalLows';
  /**
   * The extreme member price (the highest of equal highs, the lowest of equal lows): the stops
   * rest just beyond it. Fixed when the pool forms; later equal swings only join it.
   */
  readonly level: number;
  /** Mean price of the member swings (the reference library's notion of the level). */
  readonly meanLevel: number;
  /** The swing bars forming the pool (two or more, oldest first). */
  readonly swingIndices: readonly number[];
  /** Bar at which the pool became known (confirmation of its second swing). */
  readonly confirmedIndex: number;
  /** First bar whose wick went beyond the pool (swept or broken through), null while resting. */
  readonly sweptIndex: number | null;
  readonly status: 'resting' | 'swept' | 'broken';
}

export interface LiquiditySweep {
  /** The sweeping bar: wick beyond the level, close back inside. */
  readonly index: number;
  /** bullish = sell-side taken (wick below lows, close above); bearish = buy-side taken. */
  readonly direction: Direction;
  readonly level: number;
  /** What was swept: an equal-highs/lows pool or a single swing point. */
  readonly target: 'equalHighs' | 'equalLows' | 'swingHigh' | 'swingLow';
  /** The swing bar (for a pool: its latest swing) whose liquidity was taken. */
  readonly swingIndex: number;
  /** The sweeping wick's extreme. */
  readonly extreme: number;
}

export interface Liquidity {
  readonly pools: readonly LiquidityPool[];
  readonly sweeps: readonly LiquiditySweep[];
  /** Tolerance used for "equal", in price units (a fraction of ATR). */
  readonly tolerance: number;
}

// ---------------------------------------------------------------------------------------------
// Levels and context

export interface WickRejection {
  readonly index: number;
  /** bullish = long lower wick rejecting lower prices; bearish = long upper wick. */
  readonly direction: Direction;
  /** The level the wick tested (a zone's near edge for order blocks and gaps). */
  readonly level: number;
  /**
   * What the level is. 'keyLevel' is not produced at present: key levels are clustered over
   * the whole series, so testing wicks against them bar by bar would look ahead.
   */
  readonly levelSource: 'keyLevel' | 'swing' | 'orderBlock' | 'fvg';
  /** Rejecting wick length / bar range (0..1). */
  readonly wickRatio: number;
}

export interface PremiumDiscount {
  readonly rangeHigh: number;
  readonly rangeLow: number;
  readonly rangeHighIndex: number;
  readonly rangeLowIndex: number;
  /** 50% of the dealing range. */
  readonly equilibrium: number;
  /** Where the last close sits: above the equilibrium band = premium, below = discount. */
  readonly zone: 'premium' | 'discount' | 'equilibrium';
  /** (lastClose - rangeLow) / (rangeHigh - rangeLow), clamped to 0..1. */
  readonly position: number;
}

export interface KeyLevel {
  /** Cluster centre (mean of the member swing prices). */
  readonly price: number;
  /** Relative to the last close: below = support, above = resistance. */
  readonly kind: 'support' | 'resistance';
  readonly top: number;
  readonly bottom: number;
  /** Number of swing points in the cluster. */
  readonly touches: number;
  readonly swingIndices: readonly number[];
  readonly firstIndex: number;
  readonly lastIndex: number;
  /** Ranking score (touches weighted by recency); higher = more important. */
  readonly score: number;
}

export interface TrendLine {
  /** support = fitted through swing lows (rising), resistance = through swing highs (falling). */
  readonly kind: 'support' | 'resistance';
  readonly direction: 'ascending' | 'descending';
  /** price = slope * index + intercept. */
  readonly slope: number;
  readonly intercept: number;
  /** Swing bars the line was fitted through. */
  readonly swingIndices: readonly number[];
  readonly fromIndex: number;
  readonly toIndex: number;
  /** Line value at the last bar. */
  readonly valueAtLast: number;
  /** First bar after `toIndex` that closed through the line, null if intact. */
  readonly brokenIndex: number | null;
}

export type DivergenceAnswer = 'Bullish Divergence' | 'Bearish Divergence' | 'No Divergence';

export interface RsiDivergence {
  readonly kind: 'regular' | 'hidden';
  readonly direction: Direction;
  /** The two swing bars compared (older, newer). */
  readonly fromIndex: number;
  readonly toIndex: number;
  readonly priceFrom: number;
  readonly priceTo: number;
  readonly rsiFrom: number;
  readonly rsiTo: number;
}

/** What the higher timeframe contributes to a lower timeframe's verdict (htfStructure). */
export interface HigherTimeframeContext {
  readonly timeframe?: Timeframe;
  readonly trend: Trend;
  readonly lastBreak?: StructureBreak | null;
}

// ---------------------------------------------------------------------------------------------
// Verdict (SPEC.md section 3, "Timeframe result")

export type ConfluenceKey =
  | 'bosChoch'
  | 'orderBlock'
  | 'fvg'
  | 'liquiditySweep'
  | 'wickRejection'
  | 'premiumDiscount'
  | 'htfStructure'
  | 'majorSupport'
  | 'trendLine';

export const CONFLUENCE_KEYS: readonly ConfluenceKey[] = [
  'bosChoch',
  'orderBlock',
  'fvg',
  'liquiditySweep',
  'wickRejection',
  'premiumDiscount',
  'htfStructure',
  'majorSupport',
  'trendLine',
];

export interface EmaSummary {
  /** Stack of the EMAs (20 > 50 > 200 = Bullish, reverse = Bearish, else Neutral). */
  readonly trend: Bias;
  /** Last close against the EMAs that are warmed up. */
  readonly position: 'above' | 'below' | 'between';
  readonly ema20?: number;
  readonly ema50?: number;
  readonly ema200?: number;
  /** Text naming an EMA acting as dynamic support/resistance near price, when one does. */
  readonly support?: string;
}

/** One line of the scoring: `points` > 0 favours Bullish, < 0 Bearish (docs/analysis-scoring.md). */
export interface ScoreItem {
  readonly factor: ConfluenceKey | 'ema' | 'rsi' | 'trend';
  readonly points: number;
  readonly reason: string;
}

export interface TimeframeVerdict {
  /** The timeframe given in the options, or 'unknown'. */
  readonly timeframe: Timeframe | 'unknown';
  readonly bias: Bias;
  readonly confluences: Partial<Record<ConfluenceKey, string>>;
  readonly ema: EmaSummary;
  readonly rsi: { readonly divergence: DivergenceAnswer };
  /** 0-10, one decimal. */
  readonly strength: number;
  /** Why: every scored factor (docs/analysis-scoring.md). */
  readonly scoring: readonly ScoreItem[];
  /** Sum of `scoring` points (signed). */
  readonly score: number;
}

// ---------------------------------------------------------------------------------------------
// Entry point

export interface AnalyzeOptions {
  readonly timeframe?: Timeframe;
  /**
   * Minimum fair value gap height as a multiple of ATR(14) at the gap's middle candle
   * (before ATR has warmed up: the mean true range so far). 0 = every gap (classic definition).
   */
  readonly fvgThreshold?: number;
  /** EMA seed: first close (default, matches TradingView's ta.ema) or SMA of the first period. */
  readonly emaSeed?: EmaSeed;
  /** Decimals used in text; inferred from the prices when absent. */
  readonly pricePrecision?: number;
  /** The higher timeframe's analysis (or just its trend), for the htfStructure confluence. */
  readonly higherTimeframe?: TimeframeAnalysis | HigherTimeframeContext;
  /** Bars each side of an internal swing (default 5). */
  readonly internalLength?: number;
  /** Bars each side of a swing-scope swing (default 20; bench/smc-reference.ts uses 50). */
  readonly swingLength?: number;
  /** Equal highs/lows tolerance as a fraction of ATR(14) (default 0.1). */
  readonly equalTolerance?: number;
}

export interface TimeframeAnalysis {
  readonly timeframe: Timeframe | 'unknown';
  readonly barCount: number;
  readonly pricePrecision: number;
  /** Lowest low and highest high of the series: every zone lies within. */
  readonly priceRange: { readonly low: number; readonly high: number };
  readonly lastClose: number;
  readonly indicators: Indicators;
  /** Both scopes, ordered by index, then kind (high first), then scope (internal first). */
  readonly swings: readonly Swing[];
  /** Both scopes, ordered by breaking bar. */
  readonly structure: readonly StructureBreak[];
  readonly trend: StructureSummary;
  readonly orderBlocks: readonly OrderBlock[];
  readonly fvgs: readonly FairValueGap[];
  readonly liquidity: Liquidity;
  readonly wickRejections: readonly WickRejection[];
  readonly premiumDiscount: PremiumDiscount | null;
  readonly keyLevels: readonly KeyLevel[];
  readonly trendLine: TrendLine | null;
  readonly divergences: readonly RsiDivergence[];
  /** The answer for the latest leg. */
  readonly divergence: DivergenceAnswer;
  readonly verdict: TimeframeVerdict;
}
