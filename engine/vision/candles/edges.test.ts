import { strokeWidth } from './edges';

/** One row of pixels: the background with the ink blended in at the given shares. */
function row(bg: number, ink: number, shares: number[]) {
  const mix = (s: number) => {
    let c = 0;
    for (const sh of [16, 8, 0]) {
      const b = (bg >> sh) & 255;
      const i = (ink >> sh) & 255;
      c |= Math.round(b + (i - b) * s) << sh;
    }
    return c;
  };
  return {
    raster: { width: shares.length, height: 1, rgb: Uint32Array.from(shares.map(mix)) },
    background: bg,
  };
}

describe('strokeWidth', () => {
  it('sums the ink shares of a stroke and its blended flanks', () => {
    const s = row(0xffffff, 0x089981, [0, 0, 0.5, 1, 0.5, 0, 0]);
    expect(strokeWidth(s, 3, 0, 0x089981)).toBeCloseTo(2, 1);
  });

  it("stops at a neighbouring stroke: a share that rises again outward is the next wick's", () => {
    // A dense JPEG chart: the next wick stands 2 px away, JPEG's blur left 0.15 between them.
    const s = row(0xffffff, 0x089981, [0, 0, 0.15, 1, 0.15, 1, 0.15, 0]);
    expect(strokeWidth(s, 3, 0, 0x089981)).toBeCloseTo(1.3, 1);
  });
});
