import type { TextToken } from '../text';
import { SAME_ROW_SHARE, SPLIT_GAP_SHARE } from './tuning';

/**
 * The tokens with each label split in two at its decimal point ("149" "400", "0." "85400",
 * "80,000" "00" where the point was too faint to read) read joined, its parts left out: the
 * parts can form a scale of their own ("85400", "85300"...) that fits exactly as well as the
 * real one, and a part alone has the other part's ink right beside it (axis-locate.ts takes
 * such a label for one whose digits were lost). Shared by the axis search (layout) and the
 * scale stage, so both see the same labels.
 */
export function joinSplitLabels(tokens: readonly TextToken[]): TextToken[] {
  const decimalPoint = tokens.some((t) => /\d[.]\d/.test(t.text));
  const joined: TextToken[] = [];
  const parts = new Set<TextToken>();
  // Each token with its nearest neighbour to the right on its row (the two parts' tops may
  // differ by a row, and a misread speck may stand between them in reading order).
  for (const a of tokens) {
    const h = a.box.bottom - a.box.top;
    let b: TextToken | undefined;
    for (const c of tokens) {
      const sameRow = Math.abs(a.box.top + a.box.bottom - c.box.top - c.box.bottom) <= h * SAME_ROW_SHARE;
      if (c === a || !sameRow || c.box.left < a.box.right || c.box.left - a.box.right > h * SPLIT_GAP_SHARE)
        continue;
      if (!b || c.box.left < b.box.left) b = c;
    }
    if (!b) continue;
    if (!/^\d+$/.test(b.text) || !/[\d.,]$/.test(a.text)) continue;
    const box = {
      left: a.box.left,
      top: Math.min(a.box.top, b.box.top),
      right: b.box.right,
      bottom: Math.max(a.box.bottom, b.box.bottom),
    };
    // The left part may keep the point it was split at ("0." "85400").
    const point = /[.,]$/.test(a.text);
    joined.push({
      text: point
        ? `${a.text.slice(0, -1)}.${b.text}`
        : decimalPoint
          ? `${a.text}.${b.text}`
          : `${a.text}${b.text}`,
      box,
      confidence: Math.min(a.confidence, b.confidence),
      badge: a.badge === true || b.badge === true,
    });
    parts.add(a).add(b);
  }
  return [...tokens.filter((t) => !parts.has(t)), ...joined];
}
