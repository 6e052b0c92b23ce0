import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeImage } from '../../../adapters/node/decode-image';
import { findTextColumns, mixedShapes, otherScaleBelow, plotEdgeBeside, priceReadings } from './axis-locate';
import { FEATURE_LENGTH } from '../text/features';
import type { TextToken } from '../text/types';
import { readStrip } from './read-strip';
import type { AxisColumn } from './axis-locate';
import { findLayout } from './find-layout';
import { toRaster } from '../pixels/raster';
import type { Raster } from '../pixels/raster';
import type { RgbaImage } from '../../core/image';

/** A blank raster and a rectangle painter (colours 0xRRGGBB, right/bottom inclusive). */
function canvas(width: number, height: number, bg: number) {
  const rgb = new Uint32Array(width * height).fill(bg);
  const fill = (left: number, top: number, right: number, bottom: number, c: number) => {
    for (let y = top; y <= bottom; y++) for (let x = left; x <= right; x++) rgb[y * width + x] = c;
  };
  const raster: Raster = { width, height, rgb };
  return { raster, fill };
}

/**
 * A stack of label-like glyph rows: each "label" is five 2 px strokes of cap height, separated by
 * 2 px gaps, one label every `pitch` rows.
 */
function paintLabels(
  fill: (l: number, t: number, r: number, b: number, c: number) => void,
  left: number,
  top: number,
  count: number,
  pitch: number,
  ink: number,
) {
  for (let i = 0; i < count; i++) {
    const y = top + i * pitch;
    for (let k = 0; k < 5; k++) fill(left + k * 6, y, left + k * 6 + 1, y + 8, ink);
    // The horizontal bars of the digits.
    fill(left, y, left + 27, y, ink);
    fill(left, y + 8, left + 27, y + 8, ink);
  }
}

describe('findTextColumns', () => {
  it('finds a stack of labels beside candles and a shaded band, and no column in the candles', () => {
    const { raster, fill } = canvas(600, 400, 0x1e222d);
    // Candles: tall bodies in the plot, with a darker shaded band at the plot's right end.
    for (let x = 10; x < 400; x += 9) fill(x, 100 + ((x * 7) % 120), x + 5, 220 + ((x * 13) % 90), 0x26a69a);
    fill(430, 0, 519, 399, 0x0f0f0f);
    fill(520, 0, 520, 399, 0x2a2e39);
    // The axis labels on their own panel colour, right of the separator.
    fill(521, 0, 599, 399, 0x0f0f0f);
    paintLabels(fill, 540, 20, 9, 42, 0xb2b5be);
    const columns = findTextColumns(raster, 0, 399);
    expect(columns.length).toBeGreaterThan(0);
    const best = columns[0]!;
    expect(best.left).toBeGreaterThanOrEqual(536);
    expect(best.left).toBeLessThanOrEqual(540);
    expect(best.right).toBeGreaterThanOrEqual(564);
    expect(best.right).toBeLessThanOrEqual(571);
    expect(columns.some((c) => c.right < 420)).toBe(false);
  });

  it('joins the two halves of labels split by a wide gap (large monospaced digits)', () => {
    const { raster, fill } = canvas(400, 400, 0xffffff);
    paintLabels(fill, 200, 20, 8, 45, 0x333333);
    paintLabels(fill, 240, 20, 8, 45, 0x333333);
    const columns = findTextColumns(raster, 0, 399);
    expect(columns[0]).toMatchObject({ left: 200, right: 265 });
  });

  it('finds the labels between a toolbar above and a tab bar below the chart', () => {
    const { raster, fill } = canvas(600, 600, 0x14171f);
    // Light panels across the top and along the bottom edge, each taller than a glyph.
    fill(0, 0, 599, 59, 0xf0f0f0);
    fill(0, 540, 599, 599, 0xf0f0f0);
    paintLabels(fill, 540, 80, 10, 45, 0xb2b5be);
    const columns = findTextColumns(raster, 0, 599);
    expect(columns[0]).toMatchObject({ left: 540, right: 565 });
  });

  it('finds labels on a highlighted band in a window capture, apart from the watchlist beside them', () => {
    // A browser window captured with the desktop: the axis column crosses the desktop at the top,
    // the browser's toolbars and the time axis below (three tall runs of other colours); its
    // labels stand on a blue band (a drawing's price range), a watchlist's text on white touches
    // the band's edge.
    const { raster, fill } = canvas(600, 600, 0xb8bcc4);
    fill(0, 0, 599, 49, 0x3182ba);
    fill(0, 80, 599, 149, 0x858c97);
    fill(0, 520, 599, 559, 0xfbfbfb);
    fill(500, 150, 539, 519, 0x94a6d3);
    fill(540, 150, 599, 599, 0xffffff);
    paintLabels(fill, 505, 170, 12, 28, 0x1e222d);
    paintLabels(fill, 544, 170, 12, 28, 0x1e222d);
    // The search's second pass, which lets a column cross two tall runs.
    const columns = findTextColumns(raster, 0, 599, 2);
    const axis = columns.find((c) => c.left <= 505 && c.right >= 530);
    expect(axis).toMatchObject({ left: 505, right: 530 });
    expect(columns.some((c) => c.left < 540 && c.right >= 544)).toBe(false);
  });

  it('finds the labels beside a plot whose short candles and line look like text', () => {
    const { raster, fill } = canvas(800, 400, 0x131722);
    // Every plot column crosses five or six short runs (dotted grid rows, short candles).
    for (let x = 0; x < 596; x++) {
      for (const y of [40, 100, 160, 220, 280]) fill(x, y, x, y + 1, 0x787b86);
      if (x % 9 < 6) fill(x, 300 + (x % 40), x, 318 + (x % 40), 0x26a69a);
    }
    paintLabels(fill, 600, 20, 16, 22, 0xb2b5be);
    const columns = findTextColumns(raster, 0, 399);
    expect(columns[0]).toMatchObject({ left: 600, right: 625 });
  });
});

describe('priceReadings', () => {
  it('reads a label behind the dots of a grid line and a tick mark', () => {
    expect(priceReadings('...-l64.200')).toContain(164.2);
    expect(priceReadings('-1.18200')).toContain(1.182);
  });

  it('keeps a single leading point, which can be part of the price', () => {
    expect(priceReadings('.854')).not.toContain(854);
  });
});

describe('plotEdgeBeside', () => {
  const labels = { left: 540, top: 20, right: 567, bottom: 364 };

  it('stops at a separator, which belongs to the frame', () => {
    const { raster, fill } = canvas(600, 400, 0x1e222d);
    fill(521, 0, 599, 399, 0x0f0f0f);
    fill(520, 0, 520, 399, 0x2a2e39);
    // A shaded band of the axis colour inside the plot does not move the edge.
    fill(430, 0, 519, 399, 0x0f0f0f);
    fill(519, 0, 519, 399, 0x0f0f0f);
    expect(plotEdgeBeside(raster, labels, 'right', 9)).toMatchObject({ at: 519, sure: true });
  });

  it('takes a change of background without a separator as the edge', () => {
    const { raster, fill } = canvas(600, 400, 0x1e222d);
    fill(525, 0, 599, 399, 0x0b0e14);
    expect(plotEdgeBeside(raster, labels, 'right', 9)).toMatchObject({ at: 524, sure: true });
  });

  it('walks past badges wider than the labels and skips a separator up to 3 px wide', () => {
    const { raster, fill } = canvas(600, 400, 0xffffff);
    fill(520, 0, 521, 399, 0xe0e3eb);
    for (const y of [60, 160, 260]) fill(505, y, 599, y + 18, 0x2962ff);
    expect(plotEdgeBeside(raster, labels, 'right', 9)).toMatchObject({ at: 519, sure: true });
  });

  it('is unsure when plot and axis share one background with no separator', () => {
    const { raster } = canvas(600, 400, 0x1e222d);
    const edge = plotEdgeBeside(raster, labels, 'right', 9);
    expect(edge.sure).toBe(false);
    expect(edge.limit).toBeLessThan(labels.left);
  });

  it('works the same way for an axis on the left', () => {
    const { raster, fill } = canvas(600, 400, 0x1e222d);
    fill(0, 0, 79, 399, 0x0f0f0f);
    fill(80, 0, 80, 399, 0x2a2e39);
    const left = { left: 20, top: 20, right: 60, bottom: 364 };
    expect(plotEdgeBeside(raster, left, 'left', 9)).toMatchObject({ at: 81, sure: true });
  });
});

describe('findLayout with the axis found from its labels', () => {
  const root = join(__dirname, '../../../fixtures/charts');
  // Charts where the largest background region puts the axis on the wrong side: a toolbar column
  // (bars with user chrome), a left axis beside a broker's side panel, a phone capture.
  for (const set of ['fx-03-tv-bars-user-chrome', 'fx-04-tv-phone', 'fx-10-broker-dark']) {
    it(`puts the axis and the plot edge beside the labels (${set})`, async () => {
      const truth = JSON.parse(readFileSync(join(root, set, 'truth.json'), 'utf8'));
      const chart = Object.values<{ file: string; plot: { left: number; right: number } }>(truth.charts)[0]!;
      const image = await decodeImage(join(root, set, chart.file));
      const layout = findLayout(toRaster(image), image)!;
      const side = truth.style.axis ?? 'right';
      expect(layout.axisSide).toBe(side);
      const edge =
        side === 'right' ? layout.plot.right - chart.plot.right : layout.plot.left - chart.plot.left;
      expect(Math.abs(edge)).toBeLessThanOrEqual(20);
      const strip = layout.axisStrip;
      if (side === 'right') expect(strip.left).toBeGreaterThan(chart.plot.right - 20);
      else expect(strip.right).toBeLessThan(chart.plot.left + 20);
      // The labels' column, read once here, is handed on with its price labels for the reader.
      const prices = (layout.axisTokens ?? []).filter((t) => !t.badge && priceReadings(t.text).length > 0);
      expect(prices.length).toBeGreaterThanOrEqual(4);
    });
  }
});

describe('a price ladder beside the chart', () => {
  it('takes the axis whose labels spread over the pane, not a ladder stacking more of them tightly', async () => {
    const file = join(__dirname, '../../../fixtures/charts/fx-00-tv-dark-chrome/15m.png');
    const image = await decodeImage(file);
    const { width } = image;
    const layout = findLayout(toRaster(image), image)!;
    expect(layout.axisSide).toBe('right');
    const labels = readStrip(image, toRaster(image), layout.axisStrip).filter(
      (t) => !t.badge && priceReadings(t.text).length > 0,
    );
    expect(labels.length).toBeGreaterThan(8);
    const out = new Uint8Array(image.data);
    const copy = (fromX: number, fromY: number, toX: number, toY: number) => {
      const s = (fromY * width + fromX) * 4;
      const d = (toY * width + toX) * 4;
      out.set(image.data.subarray(s, s + 3), d);
    };
    const { plot, axisStrip } = layout;
    const panel = { x: axisStrip.right - 2, y: axisStrip.top + 2 };
    // The ladder: every label copied into a panel near the plot's top left, 1.8 label heights apart.
    const h = labels[0]!.box.bottom - labels[0]!.box.top;
    const pitch = Math.round(1.8 * h);
    const x0 = plot.left + 40;
    const y0 = plot.top + 20;
    for (let y = y0 - 6; y < y0 + labels.length * pitch + 6; y++)
      for (let x = x0 - 6; x < x0 + 80; x++) copy(panel.x, panel.y, x, y);
    labels.forEach((t, i) => {
      for (let y = t.box.top - 1; y <= t.box.bottom; y++)
        for (let x = t.box.left - 1; x <= t.box.right; x++)
          copy(x, y, x0 + x - t.box.left, y0 + i * pitch + y - t.box.top);
    });
    // The axis keeps its outermost labels and every other one between: fewer than the ladder.
    labels.forEach((t, i) => {
      if (i === 0 || i === labels.length - 1 || i % 2 === 0) return;
      for (let y = t.box.top - 1; y <= t.box.bottom; y++)
        for (let x = t.box.left - 1; x <= t.box.right; x++) copy(t.box.left - 2, t.box.top - 2, x, y);
    });
    const edited: RgbaImage = { width, height: image.height, data: out };
    const found = findLayout(toRaster(edited), edited)!;
    expect(found.axisSide).toBe('right');
    expect(Math.abs(found.plot.right - plot.right)).toBeLessThanOrEqual(2);
  });
});

describe('otherScaleBelow', () => {
  // Price labels 1.10000 (row 100) to 1.09000 (row 500), one every 50 rows, cap height 10.
  const token = (text: string, y: number, badge = false) => ({
    text,
    box: { left: 1000, top: y - 5, right: 1050, bottom: y + 5 },
    confidence: 1,
    badge,
  });
  const prices = Array.from({ length: 9 }, (_, i) => token((1.1 - i * 0.00125).toFixed(5), 100 + i * 50));
  const axis = (extra: ReturnType<typeof token>[]): AxisColumn => ({
    labels: { left: 1000, top: 95, right: 1049, bottom: 504 },
    tokens: [...prices, ...extra],
    fitted: 9,
    capHeight: 10,
    scale: {
      mode: 'linear',
      slope: -0.000025,
      intercept: 1.1025,
      labels: prices.map((t) => ({ y: t.box.top + 5, price: Number(t.text), text: t.text })),
      residualPx: 0,
    },
  });

  it("finds an indicator pane's labels below the price labels", () => {
    expect(otherScaleBelow(axis([token('70', 615), token('50.61', 640, true), token('30', 715)]))).toBe(610);
  });

  it('is null for price labels read with a wrong digit, a single number, or none', () => {
    // "1.08500" read as "1.03500" and "1.08250" as "1.08Z50": no scale of their own.
    expect(otherScaleBelow(axis([token('1.03500', 550), token('1.08Z50', 600)]))).toBeNull();
    // Misread labels whose prices fall downwards are no scale either.
    expect(otherScaleBelow(axis([token('0.01000', 550), token('0.01600', 600)]))).toBeNull();
    expect(otherScaleBelow(axis([token('70', 615)]))).toBeNull();
    // Two misread labels that happen to rise upwards, on the price labels' rhythm.
    expect(otherScaleBelow(axis([token('1.03500', 550), token('1.03250', 600)]))).toBeNull();
    expect(otherScaleBelow(axis([]))).toBeNull();
  });
});

describe('priceReadings after thousands commas', () => {
  it('reads a decimal point seen as a comma after thousands groups', () => {
    expect(priceReadings('78,000,00')).toContain(78000);
    expect(priceReadings('1,234,56')).toContain(1234.56);
    expect(priceReadings('1,234,567')).not.toContain(1234.567);
  });
});

describe('mixedShapes', () => {
  /**
   * Axis labels whose glyphs of one character all have one shape (features filled with the
   * character's code), except where `shape` gives a glyph another (its features filled with it).
   */
  function labels(texts: string[], shape: (label: number, char: string) => number | null): TextToken[] {
    return texts.map((text, n) => ({
      text,
      box: { left: 0, top: n * 40, right: 50, bottom: n * 40 + 10 },
      confidence: 0.9,
      glyphs: [...text].map((char, i) => ({
        text: char,
        box: { left: i * 7, top: n * 40, right: i * 7 + 5, bottom: n * 40 + 10 },
        features: new Float32Array(FEATURE_LENGTH).fill(shape(n, char) ?? char.charCodeAt(0) / 64),
      })),
    }));
  }
  const texts = ['1.15200', '1.15100', '1.15000'];

  it('trusts labels whose decimal points JPEG reshaped label by label', () => {
    // j12-008 (a JPEG of our own): the points of one axis measure up to 61 apart, the digits
    // agree. Points carry no digit; their shapes are no evidence of a misread.
    expect(mixedShapes(labels(texts, (n, c) => (c === '.' ? n : null)))).toBe(false);
  });

  it('distrusts labels where one digit comes in two clearly different shapes', () => {
    expect(mixedShapes(labels(texts, (n, c) => (c === '1' && n === 2 ? 1 : null)))).toBe(true);
  });
});
