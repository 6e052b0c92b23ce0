import type { RgbaImage } from '../../engine/core/image';
import { isEngineError } from '../../engine/core/errors';
import type { ChartReading, ReadOptions, ReadTrace } from '../../engine/vision';
import {
  analyzeReadings,
  readSlot,
  SLOTS,
  type AnalysisResult,
  type AnalyzeChartsSettings,
  type ChartImages,
  type Slot,
} from '../../engine/plan';
import { sharedAxisOcr, type AxisOcr } from './ocr-axis';

/** A read of one image by the engine (readChart, or the pipeline's readSlot naming the chart). */
export type EngineRead = (trace: ReadTrace, options?: ReadOptions) => ChartReading;

/** Fewer words than this cannot make the three labels a scale needs. */
const MIN_WORDS = 3;

/**
 * Reads a chart with the engine's own recogniser first (the fast path, unchanged); only when
 * that read is refused with AXIS_UNREADABLE is the axis strip it tried read by the general OCR
 * and the chart read again with those words (readChart's `axisLabels` port), which the engine
 * holds to its own checks. When the OCR is unavailable, fails, times out or reads nothing the
 * engine accepts, the first refusal stands; any other error of the second read (a later stage's
 * refusal) is the answer, as it got further.
 */
export async function readWithAxisOcr(
  image: RgbaImage,
  read: EngineRead,
  ocr: () => Promise<AxisOcr>,
  trace: ReadTrace = {},
): Promise<ChartReading> {
  try {
    return read(trace);
  } catch (refusal) {
    if (!isEngineError(refusal) || refusal.code !== 'AXIS_UNREADABLE' || !trace.axisStrip) throw refusal;
    // The second read reuses the first's pixel stages (trace.pixels); the trace keeps the rest.
    const strip = trace.axisStrip;
    let words;
    try {
      words = await (await ocr()).read(image, strip);
    } catch {
      throw refusal;
    }
    if (!words || words.length < MIN_WORDS) throw refusal;
    try {
      return read(trace, { axisLabels: words, ...(trace.pixels ? { pixels: trace.pixels } : {}) });
    } catch (second) {
      if (isEngineError(second) && second.code === 'AXIS_UNREADABLE') throw refusal;
      throw second;
    }
  }
}

/**
 * analyzeCharts (engine/plan) with each chart read through the OCR fallback: the server's
 * analysis worker and `chart-to-plan plan` call this. The OCR is this thread's shared one.
 */
export async function analyzeChartsWithOcr(
  images: ChartImages,
  settings: AnalyzeChartsSettings,
  ocr: () => Promise<AxisOcr> = sharedAxisOcr,
): Promise<AnalysisResult> {
  const readings = {} as Record<Slot, ChartReading>;
  for (const slot of SLOTS) {
    const image = images[slot];
    readings[slot] = await readWithAxisOcr(
      image,
      (trace, options) => readSlot(slot, image, trace, options),
      ocr,
    );
  }
  const sizes = Object.fromEntries(
    SLOTS.map((s) => [s, { width: images[s].width, height: images[s].height }]),
  );
  return analyzeReadings(readings, settings, sizes);
}
