import type { RgbaImage } from '../../core/image';
import type { ScratchArray } from './scratch';
import { EngineError } from '../../core/errors';
import { MAX_PIXELS, MIN_SIDE } from './tuning';

export { MAX_PIXELS, MIN_SIDE };

/**
 * The image as packed 0xRRGGBB, alpha composited over white once, so every later stage reads
 * one number per pixel and never allocates per pixel.
 */
export interface Raster {
  width: number;
  height: number;
  rgb: Uint32Array;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * The image as a Raster. With `scratch` (readChart keeps one between reads), the pixels go into
 * its array instead of a fresh one; every element is written.
 */
export function toRaster(image: RgbaImage, scratch?: ScratchArray<Uint32Array>): Raster {
  const { width, height, data } = image ?? ({} as RgbaImage);
  if (
    !Number.isInteger(width) ||
    !Number.isInteger(height) ||
    width <= 0 ||
    height <= 0 ||
    !(data instanceof Uint8Array || data instanceof Uint8ClampedArray)
  ) {
    throw new EngineError('INVALID_IMAGE', 'This file could not be read as an image.');
  }
  if (width * height > MAX_PIXELS) {
    throw new EngineError(
      'INVALID_IMAGE',
      `This image is too large (${width}x${height}). Upload a normal screenshot of the chart.`,
      { width, height },
    );
  }
  if (data.length !== width * height * 4) {
    throw new EngineError('INVALID_IMAGE', 'The image data is incomplete or corrupt.', {
      width,
      height,
      bytes: data.length,
    });
  }
  if (width < MIN_SIDE || height < MIN_SIDE) {
    throw new EngineError(
      'NO_CHART_FOUND',
      `This image is too small (${width}x${height}) to contain a readable chart.`,
      { width, height },
    );
  }
  const n = width * height;
  const rgb = scratch ? scratch.take(n) : new Uint32Array(n);
  // Opaque pixels (nearly all of a screenshot) are read as one 32-bit word each instead of four
  // bytes, when the bytes are word-aligned on a little-endian machine (word = 0xAABBGGRR).
  const words =
    LITTLE_ENDIAN && data.byteOffset % 4 === 0 ? new Uint32Array(data.buffer, data.byteOffset, n) : null;
  let i = 0;
  if (words) {
    // Up to the first pixel that is not opaque (usually the whole image), in a loop of its own.
    for (; i < n; i++) {
      const v = words[i]!;
      if (v >>> 24 !== 255) break;
      rgb[i] = ((v & 0xff) << 16) | (v & 0xff00) | ((v >>> 16) & 0xff);
    }
  }
  for (let j = i * 4; i < n; i++, j += 4) {
    if (words) {
      const v = words[i]!;
      if (v >>> 24 === 255) {
        rgb[i] = ((v & 0xff) << 16) | (v & 0xff00) | ((v >>> 16) & 0xff);
        continue;
      }
    }
    rgb[i] = packedPixel(data, j);
  }
  return { width, height, rgb };
}

/**
 * The packed 0xRRGGBB colour of the RGBA pixel at byte offset j, as the raster holds it:
 * transparent parts of a capture are shown on white by every viewer.
 */
export function packedPixel(data: Uint8Array | Uint8ClampedArray, j: number): number {
  const a = data[j + 3]!;
  if (a === 255) return (data[j]! << 16) | (data[j + 1]! << 8) | data[j + 2]!;
  const k = 255 - a;
  const r = (data[j]! * a + 255 * k + 127) / 255;
  const g = (data[j + 1]! * a + 255 * k + 127) / 255;
  const b = (data[j + 2]! * a + 255 * k + 127) / 255;
  return ((r & 255) << 16) | ((g & 255) << 8) | (b & 255);
}

/**
 * The pixels two at a time (index i >> 1 holds pixels i and i + 1, i even), or null when the
 * array is not 8-byte aligned. Packed colours have a zero top byte, so no pair reads as a NaN or
 * a negative zero: two pairs compare equal exactly when their four pixels do.
 */
export function pairView(rgb: Uint32Array): Float64Array | null {
  return rgb.byteOffset % 8 === 0 ? new Float64Array(rgb.buffer, rgb.byteOffset, rgb.length >> 1) : null;
}

/** Largest per-channel difference between two packed colours (Chebyshev distance). */
export function colourDistance(a: number, b: number): number {
  const dr = Math.abs(((a >> 16) & 255) - ((b >> 16) & 255));
  const dg = Math.abs(((a >> 8) & 255) - ((b >> 8) & 255));
  const db = Math.abs((a & 255) - (b & 255));
  return dr > dg ? (dr > db ? dr : db) : dg > db ? dg : db;
}

/**
 * How far colour p lies from every blend of colours a and b (an anti-aliased edge between them):
 * the largest channel difference to the blend nearest p in RGB (a least-squares projection onto
 * the a-b segment, clamped to it).
 */
export function blendResidual(p: number, a: number, b: number): number {
  let dot = 0;
  let len = 0;
  for (const sh of [16, 8, 0]) {
    const d = ((b >> sh) & 255) - ((a >> sh) & 255);
    dot += (((p >> sh) & 255) - ((a >> sh) & 255)) * d;
    len += d * d;
  }
  const t = len === 0 ? 0 : Math.min(1, Math.max(0, dot / len));
  let worst = 0;
  for (const sh of [16, 8, 0]) {
    const av = (a >> sh) & 255;
    const off = Math.abs(((p >> sh) & 255) - (av + t * (((b >> sh) & 255) - av)));
    if (off > worst) worst = off;
  }
  return worst;
}

export function luminance(c: number): number {
  return 0.299 * ((c >> 16) & 255) + 0.587 * ((c >> 8) & 255) + 0.114 * (c & 255);
}

/** Saturation-like spread: max channel minus min channel. */
export function chroma(c: number): number {
  const r = (c >> 16) & 255;
  const g = (c >> 8) & 255;
  const b = c & 255;
  return Math.max(r, g, b) - Math.min(r, g, b);
}

/** A colour's 15-bit histogram bin (5 bits per channel). */
export const bin15 = (c: number) => ((c >> 9) & 0x7c00) | ((c >> 6) & 0x3e0) | ((c >> 3) & 0x1f);

export const hex = (c: number) => '#' + c.toString(16).padStart(6, '0');
