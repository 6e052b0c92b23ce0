/**
 * Renders text in headless Chromium (the installed UI fonts, several sizes, weights, themes and
 * device pixel ratios) and returns RGBA images with the text and where each line was drawn.
 * Used to build the glyph templates (build-templates.ts) and by the OCR benchmark as a
 * synthetic test set in fonts/sizes the shared corpus does not have.
 */
import { chromium, type Browser } from 'playwright-core';

export interface RenderStyle {
  font: string; // CSS font-family
  weight: 400 | 700;
  stretch?: 'normal' | 'condensed';
  sizePx: number; // CSS px
  dpr: number;
  bg: string;
  fg: string;
  /** Sub-pixel x offset of the text origin, for antialiasing variety. */
  dx: number;
  /** Draw each line on a filled box of this colour (a price badge) instead of the bare background. */
  badge?: string;
}

export interface RenderedLine {
  text: string;
  /** Device-pixel rect the line was drawn in (generous; the reader finds the ink itself). */
  rect: { left: number; top: number; right: number; bottom: number };
}

export interface RenderedSheet {
  style: RenderStyle;
  width: number;
  height: number;
  data: Uint8Array; // RGBA
  lines: RenderedLine[];
}

export const FONTS: { font: string; stretch?: 'condensed' }[] = [
  { font: 'Liberation Sans' },
  { font: 'DejaVu Sans' },
  { font: 'DejaVu Sans', stretch: 'condensed' },
  { font: 'Liberation Sans Narrow' },
  { font: 'DejaVu Sans Mono' },
  { font: 'Liberation Mono' },
];

/**
 * Fonts whose digits and separators only are added to the templates, in a file of their own
 * (engine/vision/text/axis-glyph-templates.generated.ts): platforms' axis fonts the FONTS above
 * miss. Roboto is TradingView's on Android and lightweight-charts' default where installed: its
 * "1" (a flag, no foot) is nearest the FONTS' "3", and a digit every label shares is never
 * checked by the labels' progression (a Nasdaq chart at 16,600 read at 36,600).
 */
export const AXIS_FONTS: { font: string; stretch?: 'condensed' }[] = [{ font: 'Roboto' }];

export const THEMES: { bg: string; fg: string }[] = [
  { bg: '#131722', fg: '#b2b5be' }, // TradingView dark
  { bg: '#ffffff', fg: '#131722' }, // TradingView light
  { bg: '#000000', fg: '#ffffff' }, // MetaTrader green-on-black
  { bg: '#ef5350', fg: '#ffffff' }, // red badge
  { bg: '#1e222d', fg: '#f23645' }, // coloured legend values on dark
  { bg: '#f0f3fa', fg: '#089981' }, // coloured legend values on light
];

export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: LAUNCH_ARGS });
}

/** Draws `texts` one per line on a canvas in `style` and reads the pixels back. */
export async function renderSheet(
  browser: Browser,
  style: RenderStyle,
  texts: string[],
): Promise<RenderedSheet> {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  try {
    const script = `(() => {
      const s = ${JSON.stringify(style)};
      const texts = ${JSON.stringify(texts)};
      const lineH = Math.ceil(s.sizePx * 2.2);
      const font = (s.stretch === 'condensed' ? 'condensed ' : '') + s.weight + ' ' + s.sizePx + 'px "' + s.font + '"';
      const probe = document.createElement('canvas').getContext('2d');
      probe.font = font;
      let maxW = 0;
      for (const t of texts) maxW = Math.max(maxW, probe.measureText(t).width);
      const cssW = Math.ceil(maxW + s.sizePx * 2 + 4);
      const cssH = lineH * texts.length + s.sizePx;
      const c = document.createElement('canvas');
      c.width = Math.ceil(cssW * s.dpr);
      c.height = Math.ceil(cssH * s.dpr);
      const ctx = c.getContext('2d');
      ctx.fillStyle = s.bg;
      ctx.fillRect(0, 0, c.width, c.height);
      ctx.scale(s.dpr, s.dpr);
      ctx.font = font;
      ctx.fillStyle = s.fg;
      ctx.textBaseline = 'middle';
      const lines = [];
      texts.forEach((t, i) => {
        const y = lineH * (i + 0.5) + s.sizePx / 2;
        const x = s.sizePx + s.dx;
        const w = ctx.measureText(t).width;
        if (s.badge) {
          ctx.fillStyle = s.badge;
          ctx.fillRect(Math.round(x - s.sizePx * 0.4), Math.round(y - s.sizePx * 0.8), Math.round(w + s.sizePx * 0.8), Math.round(s.sizePx * 1.6));
          ctx.fillStyle = s.fg;
        }
        ctx.fillText(t, x, y);
        lines.push({ text: t, rect: {
          left: Math.max(0, Math.floor((x - s.sizePx * 0.6) * s.dpr)),
          top: Math.max(0, Math.floor((y - lineH / 2) * s.dpr)),
          right: Math.min(c.width, Math.ceil((x + w + s.sizePx * 0.6) * s.dpr)),
          bottom: Math.min(c.height, Math.ceil((y + lineH / 2) * s.dpr)) } });
      });
      const img = ctx.getImageData(0, 0, c.width, c.height);
      let bin = '';
      const bytes = img.data;
      for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
      return { width: c.width, height: c.height, b64: btoa(bin), lines };
    })()`;
    const res = (await page.evaluate(script)) as {
      width: number;
      height: number;
      b64: string;
      lines: RenderedLine[];
    };
    return {
      style,
      width: res.width,
      height: res.height,
      data: new Uint8Array(Buffer.from(res.b64, 'base64')),
      lines: res.lines,
    };
  } finally {
    await page.close();
  }
}
