/**
 * The figures a trader asks of a set of followed plans: how often they came, how often the order
 * filled, how often TP1 came before the stop, and what they earned in R.
 */
import type { OrderOutcome } from './simulate';

export interface FollowedPlan {
  readonly outcome: OrderOutcome;
}

export interface BacktestFigures {
  /** Distinct plans given. */
  readonly plans: number;
  /** Plans per 1,000 bars of the lowest timeframe walked. */
  readonly plansPer1000Bars: number;
  /** Orders that filled (market orders always do). */
  readonly filled: number;
  /** filled / plans, 0..1; null without plans. */
  readonly fillRate: number | null;
  /** Filled trades whose TP1 came before the stop. */
  readonly reachedTp1: number;
  /** reachedTp1 / filled, 0..1; null without fills. */
  readonly winRateTp1: number | null;
  /** Mean R of a filled trade (= expectancy per trade taken); null without fills. */
  readonly averageR: number | null;
  /**
   * 90% bootstrap interval of averageR: how far the mean could move with another draw of as many
   * trades. Null with fewer than 2 fills.
   */
  readonly averageRInterval: readonly [number, number] | null;
  /** Mean R per plan given, unfilled plans counting 0 (what following every plan earns per plan). */
  readonly expectancyPerPlanR: number | null;
  /** Sum of R over filled trades. */
  readonly totalR: number;
  /** Largest peak-to-trough fall of the cumulative R, trades in the order they closed. */
  readonly maxDrawdownR: number;
  /** Gross won R / gross lost R; null when nothing was lost. */
  readonly profitFactor: number | null;
  /** Filled trades still open when the data ended (marked to the last close). */
  readonly openAtEnd: number;
}

export function summarise(followed: readonly FollowedPlan[], barsWalked: number): BacktestFigures {
  const plans = followed.length;
  const closed = followed
    .map((f) => f.outcome)
    .filter((o): o is Extract<OrderOutcome, { kind: 'closed' }> => o.kind === 'closed')
    .sort((a, b) => a.closedAt - b.closedAt);
  const filled = closed.length;
  let won = 0;
  let lost = 0;
  let equity = 0;
  let peak = 0;
  let maxDrawdown = 0;
  for (const o of closed) {
    if (o.r > 0) won += o.r;
    else lost -= o.r;
    equity += o.r;
    peak = Math.max(peak, equity);
    maxDrawdown = Math.max(maxDrawdown, peak - equity);
  }
  const reachedTp1 = closed.filter((o) => o.reachedTp1).length;
  return {
    plans,
    plansPer1000Bars: barsWalked > 0 ? (plans * 1000) / barsWalked : 0,
    filled,
    fillRate: plans ? filled / plans : null,
    reachedTp1,
    winRateTp1: filled ? reachedTp1 / filled : null,
    averageR: filled ? equity / filled : null,
    averageRInterval: meanInterval(closed.map((o) => o.r)),
    expectancyPerPlanR: plans ? equity / plans : null,
    totalR: equity,
    maxDrawdownR: maxDrawdown,
    profitFactor: lost > 0 ? won / lost : null,
    openAtEnd: closed.filter((o) => o.openAtEnd).length,
  };
}

/** Resamples for the bootstrap: enough for a stable 5th/95th percentile, fast for tens of trades. */
const BOOTSTRAP_RESAMPLES = 4000;

/**
 * The 5th and 95th percentiles of the mean of `values` over bootstrap resamples (drawn with a
 * fixed-seed generator, so the same trades always give the same interval).
 */
export function meanInterval(values: readonly number[]): readonly [number, number] | null {
  const n = values.length;
  if (n < 2) return null;
  let state = 0x9e3779b9;
  const random = () => {
    // xorshift32: deterministic and plenty for resampling indices.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const means = new Float64Array(BOOTSTRAP_RESAMPLES);
  for (let k = 0; k < BOOTSTRAP_RESAMPLES; k++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[Math.floor(random() * n)]!;
    means[k] = sum / n;
  }
  means.sort();
  return [means[Math.floor(0.05 * BOOTSTRAP_RESAMPLES)]!, means[Math.floor(0.95 * BOOTSTRAP_RESAMPLES)]!];
}
