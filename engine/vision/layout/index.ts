/**
 * Stage: layout. In: the raster (and the image, for the axis labels' text; the zones the clean-up
 * stage lifted, on the second run). Out: where the chart is (Layout): background and theme, the
 * chart region, the plot rectangle, the price axis strip and its side, the grid's rows and
 * columns, the colours of long lines, the background mask, and the axis labels' tokens when the
 * axis was found from them.
 *
 * The files, in the order findLayout (find-layout.ts) runs them:
 * - background.ts: the dominant colour, each row's background (a gradient is followed row by
 *   row) and every pixel quantised with the background marked (the background mask).
 * - axis-locate.ts: the price axis from its own labels (a column of numbers on one price scale)
 *   and the plot's edge beside them; read-strip.ts reads a strip of labels band by band with the
 *   text stage (the scale stage reads the axis strip with it too).
 * - region.ts: the chart region, the largest block of mostly-background rows and columns, carried
 *   across shaded bands away from the axis.
 * - lines.ts: long straight lines (grid, separators, frames) by runs of one colour, fills told
 *   apart, where vertical grid lines span, the grid's colours.
 * - plot-edges.ts: the plot's left and right from grid rows and separators (and the labels'
 *   edge), its top and bottom from vertical grid lines.
 * - pane.ts: the price pane's frame lines and another scale's labels below it.
 * - time-axis.ts: a row of time labels under a plot with no rule above it.
 * - axis-strip.ts: the axis side and the strip its labels are read from.
 * - bands.ts: opaque bands of another colour across the plot, painted in the background before
 *   the candle colours are learned (run by readPixels after the clean-up of drawings).
 * - axis-words.ts: the axis found from a general OCR's words in a text column (decision 038).
 * - tuning.ts: every threshold of the stage, with its reason.
 */
export { axisClearOf, findLayout, type Layout } from './find-layout';
export { eraseBands } from './bands';
export { type LineRun } from './lines';
export { priceReadings, type AxisColumn } from './axis-locate';
export { axisCandidates, axisFromWords } from './axis-words';
export { readStrip, StripMemo } from './read-strip';
export { BG_TOLERANCE, MAX_LINE_WIDTH } from './tuning';
