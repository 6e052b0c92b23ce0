/**
 * Writes the small PNG fixtures of engine/vision/text/fixtures/ (crops of axis strips, badges and
 * legends from the shared corpus, plus MetaTrader-style titles and badges rendered in Chromium)
 * and fixtures.json with the text each one shows. The expected texts come from truth.json's
 * scale / last candle for corpus crops and from the rendered string otherwise.
 *
 *   npx tsx bench/glyphs/make-fixtures.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { decodeImage } from '../../adapters/node/decode-image';
import type { RgbaImage } from '../../engine/core/image';
import {
  axisRect,
  corpusAvailable,
  expectedAxisLabels,
  legendRect,
  listCorpus,
} from '../../engine/vision/text/test-support/corpus';
import type { Rect } from '../../engine/vision/text/types';
import { launch, renderSheet, type RenderStyle } from './render';

const OUT = new URL('../../engine/vision/text/fixtures/', import.meta.url).pathname;

export interface FixtureEntry {
  file: string;
  /** Tick labels that must be read, top to bottom. */
  texts: string[];
  /** Ticks beside the badge that the platform may show or hide: reading them is fine too. */
  allowed?: string[];
  /** For legend fixtures. */
  symbol?: string;
  timeframe?: string | null;
  badge?: string;
}

async function savePng(img: RgbaImage, r: Rect, file: string): Promise<void> {
  await sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), {
    raw: { width: img.width, height: img.height, channels: 4 },
  })
    .extract({ left: r.left, top: r.top, width: r.right - r.left, height: r.bottom - r.top })
    .png({ compressionLevel: 9, palette: false })
    .toFile(OUT + file);
}

async function main(): Promise<void> {
  if (!corpusAvailable()) throw new Error('needs ../shared/chart-corpus/dev');
  mkdirSync(OUT, { recursive: true });
  const entries: FixtureEntry[] = [];
  const picks = [
    'dev-000-EURUSD-tv-dark/15m',
    'dev-003-EURJPY-tv-light/4h',
    'dev-007-AUDUSD-tv-dark/5m',
    'dev-009-XAUUSD-tv-light/4h',
    'dev-010-USDJPY-tv-light/15m',
  ];
  for (const c of listCorpus().filter((x) => picks.includes(x.id))) {
    const img = await decodeImage(c.file);
    const name = c.id.replace('/', '-');
    // Axis: a band around the badge, so the crop holds tick labels and the badge.
    const labels = expectedAxisLabels(img, c);
    const badge = labels.find((l) => l.badge);
    const ar = axisRect(c);
    const mid = badge ? badge.y : (ar.top + ar.bottom) / 2;
    const half = 70 * c.dpr;
    const crop: Rect = {
      left: ar.left,
      right: ar.right,
      top: Math.max(ar.top, Math.round(mid - half)),
      bottom: Math.min(ar.bottom, Math.round(mid + half)),
    };
    const inCrop = labels
      .filter((l) => l.y - 8 * c.dpr >= crop.top && l.y + 8 * c.dpr <= crop.bottom)
      .sort((a, b) => a.y - b.y);
    await savePng(img, crop, `${name}-axis.png`);
    const maybe = expectedAxisLabels(img, c, { nearBadge: true })
      .filter((l) => !l.badge && l.y >= crop.top && l.y <= crop.bottom)
      .map((l) => l.text);
    entries.push({
      file: `${name}-axis.png`,
      texts: inCrop.filter((l) => !l.badge).map((l) => l.text),
      allowed: maybe,
      badge: inCrop.find((l) => l.badge)?.text,
    });
    const lr = legendRect(c);
    const legendCrop: Rect = {
      left: lr.left,
      top: Math.max(0, lr.bottom - 34 * c.dpr),
      right: Math.min(lr.right, Math.round(560 * c.dpr)),
      bottom: lr.bottom,
    };
    await savePng(img, legendCrop, `${name}-legend.png`);
    entries.push({ file: `${name}-legend.png`, texts: [], symbol: c.symbol, timeframe: c.timeframe });
  }
  const browser = await launch();
  try {
    const rendered: { style: RenderStyle; text: string; symbol?: string; timeframe?: string | null }[] = [
      {
        style: { font: 'DejaVu Sans', weight: 400, sizePx: 11, dpr: 1, bg: '#000000', fg: '#ffffff', dx: 0 },
        text: 'EURUSDm,M15',
        symbol: 'EURUSD',
        timeframe: '15m',
      },
      {
        style: {
          font: 'Liberation Sans',
          weight: 700,
          sizePx: 12,
          dpr: 1,
          bg: '#ffffff',
          fg: '#000000',
          dx: 0,
        },
        text: 'XAUUSD.r, Daily',
        symbol: 'XAUUSD',
        timeframe: '1d',
      },
      {
        style: {
          font: 'Liberation Sans',
          weight: 400,
          sizePx: 12,
          dpr: 2,
          bg: '#ffffff',
          fg: '#131722',
          dx: 0,
        },
        text: 'EURUSD · 15 · FXCM',
        symbol: 'EURUSD',
        timeframe: '15m',
      },
      {
        style: {
          font: 'DejaVu Sans',
          weight: 400,
          sizePx: 11,
          dpr: 1,
          bg: '#131722',
          fg: '#ffffff',
          dx: 0,
          badge: '#089981',
        },
        text: '2,450.50',
      },
      {
        style: {
          font: 'DejaVu Sans Mono',
          weight: 400,
          sizePx: 13,
          dpr: 1,
          bg: '#000000',
          fg: '#c0c0c0',
          dx: 0,
        },
        text: '0.64005',
      },
    ];
    let i = 0;
    for (const r of rendered) {
      const sheet = await renderSheet(browser, r.style, [r.text]);
      const img: RgbaImage = { width: sheet.width, height: sheet.height, data: sheet.data };
      const file = `rendered-${i++}.png`;
      await savePng(img, { left: 0, top: 0, right: sheet.width, bottom: sheet.height }, file);
      entries.push(
        r.symbol
          ? { file, texts: [], symbol: r.symbol, timeframe: r.timeframe ?? null }
          : { file, texts: r.style.badge ? [] : [r.text], badge: r.style.badge ? r.text : undefined },
      );
    }
  } finally {
    await browser.close();
  }
  writeFileSync(OUT + 'fixtures.json', JSON.stringify(entries, null, 2) + '\n');
  console.log(`${entries.length} fixtures written to ${OUT}`);
}

await main();
