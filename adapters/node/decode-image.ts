import { statSync } from 'node:fs';
import sharp from 'sharp';
// The zod-free module, not contracts/analysis.ts: zod would add ~0.1 s to every CLI start.
import { UPLOAD_LIMITS } from '../../contracts/upload-limits';
import { EngineError } from '../../engine/core/errors';
import type { RgbaImage } from '../../engine/core/image';

/**
 * Images with more pixels than this are refused from their header, before any pixel is
 * decoded (a decompression-bomb guard). It is the upload limit, an 8K screenshot (~33 MP), so
 * the command line, the benchmarks and the server accept exactly the same files.
 */
export const MAX_IMAGE_PIXELS = UPLOAD_LIMITS.maxPixels;

/**
 * Decodes a PNG, JPEG or WebP (file path or bytes) into the engine's RgbaImage: 8-bit RGBA,
 * EXIF orientation applied (phone captures), sRGB. Anything that is not a complete image becomes
 * EngineError INVALID_IMAGE with a plain message.
 *
 * The pixels get an ArrayBuffer of their own: sharp's output is external memory, which
 * postMessage would silently clone instead of moving to the server's worker thread. The copy
 * costs about a millisecond for a 1600 x 900 screenshot.
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
      limitInputPixels: MAX_IMAGE_PIXELS,
      // One top-to-bottom pass: nothing here needs random access (~15% less CPU).
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
    const pixels = new Uint8Array(data.length);
    pixels.set(data);
    return { width: info.width, height: info.height, data: pixels };
  } catch (error) {
    if (error instanceof EngineError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(reason)) {
      throw new EngineError(
        'INVALID_IMAGE',
        'This image is too large (more than an 8K screenshot). Upload a normal screenshot of the chart.',
      );
    }
    throw new EngineError(
      'INVALID_IMAGE',
      'This file is not a readable PNG, JPEG or WebP image (it may be truncated or corrupt).',
      { reason: reason.slice(0, 200) },
    );
  }
}
