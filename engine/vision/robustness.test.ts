import sharp from 'sharp';
import { readChart } from './read-chart';
import { isEngineError } from '../core/errors';
import type { RgbaImage } from '../core/image';
import { paintChart } from './test-support/paint';
import { decodeImage } from '../../adapters/node/decode-image';

const CODES = new Set(['INVALID_IMAGE', 'NO_CHART_FOUND', 'AXIS_UNREADABLE', 'TOO_FEW_CANDLES']);

let seed = 12345;
const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const int = (n: number) => Math.floor(rnd() * n);

function image(
  width: number,
  height: number,
  fill: (x: number, y: number, px: Uint8Array) => void,
): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  const px = new Uint8Array(4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      px[3] = 255;
      fill(x, y, px);
      data.set(px, (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

/** Only a typed refusal or a reading made of finite, consistent numbers is acceptable. */
function expectSafe(img: RgbaImage, label: string) {
  let reading;
  try {
    reading = readChart(img);
  } catch (e) {
    expect(isEngineError(e), `${label}: ${String(e)}`).toBe(true);
    expect(CODES.has((e as { code: string }).code), label).toBe(true);
    expect((e as Error).message.length, label).toBeGreaterThan(10);
    return;
  }
  const json = JSON.parse(JSON.stringify(reading)) as typeof reading;
  expect(json).toEqual(reading);
  for (const c of reading.candles) {
    for (const v of [c.x, c.open, c.high, c.low, c.close]) expect(Number.isFinite(v), label).toBe(true);
    expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
    expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
  }
  for (const v of [
    reading.confidence,
    reading.priceScale.slope,
    reading.priceScale.intercept,
    reading.barSpacing,
  ]) {
    expect(Number.isFinite(v), label).toBe(true);
  }
}

describe('readChart robustness: typed errors or finite readings, never a crash or NaN', () => {
  it('survives random noise, solid colours, stripes and gradients at many sizes', () => {
    for (let i = 0; i < 160; i++) {
      const w = [1, 2, 47, 48, 64, 120, 333, 500][int(8)]!;
      const h = [1, 3, 48, 50, 90, 240, 401][int(7)]!;
      const kind = i % 5;
      const c = [int(256), int(256), int(256)];
      const img = image(w, h, (x, y, px) => {
        if (kind === 0) px.set([int(256), int(256), int(256), int(256)]);
        else if (kind === 1) px.set([c[0]!, c[1]!, c[2]!, 255]);
        else if (kind === 2) px.set((x >> 2) % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255]);
        else if (kind === 3) px.set((y % 7) * (x % 5) === 0 ? [38, 166, 154, 255] : [19, 23, 34, 255]);
        else px.set([(x * 255) / w, (y * 255) / h, 128, 255]);
      });
      expectSafe(img, `pattern ${kind} ${w}x${h}`);
    }
  });

  it('survives mutated charts: noise, blotches, cropped and transparent pixels', () => {
    for (let i = 0; i < 60; i++) {
      const { image: img } = paintChart({
        width: 200 + int(400),
        height: 150 + int(300),
        spacing: 3 + int(12),
        bodyWidth: 1 + int(3) * 2,
        seed: i + 1,
        bars: i % 7 === 0,
        priceLine: i % 3 === 0,
      });
      const d = img.data as Uint8Array;
      const mutation = i % 4;
      for (let k = 0; k < 2000; k++) {
        const p = int(img.width * img.height) * 4;
        if (mutation === 0) d[p + int(3)] = int(256);
        else if (mutation === 1) d.fill(int(256), p, Math.min(d.length, p + 4 * int(200)));
        else if (mutation === 2) d[p + 3] = int(256);
      }
      if (mutation === 3) {
        const h = Math.max(1, Math.floor(img.height * rnd()));
        expectSafe({ width: img.width, height: h, data: d.subarray(0, img.width * h * 4) }, `crop ${i}`);
      } else expectSafe(img, `mutation ${mutation} #${i}`);
    }
  });

  it('refuses malformed pixel buffers and absurd sizes as INVALID_IMAGE', () => {
    const bad: unknown[] = [
      { width: 10, height: 10, data: new Uint8Array(399) },
      { width: 0, height: 10, data: new Uint8Array(0) },
      { width: -5, height: 10, data: new Uint8Array(0) },
      { width: 1.5, height: 2, data: new Uint8Array(12) },
      { width: 100000, height: 100000, data: new Uint8Array(16) },
      { width: 10, height: 10, data: [1, 2, 3] },
      null,
    ];
    for (const b of bad) {
      expect(() => readChart(b as RgbaImage)).toThrow(expect.objectContaining({ code: 'INVALID_IMAGE' }));
    }
  });

  it('handles a very wide and a very tall capture without hanging', () => {
    expectSafe(paintChart({ width: 6000, height: 120, seed: 3 }).image, 'wide');
    expectSafe(paintChart({ width: 120, height: 4000, seed: 4, spacing: 5, bodyWidth: 3 }).image, 'tall');
  });

  it('decodes truncated and non-image files to INVALID_IMAGE', async () => {
    const { image: img } = paintChart({ width: 300, height: 200 });
    const raw = { raw: { width: img.width, height: img.height, channels: 4 as const } };
    const png = await sharp(Buffer.from(img.data), raw).png().toBuffer();
    const jpeg = await sharp(Buffer.from(img.data), raw).jpeg().toBuffer();
    for (const file of [png, jpeg]) {
      for (const cut of [8, 33, 100, Math.floor(file.length / 2), file.length - 20]) {
        const result = await decodeImage(new Uint8Array(file.subarray(0, cut))).then(
          (decoded) => {
            expectSafe(decoded, `truncated at ${cut}`);
            return 'decoded';
          },
          (e: unknown) => (isEngineError(e) ? e.code : String(e)),
        );
        expect(['INVALID_IMAGE', 'decoded']).toContain(result);
      }
    }
    await expect(decodeImage(new TextEncoder().encode('not an image at all'))).rejects.toMatchObject({
      code: 'INVALID_IMAGE',
    });
    await expect(decodeImage('/nonexistent/chart.png')).rejects.toMatchObject({ code: 'INVALID_IMAGE' });
    const decoded = await decodeImage(new Uint8Array(png));
    expect(decoded.width).toBe(300);
    expect(decoded.data.length).toBe(300 * 200 * 4);
  });
});
