import type { PriceScale } from '../types';
import {
  FIT_TOLERANCE_PX,
  LABEL_MIN_GAP_PX,
  LOG_BEND_SAMPLES,
  LOG_MIN_BEND_SHARE,
  LOG_MIN_EXTRA_LABELS,
  LOG_MIN_LINEAR_RESIDUAL,
  LOG_RESIDUAL_SHARE,
} from './tuning';

export interface AxisLabel {
  /** Image row of the label's tick. */
  y: number;
  price: number;
  text: string;
}

interface Fit {
  mode: 'linear' | 'log';
  slope: number;
  intercept: number;
  inliers: AxisLabel[];
  residualPx: number;
}

const value = (mode: 'linear' | 'log', p: number) => (mode === 'log' ? Math.log(p) : p);

/** Least squares of value(price) on y. */
function leastSquares(mode: 'linear' | 'log', pts: AxisLabel[]): { slope: number; intercept: number } {
  const n = pts.length;
  let sy = 0;
  let sv = 0;
  for (const p of pts) {
    sy += p.y;
    sv += value(mode, p.price);
  }
  const my = sy / n;
  const mv = sv / n;
  let num = 0;
  let den = 0;
  for (const p of pts) {
    num += (p.y - my) * (value(mode, p.price) - mv);
    den += (p.y - my) ** 2;
  }
  const slope = den > 0 ? num / den : 0;
  return { slope, intercept: mv - slope * my };
}

/** Residual of a label in px under a fit. */
const residual = (mode: 'linear' | 'log', slope: number, intercept: number, p: AxisLabel) =>
  Math.abs((value(mode, p.price) - intercept) / slope - p.y);

/**
 * Two different prices a few px apart cannot both be ticks of one axis (labels would overlap).
 * A line steep enough to explain such a pair (one that puts all prices on a few rows) fits
 * garbage, e.g. misread fragments on one row of the axis.
 */
function crowded(labels: AxisLabel[]): boolean {
  const s = [...labels].sort((a, b) => a.y - b.y);
  for (let i = 1; i < s.length; i++) {
    if (s[i]!.y - s[i - 1]!.y < LABEL_MIN_GAP_PX && s[i]!.price !== s[i - 1]!.price) return true;
  }
  return false;
}

/**
 * Robust fit: every pair of labels proposes a line; the one most labels agree with (within
 * `tolPx`) wins and is refitted on those labels. A misread digit or a badge placed off its tick
 * disagrees with the rest and drops out.
 */
function robustFit(mode: 'linear' | 'log', labels: AxisLabel[], tolPx: number): Fit | null {
  const pts = labels.filter((l) => Number.isFinite(l.price) && (mode === 'linear' || l.price > 0));
  if (pts.length < 2) return null;
  let best: AxisLabel[] = [];
  let bestErr = Infinity;
  for (let i = 0; i < pts.length; i++) {
    for (let j = i + 1; j < pts.length; j++) {
      const a = pts[i]!;
      const b = pts[j]!;
      if (Math.abs(a.y - b.y) < LABEL_MIN_GAP_PX) continue;
      const slope = (value(mode, b.price) - value(mode, a.price)) / (b.y - a.y);
      // Prices rise upwards on every chart we read; a zero or inverted slope is a misreading.
      if (!(slope < 0) || !Number.isFinite(slope)) continue;
      const intercept = value(mode, a.price) - slope * a.y;
      const inl: AxisLabel[] = [];
      let err = 0;
      for (const p of pts) {
        const r = residual(mode, slope, intercept, p);
        if (r <= tolPx) {
          inl.push(p);
          err += r * r;
        }
      }
      if (crowded(inl)) continue;
      if (inl.length > best.length || (inl.length === best.length && err < bestErr)) {
        best = inl;
        bestErr = err;
      }
    }
  }
  if (best.length < 2) return null;
  const { slope, intercept } = leastSquares(mode, best);
  if (!(slope < 0)) return null;
  let ss = 0;
  for (const p of best) ss += residual(mode, slope, intercept, p) ** 2;
  return { mode, slope, intercept, inliers: best, residualPx: Math.sqrt(ss / best.length) };
}

/**
 * How far (px) a log fit bends away from a straight line over the rows its labels span: the most
 * any straight scale through the same two end prices can differ from it. Below the fit tolerance
 * the labels cannot tell log from linear at all (about the price range's share / 8 of the
 * labels' height: under a pixel for a forex chart's 1 % range), and the prices read agree.
 */
export function logBendPx(fit: { slope: number; intercept: number }, labels: readonly AxisLabel[]): number {
  if (labels.length < 2) return 0;
  const ys = labels.map((l) => l.y);
  const top = Math.min(...ys);
  const bottom = Math.max(...ys);
  const priceAt = (y: number) => Math.exp(fit.intercept + fit.slope * y);
  const p0 = priceAt(top);
  const p1 = priceAt(bottom);
  let most = 0;
  for (let i = 1; i < LOG_BEND_SAMPLES; i++) {
    const y = top + ((bottom - top) * i) / LOG_BEND_SAMPLES;
    // The row a straight scale through the two end prices gives this price.
    const straight = top + ((priceAt(y) - p0) / (p1 - p0)) * (bottom - top);
    most = Math.max(most, Math.abs(straight - y));
  }
  return most;
}

/** Decimals printed after the point ("0.70500": 5; "4150": 0). */
const decimalsOf = (text: string): number => /[.](\d+)\s*$/.exec(text.trim())?.[1]!.length ?? 0;

/**
 * The labels printed in the axis' own format. One axis prints every label with one number of
 * decimals, so a label read with more than most of them is a misread: two glued zeros cut into
 * three glyphs read "0.705013" for 0.70500, a price within the fit's tolerance (a fifth of a
 * pixel off on a forex chart) that pulls the scale. Only where a strict majority of the labels
 * share one count; labels with fewer decimals are kept (a trailing zero lost changes no price).
 */
export function inOneFormat(labels: AxisLabel[]): AxisLabel[] {
  const counts = new Map<number, number>();
  for (const l of labels) counts.set(decimalsOf(l.text), (counts.get(decimalsOf(l.text)) ?? 0) + 1);
  const [decimals, n] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  if (2 * n <= labels.length) return labels;
  return labels.filter((l) => decimalsOf(l.text) <= decimals);
}

/**
 * Fits the price scale from axis labels, linear or logarithmic, whichever explains more labels
 * (log only when it is clearly better: it explains at least LOG_MIN_EXTRA_LABELS more labels,
 * or as many far more tightly, and it bends more than the fit tolerance over its labels; a bend
 * smaller than that cannot be told from a straight scale, so the axis is linear).
 */
export function fitPriceScale(read: AxisLabel[], tolPx = FIT_TOLERANCE_PX): PriceScale | null {
  const labels = inOneFormat(read);
  const lin = robustFit('linear', labels, tolPx);
  const log = robustFit('log', labels, tolPx);
  let fit = lin;
  if (
    log &&
    (!lin ||
      ((log.inliers.length >= lin.inliers.length + LOG_MIN_EXTRA_LABELS ||
        (log.inliers.length === lin.inliers.length &&
          log.residualPx < lin.residualPx * LOG_RESIDUAL_SHARE &&
          lin.residualPx > LOG_MIN_LINEAR_RESIDUAL)) &&
        logBendPx(log, log.inliers) > tolPx * LOG_MIN_BEND_SHARE))
  ) {
    fit = log;
  }
  if (!fit) return null;
  return {
    mode: fit.mode,
    slope: fit.slope,
    intercept: fit.intercept,
    labels: [...fit.inliers].sort((a, b) => a.y - b.y).map((l) => ({ y: l.y, price: l.price, text: l.text })),
    residualPx: fit.residualPx,
  };
}
