import type { Raster } from '../pixels/raster';
import { colourDistance } from '../pixels/raster';
import type { Layout } from './find-layout';
import {
  BAND_GAP_ROWS,
  BAND_LINE_MIN_ROWS,
  BAND_MIN_ROWS,
  BAND_MIN_ROWS_SHARE,
  BAND_ROW_SHARE,
  BG_TOLERANCE,
  ROW_VOTE_STEP,
} from './tuning';

/**
 * Opaque background bands across the plot (a round-levels or regime indicator filling price
 * ranges in colours of their own, an opaque rectangle drawn behind the bars and extended across
 * the chart, as MetaTrader draws them) are background: the candles stand on them. Left as they
 * are, each band's colour fills a full-height stroke in every column it covers, so the palette
 * learns the bands for candle colours and the real candles' colour falls under its share (real
 * set, MetaTrader EURCAD D1 on navy, green and grey bands: the bands were the three classes and
 * not one bar was read).
 *
 * A band is a stretch of at least BAND_MIN_ROWS plot rows (far more than a line is thick) whose
 * majority colour, over most of the plot's width, is not the background. Its pixels of that
 * colour are painted in the background and marked in the background mask, as erasePanels does
 * for a panel, so that the palette, the ink mask and the candle edges see the candles on the
 * background. A stretch from BAND_LINE_MIN_ROWS rows is a rule too thick for the clean-up of thin
 * lines (MetaTrader's 6 px black lines between those bands, learned as the strongest candle
 * colour): painted so too, except in the columns where its colour goes on above and below it.
 * Returns the number of rows painted.
 */
export function eraseBands(r: Raster, layout: Layout): number {
  const { width, rgb } = r;
  const { plot, background, bgMask } = layout;
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  if (pw <= 0 || ph <= 0) return 0;
  const step = ROW_VOTE_STEP;
  const samples = Math.ceil(pw / step);
  const need = samples * BAND_ROW_SHARE;
  // Each plot row's band colour, -1 where the row has none.
  const colour = new Int32Array(ph).fill(-1);
  for (let y = 0; y < ph; y++) {
    const row = (y + plot.top) * width;
    const from = row + plot.left;
    const end = from + pw;
    // Most rows are background: too few samples off it and the row is no band's.
    let off = 0;
    for (let i = from; i < end; i += step) if (!bgMask[i]) off++;
    if (off < need) continue;
    // The majority colour of the samples off the background (a vote), then its true count.
    let c = -1;
    let n = 0;
    for (let i = from; i < end; i += step) {
      if (bgMask[i]) continue;
      const p = rgb[i]!;
      if (n === 0) {
        c = p;
        n = 1;
      } else if (p === c || colourDistance(p, c) <= BG_TOLERANCE) n++;
      else n--;
    }
    let agree = 0;
    for (let i = from; i < end; i += step) {
      if (bgMask[i]) continue;
      const p = rgb[i]!;
      if (p === c || colourDistance(p, c) <= BG_TOLERANCE) agree++;
    }
    if (agree >= need && colourDistance(c, background) > BG_TOLERANCE) colour[y] = c;
  }
  const minRows = Math.max(BAND_MIN_ROWS, ph * BAND_MIN_ROWS_SHARE);
  let painted = 0;
  for (let y0 = 0; y0 < ph;) {
    if (colour[y0]! < 0) {
      y0++;
      continue;
    }
    // A stretch of rows of one band colour (its rows may shade gently: each near the last).
    // A thin line drawn along it (a dashed level in a rule's middle row) leaves a row or two of
    // it without its majority: those rows are the stretch's, in its colour, when it goes on after.
    let y1 = y0;
    const goesOn = (y: number) => colour[y]! >= 0 && colourDistance(colour[y]!, colour[y1]!) <= BG_TOLERANCE;
    for (;;) {
      let next = y1 + 1;
      while (next < ph && next - y1 <= BAND_GAP_ROWS && !goesOn(next)) next++;
      if (next >= ph || !goesOn(next)) break;
      for (let y = y1 + 1; y < next; y++) colour[y] = colour[y1]!;
      y1 = next;
    }
    const rows = y1 - y0 + 1;
    if (rows >= BAND_LINE_MIN_ROWS) {
      // A thick rule (the lines between the bands) keeps the columns where its colour goes on
      // above and below it: a candle of that colour crossing it.
      const band = rows >= minRows;
      const near = (y: number, x: number, c: number) => {
        if (y < 0 || y >= ph) return false;
        const p = rgb[(y + plot.top) * width + plot.left + x]!;
        return p === c || colourDistance(p, c) <= BG_TOLERANCE;
      };
      for (let x = 0; x < pw; x++) {
        if (!band && near(y0 - 1, x, colour[y0]!) && near(y1 + 1, x, colour[y1]!)) continue;
        for (let y = y0; y <= y1; y++) {
          const i = (y + plot.top) * width + plot.left + x;
          const p = rgb[i]!;
          const c = colour[y]!;
          if (p !== c && colourDistance(p, c) > BG_TOLERANCE) continue;
          rgb[i] = background;
          bgMask[i] = 1;
        }
      }
      painted += rows;
    }
    y0 = y1 + 1;
  }
  return painted;
}
