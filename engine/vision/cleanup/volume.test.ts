import { describe, expect, it } from 'vitest';
import type { InkClass } from '../palette/palette';
import { tint } from '../palette/palette';
import type { PlotRect } from '../types';
import { PALE_OFF_MAX, PALE_WALK_OFF_MAX } from './tuning';
import { removeVolumeBars } from './volume';
import { mixColour as mix } from '../test-support/raster';

describe('removeVolumeBars', () => {
  it('clears a JPEG bar whole: past a seam of shifted hue and a stretch the classification left out', () => {
    // j177-009 (BTCUSD lwc DPR 1.5 JPEG): a pink bar's column held #e2afb4 (off 28 from the
    // white-bear line) halfway up, another's bottom 20 rows were not classified as ink; the walk
    // up from the baseline stopped there and the bars' upper parts stayed ink, read as candles.
    const bg = 0xffffff;
    const bull = 0x089981;
    const bear = 0xf23645;
    const palette: InkClass[] = [
      { colour: bull, mass: 1000 },
      { colour: bear, mass: 1000 },
    ];
    const width = 200;
    const height = 100;
    const plot: PlotRect = { left: 0, top: 0, right: width - 1, bottom: height - 1 };
    const rgb = new Uint32Array(width * height).fill(bg);
    const ink = new Uint8Array(width * height);
    const seam = 0xe2afb4;
    const off = tint(seam, bg, bear).off;
    expect(off).toBeGreaterThan(PALE_OFF_MAX);
    expect(off).toBeLessThanOrEqual(PALE_WALK_OFF_MAX);
    const bars: { left: number; top: number; k: number }[] = [];
    for (let i = 0; i < 16; i++) bars.push({ left: 4 + i * 12, top: 55 + ((i * 7) % 30), k: i % 2 ? 2 : 1 });
    for (const [i, b] of bars.entries()) {
      const colour = mix(bg, b.k === 1 ? bull : bear, 0.45);
      for (let y = b.top; y < height; y++)
        for (let x = b.left; x < b.left + 8; x++) {
          // Every bear bar has a seam row 6 rows under its top; the second bar's bottom rows are
          // not ink (their colour is still the bar's).
          rgb[y * width + x] = b.k === 2 && y === b.top + 6 ? seam : colour;
          ink[y * width + x] = i === 1 && y >= height - 20 ? 0 : b.k;
        }
    }
    // A candle standing on the fourth bar: full-strength ink, kept.
    const candle = bars[3]!;
    for (let y = 20; y < candle.top; y++)
      for (let x = candle.left + 1; x < candle.left + 7; x++) {
        rgb[y * width + x] = bear;
        ink[y * width + x] = 2;
      }
    expect(removeVolumeBars(ink, plot, palette, { width, height, rgb }, bg)).toBe(true);
    let left = 0;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const isCandle = y < candle.top && x > candle.left && x < candle.left + 7 && y >= 20;
        if (isCandle) expect(ink[y * width + x], `candle pixel ${x},${y}`).toBe(2);
        else if (ink[y * width + x]) left++;
      }
    expect(left).toBe(0);
  });

  /** A histogram of 16 bars 8 px wide on white, each `paint`ed column by column. */
  function histogram(paint: (i: number, x: number, y: number, bar: { left: number; top: number }) => number) {
    const bg = 0xffffff;
    const bear = 0xf23645;
    const palette: InkClass[] = [
      { colour: 0x089981, mass: 1000 },
      { colour: bear, mass: 1000 },
    ];
    const width = 200;
    const height = 100;
    const rgb = new Uint32Array(width * height).fill(bg);
    const ink = new Uint8Array(width * height);
    const bars: { left: number; top: number }[] = [];
    for (let i = 0; i < 16; i++) bars.push({ left: 4 + i * 12, top: 55 + ((i * 7) % 30) });
    for (const [i, b] of bars.entries())
      for (let y = b.top; y < height; y++)
        for (let x = b.left; x < b.left + 8; x++) {
          rgb[y * width + x] = paint(i, x, y, b);
          ink[y * width + x] = 2;
        }
    const plot: PlotRect = { left: 0, top: 0, right: width - 1, bottom: height - 1 };
    return { bg, bear, palette, width, height, rgb, ink, plot, bars };
  }

  it('clears a bar that runs on down through the baseline (its lowest rows not shifted)', () => {
    // j12-011 (GBPJPY lwc dark DPR 2 JPEG): a rule along the plot's bottom blurred over the
    // teal bars' last six rows, so their pale runs, and the baseline, ended six rows up; the red
    // bars kept their tint to the bottom, had no foot on that baseline and were read as candles.
    const h = histogram((i, _x, y) => (i % 4 !== 0 && y >= 94 ? 0x8080ff : mix(0xffffff, 0xf23645, 0.45)));
    expect(
      removeVolumeBars(h.ink, h.plot, h.palette, { width: h.width, height: h.height, rgb: h.rgb }, h.bg),
    ).toBe(true);
    for (const [i, b] of h.bars.entries()) {
      if (i % 4 !== 0) continue;
      for (let y = b.top; y < h.height; y++)
        for (let x = b.left; x < b.left + 8; x++)
          expect(h.ink[y * h.width + x], `bar ${i} ${x},${y}`).toBe(0);
    }
  });
});
