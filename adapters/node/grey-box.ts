import sharp, { type Sharp } from 'sharp';
import type { RgbaImage } from '../../engine/core/image';

/** The decoded image as sharp's input (raw RGBA, its pixels not copied). */
export function sharpOf(image: RgbaImage): Sharp {
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 4 },
  });
}

/**
 * A box of the image in grey levels (one byte a pixel, row by row) and its most common level:
 * the background the OCR crops measure ink against (axis strips and titles are mostly empty).
 */
export async function greyBox(
  src: Sharp,
  box: { left: number; top: number; width: number; height: number },
): Promise<{ data: Buffer; background: number }> {
  const { data } = await src
    .clone()
    .extract(box)
    .removeAlpha()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const counts = new Uint32Array(256);
  for (const v of data) counts[v]!++;
  let background = 0;
  for (let v = 1; v < 256; v++) if (counts[v]! > counts[background]!) background = v;
  return { data, background };
}
