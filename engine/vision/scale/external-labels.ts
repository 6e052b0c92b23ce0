import { colourDistance } from '../pixels/raster';
import type { Raster } from '../pixels/raster';
import type { Layout } from '../layout';
import type { TextToken } from '../text';
import type { PriceScale } from '../types';
import {
  EXTERNAL_MAX_TOKENS,
  EXTERNAL_MIN_HEIGHT_PX,
  EXTERNAL_PANEL_TOLERANCE,
  EXTERNAL_ROW_SLACK,
  EXTERNAL_STEP_SLACK,
  MIN_LABELS,
} from './tuning';

/*
 * The text port of the scale stage. The engine reads the axis labels with its own glyph
 * recogniser; when that fits no scale, a caller may read the axis strip with a general OCR (a
 * Node adapter: adapters/node/ocr-axis.ts) and pass the words it found back in
 * (readChart(image, trace, { axisLabels })). Those words are data from outside, so they are
 * cleaned here, then placed and fitted exactly like the recogniser's tokens (axis-scale.ts,
 * scale-fit.ts) and must in addition step evenly (externalScaleTrusted): an OCR that invents
 * a digit is caught by the same progression the platform printed, never trusted blindly.
 */

/**
 * The external words the scale may use: those on the axis strip, of a text's height, their
 * text trimmed, each marked as a badge when it sits on another colour than most words do (a
 * last-price tag is a real price, but not a tick). At most
 * EXTERNAL_MAX_TOKENS are kept (a port that floods the strip with words is cut off).
 */
export function externalAxisTokens(r: Raster, layout: Layout, tokens: readonly TextToken[]): TextToken[] {
  const s = layout.axisStrip;
  const out: TextToken[] = [];
  const rings: (number | null)[] = [];
  for (const t of tokens) {
    const { left, top, right, bottom } = t.box;
    if (![left, top, right, bottom].every(Number.isFinite)) continue;
    if (right <= left || bottom - top < EXTERNAL_MIN_HEIGHT_PX) continue;
    const x = (left + right - 1) / 2;
    const y = (top + bottom - 1) / 2;
    if (x < s.left || x > s.right || y < s.top || y > s.bottom) continue;
    const text = t.text
      .trim()
      .replace(/[\u2212\u2012\u2013\u2014]/g, '-')
      .replace(/\s+/g, ' ');
    if (!/\d/.test(text)) continue;
    const box = {
      left: Math.max(0, Math.floor(left)),
      top: Math.max(0, Math.floor(top)),
      right: Math.min(r.width, Math.ceil(right)),
      bottom: Math.min(r.height, Math.ceil(bottom)),
    };
    const confidence = Number.isFinite(t.confidence) ? Math.min(1, Math.max(0, t.confidence)) : 0;
    out.push({ text, box, confidence });
    rings.push(ringColour(r, box));
    if (out.length >= EXTERNAL_MAX_TOKENS) break;
  }
  // Tick labels are most of the words and share one background (the strip's, or a label box
  // of one colour); a word on another colour sits on a badge.
  const votes = new Map<number, number>();
  for (const c of rings) if (c !== null) votes.set(bin15(c), (votes.get(bin15(c)) ?? 0) + 1);
  const [labelBin] = [...votes.entries()].sort((a, b) => b[1] - a[1])[0] ?? [null];
  const background = rings.find((c) => c !== null && bin15(c) === labelBin);
  if (background === undefined || background === null) return out;
  return out.map((t, i) => {
    const c = rings[i];
    return c !== null && c !== undefined && colourDistance(c, background) > EXTERNAL_PANEL_TOLERANCE
      ? { ...t, badge: true }
      : t;
  });
}

/**
 * Whether a scale fitted through external labels may be used: linear, at least MIN_LABELS
 * labels, and in screen order (top to bottom) their prices fall by whole multiples of one step,
 * the labels' rows apart in proportion (an axis prints its prices at a steady step, round or
 * not (MetaTrader's are not); a label it skipped, or one hidden under a badge, leaves a
 * multiple). The robust fit alone lets through
 * three misread numbers that happen to lie on a line; this does not.
 */
export function externalScaleTrusted(scale: PriceScale): boolean {
  if (scale.mode !== 'linear' || scale.labels.length < MIN_LABELS) return false;
  const ls = [...scale.labels].sort((a, b) => a.y - b.y);
  const drops: number[] = [];
  for (let i = 1; i < ls.length; i++) {
    const drop = ls[i - 1]!.price - ls[i]!.price;
    if (!(drop > 0)) return false;
    drops.push(drop);
  }
  const step = Math.min(...drops);
  let steps = 0;
  for (const d of drops) {
    const k = d / step;
    if (Math.abs(k - Math.round(k)) > EXTERNAL_STEP_SLACK) return false;
    steps += Math.round(k);
  }
  // Rows apart in proportion: each step spans the same number of px within a step's slack.
  const pxPerStep = (ls.at(-1)!.y - ls[0]!.y) / steps;
  for (let i = 1; i < ls.length; i++) {
    const k = Math.round(drops[i - 1]! / step);
    if (Math.abs(ls[i]!.y - ls[i - 1]!.y - k * pxPerStep) > EXTERNAL_ROW_SLACK * pxPerStep) return false;
  }
  return true;
}

const bin15 = (c: number) => ((c >> 19) & 31) * 1024 + ((c >> 11) & 31) * 32 + ((c >> 3) & 31);

/** The most common colour (5 bits per channel) of a ring two px outside the box, or null off-image. */
function ringColour(r: Raster, box: TextToken['box']): number | null {
  const { width, height, rgb } = r;
  const bins = new Map<number, number>();
  let best: number | null = null;
  let most = 0;
  const at = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const c = rgb[y * width + x]!;
    const n = (bins.get(bin15(c)) ?? 0) + 1;
    bins.set(bin15(c), n);
    if (n > most) [most, best] = [n, c];
  };
  const l = box.left - 2;
  const t = box.top - 2;
  const rr = box.right + 1;
  const b = box.bottom + 1;
  for (let x = l; x <= rr; x++) {
    at(x, t);
    at(x, b);
  }
  for (let y = t + 1; y < b; y++) {
    at(l, y);
    at(rr, y);
  }
  return best;
}
