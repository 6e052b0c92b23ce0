import type { RgbaImage } from '../../core/image';
import type { Raster } from '../pixels/raster';
import { bin15, colourDistance } from '../pixels/raster';
import { readText } from '../text';
import type { TextToken } from '../text';
import type { PlotRect } from '../types';
import {
  BADGE_ROW_WIDTH_SHARE,
  BOXED_SHARE,
  FILL_ROW_SHARE,
  LABEL_ROW_PANEL_SHARE,
  PANEL_TOLERANCE,
  STRIP_SIDE_LINE_PX,
  STRIP_SIDE_PANEL_SHARE,
  STRIP_WINDOW_CAPS,
  STRIP_WINDOW_MIN_PX,
  STROKE_MAX_ROWS,
} from './tuning';

/**
 * Reads a strip of the image (an axis) band by band. Rows whose majority colour is the strip's
 * own background are read apart from the rows between them (badges, a toolbar above, the time
 * axis below): the recogniser sets its ink threshold from the strongest ink in what it is
 * given, and a bright badge or toolbar would set it too high for the grey tick labels.
 */
export function readStrip(image: RgbaImage, r: Raster, rect: PlotRect): TextToken[] {
  const { width, rgb } = r;
  const { top, bottom } = rect;
  let { left, right } = rect;
  // The strip's background: its most common colour (5 bits per channel).
  const bins = new Uint32Array(1 << 15);
  for (let y = top; y <= bottom; y += 2) {
    for (let i = y * width + left, end = y * width + right; i <= end; i++) {
      const c = rgb[i]!;
      bins[bin15(c)]!++;
    }
  }
  let key = 0;
  for (let k = 1; k < bins.length; k++) if (bins[k]! > bins[key]!) key = k;
  const panel =
    (((key >> 10) << 3) + 4) * 65536 + ((((key >> 5) & 31) << 3) + 4) * 256 + (((key & 31) << 3) + 4);
  // A frame line along the strip's side would join every badge into one tall shape: leave it out.
  const onPanel = 2 * PANEL_TOLERANCE;
  const columnOnPanel = (x: number) => {
    let k = 0;
    for (let y = top; y <= bottom; y += 2) if (colourDistance(rgb[y * width + x]!, panel) <= onPanel) k++;
    return k >= STRIP_SIDE_PANEL_SHARE * ((bottom - top) / 2 + 1);
  };
  for (let n = 0; n < STRIP_SIDE_LINE_PX && left < right && !columnOnPanel(left); n++) left++;
  for (let n = 0; n < STRIP_SIDE_LINE_PX && right > left && !columnOnPanel(right); n++) right--;
  // Label rows keep a good share of panel between the glyphs; a badge or another panel covers
  // the row. A faint box behind each label (some platforms draw one) counts as panel.
  const off = new Uint8Array(bottom - top + 1);
  for (let y = top; y <= bottom; y++) {
    let k = 0;
    for (let i = y * width + left, end = y * width + right; i <= end; i++) {
      if (colourDistance(rgb[i]!, panel) <= onPanel) k++;
    }
    if (k < LABEL_ROW_PANEL_SHARE * (right - left + 1)) off[y - top] = 1;
  }
  growOverFill(r, left, right, top, bottom, panel, off);
  const rowOnPanel = (y: number) => off[y - top] === 0;
  // Bands of rows on and off the panel. A badge's text rows can show the panel colour through
  // the glyphs: a panel run shorter than the off-panel runs on both sides belongs to them.
  const runs: { start: number; end: number; panel: boolean }[] = [];
  for (let y = top; y <= bottom; y++) {
    const p = rowOnPanel(y);
    const last = runs.at(-1);
    if (last && last.panel === p) last.end = y;
    else runs.push({ start: y, end: y, panel: p });
  }
  // Two rows or fewer of one fill are a stroke or a rule, not a box.
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    if (run.panel || run.end - run.start + 1 > STROKE_MAX_ROWS) continue;
    run.panel = true;
    const prev = runs[i - 1];
    if (prev?.panel) {
      prev.end = run.end;
      runs.splice(i--, 1);
    }
    const next = runs[i + 1];
    if (next?.panel && runs[i]!.panel) {
      runs[i]!.end = next.end;
      runs.splice(i + 1, 1);
    }
  }
  for (let i = 1; i + 1 < runs.length; i++) {
    const [a, b, c] = [runs[i - 1]!, runs[i]!, runs[i + 1]!];
    const len = (x: typeof a) => x.end - x.start + 1;
    if (b.panel && !a.panel && len(b) < Math.min(len(a), len(c))) {
      runs.splice(i - 1, 3, { start: a.start, end: c.end, panel: false });
      i = Math.max(0, i - 2);
    }
  }
  const tokens: TextToken[] = [];
  for (const run of runs) {
    const { start } = run;
    const y = run.end + 1;
    const panelBand = run.panel;
    // A badge is read with as much of the panel around it as it is tall, so that it shows as a
    // filled box and is read against its own fill; labels caught in that margin are read with
    // their own band.
    const margin = panelBand ? 0 : y - start;
    const band = {
      left,
      top: Math.max(top, start - margin),
      right: right + 1,
      bottom: Math.min(bottom + 1, y + margin),
    };
    // The labels may be in a font seen only on price axes (classify.ts GlyphSet).
    for (const t of readText(image, band, 'axis')) {
      const mid = (t.box.top + t.box.bottom) / 2;
      if (mid < start || mid >= y) continue;
      tokens.push({ ...t, badge: !panelBand || t.badge === true || boxed(r, t, panel) });
    }
  }
  return tokens;
}

/**
 * Off-panel rows (`off`, per row from `top`) spread over the rows beside them that still show the
 * same fill on a good share of the strip. A badge narrower than the strip leaves panel on either
 * side, and its rounded ends and its text rows (light glyphs on a dark fill count as panel on a
 * light axis) may reach LABEL_ROW_PANEL_SHARE: the badge is then cut between an off band and a
 * panel band, and each half reads as other text (a 105 px pill in a 133 px strip: "1", "s", "9"
 * above, "W-·ww---W" below, for "0.74202"). Grown over every row its fill covers, the badge is one
 * band, read whole against its own fill. Only a run that stays a box (no taller than the strip is
 * wide) grows: a frame or a panel's edge inside the strip shows its fill beside every label.
 */
function growOverFill(
  r: Raster,
  left: number,
  right: number,
  top: number,
  bottom: number,
  panel: number,
  off: Uint8Array,
): void {
  const { width, rgb } = r;
  const span = right - left + 1;
  const onPanel = 2 * PANEL_TOLERANCE;
  // The fill of a run of off rows: its most common colour off the panel.
  const fillOf = (from: number, to: number): number => {
    const counts = new Map<number, number>();
    for (let y = from; y <= to; y++)
      for (let i = y * width + left, end = y * width + right; i <= end; i++) {
        const c = rgb[i]!;
        if (colourDistance(c, panel) > onPanel) counts.set(c, (counts.get(c) ?? 0) + 1);
      }
    let fill = panel;
    let most = 0;
    for (const [c, n] of counts) if (n > most) [fill, most] = [c, n];
    return fill;
  };
  // A row's pixels of the fill: how many, and the columns of the first and last.
  const fillIn = (y: number, fill: number): { count: number; from: number; to: number } => {
    let count = 0;
    let from = right + 1;
    let to = left - 1;
    for (let x = left, i = y * width + left; x <= right; x++, i++)
      if (colourDistance(rgb[i]!, fill) <= onPanel) {
        count++;
        if (x < from) from = x;
        to = x;
      }
    return { count, from, to };
  };
  const n = bottom - top + 1;
  const grown = off.slice();
  for (let y = 0; y < n;) {
    if (!off[y]) {
      y++;
      continue;
    }
    let end = y;
    while (end + 1 < n && off[end + 1]) end++;
    const seed = { from: y, to: end };
    y = end + 1;
    // Two rows or fewer are a stroke or a rule (see STROKE_MAX_ROWS), no box to grow.
    if (seed.to - seed.from + 1 <= STROKE_MAX_ROWS) continue;
    const fill = fillOf(top + seed.from, top + seed.to);
    // A fill near the panel's colour (a faint box, JPEG's shade of it) would take panel rows too.
    if (colourDistance(fill, panel) <= 2 * onPanel) continue;
    const middle = fillIn(top + ((seed.from + seed.to) >> 1), fill);
    const width0 = middle.to - middle.from + 1;
    // The badge's rows: the fill on a good share of the strip, across the badge's own width (a
    // toolbar or frame beside the axis fills only its own columns of the rows of the labels).
    const ofBadge = (row: number) => {
      const f = fillIn(top + row, fill);
      return f.count >= FILL_ROW_SHARE * span && f.to - f.from + 1 >= BADGE_ROW_WIDTH_SHARE * width0;
    };
    // Through rows already off too: the badge's plain rows may be off in pieces of a row or two.
    let u = seed.from;
    while (u > 0 && (off[u - 1] || ofBadge(u - 1))) u--;
    let d = seed.to;
    while (d + 1 < n && (off[d + 1] || ofBadge(d + 1))) d++;
    // A badge is wider than tall; a fill running on down the strip is a panel beside the axis.
    if (d - u + 1 <= span) grown.fill(1, u, d + 1);
  }
  off.set(grown);
}

/**
 * Text on a filled box inside a panel band (a badge narrower than the strip): the rows just
 * above and below the text are not the panel's background.
 */
function boxed(r: Raster, t: TextToken, panel: number): boolean {
  const { width, height, rgb } = r;
  let other = 0;
  let n = 0;
  for (const y of [t.box.top - 2, t.box.bottom + 1]) {
    if (y < 0 || y >= height) continue;
    for (let x = Math.max(0, t.box.left); x < Math.min(width, t.box.right); x += 2) {
      n++;
      if (colourDistance(rgb[y * width + x]!, panel) > 2 * PANEL_TOLERANCE) other++;
    }
  }
  return n > 0 && other > BOXED_SHARE * n;
}

/**
 * Reads a strip in overlapping windows a few label heights tall, each read on its own, so that
 * each label's ink threshold is set by its own neighbourhood: a bright title or toolbar icon in
 * the strip's top rows no longer raises it above faint grey labels far below. Windows are
 * `WINDOW_CAPS` label heights tall and advance by half that; a token is kept from the window
 * whose middle half holds its centre (the first and last windows keep their outer quarters too).
 */
export function readStripInWindows(
  image: RgbaImage,
  r: Raster,
  rect: PlotRect,
  capHeight: number,
  strips?: StripMemo,
): TextToken[] {
  const size = Math.max(STRIP_WINDOW_MIN_PX, Math.round(STRIP_WINDOW_CAPS * capHeight));
  const step = size >> 1;
  const out: TextToken[] = [];
  for (let y0 = rect.top; ; y0 += step) {
    const y1 = Math.min(rect.bottom, y0 + size - 1);
    const last = y1 >= rect.bottom;
    const from = y0 === rect.top ? -Infinity : y0 + step / 2;
    const to = last ? Infinity : y0 + step / 2 + step;
    const window = { left: rect.left, top: y0, right: rect.right, bottom: y1 };
    for (const t of strips ? strips.read(image, r, window) : readStrip(image, r, window)) {
      const mid = (t.box.top + t.box.bottom) / 2;
      if (mid >= from && mid < to) out.push(t);
    }
    if (last) break;
  }
  return out;
}

/**
 * readStrip with its readings kept for a second search of the same image: readPixels finds the
 * layout again once drawings are lifted off the raster, and most strips read in search of the
 * axis are read again there, their pixels untouched by the lift. A strip's reading depends on
 * the image (unchanged) and on the raster's pixels in the strip (and the two rows either side,
 * which the badge test looks at), so a strip read again is taken from the memo only when those
 * pixels are still the ones it was read from: the same tokens, without the reading's time.
 * Each hit is a copy: callers may change the tokens they are given.
 *
 * Those pixels are kept as a copy only where the raster no longer shows the image's own opaque
 * pixels there (a strip first read after a lift, across what it repainted): elsewhere (every
 * strip of the first search) the image itself holds them, and a read-only comparison with it
 * replaces the copy (a full-height strip of a 3420 x 2214 capture is 3 MB to allocate and copy,
 * ten to twenty strips per search; on Stockity's 16 strips about 0.18 s of CPU).
 */
export class StripMemo {
  /** Per strip: its tokens, and the raster's pixels they were read from (null: the image's own). */
  private readonly entries = new Map<string, { pixels: Uint32Array | null; tokens: TextToken[] }>();

  read(image: RgbaImage, r: Raster, rect: PlotRect): TextToken[] {
    const key = `${rect.left},${rect.top},${rect.right},${rect.bottom}`;
    const kept = this.entries.get(key);
    if (kept && (kept.pixels ? samePixels(kept.pixels, stripPixels(r, rect)) : showsImage(image, r, rect)))
      return kept.tokens.map(copyToken);
    const pixels = showsImage(image, r, rect) ? null : stripPixels(r, rect);
    const tokens = readStrip(image, r, rect);
    this.entries.set(key, { pixels, tokens: tokens.map(copyToken) });
    return tokens;
  }
}

/** A token's copy, its boxes and glyphs copied too. */
function copyToken(t: TextToken): TextToken {
  const copy = { ...t, box: { ...t.box } };
  if (t.glyphs)
    copy.glyphs = t.glyphs.map((g) => ({ ...g, box: { ...g.box }, features: g.features.slice() }));
  return copy;
}

/** Rows a strip's badge test looks at beyond the strip itself (boxed: two above, one below a token). */
const MEMO_MARGIN_ROWS = 2;

/** The rows and columns of the raster readStrip may look at for `rect` (inclusive). */
function stripBounds(r: Raster, rect: PlotRect) {
  return {
    top: Math.max(0, rect.top - MEMO_MARGIN_ROWS),
    bottom: Math.min(r.height - 1, rect.bottom + MEMO_MARGIN_ROWS),
    left: Math.max(0, rect.left),
    right: Math.min(r.width - 1, rect.right),
  };
}

/** The raster's pixels readStrip may look at for `rect`, row by row. */
function stripPixels(r: Raster, rect: PlotRect): Uint32Array {
  const { top, bottom, left, right } = stripBounds(r, rect);
  const w = right - left + 1;
  const out = new Uint32Array(Math.max(0, w * (bottom - top + 1)));
  for (let y = top; y <= bottom; y++)
    out.set(r.rgb.subarray(y * r.width + left, y * r.width + right + 1), (y - top) * w);
  return out;
}

/**
 * True when every pixel readStrip may look at for `rect` is the image's own, opaque and packed
 * as toRaster packs it (a pixel not fully opaque counts as changed: its packing is a blend).
 */
function showsImage(image: RgbaImage, r: Raster, rect: PlotRect): boolean {
  if (image.width !== r.width || image.height !== r.height) return false;
  const { top, bottom, left, right } = stripBounds(r, rect);
  const { rgb, width } = r;
  const { data } = image;
  for (let y = top; y <= bottom; y++)
    for (let i = y * width + left, end = y * width + right, j = i * 4; i <= end; i++, j += 4)
      if (data[j + 3] !== 255 || rgb[i] !== ((data[j]! << 16) | (data[j + 1]! << 8) | data[j + 2]!))
        return false;
  return true;
}

function samePixels(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
