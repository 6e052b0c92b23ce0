import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../core/image';
import { paintChart } from '../test-support/paint';
import { candlesAfterCleanup } from '../test-support/stages';
import { toRaster } from '../pixels/raster';
import { findLayout } from '../layout';
import { eraseZones } from './zones';
import type { PlotRect } from '../types';

interface Zone extends PlotRect {
  colour: number;
  /** How it is drawn: XOR over the chart (MetaTrader), opaque over it, or under the candles. */
  mode: 'xor' | 'over' | 'under';
}

/** Draws filled rectangles over (or under) a painted chart whose background is `bg`. */
function drawZones(image: RgbaImage, bg: number, zones: Zone[]): RgbaImage {
  const data = new Uint8Array(image.data);
  for (const z of zones) {
    const mask = (z.colour ^ bg) & 0xffffff;
    for (let y = z.top; y <= z.bottom; y++) {
      for (let x = z.left; x <= z.right; x++) {
        const i = (y * image.width + x) * 4;
        const p = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
        const out = z.mode === 'xor' ? p ^ mask : z.mode === 'over' || p === bg ? z.colour : p;
        data[i] = (out >> 16) & 255;
        data[i + 1] = (out >> 8) & 255;
        data[i + 2] = out & 255;
      }
    }
  }
  return { ...image, data };
}

const readCandles = (image: RgbaImage) => candlesAfterCleanup(image, eraseZones);

const light = { height: 500, seed: 5, background: 0xffffff, grid: 0xe0e3eb, bull: 0x089981, bear: 0xf23645 };

describe('filled zones drawn over the plot', () => {
  it('undoes zones drawn by XOR: every pixel gets its colour back', () => {
    const painted = paintChart(light);
    const plain = readCandles(painted.image);
    expect(plain.zones).toEqual([]);
    const zones: Zone[] = [
      { left: 120, right: 250, top: 150, bottom: 230, colour: 0x1e90ff, mode: 'xor' },
      // One as narrow as a candle, found once the fill is known to be XOR-drawn.
      { left: 330, right: 341, top: 200, bottom: 300, colour: 0x1e90ff, mode: 'xor' },
      { left: 420, right: painted.plotRight, top: 260, bottom: 300, colour: 0x1e90ff, mode: 'xor' },
    ];
    const zoned = readCandles(drawZones(painted.image, 0xffffff, zones));
    expect(zoned.zones.length).toBeGreaterThanOrEqual(3);
    expect(zoned.zones.every((z) => z.xor)).toBe(true);
    const original = toRaster(painted.image);
    for (const z of zones) {
      for (let y = z.top; y <= z.bottom; y++) {
        for (let x = z.left; x <= z.right; x++) {
          const i = y * original.width + x;
          if (zoned.raster.rgb[i] !== original.rgb[i])
            throw new Error(
              `pixel ${x},${y} not restored: ${zoned.raster.rgb[i]!.toString(16)} for ${original.rgb[i]!.toString(16)} ${JSON.stringify(zoned.zones)}`,
            );
        }
      }
    }
    expect(zoned.candles).toEqual(plain.candles);
  });

  it('paints an opaque zone under the candles in the background: the palette learns the candles', () => {
    const painted = paintChart(light);
    const plain = readCandles(painted.image);
    const zoned = readCandles(
      drawZones(painted.image, 0xffffff, [
        { left: 100, right: 400, top: 120, bottom: 260, colour: 0xffd180, mode: 'under' },
      ]),
    );
    expect(zoned.zones).toHaveLength(1);
    expect(zoned.zones[0]!.xor).toBe(false);
    expect(zoned.palette.map((p) => p.colour).sort()).toEqual(plain.palette.map((p) => p.colour).sort());
    expect(zoned.candles.length).toBe(plain.candles.length);
    zoned.candles.forEach((c, i) => {
      const d = plain.candles[i]!;
      expect(c.x).toBe(d.x);
      for (const k of ['highY', 'lowY', 'bodyTop', 'bodyBottom'] as const)
        expect(Math.abs(c[k] - d[k])).toBeLessThan(1);
    });
  });

  it('erases an opaque zone over the candles; the candles beside it are read as before', () => {
    const painted = paintChart({ height: 500, seed: 3 });
    const plain = readCandles(painted.image);
    const zone: Zone = { left: 200, right: 320, top: 150, bottom: 250, colour: 0x5d4037, mode: 'over' };
    const zoned = readCandles(drawZones(painted.image, 0x131722, [zone]));
    expect(zoned.zones.map((z) => z.xor)).toEqual([false]);
    expect(zoned.palette.some((p) => Math.abs(((p.colour >> 16) & 255) - 0x5d) < 12)).toBe(false);
    // Every candle clear of the zone's columns is read as on the plain chart.
    const clear = plain.candles.filter((c) => c.x < zone.left - 6 || c.x > zone.right + 6);
    for (const c of clear) {
      const d = zoned.candles.find((d) => Math.abs(d.x - c.x) < 0.5);
      expect(d).toBeDefined();
      expect(Math.abs(d!.highY - c.highY)).toBeLessThan(1);
      expect(Math.abs(d!.lowY - c.lowY)).toBeLessThan(1);
    }
  });

  it('never takes a box in a colour that draws wicks for a zone (a trader blacking out the chart)', () => {
    const painted = paintChart({ ...light, bull: 0x000000, bear: 0x000000 });
    const zoned = readCandles(
      drawZones(painted.image, 0xffffff, [
        { left: 300, right: 500, top: 100, bottom: 300, colour: 0, mode: 'over' },
      ]),
    );
    expect(zoned.zones).toEqual([]);
  });

  it('leaves a plain chart alone', () => {
    for (const options of [light, { height: 500, seed: 3 }]) {
      const painted = paintChart(options);
      const raster = toRaster(painted.image);
      const before = raster.rgb.slice();
      expect(eraseZones(raster, findLayout(raster)!)).toEqual([]);
      // (Counted, not compared with toEqual: a deep compare of a raster takes seconds.)
      expect(raster.rgb.filter((c, i) => c !== before[i]).length).toBe(0);
    }
  });
});
