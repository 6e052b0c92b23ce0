/**
 * Walk-forward backtest of the planner on one series of bars: at each step the planner sees only
 * what three screenshots taken at that moment would show (the last K bars of each timeframe, the
 * higher timeframes' current bar still forming), and the plan it returns is followed on the bars
 * that come after (simulate.ts). Nothing the planner is given lies after the step's bar.
 *
 * Pure: the caller reads the data and prints the figures (bench/backtest.bench.ts).
 */
import type { Timeframe } from '../core/ohlc';
import { analyzeReadings, type AnalysisResult, type Slot } from '../plan';
import type { ChartReading } from '../vision/types';
import { simulateOrder, type OrderOutcome, type PlannedOrder, type SimBar } from './simulate';

/** Bars of a higher timeframe built from a lower one, with the map back to the lower bars. */
export interface Resampled {
  readonly minutes: number;
  /** Complete buckets as aggregated bars (the last one may be partial at the end of the data). */
  readonly bars: readonly SimBar[];
  /** For each lower bar, the index of the bucket it belongs to. */
  readonly bucketOf: Int32Array;
  /** For each bucket, the index of its first lower bar. */
  readonly firstLow: Int32Array;
}

/**
 * Aggregates bars (oldest first, time = bar open in epoch ms) into `minutes`-long buckets aligned
 * to the clock (4h buckets open at 00:00, 04:00, ... of the data's own time zone). Gaps (weekends)
 * leave no empty buckets.
 */
export function resample(bars: readonly SimBar[], minutes: number): Resampled {
  const span = minutes * 60_000;
  const out: SimBar[] = [];
  const bucketOf = new Int32Array(bars.length);
  const first: number[] = [];
  let key = Number.NaN;
  for (let i = 0; i < bars.length; i++) {
    const b = bars[i]!;
    if (i > 0 && !(b.time > bars[i - 1]!.time)) {
      throw new RangeError(`Bars must be in time order: bar ${i} is not after bar ${i - 1}.`);
    }
    const k = Math.floor(b.time / span);
    if (k !== key) {
      key = k;
      first.push(i);
      out.push({ time: k * span, open: b.open, high: b.high, low: b.low, close: b.close });
    } else {
      const last = out[out.length - 1]!;
      out[out.length - 1] = {
        time: last.time,
        open: last.open,
        high: Math.max(last.high, b.high),
        low: Math.min(last.low, b.low),
        close: b.close,
      };
    }
    bucketOf[i] = out.length - 1;
  }
  return { minutes, bars: out, bucketOf, firstLow: Int32Array.from(first) };
}

/**
 * The last `count` bars of a higher timeframe as a chart shows them just after lower bar `t`
 * closed: the complete bars before, then the current bar formed from the lower bars so far.
 */
export function chartWindow(low: readonly SimBar[], higher: Resampled, t: number, count: number): SimBar[] {
  const j = higher.bucketOf[t]!;
  let forming: SimBar | null = null;
  for (let i = higher.firstLow[j]!; i <= t; i++) {
    const b = low[i]!;
    forming = forming
      ? {
          time: forming.time,
          open: forming.open,
          high: Math.max(forming.high, b.high),
          low: Math.min(forming.low, b.low),
          close: b.close,
        }
      : { time: higher.bars[j]!.time, open: b.open, high: b.high, low: b.low, close: b.close };
  }
  const before = higher.bars.slice(Math.max(0, j - (count - 1)), j);
  return forming ? [...before, forming] : before;
}

/**
 * A chart reading of `bars` as a 1600x900 screenshot with a linear price scale would give
 * (plot area, price scale and candle centres), read perfectly: the backtest measures the rules,
 * not the chart reader.
 */
export function screenshotReading(
  bars: readonly SimBar[],
  symbol: string,
  timeframe: Timeframe,
): ChartReading {
  const plot = { left: 10, top: 40, right: 1530, bottom: 870 };
  let lo = Infinity;
  let hi = -Infinity;
  for (const b of bars) {
    lo = Math.min(lo, b.low);
    hi = Math.max(hi, b.high);
  }
  // Platforms leave a margin above and below the candles.
  const pad = (hi - lo) * 0.05 || 1e-6;
  const top = hi + pad;
  const slope = -(top - (lo - pad)) / (plot.bottom - plot.top);
  const spacing = (plot.right - plot.left - 20) / Math.max(1, bars.length);
  return {
    symbol,
    timeframe,
    plot,
    priceScale: { mode: 'linear', slope, intercept: top - slope * plot.top, labels: [], residualPx: 0 },
    candles: bars.map((b, i) => ({
      x: Math.round((plot.left + 10 + spacing * (i + 0.5)) * 10) / 10,
      open: b.open,
      high: b.high,
      low: b.low,
      close: b.close,
    })),
    confidence: 1,
    warnings: [],
    style: { kind: 'candles', theme: 'dark', axisSide: 'right' },
    barSpacing: spacing,
  };
}

/** A plan turned into the order a trader places, with what the figures are grouped by. */
export interface TakenOrder extends PlannedOrder {
  /**
   * 'tradePlan': placed when given. 'setupToWatch': a conditional plan, placed (with its own
   * levels) only once its trigger has happened, which is when a later step returns a trade plan on
   * the same zone and direction before the setup's validUntil.
   */
  readonly source: 'tradePlan' | 'setupToWatch';
  /** The plan's confidence (for a setup to watch, its confidence once triggered). */
  readonly confidence: number;
  /** Direction and zone: the idea, to recognise it when a later step offers it again. */
  readonly key: string;
}

/** The orders a result asks a trader to place, and the setups it asks them to watch. */
export type OrderExtractor = (result: AnalysisResult, madeAt: number, expiresAt: number) => TakenOrder[];

/** An idea's key: direction and zone at the instrument's precision. */
export const ideaKey = (direction: string, bottom: number, top: number, precision: number) =>
  `${direction} ${bottom.toFixed(precision)}-${top.toFixed(precision)}`;

/** The trade plan of a result as the order a trader places. */
export const tradePlanOrders: OrderExtractor = (result, _madeAt, expiresAt) => {
  const p = result.tradePlan;
  if (!p) return [];
  return [
    {
      source: 'tradePlan',
      confidence: p.confidence,
      key: ideaKey(p.direction, p.setup.zoneBottom, p.setup.zoneTop, result.instrument.precision),
      direction: p.direction,
      entryType: p.entryType,
      entry: p.entry,
      stop: p.stopLoss,
      tp1: p.takeProfit1,
      tp2: p.takeProfit2,
      validUntil: expiresAt,
    },
  ];
};

/**
 * The conditional plan ("setup to watch") a planner returns when there is no trade now, in the
 * shape the planner of issue 18 gives it. Read structurally so this module builds against a
 * planner with or without it.
 */
interface WatchedSetupShape {
  readonly setupToWatch?: {
    readonly direction: 'LONG' | 'SHORT';
    readonly zone: { readonly top: number; readonly bottom: number };
    readonly entry: number;
    readonly stopLoss: number;
    readonly takeProfit1: number;
    readonly takeProfit2: number | null;
    readonly confidenceIfTriggered: number;
  } | null;
}

/** The trade plan and, when the result has one, the setup to watch. */
export const planAndWatchOrders: OrderExtractor = (result, madeAt, expiresAt) => {
  const orders = tradePlanOrders(result, madeAt, expiresAt);
  const w = (result as AnalysisResult & WatchedSetupShape).setupToWatch;
  if (w) {
    orders.push({
      source: 'setupToWatch',
      confidence: w.confidenceIfTriggered,
      key: ideaKey(w.direction, w.zone.bottom, w.zone.top, result.instrument.precision),
      direction: w.direction,
      entryType: 'limit',
      entry: w.entry,
      stop: w.stopLoss,
      tp1: w.takeProfit1,
      tp2: w.takeProfit2,
      validUntil: expiresAt,
    });
  }
  return orders;
};

/**
 * "Around the entry", for a triggered setup: within this share of the stop distance. Entering
 * at the market further away would lose more than 1.5 R of the setup's own risk at its stop.
 */
export const AROUND_ENTRY = 0.5;

export interface WalkSettings {
  readonly symbol: string;
  /** Bars on each chart, as a screenshot shows them. */
  readonly barsPerChart: number;
  /** Plan every `step` lowest-timeframe bars. */
  readonly step: number;
  /** The slots' timeframes: the data's own (e.g. 15m/1h/4h) in place of 5m/15m/4h. */
  readonly timeframes: Readonly<Record<Slot, { readonly minutes: number; readonly label: Timeframe }>>;
  /** An unfilled limit is cancelled after this many lowest-timeframe bars. */
  readonly expiryBars: number;
  readonly spread: number;
  readonly partialAtTp1: number;
  /** Only steps at lowest-timeframe bar indices in [from, to) are planned (the data before is history). */
  readonly from?: number;
  readonly to?: number;
  /** What a result asks the trader to do; planAndWatchOrders by default. */
  readonly extract?: OrderExtractor;
  /** Called after each step, e.g. for progress. */
  readonly onStep?: (t: number) => void;
}

export interface WalkedPlan extends TakenOrder {
  /** Lowest-timeframe bar index the plan was made after (its close). */
  readonly madeAtIndex: number;
  /** The close of that bar: the current price when the plan was given. */
  readonly priceAtPlan: number;
  readonly outcome: OrderOutcome;
}

export interface WalkResult {
  readonly plans: WalkedPlan[];
  readonly steps: number;
  /** Steps whose result held a trade plan (repeats of a live idea included). */
  readonly stepsWithOrders: number;
  /** Lowest-timeframe bars covered by the steps. */
  readonly barsWalked: number;
  /** Steps the planner refused with an engine error (counted, not hidden). */
  readonly refusals: number;
  /** Orders not counted as new plans: given while one in the same direction was live, or on a spent zone. */
  readonly repeats: number;
  /** Distinct setups to watch given (triggered or not); the triggered ones are among `plans`. */
  readonly watches: number;
  /** Setups whose trigger came when price was already past their TP1 or stop: not placed. */
  readonly voidAtTrigger: number;
}

export function walkForward(low: readonly SimBar[], settings: WalkSettings): WalkResult {
  const { barsPerChart: k, step } = settings;
  const lowMinutes = settings.timeframes['5m'].minutes;
  const mid = resample(low, settings.timeframes['15m'].minutes);
  const high = resample(low, settings.timeframes['4h'].minutes);
  const extract = settings.extract ?? planAndWatchOrders;
  // The first step at which every chart can show k bars.
  const ready = Math.max(k - 1, mid.firstLow[k - 1] ?? Infinity, high.firstLow[k - 1] ?? Infinity);
  const from = Math.max(ready, settings.from ?? 0);
  const to = Math.min(low.length - 1, settings.to ?? low.length);
  const plans: WalkedPlan[] = [];
  /**
   * When the last order in each direction ends (cancelled or closed). A trader following the app
   * holds one idea per direction at a time: a plan given while an earlier one in the same direction
   * is still pending or open is the same bet again (often on the same zone), not a new plan.
   */
  const live = new Map<'LONG' | 'SHORT', number>();
  /**
   * Ideas (direction and zone) whose limit was cancelled because price reached TP1 first: the
   * plan's own words say the move went without the trader, so that zone offered again is not a
   * new plan.
   */
  const spent = new Set<string>();
  let repeats = 0;
  /** Setups to watch waiting for their trigger, by key. */
  const watching = new Map<string, TakenOrder>();
  let watches = 0;
  let voidAtTrigger = 0;
  let steps = 0;
  let stepsWithOrders = 0;
  let refusals = 0;
  for (let t = from; t < to; t += step) {
    steps++;
    const readings: Record<Slot, ChartReading> = {
      '5m': screenshotReading(low.slice(t - k + 1, t + 1), settings.symbol, '5m'),
      '15m': screenshotReading(chartWindow(low, mid, t, k), settings.symbol, '15m'),
      '4h': screenshotReading(chartWindow(low, high, t, k), settings.symbol, '4h'),
    };
    let result: AnalysisResult;
    try {
      result = analyzeReadings(readings, { account: 10_000, riskPercent: 1, symbol: settings.symbol });
    } catch {
      refusals++;
      settings.onStep?.(t);
      continue;
    }
    // The plan is made once bar t has closed; orders can act from bar t+1.
    const madeAt = low[t]!.time + lowMinutes * 60_000;
    const after = low.slice(t + 1);
    const expiresAt = after[settings.expiryBars]?.time ?? Infinity;
    const orders = extract(result, madeAt, expiresAt);
    const simulate = (order: PlannedOrder) =>
      simulateOrder(order, after, { spread: settings.spread, partialAtTp1: settings.partialAtTp1 });
    for (const [key, watch] of watching) if (watch.validUntil <= madeAt) watching.delete(key);
    if (orders.some((o) => o.source === 'tradePlan')) stepsWithOrders++;
    for (const order of orders) {
      if (order.source === 'setupToWatch') {
        if (watching.has(order.key)) continue;
        watches++;
        watching.set(order.key, order);
        continue;
      }
      // A trade plan on a watched zone is that setup's trigger. The setup says "then enter around
      // its entry" with its stop and targets: at the market while price is still around the entry,
      // otherwise with a limit at it; not at all once price has passed its TP1 or stop.
      const watch = watching.get(order.key);
      if (watch) {
        watching.delete(order.key);
        const s = watch.direction === 'LONG' ? 1 : -1;
        const price = low[t]!.close;
        if (s * (price - watch.tp1) < 0 && s * (price - watch.stop) > 0) {
          const around = Math.abs(price - watch.entry) <= AROUND_ENTRY * Math.abs(watch.entry - watch.stop);
          const placed = {
            ...watch,
            entryType: around ? ('market' as const) : ('limit' as const),
            validUntil: expiresAt,
          };
          plans.push({ ...placed, madeAtIndex: t, priceAtPlan: price, outcome: simulate(placed) });
        } else {
          voidAtTrigger++;
        }
      }
      const endsAt = live.get(order.direction);
      if ((endsAt !== undefined && endsAt >= madeAt) || spent.has(order.key)) {
        repeats++;
        continue;
      }
      const outcome = simulate(order);
      live.set(order.direction, outcome.kind === 'closed' ? outcome.closedAt : outcome.at);
      if (outcome.kind === 'cancelled' && outcome.reason === 'tp1-before-fill') spent.add(order.key);
      plans.push({ ...order, madeAtIndex: t, priceAtPlan: low[t]!.close, outcome });
    }
    settings.onStep?.(t);
  }
  return {
    plans,
    steps,
    stepsWithOrders,
    barsWalked: Math.max(0, to - from),
    refusals,
    repeats,
    watches,
    voidAtTrigger,
  };
}
