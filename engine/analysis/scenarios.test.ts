import { analyzeTimeframe } from './analyze';
import { barsFromCloses, mirror, path } from './test-support/data';
import type { Bar } from '../core/ohlc';

// Hand-built markets. Each expectation is read off the construction (comments say why), not
// copied from the engine's output. Short internal swings (3 bars each side) keep them small.
const opts = { internalLength: 3, swingLength: 8, pricePrecision: 2 } as const;

describe('a clean uptrend (higher highs and higher lows)', () => {
  // Up 10 in 10 bars, back 5 in 5 bars, eight times: tops 110, 115, ... 145; bottoms 105 ... 140.
  const legs: [number, number][] = [];
  for (let k = 0; k < 8; k++) legs.push([110 + 5 * k, 10], [105 + 5 * k, 5]);
  legs.push([150, 10]); // end on a fresh high
  const a = analyzeTimeframe(barsFromCloses(path(100, legs)), opts);

  it('finds a swing high at every top and a swing low at every pullback low', () => {
    const highs = a.swings.filter((s) => s.kind === 'high' && s.scope === 'internal').map((s) => s.price);
    const lows = a.swings.filter((s) => s.kind === 'low' && s.scope === 'internal').map((s) => s.price);
    expect(highs).toEqual([110.1, 115.1, 120.1, 125.1, 130.1, 135.1, 140.1, 145.1]);
    expect(lows).toEqual([104.9, 109.9, 114.9, 119.9, 124.9, 129.9, 134.9, 139.9]);
  });

  it('breaks structure only upwards, with BOS and no CHoCH, and calls the trend bullish', () => {
    const internal = a.structure.filter((b) => b.scope === 'internal');
    expect(internal.length).toBe(8); // each new leg closes above the previous top
    expect(internal.every((b) => b.direction === 'bullish' && b.kind === 'BOS')).toBe(true);
    expect(a.trend.internalTrend).toBe('bullish');
  });

  it('fits an ascending support trend line through the rising lows, unbroken', () => {
    expect(a.trendLine).toMatchObject({ kind: 'support', direction: 'ascending', brokenIndex: null });
  });

  it('gives a Bullish verdict with EMAs stacked up and price above them', () => {
    expect(a.verdict.bias).toBe('Bullish');
    expect(a.verdict.strength).toBeGreaterThanOrEqual(5);
    expect(a.verdict.ema).toMatchObject({ trend: 'Bullish', position: 'above' });
    expect(a.verdict.confluences.bosChoch).toMatch(/^Bullish BOS/);
    // At the top of the dealing range price is at a premium.
    expect(a.premiumDiscount?.zone).toBe('premium');
  });
});

describe('a range (equal highs and equal lows)', () => {
  // 100 -> 110 -> 100 ... in legs of 10 bars, ending mid-range at 105.
  const legs: [number, number][] = [];
  for (let k = 0; k < 6; k++) legs.push([110, 10], [100, 10]);
  legs.push([105, 5]);
  const a = analyzeTimeframe(barsFromCloses(path(100, legs)), opts);

  it('sees no break of structure: no close ever goes beyond a swing', () => {
    expect(a.structure).toEqual([]);
    expect(a.trend.trend).toBe('ranging');
  });

  it('marks equal highs and equal lows as resting liquidity', () => {
    const highs = a.liquidity.pools.find((p) => p.kind === 'equalHighs');
    const lows = a.liquidity.pools.find((p) => p.kind === 'equalLows');
    expect(highs).toMatchObject({ level: 110.1, status: 'resting', sweptIndex: null });
    expect(lows).toMatchObject({ level: 99.9, status: 'resting', sweptIndex: null });
    expect(highs!.swingIndices.length).toBeGreaterThanOrEqual(5);
    expect(a.liquidity.sweeps).toEqual([]);
  });

  it('finds the range edges as key levels and puts the mid-range close at equilibrium', () => {
    const resistance = a.keyLevels.find((k) => k.kind === 'resistance');
    const support = a.keyLevels.find((k) => k.kind === 'support');
    expect(resistance?.price).toBeCloseTo(110.1, 6);
    expect(support?.price).toBeCloseTo(99.9, 6);
    expect(a.premiumDiscount).toMatchObject({ rangeHigh: 110.1, rangeLow: 99.9, zone: 'equilibrium' });
  });

  it('gives a Neutral verdict', () => {
    expect(a.verdict.bias).toBe('Neutral');
    expect(a.verdict.rsi.divergence).toBe('No Divergence');
  });
});

describe('a CHoCH after a liquidity sweep', () => {
  // Downtrend: 120 -> 108 -> 114 -> 102 -> 108 -> 96 -> 102 (lows 107.9, 101.9, 95.9; highs
  // 114.1, 108.1). Then one candle wicks to 94 under the 95.9 low and closes back at 101, and
  // a rally closes above the 108.1 lower high: a bullish change of character.
  const closes = path(120, [
    [108, 6],
    [114, 3],
    [102, 6],
    [108, 3],
    [96, 6],
    [102, 3],
  ]);
  const before: Bar[] = barsFromCloses(closes);
  const sweepIndex = before.length;
  const sweep: Bar = { open: 102, high: 102.05, low: 94, close: 101 };
  const rally = barsFromCloses(path(101, [[113, 6]]).slice(1), 0.1, 101);
  const bars = [...before, sweep, ...rally];
  const a = analyzeTimeframe(bars, opts);

  it('breaks down twice with BOS, then up with a CHoCH above the last lower high', () => {
    const kinds = a.structure.map((b) => `${b.direction} ${b.kind} ${b.level}`);
    expect(kinds).toEqual(['bearish BOS 107.9', 'bearish BOS 101.9', 'bullish CHoCH 108.1']);
    // The CHoCH bar is the first close above 108.1: the rally's 4th bar (close 109).
    expect(a.structure[2]!.index).toBe(sweepIndex + 4);
    expect(a.trend.internalTrend).toBe('bullish');
  });

  it('records the sweep of the 95.9 low, a bullish wick rejection there, and the sweep candle as order block', () => {
    expect(a.liquidity.sweeps).toContainEqual(
      expect.objectContaining({ index: sweepIndex, direction: 'bullish', level: 95.9, target: 'swingLow' }),
    );
    expect(a.wickRejections).toContainEqual(
      expect.objectContaining({ index: sweepIndex, direction: 'bullish', level: 95.9 }),
    );
    const ob = a.orderBlocks.find((o) => o.breakKind === 'CHoCH');
    expect(ob).toMatchObject({
      index: sweepIndex,
      direction: 'bullish',
      bottom: 94,
      top: 102.05,
      status: 'untested',
    });
  });

  it('turns the verdict Bullish and names the levels', () => {
    expect(a.verdict.bias).toBe('Bullish');
    expect(a.verdict.confluences.bosChoch).toContain('Bullish CHoCH (internal): close above 108.10');
    expect(a.verdict.confluences.liquiditySweep).toContain('95.90');
  });

  it('later mitigates the order block when price trades back into it, then invalidates it on a close below', () => {
    // From 113 down 2 a bar: the bar closing at 101 has low 100.9 <= 102.05 (mitigation, the
    // 6th bar); the bar closing at 93 is the first close under 94 (invalidation, the 10th).
    const drop = barsFromCloses(path(113, [[91, 11]]).slice(1), 0.1, 113);
    const b = analyzeTimeframe([...bars, ...drop], opts);
    const ob = b.orderBlocks.find((o) => o.breakKind === 'CHoCH')!;
    expect(ob.mitigatedIndex).toBe(bars.length + 5);
    expect(ob.invalidatedIndex).toBe(bars.length + 9);
    expect(ob.status).toBe('invalidated');
  });
});

describe('an RSI divergence on the latest leg', () => {
  // After a quiet start (RSI warms up), a strong leg to 120 (+2 a bar), a pullback to 112 and a
  // slow grind to a marginally higher high at 122 (+1.25 a bar): higher high in price on
  // weaker momentum, a regular bearish divergence between the 120.1 and 122.1 highs.
  const closes = path(100, [
    [102, 5],
    [99, 5],
    [101, 5],
    [100, 5],
    [120, 10],
    [112, 4],
    [122, 8],
    [118, 4],
  ]);
  const bars = barsFromCloses(closes);

  it('answers Bearish Divergence and names the two highs', () => {
    const a = analyzeTimeframe(bars, opts);
    expect(a.divergence).toBe('Bearish Divergence');
    expect(a.verdict.rsi.divergence).toBe('Bearish Divergence');
    const d = a.divergences[a.divergences.length - 1]!;
    expect(d).toMatchObject({ kind: 'regular', direction: 'bearish', priceFrom: 120.1, priceTo: 122.1 });
    expect(d.rsiTo).toBeLessThan(d.rsiFrom);
  });

  it('answers Bullish Divergence for the same market upside down', () => {
    const flipped = mirror(bars);
    const a = analyzeTimeframe(flipped, opts);
    expect(a.divergence).toBe('Bullish Divergence');
    expect(a.divergences[a.divergences.length - 1]).toMatchObject({ kind: 'regular', direction: 'bullish' });
  });

  it('answers No Divergence when momentum confirms the new high', () => {
    // First leg choppy (+3, -1, ... to a 121 top: RSI near 75), second leg straight up (+3 a
    // bar: RSI near 90) to 140: price and RSI both make higher highs.
    const choppy: [number, number][] = [];
    for (let k = 0; k < 10; k++) choppy.push([103 + 2 * k, 1], [102 + 2 * k, 1]);
    const strong = barsFromCloses(
      path(100, [[102, 5], [99, 5], [101, 5], [100, 5], ...choppy, [116, 2], [140, 8], [136, 4]]),
    );
    const a = analyzeTimeframe(strong, opts);
    const highs = a.swings.filter((s) => s.kind === 'high' && s.scope === 'internal');
    expect(highs.slice(-2).map((h) => h.price)).toEqual([121.1, 140.1]);
    expect(a.divergence).toBe('No Divergence');
  });

  it('finds a hidden bullish divergence: higher low in price after a sharper drop in RSI', () => {
    // Up to 110, a gentle pullback to 107 (-0.5 a bar), up to 120, then a sharp drop to 108
    // (-4 a bar): the 107.9 low is above the 106.9 low, but the fast selling pushes RSI lower.
    const closes = path(100, [
      [102, 5],
      [99, 5],
      [101, 5],
      [100, 5],
      [110, 10],
      [107, 6],
      [120, 6],
      [108, 3],
      [112, 4],
    ]);
    const a = analyzeTimeframe(barsFromCloses(closes), opts);
    expect(a.divergence).toBe('Bullish Divergence');
    expect(a.divergences[a.divergences.length - 1]).toMatchObject({
      kind: 'hidden',
      direction: 'bullish',
      priceFrom: 106.9,
      priceTo: 107.9,
    });
  });
});
