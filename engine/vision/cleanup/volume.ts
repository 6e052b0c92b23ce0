import type { InkClass } from '../palette/palette';
import { tint } from '../palette/palette';
import type { Raster } from '../pixels/raster';
import type { PlotRect } from '../types';
import { nextNonZero, wordView } from '../pixels/byte-scan';
import {
  BASELINE_FROM_SHARE,
  MIN_BARS,
  MIN_BARS_SHARE,
  PALE_MAX,
  PALE_MIN,
  PALE_OFF_MAX,
  PALE_RUN_MIN,
  PALE_WALK_OFF_MAX,
} from './tuning';

/** The paleness table holds 2^PALE_BITS colours. */
const PALE_BITS = 12;
const PALE_SLOTS = 1 << PALE_BITS;

/**
 * Clears a volume histogram drawn in tints of the candle colours (TradingView's volume overlay:
 * the candle colours at about half strength) from the ink. Its bars pass for candle ink and,
 * where they touch the candles above them, glue them into one shape or stretch their lows.
 * Volume bars stand on one baseline (the plot's bottom, or a volume pane's floor); candles never
 * share a bottom row, and their bodies are full-strength ink. Every column's run of pale colour
 * that ends on that baseline is cleared, up to the first pixel that is not pale (a candle's wick
 * or body keeps its own pixels): the run is followed on the colour, ink or not, within a looser
 * hue tolerance than the baseline's search (JPEG shifts a bar's hue at its seams and leaves
 * stretches of it unclassified; stopped there, the bar's upper part stayed ink and won columns
 * over the candles). Returns whether a histogram was found.
 */
export function removeVolumeBars(
  ink: Uint8Array,
  plot: PlotRect,
  palette: InkClass[],
  raster: Raster,
  background: number,
): boolean {
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  const { width, rgb } = raster;
  // Paleness per exact colour in a direct-mapped table (colours are 24-bit, so -1 marks a free
  // slot; a colour that meets another's slot is worked out again): a Map lookup per ink pixel
  // was most of this pass.
  const keys = new Int32Array(PALE_SLOTS).fill(-1);
  const values = new Uint8Array(PALE_SLOTS);
  // Pale: a blend of the background with a candle colour at part strength, whatever class the
  // pixel was given (a tint common enough is learned as a class of its own).
  // Bit 1: pale within PALE_OFF_MAX; bit 2: within PALE_WALK_OFF_MAX (the walk up a bar).
  const paleness = (c: number) => {
    const slot = Math.imul(c, 0x9e3779b1) >>> (32 - PALE_BITS);
    if (keys[slot] === c) return values[slot]!;
    let v = 0;
    for (const k of palette) {
      const t = tint(c, background, k.colour);
      if (t.alpha < PALE_MIN || t.alpha > PALE_MAX) continue;
      if (t.off <= PALE_OFF_MAX) v |= 3;
      else if (t.off <= PALE_WALK_OFF_MAX) v |= 2;
    }
    keys[slot] = c;
    values[slot] = v;
    return v;
  };
  const isPale = (c: number) => (paleness(c) & 1) !== 0;
  // Up a bar the colour decides, not the ink: a stretch of the bar's tint the classification
  // left out (JPEG) is still the bar, and the ink above it too.
  const paleInBar = (x: number, y: number) =>
    (paleness(rgb[(y + plot.top) * width + x + plot.left]!) & 2) !== 0;

  // Bottom rows of pale runs (3+ px), once per column and run. The rows are walked in order
  // (down a column would read a cache line per pixel), over the ink only, with each column's
  // current run in arrays: its last pale row and its length.
  const bottoms = new Int32Array(ph);
  const last = new Int32Array(pw).fill(-2);
  const run = new Int32Array(pw);
  const words = wordView(ink);
  for (let y = 0; y < ph; y++) {
    const row = y * pw;
    const rowEnd = row + pw;
    // From an index into the ink to the same pixel's in the raster.
    const toRgb = (y + plot.top) * width + plot.left - row;
    for (let i = nextNonZero(ink, words, row, rowEnd); i < rowEnd; i = nextNonZero(ink, words, i, rowEnd)) {
      for (; i < rowEnd && ink[i]; i++) {
        if (!isPale(rgb[i + toRgb]!)) continue;
        const x = i - row;
        if (last[x] === y - 1) run[x]!++;
        else {
          if (run[x]! >= PALE_RUN_MIN) bottoms[last[x]!]!++;
          run[x] = 1;
        }
        last[x] = y;
      }
    }
  }
  for (let x = 0; x < pw; x++) if (run[x]! >= PALE_RUN_MIN) bottoms[last[x]!]!++;
  let base = -1;
  let best = 0;
  for (let y = Math.floor(ph * BASELINE_FROM_SHARE); y < ph; y++) {
    const n = bottoms[y]! + (bottoms[y - 1] ?? 0) + (y + 1 < ph ? bottoms[y + 1]! : 0);
    if (n > best) [base, best] = [y, n];
  }
  if (base < 0 || best < Math.max(MIN_BARS, pw * MIN_BARS_SHARE)) return false;
  for (let x = 0; x < pw; x++) {
    // The run's foot: a pale pixel on the baseline (within a row) with no pale pixel below it.
    // (A column of the background or of a candle has none: nothing is cleared there.)
    let foot = -1;
    for (let y = Math.min(ph - 1, base + 1); y >= base - 1; y--) {
      if (paleInBar(x, y) && (y + 1 >= ph || !paleInBar(x, y + 1))) {
        foot = y;
        break;
      }
    }
    // A bar whose colour JPEG shifted over its lowest rows (a rule blurred along the plot's
    // bottom) ends its runs above its foot: most bars' runs then stop on that row, and one that
    // goes on down through it is the same bar, cleared to its own foot.
    if (foot < 0) foot = footBelow(base, ph, (y) => paleInBar(x, y));
    if (foot < 0) continue;
    for (let y = foot; y >= 0 && paleInBar(x, y); y--) ink[y * pw + x] = 0;
  }
  return true;
}

/**
 * The foot of a bar that runs down through the baseline (`pale` at rows base-1..base+1 and on
 * below): its lowest pale row, reached without a gap, or -1.
 */
function footBelow(base: number, ph: number, pale: (y: number) => boolean): number {
  let y = Math.max(0, base - 1);
  while (y <= Math.min(ph - 1, base + 1) && !pale(y)) y++;
  if (y > Math.min(ph - 1, base + 1)) return -1;
  while (y + 1 < ph && pale(y + 1)) y++;
  return y;
}
