import { describe, expect, it } from 'vitest';
import { blendResidual, packedPixel, toRaster } from './raster';

describe('blendResidual', () => {
  it('is zero on the blend of two colours, ends included', () => {
    expect(blendResidual(0x089981, 0x089981, 0xf0c020)).toBe(0);
    expect(blendResidual(0xf0c020, 0x089981, 0xf0c020)).toBe(0);
    // Halfway from teal to yellow, to a level of rounding.
    expect(blendResidual(0x7cad50, 0x089981, 0xf0c020)).toBeLessThanOrEqual(1);
  });

  it('measures how far a colour stands off the blend, beyond its ends too', () => {
    // White is off the teal-yellow blend by far; a blend of white and yellow nearly as much.
    expect(blendResidual(0xffffff, 0x089981, 0xf0c020)).toBeGreaterThan(100);
    expect(blendResidual(0xf8e090, 0x089981, 0xf0c020)).toBeGreaterThan(48);
    // Past the yellow end the nearest blend is yellow itself.
    expect(blendResidual(0xffd030, 0x089981, 0xf0c020)).toBe(16);
  });
});

describe('packedPixel', () => {
  it('packs a pixel as the raster holds it, a transparent one shown on white', () => {
    const [width, height] = [200, 200];
    const data = new Uint8Array(width * height * 4).fill(255);
    data.set([0x12, 0x34, 0x56, 255, 0, 0, 0, 128, 200, 100, 50, 0]);
    const raster = toRaster({ width, height, data });
    expect([0, 4, 8].map((j) => packedPixel(data, j))).toEqual([...raster.rgb.subarray(0, 3)]);
    expect(packedPixel(data, 0)).toBe(0x123456);
    expect(packedPixel(data, 8)).toBe(0xffffff);
  });
});
