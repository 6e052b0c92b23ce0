import type { TextToken } from '../text';
import type { PriceScale } from '../types';
import type { AxisLabel } from './scale-fit';
import { priceToY, yToPrice } from './price-scale';
import {
  LOST_POINT_GAP_PX,
  LOST_POINT_MIN_LABELS,
  LOST_POINT_SHARE,
  LOST_POINT_WIDER_PX,
  LOST_POINT_MAX_DECIMALS,
  LOST_POINT_DIGIT_SHARE,
  FIT_TOLERANCE_PX,
  MAGNITUDE_MIN_LABELS,
  MAGNITUDE_RATIO,
} from './tuning';

/**
 * Glyphs narrower than a digit: the blank columns beside them are their side bearings, no
 * separator's (a "1" stands 2 px clear of the next digit on a downscaled label), and so are those
 * beside a punctuation mark or a bracket a speck or a split digit was read as.
 */
const NARROW = /^[1lI|i:;.,'`()!/[\]jtfr-]$/;

/** A label read without a point or comma, one glyph per character, mostly digits. */
function pointless(t: TextToken): boolean {
  if (t.badge === true || !t.glyphs || t.glyphs.length !== t.text.length || t.text.length < 3) return false;
  if (/[.,]/.test(t.text)) return false;
  return (t.text.match(/\d/g) ?? []).length >= LOST_POINT_DIGIT_SHARE * t.text.length;
}

/** Blank columns between glyph i - 1 and glyph i. */
const gapBefore = (t: TextToken, i: number) => t.glyphs![i]!.box.left - t.glyphs![i - 1]!.box.right;

const wideAt = (t: TextToken, i: number) =>
  !NARROW.test(t.glyphs![i - 1]!.text) && !NARROW.test(t.glyphs![i]!.text);

/**
 * What a label says about a separator lost `k` digits from its right: 'yes' when the blank
 * between the two digits there is LOST_POINT_GAP_PX or more and wider by LOST_POINT_WIDER_PX than
 * every other gap between two digits of the label (one font draws them: a point's advance is the
 * only extra room in a row of digits), 'no' when it is not, null when a narrow glyph beside it
 * says nothing.
 */
function separatorAt(t: TextToken, k: number): 'yes' | 'no' | null {
  const n = t.glyphs!.length;
  const i = n - k;
  if (i < 1 || i > n - 1 || !wideAt(t, i)) return null;
  let others = -Infinity;
  for (let j = 1; j < n; j++) if (j !== i && wideAt(t, j)) others = Math.max(others, gapBefore(t, j));
  if (others === -Infinity) return null;
  const gap = gapBefore(t, i);
  return gap >= LOST_POINT_GAP_PX && gap >= others + LOST_POINT_WIDER_PX ? 'yes' : 'no';
}

/**
 * The axis tokens with a decimal point put back where JPEG blur lost it (a downscaled capture
 * draws the point as a faint 2 px smudge on the digits' baseline, below the recogniser's ink
 * threshold on most labels: "1830000" read for 18300.00, every price a hundred times too large,
 * on a line that fits as well as the right one).
 *
 * One axis prints every label in one format, so the point stands the same number of digits from
 * each label's right end, and where it was lost its advance is still there: a blank between two
 * digits wider than any other in the label. Where some labels were read with a point, they say
 * how many digits follow it, and each label without one that shows that blank there gets it back.
 * Where no label shows a point, the blank alone says where it was when most labels
 * (LOST_POINT_SHARE, LOST_POINT_MIN_LABELS or more) show it at one place, except three digits from
 * the right: a thousands separator lost there changes no price. Tokens without glyphs (joined
 * parts, a general OCR's words) are left as they are.
 */
export function restoreLostPoints(tokens: TextToken[]): TextToken[] {
  const labels = tokens.filter((t) => t.badge !== true);
  const pointed = labels.filter((t) => /^[-\u2212]?\d+\.\d+$/.test(t.text));
  const candidates = labels.filter(pointless);
  if (candidates.length === 0) return tokens;
  let decimals: number | null = null;
  if (pointed.length > 0) {
    // The decimals most labels read with a point show.
    const counts = new Map<number, number>();
    for (const t of pointed) {
      const d = t.text.length - t.text.indexOf('.') - 1;
      counts.set(d, (counts.get(d) ?? 0) + 1);
    }
    decimals = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  } else if (!labels.some((t) => /\d[.,]\d/.test(t.text))) {
    let best: { k: number; yes: number } | null = null;
    for (let k = 1; k <= LOST_POINT_MAX_DECIMALS; k++) {
      if (k % 3 === 0) continue;
      const said = candidates.map((t) => separatorAt(t, k)).filter((s) => s !== null);
      const yes = said.filter((s) => s === 'yes').length;
      if (yes < LOST_POINT_MIN_LABELS || yes < LOST_POINT_SHARE * said.length) continue;
      if (!best || yes > best.yes) best = { k, yes };
    }
    decimals = best?.k ?? null;
  }
  if (decimals === null) return tokens;
  const k = decimals;
  return tokens.map((t) => {
    if (!candidates.includes(t) || separatorAt(t, k) !== 'yes') return t;
    const i = t.text.length - k;
    const [a, b] = [t.glyphs![i - 1]!.box, t.glyphs![i]!.box];
    // The point's glyph in the blank, on the baseline, so that one glyph still stands for each character.
    const point = {
      text: '.',
      box: { left: a.right, top: b.bottom - 1, right: b.left, bottom: b.bottom },
      features: new Float32Array(0),
    };
    return {
      ...t,
      text: `${t.text.slice(0, i)}.${t.text.slice(i)}`,
      glyphs: [...t.glyphs!.slice(0, i), point, ...t.glyphs!.slice(i)],
    };
  });
}

/**
 * A label read with a decimal point that the fit left out, but that lies on the fitted line with
 * its point taken away, where no label of the fit shows a point: the fit's labels lost theirs (a
 * point too faint to read and no blank restoreLostPoints could trust), and every price read
 * would be a power of ten too large. The labels contradict each other on the prices' magnitude;
 * the reading is refused rather than given out so far off.
 */
export function pointLostInFit(fitted: PriceScale, labels: readonly AxisLabel[]): AxisLabel | null {
  for (const { label, decimals } of pointedLabelsLeftOut(fitted, labels)) {
    const whole = label.price * 10 ** decimals;
    if (Math.abs(priceToY(fitted, whole) - label.y) <= FIT_TOLERANCE_PX) return label;
  }
  return null;
}

/**
 * The labels read with a decimal point ("1.0235") that the fit left out, with their decimals,
 * where no label of the fit shows a point; none where one does.
 */
function pointedLabelsLeftOut(
  fitted: PriceScale,
  labels: readonly AxisLabel[],
): { label: AxisLabel; decimals: number }[] {
  if (fitted.labels.some((l) => /\d[.,]\d/.test(l.text))) return [];
  const kept = new Set(fitted.labels.map((l) => `${l.y}:${l.text}`));
  const out: { label: AxisLabel; decimals: number }[] = [];
  for (const label of labels) {
    const m = /^\d+\.(\d+)$/.exec(label.text);
    if (m && !kept.has(`${label.y}:${label.text}`)) out.push({ label, decimals: m[1]!.length });
  }
  return out;
}

/**
 * Labels read with a decimal point (at least MAGNITUDE_MIN_LABELS, on the plot's rows `top` to
 * `bottom`) whose prices the fit, every label of which shows none, puts MAGNITUDE_RATIO times away
 * or more at their rows. A soft, downscaled axis read glyph by glyph can lose its labels' points
 * in a way that still steps evenly (MetaTrader's "1.07100" read "147100", its "1." one glyph, on
 * every label alike), while the labels read whole say the prices are a hundred thousand times
 * smaller ("0.98910"). The labels contradict each other on the prices' magnitude, so the scale is
 * refused and the axis left to a general OCR, rather than every price given out so far off.
 */
export function magnitudeContradicted(
  fitted: PriceScale,
  labels: readonly AxisLabel[],
  top: number,
  bottom: number,
): boolean {
  const against = pointedLabelsLeftOut(fitted, labels).filter(({ label: l }) => {
    if (l.y < top || l.y > bottom || l.price <= 0) return false;
    const there = yToPrice(fitted, l.y);
    return there <= 0 || there / l.price >= MAGNITUDE_RATIO || l.price / there >= MAGNITUDE_RATIO;
  });
  return against.length >= MAGNITUDE_MIN_LABELS;
}
