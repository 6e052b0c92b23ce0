import type { RgbaImage } from '../../core/image';
import { readPixels } from '../read-chart';

/**
 * The pixel stages of readChart on a painted image, which a test may have altered: the same
 * runner readChart uses (readPixels), with the names the tests use.
 */
export function pixelStages(image: RgbaImage) {
  const { layout, palette, ink, extraction } = readPixels(image);
  return { layout, palette, ink, ex: extraction };
}
