import { describe, expect, it } from 'vitest';
import { blendResidual } from './raster';

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
