import { BACKTEST_REPORT, CONFIDENCE_BUCKETS, SHOWN_PART, backtestForConfidence, bucketOf } from './figures';

describe('the committed backtest figures', () => {
  it('hold every part with figures for every confidence bucket', () => {
    expect(BACKTEST_REPORT.parts.map((p) => p.name)).toEqual(['tuning', 'held-back', 'year']);
    for (const part of BACKTEST_REPORT.parts) {
      expect(part.from <= part.to).toBe(true);
      for (const b of CONFIDENCE_BUCKETS) {
        const f = part.byConfidence[b.label]!;
        expect(f.filled).toBeLessThanOrEqual(f.plans);
        expect(f.reachedTp1).toBeLessThanOrEqual(f.filled);
        expect(f.averageRInterval === null || f.averageRInterval.length === 2).toBe(true);
      }
      expect(part.setupsToWatch.all.plans).toBeLessThanOrEqual(part.setupsToWatch.given);
      // The buckets cover every plan.
      const sum = CONFIDENCE_BUCKETS.reduce((n, b) => n + part.byConfidence[b.label]!.plans, 0);
      expect(sum).toBe(part.all.plans);
    }
    const year = BACKTEST_REPORT.parts.find((p) => p.name === 'year')!;
    const split = BACKTEST_REPORT.parts.filter((p) => p.name !== 'year');
    expect(year.all.plans).toBe(split.reduce((n, p) => n + p.all.plans, 0));
  });

  it('puts each confidence in its bucket and returns the shown part for it', () => {
    expect(bucketOf(74)).toBe('60-74');
    expect(bucketOf(75)).toBe('75-84');
    expect(bucketOf(84)).toBe('75-84');
    expect(bucketOf(85)).toBe('85-100');
    expect(bucketOf(100)).toBe('85-100');
    expect(bucketOf(101)).toBeNull();
    const shown = BACKTEST_REPORT.parts.find((p) => p.name === SHOWN_PART)!;
    const got = backtestForConfidence(82)!;
    expect(got.bucket).toBe('75-84');
    expect(got.figures).toEqual(shown.byConfidence['75-84']);
    expect(got.from).toBe(shown.from);
    expect(backtestForConfidence(-1)).toBeNull();
  });
});
