import { describe, expect, it } from 'vitest';
import { readChart } from '../read-chart';
import { paintChart } from '../test-support/paint';
import { toRaster } from '../pixels/raster';
import type { TextToken } from '../text';
import type { RgbaImage } from '../../core/image';
import { priceToY } from '../scale/price-scale';
import { axisCandidates, axisFromWords, inkBox } from './axis-words';
import type { ReadColumn } from './axis-locate';

/*
 * The axis strip's port (decision 038): words a general OCR read in a text column the engine
 * offered make that column the price axis when they step evenly on one scale.
 */

const ROWS = [30, 80, 130, 180, 230, 280, 330, 380];

/** A painted chart whose axis labels no recogniser reads (label-sized patches of strokes on the grid rows). */
function painted(): { image: RgbaImage; plotRight: number } {
  const { image, plotRight } = paintChart({ width: 700, height: 420 });
  const { width, data } = image;
  for (const row of ROWS)
    for (let y = row - 4; y <= row + 4; y++)
      for (let x = plotRight + 9; x < plotRight + 50; x++)
        if ((x - plotRight) % 5 < 2) data.set([178, 181, 190, 255], (y * width + x) * 4);
  return { image, plotRight };
}

/**
 * Words on the labels' rows as a general OCR boxes them: loose, from the separator rule left of
 * the labels (column plotRight + 1) to past their ends, a few rows above and below.
 */
function looseWords(plotRight: number, price = (i: number) => 1.1 - i * 0.005): TextToken[] {
  return ROWS.map((row, i) => ({
    text: price(i).toFixed(5),
    box: { left: plotRight + 1, top: row - 8, right: plotRight + 56, bottom: row + 9 },
    confidence: 0.9,
  }));
}

const token = (text: string): TextToken => ({
  text,
  box: { left: 0, top: 0, right: 10, bottom: 10 },
  confidence: 1,
});
const column = (left: number, right: number, texts: string[]): ReadColumn => ({
  column: { left, top: 0, right, bottom: 400 },
  tokens: texts.map(token),
});

describe('axisCandidates', () => {
  const raster = toRaster(paintChart({ width: 700, height: 420 }).image);
  const tried = { left: 0, top: 0, right: 60, bottom: 400 };

  it('offers the columns with numbers in them, most first, once each, the strip tried and clean non-scales left out', () => {
    const read = [
      column(10, 50, ['1.0850', '1.0840', '1.0830']), // the strip tried
      column(100, 160, ['%', 'T', 'W']), // a toolbar's icons
      column(200, 260, ['12:00', 'O1.13585']), // a clock and a legend line
      column(300, 360, ['1.14000', '.)3800', '/.l3400']), // the axis, half misread
      column(302, 340, ['1.14000', '.)3800']), // the same column read apart
      column(400, 460, ['2.19%', '3.47%', '0.71%', '1.55%']), // a watchlist's changes
      column(500, 560, ['406.60', '307.09', '22.78', '394.78', '85.45']), // its prices, read cleanly
    ];
    expect(axisCandidates(raster, read, tried).map((s) => s.left)).toEqual([396, 296, 196]);
  });

  it('offers a column running into the strip tried without that strip (labels inside the plot, a side panel beyond the rule)', () => {
    const panel = { left: 400, top: 0, right: 699, bottom: 400 };
    const read = [
      column(300, 420, ['0.55226677', '0.5493', '0.5469']), // the labels, joined across the rule to the panel's words
      column(380, 500, ['1840', '809,00', '819']), // mostly the panel
    ];
    expect(axisCandidates(raster, read, panel)).toEqual([{ left: 296, top: 0, right: 399, bottom: 400 }]);
  });

  it('offers a column of blurred labels the recogniser read one number in', () => {
    // An upscaled, blurred capture's axis (26 px digits in soft strokes): pieces of glyphs, and
    // one label read whole enough to show three digits ("4fki.48" for "406.48").
    const read = [
      column(300, 360, ['1', '7.', '(f5)', '4fki.48', 'I/)', '8k']),
      column(100, 160, ['%', 'T']),
    ];
    expect(axisCandidates(raster, read, tried).map((s) => s.left)).toEqual([296]);
  });
});

describe('axisCandidates in a wide strip', () => {
  it('offers a column inside a much wider strip tried, and one whose clean-looking numbers are pieces of labels', () => {
    // Labels "211.800" ... read in pieces: "2", "1" and "800" apart, the digits beside "800" on
    // its row. The strip tried runs from a drawing over the plot to the window's edge.
    const { raster, fill } = (() => {
      const width = 700;
      const rgb = new Uint32Array(width * 420).fill(0x94a6d3);
      const paint = (l: number, t: number, r: number, b: number, c: number) => {
        for (let y = t; y <= b; y++) for (let x = l; x <= r; x++) rgb[y * width + x] = c;
      };
      return { raster: { width, height: 420, rgb }, fill: paint };
    })();
    const pieces: TextToken[] = [];
    for (let i = 0; i < 6; i++) {
      const top = 40 + i * 50;
      fill(512, top, 513, top + 6, 0x1e222d); // the "2" and "1" the recogniser read apart
      fill(518, top, 519, top + 6, 0x1e222d);
      for (let k = 0; k < 3; k++) fill(528 + k * 5, top, 529 + k * 5, top + 6, 0x1e222d);
      pieces.push({
        text: `${8 - i}00`,
        box: { left: 528, top, right: 542, bottom: top + 7 },
        confidence: 1,
      });
    }
    const read: ReadColumn[] = [{ column: { left: 510, top: 0, right: 545, bottom: 419 }, tokens: pieces }];
    const tried = { left: 300, top: 0, right: 699, bottom: 419 };
    expect(axisCandidates(raster, read, tried).map((s) => s.left)).toEqual([506]);
  });
});

describe('inkBox', () => {
  it('trims a loose word box to its glyphs, leaving out the rule beside them', () => {
    const { image, plotRight } = painted();
    const box = inkBox(toRaster(image), { left: plotRight + 1, top: 22, right: plotRight + 56, bottom: 39 });
    expect(box).toEqual({ left: plotRight + 10, top: 26, right: plotRight + 47, bottom: 35 });
  });
});

describe('axisFromWords', () => {
  it('takes words stepping evenly on one scale for the axis labels, boxed to their ink', () => {
    const { image, plotRight } = painted();
    const strip = { left: plotRight - 10, top: 0, right: 699, bottom: 419 };
    const axis = axisFromWords(toRaster(image), strip, looseWords(plotRight))!;
    expect(axis.fitted).toBe(ROWS.length);
    expect(axis.labels.left).toBe(plotRight + 10);
    expect(Math.abs(priceToY(axis.scale, 1.1) - 30)).toBeLessThan(1);
  });

  it('takes none from numbers that do not step evenly (a watchlist)', () => {
    const { image, plotRight } = painted();
    const strip = { left: plotRight - 10, top: 0, right: 699, bottom: 419 };
    const prices = [406.6, 307.09, 22.78, 394.78, 85.45, 264.46, 157.37, 142.28];
    expect(
      axisFromWords(
        toRaster(image),
        strip,
        looseWords(plotRight, (i) => prices[i]!),
      ),
    ).toBeNull();
  });
});

describe('readChart with a column taken for the axis', () => {
  it('reads the chart beside the labels the words make, the plot ending at the rule before them', () => {
    const { image, plotRight } = painted();
    const strip = { left: plotRight - 10, top: 0, right: 699, bottom: 419 };
    const reading = readChart(image, {}, { axisColumn: { strip, words: looseWords(plotRight) } });
    expect(reading.plot.right).toBeLessThanOrEqual(plotRight);
    expect(reading.plot.right).toBeGreaterThan(plotRight - 3);
    for (const [i, row] of ROWS.entries())
      expect(Math.abs(priceToY(reading.priceScale, 1.1 - i * 0.005) - row)).toBeLessThan(1);
  });

  it('is refused when the words make no axis', () => {
    const { image, plotRight } = painted();
    const strip = { left: plotRight - 10, top: 0, right: 699, bottom: 419 };
    const words = looseWords(plotRight, (i) => [1.1, 1.2, 1.25, 1.4, 1.41, 1.6, 1.8, 1.81][i]!);
    expect(() => readChart(image, {}, { axisColumn: { strip, words } })).toThrow(
      expect.objectContaining({ code: 'AXIS_UNREADABLE' }),
    );
  });
});
