import { readChart, type ReadTrace } from '../read-chart';
import { paintChart } from '../test-support/paint';
import { toRaster } from '../pixels/raster';
import { findLayout } from '../layout';
import type { TextToken } from '../text';
import type { RgbaImage } from '../../core/image';
import { priceToY } from './price-scale';
import { externalAxisTokens, trustedExternalLabels } from './external-labels';
import { fitPriceScale } from './scale-fit';

/*
 * The text port: words a general OCR read on the axis strip, passed back to readChart. The
 * painted chart has no labels at all, so the engine's own recogniser refuses it, and every price
 * it reads with the port comes from the words given here.
 */

const ROWS = [30, 80, 130, 180, 230, 280, 330, 380];

/**
 * A painted chart whose axis labels no recogniser reads: grid lines every 50 px from row 30 and,
 * right of the plot on each grid row, a label-sized patch of strokes (glyphs in a font nobody
 * knows), so that the axis strip is found where the labels are.
 */
function painted(): { image: RgbaImage; plotRight: number } {
  const { image, plotRight } = paintChart({ width: 700, height: 420 });
  const { width, data } = image;
  for (const row of ROWS)
    for (let y = row - 4; y <= row + 4; y++)
      for (let x = plotRight + 9; x < plotRight + 50; x++)
        if ((x - plotRight) % 5 < 2) data.set([178, 181, 190, 255], (y * width + x) * 4);
  return { image, plotRight };
}

/** A word centred on `row`, on the axis strip right of the plot. */
function word(text: string, row: number, plotRight: number): TextToken {
  return {
    text,
    box: { left: plotRight + 8, top: row - 5, right: plotRight + 8 + 6 * text.length, bottom: row + 5 },
    confidence: 0.9,
  };
}

/** Labels 1.10000, 1.09500, ... on the grid rows 30, 80, 130, ... */
function gridWords(plotRight: number, rows = ROWS): TextToken[] {
  return rows.map((y) => word((1.1 - ((y - 30) / 50) * 0.005).toFixed(5), y, plotRight));
}

function refusedWithoutPort(image: RgbaImage): ReadTrace {
  const trace: ReadTrace = {};
  expect(() => readChart(image, trace)).toThrow(expect.objectContaining({ code: 'AXIS_UNREADABLE' }));
  return trace;
}

describe('readChart with axis labels from a port', () => {
  it('refuses without them, and says which strip it tried to read', () => {
    const { image, plotRight } = painted();
    const trace = refusedWithoutPort(image);
    expect(trace.axisStrip!.left).toBeGreaterThan(plotRight);
  });

  it('places and fits evenly stepping words as it does its own labels', () => {
    const { image, plotRight } = painted();
    refusedWithoutPort(image);
    const reading = readChart(image, undefined, { axisLabels: gridWords(plotRight) });
    expect(reading.priceScale.mode).toBe('linear');
    // Every label's price lands on its grid row.
    for (const y of [30, 130, 330]) {
      const price = 1.1 - ((y - 30) / 50) * 0.005;
      expect(Math.abs(priceToY(reading.priceScale, price) - y)).toBeLessThan(0.6);
    }
    expect(reading.candles.length).toBeGreaterThan(20);
  });

  it('leaves out a word the OCR misread (it falls off the fit) and reads the rest', () => {
    const { image, plotRight } = painted();
    const words = gridWords(plotRight);
    words[3] = word('1.08900', 180, plotRight); // 1.08500 misread
    const reading = readChart(image, undefined, { axisLabels: words });
    expect(reading.priceScale.labels.map((l) => l.text)).not.toContain('1.08900');
    expect(Math.abs(priceToY(reading.priceScale, 1.085) - 180)).toBeLessThan(0.6);
  });

  it('refuses words on a line that do not step evenly in screen order (misread numbers that happen to align)', () => {
    const { image, plotRight } = painted();
    // Exactly linear in their rows (0.0001 per px), so the fit alone takes them; but the drops
    // from one to the next (0.0050, 0.0030, 0.0070) are no multiples of one step.
    const words = [word('1.10000', 30, plotRight), word('1.09500', 80, plotRight)];
    words.push(word('1.09200', 110, plotRight), word('1.08500', 180, plotRight));
    expect(() => readChart(image, undefined, { axisLabels: words })).toThrow(
      expect.objectContaining({ code: 'AXIS_UNREADABLE', message: expect.stringContaining('step evenly') }),
    );
  });

  it('refuses prices that rise downwards and too few words', () => {
    const { image, plotRight } = painted();
    const rising = gridWords(plotRight).map((w, i, all) => ({ ...w, text: all[all.length - 1 - i]!.text }));
    expect(() => readChart(image, undefined, { axisLabels: rising })).toThrow(
      expect.objectContaining({ code: 'AXIS_UNREADABLE' }),
    );
    expect(() => readChart(image, undefined, { axisLabels: gridWords(plotRight, [30, 80]) })).toThrow(
      expect.objectContaining({ code: 'AXIS_UNREADABLE' }),
    );
  });

  it('ignores words off the axis strip (inside the plot)', () => {
    const { image, plotRight } = painted();
    const inPlot = gridWords(plotRight).map((w) => ({
      ...w,
      box: { ...w.box, left: w.box.left - 300, right: w.box.right - 300 },
    }));
    expect(() => readChart(image, undefined, { axisLabels: inPlot })).toThrow(
      expect.objectContaining({ code: 'AXIS_UNREADABLE' }),
    );
  });
});

describe('a read refused on its axis before the candle stages', () => {
  it('stops after the layout where the strip fits no scale, and reads on from there with the words', () => {
    const { image, plotRight } = painted();
    const trace = refusedWithoutPort(image);
    // Refused before the candles were looked for: the layout's pixels only, for the port's read.
    expect(trace.candles).toBeUndefined();
    expect(trace.pixels).toBeDefined();
    expect('extraction' in trace.pixels!).toBe(false);
    const again: ReadTrace = {};
    const onPixels = readChart(image, again, { axisLabels: gridWords(plotRight), pixels: trace.pixels! });
    expect(onPixels).toEqual(readChart(image, undefined, { axisLabels: gridWords(plotRight) }));
    expect(onPixels.candles.length).toBeGreaterThan(20);
    // The layout's pixels it went on from are replaced in the trace by the candle stages'.
    expect(again.candles).toBeDefined();
  });

  it('refuses words that fit no scale on those pixels without the candle stages too', () => {
    const { image, plotRight } = painted();
    const trace = refusedWithoutPort(image);
    // Linear in their rows, but their drops (0.0050, 0.0030, 0.0070) are no multiples of one step.
    const uneven = [word('1.10000', 30, plotRight), word('1.09500', 80, plotRight)];
    uneven.push(word('1.09200', 110, plotRight), word('1.08500', 180, plotRight));
    const again: ReadTrace = {};
    expect(() => readChart(image, again, { axisLabels: uneven, pixels: trace.pixels! })).toThrow(
      expect.objectContaining({ code: 'AXIS_UNREADABLE' }),
    );
    expect(again.candles).toBeUndefined();
  });
});

describe('externalAxisTokens', () => {
  it('marks a word on a box of another colour as a badge, and drops boxes that are no text', () => {
    const { image, plotRight } = painted();
    // A last-price tag: a filled box on the axis strip at row 200.
    const { width, data } = image;
    for (let y = 192; y < 209; y++)
      for (let x = plotRight + 3; x < width - 2; x++) data.set([38, 166, 154, 255], (y * width + x) * 4);
    const raster = toRaster(image);
    const layout = findLayout(raster, image)!;
    const words = [...gridWords(plotRight), word('1.08200', 200, plotRight)];
    words.push({ text: '7', box: { left: NaN, top: 0, right: 1, bottom: 9 }, confidence: 1 });
    words.push({
      text: '1.0',
      box: { left: plotRight + 8, top: 50, right: plotRight + 20, bottom: 52 },
      confidence: 1,
    });
    const tokens = externalAxisTokens(raster, layout.axisStrip, words);
    expect(tokens).toHaveLength(9);
    expect(tokens.filter((t) => t.badge).map((t) => t.text)).toEqual(['1.08200']);
  });
});

describe('trustedExternalLabels', () => {
  const scale = (labels: [number, number][]) =>
    fitPriceScale(labels.map(([y, price]) => ({ y, price, text: String(price) })))!;

  const externalScaleTrusted = (s: Parameters<typeof trustedExternalLabels>[0]) =>
    trustedExternalLabels(s)?.length === s.labels.length;

  it('takes steady steps and skipped labels, refuses uneven ones and log scales', () => {
    expect(
      externalScaleTrusted(
        scale([
          [30, 1.1],
          [80, 1.095],
          [130, 1.09],
        ]),
      ),
    ).toBe(true);
    expect(
      externalScaleTrusted(
        scale([
          [30, 1.1],
          [130, 1.09],
          [180, 1.085],
        ]),
      ),
    ).toBe(true);
    expect(
      externalScaleTrusted(
        scale([
          [30, 1.1],
          [80, 1.095],
          [110, 1.092],
          [180, 1.085],
        ]),
      ),
    ).toBe(false);
    expect(
      externalScaleTrusted({
        ...scale([
          [30, 1.1],
          [80, 1.095],
          [130, 1.09],
        ]),
        mode: 'log',
      }),
    ).toBe(false);
  });

  it('leaves out one misread label of many, and takes prices rounded to the axis digits', () => {
    // MetaTrader's 16 labels 0.0063 apart, 30 px apart; the OCR read the top 1.08990 as 1.08930
    // (2.9 px off the line, inside the fit's tolerance).
    const rows: [number, number][] = Array.from({ length: 16 }, (_, i) => [30 + 30 * i, 1.0899 - 0.0063 * i]);
    rows[0] = [30, 1.0893];
    const trusted = trustedExternalLabels(scale(rows));
    expect(trusted?.map((l) => l.price)).not.toContain(1.0893);
    expect(trusted).toHaveLength(15);
    // A step of 7.1875 printed rounded to 0.1: drops of 7.1 and 7.2 are one step.
    const gold: [number, number][] = Array.from({ length: 12 }, (_, i) => [
      4 + 24.5 * i,
      Math.round((1330.9 - 7.1875 * i) * 10) / 10,
    ]);
    expect(trustedExternalLabels(scale(gold))).toHaveLength(12);
    // Two of five off the lattice is no axis.
    expect(
      trustedExternalLabels(
        scale([
          [30, 1.1],
          [80, 1.095],
          [130, 1.09022],
          [180, 1.08478],
          [230, 1.08],
        ]),
      ),
    ).toBeNull();
  });
});
