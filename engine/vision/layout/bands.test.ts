import { describe, expect, it } from 'vitest';
import { eraseBands } from './bands';
import type { Layout } from './find-layout';
import type { Raster } from '../pixels/raster';

/** A 100x100 plot on navy with a grey band (rows 20-49), a 6-row black rule and a green bar. */
function banded(): { raster: Raster; layout: Layout } {
  const width = 100;
  const height = 100;
  const bg = 0x191970;
  const rgb = new Uint32Array(width * height).fill(bg);
  for (let y = 20; y < 50; y++) rgb.fill(0x696969, y * width, (y + 1) * width);
  for (let y = 60; y < 66; y++) rgb.fill(0x000000, y * width, (y + 1) * width);
  // A bar stem crossing the band and the rule.
  for (let y = 10; y < 80; y++) rgb[y * width + 50] = 0x00ff00;
  const bgMask = new Uint8Array(width * height);
  for (let i = 0; i < rgb.length; i++) bgMask[i] = rgb[i] === bg ? 1 : 0;
  const raster = { width, height, rgb } as Raster;
  const layout = {
    plot: { left: 0, top: 0, right: 99, bottom: 99 },
    background: bg,
    bgMask,
  } as unknown as Layout;
  return { raster, layout };
}

describe('eraseBands', () => {
  it('paints an opaque band and a thick rule in the background, and keeps the bar over them', () => {
    const { raster, layout } = banded();
    expect(eraseBands(raster, layout)).toBe(36);
    expect(raster.rgb[30 * 100 + 10]).toBe(0x191970);
    expect(raster.rgb[62 * 100 + 10]).toBe(0x191970);
    expect(layout.bgMask[30 * 100 + 10]).toBe(1);
    for (const y of [15, 30, 62, 75]) expect(raster.rgb[y * 100 + 50]).toBe(0x00ff00);
  });

  it('leaves a thin line and a plain plot alone', () => {
    const { raster, layout } = banded();
    raster.rgb.fill(0x191970);
    layout.bgMask.fill(1);
    for (let y = 40; y < 43; y++) {
      raster.rgb.fill(0x808080, y * 100, (y + 1) * 100);
      layout.bgMask.fill(0, y * 100, (y + 1) * 100);
    }
    expect(eraseBands(raster, layout)).toBe(0);
    expect(raster.rgb[41 * 100 + 5]).toBe(0x808080);
  });
});
