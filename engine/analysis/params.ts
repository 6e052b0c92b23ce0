/**
 * Detection parameters in one place. Tolerances are fractions of the volatility unit (ATR 14,
 * or the mean true range before ATR is defined) so one set works for EURUSD and XAUUSD alike.
 * Scoring weights live in scoring.ts (docs/analysis-scoring.md).
 */
export const DETECTION = {
  /** Bars each side of an internal swing; 5 is also the reference library's test setting. */
  internalLength: 5,
  /** Bars each side of a swing-scope swing. */
  swingLength: 20,
  /** Two swing highs (lows) closer than this many ATR are "equal". */
  equalTolerance: 0.1,
  /** A wick counts as a rejection when it is at least this share of the bar's range... */
  rejectionWickRatio: 0.5,
  /** ...the bar's range is at least this many ATR (ignores doji noise)... */
  rejectionMinRange: 0.5,
  /** ...and its extreme came within this many ATR of the level. */
  rejectionNearLevel: 0.1,
  /** Order blocks and gaps per direction considered for wick rejections (newest first). */
  rejectionZones: 6,
  /** Premium/discount: the middle band (share of the range each side of 50%) is "equilibrium". */
  equilibriumBand: 0.05,
  /** Key levels: swing prices closer than this many ATR (at the last bar) form one cluster. */
  keyLevelClusterWidth: 0.5,
  /** Key levels reported, best first. */
  keyLevelCount: 8,
  /** Trend line: at most this many recent swing points are fitted. */
  trendLinePoints: 4,
  /** RSI divergence: two swings further apart than this are not one leg. */
  divergenceMaxSpan: 60,
} as const;
