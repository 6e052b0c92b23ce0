/**
 * The title/legend crop for the general OCR (adapters/node/ocr-axis.ts reads it): the regions
 * the engine names (ReadTrace.titleRegions: the band above the plot and the legend's band at
 * its top-left) as one dark-on-light greyscale PNG, each region upscaled so its text is about
 * TITLE_TEXT_PX tall and stacked under the previous one, within a pixel budget (tesseract's
 * time grows with its input: docs/decisions/026-title-ocr.md).
 */
import sharp from 'sharp';
import type { RgbaImage } from '../../engine/core/image';
import { inkDistanceBox, levelQuantile } from './grey-box';
import type { PlotRect } from '../../engine/vision';
import type { TitleRegion } from '../../engine/vision/text';

/** Upscale so the title's text is about this many px tall (tesseract's LSTM reads 20-40 px best). */
const TITLE_TEXT_PX = 28;
/** The upscale stays within these: HiDPI captures need none, MetaTrader's 8 px title 3x. */
const TITLE_SCALE_MIN = 1;
const TITLE_SCALE_MAX = 3;
/**
 * The whole stacked crop is at most this many pixels (about 0.4 s of tesseract CPU per MP
 * measured): the title OCR must keep the slowest chart near its 1.5 s budget.
 */
export const TITLE_MAX_CROP_PIXELS = 600_000;
/** A pixel this far (grey levels) from the region's background is ink. */
const INK_CONTRAST = 48;
/** A run of inked rows this tall (px, image scale) can be a line of text. */
const MIN_TEXT_PX = 6;
/** A band of another background holding text is at least a line of text and as much margin this tall. */
const BAND_MIN_PX = 2 * MIN_TEXT_PX;
const MAX_TEXT_PX = 60;
/** White between stacked regions and around the crop, px (tesseract misses text touching an edge). */
const MARGIN = 10;

/**
 * The ink's contrast at this share of its pixels (from the faintest) prints full black: faint
 * grey legends read as well as black ones. A picker's crop (PICKER_FULL_CONTRAST_SHARE) takes
 * its strongest: there the active button is brighter and bolder than the rest, and saturated
 * its strokes merge (the CJK model read "4小时" as "4外时").
 */
const FULL_CONTRAST_SHARE = 0.75;
export const PICKER_FULL_CONTRAST_SHARE = 1;

/** Where each stacked region sits in the crop, for mapping words back to the image. */
export interface TitlePlacement {
  /** The region in image px (right/bottom exclusive). */
  left: number;
  top: number;
  width: number;
  height: number;
  /** Its top row in the crop and its upscale. */
  cropTop: number;
  scale: number;
}

export interface TitleCrop {
  png: Buffer;
  placements: TitlePlacement[];
}

/**
 * A column inked down at least this share of a region is a rule (a dotted grid line through
 * MetaTrader's title, a toolbar's separator), blanked: it joins the rows of text into one run
 * and tesseract reads it as letters.
 */
const RULE_SHARE = 0.5;

/** A row inked across at least this share of a region is a horizontal rule (text lines leave gaps between words). */
const HORIZONTAL_RULE_SHARE = 0.9;

/** A dotted rule's gaps between dots are at most this many px (MetaTrader 4 dots 1 px apart, MetaTrader 5 dashes 3-4). */
const RULE_DOT_GAP = 4;
/** A run of rule columns at most this wide is a rule (grid lines and frames are 1-2 px, 3 on HiDPI captures). */
const MAX_RULE_PX = 3;

/**
 * Only a region's first this many lines of text are read: the symbol and timeframe lead a
 * title or legend, and the lines under them (indicator legends, trade-line labels, dashed
 * lines read as words) cost OCR time and give only noise.
 */
const MAX_LINES = 3;

/** The runs of inked rows that can be text lines, [top, bottom) each, in order. */
function textRuns(grey: Uint8Array, width: number, height: number, background: number): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  for (let y = 0; y <= height; y++) {
    let ink = false;
    if (y < height)
      for (let x = 0, i = y * width; x < width; x++, i++)
        if (Math.abs(grey[i]! - background) >= INK_CONTRAST) {
          ink = true;
          break;
        }
    if (ink && start < 0) start = y;
    if (!ink && start >= 0) {
      if (y - start >= MIN_TEXT_PX && y - start <= MAX_TEXT_PX) runs.push([start, y]);
      start = -1;
    }
  }
  return runs;
}

/** Glyphs are this tall at least (px): dots of a dotted line, specks and commas are not counted. */
const MIN_GLYPH_PX = 5;
/** A glyph is at most this wide for its height: longer pieces are lines, rules, boxes. */
const MAX_GLYPH_ASPECT = 1.5;
/**
 * A text line's ink rows over its tall glyphs' height (capitals and ascenders, the upper
 * quartile of the glyphs): the descenders below them.
 */
const LINE_OVER_CAPS = 1.25;

/**
 * How tall a line of text in the region is (px), from its pieces of ink shaped like glyphs
 * (8-connected, MIN_GLYPH_PX to MAX_TEXT_PX tall, not much wider than tall): the upper quartile
 * of their heights (capitals, ascenders) with room for descenders. Null when there are none.
 */
function glyphLineHeight(grey: Uint8Array, width: number, height: number, background: number): number | null {
  const seen = new Uint8Array(width * height);
  const heights: number[] = [];
  const stack: number[] = [];
  for (let start = 0; start < grey.length; start++) {
    if (seen[start] || Math.abs(grey[start]! - background) < INK_CONTRAST) continue;
    seen[start] = 1;
    stack.push(start);
    let [x0, x1, y0, y1] = [width, -1, height, -1];
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = ny * width + nx;
          if (seen[j] || Math.abs(grey[j]! - background) < INK_CONTRAST) continue;
          seen[j] = 1;
          stack.push(j);
        }
    }
    const h = y1 - y0 + 1;
    if (h >= MIN_GLYPH_PX && h <= MAX_TEXT_PX && x1 - x0 + 1 <= MAX_GLYPH_ASPECT * h) heights.push(h);
  }
  if (heights.length === 0) return null;
  heights.sort((a, b) => a - b);
  return Math.round(heights[Math.floor(heights.length * 0.75)]! * LINE_OVER_CAPS);
}

/**
 * The regions as one PNG for the OCR, each pixel by its distance from its region's background
 * (light-on-dark themes become black print on white; a toolbar band's from its own colour:
 * inkDistanceBox), or null when no region holds text.
 */
export async function titleCrop(
  image: RgbaImage,
  regions: readonly TitleRegion[],
  fullShare = FULL_CONTRAST_SHARE,
): Promise<TitleCrop | null> {
  const parts: { png: Buffer; width: number; height: number; place: Omit<TitlePlacement, 'cropTop'> }[] = [];
  for (const { box: r, textPx } of regions) {
    const left = Math.max(0, Math.floor(r.left));
    const top = Math.max(0, Math.floor(r.top));
    const width = Math.min(image.width, Math.ceil(r.right)) - left;
    const height = Math.min(image.height, Math.ceil(r.bottom)) - top;
    if (width < 8 || height < MIN_TEXT_PX) continue;
    const { data, background } = await inkDistanceBox(image, { left, top, width, height });
    // Rows inked across most of the region are horizontal rules (a window's frame, a pane's
    // border): not counted as the columns' ink below, where in a short region they would make
    // every tall letter's column look like a vertical rule (MetaTrader's 7 px title in a 17 px
    // band under a 3 px frame lost its E, U, R and l). They are blanked only once the lines are
    // found (blanked before, they would split a header's rows into more lines than MAX_LINES
    // reaches): tesseract reads text under a bar touching it as noise.
    const across = new Uint8Array(height);
    for (let y = 0; y < height; y++) {
      let n = 0;
      for (let x = 0, i = y * width; x < width; x++, i++)
        if (Math.abs(data[i]! - background) >= INK_CONTRAST) n++;
      if (n >= HORIZONTAL_RULE_SHARE * width) across[y] = 1;
    }
    // A run of such rows too thin to hold a line of text with a margin is a rule (a frame, a
    // price line drawn 6 px thick); a thicker one is a band of another background (a dark
    // toolbar under a light browser bar), whose text would be blanked with it.
    for (let y = 0; y < height;) {
      if (!across[y]) {
        y++;
        continue;
      }
      let end = y;
      while (end < height && across[end]) end++;
      if (end - y >= BAND_MIN_PX) across.fill(0, y, end);
      y = end;
    }
    // A rule's rows in each column: its longest chain of ink (gaps of a dotted line bridged),
    // when that runs down RULE_SHARE of the region. Only the chain is painted over: a candle's wick
    // under a legend is such a chain, and the letters above it (apart by more than a dot's gap)
    // stay whole.
    const chains: ([number, number] | null)[] = [];
    for (let x = 0; x < width; x++) {
      let best: [number, number] | null = null;
      let from = -1;
      let last = -RULE_DOT_GAP - 2;
      for (let y = 0; y <= height; y++) {
        const ink = y < height && !across[y] && Math.abs(data[y * width + x]! - background) >= INK_CONTRAST;
        if (!ink && y < height) continue;
        if (y === height || y - last > RULE_DOT_GAP + 1) {
          if (from >= 0 && (!best || last + 1 - from > best[1] - best[0])) best = [from, last + 1];
          from = y;
        }
        last = y;
      }
      chains.push(best && best[1] - best[0] >= RULE_SHARE * height ? best : null);
    }
    // Only thin runs of such columns are rules: a wider one is a drawing (candles, arrows and
    // volume under MetaTrader's legend).
    for (let x = 0; x < width;) {
      if (!chains[x]) {
        x++;
        continue;
      }
      let end = x;
      while (end < width && chains[end]) end++;
      // Painted with the mean of the columns either side: where the rule crosses a letter its
      // horizontal strokes go on through (an S cut in two reads as two letters).
      if (end - x <= MAX_RULE_PX)
        for (let c = x; c < end; c++)
          for (let y = chains[c]![0]; y < chains[c]![1]; y++) {
            const l = x > 0 ? data[y * width + x - 1]! : background;
            const r = end < width ? data[y * width + end]! : background;
            data[y * width + c] = (l + r) >> 1;
          }
      x = end;
    }
    // How tall the text is: the engine's words say, and the rows of ink; the smaller, as either
    // may have joined two lines (the engine's word across a title and the line under it).
    const runs = textRuns(data, width, height, background);
    for (let y = 0; y < height; y++) if (across[y]) data.fill(background, y * width, (y + 1) * width);
    const sorted = runs.map(([a, b]) => b - a).sort((a, b) => a - b);
    // No run of rows short enough (candles, dashed lines and grid dots ink every row of a
    // legend band on a busy chart): the glyphs' own heights say how tall the text is.
    const own =
      sorted.length > 0 ? sorted[sorted.length >> 1]! : glyphLineHeight(data, width, height, background);
    const text = textPx !== null && own !== null ? Math.min(textPx, own) : (textPx ?? own);
    if (text === null) continue;
    // Only the columns that hold ink: a header is mostly empty toolbar, and tesseract's time
    // grows with the pixels it is given.
    let first = width;
    let last = -1;
    for (let x = 0; x < width; x++)
      for (let y = 0; y < height; y++)
        if (Math.abs(data[y * width + x]! - background) >= INK_CONTRAST) {
          first = Math.min(first, x);
          last = x;
          break;
        }
    if (last < first) continue;
    const pad = Math.max(2, Math.round(text / 2));
    // Rows down to the last line read (a joined run counts as one line).
    const rowsTo = runs.length > MAX_LINES ? Math.min(height, runs[MAX_LINES - 1]![1] + pad) : height;
    const x0 = Math.max(0, first - pad);
    const x1 = Math.min(width, last + 1 + pad);
    // The text's usual contrast is full black: faint grey legends read as well as black ones.
    const contrasts = new Uint32Array(256);
    let inked = 0;
    for (const v of data)
      if (Math.abs(v - background) >= INK_CONTRAST) {
        contrasts[Math.abs(v - background)]!++;
        inked++;
      }
    const full = Math.max(INK_CONTRAST, levelQuantile(contrasts, inked, fullShare) ?? 255);
    const w = x1 - x0;
    const h = rowsTo;
    const ink = new Uint8Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = x0; x < x1; x++)
        ink[y * w + x - x0] =
          255 - Math.min(255, Math.round((255 * Math.abs(data[y * width + x]! - background)) / full));
    const scale = Math.min(TITLE_SCALE_MAX, Math.max(TITLE_SCALE_MIN, TITLE_TEXT_PX / text));
    parts.push({
      png: Buffer.from(ink),
      width: w,
      height: h,
      place: { left: left + x0, top, width: w, height: h, scale },
    });
  }
  if (parts.length === 0) return null;
  // Within the budget: every region's upscale shrunk alike (never below 1).
  const area = (k: number) =>
    parts.reduce((s, p) => s + p.width * p.height * Math.max(1, p.place.scale * k) ** 2, 0);
  let k = 1;
  while (k > 0.3 && area(k) > TITLE_MAX_CROP_PIXELS) k -= 0.1;
  const scaled = await Promise.all(
    parts.map(async (p) => {
      const scale = Math.max(TITLE_SCALE_MIN, p.place.scale * k);
      const w = Math.round(p.width * scale);
      const h = Math.round(p.height * scale);
      const buf = await sharp(p.png, { raw: { width: p.width, height: p.height, channels: 1 } })
        .resize({ width: w, height: h, kernel: 'lanczos3' })
        .toColourspace('b-w')
        .raw()
        .toBuffer();
      return { buf, w, h, place: { ...p.place, scale } };
    }),
  );
  const width = Math.max(...scaled.map((s) => s.w)) + 2 * MARGIN;
  const height = scaled.reduce((s, p) => s + p.h + MARGIN, MARGIN);
  const out = new Uint8Array(width * height).fill(255);
  const placements: TitlePlacement[] = [];
  let y0 = MARGIN;
  for (const s of scaled) {
    for (let y = 0; y < s.h; y++) out.set(s.buf.subarray(y * s.w, (y + 1) * s.w), (y0 + y) * width + MARGIN);
    placements.push({ ...s.place, cropTop: y0 });
    y0 += s.h + MARGIN;
  }
  const png = await sharp(out, { raw: { width, height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png, placements };
}

/** A word's box in the crop back in image px, or null when it lies in no region. */
export function titleWordBox(
  bbox: { x0: number; y0: number; x1: number; y1: number },
  placements: readonly TitlePlacement[],
): PlotRect | null {
  const mid = (bbox.y0 + bbox.y1) / 2;
  const p = placements.find((q) => mid >= q.cropTop && mid < q.cropTop + q.height * q.scale);
  if (!p) return null;
  const at = (v: number, origin: number, base: number) => base + (v - origin) / p.scale;
  const box = {
    left: at(bbox.x0, MARGIN, p.left),
    top: at(bbox.y0, p.cropTop, p.top),
    right: at(bbox.x1, MARGIN, p.left),
    bottom: at(bbox.y1, p.cropTop, p.top),
  };
  if (box.right <= p.left || box.left >= p.left + p.width) return null;
  return {
    left: Math.max(p.left, box.left),
    top: Math.max(p.top, box.top),
    right: Math.min(p.left + p.width, box.right),
    bottom: Math.min(p.top + p.height, box.bottom),
  };
}
