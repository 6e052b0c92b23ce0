import { describe, expect, it } from 'vitest';
import type { PixelCandle } from '../candles';
import type { ScaleReading } from '../scale';
import type { PriceScale } from '../types';
import { evenlyStepped, judgeScale, scaleDisagreements } from './scale-check';
import { scoreReading } from './confidence';
import type { ContinuityResult } from './continuity';
import type { CandleExtraction } from '../candles';

// Price 2000 - row / 10: a label every 100 px (10.00 apart), prices lower down the image.
const label = (y: number) => ({ y, price: 2000 - y / 10, text: (2000 - y / 10).toFixed(2) });
const priceScale = (labels = [100, 200, 300, 400, 500].map(label)): PriceScale => ({
  mode: 'linear',
  slope: -0.1,
  intercept: 2000,
  labels,
  residualPx: 0,
});
const reading = (over: Partial<ScaleReading> = {}): ScaleReading => ({
  priceScale: priceScale(),
  labels: priceScale().labels,
  badges: [],
  legend: null,
  offGridPx: null,
  onTicks: false,
  ...over,
});
// A bear bar: open 1970 (row 300), high 1972 (280), low 1960 (400), close 1962 (380), as drawn
// `off` px lower than the scale puts those prices.
const lastBar = (off = 0): PixelCandle =>
  ({
    x: 500,
    left: 497,
    right: 503,
    highY: 280 + off,
    lowY: 400 + off,
    bodyTop: 300 + off,
    bodyBottom: 380 + off,
    fill: 1,
    direction: -1,
    ambiguous: false,
    stemLeft: 500,
    stemRight: 500,
  }) as PixelCandle;
const printed = { open: 1970, high: 1972, low: 1960, close: 1962 };
const tag = (price: number) => ({ y: 380, price, text: price.toFixed(2) });

describe('scaleDisagreements', () => {
  it('finds nothing to say of a scale every statement agrees with', () => {
    const found = scaleDisagreements(reading({ badges: [tag(1962)], offGridPx: 0.2 }), lastBar(), printed, 1);
    expect(found.map((d) => d.source)).toEqual(['labels', 'grid', 'tag', 'legend']);
    expect(Math.max(...found.map((d) => Math.abs(d.px)))).toBeLessThan(0.25);
    expect(judgeScale(priceScale(), found)).toBeNull();
  });

  it('measures a scale the last bar and its print put 2.5 px off', () => {
    const found = scaleDisagreements(reading({ badges: [tag(1962)] }), lastBar(2.5), printed, 1);
    expect(found.find((d) => d.source === 'legend')!.px).toBeCloseTo(2.5);
    expect(found.find((d) => d.source === 'tag')!.px).toBeCloseTo(2.5);
    const verdict = judgeScale(priceScale(), found)!;
    expect(verdict.source).toBe('legend');
    expect(verdict.price).toBeCloseTo(0.25);
    // 2.5 px is a quarter of a 100 px label step at most: warned about, not refused.
    expect(verdict.refuse).toBe(false);
  });

  it('takes no print of another bar (a hovered one) as a statement of the scale', () => {
    const hovered = { open: 1950, high: 1980, low: 1940, close: 1975 };
    const found = scaleDisagreements(reading(), lastBar(), hovered, 1);
    expect(found.some((d) => d.source === 'legend')).toBe(false);
  });

  it('takes no tag whose price its own glyphs contradict (a misread digit)', () => {
    const found = scaleDisagreements(reading({ badges: [tag(1262)] }), lastBar(), null, 1);
    expect(found.some((d) => d.source === 'tag')).toBe(false);
  });

  it('reports the worst label off its row', () => {
    const labels = [100, 200, 301.6, 400, 500].map((y, i) => ({
      ...label([100, 200, 300, 400, 500][i]!),
      y,
    }));
    const found = scaleDisagreements(reading({ priceScale: priceScale(labels) }), undefined, null, 1);
    expect(found).toEqual([{ source: 'labels', px: expect.closeTo(1.6) }]);
    expect(judgeScale(priceScale(labels), found)?.source).toBe('labels');
  });

  it('refuses only where two statements beside the labels put the scale far off one way', () => {
    const far = scaleDisagreements(reading({ badges: [tag(1962)], offGridPx: 30 }), lastBar(30), printed, 1);
    expect(judgeScale(priceScale(), far)!.refuse).toBe(true);
    const alone = scaleDisagreements(reading({ offGridPx: 30 }), lastBar(), null, 1);
    expect(judgeScale(priceScale(), alone)!.refuse).toBe(false);
  });
});

describe('evenlyStepped', () => {
  it('takes round labels, one hidden among them, as evenly stepped', () => {
    expect(evenlyStepped([1.085, 1.0855, 1.086, 1.087, 1.0875])).toBe(true);
    // A misread digit (1.31594 for 1.316) breaks two of ten gaps.
    const misread = [1.32, 1.319, 1.318, 1.317, 1.31594, 1.315, 1.314, 1.313, 1.312, 1.311, 1.31];
    expect(evenlyStepped(misread)).toBe(true);
  });

  it("takes MetaTrader's rounded prices of fixed rows as not", () => {
    expect(evenlyStepped([1.0915, 1.08735, 1.0853, 1.0832, 1.08115, 1.07905])).toBe(false);
  });

  it('takes no residual of labels at uneven prices as a statement', () => {
    // Rounded prices of fixed rows: 10.7, 11.2, 9.9 and 8.2 apart.
    const prices = [1990, 1979.3, 1968.1, 1958.2, 1950];
    const labels = [100, 200, 300, 400, 500].map((y, i) => ({
      y,
      price: prices[i]!,
      text: String(prices[i]),
    }));
    const found = scaleDisagreements(reading({ priceScale: priceScale(labels) }), undefined, null, 1);
    expect(found).toEqual([]);
  });
});

// What scoreReading judges: one candle read (the bar above, drawn where the scale puts it).
const evidence = (over: { scale?: ScaleReading; scaleCheck?: ReturnType<typeof judgeScale> } = {}) => ({
  extraction: {
    candles: [],
    warnings: [],
    barSpacing: 10,
    uncertainBodies: 0,
  } as unknown as CandleExtraction,
  scale: over.scale ?? reading(),
  continuity: {
    candles: [{ x: 0, ...printed }],
    joined: 1,
    verdict: 'ok',
    dropped: 0,
  } as unknown as ContinuityResult,
  candlesRead: 1,
  symbol: 'XAUUSD',
  timeframe: '15m',
  scaleCheck: over.scaleCheck ?? null,
});

describe('scoreReading with a scale that disagrees', () => {
  it('costs confidence and tells the trader how far prices may be off', () => {
    const clean = scoreReading(evidence());
    const off = scoreReading(
      evidence({ scaleCheck: { source: 'legend', px: 2.5, price: 0.25, refuse: false } }),
    );
    expect(off.confidence).toBeCloseTo(clean.confidence - 0.25);
    expect(off.warnings.at(-1)).toBe(
      'The price labels and the chart disagree by about 2.5 px (the printed last bar against the last candle); prices may be off by about 0.25.',
    );
  });
});

describe('scoreReading with a price badge away from its price', () => {
  // The last close, 1962, is drawn at row 380; a badge there stating another price.
  const withBadge = (text: string, price: number) =>
    scoreReading(evidence({ scale: reading({ badges: [{ y: 380, price, text }] }) }));

  it('warns when the badge is printed as the labels are, or finer, within half a label step of its price', () => {
    // 1958 is 40 px from row 380; labels stand 100 px apart.
    const read = withBadge('1958.00', 1958);
    expect(read.warnings).toContain('The price badge 1958.00 does not sit where the axis puts that price.');
    expect(read.confidence).toBeLessThan(withBadge('1962.00', 1962).confidence);
    // A tag printed with more decimals than the labels (MetaTrader's) is one too.
    expect(withBadge('1958.125', 1958.125).warnings).toContain(
      'The price badge 1958.125 does not sit where the axis puts that price.',
    );
  });

  it('takes a badge stating a price more than half a label step away for a misread one', () => {
    // "1862.00" for "1962.00": one digit taken for another, 1000 px from its row.
    const read = withBadge('1862.00', 1862);
    expect(read.warnings.some((w) => w.includes('price badge'))).toBe(false);
  });

  it('takes a badge printed with fewer decimals than the labels for a misread one', () => {
    // "6" of "1962.00", and "1962,0" (a point read as a comma, a glyph lost), beside labels printed "1950.00".
    for (const [text, price] of [
      ['6', 6],
      ['1962,0', 1962],
    ] as const) {
      const read = withBadge(text, price);
      expect(read.warnings.some((w) => w.includes('price badge'))).toBe(false);
      expect(read.confidence).toBe(withBadge('1962.00', 1962).confidence);
    }
  });
});
