/**
 * Every threshold of the layout stage, with what it guards against. Colour distances are the
 * largest per-channel difference (colourDistance) unless said otherwise; "caps" are label heights
 * (the price labels' median glyph height); shares are of the rows or columns counted. Commits
 * named are where a value was set (git log -S NAME or the value in engine/vision/layout*).
 * Changing any of these changes readings: measure on the corpora (docs/chart-reader.md).
 */

// --- Background (background.ts) ---

/**
 * How far (per channel) a pixel may stray from its row's background and still count as
 * background: JPEG and anti-aliasing noise on a flat fill, not a faint grid (the first reader,
 * 71849b5; palette, clean-up and scale use it too).
 */
export const BG_TOLERANCE = 10;
/**
 * A colour this close to the background is a faint fill (a session band, a highlighted range)
 * that the region may be carried across (e20b78d: c60 session bands).
 */
export const FAINT_FILL_DISTANCE = 48;
/** Above this many pixels the dominant colour is counted on every other row and column: plenty. */
export const DOMINANT_HALF_SAMPLE_ABOVE = 2_000_000;
/** A row's majority colour is voted on every 4th pixel: a background covers far more than that. */
export const ROW_VOTE_STEP = 4;
/** A row has a majority colour when at least this share of its samples agree with the vote. */
export const ROW_MAJORITY_SHARE = 0.5;
/**
 * A plot row is an opaque band's (bands.ts) when this share of its samples is one colour other
 * than the background: more than a row's majority, as candles cover a good part of a row of a
 * dense chart and a band's colour must still hold most of it.
 */
export const BAND_ROW_SHARE = 0.6;
/**
 * A band is at least this many rows tall, and this share of the plot's height: a line (grid,
 * price level, a thick one at 3x) is at most 5 rows, a band a price range's worth.
 */
export const BAND_MIN_ROWS = 8;
export const BAND_MIN_ROWS_SHARE = 0.02;
/**
 * A stretch of such rows thinner than a band, from this many rows, is a thick rule across the
 * plot (thinner ones are the clean-up's: a thin pixel is in a run of at most 4).
 */
export const BAND_LINE_MIN_ROWS = 5;
/** A band or rule goes on across this many rows without a majority (a thin line drawn along it). */
export const BAND_GAP_ROWS = 2;
/** Per channel, the most a gradient background's colour moves from one row to the next (e20b78d). */
export const GRADIENT_STEP = 2;
/**
 * Rows a gradient's colour is carried across where the row has no majority colour (candles, a
 * grid line); a header or a pane of another shade is a jump that lasts longer (e20b78d).
 */
export const GRADIENT_CARRY = 12;

// --- Chart region (region.ts) ---

/**
 * Columns, rows, columns again (counted without a header's or footer's rows): the search stops
 * there, settled or not (71849b5).
 */
export const REGION_PASSES = 3;
/**
 * A column (row) belongs to the region when this share of it is background: candles and grid
 * cover the rest (71849b5); also the background share a column beyond a shaded band needs.
 */
export const REGION_BG_SHARE = 0.35;
/** The region bridges runs of failing columns (rows) this long at least: a thick candle cluster. */
export const REGION_GAP_MIN_PX = 4;
/** ... or this share of the image's width (height), whichever is more. */
export const REGION_GAP_SHARE = 0.01;
/** A column that is this share faint fill is inside a shaded band: the walk goes on (e20b78d). */
export const BAND_FAINT_SHARE = 0.5;
/**
 * A panel floating over the plot (cTrader's Position Sizer, an EA's window) between the region
 * and the image's edge: background gaps this long inside a column's block are bridged (a panel's
 * dark text on a dark chart's background reads as background; a line of text is ~12 px tall).
 */
export const FLOATING_PANEL_GAP_PX = 12;
/**
 * ... the rows of the column outside the block must be this share background (the chart's empty
 * background and a few candles go on below the panel)...
 */
export const FLOATING_PANEL_CLEAR_SHARE = 0.85;
/**
 * ... the block must cover this share of the column's rows: a panel that stopped the region
 * (under REGION_BG_SHARE background) covers most of it; candles past the panel cover far less.
 */
export const FLOATING_PANEL_MIN_BLOCK_SHARE = 0.5;
/** ... and leave at least this share of the region's rows clear: a toolbar runs full height. */
export const FLOATING_PANEL_MIN_CLEAR_SHARE = 0.15;
/** ... and the block's columns must be this many at least: a box, not a label or a candle cluster. */
export const FLOATING_PANEL_MIN_PX = 40;
/** A region narrower or shorter than this holds no chart. */
export const MIN_REGION_PX = 40;

// --- Long lines (lines.ts) ---

/** A line runs along at least this share of the region's width (height): grid, frame, separator. */
export const GRID_LINE_MIN_SHARE = 0.4;
/** Background samples (every other pixel) a run bridges: 4 px, the gaps of a dotted grid. */
export const LINE_GAP_SAMPLES = 2;
/** A line whose longest run bridged more than this many background samples is dotted. */
export const DOTTED_GAP_SAMPLES = 1;
/** ... or whose longest run covers less than this share of its extent (a dashed drawing: a590181). */
export const DOTTED_RUN_SHARE = 0.3;
/** Lines this close (px) are the rows or columns of one thick or anti-aliased line. */
export const LINE_MERGE_PX = 2;
/**
 * A run of line rows (each within LINE_MERGE_PX of the next), all of one colour, up to this
 * thick is one line (a 2 px line captured at DPR 2 is four rows); a thicker one is a filled band.
 */
export const LINE_BAND_MIN_ROWS = 4;
/** Widest a line's anti-aliased rows (or columns) run: a 2-px line on a 3x capture (a02ef1f). */
export const MAX_LINE_WIDTH = 7;
/** Points sampled along a line to tell a fill's edge from a line. */
export const FILL_SAMPLES = 24;
/** A line with its own colour beside it along this share of its length is a fill's edge (a02ef1f). */
export const FILL_SIDE_SHARE = 0.5;
/** Lines within this colour distance are drawn in one colour (one grid, one family). */
export const SAME_LINE_COLOUR = 6;
/**
 * A grid is at least three lines of one colour: a single line (a price line, a frame) may share
 * a candle colour and must not hide the candles (a590181).
 */
export const MIN_GRID_LINES = 3;
/** Pieces of vertical grid lines within this (px) of the outermost start (end) are upper (lower) pieces. */
export const GRID_PIECE_SLACK = 3;

// --- Plot edges (plot-edges.ts) ---

/** A row line this near (px, rows) a drawn zone's edge borders the zone (03de66e). */
export const DRAWING_BORDER_ROWS_PX = 4;
/** ... and ends within this (px) of the zone's side. */
export const DRAWING_BORDER_END_PX = 3;
/** Slack (px) for a line's ends: a row spanning the region less this is full width, crossings count inside it. */
export const LINE_SLACK_PX = 3;
/** A separator is a solid column over at least this share of the region's height (5a72e48). */
export const SEPARATOR_MIN_HEIGHT_SHARE = 0.75;
/** This many like-coloured full-height columns are a vertical grid, not separators (f8c4ce3, 8c2ba1c). */
export const GRID_FAMILY_LINES = 4;
/** A separator beyond this share of the region's width from its left is the plot's right edge. */
export const RIGHT_SEPARATOR_FROM = 0.6;
/** A separator before this share of the region's width is the plot's left edge. */
export const LEFT_SEPARATOR_UNTIL = 0.4;
/** A separator crossed by more than this share of the solid grid rows is inside the plot (5a72e48). */
export const SEPARATOR_MAX_CROSSING_SHARE = 0.25;
/** Grid rows whose ends are this close (px) agree on a plot edge. */
export const LINE_END_AGREE_PX = 1;
/**
 * Where grid rows seem to end, how far (px) before and beyond the end they are compared with
 * their column's usual colour (rowsRunOnPast): past a JPEG's blur of a band's edge (2 px at the
 * corpora's qualities) and the seam a lifted band leaves (the layout found again after the lift
 * had rows ending 5 px inside the band's edge: j177-006).
 */
export const RUN_ON_PROBE_PX = 6;
/**
 * A row runs on past its end when it stands off its column's colour beyond the end by this
 * share of what it does inside (a level line's ringing over a session band: 24 inside and 27
 * beyond, 11 and 10 on a fainter row; a row that ends: a few units of JPEG noise).
 */
export const RUN_ON_CONTRAST_SHARE = 0.5;
/**
 * Over a band at the image's edge (bandBeyond), this share of the rows ending at the region's
 * edge must run on: the anti-aliased second row of a time-axis rule (#23262e) all but vanishes in
 * a band of #1c1c1d (d78-001 SPX 15m: 6 of 7 rows run on); a toolbar stops them all.
 */
export const BAND_RUN_ON_SHARE = 0.75;
/**
 * Columns whose median colours differ by this much (colourDistance) are of two fills, a band's
 * edge (a session band over TradingView's dark background: 10); a column's median on one flat
 * fill moves by 1-2 under JPEG noise.
 */
export const BAND_EDGE_MIN_STEP = 5;
/** ... and a band's fill goes on this far (px) beyond where it is probed: wider than a line. */
export const BAND_MIN_WIDTH_PX = 4;
/** A plot wider (taller) than this gives up a frame line at its edge; a tiny one keeps what it has. */
export const EDGE_COLUMN_MIN_PLOT_PX = 40;
/** The least gap (px) left before the labels when only the labels place the plot's edge. */
export const PLOT_LABEL_GAP_MIN_PX = 2;
/** A dotted vertical line places top and bottom only over this share of the height: JPEG noise votes alike over short stretches. */
export const TALL_DOTTED_SHARE = 0.5;
/**
 * A vertical grid line runs over the whole plot, broken by candles and labels at most; a column
 * of line under this share of the background region's height is a dash of the crosshair's
 * dashed line or a drawing's edge, and places no top or bottom (d78-006 EURUSD 5m: two columns
 * of one crosshair dash, 32 of 1556 rows, put the plot's bottom at 682 and every candle below it
 * was lost).
 */
export const GRID_COLUMN_MIN_SHARE = 0.25;
/** A grid column and the frame column that start and end within this (px) frame a phone's plot. */
export const FRAME_PAIR_SLACK_PX = 3;
/** A panel's sides and its top and bottom rules meet within this (px); its border lines lie within it of each other. */
export const BOX_SLACK_PX = 4;
/** A box this share of the plot wide is a frame (round the plot or a sub-window), not a panel. */
export const BOX_MAX_SHARE = 0.8;

// --- Price pane (pane.ts) ---

/** A line this far from grey (largest minus smallest channel) is drawn, not a frame (cd25018). */
export const FRAME_CHROMA = 40;
/** A 1-px frame line with its anti-aliased rows on a 3x capture; more rows are a band (cd25018). */
export const MAX_FRAME_ROWS = 5;
/** A frame row may stop this short (px) of the plot's sides ... */
export const FRAME_SLACK_MIN_PX = 3;
/** ... or this share of the plot's width, whichever is more (cd25018). */
export const FRAME_SLACK_SHARE = 0.03;
/** The grid's rhythm is trusted from this many steps between grid rows (8c2ba1c). */
export const STEADY_MIN_STEPS = 3;
/** Steps (or whole multiples: a line under a price line) within this (px) of the median are steady ... */
export const STEADY_STEP_MIN_PX = 2;
/** ... or this share of the step (8c2ba1c). */
export const STEADY_STEP_SHARE = 0.04;
/** A grid-coloured line within this (px) of the grid's rhythm is a grid line ... */
export const ON_RHYTHM_MIN_PX = 3;
/** ... or this share of the step; off it, it is a pane's border (8c2ba1c). */
export const ON_RHYTHM_SHARE = 0.05;

// --- Time axis (time-axis.ts) ---

/** Space between the plot's bottom and the time labels' tops, in label heights (8c2ba1c). */
export const TIME_AXIS_MARGIN = 0.9;
/** A column with ink on more than this share of the rows is a vertical line (frame), not text. */
export const TIME_VERTICAL_LINE_SHARE = 0.9;
/** A row with ink across more than this share of the plot is a line (grid, frame), not text. */
export const TIME_LINE_ROW_SHARE = 0.35;
/** The time labels' band is at least this many label heights tall ... */
export const TIME_BAND_MIN_CAPS = 0.5;
/** ... and at most this many (one line of text about a price label tall). */
export const TIME_BAND_MAX_CAPS = 1.5;
/** Empty rows above the band: at least this many px ... */
export const TIME_GAP_ABOVE_MIN_PX = 3;
/** ... and this many label heights: candles run up into each other, labels stand apart. */
export const TIME_GAP_ABOVE_CAPS = 0.5;
/** Time labels are at least this many separate pieces across the width. */
export const TIME_LABELS_MIN_PIECES = 3;
/** A piece wider than this many label heights is not one label: ink running across the band (8c2ba1c). */
export const TIME_LABEL_MAX_CAPS = 12;
/** The pieces spread over at least this share of the plot's width. */
export const TIME_LABELS_SPREAD_SHARE = 0.5;

// --- Axis strip (axis-strip.ts) ---

/** A strip narrower than this (px) between plot and region edge holds no labels. */
export const MIN_STRIP_PX = 8;
/** A column with at most this much ink (px, every other row) is quiet: no labels, no candles ... */
export const LABEL_BAND_QUIET_MIN_PX = 2;
/** ... or this share of the plot's height (specks, a grid row). */
export const LABEL_BAND_QUIET_SHARE = 0.01;
/** Quiet columns (px) that set the label column off from the candles (b01054c). */
export const LABEL_BAND_GAP_PX = 4;
/** A label column is at least this wide (px): a few digits ... */
export const LABEL_BAND_MIN_PX = 10;
/** ... and at most this share of the region's width. */
export const LABEL_BAND_MAX_SHARE = 0.15;
/** The strip reaches at least this (px) above and below the plot ... */
export const STRIP_PAD_MIN_PX = 6;
/** ... or this share of the region's height: half a label at the plot's ends. */
export const STRIP_PAD_SHARE = 0.02;
/** An empty gap of this many px after the labels ends the strip: a side panel follows ... */
export const SIDE_PANEL_GAP_MIN_PX = 12;
/** ... or this share of the image's width (5a72e48). */
export const SIDE_PANEL_GAP_SHARE = 0.015;
/**
 * With the labels found, the strip reaches past them over the ink that continues them, up to this
 * many label heights: price tags print a digit or two more than the labels (a 1.08751 tag under
 * 1.0935 labels) in a padded box, and a strip ending a label height past the labels cut their
 * last digit, so the tag read 1.0875 and anchored the scale 2 px off (DPR-2 corpus, set 006).
 */
export const TAG_BEYOND_LABELS_CAPS = 3;
/** A background darker than this luminance (mid-grey) is a dark theme. */
export const THEME_DARK_BELOW = 128;

// --- Price axis from its labels (axis-locate.ts) ---

/** A glyph is at most this tall (px); taller runs are candles or panels ... */
export const GLYPH_MAX_MIN_PX = 24;
/** ... or this share of the height searched. */
export const GLYPH_MAX_SHARE = 0.04;
/** A column of labels crosses at least this many short runs of ink: a handful of labels, one run each. */
export const TEXT_MIN_RUNS = 5;
/** Text columns bridge this many px (glyph gaps, a decimal point) ... */
export const TEXT_GAP_MIN_PX = 6;
/** ... or this share of the image's width. */
export const TEXT_GAP_SHARE = 0.005;
/** A text column is at least this wide (px): a couple of digits. */
export const TEXT_COLUMN_MIN_PX = 10;
/** ... and at most this share of the image's width; wider is a plot of short candles. */
export const TEXT_COLUMN_MAX_SHARE = 0.25;
/** A too-wide column is split again at most this many times. */
export const TEXT_SPLIT_DEPTH = 2;
/** ... at this many times its typical run count: the labels beside a plot have far more runs. */
export const TEXT_SPLIT_RUNS_FACTOR = 2;
/**
 * Columns whose majority colours (quantised to 16 levels) lie further apart than this are on
 * different panels, and no column of text spans both: one pixel of ink (COLUMN_INK) apart.
 */
export const PANEL_CHANGE = 40;
/** Neighbouring columns this many gaps apart may be one column of wide digits (c85b01c) ... */
export const JOIN_GAP_FACTOR = 3;
/** ... when their scores are within this ratio (like weight). */
export const JOIN_WEIGHT_RATIO = 3;
/** OCR confusions (O/0, l/1, S/5, B/8) are tried on a token with at least this many digits ... */
export const CONFUSION_MIN_DIGITS = 2;
/** ... that make at least this share of its characters (5a72e48). */
export const CONFUSION_DIGIT_SHARE = 0.5;
/** A strip pixel within twice this of the strip's panel colour is panel (a faint label box too). */
export const PANEL_TOLERANCE = 12;
/** A strip's side column off the panel is a frame line: up to this many (px) are left out. */
export const STRIP_SIDE_LINE_PX = 3;
/** A strip column is on the panel when this share of its rows is panel. */
export const STRIP_SIDE_PANEL_SHARE = 0.5;
/** A strip row with less than this share of panel is a badge's, a toolbar's or another panel's. */
export const LABEL_ROW_PANEL_SHARE = 0.25;
/**
 * A strip row next to a badge's off-panel rows belongs to the badge when this share of it shows
 * the badge's fill: its text rows, whose light glyphs count as panel, still show about half (a
 * 105 px pill in a 133 px strip), and no label's ink covers a third of a row.
 */
export const FILL_ROW_SHARE = 0.3;
/**
 * ... from at least this share of the badge's own width to the other side (measured on its middle
 * row; a pill's rounded ends narrow it by a fifth in their last rows, which are then read in the
 * band's margin).
 */
export const BADGE_ROW_WIDTH_SHARE = 0.8;
/** This many rows or fewer of one fill are a stroke or a rule, not a box. */
export const STROKE_MAX_ROWS = 2;
/** Text whose rows just above and below are this share off the panel sits on a box (a badge). */
export const BOXED_SHARE = 0.6;
/** The most text columns read in search of the axis: the usual cost is one narrow strip. */
export const AXIS_CANDIDATES = 5;
/**
 * When none of those (nor the second search's) fits a scale, this many more are read: on a full
 * TradingView window the watchlist's columns, the toolbars and the script editor outscore the
 * axis (6th and 7th on the real set's full-UI captures).
 */
export const AXIS_MORE_CANDIDATES = 6;
/** When no column fits a scale, columns crossing this many tall runs (a toolbar button, a stacked badge) are searched too. */
export const AXIS_TALL_RUNS_SECOND = 2;
/** Fewer labels on one scale than this happen by chance in a watchlist or a clock column. */
export const MIN_LABELS = 4;
/** Enough labels on one scale that a column is taken without reading the others. */
export const CONVINCING = 5;
/** A column whose labels span this much more than another's is the axis, whatever the counts. */
export const SPAN_WIN = 1.5;
/** Labels spanning less than this share of the searched rows may be a ladder beside the axis. */
export const SHORT_SPAN = 0.5;
/** An axis read again tight is also read jointly unless its labels read one by one fit this share of its price rows (a misread row or two may be left out). */
export const TIGHT_SOLVE_SHARE = 0.75;
/**
 * Glyphs read as one character in an axis read again tight are at most this far apart in shape
 * (featureDistance): one digit of one font measures up to 13 apart on the real set (Binance's
 * anti-aliased 0s), a "1" misread as "3" 25 from the real 3s.
 */
export const SAME_CHAR_MAX_DISTANCE = 20;
/** A strip read in windows (readStripInWindows): each this many label heights tall (a label and the gaps either side) ... */
export const STRIP_WINDOW_CAPS = 6;
/** ... and at least this many px. */
export const STRIP_WINDOW_MIN_PX = 24;
/** Room (px) read beside a text column's glyphs, so that rows of bold digits still show mostly panel ... */
export const COLUMN_PAD_PX = 4;
/** ... plus a quarter (1 / this) of the column's width ... */
export const COLUMN_PAD_DIVISOR = 4;
/** ... up to this many px. */
export const COLUMN_PAD_MAX_PX = 24;
/** Labels are kept within this (px) of their text column: grid dots read into a label are not label. */
export const LABEL_COLUMN_SLACK_PX = 4;
/** Unread ink within this many label heights beside a label means digits were lost (a "0."). */
export const TRUNCATION_REACH_LABELS = 2;
/** The colour this many px above a label is its column's background (a frame line down the column is not a label). */
export const TRUNCATION_BG_ABOVE_PX = 3;
/** Ink closer than this (px) to a label's glyphs is the label's own. */
export const LABEL_CLEARANCE_PX = 3;
/** A pixel this far from its column's background is ink. */
export const LABEL_INK = 40;
/** A glyph's stroke covers at least 1 / this of the label's height; a grid line one row. */
export const GLYPH_STROKE_PARTS = 3;
/** Colours closer than this are one background (the axis's, beside the labels). */
export const EDGE_TOLERANCE = 12;
/** The plot's edge is where fewer than this share of the rows keep the axis background (badges cover some). */
export const EDGE_CHANGE_SHARE = 0.5;
/** The walk from the labels to the plot's edge goes at least this many px ... */
export const EDGE_REACH_MIN_PX = 40;
/** ... or this many label heights. */
export const EDGE_REACH_CAPS = 6;
/** A separator is at most this many px wide (anti-aliased). */
export const SEPARATOR_MAX_PX = 3;
/** Numbers below the price labels that the price scale puts more than this many label steps off are another scale's. */
export const OTHER_SCALE_OFF_STEPS = 2;
/** Misread price labels keep the price labels' rhythm to within this (px); another pane's labels mostly do not (83b4131). */
export const MISREAD_RHYTHM_PX = 3;

// --- The axis strip's port (axis-words.ts, decision 038) ---
/**
 * A token with this many digits or more is a number worth a general OCR's look: a price label
 * half misread keeps three ("wl6.20" for "406.20" on a blurry capture); icons and words have none.
 */
export const AXIS_OCR_NUMBER_DIGITS = 3;
/**
 * A column with fewer such numbers than this holds no axis worth reading again (icons, words).
 * One: the blurred, upscaled TradingView capture of the real set (SPY 3m) showed the recogniser
 * a single label whole enough ("4fki.48"); the OCR reads all thirteen. The candidates are ranked by
 * how many they hold and capped (AXIS_OCR_CANDIDATES), so a clock or a legend's line costs a
 * read only where nothing better stands.
 */
export const AXIS_OCR_MIN_NUMBERS = 1;
/**
 * At most this many columns are offered to the OCR (each costs 0.1-0.3 s of CPU): on the real
 * set's full-window captures the axis is among the first three once icons and words are left out.
 */
export const AXIS_OCR_CANDIDATES = 3;
/**
 * Two strips overlapping by more than this share of the wider one are one column (read joined
 * and apart, or with a little more or less room): the OCR reads it once. A column inside a strip
 * several times its width, or a neighbour whose padding reaches into it, is another.
 */
export const SAME_STRIP_OVERLAP_SHARE = 0.5;
/** A column (row) of a word's box inked over this share of it is a rule beside (through) the word, not a glyph. */
export const RULE_INK_SHARE = 0.9;
