/**
 * Analyses stored before issue 18 lack what every result now has: the current price, the
 * setup to watch, the confidence bucket and the plan's target notes. They are completed on
 * read from what they do hold, so the dashboard shows old analyses as well as new ones; the
 * stored JSON itself is never rewritten (it is the record of what was shown then).
 */
import type { AnalysisResultDto } from '../../../contracts/analysis';
import { confidenceBucket } from '../../../engine/plan/weights';

type Stored = Omit<AnalysisResultDto, 'currentPrice' | 'setupToWatch' | 'confidence' | 'tradePlan'> & {
  currentPrice?: AnalysisResultDto['currentPrice'];
  setupToWatch?: AnalysisResultDto['setupToWatch'];
  confidence: Omit<AnalysisResultDto['confidence'], 'bucket'> & { bucket?: string };
  tradePlan:
    | (Omit<NonNullable<AnalysisResultDto['tradePlan']>, 'targetNotes'> & {
        targetNotes?: NonNullable<AnalysisResultDto['tradePlan']>['targetNotes'];
      })
    | null;
};

const NOT_RECORDED = 'not recorded for analyses made before targets were explained';

export function completeStoredResult(stored: unknown): AnalysisResultDto {
  const r = stored as Stored;
  // The current price is the 5m chart's last close, which the 5m overlay has always carried.
  const fiveMinute = r.timeframes.find((t) => t.timeframe === '5m') ?? r.timeframes[0];
  const lastClose = fiveMinute?.overlay.candles.at(-1)?.close ?? 0;
  return {
    ...r,
    currentPrice: r.currentPrice ?? {
      price: lastClose,
      formatted: lastClose.toFixed(r.instrument.precision),
      timeframe: '5m',
    },
    setupToWatch: r.setupToWatch ?? null,
    confidence: {
      ...r.confidence,
      bucket: r.confidence.bucket ?? confidenceBucket(Math.round(r.confidence.score)),
    },
    tradePlan: r.tradePlan && {
      ...r.tradePlan,
      targetNotes: r.tradePlan.targetNotes ?? { takeProfit1: NOT_RECORDED, takeProfit2: NOT_RECORDED },
    },
  };
}
