/**
 * Node side of the corpus: bundles the in-browser renderers with esbuild, drives headless
 * Chromium (playwright-core) and returns the screenshot plus the renderer's own truth.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import type { RenderResult, RenderSpec } from './types';

export const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  // Identical text rendering run to run: no LCD subpixel AA, no font hinting differences.
  '--disable-lcd-text',
  '--font-render-hinting=none',
];

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

export interface Rendered {
  png: Buffer;
  result: RenderResult;
}

/** One browser for many charts; each chart gets a fresh context (its own viewport and dpr). */
export class ChartRenderer {
  /** Bundles by entry file, built on first use (the ECharts page is a separate, larger script). */
  private readonly bundles = new Map<string, string>();

  private constructor(private readonly browser: Browser) {}

  static async launch(): Promise<ChartRenderer> {
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    return new ChartRenderer(browser);
  }

  /**
   * ECharts gets its own page script, so adding it left the lwc/mt/broker pages (and with them
   * every existing seed's images) byte-for-byte as they were.
   */
  private async bundle(renderer: RenderSpec['renderer']): Promise<string> {
    const file = renderer === 'echarts' ? 'echarts-entry.ts' : 'entry.ts';
    const cached = this.bundles.get(file);
    if (cached) return cached;
    const out = await build({
      entryPoints: [fileURLToPath(new URL(`./browser/${file}`, import.meta.url))],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: 'chrome120',
      minify: true,
      logLevel: 'silent',
    });
    const text = out.outputFiles[0]?.text;
    if (!text) throw new Error(`esbuild produced no browser bundle for ${file}`);
    this.bundles.set(file, text);
    return text;
  }

  async render(spec: RenderSpec): Promise<Rendered> {
    // lightweight-charts and ECharts render HiDPI themselves; the canvas renderers draw in image pixels.
    const native = spec.renderer === 'lwc' || spec.renderer === 'echarts';
    const bundle = await this.bundle(spec.renderer);
    const context = await this.browser.newContext({
      viewport: native
        ? { width: spec.width, height: spec.height }
        : { width: Math.round(spec.width * spec.dpr), height: Math.round(spec.height * spec.dpr) },
      deviceScaleFactor: native ? spec.dpr : 1,
    });
    try {
      const page = await context.newPage();
      await page.setContent('<!doctype html><html><body style="margin:0;overflow:hidden"></body></html>');
      await page.addScriptTag({ content: bundle });
      const result = (await page.evaluate(
        `window.__corpusRender(${JSON.stringify(spec)})`,
      )) as RenderResult & {
        hover?: { x: number; y: number } | null;
      };
      if (result.hover) {
        await page.mouse.move(result.hover.x, result.hover.y);
        await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
      }
      const png = await page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
      const { hover: _hover, ...truth } = result;
      return { png, result: truth };
    } finally {
      await context.close();
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}
