import type { PlotRect } from '../types';
import type { EdgeSampler } from './edges';
import {
  DOT_MAX_LENGTH_PX,
  DOT_MAX_THICK_PX,
  DOT_OFF_MIN,
  DOT_WINDOW_PX,
  DOT_WINDOWS,
  DOTTED_ROW_SHARE,
} from './tuning';

/** Whether plot row y (plot px) is crossed by a dotted line. */
export type OnDottedLine = (y: number) => boolean;

/**
 * Whether a dotted horizontal line crosses a plot row (MetaTrader's default grid: 1 px dots 3 px
 * apart), read from the image itself, row by row as asked: only a bar's ticks and one-sided rows
 * beside a stem ask (measure.ts), so a chart of candles reads few rows. A dot is a run of at most
 * DOT_MAX_LENGTH_PX pixels off the background along the row and at most DOT_MAX_THICK_PX down
 * every column; a row holding such dots over DOTTED_ROW_SHARE of its width is a line. A bar's
 * tick is no dot: it runs on into its stem, which is tall.
 *
 * Why the candles stage looks for it: the layout's line finder misses such grids where JPEG
 * spreads the grey dots over many colours (no majority colour along the row), and the candle ink
 * keeps the one dot touching a stem that JPEG tinted in the bars' colour: a tick on the wrong
 * row, beside every bar the line crosses.
 */
export function dottedLineRows(plot: PlotRect, { raster, background }: EdgeSampler): OnDottedLine {
  const { rgb, width } = raster;
  const ph = plot.bottom - plot.top + 1;
  const pw = plot.right - plot.left + 1;
  /** Per plot row: 1 a dotted line, 0 not, -1 not read yet. */
  const rows = new Int8Array(ph).fill(-1);
  const br = (background >> 16) & 255;
  const bg = (background >> 8) & 255;
  const bb = background & 255;
  // colourDistance(pixel, background) > DOT_OFF_MIN, inlined: it runs for every pixel read.
  const offAt = (i: number) => {
    const c = rgb[i]!;
    const dr = ((c >> 16) & 255) - br;
    const dg = ((c >> 8) & 255) - bg;
    const db = (c & 255) - bb;
    return (
      dr > DOT_OFF_MIN ||
      -dr > DOT_OFF_MIN ||
      dg > DOT_OFF_MIN ||
      -dg > DOT_OFF_MIN ||
      db > DOT_OFF_MIN ||
      -db > DOT_OFF_MIN
    );
  };
  // Rows off the background down the column through pixel i of row y: at most the line's thickness.
  const thin = (i: number, y: number) => {
    let n = 1;
    for (let k = 1; n <= DOT_MAX_THICK_PX && y - k >= plot.top && offAt(i - k * width); k++) n++;
    for (let k = 1; n <= DOT_MAX_THICK_PX && y + k <= plot.bottom && offAt(i + k * width); k++) n++;
    return n <= DOT_MAX_THICK_PX;
  };
  // The row is read in DOT_WINDOWS windows of DOT_WINDOW_PX spread over its width, not whole: a
  // line's dots run the whole width, and a bar chart asks for nearly every row.
  const windowPx = Math.max(1, Math.min(DOT_WINDOW_PX, Math.floor(pw / DOT_WINDOWS)));
  const need = DOTTED_ROW_SHARE * windowPx * DOT_WINDOWS;
  const read = (y: number) => {
    let dots = 0;
    for (let w = 0; w < DOT_WINDOWS; w++) {
      const from = plot.left + Math.floor(((w + 0.5) * pw) / DOT_WINDOWS - windowPx / 2);
      const first = y * width + from;
      const last = first + windowPx - 1;
      for (let i = first; i <= last;) {
        if (!offAt(i)) {
          i++;
          continue;
        }
        let end = i;
        while (end < last && offAt(end + 1)) end++;
        let k = i;
        if (end - i < DOT_MAX_LENGTH_PX) while (k <= end && thin(k, y)) k++;
        if (k > end) dots += end - i + 1;
        i = end + 1;
      }
    }
    return dots >= need ? 1 : 0;
  };
  return (y) => {
    if (y < 0 || y >= ph) return false;
    if (rows[y]! < 0) rows[y] = read(y + plot.top);
    return rows[y] === 1;
  };
}
