/**
 * Histograms an indicator draws over the plot out of many narrow filled rectangles, each in a
 * colour of its own (MetaTrader's Market Profile: one rectangle per time slot and price band,
 * coloured along a gradient). MetaTrader draws filled rectangles by XOR, so a bar crossing one
 * shows its colour XORed with the rectangle's (a lime bar on black shows cyan in a blue block,
 * a yellow block shows it red). zones.ts undoes XOR zones found from fill colours that run wide
 * (24 px and more); these blocks are a bar spacing wide, every one a different colour, so no fill
 * colour runs wide and they stayed: the palette learned the gradients as candle colours and the
 * candle stage cut the histograms into bars, the bars under them misread (real set, MetaTrader 4
 * GBPUSD M15 with Market Profile: 24 % joined, refused).
 *
 * Here a block is a rectangle of one colour to the bit (no JPEG), BLOCK_MIN_WIDTH px wide and
 * BLOCK_MIN_ROWS tall or more, in no colour that draws wicks. Blocks that touch make one drawing; a
 * drawing is XOR-drawn when, along its blocks' sides (where a bar's stem splits a block), there
 * are XOR_MIN_SAMPLES pixels or more that XORed with their block's mask (fill ^ background) are
 * a colour that draws wicks: the bars crossing it. Such a drawing is undone: its fill pixels are
 * background again and the XORed bars get their colour back, nothing under it lost.
 */
import type { Layout } from '../layout';
import { BG_TOLERANCE } from '../layout';
import type { Raster } from '../pixels/raster';
import { colourDistance } from '../pixels/raster';
import { maskWords, nextClear } from '../pixels/byte-scan';
import type { PlotRect } from '../types';
import type { FilledZone } from './zones';
import {
  BLOCK_GAP_ROWS,
  BLOCK_MIN_WIDTH,
  BLOCK_TOUCH_PX,
  BLOCKS_MAX,
  FILL_TOLERANCE,
  BLOCK_MIN_ROWS,
  XOR_MIN_SAMPLES,
  XOR_STEM_PX,
} from './tuning';

interface Block extends PlotRect {
  fill: number;
  /** The last row the block was seen on while scanning. */
  last: number;
}

/**
 * Finds XOR-drawn drawings made of narrow blocks inside the plot and undoes them in place (raster
 * pixels and the layout's background mask). `wicks`: the colours that draw wicks (zones.ts
 * wickColours). Returns one zone per drawing undone (its bounding box).
 */
export function undoXorBlocks(r: Raster, layout: Layout, wicks: readonly number[]): FilledZone[] {
  if (wicks.length === 0) return [];
  const { background } = layout;
  const wickDistance = (c: number) => Math.min(...wicks.map((w) => colourDistance(w, c)));
  const isWick = (c: number) => wickDistance(c) <= FILL_TOLERANCE;
  // A panel the layout found (an EA's settings box: fields, buttons, text) is no drawing of the
  // chart's, whatever its edges XOR to.
  const blocks = findBlocks(r, layout).filter(
    (b) =>
      !isWick(b.fill) &&
      colourDistance(b.fill, background) > BG_TOLERANCE &&
      !layout.panels.some(
        (p) => p.left <= b.right && b.left <= p.right && p.top <= b.bottom && b.top <= p.bottom,
      ),
  );
  if (blocks.length === 0 || blocks.length > BLOCKS_MAX) return [];
  // Blocks that touch (within a stem's width) are one drawing.
  const parent = blocks.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  const order = blocks.map((_, i) => i).sort((a, b) => blocks[a]!.left - blocks[b]!.left);
  for (let a = 0; a < order.length; a++) {
    const p = blocks[order[a]!]!;
    for (let b = a + 1; b < order.length; b++) {
      const q = blocks[order[b]!]!;
      if (q.left > p.right + BLOCK_TOUCH_PX + 1) break;
      if (q.top > p.bottom + BLOCK_TOUCH_PX + 1 || p.top > q.bottom + BLOCK_TOUCH_PX + 1) continue;
      parent[root(order[a]!)] = root(order[b]!);
    }
  }
  const evidence = new Map<number, number>();
  blocks.forEach((b, i) => {
    const n = xoredBeside(r, layout, b, isWick);
    if (n > 0) evidence.set(root(i), (evidence.get(root(i)) ?? 0) + n);
  });
  const zones: FilledZone[] = [];
  const groups = new Map<number, Block[]>();
  blocks.forEach((b, i) => {
    if ((evidence.get(root(i)) ?? 0) < XOR_MIN_SAMPLES) return;
    const g = groups.get(root(i));
    if (g) g.push(b);
    else groups.set(root(i), [b]);
  });
  for (const g of groups.values()) {
    undoBlocks(r, layout, g, wickDistance);
    zones.push({
      rect: {
        left: Math.min(...g.map((b) => b.left)),
        top: Math.min(...g.map((b) => b.top)),
        right: Math.max(...g.map((b) => b.right)),
        bottom: Math.max(...g.map((b) => b.bottom)),
      },
      colour: g[0]!.fill,
      xor: true,
    });
  }
  return zones;
}

/**
 * The plot's rectangles of one colour to the bit: runs along a row, BLOCK_MIN_WIDTH px or more,
 * off the background, on the same columns for MIN_ROWS rows or more (a row of other pixels across
 * them, a bar's tick or a rule, bridged up to BLOCK_GAP_ROWS).
 */
function findBlocks(r: Raster, layout: Layout): Block[] {
  const { width, rgb } = r;
  const { plot, bgMask } = layout;
  const open = new Map<number, Block>();
  const done: Block[] = [];
  const close = (b: Block) => {
    if (b.bottom - b.top + 1 >= BLOCK_MIN_ROWS) done.push(b);
  };
  // Most of the plot is background, which starts no block: passed over 8 bytes at a time.
  const words = maskWords(bgMask);
  for (let y = plot.top; y <= plot.bottom; y++) {
    const row = y * width;
    const stop = row + plot.right + 1;
    for (let x = plot.left; x <= plot.right;) {
      const i = row + x;
      if (bgMask[i]) {
        x = nextClear(bgMask, words, i, stop) - row;
        continue;
      }
      const c = rgb[i]!;
      let end = x + 1;
      while (end <= plot.right && rgb[row + end] === c) end++;
      if (end - x >= BLOCK_MIN_WIDTH) {
        const b = open.get(x);
        if (b && b.right === end - 1 && b.fill === c && y - b.last <= BLOCK_GAP_ROWS + 1) {
          b.bottom = y;
          b.last = y;
        } else {
          if (b) close(b);
          open.set(x, { left: x, right: end - 1, top: y, bottom: y, fill: c, last: y });
        }
      }
      x = end;
    }
    for (const [k, b] of open) {
      if (y - b.last > BLOCK_GAP_ROWS) {
        close(b);
        open.delete(k);
      }
    }
  }
  for (const b of open.values()) close(b);
  return done;
}

/** The block's mask: what XOR with its fill turned each pixel under it into. */
const maskOf = (b: Block, background: number) => (b.fill ^ background) & 0xffffff;

/**
 * Pixels just beside the block (up to XOR_STEM_PX, on its rows) that XORed with its mask are a
 * colour that draws wicks: a bar's stem drawn through the block, which split its rows there.
 */
function xoredBeside(r: Raster, layout: Layout, b: Block, isWick: (c: number) => boolean): number {
  const { width, rgb } = r;
  const { plot, background } = layout;
  const mask = maskOf(b, background);
  let n = 0;
  for (let y = b.top; y <= b.bottom; y++) {
    for (const [from, dir] of [
      [b.left - 1, -1],
      [b.right + 1, 1],
    ] as const) {
      for (let k = 0, x = from; k < XOR_STEM_PX && x >= plot.left && x <= plot.right; k++, x += dir) {
        const c = rgb[y * width + x]!;
        if (c === b.fill || c === background) break;
        if (isWick(c ^ mask)) n++;
      }
    }
  }
  return n;
}

/**
 * Undoes the blocks of one XOR-drawn drawing: their fill pixels become background, and pixels on
 * them and beside them (a stem's columns, a tick's row across one) whose colour XORed with a
 * block's mask is a colour that draws wicks get that colour back. A pixel between two blocks (a
 * stem, a tick at a band's edge) takes the block whose mask gives the colour nearest a wick's:
 * XOR is exact, a neighbouring block of the gradient gives a colour a few steps off.
 */
function undoBlocks(
  r: Raster,
  layout: Layout,
  blocks: readonly Block[],
  wickDistance: (c: number) => number,
): void {
  const { width, rgb } = r;
  const { plot, background, bgMask } = layout;
  const best = new Map<number, { out: number; d: number }>();
  for (const b of blocks) {
    const mask = maskOf(b, background);
    const y0 = Math.max(plot.top, b.top - BLOCK_GAP_ROWS);
    const y1 = Math.min(plot.bottom, b.bottom + BLOCK_GAP_ROWS);
    const x0 = Math.max(plot.left, b.left - XOR_STEM_PX);
    const x1 = Math.min(plot.right, b.right + XOR_STEM_PX);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const i = y * width + x;
        const c = rgb[i]!;
        if (c === background) continue;
        // The fill beside the block too: a sliver of its rectangle a stem cut off (under 3 px).
        const d = c === b.fill ? -1 : wickDistance(c ^ mask);
        if (d > FILL_TOLERANCE) continue;
        const was = best.get(i);
        if (!was || d < was.d) best.set(i, { out: d < 0 ? background : c ^ mask, d });
      }
    }
  }
  for (const [i, { out }] of best) {
    rgb[i] = out;
    bgMask[i] = colourDistance(out, background) <= BG_TOLERANCE ? 1 : 0;
  }
}
