/**
 * The text stage's thresholds (OCR, title and symbol, legend, axis labels), each with what it
 * guards against. Lengths in "caps" are of the text line's cap height; glyph distances are
 * classifyGlyph's (0 = a template's exact shape). Changing any of these changes readings:
 * measure on the corpora (docs/chart-reader.md) and check with `npm run check:readings`.
 * The glyph cutting (segment.ts, features.ts, template-codec.ts) keeps its numbers in place:
 * they are inputs of the generated glyph templates (bench/glyphs/README.md).
 */

// --- Reading a line into tokens (read-text.ts) ---

/** Cap height is ~0.72 em in UI sans fonts: the em that token gaps are measured in. */
export const CAP_PER_EM = 0.72;
/** Tokens split on gaps wider than ~0.3 em: about a word space in UI sans fonts. */
export const TOKEN_GAP_EM = 0.3;
/**
 * Beside a number's point the gap may be twice as wide: monospaced fonts draw the point in a
 * full-width cell (4103e5a).
 */
export const NUMBER_GAP_EM = 0.6;
/** Glyph distance at which a glyph's confidence falls to 1/e. */
export const CONFIDENCE_SCALE = 12;
/** Distinct feature vectors whose guesses are kept at most (a few chart reads' worth); the memo is emptied beyond. */
export const GLYPH_MEMO_LIMIT = 4096;
/** A blob wider than this (in caps) may be several touching glyphs. */
export const SPLIT_MIN_WIDTH = 0.85;
/** A split costs its worse half's distance plus this: halves of a round "O" match "C" and ")" about as well. */
export const SPLIT_PENALTY = 4;
/** A split is taken when its cost is under this share of the whole blob's distance. */
export const SPLIT_BEAT_SHARE = 0.8;
/** Splits nest at most this deep (a blob of 4 touching glyphs at most). */
export const SPLIT_MAX_DEPTH = 3;
/** Each half of a split is at least this share of a cap wide: a sliver matches "." or "," too well. */
export const SPLIT_MIN_PART = 0.25;
/** The faintest columns tried as cuts of a blob. */
export const SPLIT_CUTS_TRIED = 3;
/** A pair of digits is cut between this and `DIGIT_PAIR_CUT_TO` of its width: digits are equally wide. */
export const DIGIT_PAIR_CUT_FROM = 0.35;
export const DIGIT_PAIR_CUT_TO = 0.65;
/** Pieces of a broken glyph are at most this many caps apart (a thin stroke lost to the threshold). */
export const JOIN_MAX_GAP = 0.12;
/** A piece narrower than this (caps) is a candidate part of a broken glyph. */
export const JOIN_NARROW = 0.45;
/** A joined glyph is at most this wide (caps): wider is two glyphs. */
export const JOIN_MAX_WIDTH = 1.1;
/** Glyphs matched worse than this distance are worth trying to join, however wide. */
export const JOIN_POOR_MATCH = 8;
/** A speck no taller than this (caps) above the baseline is a broken-off stroke end ("3" at 1x). */
export const JOIN_SPECK_HEIGHT = 0.3;
/** A speck joins its glyph unless the join matches worse than this share (+ `JOIN_SPECK_SLACK`) of the glyph. */
export const JOIN_SPECK_SHARE = 1.3;
export const JOIN_SPECK_SLACK = 1;
/** Otherwise a join must beat the worse piece by this share ... */
export const JOIN_BEAT_WORST = 0.6;
/** ... and the better piece by this share plus `JOIN_BEAT_BEST_SLACK`. */
export const JOIN_BEAT_BEST = 0.8;
export const JOIN_BEAT_BEST_SLACK = 4;
/** Three narrow strokes read as "m" or "w" only when at most this many caps wide in all. */
export const THREE_STROKES_MAX_WIDTH = 1.2;
/** ... and when the joined shape beats the worst stroke by this share. */
export const THREE_STROKES_BEAT = 0.6;
/** A glyph-sized piece is at least this tall (caps) ... */
export const GLYPH_MIN_HEIGHT = 0.55;
/** ... and this wide (caps). */
export const GLYPH_MIN_WIDTH = 0.25;
/** A pixel of a blob counts as ink at this coverage when a cut piece is trimmed. */
export const SUB_BLOB_INK = 0.35;
/**
 * A pipette digit (cTrader prints "1.0955" then a small "0" dropped below the baseline) is at
 * least this share of a cap tall (a comma or a point is less) ...
 */
export const PIPETTE_MIN_HEIGHT = 0.45;
/** ... at most this share (a full-size digit is a cap tall) ... */
export const PIPETTE_MAX_HEIGHT = 0.85;
/** ... and its top at least this share of a cap below the cap line (a full-size digit's is on it). */
export const PIPETTE_MIN_TOP = 0.25;
/** ... and its shape matches a digit (or a look-alike of one) within this distance: a smudge is no digit. */
export const PIPETTE_MAX_DISTANCE = 12;
/** A pipette digit glued to the last digit is cut at most this many px left of its first ink below the baseline. */
export const PIPETTE_CUT_SLACK_PX = 2;
/** In a number a look-alike letter becomes its digit when the digit's distance is within this share ... */
export const AS_DIGIT_SHARE = 2.5;
/** ... plus this (the shapes nearly tie: "2556,OO" is "2556.00"). */
export const AS_DIGIT_SLACK = 2;
/** Between two letters a look-alike digit becomes its letter within this share ... */
export const AS_LETTER_SHARE = 2;
/** ... plus this. */
export const AS_LETTER_SLACK = 2;

// --- Title bands and the symbol's re-reads (title.ts) ---

/** The title bands reach this share of the plot's width from its left: the legend and title sit left. */
export const TITLE_BAND_WIDTH_SHARE = 0.7;
/** The legend band is this share of the plot's height ... */
export const LEGEND_BAND_HEIGHT_SHARE = 0.09;
/** ... and at least this many px (one line of legend text at 1x). */
export const LEGEND_BAND_MIN_PX = 24;
/**
 * A legend value is read again in its token's box grown by this many px each side: the line
 * finder needs background around the glyphs to set its ink threshold.
 */
export const LEGEND_REREAD_PAD_PX = 3;
/**
 * The regions named for a caller's OCR (titleRegions) reach this share of the plot's height
 * down from its top: a legend line straddling the band's bottom edge (a TradingView legend at
 * 2x under a tall plot top margin) is whole in it.
 */
export const OCR_LEGEND_HEIGHT_SHARE = 0.12;
/**
 * The region named for a caller's OCR to read the last bar's printed O/H/L/C in (printRegion)
 * reaches this share of the plot's height down from its top: TradingView's 2019 legend prints
 * them on the line under the title (at 2x: 213-231 under a plot top at 159, a plot 428 px tall,
 * 0.17). Not the title regions' depth: the OCR reads each of its crops as a whole, and a deeper
 * title region changed its reading of the title (a "·" under its confidence floor).
 */
export const OCR_PRINT_HEIGHT_SHARE = 0.2;
/** The header region for the OCR reaches this share of the image's width from the left (titles sit left). */
export const OCR_HEADER_WIDTH_SHARE = 0.7;
/** A header above the plot is read only when at least this many px tall. */
export const HEADER_MIN_PX = 8;
/** The second top strip starts this share of a strip down: a line cut by the first strip's edge is whole in it. */
export const STRIP_OVERLAP_SHARE = 0.6;
/** The image's top strips, read when the bands miss the title, are this share of its height ... */
export const TOP_STRIP_HEIGHT_SHARE = 0.09;
/** ... and at least this many px. */
export const TOP_STRIP_MIN_PX = 24;
/** ... and reach this share of its width from the left. */
export const TOP_STRIP_WIDTH_SHARE = 0.7;
/** The plot's top-left corner (MetaTrader's "SYMBOL,TF" title) is read alone this share of the plot's width ... */
export const CORNER_WIDTH_SHARE = 0.35;
/** ... this share of its height ... */
export const CORNER_HEIGHT_SHARE = 0.04;
/** ... and at least this many px (a title line and the indicator's name under it at 1x). */
export const CORNER_MIN_PX = 20;
/**
 * A row of toolbar buttons at the plot's bottom-left (a web platform's "15m" interval button
 * among icon buttons) is read in this share of the plot's width from its left ...
 */
export const BUTTON_ROW_WIDTH_SHARE = 0.25;
/** ... and this share of its height up from its bottom (a button and its margin: 80 of 1725 px at DPR 2.5) ... */
export const BUTTON_ROW_HEIGHT_SHARE = 0.06;
/** ... and at least this many px (a 28 px button with its margin at 1x). */
export const BUTTON_ROW_MIN_PX = 40;
/**
 * An icon's ink is at least this many times as tall as the row's word (a 20 px icon beside
 * 11 px text at 1x, 44-50 px beside 24 px at DPR 2.5): a taller token is an icon, a token of
 * the word's height is text (a range bar's "5D", a second interval).
 */
export const ICON_MIN_HEIGHT_RATIO = 1.4;
/** ... and at most this many times (a toolbar's icons fit its buttons; a candle runs on). */
export const ICON_MAX_HEIGHT_RATIO = 3;
/** ... and no wider than this many times its height (an icon is about square; a legend line is wide). */
export const ICON_MAX_ASPECT = 1.6;
/** The lone word, read again alone, matches its templates at least this well. */
export const BUTTON_WORD_MIN_CONFIDENCE = 0.5;
/** A vertical rule crossing a title line is looked for this many px above and below the line ... */
export const RULE_REACH_PX = 6;
/** ... in at least this many rows on each side (a dotted grid line's dots) ... */
export const RULE_MIN_ROWS = 2;
/** ... of ink this far (0..255 grey) from the background. */
export const RULE_MIN_CONTRAST = 40;
/** A row of a title line holding this many lone dots is a dotted rule across it (a short title spans ~8 of a 3 px pitch). */
export const RULE_MIN_DOTS = 8;
/** A top strip shorter than this (px) holds no line of text. */
export const STRIP_MIN_PX = 12;
/** A button's background is sampled (and its text re-read) in a margin of its height over this (at least 2 px). */
export const BUTTON_MARGIN_DIVISOR = 4;
/** A button's text colour is that of its strongest 1/this of pixels: thin strokes are mostly antialiased edge. */
export const BUTTON_INK_DIVISOR = 10;
/** A button's text colour needs its strongest pixels this far from the background. */
export const BUTTON_MIN_CONTRAST = 24;
/** Picker buttons of one look differ by JPEG noise and antialiasing at most this much. */
export const SAME_LOOK = 40;
/** The active button differs from all the others by at least this much in text or background. */
export const OTHER_LOOK = 64;
/** A picker button's text is this many to `PICKER_BUTTON_MAX_CHARS` characters ("1m" to "240m"), separators aside. */
export const PICKER_BUTTON_MIN_CHARS = 2;
export const PICKER_BUTTON_MAX_CHARS = 5;
/** A picker row holds at least this many buttons. */
export const PICKER_MIN_BUTTONS = 4;
/**
 * A CJK OCR (ReadTrace.pickerRegions) reads each ideograph as a word of its own: words of a
 * line at most this many word heights apart may be one button ("4" "小" "时": its boxes of
 * ideographs are loose, 0-0.4 apart within a button and between buttons alike, so a number
 * after a unit starts the next button); further apart they are not (an icon beside the row).
 */
export const PICKER_GLUE_HEIGHTS = 1;
/**
 * A picker region reaches this many line heights beyond the first and last button read with
 * a digit: a button at the row's end misread without its digit ("1周" as "JA") is in it.
 */
export const PICKER_REGION_PAD_HEIGHTS = 3;
/** A watchlist row is looked for this many symbol heights to either side of the symbol ... */
export const LIST_ROW_SIDE = 0.5;
/** ... from this many heights below (above) it ... */
export const LIST_ROW_NEAR = 0.3;
/** ... down to this many heights below ... */
export const LIST_ROW_BELOW = 8;
/** ... and up to this many above; a different symbol this near below also makes it a list row. */
export const LIST_ROW_ABOVE = 4;
/** Rows of a list start within `LIST_ROW_SIDE` heights of the symbol's left and differ in height by this share. */
export const LIST_ROW_HEIGHT_SLACK = 0.35;
/** ... and are this share to `LIST_ROW_MAX_WIDTH` of the symbol's width (other tickers). */
export const LIST_ROW_MIN_WIDTH = 0.7;
export const LIST_ROW_MAX_WIDTH = 1.4;
/** Two such rows below the symbol make it a list row. */
export const LIST_ROW_MIN_ROWS = 2;
/** Title lines read again in a tight box: past them a band holds candle fragments and labels. */
export const MAX_REREAD_LINES = 6;
/** A line is re-read only when it holds a word of this many letters or digits. */
export const REREAD_WORD_MIN_CHARS = 3;
/** ... and cleaned of other colours only when it holds one of this many (long enough for a ticker). */
export const CLEAN_WORD_MIN_CHARS = 5;
/** A re-read line's box has a margin of its height over this (at least 2 px). */
export const REREAD_MARGIN_DIVISOR = 3;
/** Tokens whose tops are this close (px) are one line when re-reading lines. */
export const REREAD_LINE_SLACK_PX = 3;
/** A one-ink copy is made only when the line's strongest ink is this far from its background. */
export const ONE_INK_MIN_STRENGTH = 40;
/** The line's ink colour is the mode of pixels at least this share as strong as the strongest. */
export const ONE_INK_SHARE = 0.7;
/** A pixel is kept when off the background-ink line by at most this much ... */
export const ONE_INK_OFF_MIN = 12;
/** ... or by this share of its own strength (an indicator line's antialiased edge is off by a share). */
export const ONE_INK_OFF_SHARE = 0.3;

// --- Glyph classification (classify.ts) ---

/**
 * Weights of the geometric features (features.ts: width; height, top and bottom offsets in caps;
 * hole count; hole centre) against the summed squared ink difference of the 144 cells: the grid
 * is normalised, so size and place against the line tell "o" from "O" and "," from "'".
 */
export const GEOM_WEIGHTS = [60, 120, 120, 120, 4, 20];
/**
 * Prototypes kept by the rough (4x4 coarse grid + shape) distance and measured in full on the
 * 12x12 grid: about 5x fewer operations than a full scan (4103e5a, the shortlist classifier).
 */
export const SHORTLIST = 40;

// --- Symbol and timeframe (instrument.ts) ---

/** Swapping two letters the recogniser confuses ("c" for "o") costs this share of a letter (353afd8). */
export const LOOKALIKE_COST = 0.5;
/** A currency name or word may have one wrong letter in this many (fuzzy matching). */
export const FUZZY_LETTERS_PER_ERROR = 4;
/** A fuzzy word may have half a letter more wrong than that: one look-alike on a short word. */
export const FUZZY_LOOKALIKE_SLACK = 0.5;
/** A word shorter than this is never matched fuzzily (too many names sit within one letter). */
export const FUZZY_MIN_CHARS = 3;
/** Tokens are one line when their boxes overlap vertically by this share of the shorter one. */
export const LINE_OVERLAP_SHARE = 0.4;
/** A described pair ("Euro vs US Dollar ...") is looked for in at most this many words ... */
export const DESCRIBED_PAIR_MAX_WORDS = 10;
/** ... each currency name being at most this many words ("Australian Dollar", "U.S. Dollar"). */
export const NAME_MAX_WORDS = 4;
/** Up to this many words of description may sit between a symbol and its "·" separator. */
export const DESCRIPTION_MAX_WORDS = 3;
/** A timeframe this many token heights or more right of the symbol is not its timeframe. */
export const TIMEFRAME_MAX_GAP = 4;
/** A number and a unit closer than this many heights are one timeframe ("5 min"): a monospaced space is a cell. */
export const UNIT_MAX_GAP = 1.5;
/** A line with this many timeframe-like (or blurred short mixed) tokens is a picker row. */
export const PICKER_MIN_TOKENS = 3;

// --- Axis labels read as one font (axis-solve.ts) ---

/** Label rows needed: fewer can line up by chance. */
export const MIN_ROWS = 4;
/**
 * Glyphs closer than this (the classifier's squared distance) are one character drawn twice.
 * The same digit of one font and size measures 0-3 apart (sub-pixel placement, JPEG), two
 * different digits 10 and more: their 12x12 shapes differ in a dozen cells or more.
 */
export const SAME_GLYPH = 4;
/**
 * Two clusters this far apart in shape (featureDistance, the closest members) are two characters:
 * a character every label shares (which the progression cannot check) never takes the reading
 * of another cluster that far away. The layout's SAME_CHAR_MAX_DISTANCE, for the same reason:
 * one digit of one font measures up to 13 apart on the real set, a "1" read as "3" 25 from the
 * real 3s.
 */
export const OTHER_CHAR_MIN_DISTANCE = 20;
/** Characters tried per cluster: the right one is among the template's nearest few. */
export const CANDIDATES_PER_CLUSTER = 6;
/** Assignments tried after the first that fits, for one that puts more labels on the line. */
export const EXTRA_TRIES = 200;
/** Members of a cluster measured against the templates (they are alike: a few tell the rest). */
export const MEASURED_MEMBERS = 6;
/** Characters tried for a glyph seen once. */
export const SINGLE_CANDIDATES = 3;
/** Assignments tried at most, most likely first (each costs one parse and one line fit). */
export const MAX_TRIES = 1500;
/**
 * More distinct shapes than this in a dozen labels are not one crisp font (a blurred or tiny
 * capture whose every glyph differs, or rows that are not labels): the search would be blind.
 */
export const MAX_CLUSTERS = 24;
/** A row may miss the fitted line by this share of the glyph height (centres of one font agree). */
export const ROW_TOLERANCE = 0.15;
/** ... but at least this many px (rounding of the glyph box). */
export const MIN_ROW_TOLERANCE_PX = 1.5;
/** Labels needed are this share of the rows (at least `MIN_ROWS`): a misread row or two may be left out. */
export const MIN_ROWS_SHARE = 0.75;
/** A token joins a row when its middle is within this share of the row's height ... */
export const ROW_JOIN_MID_SHARE = 0.3;
/** ... and it starts at most this many glyph heights right of the row's last token. */
export const ROW_JOIN_GAP = 1.2;
/** A label row holds at least this many glyphs ("1.2" and up), most of them digits. */
export const LABEL_MIN_GLYPHS = 3;
/** Label rows differ from the median height by this share at most (at least 1 px): one font size. */
export const LABEL_HEIGHT_SLACK = 0.2;
/** Labels of one axis align on a shared edge within this share of their height (at least 2 px). */
export const LABEL_EDGE_SLACK = 0.35;
/** Parsed label texts are memoised, cleared past this many. */
export const PARSED_MEMO_LIMIT = 4096;

// --- Currency pairs from glyph shapes (ticker-glyphs.ts) ---

/** The nearest pair may cost this much more than the glyphs' own best letters, per glyph. */
export const PAIR_MAX_COST_PER_GLYPH = 6;
/** ... and must beat the next pair by this much (two pairs sharing five letters stay apart). */
export const PAIR_MIN_MARGIN = 8;

// --- Price labels (parse-price.ts) ---

/** A label longer than this is not one price (a sentence, or labels run together): refused unparsed. */
export const PRICE_LABEL_MAX_CHARS = 24;
