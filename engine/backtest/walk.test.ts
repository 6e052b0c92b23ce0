import { generate5m } from '../plan/test-support/scenario';
import type { SimBar } from './simulate';
import { summarise } from './stats';
import { AROUND_ENTRY, chartWindow, resample, walkForward, type WalkSettings } from './walk';

const MIN = 60_000;
/** A generated market as 15-minute bars from Monday 2024-01-01 00:00 UTC, with a weekend gap. */
function market(count: number, seed: number, drift: 1 | -1 | 0): SimBar[] {
  const start = Date.UTC(2024, 0, 1);
  const perDay = 96;
  return generate5m({ seed, drift, volatility: 0.0006 }, count).map((b, i) => {
    // Five trading days a week: skip Saturday and Sunday.
    const dayIndex = Math.floor(i / perDay);
    const calendarDay = Math.floor(dayIndex / 5) * 7 + (dayIndex % 5);
    const time = start + calendarDay * 86_400_000 + (i % perDay) * 15 * MIN;
    return { time, open: b.open, high: b.high, low: b.low, close: b.close };
  });
}

describe('resample', () => {
  it('aggregates 15m bars into clock-aligned 1h and 4h bars', () => {
    const low = market(200, 1, 1);
    const h1 = resample(low, 60);
    expect(h1.bars[0]).toEqual({
      time: low[0]!.time,
      open: low[0]!.open,
      high: Math.max(...low.slice(0, 4).map((b) => b.high)),
      low: Math.min(...low.slice(0, 4).map((b) => b.low)),
      close: low[3]!.close,
    });
    expect(h1.bars).toHaveLength(50);
    const h4 = resample(low, 240);
    expect(h4.bars).toHaveLength(Math.ceil(200 / 16));
    expect(h4.bars.every((b) => b.time % (240 * MIN) === 0)).toBe(true);
  });

  it('refuses bars out of time order', () => {
    const low = market(10, 1, 0);
    expect(() => resample([low[1]!, low[0]!], 60)).toThrow(RangeError);
  });
});

describe('chartWindow', () => {
  it('shows exactly what resampling the bars known at t gives: no later bar leaks in', () => {
    const low = market(3000, 7, -1);
    const h4 = resample(low, 240);
    for (const t of [0, 5, 15, 16, 17, 479, 480, 481, 2999]) {
      const known = resample(low.slice(0, t + 1), 240).bars;
      expect(chartWindow(low, h4, t, 50)).toEqual(known.slice(-50));
    }
  });
});

describe('walkForward', () => {
  const settings: WalkSettings = {
    symbol: 'EURUSD',
    barsPerChart: 120,
    step: 3,
    timeframes: {
      '5m': { minutes: 15, label: '15m' },
      '15m': { minutes: 60, label: '1h' },
      '4h': { minutes: 240, label: '4h' },
    },
    expiryBars: 24,
    spread: 0.00008,
    partialAtTp1: 0.5,
  };

  it('gives the same plans up to a step whatever the bars after it are (no look-ahead)', () => {
    const low = market(120 * 16 + 600, 11, 1);
    const cut = 120 * 16 + 300;
    // The same past, a different future: the trend reverses after `cut`.
    const other = market(low.length, 12, -1);
    const shift = low[cut]!.close - other[cut]!.close;
    const changed = low.map((b, i) =>
      i <= cut
        ? b
        : {
            time: b.time,
            open: other[i]!.open + shift,
            high: other[i]!.high + shift,
            low: other[i]!.low + shift,
            close: other[i]!.close + shift,
          },
    );
    const levels = (w: ReturnType<typeof walkForward>) =>
      w.plans.filter((p) => p.madeAtIndex <= cut).map(({ outcome: _o, ...order }) => order);
    const a = walkForward(low, { ...settings, to: cut + 1 });
    const b = walkForward(changed, { ...settings, to: cut + 1 });
    expect(a.steps).toBeGreaterThan(50);
    // The generated market gives plans, so the comparison below is not of two empty lists.
    expect(levels(a).length).toBeGreaterThan(0);
    expect(levels(b)).toEqual(levels(a));
  });

  it('follows every plan it counts and never counts a plan made before the data allows three full charts', () => {
    const low = market(120 * 16 + 900, 5, 1);
    const w = walkForward(low, settings);
    const fourHourReady = resample(low, 240).firstLow[119]!;
    expect(w.plans.every((p) => p.madeAtIndex >= fourHourReady)).toBe(true);
    const f = summarise(w.plans, w.barsWalked);
    expect(f.plans).toBe(w.plans.length);
    expect(f.filled).toBe(w.plans.filter((p) => p.outcome.kind === 'closed').length);
  });
});

describe('walkForward with setups to watch', () => {
  const settings: WalkSettings = {
    symbol: 'EURUSD',
    barsPerChart: 60,
    step: 1,
    timeframes: {
      '5m': { minutes: 15, label: '15m' },
      '15m': { minutes: 60, label: '1h' },
      '4h': { minutes: 240, label: '4h' },
    },
    expiryBars: 24,
    spread: 0,
    partialAtTp1: 0.5,
  };
  const low = market(60 * 16 + 200, 3, 1);
  const first = resample(low, 240).firstLow[59]!;
  /**
   * An extractor scripted by step number: a setup to watch first (its entry `offset` from the
   * close at the trigger step, a 40-pip stop), a trade plan with `triggerKey` at `triggerStep`.
   */
  function scripted(
    watchValidBars: number,
    triggerStep: number,
    triggerKey = 'LONG zone',
    offset = 0,
  ): WalkSettings['extract'] {
    let step = -1;
    const entry = low[first + triggerStep]!.close + offset;
    const levels = { direction: 'LONG' as const, entry, stop: entry - 0.004, tp1: entry + 0.008, tp2: null };
    return (_result, madeAt, expiresAt) => {
      step++;
      if (step === 0) {
        const validUntil = madeAt + watchValidBars * 15 * MIN;
        return [
          {
            ...levels,
            source: 'setupToWatch',
            entryType: 'limit',
            confidence: 80,
            key: 'LONG zone',
            validUntil,
          },
        ];
      }
      if (step === triggerStep) {
        return [
          {
            ...levels,
            source: 'tradePlan',
            entryType: 'market',
            confidence: 78,
            key: triggerKey,
            validUntil: expiresAt,
          },
        ];
      }
      return [];
    };
  }
  const watched = (w: ReturnType<typeof walkForward>) => w.plans.filter((p) => p.source === 'setupToWatch');

  it('enters a triggered setup at the market while price is around its entry, with its own levels', () => {
    const w = walkForward(low, { ...settings, to: first + 40, extract: scripted(24, 5) });
    expect(w.watches).toBe(1);
    expect(watched(w)).toHaveLength(1);
    const placed = watched(w)[0]!;
    expect(placed).toMatchObject({ entryType: 'market', confidence: 80, madeAtIndex: first + 5 });
    expect(placed.stop).toBeCloseTo(placed.entry - 0.004, 9);
  });

  it('uses a limit at the setup entry when price is more than half a stop away at the trigger', () => {
    const w = walkForward(low, {
      ...settings,
      to: first + 40,
      extract: scripted(24, 5, 'LONG zone', -0.003),
    });
    expect(watched(w)[0]).toMatchObject({ entryType: 'limit', madeAtIndex: first + 5 });
    expect(AROUND_ENTRY * 0.004).toBeLessThan(0.003);
  });

  it('does not place a setup whose time ran out, one whose zone never gave a trade plan, or one price left behind', () => {
    expect(watched(walkForward(low, { ...settings, to: first + 40, extract: scripted(3, 5) }))).toHaveLength(
      0,
    );
    expect(
      watched(walkForward(low, { ...settings, to: first + 40, extract: scripted(24, 5, 'LONG other') })),
    ).toHaveLength(0);
    // Price at the trigger is already 1 pip beyond the setup's TP1 (entry 90 pips below, TP1 80 above it).
    const gone = walkForward(low, {
      ...settings,
      to: first + 40,
      extract: scripted(24, 5, 'LONG zone', -0.009),
    });
    expect(watched(gone)).toHaveLength(0);
    expect(gone.voidAtTrigger).toBe(1);
  });
});

describe('summarise', () => {
  const closedAt = (t: number, r: number, tp1: boolean) => ({
    outcome: {
      kind: 'closed' as const,
      r,
      reachedTp1: tp1,
      reachedTp2: false,
      fillPrice: 1,
      filledAt: t - 1,
      closedAt: t,
      openAtEnd: false,
    },
  });
  it('computes rates, expectancy, drawdown in closing order and profit factor', () => {
    const f = summarise(
      [
        closedAt(3, -1, false),
        closedAt(1, 2, true),
        { outcome: { kind: 'cancelled', reason: 'expired', at: 2 } },
        closedAt(4, -1, false),
        closedAt(5, 1.5, true),
      ],
      2000,
    );
    expect(f.plans).toBe(5);
    expect(f.plansPer1000Bars).toBe(2.5);
    expect(f.filled).toBe(4);
    expect(f.fillRate).toBe(0.8);
    expect(f.winRateTp1).toBe(0.5);
    expect(f.totalR).toBe(1.5);
    expect(f.averageR).toBe(0.375);
    expect(f.expectancyPerPlanR).toBe(0.3);
    // Equity by closing time: +2, +1, 0, +1.5: the worst fall from the peak is 2.
    expect(f.maxDrawdownR).toBe(2);
    expect(f.profitFactor).toBe(3.5 / 2);
    const [lo, hi] = f.averageRInterval!;
    expect(lo).toBeLessThan(0.375);
    expect(hi).toBeGreaterThan(0.375);
    expect(lo).toBeGreaterThanOrEqual(-1);
    expect(hi).toBeLessThanOrEqual(2);
  });
  it('has no rates without plans and no profit factor without losses', () => {
    const f = summarise([], 100);
    expect(f.fillRate).toBeNull();
    expect(f.averageR).toBeNull();
    expect(f.averageRInterval).toBeNull();
    expect(summarise([closedAt(1, 2, true)], 100).profitFactor).toBeNull();
  });
});
