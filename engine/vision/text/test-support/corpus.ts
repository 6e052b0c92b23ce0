/**
 * The shared dev corpus (../shared/chart-corpus/dev) seen as an OCR test set: for each chart,
 * the price-axis strip with the tick labels it must show (derived from truth.json's price scale,
 * not from any reading), the last-price badge (the last candle's close) and the legend band.
 * Node-only (fs): used by tests and bench/ocr.bench.ts, never by the engine; decode the charts
 * with adapters/node/decode-image.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RgbaImage } from '../../../core/image';
import type { Timeframe } from '../../../core/ohlc';
import { findTextLines } from '../segment';
import type { Rect } from '../types';

export const CORPUS_DIR = new URL('../../../../../shared/chart-corpus/dev', import.meta.url).pathname;

export function corpusAvailable(): boolean {
  return existsSync(join(CORPUS_DIR, 'index.json'));
}

export interface CorpusChart {
  id: string;
  file: string;
  symbol: string;
  timeframe: Timeframe;
  decimals: number;
  dpr: number;
  width: number;
  height: number;
  plot: Rect;
  scale: { y1: number; p1: number; y2: number; p2: number };
  lastClose: number;
  lastOhlc: { open: number; high: number; low: number; close: number };
}

interface TruthFile {
  id: string;
  symbol: string;
  decimals: number;
  style: { dpr: number };
  charts: Record<
    string,
    {
      file: string;
      width: number;
      height: number;
      plot: Rect;
      scale: { y1: number; p1: number; y2: number; p2: number };
      candles: { open: number; high: number; low: number; close: number }[];
    }
  >;
}

export function listCorpus(): CorpusChart[] {
  const ids = JSON.parse(readFileSync(join(CORPUS_DIR, 'index.json'), 'utf8')) as string[];
  const out: CorpusChart[] = [];
  for (const id of ids) {
    const t = JSON.parse(readFileSync(join(CORPUS_DIR, id, 'truth.json'), 'utf8')) as TruthFile;
    for (const [tf, c] of Object.entries(t.charts)) {
      const last = c.candles[c.candles.length - 1]!;
      out.push({
        id: `${id}/${tf}`,
        file: join(CORPUS_DIR, id, c.file),
        symbol: t.symbol,
        timeframe: tf as Timeframe,
        decimals: t.decimals,
        dpr: t.style.dpr,
        width: c.width,
        height: c.height,
        plot: c.plot,
        scale: c.scale,
        lastClose: last.close,
        lastOhlc: { open: last.open, high: last.high, low: last.low, close: last.close },
      });
    }
  }
  return out;
}

export function listCorpusDirs(): string[] {
  return readdirSync(CORPUS_DIR).filter((d) => d.startsWith('dev-'));
}

/** The price axis: right of the plot, over the plot's height. */
export function axisRect(c: CorpusChart): Rect {
  return { left: c.plot.right + 1, top: c.plot.top, right: c.width, bottom: c.plot.bottom };
}

/** The band holding the toolbar (if any) and the legend at the top-left of the plot. */
export function legendRect(c: CorpusChart): Rect {
  return { left: 0, top: 0, right: Math.round(c.width * 0.6), bottom: c.plot.top + 26 * c.dpr };
}

export function priceAt(c: CorpusChart, y: number): number {
  const { y1, p1, y2, p2 } = c.scale;
  return p1 + ((y - y1) * (p2 - p1)) / (y2 - y1);
}

function yAt(c: CorpusChart, price: number): number {
  const { y1, p1, y2, p2 } = c.scale;
  return y1 + ((price - p1) * (y2 - y1)) / (p2 - p1);
}

export interface ExpectedLabel {
  /** Label centre row in image pixels. */
  y: number;
  text: string;
  badge: boolean;
}

/**
 * The tick labels a reader should find on the axis: every multiple of the tick step whose label
 * lies fully inside the axis strip and is not hidden behind the last-price badge, plus the badge.
 * `nearBadge` also lists the ticks next to the badge, which TradingView may show or hide.
 * The step comes from the spacing of the text lines in the strip (where ink is, not what it says).
 */
export function expectedAxisLabels(
  image: RgbaImage,
  c: CorpusChart,
  options: { nearBadge?: boolean } = {},
): ExpectedLabel[] {
  const rect = axisRect(c);
  const lines = findTextLines(image, rect).filter((l) => !l.badge);
  const badges = findTextLines(image, rect).filter((l) => l.badge);
  if (lines.length < 3) return [];
  const centres = lines.map((l) => (l.top + l.bottom) / 2).sort((a, b) => a - b);
  const gaps = centres
    .slice(1)
    .map((y, i) => y - centres[i]!)
    .sort((a, b) => a - b);
  const pxGap = gaps[gaps.length >> 1]!;
  const pricePerPx = Math.abs((c.scale.p2 - c.scale.p1) / (c.scale.y2 - c.scale.y1));
  const rough = pxGap * pricePerPx;
  const exp = Math.floor(Math.log10(rough));
  let step = 0;
  let bestErr = Infinity;
  for (const m of [1, 2, 2.5, 4, 5, 10]) {
    const s = m * 10 ** exp;
    const err = Math.abs(Math.log(s / rough));
    if (err < bestErr) {
      bestErr = err;
      step = s;
    }
  }
  const cap = Math.max(...lines.map((l) => l.capHeight));
  const lo = Math.min(priceAt(c, rect.top), priceAt(c, rect.bottom));
  const hi = Math.max(priceAt(c, rect.top), priceAt(c, rect.bottom));
  const out: ExpectedLabel[] = [];
  for (let k = Math.ceil(lo / step); k * step <= hi; k++) {
    const price = k * step;
    const y = yAt(c, price);
    // Only labels whose text lies wholly inside the strip and clear of the badge can be read.
    const half = cap * 0.6;
    if (y - half < rect.top + 2 * c.dpr || y + half > rect.bottom - 2 * c.dpr) continue;
    // TradingView hides tick labels that would collide with the badge (some stay half visible).
    if (
      !options.nearBadge &&
      badges.some((b) => y + cap > b.top - 2 * c.dpr && y - cap < b.bottom + 2 * c.dpr)
    )
      continue;
    out.push({ y, text: price.toFixed(c.decimals), badge: false });
  }
  for (const b of badges)
    out.push({ y: (b.top + b.bottom) / 2, text: c.lastClose.toFixed(c.decimals), badge: true });
  return out;
}
