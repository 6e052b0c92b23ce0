import fc from 'fast-check';
import { analyzeTimeframe } from './analyze';
import { DETECTION } from './params';
import type { Bar } from '../core/ohlc';
import type { AnalyzeOptions, TimeframeAnalysis } from './types';

// Random OHLC walks: each bar opens near the previous close; wicks of random length.
const barsArb = fc
  .array(
    fc.record({
      move: fc.integer({ min: -40, max: 40 }),
      gap: fc.integer({ min: -3, max: 3 }),
      up: fc.integer({ min: 0, max: 15 }),
      down: fc.integer({ min: 0, max: 15 }),
    }),
    { minLength: 20, maxLength: 220 },
  )
  .map((steps) => {
    let prev = 10_000;
    return steps.map(({ move, gap, up, down }): Bar => {
      const open = prev + gap;
      const close = open + move;
      prev = close;
      // Integer ticks of 0.00001 keep prices exact, as in a real FX feed.
      const t = (x: number) => x / 100_000;
      return {
        open: t(open),
        close: t(close),
        high: t(Math.max(open, close) + up),
        low: t(Math.min(open, close) - down),
      };
    });
  });

const opts: AnalyzeOptions = { internalLength: 2, swingLength: 4, pricePrecision: 5 };
// The defaults too (longer swings, fewer detections), with a gap threshold and SMA-seeded EMAs.
const optionSets: AnalyzeOptions[] = [opts, { fvgThreshold: 0.3, emaSeed: 'sma', swingLength: 10 }];

/** An event index seen in the full series, as the prefix ending at bar `last` must report it. */
const asOf = (full: number | null, last: number) => (full !== null && full <= last ? full : null);

function expectPrefixConsistent(
  prefix: TimeframeAnalysis,
  full: TimeframeAnalysis,
  k: number,
  internalLength: number,
) {
  const last = k - 1;
  expect(prefix.swings).toEqual(full.swings.filter((s) => s.confirmedIndex <= last));
  expect(prefix.structure).toEqual(full.structure.filter((b) => b.index <= last));
  expect(prefix.fvgs).toEqual(
    full.fvgs
      .filter((g) => g.index + 1 <= last)
      .map((g) => {
        const touchedIndex = asOf(g.touchedIndex, last);
        const halfFilledIndex = asOf(g.halfFilledIndex, last);
        const filledIndex = asOf(g.filledIndex, last);
        const status =
          filledIndex !== null
            ? 'filled'
            : halfFilledIndex !== null
              ? 'half-filled'
              : touchedIndex !== null
                ? 'touched'
                : 'open';
        return { ...g, touchedIndex, halfFilledIndex, filledIndex, status };
      }),
  );
  expect(prefix.orderBlocks).toEqual(
    full.orderBlocks
      .filter((o) => o.breakIndex <= last)
      .map((o) => {
        const mitigatedIndex = asOf(o.mitigatedIndex, last);
        const invalidatedIndex = asOf(o.invalidatedIndex, last);
        const status =
          invalidatedIndex !== null ? 'invalidated' : mitigatedIndex !== null ? 'mitigated' : 'untested';
        return { ...o, mitigatedIndex, invalidatedIndex, status };
      }),
  );
  // A pool keeps its identity and level; later equal swings may join it.
  const pools = full.liquidity.pools.filter((p) => p.confirmedIndex <= last);
  expect(prefix.liquidity.pools.length).toBe(pools.length);
  prefix.liquidity.pools.forEach((p, n) => {
    const f = pools[n]!;
    expect({ kind: p.kind, level: p.level, confirmedIndex: p.confirmedIndex }).toEqual({
      kind: f.kind,
      level: f.level,
      confirmedIndex: f.confirmedIndex,
    });
    expect(f.swingIndices.slice(0, p.swingIndices.length)).toEqual(p.swingIndices);
    expect(p.sweptIndex).toBe(asOf(f.sweptIndex, last));
    if (p.sweptIndex !== null) expect(p.status).toBe(f.status);
  });
  expect(prefix.liquidity.sweeps).toEqual(full.liquidity.sweeps.filter((s) => s.index <= last));
  expect(prefix.wickRejections).toEqual(full.wickRejections.filter((w) => w.index <= last));
  expect(prefix.divergences).toEqual(full.divergences.filter((d) => d.toIndex + internalLength <= last));
  for (const key of ['ema20', 'ema50', 'ema200', 'rsi14', 'atr14'] as const) {
    expect(prefix.indicators[key].values).toEqual(full.indicators[key].values.slice(0, k));
  }
}

describe('no look-ahead', () => {
  it('detections on bars[0..k] are unchanged when bars are appended', () => {
    fc.assert(
      fc.property(
        barsArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom(...optionSets),
        (bars, at, o) => {
          const k = Math.max(3, Math.floor(at * bars.length));
          const full = analyzeTimeframe(bars, o);
          const prefix = analyzeTimeframe(bars.slice(0, k), o);
          expectPrefixConsistent(prefix, full, k, o.internalLength ?? DETECTION.internalLength);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('zones stay on the chart', () => {
  it('every zone and level lies within the series price range', () => {
    fc.assert(
      fc.property(barsArb, (bars) => {
        const a = analyzeTimeframe(bars, opts);
        const lo = Math.min(...bars.map((b) => b.low));
        const hi = Math.max(...bars.map((b) => b.high));
        expect(a.priceRange).toEqual({ low: lo, high: hi });
        const inside = (v: number) => {
          expect(v).toBeGreaterThanOrEqual(lo);
          expect(v).toBeLessThanOrEqual(hi);
        };
        for (const z of [...a.orderBlocks, ...a.fvgs]) {
          inside(z.top);
          inside(z.bottom);
          expect(z.top).toBeGreaterThanOrEqual(z.bottom);
        }
        for (const p of a.liquidity.pools) [p.level, p.meanLevel].forEach(inside);
        for (const s of a.liquidity.sweeps) inside(s.level);
        for (const w of a.wickRejections) inside(w.level);
        for (const l of a.keyLevels) [l.price, l.top, l.bottom].forEach(inside);
        for (const s of a.swings) inside(s.price);
        if (a.premiumDiscount) {
          const pd = a.premiumDiscount;
          [pd.rangeHigh, pd.rangeLow, pd.equilibrium].forEach(inside);
          expect(pd.position).toBeGreaterThanOrEqual(0);
          expect(pd.position).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('the verdict is deterministic', () => {
  it('gives the same bias, strength and text for the same bars, and strength stays in 0-10', () => {
    fc.assert(
      fc.property(barsArb, (bars) => {
        const a = analyzeTimeframe(bars, opts);
        const b = analyzeTimeframe(structuredClone(bars), opts);
        expect(JSON.stringify(b)).toBe(JSON.stringify(a));
        expect(a.verdict.strength).toBeGreaterThanOrEqual(0);
        expect(a.verdict.strength).toBeLessThanOrEqual(10);
        const sum = a.verdict.scoring.reduce((s, i) => s + i.points, 0);
        expect(a.verdict.score).toBeCloseTo(sum, 6);
      }),
      { numRuns: 100 },
    );
  });
});
