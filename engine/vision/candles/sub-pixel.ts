/**
 * Bars on a sub-pixel lattice. A capture of a dense chart scaled down by a fraction (a 2 px-per-bar
 * MetaTrader chart at 0.71: a bar every 1.43 px; a TradingView chart at a bar every 2.4 px) puts
 * the bars at fractional places: a bar falls in one column here, is split over two lighter columns
 * there, and neighbouring bars share columns. No gap parts them, so neither the shapes nor the
 * candle lattice (whole pixels) find the bars, and reading one bar per column (columns.ts) makes
 * too many bars, each a piece of one. Used only where the usual reading was refused.
 *
 * What the pixels still say:
 * - the band's columns: one run of ink per column (the bar or bars it holds), its ink share the
 *   part of the column the bars cover;
 * - that share is periodic at the bar spacing (a whole bar, then a split one, ...): its strongest
 *   frequency gives the spacing and the bars' places to a fraction of a pixel. Sampled once per
 *   pixel, a spacing under 2 px shows as its alias (1.43 px as 3.3 px), so both are tried;
 * - on the right lattice the columns of one bar hold each other's rows (the same stroke, or a
 *   candle's wick around its body) while columns of neighbouring bars are often shifted (neither
 *   holds the other's rows): the lattice where that contrast is largest is the bars'.
 *
 * Each bar takes the columns whose centres are nearer its centre than any other bar's, and the
 * ends of their runs for its high and low. Its open and close are read only for candles in two
 * colours (readBodies: the rows wider than a wick); else not (a bar's stroke and a scaled body's
 * ends are not told apart). The continuity check judges overlapping ranges either way.
 */
import type { InkClass } from '../palette/palette';
import { tint } from '../palette/palette';
import { removeHorizontalLines } from '../cleanup/lines';
import type { PlotRect } from '../types';
import type { EdgeSampler } from './edges';
import { assignDirections } from './direction';
import type { CandleExtraction, PixelCandle } from './types';
import {
  SUB_PIXEL_BAND_GAP_COST,
  SUB_PIXEL_BAND_SKIP,
  SUB_PIXEL_BODY_COLUMNS,
  SUB_PIXEL_BODY_FILL_SHARE,
  SUB_PIXEL_BLOCK_COLUMNS,
  SUB_PIXEL_BLOCK_RIM,
  SUB_PIXEL_RIM_SHARE,
  SUB_PIXEL_STROKE_BARS,
  SUB_PIXEL_STROKE_PLOT_SHARE,
  SUB_PIXEL_FOREIGN_ALPHA,
  SUB_PIXEL_HELD_SLACK_PX,
  SUB_PIXEL_MAX_PITCH,
  SUB_PIXEL_MIN_BARS,
  SUB_PIXEL_MIN_CONTRAST,
  SUB_PIXEL_MIN_HELD,
  SUB_PIXEL_MIN_PITCH,
} from './tuning';

/** One column's run of ink (plot rows), and its ink share summed over the run. */
interface Run {
  top: number;
  bottom: number;
  mass: number;
}

/** The lattice found and the evidence it was judged on (for tests and the log). */
export interface SubPixelLattice {
  /** Bar spacing, px. */
  pitch: number;
  /** Centre of bar 0, plot columns (column x's centre is x). */
  phase: number;
  /** Share of neighbouring columns of one bar that hold each other's rows. */
  held: number;
  /** Share of neighbouring columns of two bars that do, subtracted from `held`. */
  contrast: number;
}

/**
 * The ink's band, one run per column (plot coordinates; null where a column has none): of a
 * column's runs, the one that makes the heaviest band with its neighbours' (a dynamic programme
 * over columns: a run's ink share, less SUB_PIXEL_BAND_GAP_COST per row between it and the run
 * before). Text and markers above or below the bars are runs too, but lie away from the band.
 */
export function bandRuns(
  ink: Uint8Array,
  pw: number,
  ph: number,
  alpha: (x: number, y: number) => number,
): (Run | null)[] {
  const runs: Run[][] = [];
  for (let x = 0; x < pw; x++) {
    const list: Run[] = [];
    let cur: Run | null = null;
    for (let y = 0; y < ph; y++) {
      if (ink[y * pw + x]) {
        if (!cur) cur = { top: y, bottom: y, mass: 0 };
        cur.bottom = y;
        cur.mass += alpha(x, y);
      } else if (cur) {
        list.push(cur);
        cur = null;
      }
    }
    if (cur) list.push(cur);
    runs.push(list);
  }
  dropBlocks(runs);
  dropStrokes(runs, ph);
  const gap = (a: Run, b: Run) => Math.max(0, b.top - a.bottom, a.top - b.bottom);
  // score[x][j]: the heaviest band ending at run j of column x; from[x][j]: its run before, as
  // [column, run] (a column between may be skipped: a bar missing there), or null.
  const score: number[][] = [];
  const from: ([number, number] | null)[][] = [];
  for (let x = 0; x < pw; x++) {
    const s: number[] = [];
    const f: ([number, number] | null)[] = [];
    for (const r of runs[x]!) {
      let best = 0;
      let arg: [number, number] | null = null;
      for (let px = x - 1; px >= Math.max(0, x - 1 - SUB_PIXEL_BAND_SKIP); px--) {
        runs[px]!.forEach((p, j) => {
          const v = score[px]![j]! - SUB_PIXEL_BAND_GAP_COST * gap(p, r);
          if (v > best) [best, arg] = [v, [px, j]];
        });
      }
      s.push(best + r.mass);
      f.push(arg);
    }
    score.push(s);
    from.push(f);
  }
  // Back from the best end of each stretch of band.
  const out: (Run | null)[] = new Array<Run | null>(pw).fill(null);
  let x = pw - 1;
  while (x >= 0) {
    if (runs[x]!.length === 0) {
      x--;
      continue;
    }
    let j = 0;
    score[x]!.forEach((v, k) => {
      if (v > score[x]![j]!) j = k;
    });
    let at: [number, number] | null = [x, j];
    while (at) {
      const [cx, cj]: [number, number] = at;
      out[cx] = runs[cx]![cj]!;
      at = from[cx]![cj]!;
      x = cx - 1;
    }
  }
  return out;
}

/**
 * Leaves out the columns of a filled block (a rectangle drawn in a candle colour over the chart, a
 * panel): SUB_PIXEL_BLOCK_COLUMNS or more neighbouring columns with runs that start and end on the
 * same rows. Neighbouring bars never do so long: a market moves.
 */
function dropBlocks(runs: Run[][]): void {
  const same = (a: Run, b: Run) =>
    Math.abs(a.top - b.top) <= SUB_PIXEL_HELD_SLACK_PX &&
    Math.abs(a.bottom - b.bottom) <= SUB_PIXEL_HELD_SLACK_PX;
  const chain = (order: number[]) => {
    const len = runs.map((list) => list.map(() => 1));
    for (let i = 1; i < order.length; i++) {
      const x = order[i]!;
      const before = order[i - 1]!;
      runs[x]!.forEach((r, j) => {
        const k = runs[before]!.findIndex((q) => same(q, r));
        if (k >= 0) len[x]![j] = len[before]![k]! + 1;
      });
    }
    return len;
  };
  const xs = runs.map((_, x) => x);
  const left = chain(xs);
  const right = chain([...xs].reverse());
  // The block hides the bars behind it: what else its columns hold is its own (its rim, the
  // labels a drawing tool puts under it), so the columns are left out whole.
  // Its rim (an anti-aliased edge, the handles a selected drawing shows on it) holds much of
  // the block's rows in the columns beside it, and goes with it.
  const blocks: (Run | null)[] = runs.map((list, x) => {
    const j = list.findIndex((_, k) => left[x]![k]! + right[x]![k]! - 1 >= SUB_PIXEL_BLOCK_COLUMNS);
    return j >= 0 ? list[j]! : null;
  });
  const rim = (b: Run, x: number) =>
    runs[x]?.some(
      (r) =>
        Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top) + 1 >=
        SUB_PIXEL_RIM_SHARE * (b.bottom - b.top + 1),
    );
  blocks.forEach((b, x) => {
    if (!b) return;
    runs[x] = [];
    for (const dir of [-1, 1]) {
      for (let k = 1, at = x + dir; k <= SUB_PIXEL_BLOCK_RIM && !blocks[at] && rim(b, at); k++, at += dir)
        runs[at] = [];
    }
  });
}

/**
 * Leaves out runs far taller than a bar: a vertical line (a crosshair, a session break, a
 * drawing) crossing the band would give the bar it falls in its whole length. Taller than
 * SUB_PIXEL_STROKE_PLOT_SHARE of the plot and SUB_PIXEL_STROKE_BARS times the band's median run.
 */
function dropStrokes(runs: Run[][], ph: number): void {
  const heights = runs
    .flat()
    .map((r) => r.bottom - r.top + 1)
    .sort((a, b) => a - b);
  const typical = heights[heights.length >> 1] ?? 0;
  const limit = Math.max(SUB_PIXEL_STROKE_PLOT_SHARE * ph, SUB_PIXEL_STROKE_BARS * typical);
  runs.forEach((list, x) => {
    runs[x] = list.filter((r) => r.bottom - r.top + 1 <= limit);
  });
}

/** Whether one run holds the other's rows, within `slack` px at each end. */
function holds(a: Run, b: Run, slack: number): boolean {
  const inB = a.top >= b.top - slack && a.bottom <= b.bottom + slack;
  const inA = b.top >= a.top - slack && b.bottom <= a.bottom + slack;
  return inA || inB;
}

/** The bar (index on the lattice) whose centre is nearest column x's centre. */
const barOf = (x: number, pitch: number, phase: number) => Math.round((x - phase) / pitch);

/** Held shares of neighbouring columns within one bar and across two, on a lattice. */
export function judgeLattice(
  band: (Run | null)[],
  pitch: number,
  phase: number,
): { held: number; contrast: number } {
  let within = 0;
  let withinHeld = 0;
  let across = 0;
  let acrossHeld = 0;
  for (let x = 1; x < band.length; x++) {
    const a = band[x - 1];
    const b = band[x];
    if (!a || !b) continue;
    const h = holds(a, b, SUB_PIXEL_HELD_SLACK_PX) ? 1 : 0;
    if (barOf(x - 1, pitch, phase) === barOf(x, pitch, phase)) {
      within++;
      withinHeld += h;
    } else {
      across++;
      acrossHeld += h;
    }
  }
  const held = within ? withinHeld / within : 0;
  return { held, contrast: held - (across ? acrossHeld / across : 1) };
}

/**
 * The bars' lattice from the band's ink share per column (see the file's comment), or null when
 * the band has no periodic ink a lattice explains.
 */
export function findLattice(band: (Run | null)[]): SubPixelLattice | null {
  const share = band.map((r) => (r ? r.mass / (r.bottom - r.top + 1) : 0));
  const first = share.findIndex((s) => s > 0);
  let last = share.length - 1;
  while (last >= 0 && !(share[last]! > 0)) last--;
  if (first < 0 || last - first + 1 < SUB_PIXEL_MIN_BARS * SUB_PIXEL_MIN_PITCH) return null;
  const xs: number[] = [];
  const vs: number[] = [];
  let mean = 0;
  for (let x = first; x <= last; x++) mean += share[x]!;
  mean /= last - first + 1;
  for (let x = first; x <= last; x++) {
    xs.push(x);
    vs.push(share[x]! - mean);
  }
  const power = (f: number) => {
    let re = 0;
    let im = 0;
    const w = 2 * Math.PI * f;
    for (let i = 0; i < xs.length; i++) {
      re += vs[i]! * Math.cos(w * xs[i]!);
      im -= vs[i]! * Math.sin(w * xs[i]!);
    }
    return { p: re * re + im * im, arg: Math.atan2(im, re) };
  };
  // Frequencies up to the sampling's half: above it a spacing shows as its alias.
  const n = xs.length;
  const fLow = 1 / SUB_PIXEL_MAX_PITCH;
  const step = 0.25 / n;
  let bestF = 0;
  let bestP = -1;
  for (let f = fLow; f <= 0.5; f += step) {
    const { p } = power(f);
    if (p > bestP) [bestF, bestP] = [f, p];
  }
  for (let f = bestF - step; f <= bestF + step; f += step / 20) {
    const { p } = power(f);
    if (p > bestP) [bestF, bestP] = [f, p];
  }
  let best: SubPixelLattice | null = null;
  for (const f of [bestF, 1 - bestF]) {
    const pitch = 1 / f;
    if (pitch < SUB_PIXEL_MIN_PITCH || pitch > SUB_PIXEL_MAX_PITCH) continue;
    // The ink share peaks at the bars' centres: share ~ cos(2 pi f (x - phase)).
    const phase = (((-power(f).arg / (2 * Math.PI * f)) % pitch) + pitch) % pitch;
    const judged = judgeLattice(band, pitch, phase);
    if (!best || judged.contrast > best.contrast) best = { pitch, phase, ...judged };
  }
  return best;
}

/**
 * Bodies and directions of candles on the lattice, where their colour says their direction: each
 * bar's fill is the class most of its ink pixels hold, and its body the rows where
 * SUB_PIXEL_BODY_COLUMNS or more of its columns hold ink (a body is wider than its wick: 2 px
 * against 1 on a TradingView chart at 2.6 px per bar). Read only where the bars hold two fills,
 * the second at least SUB_PIXEL_BODY_FILL_SHARE of them (candles in two colours); bars of one
 * colour (MetaTrader's grey bars, cekop) keep their ranges. Directions as the candles stage
 * gives them (the mapping of fills that makes closes meet the next opens). Bars with no row that
 * wide keep their range for body. JPEG seed 77's SPX 15m/4h (2.56 px per bar, 1 px gaps): 14.6 %
 * of the candles exact as ranges, 49 % with bodies.
 */
function readBodies(candles: PixelCandle[], own: Uint8Array, plot: PlotRect, palette: InkClass[]): boolean {
  const pw = plot.right - plot.left + 1;
  const bodies = candles.map((c) => {
    const votes = new Map<number, number>();
    let top = -1;
    let bottom = -1;
    for (let y = c.highY - plot.top; y <= c.lowY - plot.top; y++) {
      let n = 0;
      for (let x = c.left - plot.left; x <= c.right - plot.left; x++) {
        const k = own[y * pw + x]!;
        if (!k) continue;
        n++;
        votes.set(k, (votes.get(k) ?? 0) + 1);
      }
      if (n >= SUB_PIXEL_BODY_COLUMNS) {
        if (top < 0) top = y;
        bottom = y;
      }
    }
    let fill = 0;
    let most = 0;
    for (const [k, v] of votes) if (v > most) [fill, most] = [k, v];
    return { fill, top, bottom };
  });
  const fills = new Map<number, number>();
  for (const b of bodies) fills.set(b.fill, (fills.get(b.fill) ?? 0) + 1);
  const ranked = [...fills.values()].sort((a, b) => b - a);
  if (!(ranked.length >= 2 && ranked[1]! >= SUB_PIXEL_BODY_FILL_SHARE * candles.length)) return false;
  candles.forEach((c, i) => {
    const b = bodies[i]!;
    c.fill = b.fill;
    if (b.top >= 0) {
      c.bodyTop = b.top + plot.top;
      c.bodyBottom = b.bottom + plot.top;
    }
  });
  assignDirections(candles, palette);
  return true;
}

/**
 * Reads the ink's band as bars on a sub-pixel lattice (see the file's comment), or null where no
 * lattice explains it. `ink` is the plot's ink mask (plot coordinates); the result is image px.
 */
export function readSubPixelBars(
  ink: Uint8Array,
  plot: PlotRect,
  palette: InkClass[],
  sampler: EdgeSampler,
): { extraction: CandleExtraction; lattice: SubPixelLattice } | null {
  const pw = plot.right - plot.left + 1;
  const ph = plot.bottom - plot.top + 1;
  const { rgb, width } = sampler.raster;
  // Price lines across the bars would join every column's run: cleared as the candles stage does.
  ink = ink.slice();
  removeHorizontalLines(ink, pw, ph);
  const alpha = (x: number, y: number) => {
    const colour = palette[ink[y * pw + x]! - 1]?.colour;
    if (colour === undefined) return 1;
    const c = rgb[(y + plot.top) * width + x + plot.left]!;
    return Math.max(0, Math.min(1, tint(c, sampler.background, colour).alpha));
  };
  // Ink beside a pixel well beyond every candle colour (a black text's anti-aliased edge over
  // grey bars, a marker's rim) is that drawing's edge, not a bar: left out of the band.
  const luma = (c: number) => 0.299 * ((c >> 16) & 255) + 0.587 * ((c >> 8) & 255) + 0.114 * (c & 255);
  const bgLuma = luma(sampler.background);
  const boldest = palette.reduce<number | undefined>(
    (a, k) =>
      a === undefined || Math.abs(luma(k.colour) - bgLuma) > Math.abs(luma(a) - bgLuma) ? k.colour : a,
    undefined,
  );
  const own = new Uint8Array(ink.length);
  const beyond = (x: number, y: number) => {
    if (boldest === undefined || x < 0 || y < 0 || x >= pw || y >= ph || ink[y * pw + x]) return false;
    const c = rgb[(y + plot.top) * width + x + plot.left]!;
    return tint(c, sampler.background, boldest).alpha > SUB_PIXEL_FOREIGN_ALPHA;
  };
  for (let y = 0; y < ph; y++) {
    for (let x = 0; x < pw; x++) {
      const k = ink[y * pw + x]!;
      if (k && !(beyond(x - 1, y) || beyond(x + 1, y) || beyond(x, y - 1) || beyond(x, y + 1)))
        own[y * pw + x] = k;
    }
  }
  const band = bandRuns(own, pw, ph, alpha);
  const lattice = findLattice(band);
  if (!lattice || lattice.held < SUB_PIXEL_MIN_HELD || lattice.contrast < SUB_PIXEL_MIN_CONTRAST) return null;
  const { pitch, phase } = lattice;
  const candles: PixelCandle[] = [];
  let k = -1;
  let bar: PixelCandle | null = null;
  for (let x = 0; x < pw; x++) {
    const r = band[x];
    if (!r) continue;
    const j = barOf(x, pitch, phase);
    if (j !== k || !bar) {
      k = j;
      const centre = plot.left + phase + j * pitch;
      bar = {
        x: centre,
        left: plot.left + x,
        right: plot.left + x,
        highY: plot.top + r.top,
        lowY: plot.top + r.bottom,
        bodyTop: 0,
        bodyBottom: 0,
        fill: 0,
        direction: 0,
        ambiguous: true,
        stemLeft: plot.left + x,
        stemRight: plot.left + x,
      };
      candles.push(bar);
    } else {
      bar.right = plot.left + x;
      bar.stemRight = bar.right;
      bar.highY = Math.min(bar.highY, plot.top + r.top);
      bar.lowY = Math.max(bar.lowY, plot.top + r.bottom);
    }
  }
  for (const c of candles) {
    c.bodyTop = c.highY;
    c.bodyBottom = c.lowY;
  }
  const bodies = readBodies(candles, own, plot, palette);
  if (candles.length < SUB_PIXEL_MIN_BARS) return null;
  return {
    extraction: {
      kind: 'bars',
      candles,
      allShapes: candles,
      barSpacing: pitch,
      warnings: [
        bodies
          ? 'The candles on this capture stand too close to be told apart pixel by pixel: their bodies were read from their colours and widths; zoom in for exact opens and closes.'
          : 'The bars on this capture stand too close to be told apart pixel by pixel: only their highs and lows are read; zoom in for exact opens and closes.',
      ],
      uncertainBodies: true,
      renderPx: 1,
      columnBars: true,
      subPixel: pitch,
    },
    lattice,
  };
}
