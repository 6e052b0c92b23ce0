/**
 * What a Smart Money trader draws on a chart before taking the screenshot: translucent zones
 * (order blocks, fair value gaps, supply and demand) and TradingView's long/short position tool,
 * laid over the candles as TradingView draws them (above the series, so every candle inside a
 * zone is blended with the zone's colour), some with a border and a text label.
 *
 * Drawn on the rendered screenshot from the chart's own truth (candle x, the price scale), so it
 * works for every renderer; the truth itself is unchanged (drawings move no candle).
 */
import sharp from 'sharp';
import type { Rng } from './rng';
import type { RenderResult } from './types';

/** Zone colours as r,g,b: TradingView's drawing palette (blue, red, green, orange, purple, grey). */
const ZONE_RGB = ['41,98,255', '242,54,69', '8,153,129', '255,152,0', '156,39,176', '120,123,134'];
const ZONE_LABELS = ['OB', 'FVG', 'Demand', 'Supply', 'Bullish OB', 'Bearish OB', 'Breaker', ''];
const PROFIT_RGB = '8,153,129';
const STOP_RGB = '242,54,69';

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function rowOf(scale: RenderResult['scale'], price: number): number {
  return scale.y1 + ((price - scale.p1) * (scale.y2 - scale.y1)) / (scale.p2 - scale.p1);
}

/** SVG of 1-4 drawings over the plot; '' when the chart has too few candles to anchor them. */
export function drawingsSvg(
  result: RenderResult,
  width: number,
  height: number,
  dpr: number,
  rng: Rng,
): string {
  const { candles, plot, scale } = result;
  if (candles.length < 20) return '';
  const spacing = (candles.at(-1)!.x - candles[0]!.x) / (candles.length - 1);
  const px = Math.max(1, Math.round(dpr));
  const font = Math.round(11 * dpr);
  const clip = (r: Rect): Rect => ({
    x0: Math.max(plot.left, r.x0),
    x1: Math.min(plot.right, r.x1),
    y0: Math.max(plot.top, r.y0),
    y1: Math.min(plot.bottom, r.y1),
  });
  const parts: string[] = [];
  const box = (r: Rect, rgb: string, fill: number, border: boolean, label: string) => {
    const c = clip(r);
    if (c.x1 - c.x0 < 4 || c.y1 - c.y0 < 2) return;
    const x = Math.round(c.x0);
    const y = Math.round(c.y0);
    const w = Math.round(c.x1) - x;
    const h = Math.round(c.y1) - y;
    parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="rgba(${rgb},${fill.toFixed(2)})"/>`);
    if (border)
      parts.push(
        `<rect x="${x + px / 2}" y="${y + px / 2}" width="${w - px}" height="${h - px}" fill="none" stroke="rgb(${rgb})" stroke-width="${px}"/>`,
      );
    if (label && h > font + 2)
      parts.push(
        `<text x="${x + 4 * dpr}" y="${y + font + 1}" font-family="sans-serif" font-size="${font}" fill="rgb(${rgb})">${esc(label)}</text>`,
      );
  };

  const zones = rng.int(1, 3);
  for (let z = 0; z < zones; z++) {
    const i = rng.int(1, Math.floor(candles.length * 0.8));
    const c = candles[i]!;
    // An order block spans its candle's range (or body); a gap spans what the bars either side left open.
    const prev = candles[i - 1]!;
    const next = candles[i + 1]!;
    let top = rng.chance(0.5) ? c.high : Math.max(c.open, c.close);
    let bottom = rng.chance(0.5) ? c.low : Math.min(c.open, c.close);
    if (rng.chance(0.3) && next.low > prev.high) [top, bottom] = [next.low, prev.high];
    else if (rng.chance(0.3) && next.high < prev.low) [top, bottom] = [prev.low, next.high];
    const extendRight = rng.chance(0.6);
    box(
      {
        x0: c.x - spacing / 2,
        x1: extendRight ? plot.right : c.x + spacing * rng.int(8, 60),
        y0: rowOf(scale, top),
        y1: rowOf(scale, bottom),
      },
      rng.pick(ZONE_RGB),
      rng.range(0.1, 0.3),
      rng.chance(0.5),
      rng.chance(0.4) ? rng.pick(ZONE_LABELS) : '',
    );
  }

  if (rng.chance(0.4)) {
    // The long/short position tool: a stop box and a target box from an entry near the right.
    const j = rng.int(Math.floor(candles.length * 0.6), candles.length - 2);
    const entry = candles[j]!.close;
    const ranges = candles.slice(-30).map((b) => b.high - b.low);
    const atr = ranges.reduce((s, v) => s + v, 0) / ranges.length;
    const risk = atr * rng.range(1, 3);
    const reward = risk * rng.range(1.5, 3);
    const long = rng.chance(0.5);
    const x0 = candles[j]!.x;
    const x1 = x0 + spacing * rng.int(15, 40);
    const label = rng.chance(0.5);
    const stopY = [rowOf(scale, entry), rowOf(scale, long ? entry - risk : entry + risk)].sort(
      (a, b) => a - b,
    );
    const targetY = [rowOf(scale, entry), rowOf(scale, long ? entry + reward : entry - reward)].sort(
      (a, b) => a - b,
    );
    box({ x0, x1, y0: stopY[0]!, y1: stopY[1]! }, STOP_RGB, 0.2, false, label ? 'Stop' : '');
    box({ x0, x1, y0: targetY[0]!, y1: targetY[1]! }, PROFIT_RGB, 0.2, false, label ? 'Target' : '');
  }
  if (parts.length === 0) return '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
}

/** The screenshot with the drawings laid over it (unchanged when none fit). */
export async function withDrawings(
  png: Buffer,
  result: RenderResult,
  dpr: number,
  rng: Rng,
): Promise<Buffer> {
  const meta = await sharp(png).metadata();
  const svg = drawingsSvg(result, meta.width ?? 0, meta.height ?? 0, dpr, rng);
  if (!svg) return png;
  return sharp(png)
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}
