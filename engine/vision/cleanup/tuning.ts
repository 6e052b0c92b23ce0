/**
 * The clean-up stage's tunables, each with the reason for its value. Measured on the corpora of
 * docs/chart-reader-log.md (c60 tuned on, h40 held out, z30 for drawings); change one only with a
 * measurement (`npm run bench:accuracy`) and the golden readings updated deliberately
 * (`npm run golden`).
 */

// overlays: translucent zones lifted off the raster.

/** A fill's pixels may differ this much from its colour (JPEG noise, a gradient's step). */
export const FILL_TOLERANCE = 8;
/** Shares outside this range are not a translucent drawing over candles. */
export const MIN_SHARE = 0.4;
export const MAX_SHARE = 0.95;
/** Fewest candle pixels inside a zone to measure its share from. */
export const MIN_SAMPLES = 24;
/** At most this many fill colours are examined (a chart has a handful of drawings). */
export const MAX_CANDIDATES = 8;
/**
 * A fill is at least this many rows tall: a grid line is fewer (4 with its anti-aliasing on a 2x
 * capture, 3 on a 3x one), and the scale is placed on grid lines, so lifting one would move it.
 */
export const MIN_ROWS = 6;
/** Rows of another colour (grid lines, a wide body) a zone's fill may be crossed by. */
export const MAX_GAP_ROWS = 3;
/** A drawn zone's border is at most this many pixels thick (a 1-px line on a 3x capture). */
export const MAX_BORDER = 4;
/** A fill's run along a row is at least this many px ... */
export const FILL_RUN_MIN_PX = 24;
/** ... or this share of the plot's width (wider than any body, so bodies are no fill). */
export const FILL_RUN_MIN_SHARE = 0.03;
/** A fill colour is a candidate when its long runs hold this many minimal runs' pixels. */
export const FILL_MIN_RUNS = 3;
/** A zone's span may move from row to row by this many px (anti-aliased ends) ... */
export const FILL_EDGE_SLACK_PX = 4;
/** ... or this share of the plot's width. */
export const FILL_EDGE_SLACK_SHARE = 0.01;
/**
 * What stands on a fill (candles, a label) is bridged up to this many px wide, or this share of
 * the plot's width: inside a zone drawn over the bodies, they may cover half of each row.
 */
export const FILL_GAP_PX = 12;
export const FILL_GAP_SHARE = 0.02;
/** A row's fill covers at least this share of its span (candles and labels the rest). */
export const FILL_COVER_SHARE = 0.3;
/** Two candidate colours whose rectangles' tops and bottoms together differ by this (px) are one fill. */
export const SAME_ZONE_PX = 2;
/** A fill seen under the candles over this share of the area it is seen over them is a band, not a drawing. */
export const BELOW_AREA_SHARE = 0.25;
/** The colour under a fill worked out from its share may overshoot 0..255 by this much (JPEG, rounding). */
export const BLEND_CHANNEL_SLACK = 12;
/** A reference colour this near the background (squared RGB distance, 14^2) tells no share. */
export const REFERENCE_MIN_LEN2 = 196;
/** A pixel this near (RGB) a reference colour shows it unchanged: the fill is drawn below. */
export const UNCHANGED_DISTANCE = 4;
/** Positions below this share of MIN_SHARE along a reference's line are the fill's edges, not ink. */
export const MIN_POSITION_OF_SHARE = 0.75;
/** A pixel is on a reference's line within this share of its squared length ... */
export const OFF_LINE_LEN2_SHARE = 0.01;
/** ... plus this (squared RGB, JPEG noise). */
export const OFF_LINE_NOISE2 = 100;
/** The solid ink is the upper tail of the positions: this quantile. */
export const UPPER_QUANTILE = 0.9;
/** A fill that is a tint of a colour (off its line by no more than this) tells nothing about it. */
export const INFORMATIVE_OFF = 12;
/** Positions within this of the upper quantile are the solid ink. */
export const SOLID_POSITION_SLACK = 0.06;
/** A fill is drawn below when this share of a colour's solid pixels is unchanged. */
export const UNCHANGED_SHARE = 0.5;
/** A border line is mostly one colour: this share of the side. */
export const BORDER_SAME_SHARE = 0.5;

// lines: price lines and indicator lines in candle colours.

/** A thin pixel is in a vertical run of at most this many px (a line up to 4 px thick at 3x). */
export const THIN_RUN_PX = 4;
/** A row is a line's when this share of the plot's width is ink ... */
export const LINE_ROW_INK_SHARE = 0.2;
/** ... and this share of its ink is thin (a row through many doji bodies is not). */
export const LINE_THIN_SHARE = 0.3;
/**
 * A doji's cross (see lineThinPixels) has arms of at least this many px each: a dotted line's
 * dots either side of a wick are a pixel or two.
 */
export const DOJI_ARM_MIN_PX = 3;
/** Its two arms differ by at most this many px, or this share of the longer (a wick between pixel columns). */
export const DOJI_ARM_SLACK_PX = 1;
export const DOJI_ARM_SLACK = 0.15;
/** Its stem is a wick: at most this many px wide (3 px at 3x, and a pixel of blur). */
export const DOJI_STEM_MAX_PX = 4;
/** A line is at most this many rows beyond its first (5 rows: a thick line at 3x, its edges). */
export const LINE_EXTRA_ROWS = 4;
/** A line's anti-aliased edge row has thin ink under this share of the width at least ... */
export const EDGE_ROW_SHARE = 0.02;
/** ... and this many times as much edge as loose thin ink. */
export const EDGE_OVER_LOOSE = 4;
/** Fewest shapes of candle size for a typical width to find thick crossing lines by. */
export const CROSSING_MIN_SHAPES = 5;
/** A shape a crossing line glued is at least this many px wide ... */
export const CROSSING_MIN_WIDE_PX = 20;
/** ... and this many typical shapes. */
export const CROSSING_MIN_WIDE_SHAPES = 3;
/** Two runs are of like height when they differ by this many px ... */
export const SIMILAR_RUN_PX = 2;
/** ... or the taller is at most this factor of the shorter. */
export const SIMILAR_RUN_RATIO = 1.6;
/** A chain of line-like runs is the line from this many columns on. */
export const MIN_CHAIN_COLUMNS = 3;
/** A flat chain is a line when this many typical widths long, plus FLAT_LINE_SLACK_PX ... */
export const FLAT_LINE_WIDTHS = 2;
export const FLAT_LINE_SLACK_PX = 2;
/** ... over a shape this many times the line's thickness tall (not one wide body). */
export const FLAT_LINE_SHAPE_THICKNESSES = 3;
/** A chain moves by more than twice the line's thickness plus this many px to be a curve. */
export const CHAIN_SLACK_PX = 2;
/** Passes that clear where lines meet (each may free the next; more never happened). */
export const MEETING_PASSES = 8;
/** A run where two lines meet is no taller than the two together plus this many px. */
export const MEETING_SLACK_PX = 2;
/** A row this share full of a class is a price line in its colour, left out of its statistics. */
export const CLASS_ROW_SHARE = 0.5;
/** A line class crosses at least this share of the columns ... */
export const LINE_CLASS_COLUMNS_SHARE = 0.3;
/** ... and is thin: the 75th percentile of its longest runs ... */
export const LINE_CLASS_PERCENTILE = 0.75;
/** ... at most this many px, unless it runs unbroken over this share of the columns. */
export const LINE_CLASS_THIN_PX = 5;
export const LINE_CLASS_SPAN_SHARE = 0.25;

// volume: volume bars in tints of the candle colours.

/** Share of ink of a volume bar's tint: paler than a candle, darker than an edge's blend. */
export const PALE_MIN = 0.2;
export const PALE_MAX = 0.85;
/** A tint is within this distance (RGB) of the background-ink line. */
export const PALE_OFF_MAX = 24;
/**
 * Up a bar found standing on the baseline, its tint may lie this far off the line: JPEG shifts
 * a pale bar's hue where it meets a bar of the other colour or the background (pink bars at off
 * 25-31 at their tops and seams, j177-009 BTCUSD lwc DPR 1.5), and a run stopped there left the
 * bar's upper part as ink that won columns over the candles.
 */
export const PALE_WALK_OFF_MAX = 40;
/** A volume bar's pale run is at least this many px tall. */
export const PALE_RUN_MIN = 3;
/** The volume baseline is in the plot's lower part: from this share of its height down. */
export const BASELINE_FROM_SHARE = 0.5;
/** A histogram has at least this many bars ending on the baseline ... */
export const MIN_BARS = 8;
/** ... or this share of the plot's width in bars. */
export const MIN_BARS_SHARE = 0.05;

// occluders: indicator lines crossing a wick or a body.

/** A candle stroke on either side of a crossing is at least this many px of its class. */
export const STROKE_PX = 3;
/**
 * A thin line crossing a 1 px stem steeply (a moving average in a fast move) covers it over as
 * many rows as it falls in one column: up to this many rows are bridged ...
 */
export const BRIDGE_MAX_ROWS = 16;
/** ... or this share of the plot's height, on tall captures. */
export const BRIDGE_MAX_SHARE = 0.012;
/**
 * A thick anti-aliased line crossing a body steeply (a moving average at DPR 2, ~3 px thick)
 * covers up to 40 rows of a body's column, often over the body's end, so that no stroke resumes
 * below it. Such a run is bridged by its colours instead (bodyUnderLine), up to this share of the
 * plot's height: 40 rows of d78-008's 1,000-row plot is 4 %.
 */
export const BRIDGE_BLEND_MAX_SHARE = 0.05;
/**
 * The line's strongest pixel in the run stands at least this far (max channel) from the body's
 * colour, from the background's and from their blend: the body's own anti-aliased edge fading
 * into the background is not a line (without it d78 read 65.6 % exact instead of 66.4 %, below
 * the 65.9 % of no rule at all).
 */
export const BLEND_LINE_MIN_CONTRAST = 48;
/**
 * Every row of the run lies within this many levels of a blend of the body's colour and the
 * line's: a line over the background blends the background's instead (51 levels off the body's
 * blend on d78-008, 0.5 off the background's); PNG rounding and mild JPEG stay well within it.
 */
export const BLEND_MAX_RESIDUAL = 16;
/**
 * Near the line's own colour a row lies on both blends; it counts as the body's unless it is
 * nearer the background's blend by more than a level of rounding.
 */
export const BLEND_ROUNDING_LEVELS = 1;
/** A line up to this many px thick crossing a wick near its end leaves a tip shorter than STROKE_PX. */
export const TIP_LINE_PX = 3;
/**
 * A wick's tip above a line is bridged only where the line's colour lies this many px either side
 * of the wick (a horizontal line crossing it): a 1 px wick's neighbours, clear of its anti-aliased
 * edge.
 */
export const TIP_LINE_SIDE_PX = 2;
/**
 * A run holding this many rows within SHADED_TOLERANCES background tolerances of the background
 * is background between two shapes (JPEG's dark noise in the gap between a label's arrow and the
 * body under it), not a line drawn over a candle, and is not bridged.
 */
export const BRIDGE_MAX_SHADED_ROWS = 2;
/**
 * Two tolerances: JPEG's noise beside a saturated stroke on a dark background (measured on a
 * TradingView dark JPEG: 11-17 off it), under a one-pixel gap's SOLID_GAP_TOLERANCES. One such
 * row is let through: a line's anti-aliased edge may be as faint.
 */
export const SHADED_TOLERANCES = 2;
/** A one-pixel gap is a line's colour only beyond this many background tolerances (not grid noise). */
export const SOLID_GAP_TOLERANCES = 3;

// text lines: labels drawn inside the plot (trade labels, status lines, panel titles).

/** Glyphs at least this tall are legible text; shorter shapes (dashes, dots, dojis) are not taken for it. */
export const TEXT_GLYPH_MIN_PX = 5;
/** Glyphs at most this tall: plot text is a label's size, not a candle's. */
export const TEXT_GLYPH_MAX_PX = 40;
/** A glyph is at most this many times as wide as it is tall ("M", "W", "%"). */
export const TEXT_GLYPH_WIDTH_SHARE = 1.5;
/** Glyphs of one line share their top and bottom rows within this many px (anti-aliasing). */
export const TEXT_ALIGN_PX = 1;
/** Glyphs of one line stand closer than this many glyph heights apart (a word space and a comma included). */
export const TEXT_GAP_SHARE = 2.2;
/** A line is this many aligned glyphs or more: fewer aligned shapes happen among candles. */
export const TEXT_MIN_GLYPHS = 4;
/** A row whose ink midpoint is further than this from the shape's middle column is lopsided. */
export const TEXT_ASYMMETRIC_PX = 1;
/**
 * At least this share of a line's glyphs, and two, are lopsided: candles' rows are centred on
 * their wick, while "0", "8", "U", "D" are centred too (a line of them and "5", "2", "S" is text).
 */
export const TEXT_ASYMMETRIC_SHARE = 0.25;
/** ... and at least this many. */
export const TEXT_ASYMMETRIC_MIN = 2;
/** The cleared box reaches this share of a glyph height beyond the line (punctuation, descenders). */
export const TEXT_BOX_PAD_SHARE = 0.4;
/** A panel's border (a shadow, a bevel, anti-aliasing) reaches this many px beyond its lines. */
export const PANEL_EDGE_PX = 2;

// zones: filled zones drawn over the plot in a solid colour.

/**
 * An opaque zone is at least this many px wide: wider than most candle bodies (MetaTrader's
 * widest is 13 px at 1x). Wider bodies (TradingView zoomed in at 2x: 59 px on the real set) are
 * told by their wick, their twins and their colour (see zones.ts), not by width.
 */
export const ZONE_MIN_WIDTH = 48;
/** ... and this many rows tall: thick rules and bands' edges are fewer (layout/bands.ts takes those). */
export const ZONE_MIN_ROWS = 12;
/**
 * A wick is a stroke at most this many px wide: 2 px at 2x with an anti-aliased column either
 * side, and a faint one beyond (TradingView's documentation captures) ...
 */
export const WICK_MAX_PX = 5;
/** ... at least this many rows tall ... */
export const WICK_MIN_ROWS = 4;
/** ... and a colour draws wicks when it draws this many (one per candle). */
export const WICK_MIN_STROKES = 3;
/**
 * A fill draws wicks in a tint of its colour (a blend with the background at least this share
 * of ink, within WICK_TINT_OFF of that line: the wick of a wide body drawn thinner than a pixel) ...
 */
export const WICK_TINT_MIN = 0.4;
/** ... and at most this (a blend is no stronger than its ink: a red wick is no tint of a brown zone). */
export const WICK_TINT_MAX = 1.1;
export const WICK_TINT_OFF = 24;
/** A colour is seen outside the zones when it has this many pixels there (not a stray blend). */
export const KNOWN_MIN_PX = 24;
/** An XOR-drawn zone shows at least this many pixels of XORed colours seen outside ... */
export const XOR_MIN_SAMPLES = 24;
/** ... and they are this share of its pixels other than the fill (markers drawn over it are not). */
export const XOR_SHARE = 0.5;
/**
 * An XOR zone's sides are moved out over XORed candles up to this many px: a candle body on the
 * zone's side in the row its span was taken from (a body 16 px wide at most; the background
 * beyond the zone stops the move sooner).
 */
export const XOR_EDGE_PX = 16;
/**
 * Once a fill is known to be XOR-drawn, its pieces from this many px wide are undone too (a zone
 * one candle wide): XORed candles inside are the evidence, not the width.
 */
export const XOR_MIN_WIDTH = 6;
/** An XOR zone's fill is exact: this share of its pixels near the fill colour are that colour to the bit. */
export const XOR_EXACT_SHARE = 0.9;
/**
 * A wide piece of fill is a candle body when runs of its colour as wide (within this many px: a
 * body's anti-aliased sides) stand in other columns ...
 */
export const BODY_WIDTH_SLACK_PX = 2;
/** ... on this many rows (a doji's body is 2 rows at 2x). */
export const BODY_TWIN_ROWS = 2;
/**
 * A filled piece whose content keeps to this share of its rows, clear of its top and bottom, is a
 * label: a line of text fills 40-60 % of its tag's height.
 */
export const LABEL_TEXT_SHARE = 0.75;
/** A tag's rounded corners reach this many px in from its sides. */
export const LABEL_CORNER_PX = 4;
/**
 * A body's wick stands on its centre within this many px (charting libraries centre it; a wick
 * between two pixel columns and its anti-aliasing move it a pixel or so).
 */
export const WICK_CENTRE_PX = 2;

// xor-blocks: histograms drawn by XOR out of narrow blocks, each a colour of its own.

/**
 * A block of such a histogram is at least this many px wide: Market Profile's blocks are a bar
 * spacing wide (8 px at MetaTrader's default zoom), split by the bar's 1 px stem into pieces of 3
 * or more; a 1-2 px stroke of one colour is a wick or a line, not a fill.
 */
export const BLOCK_MIN_WIDTH = 3;
/**
 * ... and this many rows tall: a profile's price rows are a few px each (a block where the colour
 * changes after 2 or 3 rows); a 1-row run is a rule or a bar's tick.
 */
export const BLOCK_MIN_ROWS = 2;
/** A row of other pixels across a block (a bar's tick, a box's rule) does not end it up to this many rows. */
export const BLOCK_GAP_ROWS = 1;
/** Blocks this near each other are one drawing (a bar's stem, 1-2 px, between two of them). */
export const BLOCK_TOUCH_PX = 2;
/** XORed stem pixels are looked for this far beside a block (a stem 1-2 px wide). */
export const XOR_STEM_PX = 2;
/**
 * More blocks than this are no drawing of a few histograms but a busy plot (a dense chart's
 * bodies in colours that draw no wicks): left alone, also to bound the time.
 */
export const BLOCKS_MAX = 4000;
