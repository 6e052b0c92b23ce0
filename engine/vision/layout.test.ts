import { findLayout } from './layout';
import type { Raster } from './raster';

describe('findLayout', () => {
  it('does not take vertical grid lines for a separator when there are no grid rows', () => {
    const width = 640;
    const height = 400;
    const bg = 0x172b35;
    const rgb = new Uint32Array(width * height).fill(bg);
    const fill = (l: number, t: number, r: number, b: number, c: number) => {
      for (let y = t; y <= b; y++) for (let x = l; x <= r; x++) rgb[y * width + x] = c;
    };
    // A vertical grid every 90 px, full height, and no horizontal grid.
    for (let x = 40; x < 560; x += 90) fill(x, 0, x, height - 1, 0x22384a);
    // Candles from the left edge on.
    for (let x = 6; x < 540; x += 12) {
      const top = 120 + ((x * 37) % 140);
      fill(x + 3, top - 10, x + 3, top + 50, 0x26c6da);
      fill(x, top, x + 6, top + 30, 0x26c6da);
    }
    const raster: Raster = { width, height, rgb };
    const layout = findLayout(raster)!;
    expect(layout.plot.left).toBeLessThanOrEqual(6);
  });
});
