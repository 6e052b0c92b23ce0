import { learnPalette } from './learn';
import { paintChart } from '../test-support/paint';
import { toRaster } from '../pixels/raster';
import { findLayout } from '../layout';

describe('an area fill over the candles (an EMA ribbon)', () => {
  it('is no candle colour, though it outweighs the candles', () => {
    const bull = 0x089981;
    const bear = 0xf23645;
    // Thin candles, 3 px bodies 6 px apart, as a zoomed-out daily chart draws them.
    const painted = paintChart({ bull, bear, bodyWidth: 3, spacing: 6, seed: 11 });
    const { image } = painted;
    // The bright green band between two averages, over the candles along the row, 24 px tall and
    // sloping, painted on the background only (the candles stay on top, as TradingView draws them).
    const ribbon = 0x02d16e;
    const { data, width } = image;
    const bg = (data[0]! << 16) | (data[1]! << 8) | data[2]!;
    for (let x = 30; x < painted.plotRight - 30; x++) {
      const top = 150 + Math.round(40 * Math.sin(x / 60));
      for (let y = top; y < top + 24; y++) {
        const k = (y * width + x) * 4;
        if (((data[k]! << 16) | (data[k + 1]! << 8) | data[k + 2]!) !== bg) continue;
        [data[k], data[k + 1], data[k + 2]] = [(ribbon >> 16) & 255, (ribbon >> 8) & 255, ribbon & 255];
      }
    }
    const raster = toRaster(image);
    const palette = learnPalette(raster, findLayout(raster)!).map((k) => k.colour);
    expect(palette).toEqual(expect.arrayContaining([bull, bear]));
    expect(palette).not.toContain(ribbon);
  });
});

describe('buttons drawn over the plot (MetaTrader 5 one-click trading)', () => {
  it('are no candle colours, though their flat fills outweigh thin candles', () => {
    const bull = 0x7b68ee;
    const bear = 0xdaa520;
    // Thin candles, 2 px bodies 4 px apart, as a zoomed-out chart draws them.
    const painted = paintChart({ bull, bear, bodyWidth: 2, spacing: 4, seed: 5 });
    const { image } = painted;
    const { data, width } = image;
    // A red SELL and a blue BUY button, 70 x 60 px each, in the plot's top-left corner (over
    // whatever stands there: the panel is drawn on top).
    const sell = 0xe04040;
    const buy = 0x215fe1;
    const fill = (left: number, colour: number) => {
      for (let y = 20; y < 80; y++)
        for (let x = left; x < left + 70; x++) {
          const k = (y * width + x) * 4;
          [data[k], data[k + 1], data[k + 2]] = [(colour >> 16) & 255, (colour >> 8) & 255, colour & 255];
        }
    };
    fill(20, sell);
    fill(100, buy);
    const raster = toRaster(image);
    const palette = learnPalette(raster, findLayout(raster)!).map((k) => k.colour);
    expect(palette).toEqual(expect.arrayContaining([bull, bear]));
    expect(palette).not.toContain(sell);
    expect(palette).not.toContain(buy);
  });
});
