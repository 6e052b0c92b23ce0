import type { RgbaImage } from '../core/image';
import type { Timeframe } from '../core/ohlc';
import { toRaster } from './pixels/raster';
import type { Raster } from './pixels/raster';
import { ScratchArray } from './pixels/scratch';
import { eraseBands, findLayout, axisCandidates, axisClearOf, axisFromWords, StripMemo } from './layout';
import type { AxisColumn, Layout } from './layout';
import {
  liftOverlays,
  dropLineClasses,
  bridgeOccluders,
  clearPanels,
  clearTextLines,
  erasePanels,
  eraseZones,
} from './cleanup';
import { learnPalette, classifyInk } from './palette';
import type { InkClass } from './palette';
import {
  endsOfMetaTraderPens,
  extractCandles,
  followClipped,
  followEdgeColumn,
  lowsOfLightweightBars,
} from './candles';
import { readSubPixelBars } from './candles/sub-pixel';
import type { CandleExtraction } from './candles';
import { fitAxisLabels, readPriceScale, toPrices, unreadable } from './scale';
import type { ScaleReading } from './scale';
import { EngineError, isEngineError } from '../core/errors';
import {
  checkCandleRow,
  checkContinuity,
  apartRow,
  settleLastBar,
  noChart,
  preferJoiningAlternatives,
  isDaily,
  scoreReading,
  scaleDisagreements,
  judgeScale,
} from './checks';
import type { PrintedOhlc, ScaleDisagreement } from './checks';
import {
  readTitleTokens,
  identifyTitle,
  identifyTitleState,
  completeTitle,
  namesHeikinAshi,
  namesMetaTraderPeriod,
  readHeaderOhlc,
  readLegendOhlc,
  titleRegions,
  printRegion,
  pickerRegions,
  pickerTimeframe,
  type TitleState,
} from './text';
import type { TextToken, TitleRegion } from './text';
import { forgetGlyphGuesses, TextMemo, useTextMemo } from './text/read-text';
import { round } from './scale/prices';
import { rectArea, type ChartReading, type PlotRect, type PriceScale } from './types';
import type { PixelCandle } from './candles';
import type { AxisLabel } from './scale/scale-fit';

/** The raster never leaves readChart: one pixel array serves every read. */
const rasterPixels = new ScratchArray((n) => new Uint32Array(n));

/** A plot smaller than this share of the image, or than this many px, is no chart's. */
const MIN_PLOT_SHARE = 0.15;
const MIN_PLOT_WIDTH = 60;
const MIN_PLOT_HEIGHT = 40;
/**
 * The plot found again once drawings are lifted keeps at least this share of the first one's
 * area, or the first stands: a lift that mistook a blurred JPEG's grid and separators for a zone's
 * (tv-dark SPY as JPEG: the plot cut to a quarter, and the chart refused).
 */
const LIFTED_PLOT_MIN_SHARE = 0.5;

/**
 * Reads a chart screenshot: plot area, price axis, every candle's OHLC, symbol and timeframe.
 * Pure: no I/O. Throws EngineError (INVALID_IMAGE, NO_CHART_FOUND, AXIS_UNREADABLE,
 * TOO_FEW_CANDLES) with a message a trader can act on; never returns invented prices.
 *
 * The stages, each a folder of engine/vision (docs/chart-reader.md says what each assumes):
 * pixels -> layout -> clean-up (drawings) -> palette -> text (title, legend) -> clean-up (ink)
 * -> candles -> checks (a row of candles) -> scale -> checks (continuity, confidence).
 *
 * `options.axisLabels` is the text port (scale/external-labels.ts): words a caller's general
 * OCR read on the axis strip (trace.axisStrip of a read refused with AXIS_UNREADABLE), used
 * instead of the engine's own recogniser and held to the same checks and more.
 * `options.titleWords` is the title's port: words the OCR read in trace.titleRegions.
 */
export function readChart(image: RgbaImage, trace?: ReadTrace, options: ReadOptions = {}): ChartReading {
  // Glyphs repeat within a chart, not across charts: a fresh memo keeps reads independent, one
  // given by a read of this same image before (trace.textMemo) serves this read of it.
  const memo = options.textMemo?.image === image ? options.textMemo : new TextMemo(image);
  if (trace) trace.textMemo = memo;
  useTextMemo(memo);
  try {
    return readChartWith(image, trace, options);
  } finally {
    // The memo leaves with the read (and its trace): no image is kept between reads.
    forgetGlyphGuesses();
  }
}

/** readChart with its text memo in use. */
function readChartWith(image: RgbaImage, trace: ReadTrace | undefined, options: ReadOptions): ChartReading {
  let plotted = options.pixels;
  if (!plotted) {
    const fresh = toRaster(image, rasterPixels);
    plotted = readPlot(image, fresh, trace, givenAxis(fresh, options));
  }
  if (!hasCandles(plotted)) {
    fitBeforeCandles(image, plotted, trace, options);
    // The candle stages change the raster in place: the trace no longer holds the layout's
    // pixels as a read before them left them (readFrom keeps these where a port needs them).
    if (trace?.pixels === plotted) delete trace.pixels;
  }
  const pixels = hasCandles(plotted) ? plotted : readCandlePixels(image, plotted, trace);
  try {
    return readFrom(image, pixels, trace, options);
  } catch (error) {
    const again = subPixelReading(error, pixels);
    if (!again) throw error;
    if (trace) trace.candles = again.extraction.candles;
    try {
      return readFrom(image, again, trace, options);
    } catch (second) {
      throw refusalAfterRetry(error, second);
    }
  }
}

/**
 * Where the layout found no axis from its labels (a font the glyph templates do not know, or
 * no axis), the axis strip's text is fitted before the candle stages: when it fits no scale,
 * the read is refused (AXIS_UNREADABLE) before them, with the layout's pixels in the trace for
 * the caller's OCR to read the strip and go on from there (ReadOptions.pixels: only the candle
 * stages left), and the other text columns where the axis may be. The candle stages are a fifth
 * of such a read on a full platform window (Stockity), and the same fit refused their result
 * after them (readPriceScale runs it again). One refusal changes: a chart whose candles would
 * have been refused too (NO_CHART_FOUND) is refused on its axis first; the read with the OCR's
 * words then gets to the candles and answers NO_CHART_FOUND as before, later.
 */
function fitBeforeCandles(
  image: RgbaImage,
  plotted: PlotReading,
  trace: ReadTrace | undefined,
  options: ReadOptions,
) {
  if (plotted.layout.labelledAxis) return;
  try {
    fitAxisLabels(image, plotted.raster, plotted.layout, options.axisLabels);
  } catch (error) {
    if (trace) keepForAxisPort(error, trace, plotted, options);
    throw error;
  }
}

/**
 * What a caller needs, after a refusal with AXIS_UNREADABLE, to read the axis again with the
 * port's words without the pixel stages: their reading, on pixels of its own (the raster's array
 * serves the next read); and the other text columns, where the axis may be when the strip tried
 * holds none (only on a read without the port's words).
 */
function keepForAxisPort(error: unknown, trace: ReadTrace, pixels: PlotReading, options: ReadOptions) {
  if (!isEngineError(error) || error.code !== 'AXIS_UNREADABLE') return;
  const { raster, layout } = pixels;
  trace.pixels = { ...pixels, raster: { ...raster, rgb: raster.rgb.slice() } };
  if (!options.axisColumn && !options.axisLabels)
    trace.axisCandidates = axisCandidates(raster, layout.textColumns ?? [], layout.axisStrip);
}

/**
 * The pixel stages' reading kept for a read again (ReadOptions.pixels), on pixels of its own
 * (the raster's array serves the next read). One kept already stands, unless it holds only the
 * layout's (a read refused before the candle stages, read on from there).
 */
function keepPixels(trace: ReadTrace, pixels: PixelReading) {
  if (trace.pixels && hasCandles(trace.pixels)) return;
  trace.pixels = { ...pixels, raster: { ...pixels.raster, rgb: pixels.raster.rgb.slice() } };
}

/** Pixels read through the candle stages (PixelReading), not only the layout's (PlotReading). */
function hasCandles(pixels: PlotReading): pixels is PixelReading {
  return 'extraction' in pixels;
}

/**
 * The refusal to answer when the sub-pixel retry was refused too. Bars found on the lattice
 * whose axis the engine cannot read: AXIS_UNREADABLE, so that the caller's OCR reads the axis and
 * reads again on the retry's pixels (trace.pixels). Any other refusal: the first stands, so a
 * chart the retry cannot read is refused as it was before the retry existed.
 */
export function refusalAfterRetry(first: unknown, second: unknown): unknown {
  return isEngineError(second) && second.code === 'AXIS_UNREADABLE' ? second : first;
}

/**
 * The same pixels with the bars read on a sub-pixel lattice (candles/sub-pixel.ts), where the
 * candles read were refused as no row or as not continuous: a capture scaled down so far that
 * the bars stand at fractional places, closer than the shapes can part them. Null where the
 * refusal was another, the lattice was already tried, or no lattice explains the ink. Only
 * readings refused otherwise are tried again, so no reading that stands changes.
 */
function subPixelReading(error: unknown, pixels: PixelReading): PixelReading | null {
  if (!isEngineError(error) || error.code !== 'NO_CHART_FOUND') return null;
  if (!pixels.classified || pixels.extraction.subPixel) return null;
  const { layout, palette, raster } = pixels;
  const read = readSubPixelBars(pixels.classified, layout.plot, palette, {
    raster,
    background: layout.background,
  });
  return read && { ...pixels, extraction: read.extraction };
}

/** readChart on pixels read (see readChart). */
function readFrom(
  image: RgbaImage,
  pixels: PixelReading,
  trace: ReadTrace | undefined,
  options: ReadOptions,
): ChartReading {
  const { layout, extraction, titleTokens, raster } = pixels;
  checkCandleRow(extraction);
  let scale: ScaleReading;
  try {
    // The port's words in a column taken for the axis, as the layout trimmed them to their ink.
    const words = options.axisColumn ? (layout.axisTokens ?? options.axisColumn.words) : options.axisLabels;
    scale = readPriceScale(
      image,
      raster,
      layout,
      extraction.candles,
      titleTokens,
      words,
      extraction.renderPx,
    );
  } catch (error) {
    if (trace) keepForAxisPort(error, trace, pixels, options);
    throw error;
  }
  if (trace) {
    trace.priceScale = scale.priceScale;
    trace.labels = scale.labels;
    trace.badges = scale.badges;
  }
  // Bars on an axis without MetaTrader's tick marks, under a title that is not MetaTrader's, are
  // drawn as Lightweight Charts draws them, their stems a row short of the low; MetaTrader's own
  // strokes end on the low's row at any pixel ratio (candles/bar-ends.ts). Only shapes read one by
  // one: the sub-pixel lattice and the column reading measure their lows their own way.
  const metaTrader = scale.onTicks || namesMetaTraderPeriod(titleTokens);
  const oneByOne = !extraction.subPixel && !extraction.columnBars;
  const pixelCandles = !oneByOne
    ? extraction.candles
    : metaTrader
      ? endsOfMetaTraderPens(extraction.candles, extraction.renderPx, extraction.kind)
      : extraction.kind === 'bars'
        ? lowsOfLightweightBars(extraction.candles, extraction.renderPx)
        : extraction.candles;
  const candlesRead = pixelCandles.map((c) => toPrices(c, scale.priceScale));
  // A candle that lost its columns to a junk shape (an arrow, a line's end) comes back where
  // the junk joins neither neighbour and the candle does.
  preferJoiningAlternatives(pixelCandles, candlesRead, scale.priceScale, (c) =>
    toPrices(c, scale.priceScale),
  );
  const own = options.titleWords ? null : identifyTitleState(image, titleTokens, layout.plot);
  const title = options.titleWords
    ? completeTitle(image, titleTokens, layout.plot, options.titleWords, options.titleState)
    : { ...own!.own, own: null };
  const { symbol } = title;
  // A picker the title port's words saw but could not read (a Chinese toolbar "1分钟 4小时 1日"):
  // its active button, read by a caller's OCR with a CJK model (the picker port).
  const timeframe =
    title.timeframe ?? (options.pickerWords ? pickerTimeframe(image, options.pickerWords) : null);
  // What a caller needs to read the title with a general OCR (the title port) and read again
  // without the pixel stages or the engine's own title reads: where to read, and their readings.
  if (trace && own && (!symbol || !timeframe)) {
    trace.titleRegions = titleRegions(image.width, image.height, layout.plot, titleTokens);
    trace.titleState = own;
    keepPixels(trace, pixels);
  }
  // Where that picker is, for the picker port: lines of the title port's words led by digits.
  if (trace) {
    const regions =
      !timeframe && options.titleWords && !options.pickerWords
        ? pickerRegions(image.width, image.height, options.titleWords)
        : [];
    if (regions.length > 0) trace.pickerRegions = regions;
    else delete trace.pickerRegions;
  }
  // The continuity check takes the timeframe the engine read itself; where it read none, the
  // title port's when that is a day or longer, whose bars may gap (decision 051: a daily index
  // CFD's last bars left out as misread, on a JPEG, for gaps of 5-9 px). An intraday one the
  // port read is not taken: it would hold the bars to a stricter check than the unknown
  // timeframe the pixels were read with, and the refusal drop the port's labels (decision 026).
  const ownTimeframe = title.own ? title.own.timeframe : timeframe;
  const row = apartRow(pixelCandles, layout.plot);
  const continuity = checkContinuity(
    candlesRead,
    scale.priceScale,
    ownTimeframe ?? (isDaily(timeframe) ? timeframe : null),
    row.apart,
    pixelCandles.map((c) => !c.ambiguous),
    layout.panels.length > 0 ? (a, b) => layout.panels.some((p) => a.x < p.left && b.x > p.right) : undefined,
    row.stray,
  );
  // The last bar as the platform prints it (the engine's own reading of the title or legend, else
  // the title port's words), where the print agrees with the bar read: a 1 px stroke's open and
  // close, which its pixels cannot tell, or a bar's four values read within a rendering pixel's
  // rounding of the print (decisions 031 and 033).
  const printed =
    printedOhlc(titleTokens) ??
    (options.titleWords ? printedOhlc(options.titleWords) : null) ??
    (options.printWords ? printedOhlc(options.printWords) : null);
  const { filled, lastPixel } = settleLastBar(
    continuity,
    candlesRead,
    pixelCandles,
    printed,
    scale.priceScale,
    extraction.renderPx,
    layout.plot,
  );
  // A last bar drawn as a 1 px stroke whose printed O/H/L/C the engine could not read: the title
  // port may read them (MetaTrader's ClearType title defeats the glyph templates).
  if (trace && own && !filled && lastPixel?.ambiguous && !trace.titleRegions) {
    trace.titleRegions = titleRegions(image.width, image.height, layout.plot, titleTokens);
    trace.titleState = own;
    keepPixels(trace, pixels);
  }
  // No print read where the title port reads the title: the port may read the legend's print in
  // a region of its own (a line under the title, which the title regions leave out).
  if (trace) {
    if (!printed && trace.titleRegions && !options.printWords)
      trace.printRegions = [printRegion(image.width, image.height, layout.plot, titleTokens)];
    else delete trace.printRegions;
  }
  if (trace) trace.kept = continuity.candles.map((c) => c.x);
  const disagreements = scaleDisagreements(scale, lastPixel, printed, extraction.renderPx);
  if (trace) trace.scaleCheck = disagreements;
  const scaleCheck = judgeScale(scale.priceScale, disagreements);
  if (scaleCheck?.refuse)
    throw new EngineError(
      'AXIS_UNREADABLE',
      `The price axis could not be read: the price labels and the chart disagree by about ${Math.abs(scaleCheck.px).toFixed(1)} px, so every price read would be off. Upload a sharper screenshot (PNG rather than JPEG) with the price labels visible.`,
      { labelsRead: scale.labels.length },
    );
  const { confidence, warnings } = scoreReading({
    extraction,
    scale,
    continuity,
    candlesRead: candlesRead.length,
    symbol,
    timeframe,
    heikinAshi: namesHeikinAshi(titleTokens),
    scaleCheck,
  });
  if (filled && lastPixel?.ambiguous) {
    warnings.push(
      `The last bar is a 1 pixel stroke: its open ${filled.open} and close ${filled.close} are the ones the chart prints for it.`,
    );
  }
  return {
    symbol,
    timeframe,
    plot: { ...layout.plot },
    priceScale: scale.priceScale,
    candles: continuity.candles,
    confidence,
    warnings,
    style: { kind: extraction.kind, theme: layout.theme, axisSide: layout.axisSide },
    barSpacing: round(extraction.barSpacing, 2),
  };
}

/**
 * The axis the port's words in one of trace.axisCandidates make (ReadOptions.axisColumn), or
 * undefined when none is given. Refused (AXIS_UNREADABLE) when they make none.
 */
function givenAxis(raster: Raster, options: ReadOptions): AxisColumn | undefined {
  if (!options.axisColumn) return undefined;
  const axis = axisFromWords(raster, options.axisColumn.strip, options.axisColumn.words);
  if (!axis) throw unreadable(0, 'the numbers read beside the chart do not step evenly.');
  return axis;
}

/** The last bar's O/H/L/C as printed in TradingView's legend or MetaTrader's title. */
function printedOhlc(tokens: readonly TextToken[]): PrintedOhlc | null {
  return readLegendOhlc(tokens) ?? readHeaderOhlc(tokens);
}

/** What a caller may add to a read (the ports an adapter fills). */
export interface ReadOptions {
  /**
   * The price-axis labels as words with their boxes in image px, read by a general OCR on the
   * axis strip: the engine places and fits them as it does its own tokens (and checks that they
   * step evenly). Pass them only after a read without them was refused with AXIS_UNREADABLE.
   */
  axisLabels?: readonly TextToken[];
  /**
   * The pixel stages of a read of this same image refused with AXIS_UNREADABLE
   * (ReadTrace.pixels), so that the read with axisLabels does not run them again: all of them,
   * or the layout's only when that read was refused before the candle stages (the read goes on
   * from there, and changes their raster).
   */
  pixels?: PlotReading;
  /**
   * Words a general OCR read in the title regions (ReadTrace.titleRegions of a read that left
   * the symbol or the timeframe unknown): they fill in only what the engine's own reading of the
   * title left unknown, and only where they parse as an instrument or a timeframe
   * (text/instrument.ts, ocrTitleEvidence).
   */
  titleWords?: readonly TextToken[];
  /**
   * The engine's own title reading of a read of this same image (ReadTrace.titleState), so
   * that the read with titleWords does not read the title again (same answer, less time).
   */
  titleState?: TitleState;
  /**
   * Words a general OCR read in ReadTrace.printRegions (named where no print of the last bar's
   * O/H/L/C was read): used for that print only, never for the symbol or timeframe.
   */
  printWords?: readonly TextToken[];
  /**
   * Words an OCR with a CJK model read in ReadTrace.pickerRegions (named where the title port's
   * words left the timeframe unknown but show a row of buttons led by digits): the timeframe
   * of the picker's active button ("4小时"), used only when the title gave none.
   */
  pickerWords?: readonly TextToken[];
  /**
   * Words a general OCR read in one of trace.axisCandidates (`strip`) of a read refused with
   * AXIS_UNREADABLE: when they step evenly on one price scale, that column is the price axis,
   * and the whole chart is read again with the plot beside it (the pixel stages run again: the
   * plot moved). Refused with AXIS_UNREADABLE when they do not.
   */
  axisColumn?: { strip: PlotRect; words: readonly TextToken[] };
  /**
   * The text reads of a read of this same image before (ReadTrace.textMemo): the glyph guesses
   * and the tokens read in each rect of the image, which do not depend on where the plot is, so
   * that a read again (beside an OCR'd axis column: every pixel stage runs again) does not read
   * them again. The same reading; ignored when it is another image's.
   */
  textMemo?: TextMemo;
}

/**
 * The chart's symbol and timeframe from its title alone: the layout (to find the plot) and the
 * title text, none of the candle or scale stages, so a form can place dropped screenshots in
 * their slots before the analysis. Agrees with readChart's symbol and timeframe on charts
 * without drawings over the title (readChart lifts drawings first). Throws NO_CHART_FOUND.
 */
export function identifyChart(image: RgbaImage): { symbol: string | null; timeframe: Timeframe | null } {
  forgetGlyphGuesses();
  const raster = toRaster(image, rasterPixels);
  const layout = findLayout(raster, image);
  if (!layout) throw noChart('no chart area');
  return identifyTitle(image, readTitleTokens(image, layout.plot));
}

/**
 * What the stages saw, for a debugging overlay (bin/chart-to-plan read --overlay): filled as
 * each stage finishes, so a refused reading still shows how far it got. Never part of the
 * reading's JSON; readChart only writes it when a caller passes one.
 */
export interface ReadTrace {
  plot?: PlotRect;
  axisStrip?: PlotRect;
  /** Every axis label read (those the fit left out included) and the price tags. */
  labels?: AxisLabel[];
  badges?: AxisLabel[];
  priceScale?: PriceScale;
  /** The candles read, in pixel rows. */
  candles?: PixelCandle[];
  /** Shapes read as candles but dropped off the candles' lattice (fragments, junk). */
  junk?: PixelCandle[];
  /** Centre columns of the candles the continuity check kept. */
  kept?: number[];
  /** The placed scale against each other statement of the image (checks/scale-check.ts). */
  scaleCheck?: ScaleDisagreement[];
  /** Drawings lifted off the plot. */
  drawings?: PlotRect[];
  /**
   * The pixel stages' reading, for ReadOptions.pixels: where the axis was refused (the layout's
   * only, where it was refused before the candle stages), or where the title left the symbol or
   * the timeframe unknown.
   */
  pixels?: PlotReading;
  /** Where the title and legend are, when the engine's own reading of them left the symbol or timeframe unknown. */
  titleRegions?: TitleRegion[];
  /** The engine's own title reading there, for ReadOptions.titleState. */
  titleState?: TitleState;
  /**
   * Where the last bar's printed O/H/L/C may be, for ReadOptions.printWords: named where the title
   * port reads the title and no print was read (engine or title words).
   */
  printRegions?: TitleRegion[];
  /**
   * Where a timeframe picker may be that the title port's words saw as a row of buttons led by
   * digits but could not read (a Chinese or Japanese toolbar), for ReadOptions.pickerWords:
   * named on a read with titleWords that left the timeframe unknown.
   */
  pickerRegions?: TitleRegion[];
  /**
   * Where the price axis may be when the read was refused with AXIS_UNREADABLE and the strip
   * tried holds none: other text columns with numbers in them, best first (image px, inclusive),
   * for ReadOptions.axisColumn.
   */
  axisCandidates?: PlotRect[];
  /** The read's text memo (glyph guesses, tokens per rect of the image), for ReadOptions.textMemo. */
  textMemo?: TextMemo;
}

/** What the layout stages make of an image (readPlot): the plot found and cleared, the candle colours. */
export interface PlotReading {
  raster: Raster;
  layout: Layout;
  palette: InkClass[];
  /** Filled zones over the plot were painted in the background (the candles under them are lost). */
  zonesPainted: boolean;
}

/** What the pixel stages make of an image: everything up to the candles as pixel rows. */
export interface PixelReading extends PlotReading {
  /** The title's and legend's text, read before the candles (see readPixels). */
  titleTokens: TextToken[];
  /** The plot's ink mask as the candles stage left it (lines cleared). */
  ink: Uint8Array;
  /** The plot's ink mask as classified, before the candles stage cleared anything from it. */
  classified?: Uint8Array;
  extraction: CandleExtraction;
}

/**
 * The stages of readChart that work on pixels alone, from the raster to the candles in pixel
 * rows (readPlot, then readCandlePixels): the one runner the tests share. Throws NO_CHART_FOUND
 * when no chart area or no candle colour is found.
 */
export function readPixels(
  image: RgbaImage,
  raster: Raster = toRaster(image),
  trace?: ReadTrace,
  axis?: AxisColumn,
): PixelReading {
  return readCandlePixels(image, readPlot(image, raster, trace, axis), trace);
}

/**
 * The layout stages: the plot, its axis strip and grid, with the drawings, bands and panels over
 * the plot lifted or erased off the raster, and the candle colours learned. Throws NO_CHART_FOUND
 * when no chart area or no candle colour is found.
 */
function readPlot(image: RgbaImage, raster: Raster, trace?: ReadTrace, axis?: AxisColumn): PlotReading {
  // The strips read in search of the axis, for the second search once drawings are lifted.
  const strips = new StripMemo();
  let layout = findLayout(raster, image, [], axis, strips);
  if (!layout) throw noChart('no chart area');
  // Translucent zones a trader drew over the candles are lifted off the plot; the layout (whose
  // grid lines changed colour where they crossed a zone) is then found again on the clean pixels,
  // and the candle colours are learned from them (inside a zone they were blends of two colours).
  const drawings = liftOverlays(raster, layout);
  // Zones filled in a solid colour are undone where drawn by XOR, else painted in the background.
  const zones = eraseZones(raster, layout);
  if (drawings.length > 0 || zones.length > 0) {
    const lifted = [...drawings.map((d) => d.rect), ...zones.map((z) => z.rect)];
    const again = findLayout(raster, image, lifted, axis ?? axisClearOf(layout, lifted), strips);
    // Lifting what was drawn over the plot only takes obstacles away: a plot found again that
    // is much smaller than before says the lift took the layout's own lines for a drawing's.
    if (again && rectArea(again.plot) >= LIFTED_PLOT_MIN_SHARE * rectArea(layout.plot)) layout = again;
  }
  const { plot } = layout;
  if (trace) {
    trace.plot = { ...plot };
    trace.axisStrip = { ...layout.axisStrip };
    trace.drawings = [...drawings.map((d) => d.rect), ...zones.map((z) => z.rect)];
  }
  const plotW = plot.right - plot.left + 1;
  const plotH = plot.bottom - plot.top + 1;
  if (
    plotW * plotH < MIN_PLOT_SHARE * raster.width * raster.height ||
    plotW < MIN_PLOT_WIDTH ||
    plotH < MIN_PLOT_HEIGHT
  ) {
    throw noChart('no chart area');
  }
  // Opaque bands across the plot (round-level or regime fills) and panels over it (an EA's
  // settings box) are erased before the colours are learned.
  eraseBands(raster, layout);
  erasePanels(raster, layout);
  const palette = learnPalette(raster, layout);
  if (palette.length === 0) throw noChart('no candles');
  return { raster, layout, palette, zonesPainted: zones.some((z) => !z.xor) };
}

/**
 * The candle stages, after the layout's: the title read, the plot's ink classified in the
 * candle colours and the candles extracted. Changes `plotted.raster` in place.
 */
function readCandlePixels(image: RgbaImage, plotted: PlotReading, trace?: ReadTrace): PixelReading {
  const { raster, layout, palette } = plotted;
  const { plot } = layout;
  const plotW = plot.right - plot.left + 1;
  const plotH = plot.bottom - plot.top + 1;

  // Title and legend: symbol, timeframe, the last bar's OHLC. Read before the candles so the
  // legend's coloured digits are not taken for tiny candles.
  const titleTokens = readTitleTokens(image, plot);
  const textBoxes: PlotRect[] = titleTokens.map((t) => ({
    left: t.box.left,
    top: t.box.top,
    right: t.box.right - 1,
    bottom: t.box.bottom - 1,
  }));

  const ink = classifyInk(raster, layout, palette);
  dropLineClasses(ink, plotW, plotH, palette.length);
  const sampler = { raster, background: layout.background };
  // Where lines crossing the candles were bridged by their colours: their pixels are no tag's text.
  const bridged = bridgeOccluders(ink, layout.bgMask, sampler, plot);
  clearTextLines(ink, plotW, plotH);
  const panelled = clearPanels(ink, plot, layout.panels);
  // The ink as classified, for a second reading should the candles' be refused (sub-pixel.ts).
  const classified = ink.slice();
  const extraction = extractCandles(ink, plot, palette, sampler, textBoxes, bridged ?? undefined);
  // The lowest (highest) candles may run on beyond the plot's edge, over a volume histogram.
  followClipped(extraction.candles, raster, plot);
  // The first (last) candle may run on into the plot's blended edge column, left out of the plot.
  followEdgeColumn(extraction.candles, raster, plot, layout.background);
  if (panelled)
    extraction.warnings.push('A panel covers part of the chart: the candles under it were left out.');
  if (plotted.zonesPainted)
    extraction.warnings.push('Filled zones cover part of the chart: candles under them may be missing.');
  if (trace) {
    trace.candles = extraction.candles;
    const read = new Set(extraction.candles.map((c) => c.x));
    trace.junk = extraction.allShapes.filter((c) => !read.has(c.x));
  }
  return { ...plotted, titleTokens, ink, classified, extraction };
}
