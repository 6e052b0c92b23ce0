/**
 * Every number that decides whether a trade is recommended, in one place.
 * docs/confidence-scoring.md explains each one; change both together.
 */

/** Most points each confluence can add to the confidence (they sum to 100). */
export const CONFIDENCE_WEIGHTS = {
  /** 4h bias is clear: base points plus the rest scaled by its strength (0-10). */
  htfBias: 20,
  /** 15m bias agrees with the 4h (neutral earns a third). */
  alignment15m: 15,
  /** A 15m order block / fair value gap on the right side of the range to enter from. */
  setupZone: 20,
  /** The 5m trigger: CHoCH (or BOS) in the trade's direction and a liquidity sweep. */
  trigger5m: 20,
  /** Entry in discount (long) / premium (short) of the 4h and the 15m dealing ranges. */
  premiumDiscount: 10,
  /** 15m EMA stack agrees with the trade. */
  emaTrend: 5,
  /** RSI divergence on the 15m or 5m in the trade's direction (against: the same as a penalty). */
  rsiDivergence: 5,
  /** Reward-to-risk to TP1. */
  riskReward: 5,
} as const;

/** Split of the parts above. */
export const CONFIDENCE_SPLITS = {
  /** Share of htfBias given for a clear bias before strength is counted. */
  htfBiasBase: 0.5,
  /** Share of alignment15m for a neutral 15m. */
  alignmentNeutral: 1 / 3,
  /** setupZone share: order block alone, FVG alone; both overlapping = full. */
  zoneOrderBlock: 0.75,
  zoneFvg: 0.6,
  /** Bonus share for a zone not yet traded into (fresh supply/demand). */
  zoneFreshBonus: 0.1,
  /** trigger5m shares: CHoCH, BOS (continuation only), sweep. Capped at 1. */
  triggerChoch: 0.7,
  triggerBos: 0.4,
  triggerSweep: 0.3,
  /**
   * premiumDiscount shares: 4h range, 15m range. The 15m range weighs more: in a trending 4h
   * market a continuation entry sits in the 4h premium (long) by nature, and the 15m pullback
   * into its own discount is what the setup is about.
   */
  pdHtf: 0.3,
  pd15m: 0.7,
  /** riskReward shares by R:R to TP1. */
  rr25: 1,
  rr20: 0.6,
  rr15: 0.2,
} as const;

/** Reading-quality penalty: points lost per 0.1 of reader confidence below READ_CONFIDENCE_GOOD. */
export const READING_PENALTY_PER_TENTH = 5;
export const READ_CONFIDENCE_GOOD = 0.85;
/** A chart read worse than this is too poor to trade from. */
export const READ_CONFIDENCE_MIN = 0.5;
/** Fewer candles than this on a chart leaves structure and ATR meaningless. */
export const MIN_CANDLES = 40;
/** Penalty when a chart's timeframe reads differently from its slot. */
export const TIMEFRAME_MISMATCH_PENALTY = 5;

/** SPEC.md 9: confidence 75%+ to trade. */
export const MIN_CONFIDENCE = 75;
/** SPEC.md 9: minimum risk-reward 1:1.5. */
export const MIN_RISK_REWARD = 1.5;
/** Target when no opposing liquidity lies beyond the entry (R multiples). */
export const DEFAULT_TP1_R = 2;
/**
 * TP2 is the next higher-timeframe liquidity beyond TP1, but only within this many R of the
 * entry; with none in reach TP2 is left out and the plan says why. The plan is an intraday
 * trade from a 15m zone with a stop of about one 15m ATR (at least half of one, see
 * MIN_STOP_ATR); an average day ranges about 10 15m ATRs (96 bars, range ~ sqrt(96) ATR), so
 * 5R is about half a day's range: a level further away is a swing target, not this trade's
 * (decision 018). Before this cap a 4h low 31R away was offered as TP2.
 */
export const MAX_TP2_R = 5;
/**
 * A setup to watch stops being valid when its trigger has not come within this many 15m bars
 * of the last candle on the charts (8 hours, about one trading session): by then the 15m
 * structure the zone came from has moved on and the charts must be read again (decision 018).
 */
export const WATCH_EXPIRY_15M_BARS = 32;
/**
 * A setup still waiting for price to reach its zone is offered only when the zone's near edge
 * is within this many 15m ATRs of the current price: about the range 32 15m bars cover
 * (sqrt(32) ~ 5.7 ATR), so the zone can be reached before the setup expires. A zone 170 pips
 * away (11 ATR) was offered before this rule, with an 8-hour limit it could hardly meet.
 */
export const WATCH_MAX_DISTANCE_ATR15 = 5;

/**
 * Confidence buckets used to report how plans of a given confidence fared (the backtest's
 * figures are keyed by these; the result names the bucket of its score). Inclusive bounds.
 */
export const CONFIDENCE_BUCKETS = [
  { from: 0, to: 59 },
  { from: 60, to: 74 },
  { from: 75, to: 84 },
  { from: 85, to: 100 },
] as const;

/** The bucket label ("75-84") a whole-number confidence score falls into. */
export function confidenceBucket(score: number): string {
  const b = CONFIDENCE_BUCKETS.find((x) => score >= x.from && score <= x.to) ?? CONFIDENCE_BUCKETS[0];
  return `${b.from}-${b.to}`;
}

/** Stop buffer beyond the invalidating structure, as a fraction of the 15m ATR(14). */
export const STOP_BUFFER_ATR = 0.25;
/** A stop closer than this (fraction of 15m ATR) is inside normal noise: it is widened to it. */
export const MIN_STOP_ATR = 0.5;
/** The 5m trigger counts only if it happened within this many of the last 5m bars. */
export const TRIGGER_LOOKBACK_BARS = 36;
/** 4h bars per trading week (5 days x 6) and per trading month (22 days x 6). */
export const BARS_4H_PER_WEEK = 30;
export const BARS_4H_PER_MONTH = 132;
