import { pixelStages } from '../test-support/stages';
import { paintChart, type PaintOptions } from '../test-support/paint';
import { toRaster } from '../pixels/raster';
import { findLayout } from '../layout';
import { learnPalette, classifyInk } from '../palette';
import { extractCandles } from './extract';
import { dropLineClasses } from '../cleanup/lines';
import type { RgbaImage } from '../../core/image';
import { mixColour as mix } from '../test-support/raster';

// Busy TradingView-style charts: what sits on the plot besides the candles (price lines, a
// moving average of a nearby hue, session shading, a volume histogram in the candles' tints).

const setPixel = (img: RgbaImage, x: number, y: number, c: number) => {
  const i = (y * img.width + x) * 4;
  img.data[i] = (c >> 16) & 255;
  img.data[i + 1] = (c >> 8) & 255;
  img.data[i + 2] = c & 255;
};
const getPixel = (img: RgbaImage, x: number, y: number) => {
  const i = (y * img.width + x) * 4;
  return (img.data[i]! << 16) | (img.data[i + 1]! << 8) | img.data[i + 2]!;
};
describe('busy charts', () => {
  it('removes a dotted price line whose anti-aliased edge row lies under some dashes only (2.625x phones)', () => {
    const o: PaintOptions = { seed: 5 };
    const painted = paintChart(o);
    const bg = 0x131722;
    const bear = 0xef5350;
    const img = painted.image;
    // A dotted line 2 rows thick, drawn over the candles, with a faint third row under every
    // other dash: between candles those dashes stand as specks unless the edge goes too.
    // Above the candles (their highs start below row 45), so only the dashes make the rows.
    const y0 = 38;
    for (let x = 0; x <= painted.plotRight; x++) {
      if (x % 6 >= 3) continue;
      setPixel(img, x, y0, bear);
      setPixel(img, x, y0 + 1, bear);
      if (x % 12 < 2 && getPixel(img, x, y0 + 2) === bg) setPixel(img, x, y0 + 2, mix(bg, bear, 0.6));
    }
    const { ex } = pixelStages(img);
    // No specks left between the candles: every shape is a candle.
    expect(ex.allShapes.length).toBe(painted.candles.length);
  });

  it('does not take the anti-aliased edge of a thin line of a nearby hue for candle ink (yellow line, orange candles)', () => {
    const bg = 0x1c1c1d;
    const yellow = 0xffeb3b;
    const painted = paintChart({ background: bg, bull: 0xffffff, bear: 0xff9800, grid: null, seed: 9 });
    const img = painted.image;
    const path: [number, number][] = [];
    // A 1 px line at a slope of 0.6, anti-aliased over two rows, kept clear of the candles'
    // bodies so that only its own pixels are judged.
    for (let x = 0; x <= painted.plotRight; x++) {
      const y = 40 + x * 0.4;
      const y0 = Math.floor(y);
      const f = y - y0;
      for (const [yy, a] of [
        [y0, 1 - f],
        [y0 + 1, f],
      ] as const) {
        if (getPixel(img, x, yy) !== bg || a < 0.3) continue;
        setPixel(img, x, yy, mix(bg, yellow, a));
        path.push([x, yy]);
      }
    }
    const raster = toRaster(img);
    const layout = findLayout(raster)!;
    const palette = learnPalette(raster, layout);
    const ink = classifyInk(raster, layout, palette);
    const pw = layout.plot.right - layout.plot.left + 1;
    const onLine = path.filter(
      ([x, y]) => ink[(y - layout.plot.top) * pw + x - layout.plot.left]! !== 0,
    ).length;
    expect(path.length).toBeGreaterThan(200);
    expect(onLine).toBeLessThan(path.length * 0.05);
  });

  it('learns the candle colours under wide session shading that fills most vertical strokes', () => {
    const bg = 0x1c1c1d;
    const painted = paintChart({ background: bg, seed: 4, height: 600 });
    const layout = findLayout(toRaster(painted.image))!;
    const img = painted.image;
    // Darker session bands (a colour of their own, near the background) across the plot: every
    // column they cover is one full-height stroke, many times the candles' strokes together.
    for (let x = 0; x <= painted.plotRight; x++) {
      if (x % 40 >= 22) continue;
      for (let y = 0; y < img.height; y++) if (getPixel(img, x, y) === bg) setPixel(img, x, y, 0x0f0f0f);
    }
    const raster = toRaster(img);
    // The plot as found on the unshaded chart (the bands are what is under test, not the layout).
    const bgMask = new Uint8Array(raster.width * raster.height);
    for (let i = 0; i < bgMask.length; i++) bgMask[i] = raster.rgb[i] === bg ? 1 : 0;
    const palette = learnPalette(raster, { ...layout, bgMask }).map((k) => k.colour);
    expect(palette).toContain(0x26a69a);
    expect(palette).toContain(0xef5350);
  });

  it('keeps a candle colour that the layout took for a grid colour when it fills bodies', () => {
    const painted = paintChart({
      background: 0xffffff,
      grid: 0xf0f3fa,
      bull: 0x089981,
      bear: 0xf23645,
      seed: 3,
    });
    const raster = toRaster(painted.image);
    const layout = findLayout(raster)!;
    // Tall bull candles read as a family of vertical lines put the bull colour among the grid's.
    layout.lineColours.push(0x089981);
    const palette = learnPalette(raster, layout);
    expect(palette.map((k) => k.colour)).toContain(0x089981);
    const ink = classifyInk(raster, layout, palette);
    const ex = extractCandles(ink, layout.plot, palette, { raster, background: layout.background });
    expect(ex.candles.length).toBe(painted.candles.length);
  });

  it('keeps a class of candles that a full-width price line in its colour crosses', () => {
    const pw = 400;
    const ph = 200;
    const ink = new Uint8Array(pw * ph);
    // Class 3: candles 5 px wide every 10 px, 30-60 px tall; and one price line across the plot.
    for (let x = 0; x < pw; x += 10) {
      const top = 40 + ((x * 7) % 50);
      for (let y = top; y < top + 30 + (x % 30); y++) for (let dx = 0; dx < 5; dx++) ink[y * pw + x + dx] = 3;
    }
    for (let x = 0; x < pw; x++) ink[150 * pw + x] = 3;
    const before = ink.filter((k) => k === 3).length;
    dropLineClasses(ink, pw, ph, 3);
    expect(ink.filter((k) => k === 3).length).toBe(before);
  });

  it('clears a volume histogram in the candle tints that touches the candles above it', () => {
    const bg = 0xffffff;
    const bull = 0x089981;
    const bear = 0xf23645;
    const o: PaintOptions = { background: bg, grid: 0xf0f3fa, bull, bear, seed: 21, height: 300 };
    const painted = paintChart(o);
    const img = painted.image;
    const plotBottom = img.height - 31;
    let touching = 0;
    painted.candles.forEach((c, i) => {
      const up = c.closeY < c.openY;
      const tint = mix(bg, up ? bull : bear, 0.45);
      // Bars up to 80 px tall from the plot's bottom (every third one short); a bar that reaches
      // its candle's low stops there.
      const top = i % 3 === 2 ? plotBottom - 15 : plotBottom - 80;
      if (top <= c.lowY + 1) touching++;
      for (let y = Math.max(top, c.lowY + 1); y <= plotBottom; y++)
        for (let dx = -3; dx <= 3; dx++)
          if (getPixel(img, c.x + dx, y) === bg) setPixel(img, c.x + dx, y, tint);
    });
    expect(touching).toBeGreaterThan(5);
    const { ex } = pixelStages(img);
    expect(ex.candles.length).toBe(painted.candles.length);
    for (const p of painted.candles) {
      const c = ex.candles.reduce((a, b) => (Math.abs(b.x - p.x) < Math.abs(a.x - p.x) ? b : a));
      // The bar's tint just below a wick's last row passes for part of its ink: within a pixel.
      expect(Math.abs(c.lowY - p.lowY), `low of the candle at x=${p.x}`).toBeLessThanOrEqual(1);
      expect(Math.abs(c.highY - p.highY), `high of the candle at x=${p.x}`).toBeLessThanOrEqual(0.5);
    }
  });
});
