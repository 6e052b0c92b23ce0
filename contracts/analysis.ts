import { z } from 'zod';
import type { Problem } from './problem';

/**
 * The HTTP contract of POST /api/analyze: the numeric form fields it accepts and the analysis
 * result it returns (SPEC.md 3, DECISIONS.md). The result is exactly what the engine's
 * buildPlan returns and what `chart-to-plan plan` prints; engine/plan/contract.test.ts proves
 * the engine's type and this schema describe the same shape.
 */

// ---------------------------------------------------------------------------------------------
// Request (multipart text fields; the three files are checked by the route)

/** SPEC.md 5 "Analysis form" limits and messages. */
export const ANALYSIS_LIMITS = {
  accountSize: {
    min: 100,
    // A bound so sizing arithmetic stays finite (1e300 once overflowed to Infinity and was
    // stored as null); a billion dollars is beyond any retail account this plans for.
    max: 1_000_000_000,
    default: 10_000,
    message: 'Account size must be at least $100',
    maxMessage: 'Account size cannot exceed $1,000,000,000',
    requiredMessage: 'Account size is required',
  },
  riskPercentage: {
    min: 0.1,
    max: 10,
    step: 0.1,
    default: 2,
    minMessage: 'Risk must be at least 0.1%',
    maxMessage: 'Risk cannot exceed 10%',
    requiredMessage: 'Risk percentage is required',
    stepMessage: 'Risk goes in steps of 0.1% (for example 1.5%)',
  },
} as const;

export const CHART_FIELDS = {
  chart5m: { label: '5-minute chart', required: '5-minute chart is required' },
  chart15m: { label: '15-minute chart', required: '15-minute chart is required' },
  chart4h: { label: '4-hour chart', required: '4-hour chart is required' },
} as const;

/**
 * A number field of the form: blank or missing says it is required (a bare coercion would turn
 * it into NaN and blame the value), anything else is coerced as the multipart text it arrives as.
 */
const formNumber = (requiredMessage: string, invalidMessage: string) =>
  z.preprocess(
    (value) =>
      value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
        ? undefined
        : Number(value),
    z.number({ error: (issue) => (issue.input === undefined ? requiredMessage : invalidMessage) }),
  );

/** True when `value` is a whole number of `step`s (0.3 is 3 x 0.1 despite floating point). */
const onStep = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-9;

export const analyzeFieldsSchema = z.object({
  accountSize: formNumber(
    ANALYSIS_LIMITS.accountSize.requiredMessage,
    ANALYSIS_LIMITS.accountSize.message,
  ).pipe(
    z
      .number()
      .min(ANALYSIS_LIMITS.accountSize.min, ANALYSIS_LIMITS.accountSize.message)
      .max(ANALYSIS_LIMITS.accountSize.max, ANALYSIS_LIMITS.accountSize.maxMessage),
  ),
  riskPercentage: formNumber(
    ANALYSIS_LIMITS.riskPercentage.requiredMessage,
    ANALYSIS_LIMITS.riskPercentage.minMessage,
  ).pipe(
    z
      .number()
      .min(ANALYSIS_LIMITS.riskPercentage.min, ANALYSIS_LIMITS.riskPercentage.minMessage)
      .max(ANALYSIS_LIMITS.riskPercentage.max, ANALYSIS_LIMITS.riskPercentage.maxMessage)
      .refine(
        // Below the minimum, its own message says enough.
        (v) => v < ANALYSIS_LIMITS.riskPercentage.min || onStep(v, ANALYSIS_LIMITS.riskPercentage.step),
        ANALYSIS_LIMITS.riskPercentage.stepMessage,
      ),
  ),
});
export type AnalyzeFields = z.infer<typeof analyzeFieldsSchema>;

// ---------------------------------------------------------------------------------------------
// Result

const timeframe = z.enum(['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '1d', '1w', '1M']);
export const slotSchema = z.enum(['5m', '15m', '4h']);
const bias = z.enum(['Bullish', 'Bearish', 'Neutral']);
const direction = z.enum(['bullish', 'bearish']);
const currency = z.enum(['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'NZD', 'XAU', 'XAG']);

/** Every value here is a finite number: NaN/Infinity cannot cross JSON. */
const num = z.number();

export const candleGeometrySchema = z.object({
  x: num,
  open: num,
  high: num,
  low: num,
  close: num,
  yOpen: num,
  yHigh: num,
  yLow: num,
  yClose: num,
});

export const zoneShapeSchema = z.object({
  kind: z.enum(['orderBlock', 'fvg']),
  direction,
  role: z.enum(['setup', 'context']),
  status: z.string(),
  left: num,
  right: num,
  top: num,
  bottom: num,
  priceTop: num,
  priceBottom: num,
  label: z.string(),
});

export const lineShapeSchema = z.object({
  kind: z.enum([
    'liquidity',
    'keyLevel',
    'equilibrium',
    'currentPrice',
    'entry',
    'stopLoss',
    'takeProfit1',
    'takeProfit2',
  ]),
  price: num,
  y: num,
  x1: num,
  x2: num,
  offChart: z.boolean(),
  label: z.string(),
});

export const markShapeSchema = z.object({
  kind: z.enum(['BOS', 'CHoCH', 'sweep']),
  direction,
  x1: num,
  x2: num,
  y: num,
  price: num,
  label: z.string(),
});

export const timeframeOverlaySchema = z.object({
  candles: z.array(candleGeometrySchema),
  zones: z.array(zoneShapeSchema),
  lines: z.array(lineShapeSchema),
  marks: z.array(markShapeSchema),
});

export const chartInfoSchema = z.object({
  symbol: z.string().nullable(),
  readTimeframe: timeframe.nullable(),
  image: z.object({ width: num, height: num }).nullable(),
  plot: z.object({ left: num, top: num, right: num, bottom: num }),
  priceScale: z.object({ mode: z.enum(['linear', 'log']), slope: num, intercept: num }),
  barSpacing: num,
  candleCount: num,
  readConfidence: num,
  /** Where the candles came from; analyses stored before data uploads existed were all images. */
  source: z.enum(['image', 'data']).default('image'),
});

const confluenceText = z.string().optional();
export const confluencesSchema = z.object({
  bosChoch: confluenceText,
  orderBlock: confluenceText,
  fvg: confluenceText,
  liquiditySweep: confluenceText,
  wickRejection: confluenceText,
  premiumDiscount: confluenceText,
  htfStructure: confluenceText,
  majorSupport: confluenceText,
  trendLine: confluenceText,
});

export const scoreItemSchema = z.object({
  factor: z.enum([
    'bosChoch',
    'orderBlock',
    'fvg',
    'liquiditySweep',
    'wickRejection',
    'premiumDiscount',
    'htfStructure',
    'majorSupport',
    'trendLine',
    'ema',
    'rsi',
    'trend',
  ]),
  points: num,
  reason: z.string(),
});

export const timeframeResultSchema = z.object({
  timeframe: slotSchema,
  bias,
  confluences: confluencesSchema,
  ema: z.object({
    trend: bias,
    position: z.enum(['above', 'below', 'between']),
    ema20: num.optional(),
    ema50: num.optional(),
    ema200: num.optional(),
    support: z.string().optional(),
  }),
  rsi: z.object({ divergence: z.enum(['Bullish Divergence', 'Bearish Divergence', 'No Divergence']) }),
  strength: num.min(0).max(10),
  trend: z.enum(['bullish', 'bearish', 'ranging']),
  scoring: z.array(scoreItemSchema),
  chart: chartInfoSchema,
  overlay: timeframeOverlaySchema,
});

/** Entry, stop and targets, as numbers and as the platform prints them (trade plans and setups to watch). */
const planLevels = {
  entry: num,
  stopLoss: num,
  takeProfit1: num,
  /** Null when no liquidity lies beyond TP1 within the R cap (targetNotes.takeProfit2 says why). */
  takeProfit2: num.nullable(),
  formatted: z.object({
    entry: z.string(),
    stopLoss: z.string(),
    takeProfit1: z.string(),
    takeProfit2: z.string().nullable(),
  }),
};

export const tradePlanSchema = z.object({
  symbol: z.string(),
  direction: z.enum(['LONG', 'SHORT']),
  entryType: z.enum(['limit', 'market']),
  ...planLevels,
  targetNotes: z.object({ takeProfit1: z.string(), takeProfit2: z.string() }),
  precision: num,
  confidence: num.int().min(0).max(100),
  riskRewardRatio: num,
  riskRewardRatioTp2: num.nullable(),
  riskPercent: num,
  riskAmount: num,
  potentialLoss: num,
  potentialProfitTp1: num,
  potentialProfitTp2: num.nullable(),
  lotSize: num.min(0),
  units: num.min(0),
  positionValue: num,
  pipValue: num,
  stopPips: num,
  quoteToUsd: num,
  quoteToUsdSource: z.enum(['usd-quoted', 'chart-price', 'reference-rate', 'caller']),
  sizingApproximate: z.boolean(),
  ratesAsOf: z.string().optional(),
  setup: z.object({
    zone: z.enum(['orderBlock', 'fvg', 'orderBlock+fvg']),
    zoneTop: num,
    zoneBottom: num,
    trigger: z.string().nullable(),
  }),
  strategy: z.string(),
  tradeManagement: z.string(),
  invalidation: z.array(z.string()),
  newsWatchPoints: z.array(z.string()).optional(),
  strategyFor5m: z.string().optional(),
  strategyFor15m: z.string().optional(),
});

export const confidencePartSchema = z.object({
  key: z.enum([
    'htfBias',
    'alignment15m',
    'setupZone',
    'trigger5m',
    'premiumDiscount',
    'emaTrend',
    'rsiDivergence',
    'riskReward',
    'readingQuality',
  ]),
  label: z.string(),
  points: num,
  max: num,
  detail: z.string(),
});

const zoneKind = z.enum(['orderBlock', 'fvg', 'orderBlock+fvg']);

/** The last close of the 5m chart: what every plan is checked against. */
export const currentPriceSchema = z.object({ price: num, formatted: z.string(), timeframe: z.literal('5m') });

/** A conditional plan shown instead of a trade: not a trade now (engine/plan/types.ts SetupToWatch). */
export const setupToWatchSchema = z.object({
  direction: z.enum(['LONG', 'SHORT']),
  waitingFor: z.enum(['zone', 'trigger']),
  zone: z.object({ kind: zoneKind, top: num, bottom: num, formatted: z.string() }),
  trigger: z.string(),
  ...planLevels,
  riskRewardRatio: num,
  riskRewardRatioTp2: num.nullable(),
  confidenceIfTriggered: num.int().min(0).max(100),
  summary: z.string(),
  invalidIf: z.array(z.string()),
});

export const analysisResultSchema = z.object({
  symbol: z.string(),
  instrument: z.object({
    symbol: z.string(),
    name: z.string(),
    known: z.boolean(),
    assetClass: z.enum(['fx', 'metal', 'index']),
    base: currency.nullable(),
    quote: currency,
    pipSize: num,
    precision: num,
    contractSize: num,
  }),
  bias: z.enum(['LONG', 'SHORT']).nullable(),
  timeframes: z.array(timeframeResultSchema),
  currentPrice: currentPriceSchema,
  tradePlan: tradePlanSchema.nullable(),
  noTradeReason: z.string().nullable(),
  setupToWatch: setupToWatchSchema.nullable(),
  confidence: z.object({
    /** Whole points, the exact sum of the parts: the number shown is the number gated. */
    score: num.int().min(0).max(100),
    threshold: num,
    /** Confidence bucket ("75-84") under which backtest figures for such plans can be shown. */
    bucket: z.string(),
    parts: z.array(confidencePartSchema),
  }),
  keyLevels: z.object({
    majorSupport: z.array(z.string()),
    majorResistance: z.array(z.string()),
    weeklyLevels: z.array(z.string()).optional(),
    monthlyLevels: z.array(z.string()).optional(),
  }),
  educationalNotes: z.object({
    rsiDivergence: z.string(),
    orderBlocks: z.string(),
    fvgExplanation: z.string(),
    riskManagement: z.string(),
  }),
  warnings: z.array(z.string()),
});

export type AnalysisResultDto = z.infer<typeof analysisResultSchema>;
export type TradePlanDto = z.infer<typeof tradePlanSchema>;
export type TimeframeResultDto = z.infer<typeof timeframeResultSchema>;
export type SetupToWatchDto = z.infer<typeof setupToWatchSchema>;

// ---------------------------------------------------------------------------------------------
// Uploads and stored analyses (POST /api/analyze answer, GET /api/analyses[/:id])

/** Upload limits (decision 011): in a zod-free module of their own for the command line. */
export { UPLOAD_LIMITS } from './upload-limits';

/** POST /api/charts/identify: what each dropped file is, so the form can place it in its slot. */
export const identifiedChartSchema = z.object({
  source: z.enum(['image', 'data']),
  /** The timeframe its title (or its bars' interval) says; null when it cannot be told. */
  timeframe: timeframe.nullable(),
  symbol: z.string().nullable(),
  /** Why this file cannot be used (its slot shows it); null when it can. */
  problem: z.string().nullable(),
});
export const identifyAnswerSchema = z.object({ charts: z.array(identifiedChartSchema) });
export type IdentifiedChartDto = z.infer<typeof identifiedChartSchema>;
export type IdentifyAnswerDto = z.infer<typeof identifyAnswerSchema>;

/**
 * Progress of POST /api/analyze when the client asks for `application/x-ndjson`: one JSON object
 * per line, stages as the server starts them, then the stored analysis or the problem.
 */
export const ANALYZE_STREAM_TYPE = 'application/x-ndjson';
export type AnalyzeStreamEvent =
  | { stage: 'checking' }
  | { stage: 'reading'; slot: ChartSlot; source: 'image' | 'data' }
  | { stage: 'analysing' }
  | { stage: 'storing' }
  | { done: StoredAnalysisDto }
  | { problem: Problem };

export const CHART_SLOT_FIELDS = { '5m': 'chart5m', '15m': 'chart15m', '4h': 'chart4h' } as const;

/** One analysis as stored for its owner: the inputs, the result and its id. */
export const storedAnalysisSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  accountSize: num,
  riskPercentage: num,
  result: analysisResultSchema,
  /** The journal entry made from this analysis's plan ("Add to Journal"), if any (issue 20). */
  journalEntryId: z.string().nullable().optional(),
});

/** A row of the trader's history list (newest first). */
export const analysisSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  symbol: z.string(),
  direction: z.enum(['LONG', 'SHORT']).nullable(),
  confidence: num,
  tradeRecommended: z.boolean(),
  /** No trade now, but a setup to watch was offered (the badge says "Setup to watch"). */
  watch: z.boolean(),
});

/** GET /api/analyses?symbol=EURUSD: the history list, optionally of one pair. */
export const analysisListQuerySchema = z.object({
  symbol: z
    .string()
    .trim()
    .max(30)
    .transform((s) => s.toUpperCase())
    .optional(),
});

export const analysisListSchema = z.object({
  analyses: z.array(analysisSummarySchema),
  /** Every pair the trader has analyses of (for the filter), alphabetical. */
  symbols: z.array(z.string()).optional(),
});

export type StoredAnalysisDto = z.infer<typeof storedAnalysisSchema>;
export type AnalysisSummaryDto = z.infer<typeof analysisSummarySchema>;
export type AnalysisListDto = z.infer<typeof analysisListSchema>;
export type ChartSlot = z.infer<typeof slotSchema>;
