/**
 * The whole analysis of one upload, as a pure function: three decoded screenshots plus the
 * trader's account in, the analysis result out. No I/O, so the server can run it in a worker
 * thread and the CLI and benchmarks call exactly the same code.
 */
import { analyzeTimeframe } from '../analysis';
import type { TimeframeAnalysis } from '../analysis/types';
import { EngineError, isEngineError, type EngineErrorCode } from '../core/errors';
import type { RgbaImage } from '../core/image';
import type { Bar } from '../core/ohlc';
import { findInstrument } from '../instruments';
import { readChart, type ReadOptions, type ReadTrace } from '../vision';
import type { ChartReading } from '../vision/types';
import { buildPlan } from './build-plan';
import { dataImageSize, isChartData, readingFromData, type ChartData } from './data-reading';
import { SLOTS, type AnalysisResult, type Slot } from './types';

export type ChartImages = Readonly<Record<Slot, RgbaImage>>;
/** What fills one slot: a screenshot to read, or the chart's data export (exact prices). */
export type ChartInput = RgbaImage | ChartData;
export type ChartInputs = Readonly<Record<Slot, ChartInput>>;

/** One slot that could not be read, as the trader should see it next to that slot. */
export interface SlotFailure {
  readonly slot: Slot;
  readonly code: EngineErrorCode;
  readonly message: string;
}

export interface AnalyzeChartsSettings {
  /** Account size in USD. */
  readonly account: number;
  /** Percent of the account to risk (2 = 2%). */
  readonly riskPercent: number;
  /** The instrument when the caller knows it better than the chart legends. */
  readonly symbol?: string;
}

const SLOT_NAMES: Record<Slot, string> = { '5m': '5-minute', '15m': '15-minute', '4h': '4-hour' };

/** Re-throw a chart's engine error with the chart named, so the trader knows which upload to fix. */
function forSlot<T>(slot: Slot, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (isEngineError(error)) {
      throw new EngineError(error.code, `The ${SLOT_NAMES[slot]} chart: ${error.message}`, {
        ...error.details,
        slot,
      });
    }
    throw error;
  }
}

const barsOf = (reading: ChartReading): Bar[] =>
  reading.candles.map(({ open, high, low, close }) => ({ open, high, low, close }));

/**
 * Everything after the chart reading: analyse the three series (higher timeframe first) and
 * build the plan. Exposed so a server can read the three screenshots in parallel workers
 * (readChart is the costly stage) and finish here.
 */
export function analyzeReadings(
  readings: Readonly<Record<Slot, ChartReading>>,
  settings: AnalyzeChartsSettings,
  images?: Partial<Readonly<Record<Slot, { readonly width: number; readonly height: number }>>>,
): AnalysisResult {
  // The instrument's own decimals make the analysis texts read like the trader's platform.
  const symbol = settings.symbol ?? SLOTS.map((s) => readings[s].symbol).find((s): s is string => !!s);
  const instrument = symbol ? findInstrument(symbol) : undefined;
  const precision = instrument ? { pricePrecision: instrument.precision } : {};

  // Higher timeframe first: each lower timeframe's htfStructure confluence reads the one above.
  const a4h = forSlot('4h', () =>
    analyzeTimeframe(barsOf(readings['4h']), { timeframe: '4h', ...precision }),
  );
  const a15m = forSlot('15m', () =>
    analyzeTimeframe(barsOf(readings['15m']), { timeframe: '15m', higherTimeframe: a4h, ...precision }),
  );
  const a5m = forSlot('5m', () =>
    analyzeTimeframe(barsOf(readings['5m']), { timeframe: '5m', higherTimeframe: a15m, ...precision }),
  );
  const analyses: Record<Slot, TimeframeAnalysis> = { '4h': a4h, '15m': a15m, '5m': a5m };

  return buildPlan({
    readings,
    analyses,
    account: settings.account,
    riskPercent: settings.riskPercent,
    ...(settings.symbol ? { symbol: settings.symbol } : {}),
    ...(images ? { images } : {}),
  });
}

/**
 * Reads one slot's screenshot (or takes its data export), naming the chart in any error.
 * `trace` and `options` go to readChart (a server's OCR fallback reads the axis strip from the
 * trace and passes the words back in the options); a data export needs neither.
 */
export function readSlot(
  slot: Slot,
  input: ChartInput,
  trace?: ReadTrace,
  options?: ReadOptions,
): ChartReading {
  return forSlot(slot, () =>
    isChartData(input) ? readingFromData(input) : readChart(input, trace, options),
  );
}

/**
 * Reads every slot, and when any cannot be read throws one EngineError naming all of them (the
 * first failure's code, every failure in details.failures), so the trader fixes every chart at
 * once instead of one per attempt.
 */
export function readSlots(
  inputs: ChartInputs,
  /** Called as each slot's reading starts (a server reports it as progress). */
  onStart?: (slot: Slot) => void,
): Record<Slot, ChartReading> {
  const readings = {} as Record<Slot, ChartReading>;
  const failures: SlotFailure[] = [];
  for (const slot of SLOTS) {
    onStart?.(slot);
    try {
      readings[slot] = readSlot(slot, inputs[slot]);
    } catch (error) {
      if (!isEngineError(error)) throw error;
      failures.push({ slot, code: error.code, message: error.message });
    }
  }
  if (failures.length > 0) throw slotFailures(failures);
  return readings;
}

/** One error for one or more unreadable slots: its message names every chart. */
export function slotFailures(failures: readonly SlotFailure[]): EngineError {
  const first = failures[0]!;
  const message =
    failures.length === 1
      ? first.message
      : `${failures.length} charts could not be read. ${failures.map((f) => f.message).join(' ')}`;
  return new EngineError(first.code, message, {
    slot: first.slot,
    slots: failures.map((f) => f.slot),
    failures: failures.map((f) => ({ ...f })),
  });
}

/** Pixel size of each slot's image: the screenshot's, or the virtual plot of a data export. */
export function slotImageSizes(inputs: ChartInputs, readings: Readonly<Record<Slot, ChartReading>>) {
  return Object.fromEntries(
    SLOTS.map((s) => {
      const input = inputs[s];
      return [
        s,
        isChartData(input) ? dataImageSize(readings[s]) : { width: input.width, height: input.height },
      ];
    }),
  ) as Record<Slot, { width: number; height: number }>;
}

/** The whole pipeline for one upload: read the three charts (or take their data), analyse, plan. */
export function analyzeCharts(inputs: ChartInputs, settings: AnalyzeChartsSettings): AnalysisResult {
  const readings = readSlots(inputs);
  return analyzeReadings(readings, settings, slotImageSizes(inputs, readings));
}
