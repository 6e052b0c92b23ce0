/**
 * The scale stage's tunables, each with the reason for its value. Measured on the corpora of
 * docs/chart-reader-log.md (c60 tuned on, h40 held out); change one only with a measurement
 * (`npm run bench:accuracy`) and the golden readings updated deliberately (`npm run golden`).
 */

// axis-scale: labels to rows.

/** Two tokens are on one row when their centres differ by at most this share of the text height ... */
export const SAME_ROW_SHARE = 0.6;
/** ... and are one label split at its decimal point when this share of the height apart at most. */
export const SPLIT_GAP_SHARE = 1.2;
/** A tick is at most this part of the text's height (1/3) tall, or 2 px: glyph columns are taller. */
export const TICK_TEXT_PARTS = 3;
/** Tick marks agree on one offset from the glyphs' centres within this many px ... */
export const MARK_AGREE_PX = 0.75;
/** ... when at least this many do ... */
export const MARKS_MIN = 3;
/** ... and this share of them. */
export const MARKS_AGREE_SHARE = 0.7;
/** A label's box is one colour within this distance (RGB) ... */
export const BOX_SAME = 6;
/** ... with an edge at least this far from it at each end ... */
export const BOX_EDGE = 12;
/** ... and no more than this many times the text's height tall. */
export const BOX_MAX_HEIGHTS = 2.5;
/** On a JPEG the box is looked for this many text heights beside the glyphs (past their ringing) ... */
export const BOX_JPEG_COLUMNS = [0.25, 0.5];
/** ... its edge lasting this many rows (the blurred edge of a box, not a grid line or a speck). */
export const BOX_JPEG_EDGE_ROWS = 3;
/** Text shorter than this many px is too small to look for a tick mark beside. */
export const TICK_TEXT_MIN_PX = 5;
/** Text fainter than this many background tolerances has no ink share to measure strokes by. */
export const TEXT_CONTRAST_TOLERANCES = 3;
/** A pixel with less than this share of the text's contrast is background in a tick gap. */
export const GAP_INK_SHARE = 0.15;
/** A pixel with this share of the text's contrast is the stroke (ticks, tick marks). */
export const STROKE_INK_SHARE = 0.35;
/** A column with faint ink down this share of its rows is a rule (the axis line). */
export const RULE_ROWS_SHARE = 0.8;
/**
 * A tick's rows with at least this share of the text's contrast are its solid rows, which tell
 * how thick it was drawn: a 2 px tick (2x) is two solid rows, 1.5x one and a half, a blurred 1 px
 * tick one with faint rows either side, an anti-aliased one between two rows two halves.
 */
export const TICK_SOLID_SHARE = 0.5;
/** A tick's columns all lie on one row: within this many px of their mean. */
export const TICK_ROW_PX = 0.75;
/** A tick mark's column holds less ink than this (in pixels' shares): the gap before the digits. */
export const TICK_MARK_GAP_INK = 0.35;

// lost-points: a decimal point JPEG blur lost.

/**
 * A point lost to blur leaves a blank this many px wide or wider between two digits (its advance:
 * 2 px on a 0.71x downscaled TradingView label; digits of one label touch or stand 1 px apart) ...
 */
export const LOST_POINT_GAP_PX = 2;
/** ... and wider by this many px than every other blank between two digits of the label. */
export const LOST_POINT_WIDER_PX = 1;
/** Where no label shows a point, this many labels at least show the blank at one place ... */
export const LOST_POINT_MIN_LABELS = 4;
/** ... and this share of the labels whose digits there are wide enough to tell. */
export const LOST_POINT_SHARE = 2 / 3;
/** Decimals looked for (an axis prints up to 8: crypto quoted in bitcoin). */
export const LOST_POINT_MAX_DECIMALS = 8;
/** A label is a number when this share of its characters read as digits (a misread letter or two). */
export const LOST_POINT_DIGIT_SHARE = 0.7;

// axis-scale: the grid and the anchors.

/** A grid line runs across this share of the plot at least (the grid check) ... */
export const GRID_LINE_SHARE = 0.6;
/** ... and the grid holds at least this many such lines. */
export const GRID_MIN_LINES = 4;
/** Grid lines are at least this many px apart ... */
export const GRID_MIN_GAP = 8;
/** ... with at least this many gaps within GRID_GAP_SLACK px of the median gap. */
export const GRID_REGULAR_GAPS = 3;
export const GRID_GAP_SLACK = 2;
/** Labels closer than this many px apart tell no label spacing to check the grid against. */
export const LABEL_GAP_MIN = 4;
/** Grid lines on the label lattice fall within this many px of one phase. */
export const LATTICE_PHASE_PX = 1.5;
/** The grid contradicts the labels when fewer than this share of its lines are on their lattice. */
export const ON_LATTICE_SHARE = 0.6;
/**
 * A row of a grid band with under this share of its strongest row's contrast is JPEG's smear
 * beside the line, not the line (as offGrid and anchorOnPriceLine take a line's strong rows).
 */
export const LINE_STRONG_SHARE = 0.5;
/** A grid line is at most this many rows thick beyond its first (a 1 px line at 3x, with its edges). */
export const GRID_BAND_EXTRA_ROWS = 3;
/**
 * A run of this many neighbouring line rows or more is a filled band (regime or session shading,
 * the layout keeps its rows as lines of one colour), not a grid line: the thickest line seen is
 * about 7 rows (a 2-row line at 3x smeared by JPEG). Cut into 4-row "lines", a band 1,100 rows
 * tall had the labels snapped 3.5 px off their rows (d78-000, a DPR-2 chart without a grid).
 */
export const GRID_FILL_MIN_ROWS = 12;
/** A label snaps to a grid line whose centre is within this many px (3, and a hair more). */
export const SNAP_PX = 3.01;
/** A line's snap reach is at least this many times SNAP_PX (glyphs 3.5 px off 1-row lines at 2.625x). */
export const SNAP_MIN_REACH = 1.5;
/** Labels snap only when at least this many ... */
export const SNAP_MIN_LABELS = 3;
/** ... and this share of them sit on grid lines. */
export const SNAP_LABELS_SHARE = 0.6;
/** The snapped labels are refitted within this tolerance (px): grid rows are exact. */
export const SNAP_FIT_TOLERANCE = 1.5;
/** The snapped fit is kept when it keeps this share of the labels. */
export const SNAP_KEEP_SHARE = 0.8;
/**
 * Grid lines beside the labels (snapToFarGrid) are looked for within this share of the label
 * step (a neighbour's line is a step away) ...
 */
export const FAR_GRID_STEP_SHARE = 0.2;
/** ... and this many px of a label (Pocket Option's labels sit 25 px above their lines at 2x). */
export const FAR_GRID_MAX_PX = 32;
/** A line row stands out from the rows this many px above and below it (lines up to 3 rows thick) ... */
export const FAR_GRID_RIDGE_PX = 3;
/** ... by at least this much (sum of the channels: a faint grey line is 12 levels a channel over a dark photo) ... */
export const FAR_GRID_RIDGE_LEVELS = 12;
/** ... in this share of the columns sampled (candles and drawings hide the rest). */
export const FAR_GRID_LINE_SHARE = 0.5;
/**
 * A label moves onto its own line when that line is within this many px of the offset most labels
 * share: glyphs and lines are each drawn on whole rows, so one label's text may sit a row nearer
 * or further (a TradingView JPEG: seven labels beside their lines at one offset, one a row off).
 */
export const FAR_GRID_OWN_PX = 1;
/** Columns sampled across the plot (enough to tell a line from texture, cheap at 3420 px). */
export const FAR_GRID_COLUMNS = 400;
/** A badge's price line lies within this many px of the badge ... */
export const BADGE_LINE_PX = 4;
/** ... and runs across this share of the plot. */
export const BADGE_LINE_SHARE = 0.5;
/**
 * Tagged lines anchor the scale only when they agree on its offset within this many px: a line
 * whose tag rounds its price (a break-even line) sits up to half the tag's last digit off it.
 */
export const BADGE_LINES_AGREE_PX = 1;
/** An anchor moves the scale by at most this many px (more is another line or candle). */
export const ANCHOR_MAX_PX = 4;
/** A legend anchors the scale only on a last candle at least this many rows tall ... */
export const LEGEND_CANDLE_MIN_ROWS = 3;
/** ... by at least this many px (less is within the fit's own error). */
export const LEGEND_MIN_SHIFT = 0.25;

// scale-fit: labels to a line.

/** Two different prices closer than this many px cannot both be ticks (labels would overlap). */
export const LABEL_MIN_GAP_PX = 4;
/** A label within this many px of the fitted line agrees with it. */
export const FIT_TOLERANCE_PX = 2.5;
/**
 * Labels read with a point that a fit without points puts this many times away contradict its
 * magnitude (magnitudeContradicted): a power of ten, where a price misread by a digit or two of
 * the same magnitude is no contradiction ...
 */
export const MAGNITUDE_RATIO = 10;
/** ... from two such labels: one pointed token can be a stray reading. */
export const MAGNITUDE_MIN_LABELS = 2;
/**
 * A log fit must explain this many more labels than the linear one to win on count: one label
 * more is what a single misread label (a phone JPEG's blurred digit) can give either fit.
 */
export const LOG_MIN_EXTRA_LABELS = 2;
/** A log fit wins a tie only with under this share of the linear residual ... */
export const LOG_RESIDUAL_SHARE = 0.5;
/** ... and a linear residual above this many px. */
export const LOG_MIN_LINEAR_RESIDUAL = 0.5;
/**
 * A log fit is taken only when it bends away from a straight scale by more than this share of
 * the fit tolerance over its labels' rows: a smaller bend is within the labels' own read error,
 * so "logarithmic" would be a guess (a phone JPEG of EURUSD once warned log on a 1 % range).
 */
export const LOG_MIN_BEND_SHARE = 1;
/** Rows sampled between the top and bottom label to measure that bend. */
export const LOG_BEND_SAMPLES = 16;

// read-scale: is it this chart's axis?

/** A scale is fitted through at least this many labels. */
export const MIN_LABELS = 3;
/** Refused when more than this share of the candles lie beyond the labels' range. */
export const BEYOND_LABELS_SHARE = 0.2;
/** A price tag the scale puts within this many label steps of its row extends the labels' range (a tag's text is centred on its price). */
export const BADGE_AGREES_STEPS = 0.25;

// tag-scale: labels printed rounded, the scale through the tags printed in full (decision 047).

/**
 * Price tags printed in full lie on one line within this many px (their text is centred on
 * their price's row, to a row's rounding).
 */
export const ROUNDED_TAG_AGREE_PX = 1.5;
/** Tags closer than this (px) are one row (one tag read twice). */
export const ROUNDED_TAG_SAME_ROW_PX = 2;
/**
 * The tags must lie this share of the labels' span apart at least: their row error (half a px)
 * over that distance is the slope's error, carried to the farthest label.
 */
export const ROUNDED_TAG_MIN_SPAN_SHARE = 0.25;
/** A label agrees with the tags' line within half its rounding unit plus this many px (its glyph centre's row). */
export const ROUNDED_LABEL_SLACK_PX = 1.5;
/** At least this share of the label rows must agree (one misread of five may be left out). */
export const ROUNDED_LABELS_AGREE_SHARE = 0.8;
/** A tag's line reaches the plot's edge on the axis side within this many px (the tag ends it). */
export const TAG_LINE_EDGE_PX = 4;

// prices: how many decimals a reading carries.

/** Prices are rounded to a tenth of a pixel's price: this many parts of a pixel. */
export const PIXEL_PARTS = 10;
/** At most this many decimals ... */
export const MAX_DECIMALS = 10;
/** ... and this many when the scale says nothing (a zero slope). */
export const FALLBACK_DECIMALS = 6;
/** Labels agree on their offset from the grid when within this many px of the median (JPEG, rounding). */
export const OFF_GRID_AGREE_PX = 1;

// external-labels: words a general OCR read on the axis strip (the text port).

/** More words than this on one axis strip is no axis: the rest are dropped. */
export const EXTERNAL_MAX_TOKENS = 200;
/** A word less than this many px tall is a speck, not a label (the smallest axis fonts are 7 px). */
export const EXTERNAL_MIN_HEIGHT_PX = 4;
/** A word whose surroundings' colour is further than this (RGB) from most words' sits on a badge. */
export const EXTERNAL_PANEL_TOLERANCE = 24;
/** Neighbouring external labels' price drops are whole multiples of the smallest within this share ... */
export const EXTERNAL_STEP_SLACK = 0.02;
/**
 * Labels off the step lattice are left out when at least this share stay (one misread digit in
 * 15 labels is the OCR's; a third of them is no axis).
 */
export const EXTERNAL_KEEP_SHARE = 0.8;
/** ... and their rows apart in proportion within this share of one step's rows (boxes are ±1 px). */
export const EXTERNAL_ROW_SLACK = 0.2;

/**
 * A tagged line is outshone by a row this many rows beside it (a dotted line JPEG smeared onto the
 * next row at a pixel ratio of 2: the dots 1-2 rows away from the smear) ...
 */
export const OUTSHONE_ROWS = 2;
/**
 * ... standing out this many times as much (mean contrast over the line's columns): the smears
 * measured 1.8-2.7 times fainter than their dotted lines (d78-004, d178-002, j12-003), while a
 * line's own row the finder left out of its run measured 1.0-1.4 times its found rows (d178-011,
 * fx-04: anchored right).
 */
export const OUTSHONE_RATIO = 1.5;
/** ... measured on this many columns spread along the line. */
export const OUTSHONE_COLUMNS = 400;
