import fc from 'fast-check';
import type { FairValueGap, OrderBlock, TimeframeAnalysis } from '../analysis/types';
import type { Bar } from '../core/ohlc';
import { findInstrument, formatPrice } from '../instruments';
import { buildPlan } from './build-plan';
import type { Setup } from './setup';
import { analyseReadings, readingOf, scenario, type Scenario } from './test-support/scenario';
import type { AnalysisResult, Slot } from './types';
import { checkAtPrice } from './validity';
import { slotData } from './context';
import { MAX_TP2_R, MIN_CONFIDENCE, MIN_RISK_REWARD, WATCH_MAX_DISTANCE_ATR15 } from './weights';

const gbpjpy = findInstrument('GBPJPY')!;
const fmt = (p: number) => formatPrice(p, gbpjpy);

// ---------------------------------------------------------------------------------------------
// The stale GBPJPY plan of issue 18

/**
 * A generated GBPJPY market moved so its last 5m close is 203.920, the close the app read in
 * issue 18, with the 15m analysis holding what produced the stale plan: a fresh bullish order
 * block (overlapping a gap) at 202.900-202.955 under price, and a bearish order block whose
 * bottom, 203.155, price has already traded up through (mitigated, not invalidated), so it
 * still counted as "opposing liquidity" between the entry and the current price.
 */
function staleGbpjpy(): Scenario {
  const base = scenario({ seed: 11, drift: 1, symbol: 'GBPJPY', start: 200, precision: 3 });
  const shift = 203.92 - base.bars['5m'].at(-1)!.close;
  const moved = (bars: Bar[]) =>
    bars.map((b) => ({
      open: b.open + shift,
      high: b.high + shift,
      low: b.low + shift,
      close: b.close + shift,
    }));
  const bars: Record<Slot, Bar[]> = {
    '5m': moved(base.bars['5m']),
    '15m': moved(base.bars['15m']),
    '4h': moved(base.bars['4h']),
  };
  const readings = {
    '5m': readingOf(bars['5m'], 'GBPJPY', '5m'),
    '15m': readingOf(bars['15m'], 'GBPJPY', '15m'),
    '4h': readingOf(bars['4h'], 'GBPJPY', '4h'),
  };
  const analyses = analyseReadings(readings, 3);
  const n15 = bars['15m'].length;
  const demand: OrderBlock = {
    index: n15 - 60,
    direction: 'bullish',
    top: 202.955,
    bottom: 202.9,
    fromIndex: n15 - 60,
    breakIndex: n15 - 55,
    breakKind: 'BOS',
    scope: 'internal',
    status: 'untested',
    mitigatedIndex: null,
    invalidatedIndex: null,
  };
  const gap: FairValueGap = {
    index: n15 - 59,
    direction: 'bullish',
    top: 202.955,
    bottom: 202.91,
    size: 0.045,
    status: 'open',
    touchedIndex: null,
    halfFilledIndex: null,
    filledIndex: null,
  };
  const supply: OrderBlock = {
    ...demand,
    index: n15 - 40,
    direction: 'bearish',
    top: 204.3,
    bottom: 203.155,
    fromIndex: n15 - 40,
    breakIndex: n15 - 35,
    status: 'mitigated',
    mitigatedIndex: n15 - 10,
  };
  const bullish = (a: TimeframeAnalysis, strength: number): TimeframeAnalysis => ({
    ...a,
    verdict: {
      ...a.verdict,
      bias: 'Bullish',
      strength,
      ema: { ...a.verdict.ema, trend: 'Bullish', position: 'above' },
      rsi: { divergence: 'No Divergence' },
    },
  });
  const a15 = bullish(analyses['15m'], 8);
  return {
    bars,
    readings,
    analyses: {
      '4h': {
        ...bullish(analyses['4h'], 10),
        premiumDiscount: { ...analyses['4h'].premiumDiscount!, equilibrium: 205 },
      },
      '15m': {
        ...a15,
        orderBlocks: [demand, supply],
        fvgs: [gap],
        swings: [],
        keyLevels: [],
        liquidity: { ...a15.liquidity, pools: [] },
        premiumDiscount: { ...a15.premiumDiscount!, equilibrium: 203.6 },
      },
      '5m': bullish(analyses['5m'], 6),
    },
  };
}

describe('the stale GBPJPY plan (issue 18)', () => {
  const s = staleGbpjpy();
  const r = buildPlan({ ...s, account: 10_000, riskPercent: 1 });

  it('reads the current price as the last 5m close, 203.920, and returns it', () => {
    expect(r.currentPrice).toEqual({
      price: s.bars['5m'].at(-1)!.close,
      formatted: '203.920',
      timeframe: '5m',
    });
  });

  it('returns no buy limit whose TP1 lies below the current price (before issue 18 it did: 202.955 / 202.856 / 203.155)', () => {
    const p = r.tradePlan;
    if (p) {
      expect(p.takeProfit1).toBeGreaterThan(r.currentPrice.price);
      if (p.entryType === 'limit') expect(p.entry).toBeLessThan(r.currentPrice.price);
    }
    // Not the stale plan, in any form: TP1 is not the bearish block price already traded through.
    expect(p?.takeProfit1).not.toBe(203.155);
    expect(r.setupToWatch?.takeProfit1).not.toBe(203.155);
    if (r.setupToWatch) expect(r.setupToWatch.takeProfit1).toBeGreaterThan(r.currentPrice.price);
    // Here nothing above 203.920 is left to aim at within reach of that zone: no trade, and why.
    expect(p).toBeNull();
    expect(r.noTradeReason).toMatch(
      /^No trade now: the plan does not fit the current price 203\.920: .*already above TP1/,
    );
  });

  it('rejects the stale plan itself at the current price, naming every broken rule', () => {
    const stale: Setup = {
      side: 'long',
      zone: {
        kind: 'orderBlock',
        top: 202.955,
        bottom: 202.9,
        ob: null,
        fvg: null,
        fresh: true,
        rightSide15m: true,
      },
      trigger: { touchIndex: -1, structureBreak: null, sweep: null },
      entryType: 'limit',
      entry: 202.955,
      stop: 202.855,
      invalidationLevel: 202.9,
      invalidationLabel: "the order block's low",
      tp1: { price: 203.155, label: '15m bearish order block' },
      tp2: { price: 204.865, label: '4h swing high' },
      tp2Reason: null,
      obstacle: null,
      rr1: 2,
      rr2: 19.1,
    };
    const failures = checkAtPrice({ setup: stale, price: 203.92, invalidationLevels: [202.9, 202.7], fmt });
    expect(failures).toEqual([
      'the current price 203.920 is already above TP1 203.155: the move from the zone went without the entry',
      'the invalidation level 202.700 is not between the entry 202.955 and the stop 202.855, so it cannot trigger before the stop',
    ]);
    // The same plan while price is still above the entry and below TP1 is valid.
    expect(checkAtPrice({ setup: stale, price: 203.05, invalidationLevels: [202.9], fmt })).toEqual([]);
    // A buy limit above price would fill at once; a market entry needs price in the zone.
    expect(checkAtPrice({ setup: stale, price: 202.93, invalidationLevels: [], fmt })).toEqual([
      'a buy limit at 202.955 must wait below the current price 202.930, or it fills at once',
    ]);
    expect(
      checkAtPrice({
        setup: { ...stale, entryType: 'market', entry: 203.05 },
        price: 203.05,
        invalidationLevels: [],
        fmt,
      }),
    ).toEqual(['a market entry needs price inside the zone 202.900-202.955, but it is at 203.050']);
    expect(checkAtPrice({ setup: stale, price: 202.8, invalidationLevels: [], fmt })).toContain(
      'the current price 202.800 is already below the stop 202.855',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Every validity rule, over generated markets

const MARKETS = [
  { symbol: 'EURUSD', start: 1.1, precision: 5 },
  { symbol: 'USDJPY', start: 150, precision: 3 },
  { symbol: 'GBPJPY', start: 190, precision: 3 },
  { symbol: 'XAUUSD', start: 2000, precision: 2 },
  { symbol: 'US30', start: 39000, precision: 1 },
] as const;

const cache = new Map<string, AnalysisResult>();
const atr15 = new Map<string, number>();
const keyOf = (seed: number, drift: 1 | -1, m: (typeof MARKETS)[number]) => `${seed}:${drift}:${m.symbol}`;
function resultOf(seed: number, drift: 1 | -1, m: (typeof MARKETS)[number]): AnalysisResult {
  const key = keyOf(seed, drift, m);
  let r = cache.get(key);
  if (!r) {
    const s = scenario({ seed, drift, symbol: m.symbol, start: m.start, precision: m.precision });
    r = buildPlan({ ...s, account: 10_000, riskPercent: 1 });
    cache.set(key, r);
    atr15.set(key, slotData('15m', s.readings['15m'], s.analyses['15m']).atr);
  }
  return r;
}

/** Markets (deterministic search) with a trade or a setup to watch, mixed into the random ones. */
function found(kind: 'tradePlan' | 'setupToWatch', count: number) {
  const out: { seed: number; drift: 1 | -1; m: (typeof MARKETS)[number] }[] = [];
  for (let seed = 1; seed <= 120 && out.length < count; seed++) {
    for (const drift of [1, -1] as const) {
      const m = MARKETS[seed % MARKETS.length]!;
      if (resultOf(seed, drift, m)[kind]) out.push({ seed, drift, m });
    }
  }
  expect(out.length).toBeGreaterThan(0);
  return out;
}

const randomMarket = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  drift: fc.constantFrom(1 as const, -1 as const),
  m: fc.constantFrom(...MARKETS),
});

/** Prices quoted in a text, as numbers. */
const pricesIn = (text: string) => [...text.matchAll(/\d+\.\d+/g)].map((x) => Number(x[0]));

describe('every plan is valid at the current price (properties over generated markets)', () => {
  const withTrade = found('tradePlan', 6);
  const withWatch = found('setupToWatch', 6);
  const markets = fc.oneof(randomMarket, fc.constantFrom(...withTrade), fc.constantFrom(...withWatch));

  it('a trade: stop and TP1 not passed, a limit on the right side, a market entry only inside the zone', () => {
    fc.assert(
      fc.property(markets, ({ seed, drift, m }) => {
        const r = resultOf(seed, drift, m);
        const p = r.tradePlan;
        if (!p) return;
        const price = r.currentPrice.price;
        const s = p.direction === 'LONG' ? 1 : -1;
        expect(s * (price - p.stopLoss)).toBeGreaterThan(0);
        expect(s * (p.takeProfit1 - price)).toBeGreaterThan(0);
        if (p.entryType === 'limit') expect(s * (price - p.entry)).toBeGreaterThan(0);
        else {
          expect(price).toBeGreaterThanOrEqual(p.setup.zoneBottom - 10 ** -p.precision);
          expect(price).toBeLessThanOrEqual(p.setup.zoneTop + 10 ** -p.precision);
          expect(p.setup.trigger).toMatch(/5m (BOS|CHoCH)/);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a trade: every invalidation level can trigger before the stop (it lies between entry and stop)', () => {
    fc.assert(
      fc.property(markets, ({ seed, drift, m }) => {
        const p = resultOf(seed, drift, m).tradePlan;
        if (!p) return;
        const lo = Math.min(p.entry, p.stopLoss);
        const hi = Math.max(p.entry, p.stopLoss);
        for (const line of p.invalidation) {
          if (!/closes (above|below)|breaks (above|below)/.test(line)) continue;
          const level = pricesIn(line)[line.includes('A 4h') ? 1 : 0]!;
          expect(level, line).toBeGreaterThan(lo);
          expect(level, line).toBeLessThan(hi);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('the gate: a trade scores at least the threshold on the number shown, which is the exact sum of its parts', () => {
    fc.assert(
      fc.property(markets, ({ seed, drift, m }) => {
        const r = resultOf(seed, drift, m);
        const sum = r.confidence.parts.reduce((t, x) => t + x.points, 0);
        for (const part of r.confidence.parts) expect(Number.isInteger(part.points)).toBe(true);
        expect(r.confidence.score).toBe(Math.max(0, Math.min(100, sum)));
        if (r.tradePlan) {
          expect(r.tradePlan.confidence).toBe(r.confidence.score);
          expect(r.confidence.score).toBeGreaterThanOrEqual(MIN_CONFIDENCE);
        }
        if (r.confidence.score < MIN_CONFIDENCE) expect(r.tradePlan).toBeNull();
      }),
      { numRuns: 60 },
    );
  });

  it('targets: TP1 at least 1.5R, TP2 within the 5R cap or left out with the reason', () => {
    fc.assert(
      fc.property(markets, ({ seed, drift, m }) => {
        const r = resultOf(seed, drift, m);
        for (const p of [r.tradePlan, r.setupToWatch]) {
          if (!p) continue;
          expect(p.riskRewardRatio).toBeGreaterThanOrEqual(MIN_RISK_REWARD);
          if (p.takeProfit2 === null) expect(p.riskRewardRatioTp2).toBeNull();
          else expect(p.riskRewardRatioTp2!).toBeLessThanOrEqual(MAX_TP2_R + 0.01);
        }
        const p = r.tradePlan;
        if (p && p.takeProfit2 === null) {
          expect(p.targetNotes.takeProfit2).toMatch(/^left out: /);
          expect(p.tradeManagement).toMatch(/Close the whole position at TP1/);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a setup to watch: only without a trade, not a trade now, with its trigger in the zone, levels not passed, and a time limit', () => {
    fc.assert(
      fc.property(markets, ({ seed, drift, m }) => {
        const r = resultOf(seed, drift, m);
        const w = r.setupToWatch;
        if (!w) return;
        expect(r.tradePlan).toBeNull();
        expect(r.noTradeReason).toMatch(/^No trade now: /);
        expect(w.summary).toMatch(/^Not a trade now\./);
        expect(w.trigger).toContain(
          `a 5m CHoCH ${w.direction === 'LONG' ? 'up' : 'down'} inside ${w.zone.formatted}`,
        );
        expect(w.confidenceIfTriggered).toBeGreaterThanOrEqual(MIN_CONFIDENCE);
        const price = r.currentPrice.price;
        const s = w.direction === 'LONG' ? 1 : -1;
        expect(s * (price - w.stopLoss)).toBeGreaterThan(0);
        expect(s * (w.takeProfit1 - price)).toBeGreaterThan(0);
        expect(s * (w.entry - w.stopLoss)).toBeGreaterThan(0);
        if (w.waitingFor === 'zone') {
          expect(s * (price - w.entry)).toBeGreaterThan(0);
          // Reachable before it expires: the zone's near edge within 5 15m ATRs of price.
          const nearEdge = s > 0 ? w.zone.top : w.zone.bottom;
          const tick = 10 ** -m.precision;
          expect(s * (price - nearEdge)).toBeLessThanOrEqual(
            WATCH_MAX_DISTANCE_ATR15 * atr15.get(keyOf(seed, drift, m))! + tick,
          );
        }
        expect(w.invalidIf.some((x) => /hours/.test(x))).toBe(true);
        expect(w.invalidIf.some((x) => x.includes(w.formatted.takeProfit1))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
