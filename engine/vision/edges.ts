import type { Raster } from './raster';
import { dilutedInk, tint } from './palette';
import type { PixelCandle } from './candles';

/**
 * Sub-pixel edges. Anti-aliasing and the smoothing of scaled (HiDPI, zoomed) captures spread an
 * edge over two or three rows whose colour is a blend of ink and background; the share of ink in
 * those rows says where the edge really is. Crisp images come out unchanged.
 */
export interface EdgeSampler {
  raster: Raster;
  background: number;
}

function alphaAt(s: EdgeSampler, x: number, y: number, ink: number): number {
  const { raster } = s;
  if (x < 0 || y < 0 || x >= raster.width || y >= raster.height) return 0;
  const c = raster.rgb[y * raster.width + x]!;
  const t = tint(c, s.background, ink);
  if (t.off > 40 && !dilutedInk(c, s.background, ink)) return 0;
  return Math.max(0, Math.min(1, t.alpha));
}

/** Continuous top edge of a vertical stroke in column x whose first ink row is `a`. */
export function topEdge(s: EdgeSampler, x: number, a: number, ink: number, maxInward: number): number {
  let deficit = 0;
  for (let k = 0; k < Math.min(2, maxInward); k++) {
    const al = alphaAt(s, x, a + k, ink);
    if (al >= 0.95) break;
    deficit += 1 - al;
  }
  let surplus = 0;
  for (let k = 1; k <= 2; k++) {
    const al = alphaAt(s, x, a - k, ink);
    // Blended rows only: a solid row beyond the edge is another object (a price line, a
    // neighbouring stroke), not anti-aliasing.
    if (al < 0.05 || al >= 0.9) break;
    surplus += al;
  }
  return a + deficit - surplus;
}

/** Continuous bottom edge (one past the last covered row) of a stroke ending at row `b`. */
export function bottomEdge(s: EdgeSampler, x: number, b: number, ink: number, maxInward: number): number {
  let deficit = 0;
  for (let k = 0; k < Math.min(2, maxInward); k++) {
    const al = alphaAt(s, x, b - k, ink);
    if (al >= 0.95) break;
    deficit += 1 - al;
  }
  let surplus = 0;
  for (let k = 1; k <= 2; k++) {
    const al = alphaAt(s, x, b + k, ink);
    if (al < 0.05 || al >= 0.9) break;
    surplus += al;
  }
  return b + 1 - deficit + surplus;
}

/** Width of a stroke at row y around column x, as the sum of ink shares across it. */
export function strokeWidth(s: EdgeSampler, x: number, y: number, ink: number): number {
  let w = alphaAt(s, x, y, ink);
  for (let k = 1; k < 6; k++) {
    const al = alphaAt(s, x - k, y, ink);
    if (al < 0.05) break;
    w += al;
  }
  for (let k = 1; k < 6; k++) {
    const al = alphaAt(s, x + k, y, ink);
    if (al < 0.05) break;
    w += al;
  }
  return w;
}

export interface RefinedCandle {
  highY: number;
  lowY: number;
  bodyTop: number;
  bodyBottom: number;
}

/**
 * Refines a candle's rows. The result is in "price rows": the row whose price is the value, so a
 * bottom edge is moved up by one rendering pixel (`unit`: 1 on a plain capture, 2 on a capture
 * scaled 2x), because charting libraries fill from the top row through the bottom row inclusive.
 */
export function refineCandle(
  s: EdgeSampler,
  c: PixelCandle,
  wickInk: number,
  bodyInk: number,
  bodyColumns: number[],
  unit: number,
): RefinedCandle {
  const sx = Math.round(c.x);
  const bodyH = Math.round(c.bodyBottom - c.bodyTop) + 1;
  const highY = topEdge(s, sx, c.highY, wickInk, c.lowY - c.highY);
  const lowY = bottomEdge(s, sx, c.lowY, wickInk, c.lowY - c.highY) - unit;
  let bodyTop = c.bodyTop;
  let bodyBottom: number;
  if (bodyColumns.length && bodyH >= 2) {
    let t = 0;
    let b = 0;
    for (const x of bodyColumns) {
      t += topEdge(s, x, Math.round(c.bodyTop), bodyInk, bodyH - 1);
      b += bottomEdge(s, x, Math.round(c.bodyBottom), bodyInk, bodyH - 1);
    }
    bodyTop = t / bodyColumns.length;
    bodyBottom = b / bodyColumns.length - unit;
  } else {
    bodyBottom = c.bodyBottom + 1 - unit;
  }
  return {
    highY: Math.min(highY, bodyTop),
    lowY: Math.max(lowY, bodyBottom),
    bodyTop,
    bodyBottom: Math.max(bodyTop, bodyBottom),
  };
}
