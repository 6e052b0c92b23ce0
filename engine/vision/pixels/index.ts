/**
 * Not a stage: the toolkit every stage reads pixels with. raster (RGBA packed into one number
 * per pixel, colour distance, luminance), byte-scan (masks scanned a word at a time), runs and
 * column-runs (runs of one colour), scratch (arrays kept from read to read), stats (median).
 */
export { toRaster, colourDistance, luminance, type Raster } from './raster';
