import { statSync } from 'node:fs';
import sharp from 'sharp';
import { EngineError } from '../engine/core/errors';
import type { RgbaImage } from '../engine/core/image';

/** Screenshots larger than this are refused before decoding (a decompression-bomb guard). */
const MAX_INPUT_PIXELS = 8192 * 5120;

/**
 * Decodes a PNG, JPEG or WebP (file path or bytes) into the engine's RgbaImage: 8-bit RGBA,
 * EXIF orientation applied (phone captures), no colour-profile surprises (sRGB).
 * Anything that is not a complete image becomes EngineError INVALID_IMAGE with a plain message.
 */
export async function decodeImage(input: string | Uint8Array): Promise<RgbaImage> {
  // A path that names no file is a typo, not a corrupt image: say so before sharp reports it as
  // an unreadable input.
  if (typeof input === 'string') {
    const stat = statSync(input, { throwIfNoEntry: false });
    if (!stat) throw new EngineError('INVALID_IMAGE', `file not found: ${input}`);
    if (!stat.isFile()) throw new EngineError('INVALID_IMAGE', `not a file: ${input}`);
  }
  try {
    const { data, info } = await sharp(input, {
      failOn: 'error',
      limitInputPixels: MAX_INPUT_PIXELS,
      sequentialRead: true,
    })
      .rotate()
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4 || data.length !== info.width * info.height * 4) {
      throw new Error(`unexpected pixel layout (${info.channels} channels)`);
    }
    return {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    };
  } catch (error) {
    if (error instanceof EngineError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(reason)) {
      throw new EngineError(
        'INVALID_IMAGE',
        'This image is too large. Upload a normal screenshot of the chart.',
      );
    }
    throw new EngineError(
      'INVALID_IMAGE',
      'This file is not a readable PNG, JPEG or WebP image (it may be truncated or corrupt).',
      { reason: reason.slice(0, 200) },
    );
  }
}
