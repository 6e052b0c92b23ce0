import type { Raster } from '../pixels/raster';
import { luminance } from '../pixels/raster';
import { chromaShareOf, dilutedInk, tint } from '../palette/palette';
import type { PixelCandle } from './types';
import {
  BEYOND_BRIDGE_ROWS,
  BODY_BEYOND_CONTRAST_MIN,
  BEYOND_LUMA_MIN,
  BEYOND_ROWS_PER_REACH,
  BEYOND_SHARE_MAX,
  BEYOND_SHARE_MIN,
  BEYOND_SIDE_MAX,
  WICK_SPLIT_MIN_ROWS,
  WICK_SPLIT_MIN_SHARE,
  BODY_BEYOND_EDGE_WIDTH,
  BODY_BEYOND_MAX_ROWS,
  BODY_BEYOND_MIN_ROWS,
  EDGE_OFF_MAX,
  FAINT_ALPHA,
  OTHER_OBJECT_ALPHA,
  PARTIAL_ROW_MAX,
  SOLID_ALPHA,
  STROKE_REACH,
  STROKE_RISE_MAX,
  WICK_PLATEAU_MIN,
  WICK_PLATEAU_MIN_ROWS,
} from './tuning';

/**
 * Sub-pixel edges. Anti-aliasing and the smoothing of scaled (HiDPI, zoomed) captures spread an
 * edge over two or three rows whose colour is a blend of ink and background; the share of ink in
 * those rows says where the edge really is. Crisp images come out unchanged.
 */
export interface EdgeSampler {
  raster: Raster;
  background: number;
}

/** The ink share (0..1) of the pixel at (x, y) in `ink`'s colour against the background. */
export function inkShare(s: EdgeSampler, x: number, y: number, ink: number): number {
  const { raster } = s;
  if (x < 0 || y < 0 || x >= raster.width || y >= raster.height) return 0;
  const c = raster.rgb[y * raster.width + x]!;
  const t = tint(c, s.background, ink);
  if (t.off > EDGE_OFF_MAX && !dilutedInk(c, s.background, ink)) return 0;
  return Math.max(0, Math.min(1, t.alpha));
}

/**
 * How a stroke's end row `end` and the rows around it blend (`inward`: the direction into the
 * stroke, 1 from its top, -1 from its bottom): `deficit`, the ink missing from its first rows
 * inside (up to two, fewer than `maxInward`, until a solid one); `surplus`, the ink of blended
 * rows beyond it (up to two). `solid` is the share of ink the stroke's own inside holds in that
 * column (1 unless `strokePlateau` found it thinned): each row's share is counted against it.
 */
function endBlend(
  s: EdgeSampler,
  x: number,
  end: number,
  inward: 1 | -1,
  ink: number,
  maxInward: number,
  solid: number,
): { deficit: number; surplus: number } {
  const alphaOf = (y: number) => Math.min(1, inkShare(s, x, y, ink) / solid);
  let deficit = 0;
  for (let k = 0; k < Math.min(2, maxInward); k++) {
    const al = alphaOf(end + inward * k);
    if (al >= SOLID_ALPHA) break;
    deficit += 1 - al;
  }
  let surplus = 0;
  for (let k = 1; k <= 2; k++) {
    const al = alphaOf(end - inward * k);
    // Blended rows only: a solid row beyond the edge is another object (a price line, a
    // neighbouring stroke), not anti-aliasing.
    if (al < FAINT_ALPHA || al >= OTHER_OBJECT_ALPHA) break;
    surplus += al;
  }
  return { deficit, surplus };
}

/** Continuous top edge of a vertical stroke in column x whose first ink row is `a` (endBlend). */
export function topEdge(
  s: EdgeSampler,
  x: number,
  a: number,
  ink: number,
  maxInward: number,
  solid = 1,
): number {
  const { deficit, surplus } = endBlend(s, x, a, 1, ink, maxInward, solid);
  return a + deficit - surplus;
}

/** Continuous bottom edge (one past the last covered row) of a stroke ending at row `b` (endBlend). */
export function bottomEdge(
  s: EdgeSampler,
  x: number,
  b: number,
  ink: number,
  maxInward: number,
  solid = 1,
): number {
  const { deficit, surplus } = endBlend(s, x, b, -1, ink, maxInward, solid);
  return b + 1 - deficit + surplus;
}

/**
 * Width of a stroke at row y around column x, as the sum of ink shares across it, from the
 * stroke's centre outward while the share falls: a share rising again by more than
 * STROKE_RISE_MAX is a neighbouring stroke (on a dense chart the next wick stands 2 px away),
 * not this stroke's blended flank.
 */
export function strokeWidth(s: EdgeSampler, x: number, y: number, ink: number): number {
  const centre = inkShare(s, x, y, ink);
  let w = centre;
  for (const dir of [-1, 1]) {
    let prev = centre;
    for (let k = 1; k < STROKE_REACH; k++) {
      const al = inkShare(s, x + dir * k, y, ink);
      if (al < FAINT_ALPHA || al > prev + STROKE_RISE_MAX) break;
      w += al;
      prev = al;
    }
  }
  return w;
}

/**
 * How far a thin stroke (a wick or a bar's stem) runs on beyond `from` in direction `dir` (-1 up,
 * +1 down) on brightness alone, with the sub-pixel share of its last, partly covered row: the
 * continuous edge, or null when it does not go on. Low-quality JPEG stores colour at half
 * resolution, so a 1-px wick keeps the ink's brightness but loses most of its colour, and its
 * tip (sometimes the whole stretch beyond the body) is not classified as the candle's ink. A
 * row continues the stroke when its pixel has at least half the ink's brightness against the
 * background and the pixels `reach` columns either side have little (a thin stroke, not a line
 * or a glyph crossing it). On a dense chart the next candle may stand `reach` columns away: a
 * side is clear too where a column between the stroke and it is background (BEYOND_SIDE_MAX),
 * when the pixel keeps the ink's hue (`chromaShareOf` within its hue tolerance, at any share:
 * JPEG averages a thin stroke's colour with the background's, which weakens it without turning
 * it, and a class learned from such strokes is itself weaker than its ink). A glyph's stroke in
 * ClearType's fringes, 2 px from the next stroke, points another hue and is held to the plain
 * test.
 * `splitWicks`: a 1-px wick on a capture scaled down (by 0.55 at a pixel ratio of 1.25, c11-007)
 * straddles two columns, each with under half the ink's share (0.35 and 0.40) and no row of it
 * classified as ink: where the rendering pixel is one image pixel (`reach` 2 at most), a row whose
 * pixel and the stronger of its neighbours hold WICK_SPLIT_MIN_SHARE each counts with their sum,
 * when that carries the stroke WICK_SPLIT_MIN_ROWS beyond where the column alone stops (a JPEG's
 * smear past a wick's end spreads over two columns for a row or two).
 * Needs an ink that differs from the background in brightness.
 */
function strokeBeyond(
  s: EdgeSampler,
  x: number,
  from: number,
  dir: -1 | 1,
  ink: number,
  reach: number,
  splitWicks: boolean,
): number | null {
  const { raster } = s;
  const lb = luminance(s.background);
  const vl = luminance(ink) - lb;
  if (reach === 0 || Math.abs(vl) < BEYOND_LUMA_MIN || x - reach < 0 || x + reach >= raster.width)
    return null;
  const share = (px: number, y: number) => (luminance(raster.rgb[y * raster.width + px]!) - lb) / vl;
  const maxRows = BEYOND_ROWS_PER_REACH * reach;
  const inkHue = chromaShareOf(s.background, ink);
  // The faintest of the columns 1..reach to one side: background there parts the stroke from
  // whatever stands further out on that side (the next candle of a dense chart).
  const parted = (side: -1 | 1, y: number) => {
    let m = Infinity;
    for (let k = 1; k <= reach; k++) m = Math.min(m, share(x + side * k, y));
    return m <= BEYOND_SIDE_MAX;
  };
  // 0: the row does not continue the stroke; 1: it is as dark as the ink but so is a side (a
  // blurred body edge, a line); 2: it continues a thin stroke.
  const row = (y: number, split: boolean): 0 | 1 | 2 => {
    if (y < 0 || y >= raster.height) return 0;
    let a = share(x, y);
    if (split && a >= WICK_SPLIT_MIN_SHARE && a < BEYOND_SHARE_MIN) {
      const beside = Math.max(share(x - 1, y), share(x + 1, y));
      if (beside >= WICK_SPLIT_MIN_SHARE) a += beside;
    }
    if (a < BEYOND_SHARE_MIN || a > BEYOND_SHARE_MAX) return 0;
    const side = Math.max(share(x - reach, y), share(x + reach, y));
    if (side <= BEYOND_SIDE_MAX) return 2;
    // A neighbour beyond a gap either side, and the ink's own hue.
    const hue = inkHue(raster.rgb[y * raster.width + x]!);
    return hue >= 0 && parted(-1, y) && parted(1, y) ? 2 : 1;
  };
  const walk = (split: boolean) => {
    let y = from;
    for (let k = 0; k < maxRows; k++) {
      const r = row(y + dir, split);
      if (r === 2) {
        y += dir;
        continue;
      }
      // JPEG smears a body's edge a row beyond it, as wide as the body: a wick leaving the body
      // goes on above that row.
      if (r === 1 && k < BEYOND_BRIDGE_ROWS && row(y + 2 * dir, split) === 2) {
        y += 2 * dir;
        continue;
      }
      break;
    }
    return y;
  };
  let y = walk(false);
  // The split reading follows the same rows up to where the column alone stops: only a row there
  // that the summed columns continue can carry it further.
  if (splitWicks && reach <= 2 && row(y + dir, true) !== 0) {
    const split = walk(true);
    if (Math.abs(split - y) >= WICK_SPLIT_MIN_ROWS) y = split;
  }
  if (y === from) return null;
  // The row beyond the last one kept is partly covered when the stroke ends between rows.
  const beyond = y + dir;
  let partial = beyond >= 0 && beyond < raster.height ? Math.min(PARTIAL_ROW_MAX, share(x, beyond)) : 0;
  if (partial < FAINT_ALPHA) partial = 0;
  return dir < 0 ? y - partial : y + 1 + partial;
}

/**
 * How far a filled body runs on beyond its row `from` in direction `dir` on brightness alone:
 * the last row kept, or null when it does not go on. On a dense JPEG a body's end rows take
 * the colour of the next candle's body (chroma is stored per 2x2 block and blurred), so they are
 * not classified as the body's ink though they keep its brightness. A row continues the body
 * when every column of it (the outermost left out on a body wider than BODY_BEYOND_EDGE_WIDTH,
 * whose sides JPEG blends) has a brightness share between BEYOND_SHARE_MIN and
 * BEYOND_SHARE_MAX, and their mean stands BODY_BEYOND_CONTRAST_MIN above the darker-in-share
 * column beside the body (a horizontal line darkens those too; a neighbour may stand on one).
 */
function bodyBeyond(
  s: EdgeSampler,
  left: number,
  right: number,
  from: number,
  dir: -1 | 1,
  ink: number,
  stem: { left: number; right: number },
): number | null {
  const { raster } = s;
  const lb = luminance(s.background);
  const vl = luminance(ink) - lb;
  if (Math.abs(vl) < BEYOND_LUMA_MIN || left - 1 < 0 || right + 1 >= raster.width) return null;
  const share = (px: number, y: number) => (luminance(raster.rgb[y * raster.width + px]!) - lb) / vl;
  const [l, r] = right - left + 1 > BODY_BEYOND_EDGE_WIDTH ? [left + 1, right - 1] : [left, right];
  // Columns all within the wick's would follow the wick (a narrow body at a pixel ratio of 2,
  // its outermost columns left out, is its 2 px wick and little else): a body's row is wider.
  if (l >= stem.left && r <= stem.right) return null;
  let y = from;
  for (let k = 0; k < BODY_BEYOND_MAX_ROWS; k++) {
    const next = y + dir;
    if (next < 0 || next >= raster.height) break;
    let sum = 0;
    let ok = true;
    for (let x = l; x <= r && ok; x++) {
      const a = share(x, next);
      ok = a >= BEYOND_SHARE_MIN && a <= BEYOND_SHARE_MAX;
      sum += a;
    }
    if (!ok) break;
    const side = Math.min(share(left - 1, next), share(right + 1, next));
    if (sum / (r - l + 1) - side < BODY_BEYOND_CONTRAST_MIN) break;
    y = next;
  }
  // One row is a resized capture's blended edge, which the sub-pixel edge reads better.
  return Math.abs(y - from) < BODY_BEYOND_MIN_ROWS ? null : y;
}

/**
 * The share of ink inside a thin stroke in column x over rows from..to (the median), when the
 * stroke is thinned there; 1 otherwise. A capture scaled up with smoothing (a 1 px wick drawn at
 * a pixel ratio of 1 and enlarged 2x: columns of 25 / 75 / 75 / 25 % ink) or a wick falling
 * between two columns spreads a stroke sideways: no column of it is solid, and its end rows are
 * thinned alike (the blur is the same across and along), so their share of ink says where the
 * stroke ends only counted against the stroke's own. Fewer than WICK_PLATEAU_MIN_ROWS rows, a
 * share under WICK_PLATEAU_MIN (a faint stroke, another object) or a solid one: 1.
 */
export function strokePlateau(s: EdgeSampler, x: number, from: number, to: number, ink: number): number {
  const shares: number[] = [];
  for (let y = Math.ceil(from); y <= Math.floor(to); y++) shares.push(inkShare(s, x, y, ink));
  if (shares.length < WICK_PLATEAU_MIN_ROWS) return 1;
  shares.sort((a, b) => a - b);
  const p = shares[Math.floor(shares.length / 2)]!;
  return p >= WICK_PLATEAU_MIN && p < SOLID_ALPHA ? p : 1;
}

/** A body column and the first and last rows of ink to read its ends from (image rows). */
export interface BodyColumn {
  x: number;
  top: number;
  bottom: number;
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
  /** Columns to read the body's ends in: a column alone (the shape's end rows) or with its own. */
  bodyColumns: (number | BodyColumn)[],
  unit: number,
  /** Whether the stroke is a candle's wick, which a scaled capture may split over two columns (strokeBeyond). */
  wick = true,
): RefinedCandle {
  const sx = Math.round(c.x);
  const bodyH = Math.round(c.bodyBottom - c.bodyTop) + 1;
  // A wick whose tip JPEG stripped of colour runs on beyond its classified ink (strokeBeyond).
  const reach = c.ambiguous ? 0 : Math.round(unit) + 1;
  // The wicks' own share of ink, inside them (2 rows clear of their ends and of the body).
  const upper = strokePlateau(s, sx, c.highY + 2, c.bodyTop - 2, wickInk);
  const lower = strokePlateau(s, sx, c.bodyBottom + 2, c.lowY - 2, wickInk);
  const highY =
    strokeBeyond(s, sx, c.highY, -1, wickInk, reach, wick) ??
    topEdge(s, sx, c.highY, wickInk, c.lowY - c.highY, upper);
  const lowY =
    (strokeBeyond(s, sx, c.lowY, 1, wickInk, reach, wick) ??
      bottomEdge(s, sx, c.lowY, wickInk, c.lowY - c.highY, lower)) - unit;
  let bodyTop = c.bodyTop;
  let bodyBottom: number;
  // A filled body whose end rows JPEG gave a neighbour's colour runs on on brightness alone.
  const filled = !c.ambiguous && c.fill !== 0 && bodyH >= 2;
  const stem = { left: c.stemLeft, right: c.stemRight };
  const topBeyond = filled ? bodyBeyond(s, c.left, c.right, Math.round(c.bodyTop), -1, bodyInk, stem) : null;
  const bottomBeyond = filled
    ? bodyBeyond(s, c.left, c.right, Math.round(c.bodyBottom), 1, bodyInk, stem)
    : null;
  if (topBeyond !== null || bottomBeyond !== null) {
    bodyTop = topBeyond ?? c.bodyTop;
    bodyBottom = (bottomBeyond ?? c.bodyBottom) + 1 - unit;
  } else if (bodyColumns.length && bodyH >= 2) {
    let t = 0;
    let b = 0;
    for (const col of bodyColumns) {
      const { x, top, bottom } =
        typeof col === 'number'
          ? { x: col, top: Math.round(c.bodyTop), bottom: Math.round(c.bodyBottom) }
          : col;
      t += topEdge(s, x, top, bodyInk, bodyH - 1);
      b += bottomEdge(s, x, bottom, bodyInk, bodyH - 1);
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
