import sharp from 'sharp';
import { UPLOAD_LIMITS, type TimeframeResultDto } from '../../../contracts/analysis';
import { decodeImage } from '../../../adapters/node/decode-image';
import type { RgbaImage } from '../../../engine/core/image';
import { AppError } from '../../http/errors';

export type ImageType = 'png' | 'jpeg' | 'webp';

/** The file's real type from its first bytes; the browser's claimed MIME type is not trusted. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (i: number) => bytes[i] ?? -1;
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return 'png';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Width and height from the header only (sharp's metadata() does not decode pixels). */
export async function readDimensions(bytes: Uint8Array, label: string) {
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    // EXIF orientations 5-8 swap the sides once rotated; the pixel count does not change.
    return { width: meta.width, height: meta.height };
  } catch {
    throw unreadable(label);
  }
}

const unreadable = (label: string) =>
  new AppError(
    422,
    'INVALID_IMAGE',
    `The ${label}: this file is not a readable PNG, JPEG or WebP image (it may be truncated or corrupt). Take the screenshot again and upload it.`,
    { title: 'Unreadable Image' },
  );

export function assertPixelBudget(dims: { width: number; height: number }, label: string) {
  if (dims.width * dims.height > UPLOAD_LIMITS.maxPixels) {
    throw new AppError(
      422,
      'IMAGE_TOO_LARGE',
      `The ${label} is ${dims.width} x ${dims.height} pixels, more than an 8K screenshot (about 33 megapixels). Upload a normal screenshot of the chart.`,
      { title: 'Image Too Large' },
    );
  }
}

/**
 * Decodes to the engine's 8-bit RGBA with the decode the command line and the benchmarks use
 * (EXIF orientation applied, sRGB, refused above UPLOAD_LIMITS.maxPixels from the header, pixels
 * in an ArrayBuffer of their own so they can be transferred to the worker thread). Any failure is
 * the trader-facing 422 naming the slot.
 */
export async function decodeUpload(bytes: Uint8Array, label: string): Promise<RgbaImage> {
  try {
    return await decodeImage(bytes);
  } catch {
    throw unreadable(label);
  }
}

/**
 * Width of the stored chart images: a trader reopening an analysis checks the drawn zones and
 * levels against the candles, which needs about a desktop screenshot's width (480 px, the width
 * before issue 20, blurred the candles in full-screen). 20-120 KB each (22-24 KB for the
 * 1600 px e2e fixture charts); a smaller screenshot is not enlarged.
 */
export const THUMBNAIL_WIDTH = 1280;

/**
 * A small WebP of the screenshot (the original is not kept). It runs beside the decode, so a
 * corrupt file must fail here with the same trader-facing 422, whichever of the two fails first.
 * Effort 0 (of 0-6): the same quality setting at half the encoder's CPU of the default effort 4,
 * for files ~35% larger; this runs on every analysis.
 */
export async function thumbnail(bytes: Uint8Array, label: string): Promise<Buffer> {
  try {
    return await sharp(bytes, {
      failOn: 'error',
      limitInputPixels: UPLOAD_LIMITS.maxPixels,
      sequentialRead: true,
    })
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 70, effort: 0 })
      .toBuffer();
  } catch {
    throw unreadable(label);
  }
}

/**
 * Width of a data slot's drawn chart: its 300 bars at 480 px are a blur when the result shows
 * it full width, and flat colours compress to 20-40 KB at this size anyway.
 */
const DATA_THUMBNAIL_WIDTH = 1280;

/** Colours of a drawn data chart: TradingView's dark theme, what most traders will compare with. */
const DATA_CHART = { background: '#131722', grid: '#2a2e39', up: '#26a69a', down: '#ef5350' } as const;

/**
 * The thumbnail of a slot filled from a data export: its candles drawn on the virtual plot the
 * engine laid them out on (engine/plan/data-reading.ts), so the annotated chart's zones and
 * lines land on them exactly as on a screenshot.
 */
export async function dataThumbnail(tf: TimeframeResultDto): Promise<Buffer> {
  const size = tf.chart.image ?? { width: tf.chart.plot.right + 1, height: tf.chart.plot.bottom + 1 };
  const half = Math.max(1, tf.chart.barSpacing * 0.35);
  const grid = [0.2, 0.4, 0.6, 0.8]
    .map(
      (f) =>
        `<line x1="0" x2="${size.width}" y1="${(size.height * f).toFixed(1)}" y2="${(size.height * f).toFixed(1)}" stroke="${DATA_CHART.grid}" stroke-width="1"/>`,
    )
    .join('');
  const candles = tf.overlay.candles
    .map((c) => {
      const colour = c.close >= c.open ? DATA_CHART.up : DATA_CHART.down;
      const top = Math.min(c.yOpen, c.yClose);
      const height = Math.max(1, Math.abs(c.yClose - c.yOpen));
      return (
        `<line x1="${c.x}" x2="${c.x}" y1="${c.yHigh.toFixed(1)}" y2="${c.yLow.toFixed(1)}" stroke="${colour}" stroke-width="1"/>` +
        `<rect x="${(c.x - half).toFixed(1)}" y="${top.toFixed(1)}" width="${(half * 2).toFixed(1)}" height="${height.toFixed(1)}" fill="${colour}"/>`
      );
    })
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">` +
    `<rect width="100%" height="100%" fill="${DATA_CHART.background}"/>${grid}${candles}</svg>`;
  return sharp(Buffer.from(svg))
    .resize({ width: DATA_THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 70, effort: 0 })
    .toBuffer();
}
