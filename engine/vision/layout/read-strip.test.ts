import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../core/image';
import { toRaster } from '../pixels/raster';
import { readStrip, readStripInWindows, StripMemo } from './read-strip';
import { decodeImage } from '../../../adapters/node/decode-image';

const FIXTURES = new URL('../text/fixtures/', import.meta.url).pathname;

/**
 * The axis crop with its labels faded halfway to the background (grey labels) and, when `title`,
 * a block of the strongest ink (white on dark, black on light) in its top rows (a title or a
 * toolbar icon in the same column).
 */
function faded(img: RgbaImage, title: boolean): RgbaImage {
  const data = new Uint8ClampedArray(img.data);
  const bg = [0, 1, 2].map((c) => img.data[c]!);
  for (let i = 0; i < data.length; i += 4)
    for (let c = 0; c < 3; c++) data[i + c] = Math.round((data[i + c]! + bg[c]!) / 2);
  if (title)
    for (let y = 2; y < 12; y++)
      for (let x = 4; x < img.width - 4; x++)
        data.set([...bg.map((v) => (v < 128 ? 255 : 0)), 255], (y * img.width + x) * 4);
  return { width: img.width, height: img.height, data };
}

const labels = (tokens: { text: string; badge?: boolean }[]) =>
  tokens.filter((t) => !t.badge && /^\d+\.\d+$/.test(t.text)).map((t) => t.text);

describe('readStripInWindows', () => {
  it.each(['dev-000-EURUSD-tv-dark-15m-axis.png'])(
    'reads what readStrip reads on a plain axis, and the faint labels under a strong title too (%s)',
    async (file) => {
      const img = await decodeImage(FIXTURES + file);
      const rect = { left: 0, top: 0, right: img.width - 1, bottom: img.height - 1 };
      const plain = faded(img, false);
      const expected = labels(readStrip(plain, toRaster(plain), rect));
      expect(expected.length).toBeGreaterThanOrEqual(2);
      expect(labels(readStripInWindows(plain, toRaster(plain), rect, 8))).toEqual(expected);
      const titled = faded(img, true);
      // Read whole, the title's ink sets the threshold above the faint labels: some are lost.
      expect(labels(readStrip(titled, toRaster(titled), rect))).not.toEqual(expected);
      expect(labels(readStripInWindows(titled, toRaster(titled), rect, 8))).toEqual(expected);
    },
  );
});

describe('StripMemo', () => {
  it('gives a strip read again what readStrip reads, from the memo only while its raster pixels are unchanged', async () => {
    const img = await decodeImage(FIXTURES + 'dev-000-EURUSD-tv-dark-15m-axis.png');
    const rect = { left: 0, top: 0, right: img.width - 1, bottom: img.height - 1 };
    const r = toRaster(img);
    const memo = new StripMemo();
    const first = memo.read(img, r, rect);
    expect(first).toEqual(readStrip(img, r, rect));
    expect(labels(first).length).toBeGreaterThanOrEqual(2);
    // The caller's changes to its tokens do not reach the memo.
    first[0]!.text = 'changed';
    first[0]!.box.top = -1;
    expect(memo.read(img, r, rect)).toEqual(readStrip(img, r, rect));
    // A lift that repaints the rows of a label on the raster (another fill there: the label is
    // read as on a badge) makes the strip read afresh.
    const before = readStrip(img, r, rect);
    const label = before.find((t) => !t.badge)!;
    for (let y = label.box.top - 1; y <= label.box.bottom; y++)
      r.rgb.fill(0xc03030, y * r.width, (y + 1) * r.width);
    const fresh = readStrip(img, r, rect);
    expect(fresh).not.toEqual(before);
    expect(memo.read(img, r, rect)).toEqual(fresh);
    // Read again over the repainted pixels (kept as a copy, the image no longer shows them).
    expect(memo.read(img, r, rect)).toEqual(fresh);
    // A second repaint of the same rows makes the strip read afresh again.
    for (let y = label.box.top - 1; y <= label.box.bottom; y++)
      r.rgb.fill(0x30c030, y * r.width, (y + 1) * r.width);
    expect(memo.read(img, r, rect)).toEqual(readStrip(img, r, rect));
  });
});

describe('readStrip, badges narrower than the strip', () => {
  /**
   * The light axis crop with one label turned into a price tag: a grey box around it, narrower
   * than the strip, its digits in white, which is within the panel's tolerance on a light axis
   * (as broker platforms draw their last-price pills). The box's rows then keep about a quarter
   * of panel, and its text rows more.
   */
  async function tagged(): Promise<{ img: RgbaImage; text: string; top: number; bottom: number }> {
    const plain = await decodeImage(FIXTURES + 'dev-003-EURJPY-tv-light-4h-axis.png');
    const rect = { left: 0, top: 0, right: plain.width - 1, bottom: plain.height - 1 };
    const label = readStrip(plain, toRaster(plain), rect).filter(
      (t) => !t.badge && /^\d+\.\d+$/.test(t.text),
    )[1]!;
    const data = new Uint8ClampedArray(plain.data);
    const bg = [0, 1, 2].map((c) => plain.data[c]!);
    const h = label.box.bottom - label.box.top;
    const top = label.box.top - Math.round(0.8 * h);
    const bottom = label.box.bottom + Math.round(0.8 * h);
    const margin = Math.max(0, Math.round((plain.width - 0.78 * plain.width) / 2));
    for (let y = top; y < bottom; y++)
      for (let x = margin; x < plain.width - margin; x++) {
        const i = (y * plain.width + x) * 4;
        const ink = [0, 1, 2].reduce((d, c) => Math.max(d, Math.abs(plain.data[i + c]! - bg[c]!)), 0);
        const inLabel =
          y >= label.box.top && y < label.box.bottom && x >= label.box.left && x < label.box.right;
        // The digits white over the grey fill, as the glyph's own coverage blends them.
        const share = inLabel ? Math.min(1, ink / 128) : 0;
        data.set(
          [0x78, 0x7b, 0x86].map((v) => Math.round(v + share * (255 - v))),
          i,
        );
      }
    return { img: { width: plain.width, height: plain.height, data }, text: label.text, top, bottom };
  }

  it('reads the tag whole, as a badge, where its rows stay near the panel share', async () => {
    const { img, text, top, bottom } = await tagged();
    const rect = { left: 0, top: 0, right: img.width - 1, bottom: img.height - 1 };
    const onTag = readStrip(img, toRaster(img), rect).filter((t) => t.box.bottom > top && t.box.top < bottom);
    expect(onTag.map((t) => [t.text, t.badge])).toEqual([[text, true]]);
  });
});
