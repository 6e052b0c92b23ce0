import { maskWords, nextClear } from '../pixels/byte-scan';
import {
  TIME_BAND_MAX_CAPS,
  TIME_BAND_MIN_CAPS,
  TIME_GAP_ABOVE_CAPS,
  TIME_GAP_ABOVE_MIN_PX,
  TIME_LABEL_MAX_CAPS,
  TIME_LABELS_MIN_PIECES,
  TIME_LABELS_SPREAD_SHARE,
  TIME_LINE_ROW_SHARE,
  TIME_VERTICAL_LINE_SHARE,
} from './tuning';

/**
 * A row of time labels at the bottom of the plot with no rule above it (phones, grids without a
 * frame): the lowest band of ink across the plot columns is one text line (about a price label
 * tall), set off by empty rows from everything above it, made of several separate label-sized
 * pieces spread across the width. Candles cannot make it: a candle's ink runs up into the others
 * or stands alone. `top` is the band's first row, `above` the last row with ink above the gap.
 * Rows that are mostly ink (grid, frame and dotted price lines) are neither ink nor gap.
 */
export function timeAxisText(
  bgMask: Uint8Array,
  width: number,
  left: number,
  right: number,
  top: number,
  labelsBottom: number,
  bottom: number,
  capHeight: number,
): { top: number; bottom: number; above: number } | null {
  const w = right - left + 1;
  // Columns that are ink down most of the plot are vertical lines (a frame, a separator): no text.
  // (Every fourth row is plenty for that.)
  const rows = Math.floor((bottom - top) / 4) + 1;
  if (bottom - labelsBottom < 2) return null;
  // Words of background hold no ink: passed over eight pixels at a time.
  const words = maskWords(bgMask);
  const colInk = inkPerColumn(bgMask, words, width, left, right, top, bottom);
  const keep = new Uint8Array(w);
  for (let x = 0; x < w; x++) keep[x] = colInk[x]! > TIME_VERTICAL_LINE_SHARE * rows ? 0 : 1;
  const inkIn = (y: number) => keptInkInRow(bgMask, words, width, left, keep, y);
  const isLine = (n: number) => n > TIME_LINE_ROW_SHARE * w;
  let y = bottom;
  // The lowest ink (a frame row below the plot is passed over).
  while (y > labelsBottom) {
    const n = inkIn(y);
    if (n > 0 && !isLine(n)) break;
    y--;
  }
  const bandBottom = y;
  // The band: ink rows, a one-row break allowed (the dot of an "i", a colon).
  let empty = 0;
  while (y > labelsBottom && empty < 2) {
    const n = inkIn(y);
    if (n > 0 && !isLine(n)) empty = 0;
    else empty++;
    y--;
  }
  const bandTop = y + empty + 1;
  const tall = bandBottom - bandTop + 1;
  if (
    bandTop <= labelsBottom ||
    tall < TIME_BAND_MIN_CAPS * capHeight ||
    tall > TIME_BAND_MAX_CAPS * capHeight
  )
    return null;
  // Empty rows above it, at least half a label height.
  let above = bandTop - 1;
  while (above > labelsBottom) {
    const n = inkIn(above);
    if (n > 0 && !isLine(n)) break;
    above--;
  }
  if (bandTop - 1 - above < Math.max(TIME_GAP_ABOVE_MIN_PX, TIME_GAP_ABOVE_CAPS * capHeight)) return null;
  // Label-sized pieces: columns with ink in the band, joined across gaps narrower than a glyph.
  const pieces: { from: number; to: number }[] = [];
  for (let x = left; x <= right; x++) {
    let ink = false;
    if (!keep[x - left]) continue;
    for (let yy = bandTop; yy <= bandBottom && !ink; yy++) ink = bgMask[yy * width + x] === 0;
    if (!ink) continue;
    const last = pieces.at(-1);
    if (last && x - last.to <= capHeight) last.to = x;
    else pieces.push({ from: x, to: x });
  }
  if (
    pieces.length < TIME_LABELS_MIN_PIECES ||
    pieces.some((p) => p.to - p.from > TIME_LABEL_MAX_CAPS * capHeight)
  )
    return null;
  if (pieces.at(-1)!.to - pieces[0]!.from < TIME_LABELS_SPREAD_SHARE * w) return null;
  return { top: bandTop, bottom: bandBottom, above };
}

/**
 * Ink (pixels off the background) of each column left..right, counted on every fourth row from
 * top to bottom. Background is passed over a word (eight pixels) at a time (nextClear); the
 * tests (fast-paths.test.ts) hold it to a plain count of every pixel.
 */
export function inkPerColumn(
  bgMask: Uint8Array,
  words: Float64Array | null,
  width: number,
  left: number,
  right: number,
  top: number,
  bottom: number,
): Uint32Array {
  const w = right - left + 1;
  const colInk = new Uint32Array(w);
  for (let y = top; y <= bottom; y += 4) {
    const start = y * width + left;
    const end = start + w;
    for (let i = nextClear(bgMask, words, start, end); i < end; i = nextClear(bgMask, words, i + 1, end))
      colInk[i - start]!++;
  }
  return colInk;
}

/**
 * Ink of row y from column `left` on, counting only the columns `keep` marks (1), as many as
 * `keep` is long. Background is passed over a word at a time, as in inkPerColumn.
 */
export function keptInkInRow(
  bgMask: Uint8Array,
  words: Float64Array | null,
  width: number,
  left: number,
  keep: Uint8Array,
  y: number,
): number {
  let n = 0;
  const start = y * width + left;
  const end = start + keep.length;
  for (let i = nextClear(bgMask, words, start, end); i < end; i = nextClear(bgMask, words, i + 1, end))
    n += keep[i - start]!;
  return n;
}
