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
/**
 * ... except for bars the candles stage read one column each (candles/columns.ts: MetaTrader's
 * smallest zoom, every column a bar), whose evidence is the band's own: 1 px.
 */
export const COLUMN_BARS_SPACING_PX = 1;
/** A gap is regular when within this share of a spacing of a whole number of spacings ... */
export const REGULAR_GAP_SLACK = 0.3;
/** ... below this many spacings (a longer gap is a hole in the row, not a step of it). */
export const REGULAR_GAP_MAX_SPACINGS = 8;
/** A row of candles has at least this share of its gaps regular (photos and line charts fewer). */
export const REGULAR_GAPS_SHARE = 0.6;

// continuity: do the candles join?

/**
 * Below this share of joined bars an intraday reading is refused (a daily one only warned
 * about). Readings kept between 30 and 50 % joined were misread throughout (c60 and ed30: 3 to
 * 52 % of their candles exact: dense charts cut at a wrong spacing, split outlines), so there
 * is no band where such a reading is kept with a warning any more.
 */
export const MIN_JOINED = 0.5;
/** Above this share of candles joining neither neighbour, an intraday reading is refused. */
export const MAX_UNJOINED = 0.35;

/**
 * Where at least this share of the candles have bodies that could not be told from their wicks,
 * the continuity check judges only whether neighbouring ranges overlap. MetaTrader at its
 * smallest zoom draws every bar as a 1 px high-low stroke (real set: green-on-black EURUSD H1
 * and yellow-on-black GBPUSD M15, 2 px apart, 99-100 % of them 1 px): their opens and closes
 * are the strokes' ends, which joined 2-5 % and refused charts whose highs and lows were read
 * right. Not lower: a dense JPEG candle chart whose bodies were lost (fixture fx-09, 82 %
 * unknown, 11 % of its candles exact) and a hollow JPEG one (fx-02, 30 %) must stay judged.
 */
export const UNKNOWN_BODIES_SHARE = 0.9;
/**
 * Where only ranges are compared, a run of fewer candles than this joined to neither side is a
 * label's glyphs, not bars (the yellow-on-black GBPUSD M15: three pieces of a Fibonacci level's
 * "1.0000" beside the last bar, 350 px above it). A market's gap leaves long runs either side.
 */
export const SHORT_RUN_CANDLES = 4;
/**
 * dropTrailingStrays: a run of bars past a hidden place stands within this many median bar
 * ranges (px) of the bar before it (Market Profile GBPUSD M15: a session box's side hid one bar,
 * the run after it 1.4 ranges lower); a pivot level's label box beyond the last bar stood 14
 * ranges above it.
 */
export const HIDDEN_RUN_GAP_RANGES = 3;
/**
 * dropTrailingStrays: shapes past the last bar each spanning at most this share of the bars'
 * median range are a row of markers, however many (TradingView's economic-event flags along
 * the plot's bottom: on a JPEG their red stripes fell into four to six pieces of 2-16 px that
 * joined each other, beside bars of 41 px; EURUSD 1h as a JPEG, the last bar read 133 px off).
 */
export const MARKER_RANGE_SHARE = 0.5;
/**
 * ... and standing further than this many median ranges in price from the bar before the empty
 * stretch (the flags 2.2 below it). Quiet bars after a missing one trade beside it (c111, j12:
 * runs of 6 and 14 real bars spanning 0.1-0.5 of the median range, 0-2 px from it).
 */
export const MARKER_GAP_RANGES = 1;
/**
 * A candle that joins neither neighbour is judged again against the nearest candles kept when
 * they stand within this many bar spacings: junk between two lattice places (a glyph of a
 * Fibonacci level's label beside the last bar, yellow-on-black GBPUSD M15) is no neighbour, while
 * a candle further away than one place (a missing bar between them) would be no neighbour either.
 */
export const SKIP_JUNK_SPACINGS = 1.5;
/**
 * A reading the continuity check could not judge (most bodies unknown) costs this much, beside
 * UNCERTAIN_BODIES_COST: nothing cross-checked its candles but the lattice.
 */
export const UNJUDGED_COST = 0.15;

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
/**
 * A last bar's wick ending within this many px of the plot's edge (or past it) may go on out of
 * view: a printed high (low) beyond it agrees with it (checks/last-bar.ts).
 */
export const CLIPPED_EDGE_PX = 1;
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

/**
 * A bar's close and the next bar's open are on one row within this many px: the two edges are
 * each read to about a pixel (rounding, anti-aliasing).
 */
export const JOIN_TOLERANCE_PX = 2.5;

/**
 * A bar may open one price step away from the previous close (the first quote of a new bar is
 * a new tick): on a chart zoomed in so far that one step of the axis' last printed digit is
 * several px, the join tolerance grows to one step plus this much reading slack. Measured on the
 * real set: MetaTrader M1/M5 charts (USDJPY at 0.001 = 3 px, crude oil at 0.01 = 2.7 px) whose
 * bars open 0 or +-3 px from the previous close, none further, were refused with 30-35 % joined.
 */
export const JOIN_STEP_SLACK_PX = 1.5;

/**
 * The join tolerance never grows beyond this (px): a step so wide is an axis printed with too
 * few decimals for the instrument, not a tick, and larger gaps are misread bodies.
 */
export const MAX_JOIN_TOLERANCE_PX = 6;

/**
 * Candles at least this far apart (px) are each drawn as a shape of their own, never cut apart
 * on a lattice: their bodies are read whole, so where they do not join, the market gapped
 * (see drawnApart). Dense charts, where a misread cut leaves bars that do not join, stay
 * refused. pocketoption AUDCAD (13.5 px, 100 % one width, 100 % on the lattice: 47 % joined,
 * the platform's bars gap by 1-4 px) is read; the misread MetaTrader charts of the real set
 * (5.5-8 px, 48-83 % one width) are not.
 */
export const APART_MIN_SPACING_PX = 8;
/**
 * On a chart whose timeframe was not read, a bar opening within this share of the bars' median
 * high-low range (px) of the previous close joins it for the small-gaps test (see
 * checkContinuity): a market that gaps between sessions (an index CFD or a stock on a daily
 * chart) opens a little away from the previous close, small beside its bars' ranges, while
 * split, merged or misread candles open away by as much as a body. Real set, TradingView
 * NAS100 1D JPEG (timeframe not read): 44 % joined within 2.5 px, 59 % within a tenth of the
 * 50 px median range; the misread charts stay under the half (fixture fx-09, dense MetaTrader
 * JPEG: 27 -> 34 %; MetaTrader M15 with Market Profile fills: 22 -> 28 %; TradingView 15m with
 * grey-outlined 4 px bodies: 30 -> 30 %; point-and-figure marks over M1 candles: 18 -> 18 %).
 */
export const SMALL_GAP_RANGE_SHARE = 0.1;
/** ... and at least this share of them have the typical body width (+-1 px or 20 %) ... */
export const APART_SAME_WIDTH_SHARE = 0.9;
/** ... and at least this share of neighbours stand a whole number of spacings apart (+-0.2). */
export const APART_ON_LATTICE_SHARE = 0.9;
/**
 * Candles this share or more of which were cut off their neighbours where the colour changes
 * (candles/shapes.ts colourRuns) count as read whole at any spacing: the rest stand apart.
 */
export const APART_BY_COLOUR_SHARE = 0.5;

/**
 * Candles missing between the first and last one kept (lattice places with no candle, less those
 * the continuity check left out and warned about) beyond this share of the places cost confidence
 * and are warned about: a panel, a drawing or another pane covered them, and levels found there
 * may be incomplete. Below it, a doji lost in a grid line or two is no news to the trader.
 * Measured 26 Nov: no dev-sample reading warns; on c30 11 of 79 readings do, and every one of
 * them misses candles the truth has (BTCUSD broker 259 of 395, XAUUSD 151 of 264, USDCHF 90 of
 * 107); fixtures fx-10 (237 of 308 read) warns, confidence 0.78 -> 0.67.
 */
export const MISSING_WARN_SHARE = 0.05;
/** Confidence lost per share of the places missing (10 % missing: -0.2), at most MISSING_MAX_COST. */
export const MISSING_COST_PER_SHARE = 2;
export const MISSING_MAX_COST = 0.3;
/** The scale puts the labels' prices further than this (px) off the grid beside them: beyond an exact reading's tolerance (scale-check, SCALE_CHECK_COST). */
export const OFF_GRID_PX = 1.5;

/**
 * A candle whose high and low are this many px apart or less has no range (a flat dash): one
 * price, which must lie in a neighbour's range (see dropFlatStrays). A pixel of slack: the
 * high and low rows of a 1 px dash may round apart.
 */
export const FLAT_MAX_PX = 1;

// scale-check: the placed scale against what else the image states (decision 041).

/** The last-price tag is the one whose glyphs' centre lies within this many px of the last close's row (a tag is printed centred on it). */
export const SCALE_TAG_SEARCH_PX = 8;
/**
 * The fit's worst label off its own row beyond this (px) says the labels were read off their rows
 * (a JPEG's smeared glyphs). Dev corpus (36 readings, EXACT 99.3 %): at most 1.16 px; JPEG renders whose scale is right to 1 px reach 1.29 (jpegdpr2 SPX 4h, 416 of 481 exact).
 */
export const SCALE_LABEL_PX = 1.3;
/**
 * A gap between label prices is a whole number of the median gap within this share (floating-
 * point differences of round prices are exact to far less; MetaTrader's 0.0021 against 0.00205
 * is 0.024 off) ...
 */
export const EVEN_STEP_SLACK = 0.01;
/**
 * ... and labels step evenly when this share of their gaps are (fixture fx-04: 8 of 10, one
 * misread label breaking two; the real set's MetaTrader 4 EURUSD H1: 4 of 7).
 */
export const EVEN_STEP_SHARE = 0.75;
/** The labels' prices off the grid beside them beyond this (px): the off-grid check's tolerance, kept (dev: at most 0.2). */
export const SCALE_GRID_PX = OFF_GRID_PX;
/**
 * The last-price tag's price off the last close's row beyond this (px). Dev: at most 1.0; but on
 * JPEG renders whose scale is right to 1 px the close's row under its own price line is read up
 * to 5.8 px off (the price line probably blurs into the body's edge), so the tag speaks only of a gross error.
 */
export const SCALE_TAG_PX = 6;
/**
 * The printed last bar's four rows off the scale, by one offset, beyond this (px). Dev: at most
 * 0.8; the one JPEG render beyond it (1.5 px, jpeg177 NDX 4h) has a scale 1 px off and 12 of 87
 * candles exact.
 */
export const SCALE_LEGEND_PX = 1.3;
/**
 * Two statements beside the labels agreeing the scale is off by more than this share of a label
 * step (a quarter of a step: every price off by a quarter of the axis' step) is refused. No
 * reading of the dev corpus, the JPEG renders or the real set is refused by it (27 Nov): where
 * two or more such statements were read on the dev corpus and the JPEG renders, the second
 * largest was at most 0.8 px.
 */
export const SCALE_REFUSE_STEPS = 0.25;
/** A scale disagreeing with what the image states costs this much (as the off-grid check did). */
export const SCALE_CHECK_COST = 0.25;
