import { describe, expect, it } from 'vitest';
import { solidRaster } from '../test-support/raster';
import { followEdgeColumn } from './edge-column';
import type { PixelCandle } from './types';

const FRAME = 0xffffff;
const BG = 0xb8bcc4;
const EDGE = 0xdadcdf; // half frame, half background: the pane's anti-aliased edge
const INK = 0x000000;
const WICK_IN_EDGE = 0xa2a2a3; // the wick, half covered by the frame

/**
 * A 40x300 raster: frame columns 0..5, the blended edge column 6, the plot from column 7 (rows
 * 10..290). The first candle's body fills columns 7..8, rows 50..55; its wick runs only in the
 * edge column, rows 30..70 (the top row 30 a lighter blend: 0.5 of the ink).
 * `edge`: the edge column's usual colour (a dark line there is no blend of frame and background).
 */
function paint(edge = EDGE) {
  const width = 40;
  const height = 300;
  const { raster, set } = solidRaster(width, height, FRAME);
  for (let y = 10; y <= 290; y++) {
    set(6, y, edge);
    for (let x = 7; x < width; x++) set(x, y, BG);
  }
  for (let y = 31; y <= 70; y++) set(6, y, WICK_IN_EDGE);
  set(6, 30, 0xbebfc1); // half way between the edge and the wick's colour
  for (let y = 50; y <= 55; y++) for (let x = 6; x <= 8; x++) set(x, y, x === 6 ? 0x868686 : INK);
  const candle: PixelCandle = {
    x: 7.5,
    left: 7,
    right: 8,
    highY: 50,
    lowY: 55,
    bodyTop: 50,
    bodyBottom: 55,
    fill: 1,
    direction: -1,
    ambiguous: true,
    stemLeft: 7,
    stemRight: 8,
  };
  return { raster, candle, plot: { left: 7, top: 10, right: width - 1, bottom: 290 } };
}

describe('followEdgeColumn', () => {
  it("follows the first candle's wick into the plot's blended edge column", () => {
    const { raster, candle, plot } = paint();
    expect(followEdgeColumn([candle], raster, plot, BG)).toBe(1);
    expect(candle.highY).toBeCloseTo(30.5, 1);
    expect(candle.lowY).toBeCloseTo(70, 5);
    expect(candle.bodyTop).toBe(50);
  });

  it('leaves the candle alone where the column outside the plot is no blend of frame and background', () => {
    const { raster, candle, plot } = paint(0x404040);
    expect(followEdgeColumn([candle], raster, plot, BG)).toBe(0);
    expect(candle.highY).toBe(50);
    expect(candle.lowY).toBe(55);
  });

  it('leaves a candle alone that does not stand on the edge', () => {
    const { raster, candle, plot } = paint();
    candle.left = 9;
    expect(followEdgeColumn([candle], raster, plot, BG)).toBe(0);
    expect(candle.highY).toBe(50);
  });
});
