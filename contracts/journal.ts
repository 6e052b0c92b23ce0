import { z } from 'zod';
import { ANALYSIS_LIMITS } from './analysis';

/**
 * The HTTP contract of the trading journal (SPEC.md 3 and 5, DECISIONS.md "The journal is
 * kept"): one schema per body, used by the server to validate, by the web form (zod resolver)
 * and by the CSV import, so all three show the same words.
 */

export const JOURNAL_STATUSES = ['PLANNED', 'ACTIVE', 'CLOSED', 'CANCELLED'] as const;
export type JournalStatus = (typeof JOURNAL_STATUSES)[number];
export const TRADE_DIRECTIONS = ['LONG', 'SHORT'] as const;
export type TradeDirection = (typeof TRADE_DIRECTIONS)[number];

/** SPEC.md 5 "Journal form" messages, plus the ones SPEC leaves unstated (marked). */
export const JOURNAL_MESSAGES = {
  symbolRequired: 'Symbol is required',
  direction: 'Direction must be LONG or SHORT', // not in SPEC
  entry: 'Entry price must be positive',
  stopLoss: 'Stop loss must be positive',
  takeProfit: 'Take profit must be positive',
  accountSize: ANALYSIS_LIMITS.accountSize.message,
  accountSizeMax: ANALYSIS_LIMITS.accountSize.maxMessage, // not in SPEC
  priceTooLarge: 'Prices above 10,000,000 are not accepted', // not in SPEC
  numberTooLarge: 'is out of range (at most 1,000,000,000,000 either way)', // not in SPEC
  riskMin: ANALYSIS_LIMITS.riskPercentage.minMessage,
  riskMax: ANALYSIS_LIMITS.riskPercentage.maxMessage,
  stopSideLong: 'Stop loss must be below the entry price for a LONG trade', // not in SPEC
  stopSideShort: 'Stop loss must be above the entry price for a SHORT trade', // not in SPEC
  takeProfitSideLong: 'Take profit must be above the entry price for a LONG trade', // not in SPEC
  takeProfitSideShort: 'Take profit must be below the entry price for a SHORT trade', // not in SPEC
  exitPrice: 'Exit price must be positive', // not in SPEC
  fees: 'Fees must be zero or a positive amount in USD', // not in SPEC
  notesTooLong: 'Notes can be at most 2000 characters', // not in SPEC
  tooManyTags: 'Use at most 20 tags of at most 40 characters each', // not in SPEC
} as const;

export const JOURNAL_DEFAULTS = {
  accountSize: ANALYSIS_LIMITS.accountSize.default,
  riskPercentage: ANALYSIS_LIMITS.riskPercentage.default,
  /** SPEC.md 5: price inputs step 0.00001 (the instrument's precision when known). */
  priceStep: 0.00001,
} as const;

/** Trades whose realised result is within this many R of zero count as breakeven, not won or lost. */
export const BREAKEVEN_R = 0.1;

/**
 * Largest price accepted. Bitcoin, indices and JPY pairs all trade far below it; the bound keeps
 * sizing (which divides by entry - stop and multiplies by contract sizes) finite.
 */
export const JOURNAL_PRICE_MAX = 10_000_000;

/** Largest magnitude of an imported money or size column (riskAmount, units, pnlUsd ...). */
const JOURNAL_NUMBER_MAX = 1e12;

/** Blank form and CSV cells mean "not given", not 0. */
const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/**
 * A price: a positive finite number. Accepts numeric strings (form inputs and CSV cells).
 * SPEC.md 5 writes ">= 0" with the message "must be positive"; a zero price cannot be sized
 * (division by |entry - stop|), so positive it is (docs/decisions/012-trading-journal.md).
 */
const priceNumber = (message: string) =>
  z.coerce
    .number({ error: message })
    .refine((v) => Number.isFinite(v) && v > 0, { error: message, abort: true })
    .refine((v) => v <= JOURNAL_PRICE_MAX, { error: JOURNAL_MESSAGES.priceTooLarge });

const price = (message: string) => z.preprocess(blankToUndefined, priceNumber(message));

const optionalPrice = (message: string) => z.preprocess(blankToUndefined, priceNumber(message).optional());

/** Comma-separated text or a list; each tag trimmed, empty ones dropped, duplicates removed. */
export function splitTags(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? value.split(',') : value.flatMap((v) => v.split(','));
  return [...new Set(parts.map((t) => t.trim()).filter((t) => t.length > 0))];
}

const tagsField = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : splitTags(value)))
  .refine((tags) => tags.length <= 20 && tags.every((t) => t.length <= 40), {
    error: JOURNAL_MESSAGES.tooManyTags,
  });

const notesField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().max(2000, JOURNAL_MESSAGES.notesTooLong).optional(),
);

/** The trade fields a trader types (create and edit share them). */
export const journalTradeFieldsSchema = z.object({
  symbol: z
    .string({ error: JOURNAL_MESSAGES.symbolRequired })
    .trim()
    .min(1, JOURNAL_MESSAGES.symbolRequired)
    .max(30, JOURNAL_MESSAGES.symbolRequired)
    .transform((s) => s.toUpperCase()),
  direction: z.enum(TRADE_DIRECTIONS, { error: JOURNAL_MESSAGES.direction }),
  entry: price(JOURNAL_MESSAGES.entry),
  stopLoss: price(JOURNAL_MESSAGES.stopLoss),
  takeProfit1: price(JOURNAL_MESSAGES.takeProfit),
  takeProfit2: optionalPrice(JOURNAL_MESSAGES.takeProfit),
  accountSize: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: JOURNAL_MESSAGES.accountSize })
      .refine(Number.isFinite, { error: JOURNAL_MESSAGES.accountSize })
      .pipe(
        z
          .number()
          .min(ANALYSIS_LIMITS.accountSize.min, JOURNAL_MESSAGES.accountSize)
          .max(ANALYSIS_LIMITS.accountSize.max, JOURNAL_MESSAGES.accountSizeMax),
      ),
  ),
  riskPercentage: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: JOURNAL_MESSAGES.riskMin })
      .refine(Number.isFinite, { error: JOURNAL_MESSAGES.riskMin })
      .pipe(
        z
          .number()
          .min(ANALYSIS_LIMITS.riskPercentage.min, JOURNAL_MESSAGES.riskMin)
          .max(ANALYSIS_LIMITS.riskPercentage.max, JOURNAL_MESSAGES.riskMax),
      ),
  ),
  notes: notesField,
  tags: tagsField,
});

type TradeSides = {
  direction: TradeDirection;
  entry: number;
  stopLoss: number;
  takeProfit1: number;
  takeProfit2?: number | undefined;
};

/**
 * The stop must be on the losing side of the entry and the targets on the winning side, or
 * the trade's risk (and so its size and R) is meaningless. Shared by every schema below.
 */
export function sideIssues(t: TradeSides): { field: keyof TradeSides; message: string }[] {
  const long = t.direction === 'LONG';
  const issues: { field: keyof TradeSides; message: string }[] = [];
  // zod runs refinements even after a field failed; a side rule about an invalid price
  // would only repeat the real problem in confusing words.
  const valid = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x > 0;
  if (!valid(t.entry)) return issues;
  if (valid(t.stopLoss) && (long ? !(t.stopLoss < t.entry) : !(t.stopLoss > t.entry))) {
    issues.push({
      field: 'stopLoss',
      message: long ? JOURNAL_MESSAGES.stopSideLong : JOURNAL_MESSAGES.stopSideShort,
    });
  }
  for (const field of ['takeProfit1', 'takeProfit2'] as const) {
    const target = t[field];
    if (!valid(target)) continue;
    if (long ? !(target > t.entry) : !(target < t.entry)) {
      issues.push({
        field,
        message: long ? JOURNAL_MESSAGES.takeProfitSideLong : JOURNAL_MESSAGES.takeProfitSideShort,
      });
    }
  }
  return issues;
}

function checkSides(value: TradeSides, ctx: z.RefinementCtx) {
  for (const issue of sideIssues(value)) {
    ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  }
}

/**
 * POST /api/journal: a new PLANNED entry. The server sizes it (riskAmount, lots). `analysisId`
 * names the analysis whose plan it came from ("Add to Journal"), which must be the trader's
 * own: one plan makes one entry, a second answers 409 PLAN_ALREADY_IN_JOURNAL (issue 20).
 */
export const journalCreateBodySchema = journalTradeFieldsSchema
  .extend({
    analysisId: z.preprocess(blankToUndefined, z.uuid({ error: 'The analysis id is not valid' }).optional()),
  })
  .superRefine(checkSides);
export type JournalCreateInput = z.input<typeof journalCreateBodySchema>;
export type JournalCreateBody = z.output<typeof journalCreateBodySchema>;

/**
 * PATCH /api/journal/:id: any subset. Notes and tags can change in every status; trade fields
 * only while PLANNED (the server answers 409 otherwise). The merged entry is checked again
 * with journalCreateBodySchema, so the side rules hold after any edit.
 */
export const journalUpdateBodySchema = journalTradeFieldsSchema
  .partial()
  .extend({
    // null clears the optional fields.
    takeProfit2: z.union([z.null(), optionalPrice(JOURNAL_MESSAGES.takeProfit)]),
    // Blank notes clear them too (an emptied text box).
    notes: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.union([z.null(), notesField]),
    ),
    // A CLOSED trade's exit and fees can be corrected (a typo in the exit, issue 20).
    exitPrice: optionalPrice(JOURNAL_MESSAGES.exitPrice),
    // USD, zero or more (0 clears them); a blank box means "unchanged".
    fees: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: JOURNAL_MESSAGES.fees })
        .refine((v) => Number.isFinite(v) && v >= 0 && v <= JOURNAL_NUMBER_MAX, {
          error: JOURNAL_MESSAGES.fees,
        })
        .optional(),
    ),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: 'Nothing to change',
  });
export type JournalUpdateInput = z.input<typeof journalUpdateBodySchema>;
export type JournalUpdateBody = z.output<typeof journalUpdateBodySchema>;

/**
 * When an exit price looks like a typo (2029.55 typed for 202.955 was once stored as +18,265 R),
 * the journal asks the trader to confirm it before closing or correcting the trade. Either is
 * far: a result beyond FAR_EXIT.maxR (retail trades rarely run past 10 R; 20 leaves room for
 * the exceptional runner) or an exit more than FAR_EXIT.maxMoveShare away from the entry (no
 * forex pair, metal or index moves half its price inside one trade; a misplaced decimal point
 * moves it 10x). The server accepts the price either way: the check only catches slips.
 */
export const FAR_EXIT = { maxR: 20, maxMoveShare: 0.5 } as const;

export function farExitReason(
  trade: { direction: TradeDirection; entry: number; stopLoss: number | null },
  exitPrice: number,
): string | null {
  if (!(exitPrice > 0) || !(trade.entry > 0)) return null;
  const move = (exitPrice - trade.entry) / trade.entry;
  if (Math.abs(move) > FAR_EXIT.maxMoveShare) {
    return `The exit is ${Math.round(Math.abs(move) * 100)} % ${move > 0 ? 'above' : 'below'} the entry.`;
  }
  if (trade.stopLoss !== null && trade.stopLoss !== trade.entry) {
    const risk = Math.abs(trade.entry - trade.stopLoss);
    const r = ((exitPrice - trade.entry) / risk) * (trade.direction === 'LONG' ? 1 : -1);
    if (Math.abs(r) > FAR_EXIT.maxR) {
      return `That would be a result of ${r > 0 ? '+' : ''}${r.toFixed(1)} R.`;
    }
  }
  return null;
}

/** POST /api/journal/:id/close */
export const journalCloseBodySchema = z.object({ exitPrice: price(JOURNAL_MESSAGES.exitPrice) });
export type JournalCloseBody = z.output<typeof journalCloseBodySchema>;

const num = z.number();

export const journalResultSchema = z.object({
  /** Realised profit (+) or loss (-) in USD of the sized position. */
  pnlUsd: num,
  /**
   * Realised result in units of the planned risk: (exit - entry) / (entry - stop), signed by
   * direction. Null for an imported trade without a stop.
   */
  rMultiple: num.nullable(),
});
export type JournalResult = z.infer<typeof journalResultSchema>;

/** One stored journal entry, as every endpoint answers it. */
export const journalEntrySchema = z.object({
  id: z.string(),
  /** When the trade was logged (ISO 8601). */
  timestamp: z.string(),
  symbol: z.string(),
  direction: z.enum(TRADE_DIRECTIONS),
  entry: num,
  /** Null only for a trade imported from a broker statement that had no stop (no R then). */
  stopLoss: num.nullable(),
  /** Null only for an imported trade that had no target. */
  takeProfit1: num.nullable(),
  takeProfit2: num.nullable(),
  accountSize: num,
  /** Null for an imported trade without a stop: nothing was risked by plan. */
  riskPercentage: num.nullable(),
  /** accountSize x riskPercentage / 100 (SPEC.md 9); null as riskPercentage. */
  riskAmount: num.nullable(),
  /** Lots rounded down to 0.01 from the instrument-aware sizing (DECISIONS.md). */
  lotSize: num,
  /** Units of the base currency / ounces / index units in lotSize. */
  units: num,
  /** |takeProfit1 - entry| / |entry - stopLoss|; null without a stop or target. */
  plannedRiskReward: num.nullable(),
  instrument: z.object({
    /** Canonical symbol the sizing used ("EURUSD" for "eur/usd"). */
    symbol: z.string(),
    /** False when the symbol is not in the instrument table: the lot size is a guess. */
    known: z.boolean(),
    /** Decimals prices are shown with. */
    precision: z.number().int(),
    /** True when the USD figures rest on a reference exchange rate (crosses). */
    approximate: z.boolean(),
  }),
  status: z.enum(JOURNAL_STATUSES),
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  activatedAt: z.string().nullable(),
  exitPrice: num.nullable(),
  closedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  result: journalResultSchema.nullable(),
  /** Costs of a hand-logged closed trade in USD, already taken off result.pnlUsd. */
  fees: num.nullable().optional(),
  /** Set for a trade imported from a broker statement (issue 21). */
  broker: z.lazy(() => journalBrokerInfoSchema).nullable(),
  /** The analysis whose plan this entry was added from (GET /api/analyses/:id); null when none. */
  analysisId: z.string().nullable(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/**
 * Bounds that keep one journal's requests small (issue 19.9). A trader who logs ten trades a
 * day every trading day for four years has 10,000 entries; past that, creating or importing
 * answers 409. The list comes in pages, newest first.
 */
export const JOURNAL_LIMITS = {
  maxEntries: 10_000,
  /** Entries per page of GET /api/journal when the client does not say. */
  pageSize: 50,
  /** Most entries one page may ask for (about 100 KB of JSON). */
  maxPageSize: 200,
} as const;

/**
 * Sortable columns of the list: log time (the trade's open time for imports), symbol, realised
 * R (trades without an R sort below every R) and P/L (trades without a result likewise).
 */
export const JOURNAL_SORT_KEYS = ['date', 'symbol', 'r', 'pnl'] as const;
export type JournalSortKey = (typeof JOURNAL_SORT_KEYS)[number];

/**
 * Outcome filter: win / loss / breakeven by the statistics' rules (docs/journal-statistics.md),
 * or "open" for trades without a result yet (planned, active, cancelled).
 */
export const JOURNAL_OUTCOMES = ['win', 'loss', 'breakeven', 'open'] as const;
export type JournalOutcomeFilter = (typeof JOURNAL_OUTCOMES)[number];

/** GET /api/journal query: `limit` entries after `cursor` (the previous page's nextCursor). */
export const journalListQuerySchema = z.object({
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `limit must be a whole number from 1 to ${JOURNAL_LIMITS.maxPageSize}` })
      .int(`limit must be a whole number from 1 to ${JOURNAL_LIMITS.maxPageSize}`)
      .min(1, `limit must be a whole number from 1 to ${JOURNAL_LIMITS.maxPageSize}`)
      .max(JOURNAL_LIMITS.maxPageSize, `limit must be a whole number from 1 to ${JOURNAL_LIMITS.maxPageSize}`)
      .default(JOURNAL_LIMITS.pageSize),
  ),
  cursor: z.preprocess(blankToUndefined, z.string().max(200).optional()),
  /** Order of the list (the table view's sortable columns); newest first when not given. */
  sort: z.preprocess(
    blankToUndefined,
    z
      .enum(JOURNAL_SORT_KEYS, { error: `sort must be one of ${JOURNAL_SORT_KEYS.join(', ')}` })
      .default('date'),
  ),
  order: z.preprocess(
    blankToUndefined,
    z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
  ),
  /** Filters, all optional and combined with AND. */
  symbol: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(30)
      .transform((s) => s.toUpperCase())
      .optional(),
  ),
  direction: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
    z.enum(TRADE_DIRECTIONS, { error: JOURNAL_MESSAGES.direction }).optional(),
  ),
  outcome: z.preprocess(
    blankToUndefined,
    z.enum(JOURNAL_OUTCOMES, { error: `outcome must be one of ${JOURNAL_OUTCOMES.join(', ')}` }).optional(),
  ),
  tag: z.preprocess(blankToUndefined, z.string().trim().max(40).optional()),
  /** Trades closed on this UTC day (YYYY-MM-DD): the calendar's day. */
  closedOn: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'closedOn must be a date YYYY-MM-DD')
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'closedOn must be a real date')
      .optional(),
  ),
});
export type JournalListQuery = z.input<typeof journalListQuerySchema>;
export type JournalListParams = z.output<typeof journalListQuerySchema>;

export const journalListSchema = z.object({
  entries: z.array(journalEntrySchema),
  /** Pass as `cursor` to get the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type JournalList = z.infer<typeof journalListSchema>;

// ---------------------------------------------------------------------------------------------
// Statistics (GET /api/journal/stats); formulas in docs/journal-statistics.md

export const profitFactorSchema = z.discriminatedUnion('kind', [
  /** Gross profit / gross loss. */
  z.object({ kind: z.literal('ratio'), value: num }),
  /** Profitable closed trades and not one loss: the ratio has no finite value. */
  z.object({ kind: z.literal('noLosses') }),
  /** No money won or lost yet (no closed trades, or only exact zeros). */
  z.object({ kind: z.literal('none') }),
]);
export type ProfitFactor = z.infer<typeof profitFactorSchema>;

export const equityPointSchema = z.object({
  /** 0 is the starting balance; n is after the n-th closed trade. */
  index: z.number().int(),
  /** Close time of the trade (null for the starting point). */
  at: z.string().nullable(),
  balance: num,
  pnlUsd: num,
  entryId: z.string().nullable(),
  symbol: z.string().nullable(),
});
export type EquityPoint = z.infer<typeof equityPointSchema>;

export const recentTradeSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  direction: z.enum(TRADE_DIRECTIONS),
  closedAt: z.string(),
  pnlUsd: num,
  /** Null for an imported trade without a stop. */
  rMultiple: num.nullable(),
  outcome: z.enum(['win', 'loss', 'breakeven']),
});

/** One group of a breakdown (engine/journal/breakdowns.ts). */
export const breakdownRowSchema = z.object({
  key: z.string(),
  trades: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  winRate: num.nullable(),
  netPnlUsd: num,
  averageR: num.nullable(),
  totalR: num,
  /** Fewer closed trades than minMeaningfulTrades: too few to mean anything. */
  tooFewTrades: z.boolean(),
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

export const journalBreakdownsSchema = z.object({
  minMeaningfulTrades: z.number().int(),
  byTag: z.array(breakdownRowSchema),
  bySymbol: z.array(breakdownRowSchema),
  byDirection: z.array(breakdownRowSchema),
  /** Weekday of entry, UTC. */
  byWeekday: z.array(breakdownRowSchema),
  /** Hour of entry, UTC. */
  byHour: z.array(breakdownRowSchema),
});
export type JournalBreakdowns = z.infer<typeof journalBreakdownsSchema>;

/** One UTC day of closed trades (engine/journal/analytics.ts). */
export const dayPnlSchema = z.object({
  /** YYYY-MM-DD, UTC, of the close. */
  date: z.string(),
  trades: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  pnlUsd: num,
  /** Sum of R of the day's trades that have one. */
  totalR: num,
});
export type DayPnl = z.infer<typeof dayPnlSchema>;

export const weekPnlSchema = z.object({
  /** The Monday (UTC) the week starts on, YYYY-MM-DD. */
  weekStart: z.string(),
  trades: z.number().int(),
  pnlUsd: num,
});
export type WeekPnl = z.infer<typeof weekPnlSchema>;

export const rDistributionSchema = z.object({
  /** Width of one bar in R; each bar is centred on a multiple of it. */
  binWidth: num,
  bins: z.array(
    z.object({
      /** The R the bar is centred on. */
      r: num,
      /** True for the end bars that also hold everything beyond them. */
      open: z.boolean(),
      count: z.number().int(),
    }),
  ),
  /** Closed trades with an R (the histogram's sample size). */
  trades: z.number().int(),
  /** Closed trades without an R (imported without a stop): not in the bars. */
  withoutR: z.number().int(),
  median: num.nullable(),
});
export type RDistribution = z.infer<typeof rDistributionSchema>;

export const plannedVsRealisedSchema = z.object({
  trades: z.array(
    z.object({
      id: z.string(),
      analysisId: z.string(),
      symbol: z.string(),
      direction: z.enum(TRADE_DIRECTIONS),
      closedAt: z.string(),
      /** The plan's R:R to its first target. */
      plannedR: num,
      realisedR: num,
    }),
  ),
  averagePlannedR: num.nullable(),
  averageRealisedR: num.nullable(),
  /** Trades whose realised R reached the planned R (within 0.01 R). */
  reachedTarget: z.number().int(),
});
export type PlannedVsRealised = z.infer<typeof plannedVsRealisedSchema>;

export const journalStatsSchema = z.object({
  totalTrades: z.number().int(),
  plannedTrades: z.number().int(),
  activeTrades: z.number().int(),
  closedTrades: z.number().int(),
  cancelledTrades: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  breakevens: z.number().int(),
  /** Percent, wins / (wins + losses) x 100; null without a decisive trade. */
  winRate: num.nullable(),
  averagePlannedRiskReward: num.nullable(),
  averageRealisedR: num.nullable(),
  averageWinR: num.nullable(),
  averageLossR: num.nullable(),
  grossProfitUsd: num,
  grossLossUsd: num,
  profitFactor: profitFactorSchema,
  expectancyR: num.nullable(),
  expectancyUsd: num.nullable(),
  netPnlUsd: num,
  /** Account size of the first closed trade: where the equity curve starts. */
  startingBalance: num.nullable(),
  /** Percent of the starting balance; null before the first closed trade. */
  totalReturnPct: num.nullable(),
  maxDrawdownUsd: num,
  maxDrawdownPct: num,
  equityCurve: z.array(equityPointSchema),
  recentTrades: z.array(recentTradeSchema),
  /** Closed trades grouped by tag, symbol, direction, weekday and hour of entry. */
  breakdowns: journalBreakdownsSchema,
  /** Closed trades by UTC day of close, oldest first; only days with trades (the calendar). */
  daily: z.array(dayPnlSchema),
  /** The same by week (Monday to Sunday, UTC), oldest first. */
  weekly: z.array(weekPnlSchema),
  /** How the realised R multiples are spread (the histogram beside the equity curve). */
  rDistribution: rDistributionSchema,
  /** Closed trades planned from an analysis: the plan's R:R against the R realised. */
  plannedVsRealised: plannedVsRealisedSchema,
});
export type JournalStats = z.infer<typeof journalStatsSchema>;

// ---------------------------------------------------------------------------------------------
// CSV (GET /api/journal/export.csv, POST /api/journal/import)

/** Column order of the export; the import reads the same header (any order, by name). */
export const JOURNAL_CSV_COLUMNS = [
  'id',
  'timestamp',
  'symbol',
  'direction',
  'entry',
  'stopLoss',
  'takeProfit1',
  'takeProfit2',
  'accountSize',
  'riskPercentage',
  'riskAmount',
  'lotSize',
  'units',
  'instrument',
  'status',
  'notes',
  'tags',
  'activatedAt',
  'exitPrice',
  'closedAt',
  'cancelledAt',
  'pnlUsd',
  'rMultiple',
  // The analysis the entry was added from (empty when none); last, so files exported before it
  // was added still read (columns are found by header name).
  'analysisId',
] as const;
export type JournalCsvColumn = (typeof JOURNAL_CSV_COLUMNS)[number];

const isoDate = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: message })
      .refine((s) => !Number.isNaN(Date.parse(s)), { error: message })
      .optional(),
  );

const optionalNumber = (message: string, column: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: message })
      .refine(Number.isFinite, { error: message, abort: true })
      .refine((v) => Math.abs(v) <= JOURNAL_NUMBER_MAX, {
        error: `${column} ${JOURNAL_MESSAGES.numberTooLarge}`,
      })
      .optional(),
  );

/**
 * One CSV row of the import: the trade fields, plus the lifecycle as exported. Derived
 * money columns (riskAmount, lotSize, units, pnlUsd, rMultiple) are kept when present so a
 * round trip loses nothing, and computed when blank.
 */
export const journalImportRowSchema = journalTradeFieldsSchema
  .extend({
    id: z.preprocess(blankToUndefined, z.string().uuid('id must be a UUID').optional()),
    analysisId: z.preprocess(blankToUndefined, z.string().uuid('analysisId must be a UUID').optional()),
    timestamp: isoDate('timestamp must be an ISO date'),
    status: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
      z
        .enum(JOURNAL_STATUSES, { error: 'status must be PLANNED, ACTIVE, CLOSED or CANCELLED' })
        .default('PLANNED'),
    ),
    riskAmount: optionalNumber('riskAmount must be a number', 'riskAmount'),
    lotSize: optionalNumber('lotSize must be a number', 'lotSize'),
    units: optionalNumber('units must be a number', 'units'),
    instrument: z.preprocess(blankToUndefined, z.string().optional()),
    activatedAt: isoDate('activatedAt must be an ISO date'),
    exitPrice: optionalPrice(JOURNAL_MESSAGES.exitPrice),
    closedAt: isoDate('closedAt must be an ISO date'),
    cancelledAt: isoDate('cancelledAt must be an ISO date'),
    pnlUsd: optionalNumber('pnlUsd must be a number', 'pnlUsd'),
    rMultiple: optionalNumber('rMultiple must be a number', 'rMultiple'),
  })
  .superRefine((row, ctx) => {
    checkSides(row, ctx);
    if (row.status === 'CLOSED' && row.exitPrice === undefined) {
      ctx.addIssue({ code: 'custom', path: ['exitPrice'], message: 'A CLOSED trade needs its exit price' });
    }
    if (row.status !== 'CLOSED' && row.exitPrice !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['exitPrice'], message: 'Only a CLOSED trade has an exit price' });
    }
  });
export type JournalImportRow = z.output<typeof journalImportRowSchema>;

export const journalImportRowErrorSchema = z.object({
  /** 1-based data row (the header is row 0), as a spreadsheet user counts below the header. */
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});

/** POST /api/journal/import -> 200 */
export const journalImportResultSchema = z.object({
  imported: z.number().int(),
  /** Rows whose id (or broker ticket) is already in this journal: left as they are. */
  skipped: z.number().int(),
  /** Statement imports: the format read and the rows that were not trades, with the reason. */
  format: z.string().optional(),
  skippedRows: z.array(z.object({ row: z.number().int(), reason: z.string() })).optional(),
});
export type JournalImportResult = z.infer<typeof journalImportResultSchema>;

/** Largest CSV accepted by the import (bytes). */
export const JOURNAL_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Broker statements (POST /api/journal/import with a multipart `file`; issue 21)

/** Largest statement file accepted (bytes): a year of MT5 history with every deal is well under. */
export const JOURNAL_STATEMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Where an imported entry came from, and the money as the statement gave it. */
export const journalBrokerInfoSchema = z.object({
  /** 'mt4', 'mt5' or 'ctrader': re-imports are deduplicated per source and ticket. */
  source: z.string(),
  ticket: z.string(),
  /** Minutes the statement's clock was ahead of UTC; stored times are UTC. */
  utcOffsetMinutes: z.number().int(),
  /** The statement's deposit currency (null when it did not say; then USD is assumed). */
  accountCurrency: z.string().nullable(),
  /** In accountCurrency: the price move's profit, and the costs kept apart from it. */
  grossProfit: num,
  commission: num,
  swap: num,
  netProfit: num,
  /** True when this close took only part of the position. */
  partialClose: z.boolean(),
  /** The account number the statement named; null when it named none. */
  account: z.string().nullable(),
});
export type JournalBrokerInfo = z.infer<typeof journalBrokerInfoSchema>;

/** Form fields that may come with the statement file. */
export const journalStatementFieldsSchema = z.object({
  /**
   * Hours the MetaTrader server clock is ahead of UTC (GMT+2 -> 2). MetaTrader reports do not
   * state it; cTrader's header does and wins.
   */
  utcOffsetHours: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'The time zone offset must be a number of hours, e.g. 2 for GMT+2' })
      .refine((h) => Number.isFinite(h) && h >= -12 && h <= 14 && Number.isInteger(h * 4), {
        error: 'The time zone offset must be between -12 and +14 hours (quarter hours allowed)',
      })
      .default(0),
  ),
  /** Balance before the first trade, in the statement's currency, when the statement has no deposit row. */
  accountSize: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: JOURNAL_MESSAGES.accountSize })
      .refine((n) => Number.isFinite(n) && n >= ANALYSIS_LIMITS.accountSize.min, {
        error: JOURNAL_MESSAGES.accountSize,
      })
      .optional(),
  ),
});

export const journalStatementTradeSchema = z.object({
  ticket: z.string(),
  symbol: z.string(),
  direction: z.enum(TRADE_DIRECTIONS),
  volumeLots: num,
  openedAt: z.string(),
  closedAt: z.string(),
  entry: num,
  exit: num,
  stopLoss: num.nullable(),
  takeProfit: num.nullable(),
  commission: num,
  swap: num,
  grossProfit: num,
  netProfit: num,
  pips: num.nullable(),
  partialClose: z.boolean(),
  /** As it will be stored: net P/L in USD and R (null without a stop). */
  pnlUsd: num,
  rMultiple: num.nullable(),
  /** Already in this journal from an earlier import: it will be left out. */
  alreadyImported: z.boolean(),
});
export type JournalStatementTrade = z.infer<typeof journalStatementTradeSchema>;

/** POST /api/journal/import?dryRun=1 with a statement: what would be imported; nothing is written. */
export const journalImportPreviewSchema = z.object({
  dryRun: z.literal(true),
  format: z.string(),
  formatLabel: z.string(),
  accountCurrency: z.string().nullable(),
  /** The account number the statement names (part of the deduplication key); null when none. */
  accountNumber: z.string().nullable(),
  utcOffsetMinutes: z.number().int(),
  /** Trades recognised in the file. */
  recognised: z.number().int(),
  /** Of those, new to this journal. */
  toImport: z.number().int(),
  alreadyImported: z.number().int(),
  skippedRows: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  /** Things the trader should know (approximate currency conversion, assumed currency ...). */
  notes: z.array(z.string()),
  trades: z.array(journalStatementTradeSchema),
});
export type JournalImportPreview = z.infer<typeof journalImportPreviewSchema>;
