import sharp, { type Sharp } from 'sharp';
import type { RgbaImage } from '../../engine/core/image';

/**
 * The decoded image as sharp's input (raw RGBA, its pixels not copied). A fresh one per
 * pipeline, never `clone()`: sharp's clone structured-clones its options, the input pixels with
 * them (a 3420 x 2214 capture's 30 MB copied for every crop: 0.3-1 s of a title's OCR).
 */
export function sharpOf(image: RgbaImage): Sharp {
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 4 },
  });
}

/**
 * A box of the image in grey levels (one byte a pixel, row by row) and its most common level:
 * the background the OCR crops measure ink against (axis strips and titles are mostly empty).
 */
export async function greyBox(
  image: RgbaImage,
  box: { left: number; top: number; width: number; height: number },
): Promise<{ data: Buffer; background: number }> {
  const { data } = await sharpOf(image)
    .extract(box)
    .removeAlpha()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const counts = new Uint32Array(256);
  for (const v of data) counts[v]!++;
  let background = 0;
  for (let v = 1; v < 256; v++) if (counts[v]! > counts[background]!) background = v;
  return { data, background };
}

/**
 * The level at index floor(n * q) (at most n - 1: q = 1 is the largest) of the `n` levels counted in `counts` (0..255) in ascending
 * order, as sorting them would give (a histogram: a title's crop has ~10^5 ink pixels), or
 * null when there are none.
 */
export function levelQuantile(counts: Uint32Array, n: number, q: number): number | null {
  if (n === 0) return null;
  const k = Math.min(n - 1, Math.floor(n * q));
  for (let v = 0, seen = 0; v < counts.length; v++) if ((seen += counts[v]!) > k) return v;
  return null;
}

/** A row whose most common grey level is this far from the box's lies on another background. */
const BAND_CONTRAST = 48;
/**
 * A run of such rows this tall at least is a band of another background (a toolbar: a line of
 * text and its margins); thinner runs are rules and frames, measured against the box's background.
 */
const BAND_MIN_ROWS = 12;

/**
 * A box of the image as each pixel's distance from its background (one byte a pixel, 0 the
 * background; the `background` returned is 0). Mostly the grey-level difference from the box's
 * most common level, as greyBox measures it. In a band of another background (a dark toolbar
 * under a light browser bar), each row is measured against its own most common colour, by the
 * larger of the grey difference and the colour difference (RGB distance over √3, equal to the
 * grey difference for neutral colours): against the box's background the toolbar's white text
 * would be nearer than the toolbar itself, and text in a saturated colour of about the
 * toolbar's brightness (TradingView's active interval, blue) a grey smudge an OCR drops. Outside
 * such bands the colour term is left out: ClearType's coloured fringes would smear small titles.
 */
export async function inkDistanceBox(
  image: RgbaImage,
  box: { left: number; top: number; width: number; height: number },
): Promise<{ data: Buffer; background: number }> {
  const [{ data: rgb }, { data: grey, background: level }] = await Promise.all([
    sharpOf(image).extract(box).removeAlpha().raw().toBuffer({ resolveWithObject: true }),
    greyBox(image, box),
  ]);
  const { width, height } = box;
  const counts = new Uint32Array(256);
  const rowLevel = new Int16Array(height);
  for (let y = 0; y < height; y++) {
    counts.fill(0);
    for (let x = 0, i = y * width; x < width; x++, i++) counts[grey[i]!]!++;
    let mode = 0;
    for (let v = 1; v < 256; v++) if (counts[v]! > counts[mode]!) mode = v;
    rowLevel[y] = mode;
  }
  const banded = new Uint8Array(height);
  for (let y = 0; y < height;) {
    if (Math.abs(rowLevel[y]! - level) < BAND_CONTRAST) {
      y++;
      continue;
    }
    let end = y;
    while (end < height && Math.abs(rowLevel[end]! - level) >= BAND_CONTRAST) end++;
    if (end - y >= BAND_MIN_ROWS) banded.fill(1, y, end);
    y = end;
  }
  const out = Buffer.alloc(width * height);
  const channels: number[][] = [[], [], []];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    if (!banded[y]) {
      for (let x = 0, i = row; x < width; x++, i++) out[i] = Math.abs(grey[i]! - level);
      continue;
    }
    const own = rowLevel[y]!;
    for (const c of channels) c.length = 0;
    for (let x = 0, i = row; x < width; x++, i++)
      if (grey[i] === own) for (let c = 0; c < 3; c++) channels[c]!.push(rgb[3 * i + c]!);
    const bg = channels.map((v) => v.sort((a, b) => a - b)[v.length >> 1]!);
    for (let x = 0, i = row; x < width; x++, i++) {
      const dr = rgb[3 * i]! - bg[0]!;
      const dg = rgb[3 * i + 1]! - bg[1]!;
      const db = rgb[3 * i + 2]! - bg[2]!;
      const colour = Math.sqrt((dr * dr + dg * dg + db * db) / 3);
      out[i] = Math.min(255, Math.round(Math.max(Math.abs(grey[i]! - own), colour)));
    }
  }
  return { data: out, background: 0 };
}
