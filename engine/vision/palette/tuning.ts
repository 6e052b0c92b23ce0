/**
 * The palette stage's tunables, each with the reason for its value. Measured on the corpora of
 * docs/chart-reader-log.md (c60 tuned on, h40 held out, j30 for JPEG); change one only with a
 * measurement (`npm run bench:accuracy`) and the golden readings updated deliberately
 * (`npm run golden`).
 */

// Blends of ink and background (tint, dilution).

/** How far a JPEG-damaged or anti-aliased pixel may be from its class colour (RGB distance). */
export const INK_TOLERANCE = 44;
/** Minimum share of ink in a blended pixel for it to count as part of the candle. */
export const MIN_ALPHA = 0.45;
/**
 * Ink and background this far apart in brightness (BT.601 luma) are told apart on brightness
 * alone: JPEG keeps brightness per pixel but smears colour over 2x2 blocks.
 */
export const LUMA_ALONE_MIN = 40;
/**
 * JPEG's ringing makes a thin dark stroke darker than its ink (a light one lighter): up to a
 * quarter beyond the ink along the background-ink line is still on it.
 */
export const RINGING_ALPHA_MAX = 1.25;
/**
 * A JPEG-diluted stroke carries at least this share of its ink's colour (less is the
 * background's own noise) ...
 */
export const DILUTED_CHROMA_MIN = 0.15;
/** ... and at most this share, and ... */
export const DILUTED_CHROMA_MAX = 0.75;
/** ... less colour than brightness by this factor (a plain blend of another ink dims both alike). */
export const DILUTED_CHROMA_PER_ALPHA = 0.9;
/**
 * A class learned from thin diluted strokes (MetaTrader's #00ff00 outlines on black learn as
 * #64b966, a third of the colour) has its strokes' stronger pixels between these shares of it.
 */
export const STRONGER_CHROMA_MIN = 1.25;
export const STRONGER_CHROMA_MAX = 3;
/**
 * A pale class (its chroma against the background under this share of its brightness
 * difference from it) is an ink blended with a neutral colour, not the ink: MetaTrader's Green
 * on Black on JPEG learns #c8ffc6 (ratio 0.13), the #00ff00 outlines mixed with the white bear
 * fills beside them. Its ink's own pixels carry the ink's hue, off the blend's in proportion to
 * their colour, so for such a class a stronger pixel's hue is held to an angle (below). The
 * saturated classes of the corpora and the real set stand at 0.3-0.7 (#26a69a on white 0.50,
 * #e78742 on #111b28 0.64, MetaTrader's #64b966 0.30) and keep the plain tolerance: taken by
 * angle there, cyan and orange indicator lines beside them became candle ink (MT PNG seed 55
 * lost three charts). A thin teal outline learned diluted toward white (#497e73, 0.18) is pale
 * only in brightness terms and stays out.
 */
export const PALE_CLASS_CHROMA_PER_LUMA = 0.15;
/**
 * For a pale class, a stronger pixel's hue tolerance is multiplied by max(1, its share of the
 * class's colour x this): an angle, not a distance. At 1 the pixel where a wick meets a hollow
 * body's top row (#54da67: share 2.2, off the hue by 10.4 for a tolerance of 10.0) is ink, and
 * the wick above it is no longer cut off the candle.
 */
export const STRONGER_HUE_PER_SHARE = 1;
/** An ink whose colour is nearer the background's than this (chroma distance) has no hue to follow. */
export const INK_CHROMA_MIN = 24;
/** How far off the ink's hue a pixel's colour may point: JPEG noise, plus a share of the ink's chroma. */
export const HUE_OFF_BASE = 4;
export const HUE_OFF_PER_CHROMA = 0.2;

// learnPalette: the colours of vertical strokes.

/** A vertical stroke is a run of at least this many px of one quantised colour down a column. */
export const MIN_RUN = 4;
/**
 * Strokes in the plot's bottom 1/LOW_ZONE_PARTS are where volume histograms stand (the
 * divisor of the plot's height).
 */
export const LOW_ZONE_PARTS = 4;
/** A colour at least this share of whose stroke pixels are inside bodies fills areas (shading). */
export const FILL_SOLID_SHARE = 0.5;
/** Candles stand out from the background by more than this (RGB distance): nearer is grid, shading, watermark. */
export const FAINT_DISTANCE = 48;
/** A colour bin holding less than this share of the strokes is noise, not a class. */
export const BIN_MIN_SHARE = 0.01;
/**
 * Where the plot's bottom quarter holds this share of the strokes or more (a volume histogram
 * outweighing the candles), a bin also counts when it holds BIN_MIN_SHARE of the strokes above
 * that quarter. MetaTrader's green volumes under teal and red JPEG bars: 50-79 % (m155-003); most
 * charts without a histogram: under 30 % (the relief there changed small bins and lost 21 candles
 * of a TradingView capture whose buttons and bars share bins, d78-002 at 17 %; j12-007 at 46 %).
 */
export const HISTOGRAM_LOW_SHARE = 0.5;
/** A colour fills bodies of its own when this share of its stroke pixels are inside bodies ... */
export const OWN_BODIES_SOLID_SHARE = 0.3;
/** ... and under this share of those lie in the plot's bottom quarter (a volume histogram's do). */
export const OWN_BODIES_LOW_MAX_SHARE = 0.6;
/** A colour this near a grid line's colour (RGB distance) is the grid. */
export const LINE_COLOUR_DISTANCE = 8;
/** JPEG's bleed beside bodies has the background's brightness within this much (luma) ... */
export const BLEED_LUMA_MAX = 12;
/** ... and at least this share of a class's colour. */
export const BLEED_CHROMA_MIN = 0.15;
/**
 * JPEG's halo beside a class's strokes (palette/learn.ts isHalo): a colour at most this share of
 * the class's way from the background in brightness, in its hue ...
 */
export const HALO_LUMA_SHARE = 0.4;
/**
 * ... of whose stroke pixels at least this share lie beside stronger ink (EDGE_STRONGER_LEVELS;
 * a halo is 1-2 px beside every stroke: #003600 beside MetaTrader's lime on black has 100 %) ...
 */
export const HALO_EDGE_SHARE = 0.9;
/** ... and under this share inside bodies (a dim candle colour fills bodies of its own). */
export const HALO_SOLID_MAX_SHARE = 0.05;
/**
 * A halo not yet credited to a learned class is left out only beside ink (a bin, with the bins
 * within INK_TOLERANCE of it) holding at least 1/this of its pixels: a rim of 1-2 px either side
 * of the strokes is about its ink's size
 * (#003600 1172 px beside lime 1252; a navy rim 2453 beside blue 2044), never many times it.
 */
export const HALO_MAX_OVER_INK = 3;
/**
 * ... or beside ink spread over many bins (JPEG), counted over the bins within INK_TOLERANCE, when
 * the dim colour lies at most this share of the way from the background to it in brightness
 * (MetaTrader's Green on Black: #003600 and #003400 at 0.21 of their lime; the green candles of
 * TradingView's gray theme beside the darker greens of their edges: over 0.3 and not halo).
 */
export const HALO_SPREAD_LUMA_SHARE = 0.3;
/**
 * A class learned from strokes JPEG greyed (1 px wicks whose colour was averaged with the
 * background's, at the ink's brightness) has no hue to follow (INK_CHROMA_MIN); a more colourful
 * bin merged into it within this much brightness (BT.601 luma), of which the class's colour is a
 * diluted stroke, is the ink and gives the class its colour. JPEG keeps brightness per pixel, so
 * a greyed stroke stands at its ink's brightness give or take noise: MetaTrader 5's purple
 * candles at JPEG q65 learn #635b95 (luma 100, chroma 22.8) from the wicks, then merge #6a52b7
 * (luma 101, chroma 42) from the bodies' edges; the bodies themselves (#644cd8, luma 95) are
 * diluted ink of the latter only. 12 as BLEED_LUMA_MAX: the same JPEG noise in brightness.
 */
export const GREYED_LUMA_MAX = 12;
/**
 * ... and only where under this share of the class's first bin's stroke pixels lie beside a
 * stronger pixel (EDGE_STRONGER_LEVELS): a greyed 1 px wick has the background on both sides
 * (#635b95 above: 3 %), while a dim blend learned first lies beside its ink (a hollow teal
 * outline's #285859 on a phone capture resized and JPEG'd: 27 %; taking a colour for it read the
 * outlines' columns as bars of a sub-pixel lattice, 302 for 86 candles). Between the two.
 */
export const GREYED_EDGE_MAX_SHARE = 0.15;
/**
 * A diluted stroke of a class is learned with half the classification's hue tolerance: a nearby
 * hue is another ink (teal bars beside a green volume histogram).
 */
export const LEARN_HUE_TOLERANCE = 0.5;
/** A blend of a class with the background lies between these shares of the class's ink ... */
export const BLEND_ALPHA_MIN = 0.2;
export const BLEND_ALPHA_MAX = 1.1;
/** ... within this distance (RGB) off the background-ink line. */
export const BLEND_OFF_MAX = 24;
/** A class learned first is this colour's blend (its edge) only up to this share of it. */
export const BLENDED_CLASS_ALPHA_MAX = 0.9;
/** A class with this share of its strokes in the plot's bottom quarter is a volume histogram's tint. */
export const VOLUME_LOW_SHARE = 0.8;
/**
 * A blend of a class with the background is its edge only when at least this share of its
 * stroke pixels lie beside a pixel EDGE_STRONGER_LEVELS further from the background (summed
 * over the channels): an anti-aliased or blurred edge always has its ink on one side.
 */
export const BLEND_EDGE_SHARE = 0.3;
export const EDGE_STRONGER_LEVELS = 24;
/** A blend lies beside its ink: at least this share of its pixels touch it. */
export const BLEND_BESIDE_SHARE = 0.5;
/**
 * A class (other than the strongest) whose ink lies at least this share on the vertical lines of
 * its colour the layout found is those lines, not candles. Real set, yellow-on-black GBPUSD M15:
 * two blue dashed event lines were learned as a class; one crossed the bar at x=557 and
 * stretched its low 6 px down the dashes. Candles' ink is spread over every column of the plot.
 */
export const VERTICAL_LINE_INK_SHARE = 0.6;
/** A class is kept when it holds this share of the strokes (of all strokes for the third on). */
export const CLASS_MIN_SHARE = 0.04;
/**
 * A later class whose ink is mostly scattered (learnPalette) may take the second's place only
 * where the second, its scattered ink counted, holds under this many times the share a class
 * must hold (CLASS_MIN_SHARE): a second class that weak is in doubt (SPX 15m JPEG: a blue BUY
 * button in the plot ranked second, 146 stroke pixels in its learned bins and 66 scattered, the
 * teal candles third, 87 learned and 163 scattered, with 148 needed), while a clear second class
 * is never asked. 2: a class twice the share needed is no accident of one button or badge.
 */
export const SCATTERED_CONTEST_SHARE = 2;
/** Bull, bear and at most two more inks (outline, wick or a drawing's fill). */
export const MAX_CLASSES = 4;

// classifyInk: every plot pixel to a class.

/** A pixel this far (RGB distance) off the background-ink line at full strength is another colour ... */
export const TINT_OFF_MAX = 30;
/** ... plus up to this much more the fainter the blend (times the share of it that is background). */
export const TINT_OFF_FAINT_EXTRA = 20;
/**
 * ... plus this much more beyond the ink's full strength (alpha 1 and over) for a class JPEG
 * smeared (below): its ringing brightens a 1 px stroke and pushes its colour off the line
 * (MetaTrader's lime tick #50dc5f beside its stem's #45d156, learned #37c937: 37.6 off). Not for
 * flat inks: a moving average a shade brighter than the bear colour (#ef4f5c beside #f23645,
 * 34 off) is no candle, and taking it lost d78 88 exact candles when every class had it. Nor
 * for a class with no hue (hueless): the overshoot is JPEG's chroma error along a colour's hue,
 * and a grey wick class took a broker's darker blue wicks for its own (j12-010: 29 exact lost).
 */
export const TINT_OFF_OVERSHOOT_EXTRA = 10;
/** A class whose commonest exact colour holds under this share of its pixels is smeared by JPEG. */
export const SMEARED_MAX_SHARE = 0.2;
/** Added to a diluted match's distance: a class that explains the pixel plainly always wins ... */
export const DILUTED_PENALTY = 256;
/**
 * ... unless the pixel has its ink's own brightness (a luma share of at least this, up to
 * RINGING_ALPHA_MAX): JPEG keeps brightness per pixel and averages only the colour, so a thin
 * stroke at its ink's full brightness with a weaker colour of its hue is that ink diluted, and
 * it is ranked by its colour distance like a plain match. A pale class (MetaTrader's Green on
 * Black learns #b4ffb4, its white bear fills blended with the lime outline) otherwise took the
 * lime wicks' and outlines' colourless pixels (#6ab96a beside the class #4ac94a: share 0.62 of
 * the colour at 1.03 of the brightness) as its own faint blend (alpha 0.68), and the candles
 * lost wick tips and outline rows to it (the corpus' XAUUSD at DPR 1.25). Such a pixel keeps the
 * diluted flag: beside another class it is still not trusted (settleDiluted).
 */
export const DILUTED_FULL_ALPHA_MIN = 0.85;
/** A pixel this near a grid colour (RGB distance), and nearer it than the ink, is grid. */
export const GRID_NEAR = 12;
/**
 * Between two inks: an unclassified pixel with one class on one side and another class on the
 * other side (along its row or its column), within this many px each way, whose colour lies on
 * the line between the two inks, is the outline's ink (see SEAM_*). JPEG blends an outlined
 * body's fill with its outline (MetaTrader's Green on Black: white bear fills framed in #00ff00 at DPR 2 leave a
 * 1-3 px seam of #c8ffda-#aeffb5, 0.16-0.30 of the way from the white to the lime, 15-22 off
 * the line) and the seam, no ink, cut the fill off its outline and wicks: the bear was read as
 * its fill alone (mtj-j55-004, high and low at the body). 3 px covers the seams measured (a
 * blurred body's bottom rows); a wider gap is background between two candles, not a seam.
 */
export const BETWEEN_INKS_GAP_PX = 3;
/** ... the pixel's share of the second ink along the line (tint's alpha) within these ... */
export const BETWEEN_INKS_ALPHA_MIN = 0;
export const BETWEEN_INKS_ALPHA_MAX = 1;
/**
 * ... and the two inks at least this far apart (RGB distance): nearer inks are two shades of
 * one (a body and its JPEG-diluted edge), whose seam is no outline.
 */
export const BETWEEN_INKS_MIN_DISTANCE = 96;
/**
 * ... and the seam is an outline's: on one side the outline, at most this many px of its class
 * and then no ink (MetaTrader's 1 CSS px outline: 1-2 px at DPR 1-2, 3 blurred) ...
 */
export const SEAM_OUTLINE_MAX_PX = 3;
/**
 * ... on the other the fill, at least this many px of its class; and the fill a pale class
 * (PALE_CLASS_CHROMA_PER_LUMA: neutral, as MetaTrader's white fills), the outline not. Without
 * the outline's shape the rule joined neighbouring bodies of dense light charts through their
 * blends (51 readings of the corpora moved, one refused); without the pale fill, a dashed red
 * price line over a green body (dev-010 4h, PNG) has that shape and its anti-aliased edge is a
 * blend of the two (40 moved).
 */
export const SEAM_FILL_MIN_PX = 4;
/** A diluted pixel beside a pixel further than this factor of the ink's brightness is a line's blend. */
export const BEYOND_INK_LUMA = 1.1;
/** How far (px, each way) a diluted pixel's neighbourhood is searched for a brighter hue. */
export const HUE_NEIGHBOURHOOD = 2;

/**
 * A colour of horizontal lines only (the layout found no vertical line in it) is still a candle
 * colour when less than this share of its strokes stand in the plot's bottom quarter: MetaTrader
 * draws order levels in the hollow candles' outline colour (every bull candle was lost), while a
 * volume histogram's bar tops, taken for lines, stand at the bottom (c30-007: 104 -> 54 exact
 * candles without this bound).
 */
export const LINE_ONLY_LOW_MAX_SHARE = 0.5;

/**
 * A vertical run of this many rows or fewer may be a horizontal line's thickness (a 3 px line at
 * DPR 2, a 2 px one at DPR 3), not a body: a line colour keeps its place among the candle colours
 * only by bodies taller than this (a 4-row dashed last-price line across Stockity's plot made
 * its grey a class, and its countdown's digits candles).
 */
export const LINE_ROWS_MAX = 6;

/**
 * Of three classes or more, one is an area fill (the shaded band between two moving averages, an
 * EMA ribbon; a zone's fill), whatever its mass, when nine tenths of its pixels lie in pieces at
 * least this many times as wide as half the pixels of the two strongest other classes do: a
 * candle colour's pieces are candles, a body and its wicks, never wider than the bar spacing,
 * while a fill runs on over many bars. Measured on the real set (nine-tenths width against the
 * candles' median): fills 6x (tv-dark SOXL 1D's ribbon, 18 px against 3 px candles), 7.7x,
 * 14x and 93x; the other third and fourth classes at most 3.3x (mt5-white USDJPY M1's rows of
 * red diamond markers, 23 px against 7), most under 1x.
 */
export const FILL_WIDTH_RATIO = 4;
/**
 * A class whose strokes all stand within this share of the plot's width may be buttons drawn over
 * the plot (fills.ts withoutButtons), if its pieces are far wider than the candles'. MetaTrader
 * 5's one-click panel spans 7 % (a button) to 16 % (the lot box with the buttons' text) of the
 * plot on a 1280 x 720 window; a candle colour spans most of the plot, 20 % at the least on the
 * real set (EURUSD 1m, three red candles, pieces as wide as the teal ones). A quarter leaves a
 * smaller window's panel room.
 */
export const BUTTON_SPAN_MAX_SHARE = 0.25;
/** The share of a class's pixels that must lie in such wide pieces (see FILL_WIDTH_RATIO). */
export const FILL_PIECES_SHARE = 0.9;
