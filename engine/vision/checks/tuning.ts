/**
 * The checks stage's tunables, each with the reason for its value and the measurement that
 * chose it (docs/chart-reader-log.md has the dated figures). Change one only with a measurement
 * (`node ../shared/tools/score-real-charts.mjs`, `npm run bench:accuracy`) and the golden
 * readings updated deliberately (`npm run golden`).
 */

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
/** ... and at least this share of them have the typical body width (+-1 px or 20 %) ... */
export const APART_SAME_WIDTH_SHARE = 0.9;
/** ... and at least this share of neighbours stand a whole number of spacings apart (+-0.2). */
export const APART_ON_LATTICE_SHARE = 0.9;

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
