/**
 * Stage: palette. In: the raster and the layout (background, plot, line colours). Out: the
 * candle colours (bull, bear, outline, wick; learned from the plot's strokes, not assumed) and
 * the plot's ink mask: one byte per plot pixel, 0 for background, k for the k-th colour.
 *
 * palette (the colour arithmetic: a pixel's tint between background and ink, JPEG dilution)
 * -> learn (the colours of vertical strokes, clustered into classes) -> classify-ink (each
 * plot pixel to its class).
 */
export { learnPalette } from './learn';
export { classifyInk } from './classify-ink';
export type { InkClass } from './palette';
