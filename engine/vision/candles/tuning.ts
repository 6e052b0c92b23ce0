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
 * A row narrower than this share of the body's width is wick, however much wider than the wick's
 * narrowest rows: a body's edge rows, anti-aliased or blurred, read at least half its width (a
 * partly covered row still spans it), while a blurred capture's wick widens by several px over
 * part of its length (a 2 px wick read 4 px wide over 18 rows beside a 15 px body, taken for
 * body: SPY 3m, 3x upscaled).
 */
export const BODY_MIN_SHARE = 0.5;
/**
 * ... over a run of at least this many rows: a body's anti-aliased or blurred end ramps up over
 * one to three rows, and a thick moving average crossing a wick widens up to several (at 6 the
 * golden fx-10-broker-dark moved: 190 values); SPY 3m's widened wicks run 15-18 rows.
 */
export const WIDENED_WICK_MIN_ROWS = 10;
/** The body's width is that of its this-many widest rows (a single row a line crosses is wider). */
export const BODY_WIDTH_ROWS = 3;
/**
 * A wick's tip rows may be only partly covered and read narrower than the wick: they set the
 * wick's width only when no other row is at most this share of the widest row.
 */
export const TIP_ROWS_NARROW_SHARE = 0.6;
/**
 * ... or where the narrowest inner rows are at most this share of the widest and hold most of the
 * rows (STEM_MOST_ROWS_SHARE): an OHLC bar's 2 px stem beside 1 px ticks (3 px rows, 0.67) is its
 * stem; a wickless body's rows are all about as wide (its narrowest 0.9 of its widest or more).
 */
export const STEM_MOST_ROWS_MAX_RATIO = 0.75;
/** ... the share of the inner rows within the wick's slack of the narrowest that makes them the stem. */
export const STEM_MOST_ROWS_SHARE = 0.5;
/**
 * A blurred capture tapers a wick's tip over this many rows at each end (tv-dark SPY 3m, a web
 * image enlarged about 3x: a 2 px wick ends in a row of one column, 1.1 px, then its last row):
 * the rows beyond them set the wick's width (see measure.ts findStem).
 */
export const TIP_TAPER_ROWS = 2;
/**
 * ... where the narrowest row beyond the taper is at most this many times the taper's: one
 * column of a 2 px wick (SPY: 2.0 beyond, 1.1 in the taper), with room for the ink share of its
 * ends; wider is a body (a 5 px body beside 1 px wick tips, in a piece a line widens).
 */
export const TIP_TAPER_MAX_RATIO = 2.2;
/**
 * ... and only where that width holds for this many rows in a row beyond the taper (the wick
 * itself; SPY's run 13 rows): a row or two that narrow is a body's anti-aliased edge or a line
 * blended into a 3 px body (fx-05 dense: 1.8-2.0 px rows under 3 px bodies, read as body).
 */
export const TAPER_PLATEAU_ROWS = 4;
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
/**
 * ... or this share where every piece is one colour (no fill to tell bull from bear): j177-008
 * NZDUSD MT4 Green on Black DPR 2 JPEG read 153 of 266 pieces as bars (57 %), the rest lost a
 * tick at a stem's end; read as candles of one fill every bar was bull.
 */
export const ONE_COLOUR_BARS_SHARE = 0.4;
/**
 * Pieces are of one colour when one fill holds this share of them (j177-008: 257 of 266, the
 * rest hollow; candles of two colours, or hollow and filled, split far more evenly).
 */
export const ONE_FILL_SHARE = 0.9;
/** A chain of touching bars is cut between its stems when this share of its pieces read as bars. */
export const BAR_PIECES_SHARE = 0.7;
/**
 * Of those, pieces showing one tick only count where this share of all the pieces show both
 * (chainOfBars). More than half, with a margin: at one half, chains in dense JPEG candle charts
 * (j77-002 SPX, fx-09) were cut as bars (-12 and -16 exact); at 0.55-0.6 none was, and a MetaTrader
 * chain with five of eight pieces showing both ticks (c11-005) is cut; at 0.65 fewer such chains.
 */
export const CHAIN_TWO_TICK_SHARE = 0.6;
/**
 * Warn that candles are 1 px wide (open and close unknown) only when this share of them are,
 * and at least two: a doji is as narrow, and the odd one is no reason to zoom in.
 */
export const ONE_PX_WARN_SHARE = 0.1;
/**
 * strokesWithoutBodies: a 1 px stroke spread over two columns by JPEG or scaling is at most this
 * wide ...
 */
export const STROKE_MAX_WIDTH_PX = 2;
/**
 * ... a chart of such strokes has nearly all its candles this narrow (the corpora's MetaTrader
 * charts at bar spacings of 3 px or less: 99-100 %; every other chart at most 55 %, a dense
 * Lightweight Charts JPEG) ...
 */
export const STROKES_SHARE = 0.9;
/**
 * ... and at least this share of them read with no body (those MetaTrader charts: 54-99 %; 2 px
 * bodies on 1 px wicks leave only the dojis bodiless).
 */
export const STROKES_BODILESS_SHARE = 0.4;
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
 * A shape wider than this many typical shapes whose ink per column is under WIDE_SHAPE_INK_SHARE
 * of a typical shape's is a line in a candle colour (a moving average), not candles: it competes
 * for columns with its ink per typical width (extract.ts rankWeight). Three, measured: two let the
 * pieces of a pivot label's box (9-26 px beside 4 px candles, real set mt4-white pivotlevels)
 * weigh less than the digits inside them, which were read as bars past the last one; three and
 * five keep the real set as it was, and three reads 47 more exact candles on the corpora.
 */
export const WIDE_SHAPE_WIDTHS = 3;
/**
 * A half: a moving average 2-3 px thick holds a fraction of a candle's ink per column (body and
 * wicks run over tens of rows); a staircase of touching bodies holds about as much as a candle.
 */
export const WIDE_SHAPE_INK_SHARE = 0.5;
/**
 * Touching columns of two colours are cut apart (shapes.ts colourRuns) only where each is this
 * wide or wider: a candle's 1 px border in another colour than its fill is no candle of its own.
 */
export const COLOUR_RUN_MIN_PX = 2;
/**
 * ... and only where their first or last rows differ by this many rows or more: a border column
 * spans its body's rows, neighbouring bars of a chart start or end a tick or more apart.
 */
export const COLOUR_RUN_STEP_PX = 2;
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
/** A speck no wider than this share of the typical shape is a piece of a thin line between candles ... */
export const SPECK_WIDTH_SHARE = 0.4;
/** ... when at most this many rows tall ... */
export const SPECK_MAX_ROWS = 3;
/** ... and the typical shape is at least this wide (on thinner charts a candle is as narrow). */
export const SPECK_MIN_TYPICAL_PX = 4;
/** A shape of this many px or more counts towards a volume baseline (fewer is a speck). */
export const BASELINE_SHAPE_MIN_PX = 4;
/** Fewest such shapes to look for a volume baseline among. */
export const BASELINE_MIN_SHAPES = 8;
/** A volume baseline has at least this many shapes standing on it ... */
export const BASELINE_MIN_STANDING = 5;
/** ... and this share of them ... */
export const BASELINE_STANDING_SHARE = 0.25;
/** ... in the plot's lower part: below this share of its height. */
export const BASELINE_FROM_SHARE = 0.6;
/**
 * ... or this share of the shapes ending in that part (whatever the shapes above it): the bars
 * of MetaTrader's histogram under dense JPEG OHLC bars are 38-59 % of them (m155-003), the
 * candles a plot's bottom edge cuts 25 % (m21-009 4h, where the layout ended the plot above them).
 */
export const BASELINE_LOWER_SHARE = 0.4;

// measure: a body's fill colour.

/** A body this many rows tall or more skips two edge rows (an outline) when sampling its fill. */
export const FILL_INSET_ROWS = 6;
/** The fill is sampled beside the wick column when the body is this many px wider than the stem ... */
export const FILL_BESIDE_STEM_PX = 4;
/** ... and at least this wide (a hollow body shows background beside the wick). */
export const FILL_SAMPLE_MIN_WIDTH = 5;

// shapes: components and OHLC bar stems.

/** A shape of some size (typical widths come from these) has at least this many px ... */
export const SIZED_MIN_PX = 6;
/** ... over more than this many rows (specks and dotted lines are a pixel or two). */
export const SIZED_MIN_ROWS = 2;
/** A bar's stem column holds at least this many px ... */
export const STEM_MIN_PX = 6;
/** ... or this many in one run, beside tick columns of at most STEM_TICK_BESIDE_PX (a short bar). */
export const SHORT_STEM_MIN_PX = 4;
export const STEM_TICK_BESIDE_PX = 2;
/** A tick column is one run of at most this many rows (3 on a 3x capture). */
export const TICK_MAX_ROWS = 3;
/** Stems wider than this many columns are a candle's body; tick gaps wider than this, no bar's. */
export const STEM_MAX_COLUMNS = 4;

// staircase and lattice: touching candles on one spacing.

/** A staircase fits the lattice when this share of the sure cuts are used ... */
export const LATTICE_USED_SHARE = 0.7;
/** ... and this share of its cuts fall on sure cuts. */
export const LATTICE_BOUNDS_SHARE = 0.3;
/** A column end with less ink than this share is soft (blurred: JPEG, scaled capture). */
export const SOFT_END_ALPHA = 0.75;
/** On a capture with more than this share of soft column ends, staircases are not cut. */
export const SOFT_ENDS_MAX_SHARE = 0.25;
/** The candle spacing is at least this many px (touching 2-3 px bodies on a dense chart). */
export const MIN_SPACING_PX = 1.5;
/** A shape wider than this many spacings is candles touching. */
export const STAIRCASE_SPACINGS = 1.5;
/** Staircases are cut only where this share of the ink stands in such wide shapes. */
export const STAIRCASE_INK_SHARE = 0.3;
/** A column no taller than an OHLC bar's tick: fewer than this many rows from top to bottom. */
export const TICK_COLUMN_ROWS = 3;
/** A candle at least this many rows from high to low is tall (fragments are shorter). */
export const TALL_CANDLE_ROWS = 3;
/**
 * A shape narrower than this share of the typical body width is judged like a fragment by the
 * lattice (dropped when it stands between two places), however tall: every candle, a doji
 * included, is drawn as wide as the others. Real set, TradingView AAPL 1D: the legend's red
 * digits "+4.26" (10-11 px wide, 15 rows) and an earnings marker's stroke (1 px) stood halfway
 * between 30 px bodies and broke the lattice the gapping-market check relies on.
 */
export const NARROW_WIDTH_SHARE = 0.5;
/**
 * ... only where the typical body is at least this wide (px). On thinner bodies anti-aliasing
 * and JPEG change a shape's width by a share this rule cannot tell from a glyph's: fixture fx-02
 * (hollow 7 px bodies on JPEG, misread throughout, 43 % exact) lost its 1-3 px pieces to it and
 * passed the continuity check it should fail.
 */
export const NARROW_MIN_BODY_PX = 12;
/** Fewest tall candles to take the lattice's spacing from. */
export const OFF_LATTICE_MIN_TALL = 10;
/** The lattice is looked at only when the spacing is at least this many px. */
export const OFF_LATTICE_MIN_SPACING = 3;
/** Two tall candles are regularly spaced when this near a whole number of spacings ... */
export const REGULAR_SPAN_SLACK = 0.25;
/** ... and a short fragment further than this share of a spacing from a place is off the lattice. */
export const OFF_LATTICE_SHARE = 0.3;
/**
 * Shapes closer than this share of the spacing are crowded: candles drawn by a platform are
 * never that close (their bodies and gaps would have to overlap), while a JPEG-blurred stepped
 * line splits into pieces 1-2 px apart. Half a spacing keeps any candle on a lattice the
 * neighbours agree on (it is at most 0.3 off) apart from the pieces between.
 */
export const CROWDED_GAP_SHARE = 0.5;
/**
 * A crowd is at least this many shapes: a stepped line's step splits into three or more pieces,
 * while two shapes close together are as often a candle cut in two by a touching neighbour's cut.
 */
export const CROWD_MIN_SHAPES = 3;
/**
 * Crowds are looked for only at this spacing and wider: on a dense chart (bodies of 2-4 px that
 * touch) cuts between candles of one colour land 1-2 px off and their pieces crowd legitimately.
 */
export const CROWD_MIN_SPACING_PX = 6;
/**
 * Neighbouring shapes may share this many columns at their touching sides (a blended column
 * between two bodies drawn at fractional places) ...
 */
export const EDGE_SHARE_MAX_COLUMNS = 1;
/** ... when the shape keeps at least two columns of its own. */
export const EDGE_SHARE_MIN_WIDTH = 3;
/**
 * ... and the two span together at least this many typical widths: neighbouring candles span
 * about two, the halves of one bar cut at its stem by a line crossing it one (m21-004 NDX 5m: a
 * bar's halves read as two bars at one place).
 */
export const NEIGHBOUR_SPAN_WIDTHS = 1.5;
/**
 * The bottom share of the plot where TradingView draws its event flags: its default bottom scale
 * margin (a tenth of the pane), which auto-scaled candles stay above (tv-light EURUSD 1h: two
 * overlapping flags read as the last two bars).
 */
export const EVENT_ROW_SHARE = 0.1;
/**
 * Two chains of touching OHLC bars (one colour each) may share this many columns where the one's
 * last close tick meets the other's first open tick (c111-004 DAX 4h, bars 3.4 px apart: two).
 */
export const CHAIN_SHARE_MAX_COLUMNS = 2;

// wicks: the lattice from the wicks where a blurred capture's starts give none.

/** A wick is a run of ink at most this wide in a row (a 1 px stroke drawn between two columns). */
export const WICK_MAX_PX = 2;
/** ... with background either side, over at least this many consecutive rows. */
export const WICK_MIN_ROWS = 3;
/** ... its centre moving at most this far (px) from row to row (a stroke, not a slanted line). */
export const WICK_STROKE_DRIFT_PX = 0.5;
/** Wick centres this close (px) are one place (a candle's two wicks, a dotted line's dashes). */
export const WICK_SAME_PX = 0.5;
/** A pixel's weight in its run's centre is its ink share, at least this (a faint edge still counts a little). */
export const WICK_MIN_ALPHA = 0.05;
/**
 * At least this share of the places the wicks' lattice cuts touching candles into hold a wick:
 * most candles show one beside their neighbours' bodies (tv-gray EURUSD 15m: 129 of 190); at a
 * fraction of the candles' spacing most places hold none.
 */
export const WICK_PLACES_HELD_SHARE = 0.4;
/**
 * The wide shapes' widths spread over at least this many of the lattice's spacings between their
 * quartiles where they are runs of touching candles (tv-gray EURUSD 15m: 7 to 15 px, 2.1 of its
 * 3.78 px spacings);
 * hollow candles of one width whose sides and wick make a lattice a quarter of their spacing
 * spread over less than one (a JPEG lwc render at DPR 1.5: 11 to 11 px on a 4.11 px lattice, its
 * candles 16.4 px apart).
 */
export const WICK_RUN_WIDTH_SPREAD_SPACINGS = 1;
/** ... judged where there are at least this many wide shapes (one long run has no spread to tell). */
export const WICK_RUN_SPREAD_MIN_SHAPES = 8;
/** Fewest wicks to find the lattice from (a staircase of candles has several times more). */
export const WICK_LATTICE_MIN_WICKS = 20;
/**
 * The wicks fall on one phase of the spacing at least this well: chance gives about
 * 1/sqrt(n) (0.1-0.2 for the 30-200 wicks of a plot); tv-gray EURUSD 15m's 3.78 px lattice
 * scores 0.8 on whole columns.
 */
export const WICK_LATTICE_MIN_COHERENCE = 0.5;
/** Fewest starts to find a spacing from. */
export const SPACING_MIN_STARTS = 10;
/** The spacing searched: from MIN_SPACING_PX to twice the median gap, and at least this. */
export const SPACING_MIN_HIGH = 3;
/** Autocorrelation lags up to this many times the largest spacing searched. */
export const SPACING_LAGS = 6;
/** The spacings tried grow by this factor. */
export const SPACING_STEP = 1.01;
/** A spacing whose score is below this is no lattice. */
export const SPACING_MIN_SCORE = 0.3;
/** The smallest peak within this share of the best score wins (a multiple scores as well). */
export const SPACING_PEAK_SHARE = 0.85;
/** The finest step of the refinement (px). */
export const SPACING_MIN_STEP = 0.002;
/** The refinement looks within this factor either side of the peak ... */
export const SPACING_REFINE_LOW = 0.96;
export const SPACING_REFINE_HIGH = 1.04;
/** ... then at this many finer steps around the best. */
export const SPACING_FINE_STEPS = 10;
/** A lattice group is at most this many spacings wide. */
export const GROUP_MAX_SPACINGS = 1.6;
/** A group's cost: its squared deviation from the spacing, times this ... */
export const GROUP_DEVIATION_COST = 3;
/** ... plus this for every sure cut inside it ... */
export const GROUP_INSIDE_COST = 1.5;
/** ... less this for ending on a weak cut (a sure cut takes 1). */
export const GROUP_WEAK_CUT_GAIN = 0.2;

// refine: sub-pixel edges.

/** The wick width is measured on candles whose wick above the body is at least this many rows. */
export const UNIT_WICK_MIN_ROWS = 3;
/** The rendering pixel is the median of at most this many wick widths (more change nothing) ... */
export const UNIT_MAX_SAMPLES = 60;
/** ... and of at least this many (fewer: 1 px). */
export const UNIT_MIN_SAMPLES = 3;
/** A body's top and bottom edges are averaged over at most this many of its columns. */
export const BODY_EDGE_COLUMNS = 6;
/**
 * A body column's own run of ink may end up to this many rendering pixels (and a row) inside the
 * shape's end row and still be that end, blurred: JPEG at a pixel ratio of 3 marks one or two
 * rows beyond a body as the shape's (a grid line crossing the wick there, up to five); a run
 * ending further in is cut by a line across the body.
 */
export const BODY_RUN_END_ROWS_PER_UNIT = 2;
/**
 * Body columns are read in their own runs of ink only where the rendering pixel is at least this
 * (HiDPI): at 1 px the shape's end row is the body's own blended row or a JPEG row beside it,
 * which the edge's deficit and surplus read as before; there the own runs moved 17 candles of
 * j77, j177, j12 (2 gained, 13 lost) and kept a price badge's rounded end, whose rows meet the
 * last close, as a candle (j12-009 broker dark: a 107 px gap, confidence 0.79 -> 0.59).
 */
export const OWN_RUN_MIN_UNIT = 2;
/**
 * ... and only in columns whose middle rows hold at least this share of the fill's ink: a narrow
 * body's side columns, blurred to half its ink, read their ends a row or two inside the body
 * (d78-010 SPX lwc light, 5 px bodies at a pixel ratio of 2: 456 -> 322 exact). JPEG's noise
 * inside a body stays within a few hundredths of solid.
 */
export const OWN_RUN_SOLID_SHARE = 0.9;
/** A bar's stem row is looked for in a stretch longer than this many rows between its stops. */
export const BARE_STEM_MIN_ROWS = 4;
/** A pixel further than this (RGB) off the background-ink line holds no ink, unless JPEG-diluted. */
export const EDGE_OFF_MAX = 40;
/** A row with at least this share of ink is solid: the edge is not in it. */
export const SOLID_ALPHA = 0.95;
/**
 * A wick's end rows are counted against its own share of ink inside it (`strokePlateau`) where
 * that share, the median over at least this many rows ...
 */
export const WICK_PLATEAU_MIN_ROWS = 3;
/**
 * ... is at least this (and under SOLID_ALPHA): a 1 px wick enlarged 2x with smoothing holds 75 %
 * in its two middle columns, one falling between two columns 50 %; a fainter share is a stroke
 * of another colour or noise, not the wick thinned.
 */
export const WICK_PLATEAU_MIN = 0.4;
/** Beyond the edge, rows with less ink than this are background ... */
export const FAINT_ALPHA = 0.05;
/** ... and rows with this much or more are another object, not anti-aliasing. */
export const OTHER_OBJECT_ALPHA = 0.9;
/** A stroke's width is summed over at most this many columns either side. */
export const STROKE_REACH = 6;
/**
 * A stroke's width stops where the ink's share rises by more than this from one column to the
 * next outward: a neighbouring stroke, not the stroke's own flank (JPEG's noise on a flat
 * stretch stays within a few percent).
 */
export const STROKE_RISE_MAX = 0.1;
/** strokeBeyond needs an ink this far from the background in brightness (luma). */
export const BEYOND_LUMA_MIN = 40;
/** strokeBeyond follows a stroke at most this many rows per px of reach. */
export const BEYOND_ROWS_PER_REACH = 30;
/** A row continues the stroke with a brightness share between these ... */
export const BEYOND_SHARE_MIN = 0.5;
export const BEYOND_SHARE_MAX = 1.5;
/** ... when the pixels `reach` either side have at most this share (a thin stroke, not a line). */
export const BEYOND_SIDE_MAX = 0.3;
/**
 * A wick split over two columns by a scaled capture counts a row where each holds this share
 * (c11-007: 0.35 and 0.40; at 0.3, half the gain on c11 and j12 was lost)...
 */
export const WICK_SPLIT_MIN_SHARE = 0.2;
/**
 * ... when it carries the wick this many rows beyond the column alone: at one row, JPEG charts
 * lost 30 exact candles (a wick's end smeared over two columns), at three 7 (six charts, one or
 * two each) against 86 gained.
 */
export const WICK_SPLIT_MIN_ROWS = 3;
/**
 * strokeBeyond steps over this many rows (from the start only) whose centre is ink-dark but
 * whose sides are too: JPEG smears a body's top or bottom row one row out over the body's
 * width, and a wick starting at the body goes on beyond that row.
 */
export const BEYOND_BRIDGE_ROWS = 1;
/**
 * bodyBeyond follows a body's end at most this many rows: JPEG moves the chroma of a dense
 * chart's next body over up to 6 rows of a body's end (a 3 px MetaTrader body 4 px from the next).
 */
export const BODY_BEYOND_MAX_ROWS = 8;
/**
 * ... while the body's row stands this much (in brightness share) above the lighter column
 * beside the body: a horizontal line crossing it darkens both; JPEG's blur greys the gap
 * beside a dense body to 0.3-0.6 while its rows keep 0.8-1.2.
 */
export const BODY_BEYOND_CONTRAST_MIN = 0.4;
/**
 * ... and keeps what it found only from this many rows on: JPEG's colour loss spans 2-6 rows,
 * while a single row of the ink's brightness beyond a body is the blended edge of a resized
 * capture, which the sub-pixel edge (ink shares) reads better.
 */
export const BODY_BEYOND_MIN_ROWS = 2;
/** bodyBeyond leaves out a body's outermost columns when it is wider than this (blended sides). */
export const BODY_BEYOND_EDGE_WIDTH = 3;
/** The last, partly covered row counts for at most this share of a row. */
export const PARTIAL_ROW_MAX = 0.5;

// direction: which fill is bull.

/** A close-to-open jump counts at most this many px (a real gap says nothing more). */
export const GAP_COST_CAP_PX = 20;
/** The two mappings differ by more than this (mean px) to decide; else by convention. */
export const DIRECTION_COST_MARGIN = 0.3;
/** A third fill (or more) is a fill of its own with at least this share of the commonest fill's candles. */
export const FILL_WEIGHT_SHARE = 0.1;
/**
 * A further fill takes the other direction where that joins its candles to their neighbours
 * better by at least this much per candle (px): MetaTrader's hollow bull bodies read as bear
 * 14-19 px; 2 px on four hollow shapes of a small Lightweight Charts capture was noise.
 */
export const FILL_FLIP_GAIN_PX = 3;
/**
 * A fill keeps to one direction when at least this share of its candles join their neighbours
 * no worse as read than flipped (the clean fills of those MetaTrader charts: 88-100 %; MetaTrader's all-lime narrow bodies of
 * both directions: 68-77 %).
 */
export const FILL_AGREEMENT_SURE = 0.85;
/**
 * ... a fill under half is misread shapes rather than bodies of both directions (a JPEG phone
 * chart's junk: 29 %), and goes no further ...
 */
export const FILL_AGREEMENT_MIXED_MIN = 0.5;
/** ... and neither does one of fewer candles, whose share says too little (25-42 candles moved 1-2 the wrong way). */
export const FILL_MIXED_MIN_CANDLES = 50;

// glyphs: a legend's digits in the candles' colours (legendGlyphs)

/**
 * A line of text is at least this many shapes on the same two rows. Real set, TradingView
 * EURUSD 1m: the legend's teal values "1.12998 1.13006 1.12995 1.13005" (the text stage did not
 * read them) were 20 shapes at a 12-15 px step between 11 candles 98 px apart, so the candles
 * were cut at 15 px and the chart refused with 25 % joined. Five identical highs and lows in a
 * row near the plot's top is no market.
 */
export const GLYPH_RUN_MIN = 5;
/**
 * Digits' tops and bottoms agree within this many px (cap height and baseline; round digits
 * overshoot them by a pixel or so, and anti-aliasing cuts a faint bottom row off a "9").
 */
export const GLYPH_ROW_SLACK_PX = 2;
/** A glyph is this many rows tall or more (smaller text is not read as candles anyway) ... */
export const GLYPH_MIN_ROWS = 5;
/** ... and at most this many (a legend's font at a pixel ratio of 2). */
export const GLYPH_MAX_ROWS = 30;
/** A glyph is at most this share of its height wide (digits are taller than wide). */
export const GLYPH_MAX_ASPECT = 1.2;
/** Glyphs of one line stand at most this share of their height apart (a word space). */
export const GLYPH_GAP_SHARE = 1;
/** Legends stand in the top part of the plot: the run's bottom within this share of its height. */
export const GLYPH_ZONE_SHARE = 0.25;

// label-boxes: a label drawn in a candle colour with text inside it is no candle.

/**
 * A label box holds at least this many glyph-like holes: "BUY", "AMD", "CHoCH" give three or
 * more (one per glyph, more where a glyph has a counter in the text's colour), while a filled
 * candle has none, a hollow one one and two hollow candles read as one shape two.
 */
export const LABEL_BOX_MIN_HOLES = 3;
/** A hole smaller than this (px) is JPEG noise in a body, not a glyph. */
export const LABEL_BOX_MIN_HOLE_PX = 3;
/**
 * A glyph fills at most this share of its own box ("A", "M", "S" far less; "I" or "l" more, but
 * a word has others); a hollow body's inside is a rectangle that fills it whole.
 */
export const LABEL_BOX_MAX_HOLE_FILL = 0.8;
/**
 * The glyph holes counted lie on one line of text: each crosses one glyph's middle row, its
 * centre within this many of that glyph's heights beside it (a word's neighbouring glyphs).
 * Holes anywhere in a shape a moving average in a candle colour glued across the chart (JPEG
 * specks in two bodies, a gap the line closes between candles) made it a label box, kept from
 * the thick-line removal (j177-009 15m, 4h).
 */
export const LABEL_BOX_LINE_HEIGHTS = 4;
/** A box narrower or lower than this (px) holds no readable text: not looked at. */
export const LABEL_BOX_MIN_COLUMNS = 8;
export const LABEL_BOX_MIN_ROWS = 6;
/**
 * A box is at least this many typical shape widths wide: strategy tags ("CHoCH", "Sweep") are
 * three to five candles wide; one candle cut wider than its neighbours by anti-aliasing is not
 * twice as wide.
 */
export const BOX_MIN_WIDTHS = 2;
/**
 * ... and at least this many px: three glyphs and their margins. On a dense chart the typical
 * shape is a 3 px sliver, and a 7 px candle a moving average crosses is no tag.
 */
export const BOX_MIN_WIDTH_PX = 16;
/**
 * A block cut by the plot's top or bottom edge is a floating box's edge (not a candle) when its
 * ink fills this share of its bounding box: solid, every row as wide (a button's rounded corners
 * and JPEG's blur take a little).
 */
export const EDGE_SLAB_FILL = 0.85;
/** A box is a block of at least this many rows on the same columns (a line of text and its margins). */
export const BOX_MIN_FULL_ROWS = 6;
/**
 * A pixel differing by more than this in some channel from the box's fill, the background and
 * every candle colour is the text's: JPEG noise inside a fill stays within about 30, white text
 * on a green tag differs by 100-160 where it is whole.
 */
export const BOX_TEXT_GAP = 60;
/**
 * A box holds text when at least this share of its block is in the text's colour ("Sweep",
 * "CHoCH" at 6-7 px cap height fill about a tenth of their tags once blurred).
 */
export const BOX_TEXT_SHARE = 0.05;
/**
 * A piece of a tag's text is a glyph when at least this many rows tall (lower-case letters at a
 * 7 px font are 4-5) ...
 */
export const BOX_GLYPH_MIN_ROWS = 4;
/** ... and at most this many times as wide as tall (a moving average's streak over a candle is longer). */
export const BOX_GLYPH_MAX_ASPECT = 1.5;
/**
 * A wider piece (glyphs JPEG joined) holds one glyph per this many strokes across its middle row:
 * a glyph crosses it once to three times ("C" once, "H" and "o" twice, "M" three times), and
 * touching glyphs share the strokes where they touch; a line crosses it once.
 */
export const BOX_STROKES_PER_GLYPH = 1.5;

// --- Candles cut by the plot's edge (clipped.ts) ---

/**
 * A candle followed beyond the plot's edge keeps its colour within this distance (max channel):
 * it is drawn opaque over the volume bars (PNG: exact; a little for resampling and JPEG).
 */
export const CLIPPED_COLOUR_DISTANCE = 32;
/**
 * A stem pixel beyond the edge may be this far from the stem's colour (a JPEG 1 px wick over a
 * pale volume bar reads 25-50 off at the NAS100 capture; where the wick ends it jumps to 70+)...
 */
export const CLIPPED_STEM_DISTANCE = 64;
/** A stem followed beyond the edge may miss this many rows in a row (JPEG rings over two rows where a body narrows to its wick, NAS100 1D). */
export const CLIPPED_GAP_ROWS = 2;
/** ... and at most this share of the distance of the pixels beside the stem (the volume bar). */
export const CLIPPED_STEM_CONTRAST = 0.5;
/**
 * A candle ending this close to the plot's edge is cut by it: the edge row itself may have been
 * cleared with a rule drawn along it (a pane border, the last grid row).
 */
export const CLIPPED_EDGE_PX = 2;
/** A body row beyond the edge: this share of the body's columns in its colour (its outline's corners may differ). */
export const CLIPPED_BODY_SHARE = 0.8;
/** A candle is followed this share of the plot's height at most: a volume pane's height, not another chart's. */
export const CLIPPED_MAX_SHARE = 0.3;

// columns.ts: bars one column each (MetaTrader's smallest zoom), read column by column.

/** A band narrower than this gives too few neighbouring pairs for the shares below to mean much. */
export const COLUMN_BARS_MIN_COLUMNS = 30;
/** Share of the band's columns whose ink is one run (a bar's stroke; JPEG may break a few). */
export const COLUMN_BARS_MIN_SOLID = 0.9;
/**
 * More than this share of neighbouring columns shifted against each other: no candle spans two
 * columns (within a candle 2 px or wider the wick column holds the body's, so at most every
 * other pair is shifted). MetaTrader's AUDCAD H1 band (real set): 0.66.
 */
export const COLUMN_BARS_MIN_SHIFTED = 0.5;
/**
 * At least this share of neighbouring columns nest (inside and outside bars): AUDCAD H1 0.14; a
 * line's column runs move together (MetaTrader's balance and equity lines, real set: 0.00).
 */
export const COLUMN_BARS_MIN_NESTED = 0.08;
/** Nesting counts only where both ends differ by this many rows (a line's edges jitter by one). */
export const COLUMN_BARS_NEST_PX = 2;
/**
 * Above this share of the columns ending on one row (within a row), top or bottom, the band is a
 * filled area or a block, not bars (AUDCAD H1: 0.05).
 */
export const COLUMN_BARS_MAX_ONE_ROW = 0.25;

/**
 * The plot's outer column, a blend of the frame and the plot's background (its usual colour
 * lies between the two, channel by channel, within this many levels: a half-covered pixel of
 * the plot's anti-aliased edge; followEdgeColumn).
 */
export const EDGE_BLEND_SLACK = 2;
/** ... is one colour over this share of the plot's rows at least (a plain edge, no line along it). */
export const EDGE_COLUMN_MIN_SHARE = 0.8;
/**
 * ... and holds a candle's ink where a pixel is this far from its usual colour (max channel):
 * a wick half covered by the frame still darkens it by 40-60 levels (tv-gray EURUSD 15m: dadcdf
 * to a2a2a3); PNG edges are exact and JPEG's ringing stays within about 10.
 */
export const EDGE_INK_DISTANCE = 24;

// Bars on a sub-pixel lattice (sub-pixel.ts), read only where the usual reading was refused.
/**
 * Cost of a row of background between a column's run and the band's run in the column before,
 * in units of ink share (a full pixel of ink is 1): a text line or a marker 10 rows off the band
 * loses to a bar run 3 px tall beside it; a bar that steps 1-2 rows from its neighbour does not.
 */
export const SUB_PIXEL_BAND_GAP_COST = 1;
/**
 * Ends within a row of each other still hold: a scaled capture blurs each end over a row, and a
 * stroke split over two columns ends a row apart in each.
 */
export const SUB_PIXEL_HELD_SLACK_PX = 1;
/** Spacings tried: a bar takes at least a column... */
export const SUB_PIXEL_MIN_PITCH = 1.1;
/** ...and above 4 px bars are wide enough to stand apart (the usual reading's domain). */
export const SUB_PIXEL_MAX_PITCH = 4;
/** Fewer bars than this make no periodic evidence worth a lattice. */
export const SUB_PIXEL_MIN_BARS = 40;
/**
 * Columns of one bar hold each other's rows on the right lattice (the same stroke, or a wick
 * around its body): at least this share of them...
 */
export const SUB_PIXEL_MIN_HELD = 0.8;
/** ...and this much more often than columns of neighbouring bars do. */
export const SUB_PIXEL_MIN_CONTRAST = 0.15;
/**
 * A pixel outside the ink this far beyond the boldest candle colour from the background (1.5
 * times its contrast) is another drawing's (black text over grey bars: 2.4); the candles' own ink
 * blurred by scaling stays within about 1.1.
 */
export const SUB_PIXEL_FOREIGN_ALPHA = 1.5;
/**
 * Columns the band may skip (no run of its own there): at a spacing up to 4 px a bar missing
 * from the ink (too faint, or cleared with a line) leaves up to four columns without a run.
 */
export const SUB_PIXEL_BAND_SKIP = 4;
/**
 * Neighbouring columns whose runs all end on the same rows (within a row) this many times over
 * are a filled block, not bars: 3 bars at a 4 px spacing, 8 at 1.5 px, all with the same high and
 * low, is a market standing still that long.
 */
export const SUB_PIXEL_BLOCK_COLUMNS = 12;
/**
 * Columns beside a block that may be its rim: an anti-aliased edge (1-2 columns) and the handles
 * a selected drawing shows on it (TradingView: discs about 8 px across, half of them outside).
 */
export const SUB_PIXEL_BLOCK_RIM = 6;
/**
 * ...when a run there holds this share of the block's rows (the edge column of a drawn
 * rectangle with its middle handle: 48 %); bars beside a block tall enough to matter hold less.
 */
export const SUB_PIXEL_RIM_SHARE = 0.25;
/**
 * A run taller than this share of the plot and SUB_PIXEL_STROKE_BARS times the band's median run
 * is a vertical line crossing the band, not a bar: a spike of a news bar reaches a few times its
 * neighbours' length, a crosshair or a session break the plot's whole height.
 */
export const SUB_PIXEL_STROKE_PLOT_SHARE = 0.25;
export const SUB_PIXEL_STROKE_BARS = 12;
/**
 * A lattice bar's body: the rows where this many of its columns hold ink (sub-pixel.ts,
 * readBodies). A candle's body is wider than its wick; at 2-3 px per bar a body is 1-2 px and
 * its wick 1, so a row of two inked columns is body (a 1 px body is told from its wick by
 * nothing: such a bar keeps its range). 2: the fewest columns wider than a wick.
 */
export const SUB_PIXEL_BODY_COLUMNS = 2;
/**
 * Bodies are read on the lattice only where the bars hold two fills, the second at least this
 * share of the bars: candles in two colours. A bar chart in one colour (cekop's grey bars) has
 * no second fill beyond the odd stray pixel of another class. 0.1: a tenth of the bars, far
 * above the strays and far below any market's share of falling candles.
 */
export const SUB_PIXEL_BODY_FILL_SHARE = 0.1;
/**
 * A dotted line's dot (dotted-rows.ts): a pixel this far off the plot's background (largest
 * channel difference) ... MetaTrader's grey grid dots on black are 0x8e off; JPEG's ringing
 * around them and around the bars stays under 0x30.
 */
export const DOT_OFF_MIN = 48;
/** ... in a run of at most this many pixels along the row (1 px dots; 2 px at DPR 2; a tick and its 1 px stem) ... */
export const DOT_MAX_LENGTH_PX = 3;
/** ... and at most this many down its column (a 1 px line, 2 px at DPR 2). */
export const DOT_MAX_THICK_PX = 2;
/**
 * A row is a dotted line where its dots cover this share of the plot's width: 1 px dots 3 px
 * apart cover a third (less where bars cross it); a row of a dense bar chart holds the ticks of a
 * few bars, under 1 %.
 */
export const DOTTED_ROW_SHARE = 0.1;
/**
 * ... judged on this many windows of this many pixels spread over the row (a fifth of a
 * 2560 px plot): a grid line's dots run the whole width, 32 px hold ten of them at 1x and a
 * window on a bar's tick holds that tick and its neighbours' few.
 */
export const DOT_WINDOWS = 16;
export const DOT_WINDOW_PX = 32;
/**
 * A bar's tick run on a dotted line's row counts for this share of its ink (tickRow): the one dot
 * beside the stem that JPEG tinted in the bar's colour holds as much ink as a tick, so a tick off
 * the line wins; a tick on the line still wins over a speck of less than half its ink.
 */
export const DOTTED_TICK_WEIGHT = 0.5;
/**
 * A bar showing one tick takes the other from its neighbour (completeOneTickBars) when that
 * neighbour stands within this many bar spacings: the next bar, not one past a gap of missing
 * bars (1.5: the lattice's jitter, not a second bar's place).
 */
export const ONE_TICK_NEIGHBOUR_SPACINGS = 1.5;
