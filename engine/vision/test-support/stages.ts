import type { RgbaImage } from '../../core/image';
import { toRaster } from '../pixels/raster';
import { findLayout } from '../layout/layout';
import { classifyInk, learnPalette } from '../palette/palette';
import { extractCandles } from '../candles/candles';

/** The pixel stages of readChart (no OCR) on a painted image, which a test may have altered. */
export function pixelStages(image: RgbaImage) {
  const raster = toRaster(image);
  const layout = findLayout(raster)!;
  const palette = learnPalette(raster, layout);
  const ink = classifyInk(raster, layout, palette);
  const ex = extractCandles(ink, layout.plot, palette, { raster, background: layout.background });
  return { layout, palette, ink, ex };
}
