import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../core/image';
import { paintChart, type PaintOptions } from '../test-support/paint';
import { candlesAfterCleanup } from '../test-support/stages';
import { toRaster } from '../pixels/raster';
import { liftOverlays } from './overlays';
import { findLayout } from '../layout';
import type { PlotRect } from '../types';

interface Zone extends PlotRect {
  colour: number;
  /** Opacity of the zone's fill, as TradingView's drawings (0.2 by default). */
  alpha: number;
  border?: boolean;
}

/** Lays translucent rectangles over a painted chart, above the candles, as TradingView draws them. */
function drawZones(image: RgbaImage, zones: Zone[]): RgbaImage {
  const data = new Uint8Array(image.data);
  const blend = (x: number, y: number, colour: number, alpha: number) => {
    const i = (y * image.width + x) * 4;
    for (let ch = 0; ch < 3; ch++) {
      const c = (colour >> (16 - 8 * ch)) & 255;
      data[i + ch] = Math.round((1 - alpha) * data[i + ch]! + alpha * c);
    }
  };
  for (const z of zones) {
    for (let y = z.top; y <= z.bottom; y++) {
      for (let x = z.left; x <= z.right; x++) {
        const edge = z.border && (x === z.left || x === z.right || y === z.top || y === z.bottom);
        blend(x, y, z.colour, edge ? 1 : z.alpha);
      }
    }
  }
  return { ...image, data };
}

const readCandles = (image: RgbaImage) => candlesAfterCleanup(image, liftOverlays);

const sameCandles = (a: ReturnType<typeof readCandles>, b: ReturnType<typeof readCandles>) => {
  expect(b.candles.length).toBe(a.candles.length);
  a.candles.forEach((c, i) => {
    const d = b.candles[i]!;
    expect(Math.abs(d.x - c.x)).toBeLessThanOrEqual(0.5);
    for (const k of ['highY', 'lowY', 'bodyTop', 'bodyBottom'] as const) {
      // A wick tip under a zone's border is painted back from the row beyond: within a pixel.
      expect(Math.abs(d[k] - c[k])).toBeLessThan(1);
    }
  });
};

describe('translucent zones drawn over the candles', () => {
  for (const [theme, options] of [
    ['dark', { height: 500, seed: 3 }],
    ['light', { height: 500, seed: 5, background: 0xffffff, grid: 0xe0e3eb, bull: 0x089981, bear: 0xf23645 }],
  ] as [string, PaintOptions][]) {
    it(`reads the candles inside order-block zones and a position tool as without them (${theme})`, () => {
      const painted = paintChart(options);
      const plain = readCandles(painted.image);
      expect(plain.zones).toEqual([]);
      const right = painted.plotRight;
      const zoned = drawZones(painted.image, [
        // Zones across the candles' rows, one running to the plot's edge, one with a border.
        { left: 150, right, top: 200, bottom: 260, colour: 0x2962ff, alpha: 0.2 },
        { left: 60, right: 300, top: 280, bottom: 330, colour: 0xf23645, alpha: 0.25, border: true },
        // A position tool: stop and target boxes stacked, overlapping the blue zone.
        { left: 400, right: 520, top: 160, bottom: 229, colour: 0x089981, alpha: 0.2 },
        { left: 400, right: 520, top: 230, bottom: 290, colour: 0xf23645, alpha: 0.2 },
      ]);
      const lifted = readCandles(zoned);
      expect(lifted.zones.length).toBeGreaterThanOrEqual(4);
      // 0.8 and 0.75 for single zones, 0.64 where the position tool overlaps the blue zone.
      for (const z of lifted.zones) {
        expect(z.share).toBeGreaterThan(0.6);
        expect(z.share).toBeLessThan(0.85);
      }
      expect(lifted.plot).toEqual(plain.plot);
      sameCandles(plain, lifted);
    });
  }

  it('gives back the pixels under a zone: fill and candles alike', () => {
    const painted = paintChart({ height: 500, seed: 3 });
    const zone: Zone = { left: 150, right: 500, top: 200, bottom: 260, colour: 0x2962ff, alpha: 0.2 };
    const { raster, zones } = readCandles(drawZones(painted.image, [zone]));
    expect(zones).toHaveLength(1);
    expect(zones[0]!.share).toBeCloseTo(0.8, 1);
    const original = toRaster(painted.image);
    let worst = 0;
    for (let y = zone.top; y <= zone.bottom; y++) {
      for (let x = zone.left; x <= zone.right; x++) {
        const a = original.rgb[y * raster.width + x]!;
        const b = raster.rgb[y * raster.width + x]!;
        for (let s = 0; s <= 16; s += 8)
          worst = Math.max(worst, Math.abs(((a >> s) & 255) - ((b >> s) & 255)));
      }
    }
    // Rounding of the blend and of the lift: a level or two, never a colour of another class.
    expect(worst).toBeLessThanOrEqual(3);
  });

  it('leaves a band drawn under the candles alone (their colours show through whole)', () => {
    const bg = 0x131722;
    const painted = paintChart({ height: 500, seed: 3, background: bg });
    const img = painted.image;
    // Shading that replaces the background only, as a session band under the series does.
    for (let y = 0; y < img.height; y++) {
      for (let x = 200; x < 330; x++) {
        const i = (y * img.width + x) * 4;
        if (img.data[i] === 0x13 && img.data[i + 1] === 0x17 && img.data[i + 2] === 0x22) {
          img.data[i] = 0x1e;
          img.data[i + 1] = 0x22;
          img.data[i + 2] = 0x2d;
        }
      }
    }
    expect(readCandles(img).zones).toEqual([]);
  });
});

describe('what stands beyond the plot', () => {
  it("leaves a toolbar's grey fills alone, left of the plot's separator line, where a zone of the same fill is over the plot", () => {
    // TradingView's drawing tools stand left of the plot, on the chart's own background (the
    // background region takes them in), behind a separator line the plot's left edge was placed
    // on; their hover fills may be the grey of a zone drawn over the candles.
    const bar = 70;
    const light = {
      height: 500,
      seed: 5,
      background: 0xffffff,
      grid: 0xe0e3eb,
      bull: 0x089981,
      bear: 0xf23645,
    };
    const painted = paintChart(light);
    const { width, height } = painted.image;
    const wide = width + bar;
    const data = new Uint8Array(wide * height * 4).fill(255);
    for (let y = 0; y < height; y++) {
      data.set(painted.image.data.subarray(y * width * 4, (y + 1) * width * 4), (y * wide + bar) * 4);
      for (let x = bar - 5; x < bar - 1; x++) data.set([0xd1, 0xd4, 0xdc, 255], (y * wide + x) * 4);
    }
    const grey = 0x787b86;
    const image = drawZones({ width: wide, height, data }, [
      { left: bar + 150, right: bar + 420, top: 200, bottom: 260, colour: grey, alpha: 0.15 },
      ...[196, 214, 232, 250].map((top) => ({
        left: 12,
        right: 48,
        top,
        bottom: top + 9,
        colour: grey,
        alpha: 0.15,
      })),
    ]);
    const raster = toRaster(image);
    const found = findLayout(toRaster(paintChart(light).image))!;
    const shift = (p: PlotRect) => ({ ...p, left: p.left + bar, right: p.right + bar });
    // The layout as the labelled axis on the right places it: plot from the separator on, the
    // region from the image's left edge.
    const layout = {
      ...findLayout(raster)!,
      region: { ...shift(found.region), left: 0 },
      plot: shift(found.plot),
      axisSide: found.axisSide,
      axisStrip: shift(found.axisStrip),
    };
    expect(layout.axisSide).toBe('right');
    const zones = liftOverlays(raster, layout);
    expect(zones.length).toBeGreaterThan(0);
    for (const z of zones) expect((z.rect.left + z.rect.right) / 2).toBeGreaterThan(bar);
  });
});
