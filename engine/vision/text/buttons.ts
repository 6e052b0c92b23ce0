/**
 * Timeframes shown as buttons rather than written in a title: the one interval word of a row of
 * icon buttons under the plot (a web platform's toolbar), the active button of a picker row
 * (tinted text or a filled pill among plain buttons), and a CJK picker read by a caller's OCR
 * (the picker port: where to read it, and the timeframe its words name).
 */
import type { RgbaImage } from '../../core/image';
import type { Timeframe } from '../../core/ohlc';
import { OCR_MIN_CONFIDENCE, toLines } from './instrument';
import { parseTimeframe } from './timeframe';
import { readText } from './read-text';
import type { TitleRegion } from './title';
import type { Rect, TextToken } from './types';
import {
  BUTTON_INK_DIVISOR,
  BUTTON_MARGIN_DIVISOR,
  BUTTON_MIN_CONTRAST,
  BUTTON_ROW_HEIGHT_SHARE,
  BUTTON_ROW_MIN_PX,
  BUTTON_ROW_WIDTH_SHARE,
  BUTTON_WORD_MIN_CONFIDENCE,
  ICON_MAX_ASPECT,
  ICON_MAX_HEIGHT_RATIO,
  ICON_MIN_HEIGHT_RATIO,
  OTHER_LOOK,
  PICKER_BUTTON_MAX_CHARS,
  PICKER_BUTTON_MIN_CHARS,
  PICKER_GLUE_HEIGHTS,
  PICKER_MIN_BUTTONS,
  PICKER_REGION_PAD_HEIGHTS,
  REREAD_MARGIN_DIVISOR,
  SAME_LOOK,
} from './tuning';

/**
 * The timeframe a web platform shows as the one word of a row of toolbar buttons at the plot's
 * bottom-left (Stockity's "15m" button before its chart-type and drawing icons), or null.
 * Taken only when it is the row's only text: every other token of its row is an icon (ink
 * ICON_MIN_HEIGHT_RATIO to ICON_MAX_HEIGHT_RATIO times the word's height, about square) and
 * there is one at least. A row holding two tokens of text height is a range bar ("1D 5D 1M
 * 3M ... All" under TradingView's plot: ranges, not the timeframe) or a picker, never read here.
 * The word is read again in a box of its own: the icons beside it set the row's ink threshold.
 */
export function buttonRowTimeframe(image: RgbaImage, plot: Rect): Timeframe | null {
  const plotW = plot.right - plot.left + 1;
  const plotH = plot.bottom - plot.top + 1;
  const band: Rect = {
    left: plot.left,
    top: Math.max(
      plot.top,
      plot.bottom + 1 - Math.max(BUTTON_ROW_MIN_PX, Math.round(plotH * BUTTON_ROW_HEIGHT_SHARE)),
    ),
    right: Math.min(image.width, plot.left + Math.round(plotW * BUTTON_ROW_WIDTH_SHARE)),
    bottom: Math.min(image.height, plot.bottom + 1),
  };
  if (band.right - band.left < BUTTON_ROW_MIN_PX || band.bottom - band.top < BUTTON_ROW_MIN_PX / 2)
    return null;
  const tokens = readText(image, band);
  const found = new Set<Timeframe>();
  for (const word of tokens) {
    const h = word.box.bottom - word.box.top;
    if (h <= 0) continue;
    const centre = (word.box.top + word.box.bottom) / 2;
    // Its row: the tokens whose middle lies within the word's height of its middle.
    const others = tokens.filter((t) => t !== word && Math.abs((t.box.top + t.box.bottom) / 2 - centre) <= h);
    const icon = (t: TextToken): boolean => {
      const th = t.box.bottom - t.box.top;
      return (
        th >= ICON_MIN_HEIGHT_RATIO * h &&
        th <= ICON_MAX_HEIGHT_RATIO * h &&
        t.box.right - t.box.left <= ICON_MAX_ASPECT * th
      );
    };
    if (others.length === 0 || !others.every(icon)) continue;
    const margin = Math.max(2, Math.round(h / REREAD_MARGIN_DIVISOR));
    const box: Rect = {
      left: Math.max(0, word.box.left - margin),
      top: Math.max(0, word.box.top - margin),
      right: Math.min(image.width, word.box.right + margin),
      bottom: Math.min(image.height, word.box.bottom + margin),
    };
    const again = readText(image, box);
    if (again.length !== 1 || again[0]!.confidence < BUTTON_WORD_MIN_CONFIDENCE) continue;
    // An interval with its number ("15m", "1H", "M15"): a lone letter is no button's word.
    if (!/[0-9]/.test(again[0]!.text)) continue;
    const tf = parseTimeframe(again[0]!.text);
    if (tf) found.add(tf);
  }
  return found.size === 1 ? [...found][0]! : null;
}

/** Median colour of the pixels in `rect` for which `keep` holds (per channel), or null. */
export function medianColour(
  image: RgbaImage,
  rect: Rect,
  keep: (x: number, y: number) => boolean,
): [number, number, number] | null {
  // A histogram per channel (the median of a whole header's pixels, without sorting them).
  const counts = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  let n = 0;
  for (let y = Math.max(0, rect.top); y < Math.min(image.height, rect.bottom); y++)
    for (let x = Math.max(0, rect.left); x < Math.min(image.width, rect.right); x++) {
      if (!keep(x, y)) continue;
      const p = (y * image.width + x) * 4;
      for (let c = 0; c < 3; c++) counts[c]![image.data[p + c]!]!++;
      n++;
    }
  if (n === 0) return null;
  // The value at index n >> 1 of the channel's values in ascending order.
  const med = (h: Uint32Array): number => {
    for (let v = 0, seen = 0; v < 256; v++) if ((seen += h[v]!) > n >> 1) return v;
    return 255;
  };
  return [med(counts[0]!), med(counts[1]!), med(counts[2]!)];
}

const colourDistance = (a: ArrayLike<number>, b: ArrayLike<number>): number =>
  Math.max(Math.abs(a[0]! - b[0]!), Math.abs(a[1]! - b[1]!), Math.abs(a[2]! - b[2]!));

/**
 * The background just around a button's text and the text's own colour (the median of its
 * strongest tenth of pixels against that background: thin strokes are mostly antialiased edge).
 */
function buttonLook(image: RgbaImage, word: Rect): { bg: number[]; ink: number[] } | null {
  // Whole pixels: an OCR's word boxes are mapped back from its upscaled crop.
  const box = {
    left: Math.max(0, Math.floor(word.left)),
    top: Math.max(0, Math.floor(word.top)),
    right: Math.min(image.width, Math.ceil(word.right)),
    bottom: Math.min(image.height, Math.ceil(word.bottom)),
  };
  const h = box.bottom - box.top;
  const m = Math.max(2, Math.round(h / BUTTON_MARGIN_DIVISOR));
  const outer = { left: box.left - m, top: box.top - m, right: box.right + m, bottom: box.bottom + m };
  const inside = (x: number, y: number): boolean =>
    x >= box.left && x < box.right && y >= box.top && y < box.bottom;
  const bg = medianColour(image, outer, (x, y) => !inside(x, y));
  if (!bg) return null;
  const d: number[] = [];
  for (let y = box.top; y < box.bottom; y++)
    for (let x = box.left; x < box.right; x++)
      d.push(
        colourDistance(bg, image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 3)),
      );
  if (d.length === 0) return null;
  const cut = [...d].sort((a, b) => b - a)[Math.floor(d.length / BUTTON_INK_DIVISOR)]!;
  if (cut < BUTTON_MIN_CONTRAST) return null;
  const ink = medianColour(
    image,
    box,
    (x, y) => d[(y - box.top) * (box.right - box.left) + x - box.left]! >= cut,
  );
  return ink ? { bg, ink } : null;
}

/**
 * `rect` redrawn black on white by each pixel's share of `ink` over `bg`: a dark red label on a
 * dark toolbar differs from it in one channel only, too little for the row's ink threshold.
 */
function inkShareCopy(image: RgbaImage, rect: Rect, bg: number[], ink: number[]): RgbaImage {
  const w = rect.right - rect.left;
  const h = rect.bottom - rect.top;
  const d = [ink[0]! - bg[0]!, ink[1]! - bg[1]!, ink[2]! - bg[2]!];
  const dd = d[0]! * d[0]! + d[1]! * d[1]! + d[2]! * d[2]! || 1;
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = ((rect.top + y) * image.width + rect.left + x) * 4;
      let dot = 0;
      for (let c = 0; c < 3; c++) dot += (image.data[p + c]! - bg[c]!) * d[c]!;
      const v = Math.round(255 * (1 - Math.min(1, Math.max(0, dot / dd))));
      const q = (y * w + x) * 4;
      data[q] = data[q + 1] = data[q + 2] = v;
      data[q + 3] = 255;
    }
  return { width: w, height: h, data };
}

/**
 * The timeframe of the one button that a picker row shows in another colour (the active one:
 * tinted text or a filled pill among plain buttons of one look), read again in a box of its own
 * (its colours set their own ink threshold, so text a row's threshold lost reads there).
 * Null unless every row with such a button names the same timeframe and the others all look alike.
 */
export function activeButton(image: RgbaImage, rows: readonly TextToken[][]): Timeframe | null {
  const found = new Set<Timeframe>();
  for (const row of rows) {
    const buttons = row.filter((t) => {
      const text = t.text.replace(/[·.,:]/g, '');
      return text.length >= PICKER_BUTTON_MIN_CHARS && text.length <= PICKER_BUTTON_MAX_CHARS;
    });
    if (buttons.length < PICKER_MIN_BUTTONS) continue;
    const looks = buttons.map((b) => buttonLook(image, b.box));
    if (looks.some((l) => !l)) continue;
    const differs = (i: number, j: number): number =>
      Math.max(colourDistance(looks[i]!.bg, looks[j]!.bg), colourDistance(looks[i]!.ink, looks[j]!.ink));
    const odd = buttons
      .map((_, i) => i)
      .filter((i) => buttons.every((_, j) => j === i || differs(i, j) >= OTHER_LOOK));
    if (odd.length !== 1) continue;
    const k = odd[0]!;
    const alike = buttons.every(
      (_, i) => i === k || buttons.every((_, j) => j === k || differs(i, j) <= SAME_LOOK),
    );
    if (!alike) continue;
    const own = parseTimeframe(buttons[k]!.text);
    if (own) {
      found.add(own);
      continue;
    }
    const box = buttons[k]!.box;
    const margin = Math.max(2, Math.round((box.bottom - box.top) / BUTTON_MARGIN_DIVISOR));
    const rect = {
      left: Math.max(0, Math.floor(box.left) - margin),
      top: Math.max(0, Math.floor(box.top) - margin),
      right: Math.min(image.width, Math.ceil(box.right) + margin),
      bottom: Math.min(image.height, Math.ceil(box.bottom) + margin),
    };
    const copy = inkShareCopy(image, rect, looks[k]!.bg, looks[k]!.ink);
    const again = readText(copy, { left: 0, top: 0, right: copy.width, bottom: copy.height });
    const tf = again.length === 1 ? parseTimeframe(again[0]!.text) : null;
    if (tf) found.add(tf);
  }
  return found.size === 1 ? [...found][0]! : null;
}

/** A word that may be a picker button read with its digit: "19%" for "1分", "55H" for "5分钟", "1A" ("1周"); no prices, times or dates ("1.884", "12:00"). */
const DIGIT_BUTTON = /^[0-9][^\s.,:/]{0,4}$/;

/**
 * Where a caller's OCR with a CJK model should read a timeframe picker (ReadTrace.pickerRegions),
 * named where the title port's words (`words`) left the timeframe unknown: each line of them
 * holding PICKER_MIN_BUTTONS or more short words led by a digit (a toolbar "1分钟 5分钟 1小时
 * 4小时 1日" that an English model reads as "19% 55H VE ah 1B"), from the first such word to the
 * last, PICKER_REGION_PAD_HEIGHTS line heights wider on each side. Words of any confidence: an
 * English model is unsure of every button there.
 */
export function pickerRegions(width: number, height: number, words: readonly TextToken[]): TitleRegion[] {
  const regions: TitleRegion[] = [];
  for (const { tokens } of toLines(words)) {
    const led = tokens.filter((t) => DIGIT_BUTTON.test(t.text));
    if (led.length < PICKER_MIN_BUTTONS) continue;
    const heights = led.map((t) => t.box.bottom - t.box.top).sort((a, b) => a - b);
    const h = heights[heights.length >> 1]!;
    const pad = Math.round(PICKER_REGION_PAD_HEIGHTS * h);
    regions.push({
      box: {
        left: Math.max(0, Math.floor(Math.min(...led.map((t) => t.box.left)) - pad)),
        top: Math.max(0, Math.floor(Math.min(...led.map((t) => t.box.top)) - h / 2)),
        right: Math.min(width, Math.ceil(Math.max(...led.map((t) => t.box.right)) + pad)),
        bottom: Math.min(height, Math.ceil(Math.max(...led.map((t) => t.box.bottom)) + h / 2)),
      },
      textPx: h,
    });
  }
  return regions;
}

/**
 * The timeframe of a picker's active button from a CJK OCR's words on ReadTrace.pickerRegions
 * (ReadOptions.pickerWords), or null. That OCR reads each ideograph as a word: the words of a
 * line are glued into buttons, a new one at each number after a unit and at each gap wider
 * than PICKER_GLUE_HEIGHTS word heights (icons beside the picker); a line with
 * PICKER_MIN_BUTTONS or more buttons that parse as timeframes ("4小时", "1日": timeframe.ts) is
 * a picker, and its one button in another colour names the timeframe (activeButton, as for
 * the engine's own rows).
 */
export function pickerTimeframe(image: RgbaImage, words: readonly TextToken[]): Timeframe | null {
  const rows: TextToken[][] = [];
  for (const { tokens } of toLines(words.filter((w) => w.confidence >= OCR_MIN_CONFIDENCE))) {
    const heights = tokens.map((t) => t.box.bottom - t.box.top).sort((a, b) => a - b);
    const h = heights[heights.length >> 1]!;
    const buttons: TextToken[] = [];
    for (const t of tokens) {
      const last = buttons.at(-1);
      // A number after a unit starts the next button ("1分钟" "3分钟"): the model's boxes of
      // ideographs are loose, gaps between buttons shrink to a few px.
      const next = /^[0-9]/.test(t.text) && last !== undefined && !/[0-9]$/.test(last.text);
      if (last && !next && t.box.left - last.box.right <= PICKER_GLUE_HEIGHTS * h)
        buttons[buttons.length - 1] = {
          text: last.text + t.text,
          box: {
            left: last.box.left,
            top: Math.min(last.box.top, t.box.top),
            right: Math.max(last.box.right, t.box.right),
            bottom: Math.max(last.box.bottom, t.box.bottom),
          },
          confidence: Math.min(last.confidence, t.confidence),
        };
      else buttons.push(t);
    }
    const timeframes = buttons.filter((b) => parseTimeframe(b.text) !== null);
    if (timeframes.length >= PICKER_MIN_BUTTONS) rows.push(timeframes);
  }
  return rows.length > 0 ? activeButton(image, rows) : null;
}
