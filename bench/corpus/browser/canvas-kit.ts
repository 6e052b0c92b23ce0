/// <reference lib="dom" />
/**
 * Pixel-exact drawing helpers for the canvas renderers. Everything is in image pixels on integer
 * columns/rows, so the truth (which the renderer computes itself) matches what is drawn.
 */
import type { SeriesBar } from '../market-data';
import type { RenderSpec, TruthCandle } from '../types';
import { ema } from './common';

export interface Canvas {
  ctx: CanvasRenderingContext2D;
  w: number;
  h: number;
}

export function makeCanvas(w: number, h: number): Canvas {
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  canvas.style.cssText = `position:absolute;left:0;top:0;width:${w}px;height:${h}px`;
  document.body.append(canvas);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  return { ctx, w, h };
}

/** Linear price <-> row mapping of a plot: row `top` shows pMax, row `bottom` shows pMin. */
export class PriceMap {
  constructor(
    readonly top: number,
    readonly bottom: number,
    readonly pMax: number,
    readonly pMin: number,
  ) {}

  y(price: number): number {
    return this.top + ((this.pMax - price) / (this.pMax - this.pMin)) * (this.bottom - this.top);
  }

  row(price: number): number {
    return Math.round(this.y(price));
  }
}

export function rect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
): void {
  ctx.fillStyle = color;
  ctx.fillRect(x, y, w, h);
}

/** 1-px horizontal line (solid, dashed or dotted) on whole pixels. */
export function hline(
  ctx: CanvasRenderingContext2D,
  x0: number,
  x1: number,
  y: number,
  color: string,
  pattern: 'solid' | 'dashed' | 'dotted' = 'solid',
  width = 1,
): void {
  ctx.fillStyle = color;
  if (pattern === 'solid') return ctx.fillRect(x0, y, x1 - x0, width);
  const [on, off] = pattern === 'dotted' ? [1 * width, 2 * width] : [5 * width, 4 * width];
  for (let x = x0; x < x1; x += on + off) ctx.fillRect(x, y, Math.min(on, x1 - x), width);
}

export function vline(
  ctx: CanvasRenderingContext2D,
  x: number,
  y0: number,
  y1: number,
  color: string,
  pattern: 'solid' | 'dashed' | 'dotted' = 'solid',
  width = 1,
): void {
  ctx.fillStyle = color;
  if (pattern === 'solid') return ctx.fillRect(x, y0, width, y1 - y0);
  const [on, off] = pattern === 'dotted' ? [1 * width, 2 * width] : [5 * width, 4 * width];
  for (let y = y0; y < y1; y += on + off) ctx.fillRect(x, y, width, Math.min(on, y1 - y));
}

export interface CandleStyle {
  kind: 'candles' | 'hollow' | 'bars';
  bodyWidth: number;
  lineWidth: number;
  upBody: string;
  downBody: string;
  upBorder: string;
  downBorder: string;
  upWick: string;
  downWick: string;
  /** Draw a border around bodies (MetaTrader, TradingView) or not (flat broker candles). */
  borders: boolean;
  /** Tick length of OHLC bars, each side. */
  tick: number;
}

/** Draw one candle or OHLC bar centred on column cx; returns its truth record. */
export function drawBar(
  ctx: CanvasRenderingContext2D,
  b: SeriesBar,
  cx: number,
  map: PriceMap,
  st: CandleStyle,
): TruthCandle {
  const up = b.c >= b.o;
  const yh = map.row(b.h);
  const yl = map.row(b.l);
  const lw = st.lineWidth;
  const lx = cx - Math.floor((lw - 1) / 2);
  if (st.kind === 'bars') {
    const color = up ? st.upBorder : st.downBorder;
    rect(ctx, lx, yh, lw, yl - yh + 1, color);
    rect(
      ctx,
      cx - st.tick - Math.floor((lw - 1) / 2),
      map.row(b.o) - Math.floor((lw - 1) / 2),
      st.tick,
      lw,
      color,
    );
    rect(ctx, lx + lw, map.row(b.c) - Math.floor((lw - 1) / 2), st.tick, lw, color);
  } else {
    const yt = map.row(Math.max(b.o, b.c));
    const yb = map.row(Math.min(b.o, b.c));
    const half = Math.floor(st.bodyWidth / 2);
    const x0 = cx - half;
    const bw = st.bodyWidth;
    rect(ctx, lx, yh, lw, yt - yh, up ? st.upWick : st.downWick);
    rect(ctx, lx, yb + 1, lw, yl - yb, up ? st.upWick : st.downWick);
    const border = up ? st.upBorder : st.downBorder;
    const body = up ? st.upBody : st.downBody;
    if (st.borders && bw >= 3 && yb - yt >= 2) {
      // Interior first, then the four edges, so a transparent (hollow) body stays see-through.
      rect(ctx, x0 + 1, yt + 1, bw - 2, yb - yt - 1, body);
      rect(ctx, x0, yt, bw, 1, border);
      rect(ctx, x0, yb, bw, 1, border);
      rect(ctx, x0, yt + 1, 1, yb - yt - 1, border);
      rect(ctx, x0 + bw - 1, yt + 1, 1, yb - yt - 1, border);
    } else {
      rect(ctx, x0, yt, bw, yb - yt + 1, st.borders ? border : body);
    }
  }
  return { x: cx, open: b.o, high: b.h, low: b.l, close: b.c };
}

export function text(
  ctx: CanvasRenderingContext2D,
  s: string,
  x: number,
  y: number,
  color: string,
  font: string,
  align: CanvasTextAlign = 'left',
  baseline: CanvasTextBaseline = 'middle',
): number {
  ctx.font = font;
  ctx.fillStyle = color;
  ctx.textAlign = align;
  ctx.textBaseline = baseline;
  ctx.fillText(s, x, y);
  return ctx.measureText(s).width;
}

export function polyline(
  ctx: CanvasRenderingContext2D,
  pts: [number, number][],
  color: string,
  width: number,
): void {
  if (pts.length < 2) return;
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineJoin = 'round';
  ctx.beginPath();
  pts.forEach(([x, y], i) => (i ? ctx.lineTo(x + 0.5, y + 0.5) : ctx.moveTo(x + 0.5, y + 0.5)));
  ctx.stroke();
}

export function roundRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  color: string,
): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
}

export interface Placed {
  /** Index into spec.bars. */
  i: number;
  /** Centre column. */
  cx: number;
}

/**
 * Draws every placed bar and returns the truth of those whose centre lies inside the plot.
 * An even-width body has no centre column: its centre is reported between its two middle columns.
 */
export function drawSeries(
  ctx: CanvasRenderingContext2D,
  spec: RenderSpec,
  placed: readonly Placed[],
  map: PriceMap,
  st: CandleStyle,
  plot: { left: number; right: number },
): TruthCandle[] {
  const candles: TruthCandle[] = [];
  for (const v of placed) {
    const t = drawBar(ctx, spec.bars[v.i]!, v.cx, map, st);
    if (st.kind !== 'bars' && st.bodyWidth % 2 === 0) t.x = v.cx - 0.5;
    if (v.cx >= plot.left && v.cx <= plot.right) candles.push(t);
  }
  return candles;
}

/** The spec's EMA lines through the placed bars' centres. */
export function drawEmas(
  ctx: CanvasRenderingContext2D,
  spec: RenderSpec,
  placed: readonly Placed[],
  map: PriceMap,
  lineWidth: (width: number) => number,
  plot: { left: number; top: number; right: number; bottom: number },
): void {
  // Lines leave the plot where the average is off-scale: clip them to it, as chart libraries do.
  ctx.save();
  ctx.beginPath();
  ctx.rect(plot.left, plot.top, plot.right - plot.left, plot.bottom - plot.top);
  ctx.clip();
  for (const e of spec.clutter.emas) {
    const vals = ema(spec.bars, e.period);
    const pts = placed.flatMap((v) => {
      const val = vals[v.i];
      return val === null || val === undefined ? [] : [[v.cx, map.y(val)] as [number, number]];
    });
    polyline(ctx, pts, e.color, lineWidth(e.width));
  }
  ctx.restore();
}
