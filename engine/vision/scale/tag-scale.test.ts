import { describe, expect, it } from 'vitest';
import { fitPriceScale } from './scale-fit';
import { priceToY } from './price-scale';
import { printedDecimals, roundedLabelsScale } from './tag-scale';
import { tagsOnTheirLines } from './axis-scale';
import type { Layout } from '../layout';

/*
 * Labels printed rounded (decision 047): Stockity's grid lines stand 0.00244 apart, printed to
 * four decimals ("0.5518", "0.5493", "0.5469" on equally spaced rows); its tags print the price
 * in full. Rows as measured on the real capture.
 */
const label = (price: number, y: number, text = price.toString()) => ({ y, price, text });
const labels = [label(0.5518, 932.5), label(0.5493, 1476.5), label(0.5469, 2020.5)];
const tags = [label(0.55226677, 818.9), label(0.54976, 1377.5, '0.54976000')];

describe('roundedLabelsScale', () => {
  it('reads the decimals a price is printed with', () => {
    expect(printedDecimals('0.5518')).toBe(4);
    expect(printedDecimals('0.54976000')).toBe(8);
    expect(printedDecimals('1,234')).toBe(0);
  });

  it('places the scale through the tags printed in full, where the rounded labels agree with it', () => {
    // The labels alone: no line fits all three to the pixel (the middle one is 3.7 px off).
    expect(fitPriceScale(labels)!.labels.length).toBeLessThan(3);
    const scale = roundedLabelsScale(labels, tags)!;
    expect(scale).not.toBeNull();
    expect(scale.labels.map((l) => l.price)).toEqual([0.5518, 0.5493, 0.5469]);
    // The grid lines' real prices (the tags' scale) on their rows.
    expect(Math.abs(priceToY(scale, 0.551756) - 932.5)).toBeLessThan(0.5);
    expect(Math.abs(priceToY(scale, 0.546876) - 2020.5)).toBeLessThan(0.5);
  });

  it('takes no scale from tags the labels do not agree with, from one tag, or from tags no finer than the labels', () => {
    // A trader's line tagged at a price away from its row (or a misread tag).
    expect(roundedLabelsScale(labels, [tags[0]!, label(0.54876, 1377.5, '0.54876000')])).toBeNull();
    expect(roundedLabelsScale(labels, [tags[0]!])).toBeNull();
    expect(roundedLabelsScale(labels, [label(0.5523, 818.9), label(0.5498, 1377.5)])).toBeNull();
  });
});

describe('tagsOnTheirLines', () => {
  it("places a tag on the line it ends (its strong rows' centre), a tag with no line on its text", () => {
    const row = (at: number, start: number, colour: number) => ({
      at,
      start,
      end: 2837,
      colour,
      dotted: false,
    });
    const layout = {
      background: 0x171a24,
      plot: { left: 165, top: 428, right: 2837, bottom: 2152 },
      axisSide: 'right',
      gridRows: [
        row(818, 165, 0x35363d),
        row(819, 165, 0x3f4044),
        row(820, 165, 0x20212b),
        // The last-price line, from the last candle to its tag: four rows of one colour.
        ...[1376, 1377, 1378, 1379].map((at) => row(at, 1861, 0x696f84)),
      ],
    } as unknown as Layout;
    const placed = tagsOnTheirLines(layout, [
      label(0.55226677, 818.5),
      label(0.54976, 1378),
      label(0.55, 1700),
    ]);
    expect(Math.abs(placed[0]!.y - 818.7)).toBeLessThan(0.5);
    expect(placed[1]!.y).toBe(1377.5);
    expect(placed[2]!.y).toBe(1700);
  });
});
