/**
 * Stage: palette. In: the raster and the layout (background, plot, line colours). Out: the
 * candle colours (bull, bear, outline, wick; learned from the plot's strokes, not assumed) and
 * the plot's ink mask: one byte per plot pixel, 0 for background, k for the k-th colour.
 */
export { learnPalette, classifyInk, type InkClass } from './palette';
