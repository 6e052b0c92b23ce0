import type { Raster } from '../pixels/raster';
import { colourDistance } from '../pixels/raster';
import type { PlotRect } from '../types';
import type { PixelCandle } from './types';
import {
  CLIPPED_BODY_SHARE,
  CLIPPED_COLOUR_DISTANCE,
  CLIPPED_EDGE_PX,
  CLIPPED_GAP_ROWS,
  CLIPPED_MAX_SHARE,
  CLIPPED_STEM_CONTRAST,
  CLIPPED_STEM_DISTANCE,
} from './tuning';

/**
 * Candles cut by the plot's top or bottom edge, followed on beyond it. The layout may end the
 * plot short of the pane (TradingView's volume histogram drawn in the price pane covers the
 * vertical grid, so the plot ends at the volume's top) while the lowest candles run on over the
 * volume: their wicks and bodies are drawn opaque over the paler bars, in their own colour. A
 * candle whose low (high) row is at the plot's edge (within CLIPPED_EDGE_PX) is followed down (up) the raster, row by
 * row, while its body's columns (then its stem's) keep the colour they have at the edge and the
 * columns just beside them do not (a horizontal rule, a frame or a pane border is wide: the walk
 * stops there). Moves lowY/highY (and the body's end when the body reaches the edge) in place;
 * returns how many candles were followed.
 */
export function followClipped(candles: PixelCandle[], raster: Raster, plot: PlotRect): number {
  const maxRows = Math.round(CLIPPED_MAX_SHARE * (plot.bottom - plot.top + 1));
  let followed = 0;
  for (const c of candles) {
    if (c.lowY >= plot.bottom - CLIPPED_EDGE_PX) followed += follow(c, raster, 1, maxRows) ? 1 : 0;
    if (c.highY <= plot.top + CLIPPED_EDGE_PX) followed += follow(c, raster, -1, maxRows) ? 1 : 0;
  }
  return followed;
}

function follow(c: PixelCandle, r: Raster, dir: 1 | -1, maxRows: number): boolean {
  const { width, height, rgb } = r;
  // From the candle's own end row: the plot's last row may have been cleared as a rule.
  const edge = Math.round(dir > 0 ? c.lowY : c.highY);
  const stemL = Math.round(c.stemLeft);
  const stemR = Math.round(c.stemRight);
  const left = Math.round(c.left);
  const right = Math.round(c.right);
  // The stem's colours at the candle's end row (a 1 px stem's neighbour column is its
  // anti-aliased edge, in a blend): the stem goes on where one of its columns keeps one.
  const stemColours: number[] = [];
  for (let x = stemL; x <= stemR; x++) stemColours.push(rgb[edge * width + x]!);
  const bodyAtEdge = dir > 0 ? c.bodyBottom >= edge - 0.5 : c.bodyTop <= edge + 0.5;
  const same = (y: number, x: number, colour: number) =>
    x >= 0 && x < width && colourDistance(rgb[y * width + x]!, colour) <= CLIPPED_COLOUR_DISTANCE;
  /** Columns from..to share the colour (all but a pixel's share of them), and the two beside them do not. */
  const run = (y: number, from: number, to: number, colour: number, share: number) => {
    if (same(y, from - 1, colour) || same(y, to + 1, colour)) return false;
    let n = 0;
    for (let x = from; x <= to; x++) if (same(y, x, colour)) n++;
    return n >= share * (to - from + 1);
  };
  /**
   * A stem row: one of its columns near its colour, nearer than the columns beside the stem by
   * far (JPEG blurs a 1 px wick over a pale volume bar into a blend: judged against what is
   * beside it), and those not in its colour (a rule across the stem goes on beside it).
   */
  const stemGoesOn = (y: number, colour: number) => {
    const at = (x: number) => (x >= 0 && x < width ? colourDistance(rgb[y * width + x]!, colour) : 0);
    const beside = Math.min(at(stemL - 1), at(stemR + 1));
    if (beside <= CLIPPED_COLOUR_DISTANCE) return false;
    for (let x = stemL; x <= stemR; x++) {
      const d = at(x);
      if (d <= CLIPPED_STEM_DISTANCE && d <= CLIPPED_STEM_CONTRAST * beside) return true;
    }
    return false;
  };
  let inBody = bodyAtEdge && right - left >= 2;
  const bodyColour = rgb[edge * width + Math.round((left + right) / 2)]!;
  let last = edge;
  for (let y = edge + dir, k = 0; y >= 0 && y < height && k < maxRows; y += dir, k++) {
    if (inBody && run(y, left, right, bodyColour, CLIPPED_BODY_SHARE)) {
      last = y;
      if (dir > 0) c.bodyBottom = y;
      else c.bodyTop = y;
      continue;
    }
    inBody = false;
    if (stemColours.some((colour) => stemGoesOn(y, colour))) {
      last = y;
      continue;
    }
    // JPEG rings where a body narrows to its wick: a row may be lost there.
    if (Math.abs(y - last) > CLIPPED_GAP_ROWS) break;
  }
  if (last === edge) return false;
  if (dir > 0) c.lowY = last;
  else c.highY = last;
  return true;
}
