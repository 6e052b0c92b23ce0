import { describe, expect, it } from 'vitest';
import { endsOfMetaTraderPens, lowsOfLightweightBars } from './bar-ends';
import { refineCandle } from './edges';
import type { PixelCandle } from './types';

/**
 * A bar's stem painted over rows `top` to `bottom`, `width` columns from column `left`, read as
 * refineAll reads a bar's stem (refineCandle with the stem's width for the rendering pixel).
 */
function readStem(top: number, bottom: number, left: number, width: number): PixelCandle {
  const bg = 0x131722;
  const ink = 0x26a69a;
  const w = 11;
  const h = 40;
  const rgb = new Uint32Array(w * h).fill(bg);
  for (let y = top; y <= bottom; y++) for (let x = left; x < left + width; x++) rgb[y * w + x] = ink;
  const stem: PixelCandle = {
    x: 5,
    left,
    right: left + width - 1,
    highY: top,
    lowY: bottom,
    bodyTop: top,
    bodyBottom: bottom,
    fill: 1,
    direction: 0,
    ambiguous: true,
    stemLeft: left,
    stemRight: left + width - 1,
  };
  const read = refineCandle(
    { raster: { width: w, height: h, rgb }, background: bg },
    stem,
    ink,
    ink,
    [],
    width,
  );
  return { ...stem, ...read };
}

/**
 * The low of a stem painted as Lightweight Charts' bars renderer paints it (rows round(high) - a
 * to round(low) + a - 1, a = floor(width / 2)), given its low.
 */
function readLow(high: number, low: number, width: number): number {
  const a = Math.floor(width / 2);
  return lowsOfLightweightBars([readStem(high - a, low + a - 1, 5 - a, width)], width)[0]!.lowY;
}

/** A 1 px bar read from rows 8 to 29 at column 5 (no body: high to low). */
const stemBar: PixelCandle = {
  x: 5,
  left: 5,
  right: 5,
  highY: 8,
  lowY: 29,
  bodyTop: 8,
  bodyBottom: 29,
  fill: 1,
  direction: 0,
  ambiguous: true,
  stemLeft: 5,
  stemRight: 5,
};

describe('lowsOfLightweightBars', () => {
  it.each([1, 2, 4])("puts the low of a %i px stem on the low's row", (width) => {
    expect(readLow(8, 30, width)).toBeCloseTo(30, 5);
  });

  it('moves copies, alternatives too, and leaves the extraction as it was', () => {
    const bar = stemBar;
    const withAlternative = { ...bar, alternative: { ...bar, lowY: 20 } };
    const [moved] = lowsOfLightweightBars([withAlternative], 1);
    expect(moved!.lowY).toBe(30);
    expect(moved!.alternative!.lowY).toBe(21);
    expect(withAlternative.lowY).toBe(29);
    expect(withAlternative.alternative.lowY).toBe(20);
  });
});

/**
 * The low of a stem painted as MetaTrader paints it at a pixel ratio of `width` (rows high through
 * low: a pen that wide ending on the low's row), given MetaTrader's ends.
 */
function readMetaTraderLow(high: number, low: number, width: number): number {
  return endsOfMetaTraderPens([readStem(high, low, 5, width)], width, 'bars')[0]!.lowY;
}

describe('endsOfMetaTraderPens', () => {
  it.each([1, 2, 3])('puts the low of a %i px MetaTrader stem on its last row', (width) => {
    expect(readMetaTraderLow(8, 30, width)).toBeCloseTo(30, 5);
  });

  it("moves a candle's low and body bottom, a bar's low only, in copies (alternatives too)", () => {
    const candle: PixelCandle = {
      ...stemBar,
      left: 3,
      right: 7,
      bodyTop: 12,
      bodyBottom: 20,
      direction: 1,
      ambiguous: false,
      stemRight: 6,
    };
    const withAlternative = { ...candle, alternative: { ...candle, lowY: 25 } };
    const [moved] = endsOfMetaTraderPens([withAlternative], 2, 'candles');
    expect(moved).toMatchObject({ highY: 8, lowY: 30, bodyTop: 12, bodyBottom: 21 });
    expect(moved!.alternative!.lowY).toBe(26);
    expect(withAlternative).toMatchObject({ lowY: 29, bodyBottom: 20 });
    const [bar] = endsOfMetaTraderPens([candle], 2, 'bars');
    expect(bar).toMatchObject({ lowY: 30, bodyTop: 12, bodyBottom: 20 });
  });

  it('leaves a reading at one rendering pixel as it is', () => {
    const candles: PixelCandle[] = [];
    expect(endsOfMetaTraderPens(candles, 1, 'candles')).toBe(candles);
  });
});
