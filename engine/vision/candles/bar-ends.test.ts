import { describe, expect, it } from 'vitest';
import { lowsOfLightweightBars } from './bar-ends';
import { refineCandle } from './edges';
import type { PixelCandle } from './types';

/**
 * A bar's stem painted as Lightweight Charts' bars renderer paints it (rows round(high) - a to
 * round(low) + a - 1, `width` columns, a = floor(width / 2)), read as refineAll reads a bar's
 * stem (refineCandle with the stem's width for the rendering pixel), then given its low.
 */
function readLow(high: number, low: number, width: number): number {
  const bg = 0x131722;
  const ink = 0x26a69a;
  const a = Math.floor(width / 2);
  const w = 11;
  const h = 40;
  const rgb = new Uint32Array(w * h).fill(bg);
  for (let y = high - a; y <= low + a - 1; y++)
    for (let x = 5 - a; x < 5 - a + width; x++) rgb[y * w + x] = ink;
  const stem: PixelCandle = {
    x: 5,
    left: 5 - a,
    right: 5 - a + width - 1,
    highY: high - a,
    lowY: low + a - 1,
    bodyTop: high - a,
    bodyBottom: low + a - 1,
    fill: 1,
    direction: 0,
    ambiguous: true,
    stemLeft: 5 - a,
    stemRight: 5 - a + width - 1,
  };
  const read = refineCandle(
    { raster: { width: w, height: h, rgb }, background: bg },
    stem,
    ink,
    ink,
    [],
    width,
  );
  return lowsOfLightweightBars([{ ...stem, ...read }], width)[0]!.lowY;
}

describe('lowsOfLightweightBars', () => {
  it.each([1, 2, 4])("puts the low of a %i px stem on the low's row", (width) => {
    expect(readLow(8, 30, width)).toBeCloseTo(30, 5);
  });

  it('moves copies, alternatives too, and leaves the extraction as it was', () => {
    const bar: PixelCandle = {
      x: 5,
      left: 5,
      right: 5,
      highY: 8,
      lowY: 29,
      bodyTop: 8,
      bodyBottom: 29,
      fill: 1,
      direction: 0,
      ambiguous: true,
      stemLeft: 5,
      stemRight: 5,
    };
    const withAlternative = { ...bar, alternative: { ...bar, lowY: 20 } };
    const [moved] = lowsOfLightweightBars([withAlternative], 1);
    expect(moved!.lowY).toBe(30);
    expect(moved!.alternative!.lowY).toBe(21);
    expect(withAlternative.lowY).toBe(29);
    expect(withAlternative.alternative.lowY).toBe(20);
  });
});
