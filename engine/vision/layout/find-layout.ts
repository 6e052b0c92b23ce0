import type { RgbaImage } from '../../core/image';
import type { Raster } from '../pixels/raster';
import { luminance, packedPixel } from '../pixels/raster';
import type { PlotRect } from '../types';
import type { TextToken } from '../text';
import { locatePriceAxis, plotEdgeBeside } from './axis-locate';
import type { AxisColumn, ReadColumn } from './axis-locate';
import type { StripMemo } from './read-strip';
import { axisSideOf, axisStripOf, labelBandEdge } from './axis-strip';
import { dominantColour, quantise, rowBackgrounds } from './background';
import { findLines, gridLineColours, withoutFills } from './lines';
import type { LineRun } from './lines';
import { pricePaneRows } from './pane';
import {
  plotRowsFromGrid,
  plotSideBesideLabels,
  plotSidesFromLines,
  findBoxes,
  rowsRunOnPast,
  bandBeyond,
} from './plot-edges';
import type { PackedPixels } from './plot-edges';
import { backgroundRegion } from './region';
import { timeAxisText } from './time-axis';
import {
  EDGE_COLUMN_MIN_PLOT_PX,
  GRID_LINE_MIN_SHARE,
  COLUMN_PAD_MAX_PX,
  COLUMN_PAD_PX,
  MIN_STRIP_PX,
  THEME_DARK_BELOW,
  TIME_AXIS_MARGIN,
} from './tuning';

export interface Layout {
  background: number;
  theme: 'dark' | 'light';
  /** The background-coloured region holding plot and axes (toolbars and panels excluded). */
  region: PlotRect;
  plot: PlotRect;
  axisSide: 'left' | 'right';
  /** Where the price labels are: the strip between the plot and the region's edge. */
  axisStrip: PlotRect;
  gridRows: LineRun[];
  gridColumns: LineRun[];
  /** Colours of long straight lines (grid, separators): never candle ink. */
  lineColours: number[];
  /** Boxes drawn over the plot (an EA's panel): what is under them cannot be read (image px, inclusive). */
  panels: PlotRect[];
  /** 1 where the pixel is background (whole image, row-major). */
  bgMask: Uint8Array;
  /**
   * The text read down the price labels' column when the axis was found from its labels (the
   * whole image height): readChart takes the axis strip's tokens from it instead of reading
   * the strip again.
   */
  axisTokens?: TextToken[];
  /** The price axis column the layout stands beside, when found from its labels (or given). */
  labelledAxis?: AxisColumn;
  /**
   * The text columns read in search of the axis when none was found from its labels (their
   * strips and text): where a caller's general OCR may look for it (axis-words.ts).
   */
  textColumns?: ReadColumn[];
}

/** The price axis as found from its labels: the column, its side, and the plot's edge beside it. */
interface LabelledAxis {
  axis: AxisColumn | null;
  labelSide: 'left' | 'right' | null;
  edge: { at: number; sure: boolean; limit: number } | null;
  /** The plot's first column on the left (when the labels are there, its edge; else 0). */
  xMin: number;
  /** The plot's last column on the right (when the labels are there, its edge; else the image's). */
  xMax: number;
}

/**
 * Plot, axis strip and grid of a chart screenshot. With the image, the price axis is first found
 * from its own labels (a column of numbers on one price scale) and the plot is placed beside it;
 * without, or when no such column is found, the axis is taken beside the background region.
 * `drawings`: zones drawn over the plot (lifted off by overlays.ts), whose borders are no grid.
 * `given`: the axis as found from a general OCR's words (axis-words.ts), instead of searching.
 *
 * readPixels runs it twice when drawings were lifted; the text recogniser's memo of glyph
 * guesses carries over, so the steps keep their order (the axis's labels are read first), and
 * `strips` (one per image) keeps the strips read in search of the axis, for the second run to
 * take those whose pixels the lift left alone. When the first run found the axis from its
 * labels and nothing lifted came near them, the second run is given that axis (axisClearOf).
 */
export function findLayout(
  r: Raster,
  image?: RgbaImage,
  drawings: readonly PlotRect[] = [],
  given?: AxisColumn,
  strips?: StripMemo,
): Layout | null {
  const { width, height } = r;
  const bg = dominantColour(r);
  const { q, bgMask } = quantise(r, rowBackgrounds(r, bg));
  const textColumns: ReadColumn[] = [];
  const { axis, labelSide, edge, xMin, xMax } = locateAxisFromLabels(r, image, given, textColumns, strips);

  const floating: PlotRect[] = [];
  const region = backgroundRegion(r, bgMask, bg, axis, labelSide, xMin, xMax, floating);
  if (!region) return null;
  const { left, top, right, bottom } = region;
  const rw = right - left + 1;
  const rh = bottom - top + 1;

  // Long straight lines inside the region: grid lines and separators.
  const gridRows = findLines(r, q, bgMask, region, true, GRID_LINE_MIN_SHARE * rw);
  // A run of many neighbouring "lines" of one colour is a fill (a shaded band, a panel), not a
  // line: its columns would place the plot's top and bottom at the fill's ends.
  const gridColumns = withoutFills(
    r,
    findLines(r, q, bgMask, region, false, GRID_LINE_MIN_SHARE * rh),
    false,
  );

  const sides = plotSidesFromLines(gridRows, gridColumns, region, drawings, bg);
  // Grid rows that seem to end at a shaded band's edge, and run on over it in its tint, place no
  // plot edge there: the plot reaches the region's edge, which was carried across the band.
  const solidRows = gridRows.filter((g) => !g.dotted);
  const decoded = decodedPixels(r, image);
  if (
    sides.rowLeft !== null &&
    sides.rowLeft > left &&
    rowsRunOnPast(decoded, solidRows, sides.rowLeft, -1, top, bottom)
  )
    sides.plotLeft = left;
  if (
    sides.rowRight !== null &&
    sides.rowRight < right &&
    rowsRunOnPast(decoded, solidRows, sides.rowRight, 1, top, bottom)
  )
    sides.plotRight = right;
  // A shaded band at the region's edge away from the axis, reaching the image's edge (a session
  // before the first candles): the plot runs on over it where the level lines do.
  if (labelSide === 'right' && sides.plotLeft === left) {
    const far = bandBeyond(decoded, solidRows, left, -1, top, bottom);
    if (far !== null) sides.plotLeft = far;
  }
  if (labelSide === 'left' && sides.plotRight === right) {
    const far = bandBeyond(decoded, solidRows, right, 1, top, bottom);
    if (far !== null) sides.plotRight = far;
  }
  if (axis && edge) plotSideBesideLabels(sides, axis, labelSide!, edge);
  let { plotLeft, plotRight } = sides;

  // The sides of a panel drawn over the plot (an EA's settings box) are no grid lines.
  const { columns: unboxed, boxes } = findBoxes(gridColumns, gridRows, plotLeft, plotRight);
  const rows = plotRowsFromGrid(
    unboxed,
    region,
    plotLeft,
    plotRight,
    axis ? axis.labels.top : null,
    gridRows,
  );
  let { plotTop, plotBottom } = rows;
  if (axis) ({ plotTop, plotBottom } = pricePaneRows(gridRows, axis, plotLeft, plotRight, region, rows));
  if (axis) {
    const text = timeAxisText(
      bgMask,
      width,
      plotLeft,
      plotRight,
      plotTop,
      axis.labels.bottom,
      plotBottom,
      axis.capHeight,
    );
    if (text)
      plotBottom = Math.max(text.above + 1, text.top - 1 - Math.round(TIME_AXIS_MARGIN * axis.capHeight));
  }
  // Off a frame line at the edge; a stack of line rows is a shaded band inside the plot, not a frame.
  const horizontal = new Set(withoutFills(r, gridRows, true).map((g) => g.at));
  while (horizontal.has(plotBottom) && plotBottom - plotTop > EDGE_COLUMN_MIN_PLOT_PX) plotBottom--;
  while (horizontal.has(plotTop) && plotBottom - plotTop > EDGE_COLUMN_MIN_PLOT_PX) plotTop++;

  // No separator and no grid: the axis is the column of labels at one side of the region,
  // set off from the candles by an empty gap.
  if (!axis && right - plotRight < MIN_STRIP_PX && plotLeft - left < MIN_STRIP_PX) {
    const rightEdge = labelBandEdge(bgMask, width, region, plotTop, plotBottom, -1);
    const leftEdge = rightEdge === null ? labelBandEdge(bgMask, width, region, plotTop, plotBottom, 1) : null;
    if (rightEdge !== null) plotRight = rightEdge;
    else if (leftEdge !== null) plotLeft = leftEdge;
  }
  const plot = { left: plotLeft, top: plotTop, right: plotRight, bottom: plotBottom };
  const axisSide = axisSideOf(width, region, plot, labelSide);
  const axisStrip = axisStripOf(bgMask, width, height, region, plot, axisSide, axis);

  return {
    background: bg,
    theme: luminance(bg) < THEME_DARK_BELOW ? 'dark' : 'light',
    region: { left, top, right, bottom },
    plot,
    axisSide,
    axisStrip,
    gridRows,
    gridColumns,
    lineColours: gridLineColours(gridRows, gridColumns),
    panels: [...boxes, ...floating].filter(
      (b) => b.right >= plotLeft && b.left <= plotRight && b.bottom >= plotTop && b.top <= plotBottom,
    ),
    bgMask,
    axisTokens: axis?.tokens,
    ...(axis ? { labelledAxis: axis } : { textColumns }),
  };
}

/** The screenshot's colours as decoded (the raster's where no image is given). */
function decodedPixels(r: Raster, image: RgbaImage | undefined): PackedPixels {
  if (!image) return { width: r.width, at: (x, y) => r.rgb[y * r.width + x]! };
  const { width, data } = image;
  return {
    width,
    at: (x, y) => packedPixel(data, (y * width + x) * 4),
  };
}

/**
 * The price axis the first layout found from its labels, when nothing lifted off the raster
 * came near its column (the lift repaints only its drawings' rects, so the labels' pixels are
 * the ones that column was read from): it is given to the second layout instead of searched for
 * again. A search takes up to half a read's time on a full platform window (a dozen full-height
 * strips read); searched again, the axis came out the same on every chart of the real set, the
 * dev sample and the fixtures but one, where the second search kept 8 of the 12 labels the
 * first one fitted (tv-gray EURUSD 1h: prices within 1e-6).
 */
export function axisClearOf(layout: Layout, lifted: readonly PlotRect[]): AxisColumn | undefined {
  const axis = layout.labelledAxis;
  if (!axis) return undefined;
  const reach = COLUMN_PAD_PX + COLUMN_PAD_MAX_PX;
  const clear = lifted.every((d) => d.right < axis.labels.left - reach || d.left > axis.labels.right + reach);
  return clear ? axis : undefined;
}

/**
 * The price axis from its labels, when there is an image to read them from: the labels tell
 * which side the axis is on and where the plot must end, so that a shaded band or a panel
 * between the plot's background and the axis no longer decides it.
 */
function locateAxisFromLabels(
  r: Raster,
  image: RgbaImage | undefined,
  given: AxisColumn | undefined,
  read: ReadColumn[],
  strips?: StripMemo,
): LabelledAxis {
  const { width, height } = r;
  const axis = given ?? (image ? locatePriceAxis(image, r, 0, height - 1, undefined, read, strips) : null);
  const labelSide: 'left' | 'right' | null = axis
    ? axis.labels.left + axis.labels.right > width
      ? 'right'
      : 'left'
    : null;
  const edge = axis && labelSide ? plotEdgeBeside(r, axis.labels, labelSide, axis.capHeight) : null;
  // The plot's last column on the axis side, when known for sure; else the furthest it may reach.
  const xMin = labelSide === 'left' ? edge!.limit : 0;
  const xMax = labelSide === 'right' ? edge!.limit : width - 1;
  return { axis, labelSide, edge, xMin, xMax };
}
