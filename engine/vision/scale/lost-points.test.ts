import { describe, expect, it } from 'vitest';
import { magnitudeContradicted, pointLostInFit, restoreLostPoints } from './lost-points';
import { fitPriceScale } from './scale-fit';
import type { TextToken } from '../text';

/**
 * A label read glyph by glyph: `cuts` are the glyphs' [left, right) columns, as the recogniser
 * read them on our own render j12-002 (NDX, lightweight-charts, captured at 0.71x, JPEG): "18300.00"
 * with its point under the ink threshold reads "1830000", the point's 2 px left blank.
 */
function label(text: string, top: number, cuts: [number, number][]): TextToken {
  return {
    text,
    box: { left: cuts[0]![0], top, right: cuts.at(-1)![1], bottom: top + 7 },
    confidence: 0.5,
    glyphs: [...text].map((c, i) => ({
      text: c,
      box: { left: cuts[i]![0], top, right: cuts[i]![1], bottom: top + 7 },
      features: new Float32Array(0),
    })),
  };
}
// Digits touch or stand 1 px apart; the lost point leaves 2 px between the fifth and sixth.
const SEVEN: [number, number][] = [
  [1073, 1075],
  [1077, 1081],
  [1081, 1084],
  [1084, 1089],
  [1090, 1094],
  [1096, 1100],
  [1100, 1105],
];
const EIGHT: [number, number][] = [...SEVEN.slice(0, 5), [1094, 1095], ...SEVEN.slice(5)];

describe('restoreLostPoints', () => {
  it('puts the point back where a label read with one says, in labels that show its blank', () => {
    const tokens = [
      label('1830000', 129, SEVEN),
      label('1816000', 337, SEVEN),
      label('17960.00', 634, EIGHT),
      label('1794000', 663, SEVEN),
    ];
    expect(restoreLostPoints(tokens).map((t) => t.text)).toEqual([
      '18300.00',
      '18160.00',
      '17960.00',
      '17940.00',
    ]);
    const glyphs = restoreLostPoints(tokens)[0]!.glyphs!;
    expect(glyphs.map((g) => g.text).join('')).toBe('18300.00');
  });

  it('puts it back where most labels show the blank and none was read with a point', () => {
    const tokens = ['1846000', '1830000', '1816000', '1810000', '1796000'].map((t, i) =>
      label(t, 60 + 40 * i, SEVEN),
    );
    expect(restoreLostPoints(tokens).map((t) => t.text)).toEqual([
      '18460.00',
      '18300.00',
      '18160.00',
      '18100.00',
      '17960.00',
    ]);
  });

  it('leaves digits evenly spaced alone, and a blank beside a narrow "1" says nothing', () => {
    const even: [number, number][] = [
      [1073, 1075],
      [1077, 1081],
      [1081, 1085],
      [1085, 1089],
      [1090, 1094],
      [1095, 1099],
      [1100, 1104],
    ];
    const tokens = ['1846000', '1830000', '1816000', '1810000', '1796000'].map((t, i) =>
      label(t, 60 + 40 * i, even),
    );
    expect(restoreLostPoints(tokens).map((t) => t.text)).toEqual(tokens.map((t) => t.text));
  });

  it('leaves a blank three digits from the right alone where no point was read (a lost thousands comma)', () => {
    const comma: [number, number][] = [
      [1073, 1077],
      [1077, 1081],
      [1083, 1087],
      [1087, 1091],
      [1091, 1095],
    ];
    const tokens = ['67000', '66500', '66000', '65500', '65000'].map((t, i) => label(t, 60 + 40 * i, comma));
    expect(restoreLostPoints(tokens).map((t) => t.text)).toEqual(tokens.map((t) => t.text));
  });
});

/** A fitted label: its row and its text, the price as the text reads. */
const at = (y: number, text: string) => ({ y, price: Number(text), text });

describe('pointLostInFit', () => {
  it('names a label read with a point that lies on the fitted line of pointless labels with its point taken away', () => {
    // j12-002 5m read without restoreLostPoints: ten labels a hundred times too large fit, the one read right does not.
    const labels = [
      at(132, '1830000'),
      at(340, '1816000'),
      at(429, '1810000'),
      at(607, '1798000'),
      at(637, '17960.00'),
    ];
    const fitted = fitPriceScale(labels)!;
    expect(fitted.labels).toHaveLength(4);
    expect(pointLostInFit(fitted, labels)?.text).toBe('17960.00');
    const right = labels.map((l) =>
      l.text.includes('.') ? l : at(l.y, `${l.text.slice(0, -2)}.${l.text.slice(-2)}`),
    );
    expect(pointLostInFit(fitPriceScale(right)!, right)).toBeNull();
  });
});

describe('magnitudeContradicted', () => {
  // The real set's MetaTrader 5 EURUSD D1 (downscaled Tahoma): "1.07100" ... read "147100" ...,
  // stepping evenly; the parity labels at the bottom read whole, one of them misread.
  const misread = [
    at(120.8, '147100'),
    at(150.8, '146470'),
    at(240.7, '144680'),
    at(270.7, '143950'),
    at(301.6, '143320'),
    at(331.6, '142690'),
  ];
  const pointed = [at(482.4, '0.991810'), at(512.4, '0.98910')];
  const fitted = fitPriceScale([...misread, ...pointed])!;

  it('says so where two labels read with a point stand a power of ten off a fit without points', () => {
    expect(fitted.labels.length).toBeGreaterThanOrEqual(5);
    expect(magnitudeContradicted(fitted, [...misread, ...pointed], 0, 540)).toBe(true);
  });

  it('not for one such label, nor below the plot (a sub-window), nor for a fit whose labels show points', () => {
    expect(magnitudeContradicted(fitted, [...misread, pointed[1]!], 0, 540)).toBe(false);
    expect(magnitudeContradicted(fitted, [...misread, ...pointed], 0, 460)).toBe(false);
    const right = misread.map((l) => at(l.y, `1.0${l.text.slice(2)}`));
    const withPoints = fitPriceScale([...right, ...pointed])!;
    expect(magnitudeContradicted(withPoints, [...right, ...pointed], 0, 540)).toBe(false);
  });
});
