import type { Raster } from '../pixels/raster';
import { colourDistance } from '../pixels/raster';
import type { PlotRect } from '../types';
import type { PixelCandle } from './types';
import { CLIPPED_MAX_SHARE, EDGE_BLEND_SLACK, EDGE_COLUMN_MIN_SHARE, EDGE_INK_DISTANCE } from './tuning';

/**
 * Candles standing on the plot's left (right) edge, followed into the column just outside it.
 * The plot's outer column is often the anti-aliased edge of the pane: a blend of the frame and
 * the plot's background, which the layout leaves outside the plot (it is neither). A candle cut
 * by that edge still draws there, half covered: the first bar of a capture may have its wick
 * only in that column (tv-gray EURUSD 15m: the session's high). When the column is such a blend
 * (one colour over most of the plot's rows, between the colour beyond it and the background,
 * channel by channel), the candle touching the edge is followed up and down that column while
 * its pixels stand off the column's usual colour (EDGE_INK_DISTANCE), from the candle's own rows:
 * its high and low move out to where the ink ends (sub-pixel: the end row's share of ink).
 * Returns how many candles were extended.
 */
export function followEdgeColumn(
  candles: PixelCandle[],
  raster: Raster,
  plot: PlotRect,
  background: number,
): number {
  if (candles.length === 0) return 0;
  let extended = 0;
  const first = candles.reduce((a, c) => (c.left < a.left ? c : a));
  const last = candles.reduce((a, c) => (c.right > a.right ? c : a));
  if (first.left <= plot.left) extended += follow(first, raster, plot, background, plot.left - 1, -1) ? 1 : 0;
  if (last.right >= plot.right) extended += follow(last, raster, plot, background, plot.right + 1, 1) ? 1 : 0;
  return extended;
}

/** The most frequent colour of column x over rows top..bottom, and its share of them. */
function usualColour(r: Raster, x: number, top: number, bottom: number): { colour: number; share: number } {
  const counts = new Map<number, number>();
  for (let y = top; y <= bottom; y++) {
    const c = r.rgb[y * r.width + x]!;
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let colour = 0;
  let n = 0;
  for (const [c, k] of counts)
    if (k > n) {
      colour = c;
      n = k;
    }
  return { colour, share: n / (bottom - top + 1) };
}

/** Every channel of `c` between those of `a` and `b` (within the slack), and `c` neither of them. */
function between(c: number, a: number, b: number): boolean {
  if (c === a || c === b) return false;
  for (const shift of [16, 8, 0]) {
    const v = (c >> shift) & 255;
    const lo = Math.min((a >> shift) & 255, (b >> shift) & 255);
    const hi = Math.max((a >> shift) & 255, (b >> shift) & 255);
    if (v < lo - EDGE_BLEND_SLACK || v > hi + EDGE_BLEND_SLACK) return false;
  }
  return true;
}

function follow(
  c: PixelCandle,
  r: Raster,
  plot: PlotRect,
  background: number,
  x: number,
  out: 1 | -1,
): boolean {
  const beyond = x + out;
  if (beyond < 0 || beyond >= r.width || plot.bottom >= r.height || plot.top < 0) return false;
  const edge = usualColour(r, x, plot.top, plot.bottom);
  if (edge.share < EDGE_COLUMN_MIN_SHARE) return false;
  const frame = usualColour(r, beyond, plot.top, plot.bottom).colour;
  if (!between(edge.colour, frame, background)) return false;
  const off = (y: number) => colourDistance(r.rgb[y * r.width + x]!, edge.colour);
  const ink = (y: number) => y >= plot.top && y <= plot.bottom && off(y) > EDGE_INK_DISTANCE;
  // The candle reaches the column: ink there on one of its own rows.
  const hi = Math.max(plot.top, Math.round(c.highY));
  const lo = Math.min(plot.bottom, Math.round(c.lowY));
  let top = -1;
  let bottom = -1;
  for (let y = hi; y <= lo; y++)
    if (ink(y)) {
      if (top < 0) top = y;
      bottom = y;
    }
  if (top < 0) return false;
  const maxRows = Math.round(CLIPPED_MAX_SHARE * (plot.bottom - plot.top + 1));
  while (top > hi - maxRows && ink(top - 1)) top--;
  while (bottom < lo + maxRows && ink(bottom + 1)) bottom++;
  // The end row's share of ink, against the full ink of the row inside it.
  const share = (y: number, inside: number) => Math.min(1, off(y) / Math.max(off(inside), 1));
  let moved = false;
  if (top < c.highY) {
    c.highY = top + 1 - share(top, Math.min(top + 1, bottom));
    moved = true;
  }
  if (bottom > c.lowY) {
    c.lowY = bottom - 1 + share(bottom, Math.max(bottom - 1, top));
    moved = true;
  }
  return moved;
}
