import { describe, expect, it } from 'vitest';
import { solidRaster } from '../test-support/raster';
import { followClipped } from './clipped';
import type { PixelCandle } from './types';

const BG = 0xffffff;
const RED = 0xf23645;
const VOLUME = 0xf7aaa7;

/**
 * A 60x100 raster: the plot ends at row 60, a pale volume bar fills rows 55..99; a red candle
 * (columns 20..28, stem 24) has its body to row 64 and its wick on to row 72, over the bar.
 * `rule`: a red rule across row `rule` (a line, not the wick).
 */
function paint(rule?: number) {
  const width = 60;
  const height = 100;
  const { raster, set } = solidRaster(width, height, BG);
  for (let y = 55; y < height; y++) for (let x = 10; x < 40; x++) set(x, y, VOLUME);
  for (let y = 30; y <= 64; y++) for (let x = 20; x <= 28; x++) set(x, y, RED);
  for (let y = 20; y <= 72; y++) if (y < 30 || y > 64) set(24, y, RED);
  if (rule !== undefined) for (let x = 0; x < width; x++) set(x, rule, RED);
  const candle: PixelCandle = {
    x: 24,
    left: 20,
    right: 28,
    highY: 20,
    lowY: 60,
    bodyTop: 30,
    bodyBottom: 60,
    fill: 1,
    direction: -1,
    ambiguous: false,
    stemLeft: 24,
    stemRight: 24,
  };
  return { raster, candle, plot: { left: 0, top: 10, right: width - 1, bottom: 60 } };
}

describe('followClipped', () => {
  it('follows a candle cut by the plot bottom over the volume bar to its wick end', () => {
    const { raster, candle, plot } = paint();
    expect(followClipped([candle], raster, plot)).toBe(1);
    expect(candle.bodyBottom).toBe(64);
    expect(candle.lowY).toBe(72);
    expect(candle.highY).toBe(20);
  });

  it('goes on under a rule the wick crosses, not along one below its end; leaves others alone', () => {
    const crossed = paint(68);
    followClipped([crossed.candle], crossed.raster, crossed.plot);
    expect(crossed.candle.lowY).toBe(72);
    const below = paint(74);
    followClipped([below.candle], below.raster, below.plot);
    expect(below.candle.lowY).toBe(72);
    const clear = paint();
    clear.candle.lowY = 50;
    clear.candle.bodyBottom = 50;
    expect(followClipped([clear.candle], clear.raster, clear.plot)).toBe(0);
    expect(clear.candle.lowY).toBe(50);
  });
});
