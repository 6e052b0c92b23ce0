import type { RgbaImage } from '../../engine/core/image';
import { isEngineError } from '../../engine/core/errors';
import {
  readChart,
  type ChartReading,
  type PlotRect,
  type ReadOptions,
  type ReadTrace,
  type TextToken,
} from '../../engine/vision';
import type { TitleRegion } from '../../engine/vision/text';
import {
  analyzeReadings,
  isChartData,
  readSlot,
  slotFailures,
  slotImageSizes,
  SLOTS,
  type AnalysisResult,
  type AnalyzeChartsSettings,
  type ChartInputs,
  type Slot,
  type SlotFailure,
} from '../../engine/plan';
import { sharedAxisOcr, type AxisOcr } from './ocr-axis';

/** A read of one image by the engine (readChart, or the pipeline's readSlot naming the chart). */
export type EngineRead = (trace: ReadTrace, options?: ReadOptions) => ChartReading;

/** Fewer words than this cannot make the three labels a scale needs. */
const MIN_WORDS = 3;

/**
 * One chart read as the CLI reads it (and the benches that measure what a trader gets): the
 * engine's readChart, with the shared OCR as its fallback (readWithAxisOcr).
 */
export function readChartWithOcr(image: RgbaImage, trace: ReadTrace = {}): Promise<ChartReading> {
  return readWithAxisOcr(image, (again, options) => readChart(image, again, options), sharedAxisOcr, trace);
}

/**
 * Reads a chart with the engine's own recogniser first (the fast path, unchanged); only when
 * that read is refused with AXIS_UNREADABLE is the axis strip it tried read by the general OCR
 * and the chart read again with those words (readChart's `axisLabels` port), which the engine
 * holds to its own checks. Where the OCR reads nothing there the engine accepts, the other text
 * columns the engine names (trace.axisCandidates) are read in turn, and the first whose words
 * step evenly is taken for the axis (readChart's `axisColumn` port: the chart read again beside
 * it). When the OCR is unavailable, fails, times out or reads nothing the engine accepts, the
 * first refusal stands; any other error of a read with the OCR's words (a later stage's refusal)
 * is the answer, as it got further.
 *
 * Then, only when the reading left the symbol, the timeframe or a 1 px last bar's open and close
 * unknown, the title regions the engine named (trace.titleRegions) are read by the OCR and the chart read
 * again with those words too (readChart's `titleWords` port, the pixel stages reused): the
 * engine takes from them only what parses as an instrument or a timeframe. Where that left the
 * last bar's printed O/H/L/C unread, the region the engine names for them (trace.printRegions)
 * is read too, in a crop of its own, and the chart read once more (readChart's `printWords`).
 * Whatever goes wrong there, the reading (or refusal) without them stands.
 */
export async function readWithAxisOcr(
  image: RgbaImage,
  engine: EngineRead,
  ocr: () => Promise<AxisOcr>,
  trace: ReadTrace = {},
): Promise<ChartReading> {
  // Every read again takes the first read's text memo (its glyph guesses and the text it read
  // in the image: the same reading, in less time; a read beside an OCR'd axis column runs every
  // pixel stage again).
  const read: EngineRead = (again, options = {}) =>
    engine(again, trace.textMemo ? { ...options, textMemo: trace.textMemo } : options);
  let axisWords: ReadOptions = {};
  let reading: ChartReading | null = null;
  try {
    reading = engine(trace);
  } catch (refusal) {
    if (!isEngineError(refusal) || refusal.code !== 'AXIS_UNREADABLE') throw refusal;
    // A later stage's refusal of a read with the OCR's words got further than the first one.
    let further: unknown = null;
    const attempt = (options: ReadOptions): ChartReading | null => {
      try {
        return read(trace, options);
      } catch (error) {
        if (!isEngineError(error) || error.code !== 'AXIS_UNREADABLE') further ??= error;
        return null;
      }
    };
    // The strip the engine tried, read again with its pixel stages (trace.pixels) ...
    const strip = trace.axisStrip;
    const pixels = trace.pixels;
    const candidates = trace.axisCandidates ?? [];
    const words = strip ? await ocrWords(ocr, image, strip) : null;
    if (words) {
      delete trace.titleRegions;
      delete trace.titleState;
      axisWords = { axisLabels: words };
      reading = attempt({ axisLabels: words, ...(pixels ? { pixels } : {}) });
    }
    // ... else the other text columns, where the strip tried is no axis (a drawing toolbar on a
    // full platform window): words that step evenly there make that column the axis, and the
    // chart is read again beside it (decision 038).
    for (const column of candidates) {
      if (reading || further) break;
      const found = await ocrWords(ocr, image, column);
      if (!found) continue;
      delete trace.pixels;
      delete trace.titleRegions;
      delete trace.titleState;
      axisWords = { axisColumn: { strip: column, words: found } };
      reading = attempt(axisWords);
    }
    if (!reading) throw further ?? refusal;
  }
  // The engine names title regions (trace.titleRegions) when the symbol, the timeframe or the
  // last bar's printed open and close (a 1 px bar's) are left to read.
  if (reading.symbol && reading.timeframe && !trace.titleRegions?.length) return reading;
  return (await withTitleOcr(image, read, ocr, trace, axisWords)) ?? reading;
}

/** The OCR's words on `strip`, or null when it fails, times out or reads too few to make a scale. */
async function ocrWords(
  ocr: () => Promise<AxisOcr>,
  image: RgbaImage,
  strip: PlotRect,
): Promise<TextToken[] | null> {
  try {
    const words = await (await ocr()).read(image, strip);
    return words && words.length >= MIN_WORDS ? words : null;
  } catch {
    return null;
  }
}

/** The OCR's words in the title-like regions the engine named, or null (none named, no words, the OCR failed). */
async function regionWords(
  ocr: () => Promise<AxisOcr>,
  image: RgbaImage,
  regions: readonly TitleRegion[] | undefined,
): Promise<TextToken[] | null> {
  if (!regions || regions.length === 0) return null;
  try {
    const reader = await ocr();
    const words = reader.readTitle ? await reader.readTitle(image, regions) : null;
    return words && words.length > 0 ? words : null;
  } catch {
    return null;
  }
}

/** The chart read again with the OCR's words on trace.titleRegions, or null (nothing to read, no words, refused). */
async function withTitleOcr(
  image: RgbaImage,
  read: EngineRead,
  ocr: () => Promise<AxisOcr>,
  trace: ReadTrace,
  axisWords: ReadOptions,
): Promise<ChartReading | null> {
  if (!trace.pixels) return null;
  const words = await regionWords(ocr, image, trace.titleRegions);
  if (!words) return null;
  const options: ReadOptions = {
    pixels: trace.pixels,
    titleWords: words,
    ...(trace.titleState ? { titleState: trace.titleState } : {}),
    ...axisWords,
  };
  let reading: ChartReading;
  try {
    reading = read(trace, options);
  } catch {
    return null;
  }
  // A picker the title words saw as buttons led by digits but could not read (a Chinese
  // toolbar): read by the OCR's CJK model, its active button gives the timeframe.
  const picked = await withPickerOcr(image, read, ocr, trace, options);
  if (picked) reading = picked.reading;
  const then = picked ? { ...options, pickerWords: picked.words } : options;
  return (await withPrintOcr(image, read, ocr, trace, then)) ?? reading;
}

/**
 * The chart read again with the CJK model's words on trace.pickerRegions (named where the title
 * words left the timeframe unknown and show a row of buttons led by digits), when that gives a
 * timeframe; or null (none named, no CJK model installed, no words, no timeframe, refused).
 */
async function withPickerOcr(
  image: RgbaImage,
  read: EngineRead,
  ocr: () => Promise<AxisOcr>,
  trace: ReadTrace,
  options: ReadOptions,
): Promise<{ reading: ChartReading; words: TextToken[] } | null> {
  const regions = trace.pickerRegions;
  if (!regions || regions.length === 0) return null;
  let words: TextToken[] | null;
  try {
    const reader = await ocr();
    words = reader.readPicker ? await reader.readPicker(image, regions) : null;
  } catch {
    return null;
  }
  if (!words || words.length === 0) return null;
  try {
    const reading = read(trace, { ...options, pickerWords: words });
    return reading.timeframe ? { reading, words } : null;
  } catch {
    return null;
  }
}

/**
 * The chart read again with the OCR's words on trace.printRegions (the legend's line under the
 * title, where the last bar's O/H/L/C are printed), which the engine names only where neither
 * its own reading nor the title words gave that print; or null. A crop of its own: added to the
 * title's crop it would change the OCR's reading of the title.
 */
async function withPrintOcr(
  image: RgbaImage,
  read: EngineRead,
  ocr: () => Promise<AxisOcr>,
  trace: ReadTrace,
  options: ReadOptions,
): Promise<ChartReading | null> {
  const words = await regionWords(ocr, image, trace.printRegions);
  if (!words) return null;
  try {
    return read(trace, { ...options, printWords: words });
  } catch {
    return null;
  }
}

/**
 * readSlots (engine/plan) with each screenshot read through the OCR fallback: every slot is
 * read before failing, and one error names every chart that could not be read. A slot holding
 * a data export is taken as it is. `onStart` is told as each slot's reading starts.
 */
export async function readSlotsWithOcr(
  inputs: ChartInputs,
  onStart?: (slot: Slot) => void,
  ocr: () => Promise<AxisOcr> = sharedAxisOcr,
): Promise<Record<Slot, ChartReading>> {
  const readings = {} as Record<Slot, ChartReading>;
  const failures: SlotFailure[] = [];
  for (const slot of SLOTS) {
    onStart?.(slot);
    const input = inputs[slot];
    try {
      readings[slot] = isChartData(input)
        ? readSlot(slot, input)
        : await readWithAxisOcr(input, (trace, options) => readSlot(slot, input, trace, options), ocr);
    } catch (error) {
      if (!isEngineError(error)) throw error;
      failures.push({ slot, code: error.code, message: error.message });
    }
  }
  if (failures.length > 0) throw slotFailures(failures);
  return readings;
}

/**
 * analyzeCharts (engine/plan) with each chart read through the OCR fallback: the server's
 * analysis worker and `chart-to-plan plan` call this. The OCR is this thread's shared one.
 */
export async function analyzeChartsWithOcr(
  inputs: ChartInputs,
  settings: AnalyzeChartsSettings,
  ocr: () => Promise<AxisOcr> = sharedAxisOcr,
): Promise<AnalysisResult> {
  const readings = await readSlotsWithOcr(inputs, undefined, ocr);
  return analyzeReadings(readings, settings, slotImageSizes(inputs, readings));
}
