/// <reference lib="dom" />
/** Helpers shared by the in-browser renderers (bundled by esbuild, run inside Chromium). */
import type { SeriesBar } from '../market-data';

export function formatPrice(p: number, decimals: number): string {
  return p.toFixed(decimals);
}

/** Exponential moving average of closes (null until the period has filled). */
export function ema(bars: readonly SeriesBar[], period: number): (number | null)[] {
  const k = 2 / (period + 1);
  let value: number | null = null;
  return bars.map((b, i) => {
    value = value === null ? b.c : b.c * k + value * (1 - k);
    return i + 1 >= period ? value : null;
  });
}

/** Wilder's RSI of closes (null until the period has filled). */
export function rsi(bars: readonly SeriesBar[], period = 14): (number | null)[] {
  let gain = 0;
  let loss = 0;
  return bars.map((b, i) => {
    if (i === 0) return null;
    const d = b.c - bars[i - 1]!.c;
    const g = Math.max(d, 0);
    const l = Math.max(-d, 0);
    if (i <= period) {
      gain += g / period;
      loss += l / period;
      if (i < period) return null;
    } else {
      gain = (gain * (period - 1) + g) / period;
      loss = (loss * (period - 1) + l) / period;
    }
    return loss === 0 ? 100 : 100 - 100 / (1 + gain / loss);
  });
}

/** A "nice" tick step (1, 2, 2.5, 5 x 10^n) giving roughly `target` ticks over `range`. */
export function niceStep(range: number, target: number, decimals: number): number {
  const raw = range / Math.max(1, target);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const min = 10 ** -decimals;
  for (const m of [1, 2, 2.5, 5, 10]) if (m * mag >= raw) return Math.max(m * mag, min);
  return Math.max(10 * mag, min);
}

export function compactVolume(v: number): string {
  if (v >= 1e6) return `${(v / 1e6).toFixed(2)}M`;
  if (v >= 1e3) return `${(v / 1e3).toFixed(2)}K`;
  return String(v);
}

export function el(tag: string, style: Partial<CSSStyleDeclaration> | string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (typeof style === 'string') node.style.cssText = style;
  else Object.assign(node.style, style);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The absolutely placed box a chart library draws into, over the area its chrome leaves free. */
export function chartHolder(
  parent: HTMLElement,
  area: { left: number; top: number; width: number; height: number },
): HTMLElement {
  const holder = el(
    'div',
    `position:absolute;left:${area.left}px;top:${area.top}px;width:${area.width}px;height:${area.height}px`,
  );
  parent.append(holder);
  return holder;
}

export function nextFrames(n = 2): Promise<void> {
  return new Promise((resolve) => {
    const step = (left: number) => (left <= 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(n);
  });
}

/** rgba() of a #rrggbb colour. */
export function alpha(hex: string, a: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(hex);
  if (!m) return hex;
  return `rgba(${parseInt(m[1]!, 16)},${parseInt(m[2]!, 16)},${parseInt(m[3]!, 16)},${a})`;
}

/** Day/month names for axis labels, independent of the browser locale. */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const pad2 = (n: number) => String(n).padStart(2, '0');
