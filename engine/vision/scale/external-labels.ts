import { colourDistance } from '../pixels/raster';
import type { Raster } from '../pixels/raster';
import type { TextToken } from '../text';
import type { PlotRect, PriceScale } from '../types';
import type { AxisLabel } from './scale-fit';
import {
  EXTERNAL_KEEP_SHARE,
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
 * scale-fit.ts) and must in addition step evenly (trustedExternalLabels): an OCR that invents
 * a digit is caught by the same progression the platform printed, never trusted blindly.
 */

/**
 * The external words the scale may use: those on the axis strip, of a text's height, their
 * text trimmed, each marked as a badge when it sits on another colour than most words do (a
 * last-price tag is a real price, but not a tick). At most
 * EXTERNAL_MAX_TOKENS are kept (a port that floods the strip with words is cut off).
 */
export function externalAxisTokens(r: Raster, s: PlotRect, tokens: readonly TextToken[]): TextToken[] {
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
 * The labels of a scale fitted through external labels that may be used, or null: the scale
 * must be linear, and in screen order (top to bottom) the labels' prices fall by whole
 * multiples of one step, their rows apart in proportion (an axis prints its prices at a steady
 * step, round or not (MetaTrader's are not); a label it skipped, or one hidden under a badge,
 * leaves a multiple). The robust fit alone lets through three misread numbers that happen to lie
 * on a line; this does not. Each label's place on the step lattice is counted from its row (the
 * rows of the words are sound where a digit is not), and its price must lie on the lattice within
 * the step's slack and one unit of the labels' rounding (MetaTrader prints a step of 7.1875 as
 * 7.0 and 7.2); a label off it (an OCR that read 1.08990 as 1.08930, still within the fit's
 * tolerance) is left out, as long as at least EXTERNAL_KEEP_SHARE of the labels stay.
 */
export function trustedExternalLabels(scale: PriceScale): AxisLabel[] | null {
  if (scale.mode !== 'linear' || scale.labels.length < MIN_LABELS || !(scale.slope < 0)) return null;
  const ls = [...scale.labels].sort((a, b) => a.y - b.y);
  const need = Math.max(MIN_LABELS, Math.ceil(ls.length * EXTERNAL_KEEP_SHARE));
  const drops = new Set<number>();
  for (let i = 1; i < ls.length; i++) {
    const drop = ls[i - 1]!.price - ls[i]!.price;
    if (drop > 0) drops.add(drop);
  }
  const quantum = roundingUnit(ls.map((l) => l.price));
  let best: AxisLabel[] | null = null;
  // Each neighbours' drop is tried as the step (a misread label makes one drop odd, and a
  // skipped label one a multiple): the step that keeps the most labels is the axis'.
  for (const step of [...drops].sort((a, b) => a - b)) {
    const kept = onLattice(ls, step, step / -scale.slope, quantum);
    if (kept.length >= need && (!best || kept.length > best.length)) best = kept;
  }
  return best;
}

/** The labels on one step lattice (see trustedExternalLabels): dropped worst first. */
function onLattice(ls: AxisLabel[], step: number, pxPerStep: number, quantum: number): AxisLabel[] {
  const at: { l: AxisLabel; k: number }[] = [];
  for (const l of ls) {
    const steps = (l.y - ls[0]!.y) / pxPerStep;
    const k = Math.round(steps);
    if (Math.abs(steps - k) <= EXTERNAL_ROW_SLACK && !at.some((a) => a.k === k)) at.push({ l, k });
  }
  for (;;) {
    if (at.length < MIN_LABELS) return [];
    // price = a - b * k, least squares.
    const n = at.length;
    const mk = at.reduce((s, a) => s + a.k, 0) / n;
    const mp = at.reduce((s, a) => s + a.l.price, 0) / n;
    let num = 0;
    let den = 0;
    for (const a of at) {
      num += (a.k - mk) * (a.l.price - mp);
      den += (a.k - mk) ** 2;
    }
    const b = den > 0 ? -num / den : 0;
    if (!(b > 0) || Math.abs(b - step) > EXTERNAL_STEP_SLACK * step + quantum) return [];
    const off = at.map((a) => Math.abs(a.l.price - (mp - b * (a.k - mk))));
    const worst = off.indexOf(Math.max(...off));
    if (off[worst]! <= EXTERNAL_STEP_SLACK * b + quantum) return at.map((a) => a.l);
    at.splice(worst, 1);
  }
}

/** The largest power of ten every price is a whole multiple of (what the axis rounds its prices to). */
function roundingUnit(prices: number[]): number {
  for (let e = 6; e >= -10; e--) {
    const q = 10 ** e;
    if (prices.every((p) => Math.abs(p / q - Math.round(p / q)) < 1e-6)) return q;
  }
  return 0;
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
