import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChartReading } from '../../engine/vision';
import { REPO } from './golden';
import {
  canonicalJson,
  describeDifference,
  firstDifference,
  listChartImages,
  outcomeDifference,
  type Outcome,
} from './readings';

describe('canonicalJson', () => {
  it('sorts keys at every level, so the order an object was built in is no difference', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe(canonicalJson({ a: { c: 3, d: 2 }, b: 1 }));
    expect(canonicalJson({ b: 1, a: [{ y: 1, x: 2 }] })).toBe(
      '{\n "a": [\n  { "x": 2, "y": 1 }\n ],\n "b": 1\n}\n',
    );
  });

  it('keeps numbers as JSON writes them and non-finite ones visible', () => {
    expect(canonicalJson({ a: 0.1 + 0.2, b: NaN, c: -Infinity, d: 1e21 })).toBe(
      '{ "a": 0.30000000000000004, "b": "NaN", "c": "-Infinity", "d": 1e+21 }\n',
    );
  });
});

describe('firstDifference', () => {
  const candles = [
    { x: 1, open: 1, high: 2, low: 0.5, close: 1.5 },
    { x: 2, open: 1.5, high: 2, low: 1, close: 1.2 },
  ];

  it('is null for equal values, whatever their key order', () => {
    expect(firstDifference({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBeNull();
  });

  it('names the first differing field and counts the others', () => {
    const after = structuredClone(candles);
    after[1]!.close = 1.3;
    after[1]!.open = 1.6;
    const d = firstDifference({ candles }, { candles: after });
    expect(d).toEqual({ path: 'candles[1].close', before: '1.2', after: '1.3', count: 2 });
    expect(describeDifference(d!)).toBe('candles[1].close: 1.2 -> 1.3 (2 values differ)');
  });

  it('reports a candle gained or lost', () => {
    expect(firstDifference({ candles }, { candles: candles.slice(0, 1) })?.path).toBe('candles[1]');
  });

  it('says in words when a screenshot read before and is refused now', () => {
    const reading = { candles } as unknown as ChartReading;
    const before: Outcome = { reading };
    const after: Outcome = { refusal: { code: 'NO_CHART_FOUND', message: 'm', details: {} } };
    expect(outcomeDifference(before, after)).toEqual({
      path: 'outcome',
      before: 'read 2 candles',
      after: 'refused NO_CHART_FOUND',
      count: 1,
    });
  });
});

describe('listChartImages', () => {
  it("finds a corpus's screenshots with their truth, and a plain folder's without", () => {
    const fixtures = listChartImages(join(REPO, 'fixtures/charts'));
    expect(fixtures.length).toBeGreaterThanOrEqual(13);
    expect(fixtures.every((c) => c.truth && c.file.endsWith(c.truth.chart.file))).toBe(true);
    const e2e = listChartImages(join(REPO, 'e2e/fixtures/charts'));
    expect(e2e.length).toBeGreaterThanOrEqual(9);
    expect(e2e.every((c) => c.truth === null)).toBe(true);
  });

  it('refuses a directory that is not there, rather than reading nothing', () => {
    expect(() => listChartImages('no/such/dir')).toThrow(/not a directory/);
  });
});
