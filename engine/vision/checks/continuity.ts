import { EngineError } from '../../core/errors';
import { TIMEFRAME_MINUTES } from '../../core/ohlc';
import type { Timeframe } from '../../core/ohlc';
import { priceToY } from '../scale/price-scale';
import type { PriceScale, ReadCandle } from '../types';
import { MIN_CANDLES } from './candle-row';
import { round } from '../scale/prices';
import { JOIN_PX, MAX_UNJOINED, MIN_JOINED } from './tuning';

/** Share of neighbouring candles whose close and next open are on the same row (2.5 px). */
export function joinedShare(c: ReadCandle[], s: PriceScale): number {
  let n = 0;
  for (let i = 1; i < c.length; i++) if (joins(s, c[i - 1]!, c[i]!)) n++;
  return c.length > 1 ? n / (c.length - 1) : 1;
}

/** Within 2.5 px: the close of one bar and the open of the next are on the same row. */
const joins = (s: PriceScale, a: ReadCandle, b: ReadCandle) =>
  Math.abs(priceToY(s, b.open) - priceToY(s, a.close)) <= JOIN_PX;

/** The candles that open where the previous one closed or close where the next one opens. */
export function dropUnjoined(c: ReadCandle[], s: PriceScale): ReadCandle[] {
  return c.filter(
    (k, i) => (i > 0 && joins(s, c[i - 1]!, k)) || (i + 1 < c.length && joins(s, k, c[i + 1]!)),
  );
}

const isDaily = (tf: Timeframe | null) => tf !== null && TIMEFRAME_MINUTES[tf] >= TIMEFRAME_MINUTES['1d'];

export { MAX_UNJOINED, MIN_JOINED };

/**
 * What the continuity check makes of a reading. Within a trading session every market's bars
 * open where the previous one closed, so on an intraday chart a reading where most bars do not
 * has split, merged or misread candles (junk shapes from another pane, outlines read as
 * candles, JPEG-smeared bodies) and its prices must not be used. On daily and longer charts
 * stocks gap at every bar, so there it only warns. An unread
 * timeframe counts as intraday: the product's charts are intraday forex charts.
 */
export function continuityVerdict(joined: number, timeframe: Timeframe | null): 'ok' | 'warn' | 'refuse' {
  if (joined >= MIN_JOINED) return 'ok';
  return isDaily(timeframe) ? 'warn' : 'refuse';
}

/** The candles kept after the continuity checks, and what they cost the reading. */
export interface ContinuityResult {
  candles: ReadCandle[];
  joined: number;
  verdict: 'ok' | 'warn';
  /** Candles left out because they join neither neighbour. */
  dropped: number;
}

/**
 * On a continuously traded market each bar opens where the previous one closed. When few of the
 * bars read do, candles were split, merged or misread (or the market gaps at every bar): the
 * reading is refused, or on a daily chart warned about. Throws NO_CHART_FOUND or TOO_FEW_CANDLES.
 */
export function checkContinuity(
  allCandles: ReadCandle[],
  priceScale: PriceScale,
  timeframe: Timeframe | null,
): ContinuityResult {
  const joined = joinedShare(allCandles, priceScale);
  const verdict = continuityVerdict(joined, timeframe);
  if (verdict === 'refuse') {
    throw new EngineError(
      'NO_CHART_FOUND',
      `The candles on this chart could not be read reliably: only ${Math.round(joined * 100)} % of them open where the previous one closed. Upload a sharper screenshot (PNG rather than JPEG) with fewer, wider candles and no other panes.`,
      { joinedShare: round(joined, 2) },
    );
  }
  // The same evidence, candle by candle: on an intraday chart a candle that joins neither its
  // neighbour before nor after is a junk shape or a misread body, and is left out rather than
  // given prices. Daily charts keep every candle (stocks gap at every bar).
  const candles = isDaily(timeframe) ? allCandles : dropUnjoined(allCandles, priceScale);
  // So many junk shapes mean the shapes themselves were cut wrongly (a dense chart split at a
  // wrong spacing reads half its bars twice): what is left cannot be trusted either.
  const unjoined = 1 - candles.length / allCandles.length;
  if (unjoined > MAX_UNJOINED) {
    throw new EngineError(
      'NO_CHART_FOUND',
      `The candles on this chart could not be read reliably: ${Math.round(unjoined * 100)} % of them open away from the previous close and close away from the next open. Upload a sharper screenshot (PNG rather than JPEG) with fewer, wider candles and no other panes.`,
      { unjoinedShare: round(unjoined, 2) },
    );
  }
  if (candles.length < MIN_CANDLES) {
    throw new EngineError(
      'TOO_FEW_CANDLES',
      `Only ${candles.length} candles could be read reliably; zoom out so the chart shows at least ${MIN_CANDLES}, or upload a sharper screenshot.`,
      { found: candles.length },
    );
  }
  return { candles, joined, verdict, dropped: allCandles.length - candles.length };
}
