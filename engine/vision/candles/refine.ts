import type { PixelCandle } from './types';
import type { InkClass } from '../palette/palette';
import type { PlotRect } from '../types';
import type { EdgeSampler } from './edges';
import { inkShare, refineCandle, strokeWidth, type BodyColumn } from './edges';
import { median } from '../pixels/stats';
import {
  BARE_STEM_MIN_ROWS,
  BODY_EDGE_COLUMNS,
  BODY_RUN_END_ROWS_PER_UNIT,
  OWN_RUN_MIN_UNIT,
  OWN_RUN_SOLID_SHARE,
  UNIT_MAX_SAMPLES,
  UNIT_MIN_SAMPLES,
  UNIT_WICK_MIN_ROWS,
} from './tuning';

/**
 * Moves every candle to image px and refines its edges to sub-pixel "price rows". Returns the
 * rendering pixel measured on the wicks (image px).
 */
export function refineAll(
  measured: { candle: PixelCandle; id: number }[],
  ink: Uint8Array,
  labels: Int32Array,
  pw: number,
  plot: PlotRect,
  palette: InkClass[],
  sampler: EdgeSampler,
  bars: boolean,
  /** Shapes refined with the same rendering pixel, which is measured on `measured` alone. */
  extra: { candle: PixelCandle; id: number }[] = [],
): number {
  const inkAt = (x: number, y: number, id: number) => {
    const i = (y - plot.top) * pw + (x - plot.left);
    return labels[i] === id ? ink[i]! : 0;
  };
  const colourOf = (k: number) => palette[k - 1]?.colour ?? palette[0]?.colour ?? 0;
  for (const { candle: c } of [...measured, ...extra]) {
    c.x += plot.left;
    c.left += plot.left;
    c.right += plot.left;
    c.stemLeft += plot.left;
    c.stemRight += plot.left;
    c.highY += plot.top;
    c.lowY += plot.top;
    c.bodyTop += plot.top;
    c.bodyBottom += plot.top;
  }
  // One rendering pixel, from the wick width: 1 on plain captures, 2-3 on scaled ones.
  const widths: number[] = [];
  for (const { candle: c, id } of measured) {
    const y = bars ? bareStemRow(c) : Math.round((c.highY + Math.min(c.bodyTop, c.lowY)) / 2);
    if (y === null || (c.bodyTop - c.highY < UNIT_WICK_MIN_ROWS && !bars)) continue;
    const k = inkAt(Math.round(c.x), y, id);
    if (k) widths.push(strokeWidth(sampler, Math.round(c.x), y, colourOf(k)));
    if (widths.length > UNIT_MAX_SAMPLES) break;
  }
  const unit = widths.length >= UNIT_MIN_SAMPLES ? Math.max(1, Math.round(median(widths) * 2) / 2) : 1;
  for (const { candle: c, id } of [...measured, ...extra]) {
    const sx = Math.round(c.x);
    const wickK = inkAt(sx, c.highY, id) || inkAt(sx, c.lowY, id) || 1;
    if (bars) {
      // A bar's stem ends beside its ticks, which a split-wick reading would take for it.
      const r = refineCandle(sampler, c, colourOf(wickK), colourOf(wickK), [], unit, false);
      c.highY = r.highY;
      c.lowY = r.lowY;
      c.bodyTop -= (unit - 1) / 2;
      c.bodyBottom -= (unit - 1) / 2;
      continue;
    }
    const top = Math.round(c.bodyTop);
    const bottom = Math.round(c.bodyBottom);
    const mid = Math.round((c.bodyTop + c.bodyBottom) / 2);
    const cols: BodyColumn[] = [];
    for (let x = c.left; x <= c.right; x++) {
      if (x >= c.stemLeft - 1 && x <= c.stemRight + 1) continue;
      if (!inkAt(x, top, id) || !inkAt(x, bottom, id)) continue;
      if (c.fill !== 0 && inkAt(x, mid, id) !== c.fill) continue;
      cols.push({ x, top, bottom });
    }
    if (!cols.length && c.fill !== 0 && c.fill === wickK && unit >= OWN_RUN_MIN_UNIT)
      cols.push(...ownRunColumns(c, id, inkAt, unit, (x, y) => inkShare(sampler, x, y, colourOf(c.fill))));
    // The edge rows carry the outline colour where bodies are outlined (MetaTrader). Where the
    // top and bottom rows differ, one of them is another object's colour lying on the edge (a
    // last-price line over the close, blended with the outline): the one drawn in the wick's
    // colour is the outline's.
    const topK = cols[0] ? inkAt(cols[0].x, cols[0].top, id) : inkAt(sx, top, id);
    const bottomK = cols[0] ? inkAt(cols[0].x, cols[0].bottom, id) : inkAt(sx, bottom, id);
    const edgeK = topK && bottomK && topK !== bottomK && bottomK === wickK ? bottomK : topK;
    const bodyK = edgeK || c.fill || wickK;
    const r = refineCandle(
      sampler,
      c,
      colourOf(wickK),
      colourOf(bodyK),
      cols.slice(0, BODY_EDGE_COLUMNS),
      unit,
    );
    c.highY = r.highY;
    c.lowY = r.lowY;
    c.bodyTop = r.bodyTop;
    c.bodyBottom = r.bodyBottom;
  }
  return unit;
}

/**
 * Where no body column holds ink at the shape's first and last body rows, the filled body's
 * columns with the rows of their own run of ink through the middle row. The shape's end rows are
 * then rows only the stem's neighbour columns reach: JPEG's blur and ringing around a body at a
 * pixel ratio of 3 (a row or two above and below the body, where a grid line crosses the wick
 * up to five, one column beside the wick darker than the wick's own flank), read as body rows
 * one to six rows beyond it and taken whole, without their sub-pixel share (j77-005, j177-004:
 * body tops 1-2 px high, bottoms 1 px low). A run ending more than BODY_RUN_END_ROWS_PER_UNIT
 * rendering pixels (and a row) inside the shape's row is cut by a line across the body, not
 * blurred: that column is left out. Only at a rendering pixel of 2 or more (OWN_RUN_MIN_UNIT) and
 * for bodies filled in the wick's colour: an outlined body (MetaTrader at a pixel ratio of 2, the
 * outline in the wick's colour around another fill) lost a row at either end read so (m55-004
 * SPX mt dark: 16 exact lost), its outline read by the shape's rows as before.
 */
function ownRunColumns(
  c: PixelCandle,
  id: number,
  inkAt: (x: number, y: number, id: number) => number,
  unit: number,
  /** The ink share of a pixel in the fill's colour. */
  fillShare: (x: number, y: number) => number,
): BodyColumn[] {
  const top = Math.round(c.bodyTop);
  const bottom = Math.round(c.bodyBottom);
  const mid = Math.round((c.bodyTop + c.bodyBottom) / 2);
  const slack = BODY_RUN_END_ROWS_PER_UNIT * unit + 1;
  const cols: BodyColumn[] = [];
  for (let x = c.left; x <= c.right; x++) {
    if (x >= c.stemLeft - 1 && x <= c.stemRight + 1) continue;
    if (inkAt(x, mid, id) !== c.fill) continue;
    // A column the blur thinned (a narrow body's sides) reads its ends against less than solid
    // ink: only columns solid in the middle rows (the median of three).
    const shares = [fillShare(x, mid - 1), fillShare(x, mid), fillShare(x, mid + 1)].sort((a, b) => a - b);
    if (shares[1]! < OWN_RUN_SOLID_SHARE) continue;
    let t = mid;
    while (t > top && inkAt(x, t - 1, id)) t--;
    let b = mid;
    while (b < bottom && inkAt(x, b + 1, id)) b++;
    if (t - top > slack || bottom - b > slack) continue;
    cols.push({ x, top: t, bottom: b });
  }
  return cols;
}

/**
 * A row of an OHLC bar's stem away from its open and close ticks (the middle of the longest
 * stretch of stem between high, ticks and low, 2+ rows from a tick), where the stem's width is
 * the rendering pixel; a row on a tick would measure the tick's length. Null when no stretch
 * is long enough.
 */
function bareStemRow(c: PixelCandle): number | null {
  const stops = [c.highY, c.bodyTop, c.bodyBottom, c.lowY].sort((a, b) => a - b);
  let best: number | null = null;
  let longest = BARE_STEM_MIN_ROWS;
  for (let i = 1; i < stops.length; i++) {
    const gap = stops[i]! - stops[i - 1]!;
    if (gap > longest) [best, longest] = [Math.round((stops[i]! + stops[i - 1]!) / 2), gap];
  }
  return best;
}
