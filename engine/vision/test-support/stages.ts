import type { RgbaImage } from '../../core/image';
import { readPixels } from '../read-chart';
import { toRaster, type Raster } from '../pixels/raster';
import { findLayout, type Layout } from '../layout';
import { classifyInk, learnPalette } from '../palette';
import { extractCandles } from '../candles';
import type { PlotRect } from '../types';

/**
 * The pixel stages of readChart on a painted image, which a test may have altered: the same
 * runner readChart uses (readPixels), with the names the tests use.
 */
export function pixelStages(image: RgbaImage) {
  const { layout, palette, ink, extraction } = readPixels(image);
  return { layout, palette, ink, ex: extraction };
}

/**
 * The pixel stages with one clean-up step run before the colours are learned (lifting
 * translucent overlays, erasing filled zones), as readPixels runs it: the layout found again
 * with the rectangles the step returns left out of its line search.
 */
export function candlesAfterCleanup<Z extends { rect: PlotRect }>(
  image: RgbaImage,
  cleanup: (raster: Raster, layout: Layout) => Z[],
) {
  const raster = toRaster(image);
  let layout = findLayout(raster)!;
  const zones = cleanup(raster, layout);
  if (zones.length > 0)
    layout = findLayout(
      raster,
      undefined,
      zones.map((z) => z.rect),
    )!;
  const palette = learnPalette(raster, layout);
  const ink = classifyInk(raster, layout, palette);
  const { candles } = extractCandles(ink, layout.plot, palette, { raster, background: layout.background });
  return { zones, raster, candles, palette, plot: layout.plot };
}
