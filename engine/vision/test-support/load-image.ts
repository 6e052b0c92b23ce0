import sharp from 'sharp';
import type { RgbaImage } from '../../core/image';

/** Decodes an image file into the RGBA pixels readChart takes (tests only: the engine does no I/O). */
export async function loadImage(file: string): Promise<RgbaImage> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}
