import type { Component } from './shapes';
import {
  GLYPH_GAP_SHARE,
  GLYPH_MAX_ASPECT,
  GLYPH_MAX_ROWS,
  GLYPH_MIN_ROWS,
  GLYPH_ROW_SLACK_PX,
  GLYPH_RUN_MIN,
  GLYPH_ZONE_SHARE,
} from './tuning';

/**
 * Shapes that are a line of text in the candles' colours near the plot's top (a legend's
 * O/H/L/C values, which TradingView colours like the last candle), not candles: a run of
 * GLYPH_RUN_MIN or more shapes side by side, close together, no wider than tall, whose tops and
 * bottoms are all on the same two rows (digits share a cap height and a baseline; candles'
 * highs and lows wander). Shapes inside those rows between them (a decimal point) go with them.
 * The text stage leaves such digits out when it reads them; this catches them where it did
 * not (a font far from its templates). `comps` are in plot px (row 0 the plot's top) and
 * `ids` the shapes to look at; returns those to drop.
 */
export function legendGlyphs(comps: readonly Component[], ids: readonly number[], ph: number): Set<number> {
  const out = new Set<number>();
  const zoneBottom = GLYPH_ZONE_SHARE * ph;
  const isGlyph = (c: Component) => {
    const h = c.maxY - c.minY + 1;
    return (
      h >= GLYPH_MIN_ROWS &&
      h <= GLYPH_MAX_ROWS &&
      c.maxX - c.minX + 1 <= GLYPH_MAX_ASPECT * h &&
      c.maxY <= zoneBottom
    );
  };
  // Only shapes in the legend's zone can be its glyphs; left to right.
  const order = ids
    .filter((i) => comps[i]!.minY <= zoneBottom)
    .sort((a, b) => comps[a]!.minX - comps[b]!.minX);
  for (let n = 0; n < order.length; n++) {
    const a = comps[order[n]!]!;
    if (out.has(order[n]!) || !isGlyph(a)) continue;
    const h = a.maxY - a.minY + 1;
    const sameRows = (c: Component) =>
      Math.abs(c.minY - a.minY) <= GLYPH_ROW_SLACK_PX && Math.abs(c.maxY - a.maxY) <= GLYPH_ROW_SLACK_PX;
    const inside = (c: Component) =>
      c.minY >= a.minY - GLYPH_ROW_SLACK_PX && c.maxY <= a.maxY + GLYPH_ROW_SLACK_PX;
    const run = [order[n]!];
    let matched = 1;
    let right = a.maxX;
    for (let m = n + 1; m < order.length; m++) {
      const c = comps[order[m]!]!;
      // Shapes wholly above or below the line (a candle's wick beyond the legend) are passed by.
      if (c.maxY < a.minY - GLYPH_ROW_SLACK_PX || c.minY > a.maxY + GLYPH_ROW_SLACK_PX) continue;
      if (c.minX - right - 1 > GLYPH_GAP_SHARE * h) break;
      if (isGlyph(c) && sameRows(c)) matched++;
      else if (!inside(c)) break;
      run.push(order[m]!);
      right = Math.max(right, c.maxX);
    }
    if (matched >= GLYPH_RUN_MIN) for (const k of run) out.add(k);
  }
  return out;
}
