import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../core/image';
import { paintChart } from '../test-support/paint';
import { candlesAfterCleanup } from '../test-support/stages';
import { toRaster } from '../pixels/raster';
import { eraseZones } from './zones';
import { findLayout } from '../layout';
import { undoXorBlocks } from './xor-blocks';
import type { PlotRect } from '../types';

/**
 * A Market Profile as MetaTrader draws it over a bar chart: a filled rectangle per time slot
 * (one bar spacing wide) and price band (5 rows), each in a colour of its own along a gradient,
 * drawn by XOR (`xor`) or opaque. Returns the image and the profile's box.
 */
function drawProfile(
  image: RgbaImage,
  left: number,
  top: number,
  xor: boolean,
): { image: RgbaImage; box: PlotRect } {
  const data = new Uint8Array(image.data);
  const heights = [150, 130, 110, 85, 60, 40, 20];
  const slot = 8;
  for (let k = 0; k < heights.length; k++) {
    for (let band = 0; band * 5 < heights[k]!; band++) {
      // Blue to red across the slots, a little greener down the bands: no two blocks alike.
      const colour = ((30 * k + 10) << 16) | ((3 * band) << 8) | (250 - 30 * k);
      for (let y = top + band * 5; y < top + Math.min(heights[k]!, band * 5 + 5); y++) {
        for (let x = left + k * slot; x < left + (k + 1) * slot; x++) {
          const i = (y * image.width + x) * 4;
          const p = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
          const out = xor ? p ^ colour : colour;
          data[i] = (out >> 16) & 255;
          data[i + 1] = (out >> 8) & 255;
          data[i + 2] = out & 255;
        }
      }
    }
  }
  const box = { left, top, right: left + heights.length * slot - 1, bottom: top + heights[0]! - 1 };
  return { image: { ...image, data }, box };
}

const readCandles = (image: RgbaImage) => candlesAfterCleanup(image, eraseZones);

// MetaTrader's green bars on black, one colour for up and down bars.
const bars = {
  height: 420,
  seed: 11,
  background: 0x000000,
  grid: null,
  bull: 0x00ff00,
  bear: 0x00ff00,
  bars: true,
  spacing: 8,
  bodyWidth: 5,
  maxWick: 20,
};

describe('histograms drawn by XOR out of narrow blocks (Market Profile)', () => {
  it('undoes the blocks: every pixel gets its colour back and the bars under them are read', () => {
    const painted = paintChart(bars);
    const plain = readCandles(painted.image);
    expect(plain.zones).toEqual([]);
    const { image, box } = drawProfile(painted.image, 117, 120, true);
    const profiled = readCandles(image);
    expect(profiled.zones.length).toBeGreaterThanOrEqual(1);
    expect(profiled.zones.every((z) => z.xor)).toBe(true);
    const original = toRaster(painted.image);
    for (let y = box.top; y <= box.bottom; y++) {
      for (let x = box.left; x <= box.right; x++) {
        const i = y * original.width + x;
        if (profiled.raster.rgb[i] !== original.rgb[i])
          throw new Error(
            `pixel ${x},${y} not restored: ${profiled.raster.rgb[i]!.toString(16)} for ${original.rgb[i]!.toString(16)}`,
          );
      }
    }
    expect(profiled.candles).toEqual(plain.candles);
  });

  it('leaves blocks drawn opaque alone: nothing XORed shows that they are a drawing', () => {
    const painted = paintChart(bars);
    const { image } = drawProfile(painted.image, 117, 120, false);
    const profiled = readCandles(image);
    expect(profiled.zones.filter((z) => z.xor)).toEqual([]);
  });

  it('leaves blocks inside a panel the layout found alone (an EA settings box over the plot)', () => {
    const painted = paintChart(bars);
    const { image, box } = drawProfile(painted.image, 117, 120, true);
    const raster = toRaster(image);
    const layout = findLayout(raster)!;
    const green = [0x00ff00];
    expect(
      undoXorBlocks(toRaster(image), { ...layout, bgMask: new Uint8Array(layout.bgMask) }, green),
    ).toHaveLength(1);
    const before = new Uint32Array(raster.rgb);
    expect(undoXorBlocks(raster, { ...layout, panels: [box] }, green)).toEqual([]);
    expect(new Uint32Array(raster.rgb)).toEqual(before);
  });

  it('leaves a candle chart in PNG alone (its bodies are blocks of colours that draw wicks)', () => {
    const painted = paintChart({
      background: 0x000000,
      bull: 0x00caff,
      bear: 0xdc143c,
      spacing: 8,
      bodyWidth: 5,
    });
    const read = readCandles(painted.image);
    expect(read.zones).toEqual([]);
  });
});
