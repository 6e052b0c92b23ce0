/**
 * The checks stage's tunables, each with the reason for its value. Measured on the corpora of
 * docs/chart-reader-log.md (c60 tuned on, h40 held out); change one only with a measurement
 * (`npm run bench:accuracy`) and the golden readings updated deliberately (`npm run golden`).
 */

// candle-row: is this a row of candles at all?

/** Fewer candles than this cannot be analysed. */
export const MIN_CANDLES = 10;
/** Fewer shapes than this read as candles is no chart at all (a photo, an empty plot). */
export const MIN_CANDLES_FOR_A_CHART = 3;
/** Gaps between NEAR_GAP_MIN and NEAR_GAP_MAX of the median gap are averaged for a fractional spacing. */
export const NEAR_GAP_MIN = 0.5;
export const NEAR_GAP_MAX = 1.5;
/** A spacing under this many px is no row of candles (touching 2-3 px bodies are the densest). */
export const MIN_SPACING_PX = 1.5;
/** A gap is regular when within this share of a spacing of a whole number of spacings ... */
export const REGULAR_GAP_SLACK = 0.3;
/** ... below this many spacings (a longer gap is a hole in the row, not a step of it). */
export const REGULAR_GAP_MAX_SPACINGS = 8;
/** A row of candles has at least this share of its gaps regular (photos and line charts fewer). */
export const REGULAR_GAPS_SHARE = 0.6;

// continuity: do the candles join?

/** The close of one bar and the open of the next within this many px are on the same row. */
export const JOIN_PX = 2.5;
/**
 * Below this share of joined bars an intraday reading is refused (a daily one only warned
 * about). Readings kept between 30 and 50 % joined were misread throughout (c60 and ed30: 3 to
 * 52 % of their candles exact: dense charts cut at a wrong spacing, split outlines), so there
 * is no band where such a reading is kept with a warning any more.
 */
export const MIN_JOINED = 0.5;
/** Above this share of candles joining neither neighbour, an intraday reading is refused. */
export const MAX_UNJOINED = 0.35;

// confidence: what each cross-check costs.

/** The scale fit's residual costs this much confidence per px ... */
export const RESIDUAL_COST_PER_PX = 0.15;
/** ... at most this much. */
export const RESIDUAL_COST_MAX = 0.4;
/** A scale fitted through fewer labels than this ... */
export const FEW_LABELS = 4;
/** ... costs this much. */
export const FEW_LABELS_COST = 0.15;
/** Each label the fit left out costs this much, at most REJECTED_COST_MAX. */
export const REJECTED_LABEL_COST = 0.03;
export const REJECTED_COST_MAX = 0.2;
/** A legend whose O/H/L/C is further than this many px from the last candle's ... */
export const LEGEND_PX = 2.5;
/** ... costs this much (it may describe a hovered candle). */
export const LEGEND_COST = 0.2;
/** A price badge further than this many px from its price, at the last close's row (within it) ... */
export const BADGE_PX = 3;
/** ... costs this much. */
export const BADGE_COST = 0.1;
/** Candles left out cost this factor of their share, at most DROPPED_COST_MAX. */
export const DROPPED_COST_PER_SHARE = 2;
export const DROPPED_COST_MAX = 0.2;
/** A reading the continuity check warns about costs this much. */
export const CONTINUITY_WARN_COST = 0.3;
/** Bodies that could not be told from wicks (or another extraction warning) cost this much. */
export const UNCERTAIN_BODIES_COST = 0.1;
