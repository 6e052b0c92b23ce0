import type { FairValueGap, OrderBlock } from '../analysis/types';
import { buildPlan } from './build-plan';
import { zoneEndIndex } from './overlay';
import { scenario } from './test-support/scenario';
import type { Slot } from './types';

// Issue 20: zones end where they were mitigated instead of all running to the right edge.

const ob = (over: Partial<OrderBlock>): OrderBlock => ({
  index: 10,
  direction: 'bullish',
  top: 1.1,
  bottom: 1.09,
  fromIndex: 9,
  breakIndex: 14,
  breakKind: 'BOS',
  scope: 'swing',
  status: 'untested',
  mitigatedIndex: null,
  invalidatedIndex: null,
  ...over,
});

const gap = (over: Partial<FairValueGap>): FairValueGap => ({
  index: 20,
  direction: 'bearish',
  top: 1.2,
  bottom: 1.19,
  size: 0.01,
  status: 'open',
  touchedIndex: null,
  halfFilledIndex: null,
  filledIndex: null,
  ...over,
});

describe('zoneEndIndex', () => {
  it('runs an untouched zone to the right edge', () => {
    expect(zoneEndIndex({ kind: 'orderBlock', ob: ob({}) }, 'context')).toBeNull();
    expect(zoneEndIndex({ kind: 'fvg', gap: gap({}) }, 'context')).toBeNull();
  });

  it('ends a context order block at its mitigation, before its invalidation', () => {
    const used = ob({ status: 'mitigated', mitigatedIndex: 30 });
    expect(zoneEndIndex({ kind: 'orderBlock', ob: used }, 'context')).toBe(30);
    const broken = ob({ status: 'invalidated', mitigatedIndex: 30, invalidatedIndex: 42 });
    expect(zoneEndIndex({ kind: 'orderBlock', ob: broken }, 'context')).toBe(30);
  });

  it('ends a context gap at its first touch (the reference library’s mitigation)', () => {
    const touched = gap({ status: 'half-filled', touchedIndex: 25, halfFilledIndex: 27 });
    expect(zoneEndIndex({ kind: 'fvg', gap: touched }, 'context')).toBe(25);
  });

  it('runs the setup zone on while it holds, ends it where it was invalidated or filled', () => {
    const used = ob({ status: 'mitigated', mitigatedIndex: 30 });
    expect(zoneEndIndex({ kind: 'orderBlock', ob: used }, 'setup')).toBeNull();
    const broken = ob({ status: 'invalidated', mitigatedIndex: 30, invalidatedIndex: 42 });
    expect(zoneEndIndex({ kind: 'orderBlock', ob: broken }, 'setup')).toBe(42);
    const touched = gap({ status: 'touched', touchedIndex: 25 });
    expect(zoneEndIndex({ kind: 'fvg', gap: touched }, 'setup')).toBeNull();
    const filled = gap({ status: 'filled', touchedIndex: 25, filledIndex: 31 });
    expect(zoneEndIndex({ kind: 'fvg', gap: filled }, 'setup')).toBe(31);
  });
});

describe('the drawn zones of generated markets', () => {
  it('end at the candle that mitigated them, and only untouched ones reach the right edge', () => {
    let ended = 0;
    let open = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const s = scenario({ seed, drift: seed % 2 === 0 ? 1 : -1 });
      const r = buildPlan({ readings: s.readings, analyses: s.analyses, account: 10_000, riskPercent: 1 });
      for (const t of r.timeframes) {
        const slot: Slot = t.timeframe;
        const reading = s.readings[slot];
        const analysis = s.analyses[slot];
        const half = Math.max(1, reading.barSpacing / 2);
        // The zone's source: same prices, direction and first candle (two scopes can share prices).
        const startsAt = (index: number, left: number) =>
          Math.abs(reading.candles[index]!.x - half - left) < 0.1;
        const rightOf = (end: number | null) => (end === null ? reading.plot.right : reading.candles[end]!.x);
        for (const z of t.overlay.zones) {
          // The zone's sources: same prices, direction, status and first candle (a swing-scope
          // and an internal-scope block can share all of that but their break, hence several).
          const ends =
            z.kind === 'orderBlock'
              ? analysis.orderBlocks
                  .filter(
                    (o) =>
                      o.top === z.priceTop &&
                      o.bottom === z.priceBottom &&
                      o.direction === z.direction &&
                      o.status === z.status &&
                      startsAt(o.fromIndex, z.left),
                  )
                  .map((o) => zoneEndIndex({ kind: 'orderBlock', ob: o }, z.role))
              : analysis.fvgs
                  .filter(
                    (g) =>
                      g.top === z.priceTop &&
                      g.bottom === z.priceBottom &&
                      g.direction === z.direction &&
                      g.status === z.status &&
                      startsAt(g.index - 1, z.left),
                  )
                  .map((g) => zoneEndIndex({ kind: 'fvg', gap: g }, z.role));
          expect(ends.length).toBeGreaterThan(0);
          const end = ends.find((e) => Math.abs(rightOf(e) - z.right) < 0.1);
          expect(end, `${slot} ${z.label} ends at ${z.right}`).toBeDefined();
          if (end === null) open++;
          else {
            expect(z.right).toBeLessThan(reading.plot.right);
            expect(z.right).toBeGreaterThan(z.left);
            ended++;
          }
          if (z.role === 'context' && z.status === 'untested') expect(z.right).toBe(reading.plot.right);
          if (z.role === 'context' && z.status === 'mitigated')
            expect(z.right).toBeLessThan(reading.plot.right);
        }
      }
    }
    // Both kinds occur, so neither branch above goes untested.
    expect(ended).toBeGreaterThan(0);
    expect(open).toBeGreaterThan(0);
  });
});
