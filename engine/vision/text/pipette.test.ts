import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../core/image';
import { readText } from './read-text';
import type { Rect, TextToken } from './types';
import { decodeImage } from '../../../adapters/node/decode-image';

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;

/**
 * A price label followed by a pipette digit the way cTrader prints it: the label's own pixels,
 * then a copy of one of its digits shrunk to two thirds and dropped two px
 * below the baseline, `gap` px after the label (0: touching its last digit).
 */
function withPipette(img: RgbaImage, label: TextToken, digit: Rect, gap: number): RgbaImage {
  const pad = 12;
  const h = label.box.bottom - label.box.top;
  const dw = digit.right - digit.left;
  const dh = digit.bottom - digit.top;
  const sw = Math.max(2, Math.round((dw * 2) / 3));
  const sh = Math.round((dh * 2) / 3);
  const width = label.box.right - label.box.left + gap + sw + 2 * pad;
  const height = h + 2 * pad + 4;
  const data = new Uint8ClampedArray(width * height * 4);
  const bg = [0, 1, 2].map((c) => img.data[c]!);
  for (let i = 0; i < width * height; i++) data.set([...bg, 255], i * 4);
  const put = (x: number, y: number, rgb: number[]) => data.set([...rgb, 255], (y * width + x) * 4);
  const at = (x: number, y: number) => [0, 1, 2].map((c) => img.data[(y * img.width + x) * 4 + c]!);
  for (let y = label.box.top; y < label.box.bottom; y++)
    for (let x = label.box.left; x < label.box.right; x++)
      put(x - label.box.left + pad, y - label.box.top + pad, at(x, y));
  // The small digit: each target pixel takes the source pixel at its centre (crisp, as a
  // platform draws a small font).
  const left = pad + label.box.right - label.box.left + gap;
  const bottom = pad + h + 2;
  const bgDist = (p: number[]) => p.reduce((a, v, c) => a + Math.abs(v - bg[c]!), 0);
  for (let ty = 0; ty < sh; ty++)
    for (let tx = 0; tx < sw; tx++) {
      const rgb = at(
        digit.left + Math.floor(((tx + 0.5) * dw) / sw),
        digit.top + Math.floor(((ty + 0.5) * dh) / sh),
      );
      const x = left + tx;
      const y = bottom - sh + ty;
      // Glued: where the two overlap, the stronger ink wins.
      const old = [0, 1, 2].map((c) => data[(y * width + x) * 4 + c]!);
      put(x, y, bgDist(rgb) >= bgDist(old) ? rgb : old);
    }
  return { width, height, data };
}

// Light crops only: shrinking a dark theme's one-pixel anti-aliased strokes by sampling breaks
// them (a platform draws the small font crisp), which tests the shrinking, not the reader.
describe('pipette digits (small, dropped below the baseline after a price)', () => {
  it.each([
    ['dev-003-EURJPY-tv-light-4h-axis.png', 3],
    ['dev-003-EURJPY-tv-light-4h-axis.png', 0],
    ['dev-009-XAUUSD-tv-light-4h-axis.png', 3],
    ['dev-009-XAUUSD-tv-light-4h-axis.png', 0],
  ])('%s, %i px after the label: read as its last digit', async (file, gap) => {
    const img = await decodeImage(FIXTURES + file);
    const tokens = readText(img, { left: 0, top: 0, right: img.width, bottom: img.height });
    const label = tokens.find((t) => !t.badge && /^\d+\.\d+$/.test(t.text) && t.glyphs)!;
    expect(label).toBeDefined();
    // Every digit of the label, shrunk, must read as itself.
    const seen = new Set<string>();
    const got: string[] = [];
    const want: string[] = [];
    for (const g of label.glyphs!) {
      if (!/\d/.test(g.text) || seen.has(g.text)) continue;
      seen.add(g.text);
      const composed = withPipette(img, label, g.box, gap);
      const read = readText(composed, { left: 0, top: 0, right: composed.width, bottom: composed.height });
      got.push(read.map((t) => t.text).join(' '));
      want.push(label.text + g.text);
    }
    expect(got).toEqual(want);
  });

  it('leaves a price without one as it is', async () => {
    const img = await decodeImage(FIXTURES + 'dev-003-EURJPY-tv-light-4h-axis.png');
    const tokens = readText(img, { left: 0, top: 0, right: img.width, bottom: img.height });
    const label = tokens.find((t) => !t.badge && /^\d+\.\d+$/.test(t.text))!;
    const crop = withPipette(img, label, { left: 0, top: 0, right: 1, bottom: 1 }, 3);
    const read = readText(crop, { left: 0, top: 0, right: crop.width, bottom: crop.height });
    expect(read.map((t) => t.text)).toEqual([label.text]);
  });
});
