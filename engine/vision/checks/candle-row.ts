import { EngineError } from '../../core/errors';
import type { PixelCandle, CandleExtraction } from '../candles';
import {
  COLUMN_BARS_SPACING_PX,
  MIN_CANDLES,
  MIN_CANDLES_FOR_A_CHART,
  MIN_SPACING_PX,
  NEAR_GAP_MAX,
  NEAR_GAP_MIN,
  REGULAR_GAP_MAX_SPACINGS,
  REGULAR_GAP_SLACK,
  REGULAR_GAPS_SHARE,
} from './tuning';

export { MIN_CANDLES };

/** The refusal for an image where no chart (or no row of candles) was found. */
export const noChart = (why: string) =>
  new EngineError(
    'NO_CHART_FOUND',
    `No candlestick or bar chart was found in this image (${why}). Upload a screenshot of a price chart with candles and its price axis visible.`,
  );

/**
 * Refuses a reading whose shapes are no row of candles (a photo, a line chart) or too few to
 * analyse. Judged on every shape, fragments included: a plot strewn with fragments between the
 * candles is not read with confidence enough to drop them.
 */
export function checkCandleRow(extraction: CandleExtraction): void {
  const found = extraction.candles.length;
  // Bars read one column each (candles/columns.ts) stand 1 px apart.
  const minSpacing = extraction.columnBars ? COLUMN_BARS_SPACING_PX : MIN_SPACING_PX;
  if (found < MIN_CANDLES_FOR_A_CHART || !looksLikeCandles(extraction.allShapes, minSpacing)) {
    throw noChart('no regular row of candles or bars; line charts cannot be read');
  }
  if (found < MIN_CANDLES) {
    throw new EngineError(
      'TOO_FEW_CANDLES',
      `Only ${found} candles are visible; zoom out so the chart shows at least ${MIN_CANDLES}.`,
      { found },
    );
  }
}

/** A chart's candles stand at one regular spacing; photos and line charts do not. */
function looksLikeCandles(c: PixelCandle[], minSpacing: number): boolean {
  const gaps: number[] = [];
  for (let i = 1; i < c.length; i++) gaps.push(c[i]!.x - c[i - 1]!.x);
  const mid = gaps.sort((a, b) => a - b)[gaps.length >> 1] ?? 0;
  // A dense chart's spacing is a fraction (3.4 px: gaps of 3 and 4), so the mean of the gaps
  // near the median one is tried too.
  const near = gaps.filter((g) => g >= mid * NEAR_GAP_MIN && g <= mid * NEAR_GAP_MAX);
  const mean = near.reduce((a, b) => a + b, 0) / near.length;
  const regularAt = (spacing: number) => {
    if (!(spacing >= minSpacing)) return false;
    let regular = 0;
    for (let i = 1; i < c.length; i++) {
      const g = (c[i]!.x - c[i - 1]!.x) / spacing;
      if (Math.abs(g - Math.round(g)) < REGULAR_GAP_SLACK && g < REGULAR_GAP_MAX_SPACINGS) regular++;
    }
    return regular >= REGULAR_GAPS_SHARE * (c.length - 1);
  };
  return regularAt(mid) || regularAt(mean);
}
