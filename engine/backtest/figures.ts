/**
 * The committed backtest figures (figures.json, written by `npm run bench:backtest -- --write`)
 * and the look-up the confidence breakdown uses to show them beside a plan's confidence.
 */
import figuresJson from './figures.json';
import type { BacktestFigures } from './stats';

/**
 * Confidence buckets the figures are grouped by, the same as the result's confidence.bucket
 * (engine/plan/weights.ts CONFIDENCE_BUCKETS of issue 18) so the app can look a plan's bucket up.
 * Whole-number scores; `max` is inclusive. Trade plans need 75 or more, so they fall in the last
 * two; setups to watch can fall in any.
 */
export const CONFIDENCE_BUCKETS = [
  { label: '0-59', min: 0, max: 59 },
  { label: '60-74', min: 60, max: 74 },
  { label: '75-84', min: 75, max: 84 },
  { label: '85-100', min: 85, max: 100 },
] as const;

export type BucketLabel = (typeof CONFIDENCE_BUCKETS)[number]['label'];

export function bucketOf(confidence: number): BucketLabel | null {
  return CONFIDENCE_BUCKETS.find((b) => confidence >= b.min && confidence <= b.max)?.label ?? null;
}

/** What figures.json holds: how the run was made, and the figures of each part. */
export interface BacktestReport {
  readonly generatedBy: string;
  readonly data: {
    readonly symbol: string;
    readonly from: string;
    readonly to: string;
    readonly bars: number;
    /** Timeframes the 5m / 15m / 4h slots were given. */
    readonly slots: Readonly<Record<'5m' | '15m' | '4h', string>>;
  };
  readonly assumptions: {
    readonly barsPerChart: number;
    readonly stepBars: number;
    readonly spreadPips: number;
    readonly expiryBars: number;
    readonly partialAtTp1: number;
  };
  /**
   * The part where weights may be tuned, the held-back part reported as out-of-sample, and the
   * whole year (the sum of the two).
   */
  readonly parts: readonly {
    readonly name: 'tuning' | 'held-back' | 'year';
    readonly from: string;
    readonly to: string;
    /** Trade plans. */
    readonly all: BacktestFigures;
    readonly byConfidence: Readonly<Record<string, BacktestFigures>>;
    /** Setups to watch that triggered, placed with their own levels (none from a planner without them). */
    readonly setupsToWatch: {
      readonly given: number;
      readonly all: BacktestFigures;
      readonly byConfidence: Readonly<Record<string, BacktestFigures>>;
    };
  }[];
  readonly caveat: string;
}

// JSON imports type tuples as arrays; the bench writes the file from this very type, and
// figures.test.ts checks the committed file's shape.
export const BACKTEST_REPORT = figuresJson as unknown as BacktestReport;

/**
 * The part the app shows traders. No weight has been tuned on this data, so the whole year is as
 * much out-of-sample as the held-back part and gives twice the trades. Once weights are tuned on
 * the first part, this must become 'held-back' (docs/backtest.md).
 */
export const SHOWN_PART: BacktestReport['parts'][number]['name'] = 'year';

/**
 * The shown part's figures for plans in the same confidence bucket as `confidence`, with the
 * period they cover; null for a confidence outside every bucket.
 */
export function backtestForConfidence(confidence: number, report: BacktestReport = BACKTEST_REPORT) {
  const bucket = bucketOf(confidence);
  const shown = report.parts.find((p) => p.name === SHOWN_PART);
  if (!bucket || !shown) return null;
  const figures = shown.byConfidence[bucket];
  if (!figures) return null;
  return {
    bucket,
    figures,
    from: shown.from,
    to: shown.to,
    symbol: report.data.symbol,
    caveat: report.caveat,
  };
}
