/**
 * The Node side of the engine's text port (engine/vision/scale/external-labels.ts): a general
 * OCR (tesseract.js, its LSTM English model from the @tesseract.js-data/eng package on disk,
 * nothing fetched) reads the price-axis strip of a chart the engine's own glyph recogniser
 * could not read, and the words go back to the engine, which places, fits and checks them
 * like its own (docs/decisions/025-axis-ocr-fallback.md says why tesseract and these settings).
 *
 * Only the strip is read, upscaled and made dark-on-light, with digits and separators only.
 * One OCR worker per thread, started on first need and kept; a read that uses more CPU than its
 * budget ends the worker (the next need starts a fresh one) and counts as no reading, so the
 * engine's refusal stands.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { PSM, Worker } from 'tesseract.js';

/**
 * tesseract's page segmentation "sparse text" (PSM.SPARSE_TEXT): words anywhere, no layout.
 * Spelled out because tesseract.js is imported only when the OCR starts.
 */
const SPARSE_TEXT = '11' as PSM;
/**
 * Every crop is prepared dark text on light (stripCrop, titleCrop), so tesseract's second read
 * of each low-confidence line, inverted, only costs time (15-25 % of a title's read, log `slow`).
 */
const NO_INVERTED_SECOND_READ = '0';
import type { RgbaImage } from '../../engine/core/image';
import type { PlotRect, Rect, TextToken } from '../../engine/vision';
import type { TitleRegion } from '../../engine/vision/text';
import { greyBox, levelQuantile } from './grey-box';
import { PICKER_FULL_CONTRAST_SHARE, titleCrop, titleWordBox } from './ocr-title';

/**
 * How much CPU one strip's OCR may use before its refusal stands (ms of the process's CPU time;
 * 0.2-0.5 s usual). CPU time, not the clock's: on a loaded machine a read takes several times as
 * long on the clock for the same CPU, and what a screenshot reads as must not depend on what else
 * the machine is doing (with a wall-clock limit, symbols and timeframes came and went with the load).
 */
export const OCR_CPU_BUDGET_MS = 5_000;
/**
 * The same for the title's OCR (0.1-0.9 s of CPU usual; the largest on the real set 1.4 s, a
 * 3420 x 2214 capture's header): a symbol is worth less than an answer, so a slow read gives up
 * sooner than the axis's.
 */
export const TITLE_OCR_CPU_BUDGET_MS = 3_000;
/**
 * Whatever the CPU spent, a read gives up after this long on the clock: a worker that hangs, or a
 * machine so starved that the trader would rather have the answer without the OCR.
 */
export const OCR_WALL_LIMIT_MS = 60_000;
/** How often the budget is looked at while the OCR runs (ms; the check itself costs microseconds). */
const BUDGET_POLL_MS = 20;

/**
 * The upscaled crop is at most this many pixels: tesseract's time and memory grow with its
 * input (about 0.5 s of CPU per MP measured; an axis strip at 3x is 0.2-2 MP), and the slowest
 * screenshot must stay under 1.5 s of CPU with the fallback.
 */
export const OCR_MAX_CROP_PIXELS = 1_200_000;
/** Upscale so the strip's text is about this many px tall (tesseract's LSTM reads 20-40 px best). */
const TARGET_TEXT_PX = 32;
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
  /**
   * The words read in the title/legend regions the engine named (ReadTrace.titleRegions), any
   * characters, in image px, or null when the OCR failed or timed out.
   */
  readTitle?(image: RgbaImage, regions: readonly TitleRegion[]): Promise<TextToken[] | null>;
  /**
   * The words read in the picker regions the engine named (ReadTrace.pickerRegions) by a model
   * of Chinese (CJK_MODELS), in image px; null when no such model is installed, or the OCR
   * failed or timed out.
   */
  readPicker?(image: RgbaImage, regions: readonly TitleRegion[]): Promise<TextToken[] | null>;
  /** Starts the OCR's worker now rather than on the first read (about 0.5-0.8 s of CPU). */
  ready(): Promise<void>;
  terminate(): Promise<void>;
}

/** Where the eng model is: the npm package's own folder (resolved from node_modules). */
function langPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/**
 * The CJK model the picker port reads with: tesseract's LSTM Simplified Chinese (its best_int
 * model, 1.7 MB), which reads "4小时" and "1日" and the digits and Latin beside them. Its npm
 * package is a dependency of the app; where an install left it out, the picker port reads nothing
 * rather than failing the read.
 */
const CJK_MODELS = { lang: 'chi_sim', pkg: '@tesseract.js-data/chi_sim/package.json' };

/** Where the CJK model is, or null when its package is not installed. */
function cjkLangPath(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return join(dirname(require.resolve(CJK_MODELS.pkg)), '4.0.0_best_int');
  } catch {
    return null;
  }
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

/** A crop ready for the OCR, and how its pixels map back to the image. */
export interface StripCrop {
  png: Buffer;
  /** The upscale: a crop column x is image column left + (x - MARGIN) / scale. */
  scale: number;
  left: number;
  /** The image row of each crop row before upscaling (the text lines stacked, gaps left out). */
  rows: number[];
}

/**
 * The strip's text lines as one dark-on-light greyscale PNG for the OCR: each pixel by its
 * distance from the strip's background (faint grey labels and light text on a dark axis alike
 * become black print on white), and only the runs of rows that hold ink (leaving out columns
 * inked down most of the strip: the axis line, a frame, a dotted line through the labels; the
 * solid ones blanked) kept, stacked with a small gap: an
 * axis is mostly empty space between labels, and tesseract's time grows with the pixels it is
 * given. Upscaled so its text is about TARGET_TEXT_PX tall. Null when the strip holds no text.
 */
export async function stripCrop(image: RgbaImage, strip: PlotRect): Promise<StripCrop | null> {
  const left = Math.max(0, Math.floor(strip.left));
  const top = Math.max(0, Math.floor(strip.top));
  const width = Math.min(image.width, Math.floor(strip.right) + 1) - left;
  const height = Math.min(image.height, Math.floor(strip.bottom) + 1) - top;
  if (width < 4 || height < 4) return null;
  const { data, background } = await greyBox(image, { left, top, width, height });
  const isInk = (i: number) => Math.abs(data[i]! - background) >= INK_CONTRAST;
  // Rules: columns inked down most rows.
  const rule = new Uint8Array(width);
  for (let x = 0; x < width; x++) {
    let n = 0;
    for (let y = 0; y < height; y++) if (isInk(y * width + x)) n++;
    rule[x] = n >= SOLID_RULE_SHARE * height ? 2 : n >= RULE_SHARE * height ? 1 : 0;
  }
  // Runs of rows holding ink (outside the rules).
  const runs: [number, number][] = [];
  let start = -1;
  for (let y = 0; y <= height; y++) {
    let ink = false;
    if (y < height)
      for (let x = 0, i = y * width; x < width; x++, i++)
        if (!rule[x] && isInk(i)) {
          ink = true;
          break;
        }
    if (ink && start < 0) start = y;
    if (!ink && start >= 0) {
      runs.push([start, y]);
      start = -1;
    }
  }
  const lines = runs.filter(([a, b]) => b - a >= MIN_TEXT_PX && b - a <= MAX_TEXT_PX);
  if (lines.length === 0) return null;
  const heights = lines.map(([a, b]) => b - a).sort((p, q) => p - q);
  const text = heights[heights.length >> 1]!;
  // The kept rows: each line with a pad of a quarter of the text height, lines a half apart.
  const pad = Math.max(2, Math.round(text / 4));
  const rows: number[] = [];
  // A line printed in a box (a price tag, a label drawn inside the plot in a rounded box) is
  // measured against the box's colour as well as the strip's: its text is what is far from
  // both. Against the strip's alone, box and text are both ink, one black block to the OCR.
  const boxLevel = new Int16Array(height).fill(-1);
  const counts = new Uint32Array(256);
  for (const [a, b] of lines) {
    const from = Math.max(0, a - pad);
    const to = Math.min(height, b + pad);
    for (let y = from; y < to; y++) rows.push(y);
    for (let k = 0; k < Math.round(text / 2); k++) rows.push(-1);
    counts.fill(0);
    for (let y = a; y < b; y++) for (let x = 0; x < width; x++) if (!rule[x]) counts[data[y * width + x]!]!++;
    let mode = 0;
    for (let v = 1; v < 256; v++) if (counts[v]! > counts[mode]!) mode = v;
    // A box is seen whole: a line the strip's end cuts (a toolbar's or the time axis's band the
    // strip runs into) is measured as before, and its ink counts towards the labels' contrast.
    const whole = a - pad > 0 && b + pad < height;
    if (
      whole &&
      Math.abs(mode - background) >= INK_CONTRAST &&
      counts[mode]! >= BOX_MIN_SHARE * (b - a) * width
    )
      boxLevel.fill(mode, from, to);
  }
  const distance = (i: number, y: number) => {
    const v = data[i]!;
    const d = Math.abs(v - background);
    return boxLevel[y]! < 0 ? d : Math.min(d, Math.abs(v - boxLevel[y]!));
  };
  // Black print on white: each pixel by its distance from the background, the text's usual
  // contrast to full black.
  const contrasts = new Uint32Array(256);
  let inked = 0;
  for (const y of rows) {
    if (y < 0) continue;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const d = rule[x] ? 0 : distance(i, y);
      if (d >= INK_CONTRAST) {
        contrasts[d]!++;
        inked++;
      }
    }
  }
  const full = Math.max(INK_CONTRAST, levelQuantile(contrasts, inked, 0.75) ?? 255);
  const ink = new Uint8Array(width * rows.length).fill(255);
  rows.forEach((y, r) => {
    if (y < 0) return;
    for (let x = 0; x < width; x++) {
      if (rule[x] === 2) continue;
      const d = distance(y * width + x, y);
      ink[r * width + x] = 255 - Math.min(255, Math.round((255 * d) / full));
    }
  });
  const scale = cropScale(width, rows.length, text);
  const png = await sharp(ink, { raw: { width, height: rows.length, channels: 1 } })
    .resize({ width: Math.round(width * scale), height: Math.round(rows.length * scale), kernel: 'lanczos3' })
    // A margin of white: tesseract misses text touching the edge.
    .extend({ top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN, background: '#ffffff' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png, scale, left, rows: rows.map((y) => (y < 0 ? -1 : top + y)) };
}

/** The margin added around the crop, px. */
const MARGIN = 8;
/** A pixel this far (grey levels) from the background is ink. */
const INK_CONTRAST = 48;
/** A column inked down at least this share of the strip is a rule (axis line, frame, dotted line), not text ... */
const RULE_SHARE = 0.5;
/**
 * ... and left out of the crop when nearly solid (down this share; the strip runs past the line): tesseract reads nothing beside a
 * solid axis line (MetaTrader), while a dotted line through the labels (cTrader) is part of
 * their glyphs' columns and blanking it erased the "1"s.
 */
const SOLID_RULE_SHARE = 0.75;
/**
 * A text line whose most common grey level is off the strip's background, over at least this
 * share of its pixels, is printed in a box (a price tag): a solid box covers most of its line,
 * while glyphs on the strip's background cover a quarter of theirs at most.
 */
const BOX_MIN_SHARE = 0.3;
/** A run of inked rows this tall (px, at the image's scale) can be a line of text. */
const MIN_TEXT_PX = 4;
const MAX_TEXT_PX = 80;

/** The upscale for a crop whose text is `text` px tall, within the memory bound. */
export function cropScale(width: number, height: number, text: number): number {
  let scale = Math.min(SCALE_MAX, Math.max(SCALE_MIN, TARGET_TEXT_PX / text));
  while (scale > 1 && width * height * scale * scale > OCR_MAX_CROP_PIXELS) scale -= 0.25;
  return scale;
}

interface Word {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

/** The words read in a title crop as tokens in image px (blank words and words off every region left out). */
function titleTokens(words: readonly Word[], placements: Parameters<typeof titleWordBox>[1]): TextToken[] {
  return words.flatMap((wd) => {
    const text = wd.text.trim();
    const box = text ? titleWordBox(wd.bbox, placements) : null;
    return box ? [{ text, box, confidence: wd.confidence / 100 }] : [];
  });
}

/** Starts the OCR (about 0.3 s of CPU to load the model). */
export async function createAxisOcr(
  cpuBudgetMs = OCR_CPU_BUDGET_MS,
  titleCpuBudgetMs = TITLE_OCR_CPU_BUDGET_MS,
): Promise<AxisOcr> {
  let worker: Promise<Worker> | null = null;
  // The CJK model's worker: started only for a picker the eng model could not read.
  let cjk: Promise<Worker> | null = null;
  const startCjk = async (path: string): Promise<Worker> => {
    const { createWorker, OEM } = await import('tesseract.js');
    const w = await createWorker(CJK_MODELS.lang, OEM.LSTM_ONLY, {
      langPath: path,
      cacheMethod: 'none',
      gzip: true,
    });
    await w.setParameters({
      tessedit_pageseg_mode: SPARSE_TEXT,
      user_defined_dpi: '300',
      debug_file: '/dev/null',
      tessedit_do_invert: NO_INVERTED_SECOND_READ,
    });
    return w;
  };
  const start = async (): Promise<Worker> => {
    // Loaded here, not at the top: most charts never need the OCR, and importing tesseract.js
    // costs the command line's start (and the server's) time for nothing (issue 20).
    const { createWorker, OEM } = await import('tesseract.js');
    const w = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: langPath(),
      cacheMethod: 'none',
      gzip: true,
    });
    await w.setParameters({
      tessedit_pageseg_mode: SPARSE_TEXT,
      tessedit_char_whitelist: PRICE_CHARACTERS,
      // A fixed resolution: tesseract otherwise estimates one and says so on stderr, which a
      // caller reading the command line's refusal would take for the message.
      user_defined_dpi: '300',
      debug_file: '/dev/null',
      tessedit_do_invert: NO_INVERTED_SECOND_READ,
    });
    return w;
  };
  const stop = async (): Promise<void> => {
    const w = worker;
    worker = null;
    if (w) await (await w.catch(() => null))?.terminate();
  };
  const stopCjk = async (): Promise<void> => {
    const w = cjk;
    cjk = null;
    if (w) await (await w.catch(() => null))?.terminate();
  };
  // One worker, two sets of parameters: each read sets its own, and reads take turns.
  let turn: Promise<unknown> = Promise.resolve();
  /** The words of `prepare`'s crop (none when it has none to read), or null on failure or timeout. */
  const recognise = (
    prepare: () => Promise<{ png: Buffer; toTokens: (words: Word[]) => TextToken[] } | null>,
    params: Record<string, string>,
    cpuBudgetMs: number,
    cjkPath: string | null = null,
  ): Promise<TextToken[] | null> => {
    const mine = turn.then(async (): Promise<TextToken[] | null> => {
      let timer: NodeJS.Timeout | undefined;
      // The eng worker, or the CJK one (cjkPath: its model's folder).
      const get = (): Promise<Worker> => (cjkPath ? (cjk ??= startCjk(cjkPath)) : (worker ??= start()));
      const halt = cjkPath ? stopCjk : stop;
      try {
        get();
        const crop = await prepare();
        if (!crop) return [];
        const w = await get();
        await w.setParameters(params);
        const timeout = new Promise<null>((resolve) => {
          const cpu = process.cpuUsage();
          const started = Date.now();
          timer = setInterval(() => {
            const used = process.cpuUsage(cpu);
            if ((used.user + used.system) / 1000 > cpuBudgetMs || Date.now() - started > OCR_WALL_LIMIT_MS)
              resolve(null);
          }, BUDGET_POLL_MS);
        });
        const result = await Promise.race([
          w.recognize(crop.png, {}, { blocks: true, text: false }).then((r) => r.data),
          timeout,
        ]);
        if (!result) {
          await halt();
          return null;
        }
        const words: Word[] = [];
        for (const b of result.blocks ?? [])
          for (const p of b.paragraphs) for (const l of p.lines) for (const wd of l.words) words.push(wd);
        return crop.toTokens(words);
      } catch (e) {
        if (process.env.OCR_DEBUG) console.error(e);
        await halt();
        return null;
      } finally {
        clearInterval(timer);
      }
    });
    turn = mine;
    return mine;
  };
  return {
    read(image, strip) {
      return recognise(
        async () => {
          const crop = await stripCrop(image, strip);
          if (!crop || crop.scale <= 1) return null;
          return { png: crop.png, toTokens: (words) => words.flatMap((wd) => toToken(wd, crop) ?? []) };
        },
        { tessedit_pageseg_mode: SPARSE_TEXT, tessedit_char_whitelist: PRICE_CHARACTERS },
        cpuBudgetMs,
      );
    },
    readTitle(image, regions) {
      return recognise(
        async () => {
          const crop = await titleCrop(image, regions);
          if (!crop) return null;
          return {
            png: crop.png,
            toTokens: (words) => titleTokens(words, crop.placements),
          };
        },
        // Any character: titles mix letters, digits, commas, slashes and dots.
        { tessedit_pageseg_mode: SPARSE_TEXT, tessedit_char_whitelist: '' },
        titleCpuBudgetMs,
      );
    },
    readPicker(image, regions) {
      const path = cjkLangPath();
      if (!path) return Promise.resolve(null);
      return recognise(
        async () => {
          const crop = await titleCrop(image, regions, PICKER_FULL_CONTRAST_SHARE);
          if (!crop) return null;
          return {
            png: crop.png,
            toTokens: (words) => titleTokens(words, crop.placements),
          };
        },
        { tessedit_pageseg_mode: SPARSE_TEXT },
        titleCpuBudgetMs,
        path,
      );
    },
    async ready() {
      worker ??= start();
      await worker;
    },
    async terminate() {
      await Promise.all([stop(), stopCjk()]);
    },
  };
}

/**
 * A word as a token in image px (a cTrader pipette subscript stays: it is the price's last
 * digit), or null when it has no text or does not lie on one stacked line.
 */
function toToken(w: Word, crop: StripCrop): TextToken | null {
  if (w.text.length === 0) return null;
  const row = (y: number) =>
    crop.rows[Math.min(crop.rows.length - 1, Math.max(0, Math.floor((y - MARGIN) / crop.scale)))]!;
  const top = row(w.bbox.y0);
  const last = row(w.bbox.y1 - 1);
  if (top < 0 || last < 0 || last < top) return null;
  const box: Rect = {
    left: crop.left + (w.bbox.x0 - MARGIN) / crop.scale,
    top,
    right: crop.left + (w.bbox.x1 - MARGIN) / crop.scale,
    bottom: last + 1,
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
