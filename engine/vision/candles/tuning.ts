/**
 * The candles stage's tunables, each with the reason for its value. Measured on the corpora of
 * docs/chart-reader-log.md (c60 tuned on, h40 held out); change one only with a measurement
 * (`npm run bench:accuracy`) and the golden readings updated deliberately (`npm run golden`).
 */

// measure: telling the wick from the body in one shape.

/**
 * A row up to this many px wider than the narrowest row is still the wick: anti-aliasing and a
 * wick drawn between two pixel columns (1.5x captures) widen it by less than a pixel.
 */
export const WICK_SLACK_PX = 0.7;
/** ... or up to this share wider, for thick wicks on 2x-3x captures (a 3 px wick's blur). */
export const WICK_SLACK_SHARE = 0.3;
/**
 * A wick's tip rows may be only partly covered and read narrower than the wick: they set the
 * wick's width only when no other row is at most this share of the widest row.
 */
export const TIP_ROWS_NARROW_SHARE = 0.6;
/**
 * A line in another colour drawn across a body (a price level) leaves up to this many rows of
 * the body narrow; wide rows beyond them are still the body (c60: EXACT 56.8 -> 57.1 %).
 */
export const BODY_GAP_ROWS = 2;
/** Rows on either side of such a gap are one body when their ends differ by at most this (px). */
export const BODY_EDGE_SLACK_PX = 1;

// extract: from shapes to candles.

/** A reading is of OHLC bars when more than this share of its pieces read as bars. */
export const BARS_SHARE = 0.6;
/** A chain of touching bars is cut between its stems when this share of its pieces read as bars. */
export const BAR_PIECES_SHARE = 0.7;
/**
 * Warn that candles are 1 px wide (open and close unknown) only when this share of them are,
 * and at least two: a doji is as narrow, and the odd one is no reason to zoom in.
 */
export const ONE_PX_WARN_SHARE = 0.1;
/**
 * What is left of a shape a thick line was cleared from, no wider than this share of the
 * typical shape, is a steep stretch of the line, not a candle (c60: 8 fewer refusals).
 */
export const REMNANT_WIDTH_SHARE = 0.4;
/**
 * A shape wider than this many typical widths is several touching candles, cut at the typical
 * width; a wide body (1.5 typical widths is common beside thin candles) is not.
 */
export const WIDE_SHAPE_SHARE = 1.7;
/**
 * Pieces of a wide shape that are this share of flat slabs over the same rows are one wide body
 * cut where the typical shape is a sliver of a broken outline.
 */
export const SLAB_PIECES_SHARE = 0.7;
/**
 * A staircase of touching candles that the lattice cuts this cleanly (candles, share of cuts on
 * sure cuts, share of sure cuts used, share of tick-high columns below `thin`) is kept from the
 * thick-line removal, whose chains of runs it resembles.
 */
export const STAIRCASE_KEPT = { candles: 4, bounds: 0.75, used: 0.75, thin: 0.3 } as const;
/** A shape whose columns are mostly taller than a bar's tick (tick-high share below this) is candles. */
export const TICK_COLUMNS_MAX_SHARE = 0.3;
/**
 * A shape is cut on the lattice when its tick-high columns are below this share; OHLC bars (most
 * columns a tick) leave no sure cut between bars and are cut at the typical width instead.
 */
export const TICK_COLUMNS_CUT_MAX_SHARE = 0.5;
