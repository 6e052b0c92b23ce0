/**
 * The pixels stage's tunables, each with the reason for its value. Change one only with a
 * measurement (`npm run bench:accuracy`, `npm run bench:reader` for the speed ones) and the golden
 * readings updated deliberately (`npm run golden`).
 */

/** Largest image the reader accepts: 8K x 5K is far beyond any screen capture. */
export const MAX_PIXELS = 8192 * 5120;
/** Below this there is no room for an axis, labels and candles. */
export const MIN_SIDE = 48;
/** Largest image (4K) whose per-pixel working arrays are kept between reads. */
export const MAX_POOLED = 3840 * 2160;
/** A pixel this far (largest channel difference) from its column's majority colour is ink. */
export const COLUMN_INK = 40;
/** Share of pixel pairs repeating the pair above for the pair test to pay (see columnRuns). */
export const MIN_REPEATS = 0.5;
/** Rows sampled over the band to measure that share (enough to tell a flat chart from a gradient). */
export const REPEAT_SAMPLE_ROWS = 16;
