/**
 * The Node side of the engine's text port (engine/vision/scale/external-labels.ts): a general
 * OCR (tesseract.js, its LSTM English model from the @tesseract.js-data/eng package on disk,
 * nothing fetched) reads the price-axis strip of a chart the engine's own glyph recogniser
 * could not read, and the words go back to the engine, which places, fits and checks them
 * like its own (docs/decisions/020-ocr-port-axis-ocr.md says why tesseract and these settings).
 *
 * Only the strip is read, upscaled and made dark-on-light, with digits and separators only.
 * One OCR worker per thread, started on first need and kept; a read that takes longer than
 * the timeout ends the worker (the next need starts a fresh one) and counts as no reading, so
 * the engine's refusal stands.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createWorker, PSM, OEM, type Worker } from 'tesseract.js';
import type { RgbaImage } from '../../engine/core/image';
import type { PlotRect, Rect, TextToken } from '../../engine/vision';

/** How long one strip's OCR may take before its refusal stands (ms, wall clock; 0.2-0.5 s usual). */
export const OCR_TIMEOUT_MS = 10_000;
/**
 * The upscaled crop is at most this many pixels: tesseract's time and memory grow with its
 * input (about 0.5 s of CPU per MP measured; an axis strip at 3x is 0.2-2 MP), and the slowest
 * screenshot must stay under 1.5 s of CPU with the fallback.
 */
export const OCR_MAX_CROP_PIXELS = 1_200_000;
/** Upscale so the strip's text is about this many px tall (tesseract's LSTM reads 20-40 px best). */
const TARGET_TEXT_PX = 36;
/** The upscale stays within these (a HiDPI capture's text needs less, a tiny font more). */
const SCALE_MIN = 1.25;
const SCALE_MAX = 4;
/** Characters a price label is printed with (a thousands space splits words, which the engine joins). */
const PRICE_CHARACTERS = '0123456789.,-';

export interface AxisOcr {
  /**
   * The words read on `strip` (image px, right/bottom inclusive as the engine's PlotRect), in
   * image px, or null when the OCR failed or timed out.
   */
  read(image: RgbaImage, strip: PlotRect): Promise<TextToken[] | null>;
  terminate(): Promise<void>;
}

/** Where the eng model is: the npm package's own folder (resolved from node_modules). */
function langPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/** Whether the OCR can start here (tesseract.js and its model installed). */
export function axisOcrAvailable(): boolean {
  try {
    const require = createRequire(import.meta.url);
    require.resolve('tesseract.js');
    langPath();
    return true;
  } catch {
    return false;
  }
}

/**
 * A crop of the strip as a dark-on-light greyscale PNG, upscaled so its text is about
 * TARGET_TEXT_PX tall (the text's height measured on the crop: the usual height of a run of
 * rows holding ink), and the scale it was upscaled by.
 */
export async function stripPng(image: RgbaImage, strip: PlotRect): Promise<{ png: Buffer; scale: number }> {
  const left = Math.max(0, Math.floor(strip.left));
  const top = Math.max(0, Math.floor(strip.top));
  const width = Math.min(image.width, Math.floor(strip.right) + 1) - left;
  const height = Math.min(image.height, Math.floor(strip.bottom) + 1) - top;
  const grey = sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .extract({ left, top, width, height })
    .removeAlpha()
    .greyscale();
  const { data } = await grey.clone().raw().toBuffer({ resolveWithObject: true });
  const counts = new Uint32Array(256);
  for (const v of data) counts[v]!++;
  let background = 0;
  for (let v = 1; v < 256; v++) if (counts[v]! > counts[background]!) background = v;
  const scale = cropScale(width, height, textHeight(data, width, height, background));
  // Black print on white, whatever the theme: each pixel by its distance from the background,
  // the text's usual contrast to full black (faint grey labels, light text on a dark axis).
  const ink = new Uint8Array(data.length);
  const contrasts: number[] = [];
  for (const v of data) {
    const d = Math.abs(v - background);
    if (d >= INK_CONTRAST) contrasts.push(d);
  }
  contrasts.sort((a, b) => a - b);
  const full = Math.max(INK_CONTRAST, contrasts[Math.floor(contrasts.length * 0.75)] ?? 255);
  for (let i = 0; i < data.length; i++)
    ink[i] = 255 - Math.min(255, Math.round((255 * Math.abs(data[i]! - background)) / full));
  const png = await sharp(ink, { raw: { width, height, channels: 1 } })
    .resize({ width: Math.round(width * scale), height: Math.round(height * scale), kernel: 'lanczos3' })
    // A margin of the (now light) background: tesseract misses text touching the edge.
    .extend({ top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN, background: '#ffffff' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png, scale };
}

/** The margin added around the crop, px. */
const MARGIN = 8;
/** A pixel this far (grey levels) from the background is ink. */
const INK_CONTRAST = 48;

/** The usual height of a run of rows holding ink (a line of text), or null when none is text-sized. */
export function textHeight(
  grey: Uint8Array,
  width: number,
  height: number,
  background: number,
): number | null {
  const runs: number[] = [];
  let run = 0;
  for (let y = 0; y <= height; y++) {
    let ink = false;
    if (y < height)
      for (let x = 0, i = y * width; x < width; x++, i++)
        if (Math.abs(grey[i]! - background) >= INK_CONTRAST) {
          ink = true;
          break;
        }
    if (ink) run++;
    else {
      if (run >= 5 && run <= 80) runs.push(run);
      run = 0;
    }
  }
  if (runs.length === 0) return null;
  runs.sort((a, b) => a - b);
  return runs[runs.length >> 1]!;
}

/** The upscale for a crop whose text is `text` px tall (unknown: a 1x chart's 11 px), within the memory bound. */
export function cropScale(width: number, height: number, text: number | null): number {
  let scale = Math.min(SCALE_MAX, Math.max(SCALE_MIN, TARGET_TEXT_PX / (text ?? 11)));
  while (scale > 1 && width * height * scale * scale > OCR_MAX_CROP_PIXELS) scale -= 0.25;
  return scale;
}

interface Word {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

/** Starts the OCR (about 0.3 s of CPU to load the model). */
export async function createAxisOcr(timeoutMs = OCR_TIMEOUT_MS): Promise<AxisOcr> {
  let worker: Promise<Worker> | null = null;
  const start = async (): Promise<Worker> => {
    const w = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: langPath(),
      cacheMethod: 'none',
      gzip: true,
    });
    await w.setParameters({
      tessedit_pageseg_mode: PSM.SPARSE_TEXT,
      tessedit_char_whitelist: PRICE_CHARACTERS,
      // A fixed resolution: tesseract otherwise estimates one and says so on stderr, which a
      // caller reading the command line's refusal would take for the message.
      user_defined_dpi: '300',
      debug_file: '/dev/null',
    });
    return w;
  };
  const stop = async (): Promise<void> => {
    const w = worker;
    worker = null;
    if (w) await (await w.catch(() => null))?.terminate();
  };
  return {
    async read(image, strip) {
      let timer: NodeJS.Timeout | undefined;
      try {
        worker ??= start();
        const { png, scale } = await stripPng(image, strip);
        if (scale <= 1) return null;
        const w = await worker;
        const timeout = new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), timeoutMs);
        });
        const result = await Promise.race([
          w.recognize(png, {}, { blocks: true, text: false }).then((r) => r.data),
          timeout,
        ]);
        if (!result) {
          await stop();
          return null;
        }
        const words: Word[] = [];
        for (const b of result.blocks ?? [])
          for (const p of b.paragraphs) for (const l of p.lines) for (const wd of l.words) words.push(wd);
        const left = Math.max(0, Math.floor(strip.left)) - MARGIN / scale;
        const top = Math.max(0, Math.floor(strip.top)) - MARGIN / scale;
        return words.flatMap((wd) => toToken(wd, left, top, scale) ?? []);
      } catch (e) {
        if (process.env.OCR_DEBUG) console.error(e);
        await stop();
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
    terminate: stop,
  };
}

/** A word as a token in image px (a cTrader pipette subscript stays: it is the price's last digit). */
function toToken(w: Word, left: number, top: number, scale: number): TextToken | null {
  if (w.text.length === 0) return null;
  const box: Rect = {
    left: left + w.bbox.x0 / scale,
    top: top + w.bbox.y0 / scale,
    right: left + w.bbox.x1 / scale,
    bottom: top + w.bbox.y1 / scale,
  };
  return { text: w.text, box, confidence: w.confidence / 100 };
}

let shared: Promise<AxisOcr> | null = null;

/** This thread's OCR, started on first call (a CLI run or a server worker thread keeps one). */
export function sharedAxisOcr(): Promise<AxisOcr> {
  shared ??= createAxisOcr();
  return shared;
}

/** Ends this thread's OCR, if one was started (lets a CLI process exit). */
export async function closeSharedAxisOcr(): Promise<void> {
  const s = shared;
  shared = null;
  if (s) await (await s).terminate();
}
