import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeTimeframe } from './analyze';
import { SCORING } from './scoring';
import { barsFromCloses, FIXTURES, mirror, path } from './test-support/data';

const doc = readFileSync(join(FIXTURES, '..', '..', '..', 'docs', 'analysis-scoring.md'), 'utf8');

describe('docs/analysis-scoring.md and SCORING agree', () => {
  it('lists every weight with the value the code uses', () => {
    // Rows of the factor table in order; the two `ema` rows are the stack and the position.
    const rows = doc
      .split('\n')
      .filter((l) => /^\| `/.test(l))
      .map((l) => l.split('|').map((c) => c.trim()));
    const points = rows.map((r) => Number(/(\d+(\.\d+)?)/.exec(r[3]!)![1]));
    const w = SCORING.weights;
    expect(points).toEqual([
      w.trend,
      w.bosChoch,
      w.orderBlock,
      w.fvg,
      w.liquiditySweep,
      w.wickRejection,
      w.premiumDiscount,
      w.htfStructure,
      w.majorSupport,
      w.trendLine,
      w.emaStack,
      w.emaPosition,
      w.rsiDivergence,
    ]);
  });

  it('states the thresholds the code uses', () => {
    expect(doc).toContain(`\`score ≥ +${SCORING.biasThreshold}\` → Bullish`);
    expect(doc).toContain(`10 × |score| / ${SCORING.fullStrengthScore})`);
    expect(doc).toContain(`last ${SCORING.recentBars} bars`);
    expect(doc).toContain(`within reach (${SCORING.zoneReachAtr} ATR)`);
    expect(doc).toContain(`within ${SCORING.nearLevelAtr} ATR`);
  });
});

describe('the verdict', () => {
  // The clean uptrend of scenarios.test.ts.
  const legs: [number, number][] = [];
  for (let k = 0; k < 8; k++) legs.push([110 + 5 * k, 10], [105 + 5 * k, 5]);
  legs.push([150, 10]);
  const bars = barsFromCloses(path(100, legs));
  const opts = { internalLength: 3, swingLength: 8, pricePrecision: 2 } as const;

  it('adds the higher timeframe trend with its weight, and says so', () => {
    const alone = analyzeTimeframe(bars, opts).verdict;
    const withBull = analyzeTimeframe(bars, {
      ...opts,
      higherTimeframe: { timeframe: '4h', trend: 'bullish' },
    }).verdict;
    const withBear = analyzeTimeframe(bars, {
      ...opts,
      higherTimeframe: { timeframe: '4h', trend: 'bearish' },
    }).verdict;
    expect(withBull.score - alone.score).toBeCloseTo(SCORING.weights.htfStructure, 6);
    expect(withBear.score - alone.score).toBeCloseTo(-SCORING.weights.htfStructure, 6);
    expect(withBull.confluences.htfStructure).toBe('4h structure bullish');
    // A disagreeing higher timeframe is scored but not listed as a confluence of a Bullish bias.
    expect(withBear.scoring.some((s) => s.factor === 'htfStructure' && s.points < 0)).toBe(true);
    if (withBear.bias === 'Bullish') expect(withBear.confluences.htfStructure).toBeUndefined();
  });

  it('accepts the higher timeframe as a whole analysis', () => {
    const htf = analyzeTimeframe(bars, { ...opts, timeframe: '4h' });
    const v = analyzeTimeframe(bars, { ...opts, timeframe: '15m', higherTimeframe: htf }).verdict;
    expect(v.timeframe).toBe('15m');
    expect(v.confluences.htfStructure).toMatch(/^4h structure bullish, last BOS at /);
  });

  it('derives bias and strength from the score by the documented rule', () => {
    const v = analyzeTimeframe(bars, opts).verdict;
    const expectedStrength =
      Math.round(Math.min(10, (10 * Math.abs(v.score)) / SCORING.fullStrengthScore) * 10) / 10;
    expect(v.strength).toBe(expectedStrength);
    expect(v.bias).toBe(
      v.score >= SCORING.biasThreshold
        ? 'Bullish'
        : v.score <= -SCORING.biasThreshold
          ? 'Bearish'
          : 'Neutral',
    );
  });

  it('mirrors: the same market upside down gets the opposite bias and the same strength', () => {
    const flipped = mirror(bars);
    const up = analyzeTimeframe(bars, opts).verdict;
    const down = analyzeTimeframe(flipped, opts).verdict;
    expect(up.bias).toBe('Bullish');
    expect(down.bias).toBe('Bearish');
    expect(down.strength).toBe(up.strength);
    expect(down.ema.trend).toBe('Bearish');
  });
});
