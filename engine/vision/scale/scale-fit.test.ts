import { fitPriceScale, logBendPx } from './scale-fit';
import type { AxisLabel } from './scale-fit';

const label = (y: number, price: number): AxisLabel => ({ y, price, text: String(price) });

describe('fitPriceScale', () => {
  it('fits evenly spaced labels and drops a misread one', () => {
    const labels = [label(50, 1.1), label(100, 1.09), label(150, 1.08), label(200, 1.07), label(250, 1.6)];
    const s = fitPriceScale(labels)!;
    expect(s.mode).toBe('linear');
    expect(s.labels.map((l) => l.price)).toEqual([1.1, 1.09, 1.08, 1.07]);
    expect(s.slope).toBeCloseTo(-0.0002, 8);
  });

  it('refuses a line steep enough to put different prices on one row (misread fragments)', () => {
    // Fragments of a garbled axis: two prices on the same row and a third one far off. Only a
    // line that puts every price on nearly one row "explains" them.
    const labels = [label(462, 8258188), label(490, 85), label(490, 37)];
    expect(fitPriceScale(labels)).toBeNull();
  });

  it('leaves out a label read with more decimals than the axis prints (glued zeros cut in three)', () => {
    // 0.70550 ... 0.70000 every 44 px; "0.70500" read "0.705013", within the fit's tolerance.
    const printed = (y: number, text: string): AxisLabel => ({ y, price: Number(text), text });
    const labels = [
      printed(49, '0.70550'),
      printed(94, '0.705013'),
      printed(138, '0.70450'),
      printed(226, '0.70350'),
      printed(314, '0.70250'),
    ];
    const s = fitPriceScale(labels)!;
    expect(s.labels.map((l) => l.text)).toEqual(['0.70550', '0.70450', '0.70350', '0.70250']);
  });

  it('still fits when such fragments sit beside real labels', () => {
    const real = [label(100, 1.3), label(200, 1.2), label(300, 1.1)];
    const s = fitPriceScale([...real, label(462, 8258188), label(490, 85), label(490, 37)])!;
    expect(s.labels.map((l) => l.price)).toEqual([1.3, 1.2, 1.1]);
  });
});

describe('linear or logarithmic (issue 20: a false "logarithmic" on a phone JPEG)', () => {
  // A log axis from 100 to 1,000 over 450 rows: one label every 50 px, at log-even prices.
  const logLabels = Array.from({ length: 10 }, (_, i) =>
    label(50 + i * 50, Number((1000 * 10 ** (-i / 9)).toPrecision(4))),
  );

  it('reads a truly logarithmic axis as log', () => {
    const s = fitPriceScale(logLabels)!;
    expect(s.mode).toBe('log');
    expect(
      logBendPx(
        s,
        s.labels.map((l) => ({ ...l })),
      ),
    ).toBeGreaterThan(20);
  });

  it('a log fit on a forex range bends under a pixel, within the labels read error: linear', () => {
    const narrow = [label(100, 1.09), label(200, 1.085), label(300, 1.08), label(400, 1.075)];
    const slope = (Math.log(1.075) - Math.log(1.09)) / 300;
    expect(logBendPx({ slope, intercept: Math.log(1.09) - slope * 100 }, narrow)).toBeLessThan(1);
    expect(fitPriceScale(narrow)!.mode).toBe('linear');
  });
});
