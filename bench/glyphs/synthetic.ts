/**
 * A synthetic OCR test set: axis labels, price badges and legend/title lines rendered in
 * headless Chromium in sizes, scales and themes chosen to differ from the template renders
 * (fractional sizes, 1.5x/2.5x, JPEG q70), with the exact text known.
 */
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import type { RgbaImage } from '../../engine/core/image';
import type { Rect } from '../../engine/vision/text/types';
import { FONTS, THEMES, renderSheet, type RenderStyle } from './render';

export interface SyntheticCase {
  kind: 'label' | 'legend';
  text: string;
  image: RgbaImage;
  rect: Rect;
  style: string;
  symbol?: string;
  timeframe?: string;
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function groupThousands(intPart: string): string {
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Prices as chart axes print them: fixed decimals, sometimes with thousands separators. */
export function randomLabels(rand: () => number, n: number): string[] {
  const out: string[] = [];
  const kinds = [
    () => (1 + rand() * 0.6).toFixed(5),
    () => (0.55 + rand() * 0.2).toFixed(5),
    () => (0.6 + rand() * 0.1).toFixed(4),
    () => (100 + rand() * 100).toFixed(3),
    () => (1800 + rand() * 900).toFixed(2),
    () => {
      const [i, d] = (1800 + rand() * 900).toFixed(2).split('.');
      return `${groupThousands(i!)}.${d}`;
    },
    () => groupThousands(String(Math.round(15000 + rand() * 30000))),
    () => (30000 + rand() * 9000).toFixed(1),
  ];
  for (let i = 0; i < n; i++) out.push(kinds[Math.floor(rand() * kinds.length)]!());
  return out;
}

export const LEGENDS: { text: string; symbol: string; timeframe: string | null }[] = [
  { text: 'EURUSD · 15 · OANDA  O1.13957 H1.13957 L1.13865 C1.13875', symbol: 'EURUSD', timeframe: '15m' },
  { text: 'Euro / U.S. Dollar · 15 · FXCM', symbol: 'EURUSD', timeframe: '15m' },
  { text: 'Gold Spot / U.S. Dollar · 1D · OANDA', symbol: 'XAUUSD', timeframe: '1d' },
  { text: 'EUR/USD', symbol: 'EURUSD', timeframe: null },
  { text: 'GBPJPY 4h', symbol: 'GBPJPY', timeframe: '4h' },
  { text: 'EURUSD,H4', symbol: 'EURUSD', timeframe: '4h' },
  { text: 'EURUSDm,M15', symbol: 'EURUSD', timeframe: '15m' },
  { text: 'XAUUSD.r, Daily', symbol: 'XAUUSD', timeframe: '1d' },
  { text: 'GOLD,H1', symbol: 'XAUUSD', timeframe: '1h' },
  { text: 'USDJPY · 240 · FXCM  O152.118 H152.301 L151.990 C152.250', symbol: 'USDJPY', timeframe: '4h' },
  { text: 'AUDUSD · 60 · PEPPERSTONE', symbol: 'AUDUSD', timeframe: '1h' },
  { text: 'NAS100 · 5 · CAPITALCOM', symbol: 'NAS100', timeframe: '5m' },
];

/** Styles away from the template grid: other sizes and scales. */
export function syntheticStyles(): RenderStyle[] {
  const sizes = [
    { sizePx: 10.5, dpr: 1 },
    { sizePx: 11, dpr: 1 },
    { sizePx: 12, dpr: 1 },
    { sizePx: 15, dpr: 1 },
    { sizePx: 11, dpr: 1.5 },
    { sizePx: 12, dpr: 2 },
    { sizePx: 13, dpr: 2.5 },
    { sizePx: 12, dpr: 3 },
  ];
  const out: RenderStyle[] = [];
  let k = 0;
  for (const f of FONTS) {
    for (const s of sizes) {
      const theme = THEMES[k % THEMES.length]!;
      const style: RenderStyle = {
        font: f.font,
        stretch: f.stretch ?? 'normal',
        weight: k % 3 === 0 ? 700 : 400,
        ...s,
        ...theme,
        dx: 0.25,
      };
      // Every fourth style draws the text on badges (white on red/green over a dark or light strip).
      if (k % 4 === 3) Object.assign(style, { badge: k % 8 === 3 ? '#f23645' : '#089981', fg: '#ffffff' });
      out.push(style);
      k++;
    }
  }
  return out;
}

async function jpeg(img: RgbaImage): Promise<RgbaImage> {
  const buf = await sharp(Buffer.from(img.data), {
    raw: { width: img.width, height: img.height, channels: 4 },
  })
    .jpeg({ quality: 70 })
    .toBuffer();
  const { data, info } = await sharp(buf).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

async function resize(img: RgbaImage, f: number): Promise<RgbaImage> {
  const { data, info } = await sharp(Buffer.from(img.data), {
    raw: { width: img.width, height: img.height, channels: 4 },
  })
    .resize({ width: Math.round(img.width * f), height: Math.round(img.height * f), kernel: 'cubic' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

export async function buildSynthetic(browser: Browser, labelsPerStyle = 8): Promise<SyntheticCase[]> {
  const rand = rng(7);
  const cases: SyntheticCase[] = [];
  let n = 0;
  for (const style of syntheticStyles()) {
    const labels = randomLabels(rand, labelsPerStyle);
    const legends = [LEGENDS[n % LEGENDS.length]!, LEGENDS[(n + 5) % LEGENDS.length]!];
    n++;
    const sheet = await renderSheet(browser, style, [...labels, ...legends.map((l) => l.text)]);
    const plain: RgbaImage = { width: sheet.width, height: sheet.height, data: sheet.data };
    const useJpeg = n % 2 === 0;
    // Every third 1x render is scaled up 1.5x (bicubic), as a zoomed or phone capture would be.
    const upscale = style.dpr === 1 && n % 3 === 0 ? 1.5 : 1;
    let image = upscale > 1 ? await resize(plain, upscale) : plain;
    if (useJpeg) image = await jpeg(image);
    const name = `${style.font}${style.stretch === 'condensed' ? ' cond' : ''} ${style.weight} ${style.sizePx}px@${style.dpr}x ${style.bg}${style.badge ? ` badge ${style.badge}` : ''}${upscale > 1 ? ' scaled1.5' : ''}${useJpeg ? ' jpeg70' : ''}`;
    sheet.lines.forEach((line, i) => {
      const rect: Rect = {
        left: Math.floor(line.rect.left * upscale),
        top: Math.floor(line.rect.top * upscale),
        right: Math.ceil(line.rect.right * upscale),
        bottom: Math.ceil(line.rect.bottom * upscale),
      };
      if (i < labels.length) cases.push({ kind: 'label', text: line.text, image, rect, style: name });
      else {
        const l = legends[i - labels.length]!;
        cases.push({
          kind: 'legend',
          text: l.text,
          image,
          rect,
          style: name,
          symbol: l.symbol,
          timeframe: l.timeframe ?? undefined,
        });
      }
    });
  }
  return cases;
}
