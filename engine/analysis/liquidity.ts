import { DETECTION } from './params';
import type { Series } from './series';
import type {
  Direction,
  FairValueGap,
  Liquidity,
  LiquidityPool,
  LiquiditySweep,
  OrderBlock,
  Swing,
  WickRejection,
} from './types';

interface PoolState {
  kind: 'equalHighs' | 'equalLows';
  level: number;
  sum: number;
  swingIndices: number[];
  confirmedIndex: number;
  sweptIndex: number | null;
  status: LiquidityPool['status'];
}

interface Resting {
  level: number;
  swingIndex: number;
  pool: PoolState | null;
}

export interface LiquidityResult {
  readonly liquidity: Liquidity;
  readonly wickRejections: WickRejection[];
}

/**
 * Resting liquidity, sweeps and wick rejections in one pass over the bars.
 *
 * Unswept swing highs form a stack whose levels never increase from bottom to top: a newer
 * swing high is below every older one still resting (any lower one was taken out by the wick
 * that made the newer high). So each bar pops the highs its wick exceeds (amortised O(1)), and
 * a newly confirmed high is "equal" only to the stack top, the nearest resting high above it.
 * Lows mirror this.
 */
export function detectLiquidity(
  s: Series,
  swings: readonly Swing[],
  orderBlocks: readonly OrderBlock[],
  fvgs: readonly FairValueGap[],
  unit: Float64Array,
  equalTolerance: number,
): LiquidityResult {
  const pools: PoolState[] = [];
  const sweeps: LiquiditySweep[] = [];
  const rejections: WickRejection[] = [];
  const highs: Resting[] = [];
  const lows: Resting[] = [];
  const { open, high, low, close } = s;
  // Zones a wick can reject from, in the order they become known: an order block at its
  // break bar, a gap at its third candle. Each stays usable until closed through / filled.
  const zones: Zone[] = [
    ...orderBlocks.map((o) => ({
      direction: o.direction,
      top: o.top,
      bottom: o.bottom,
      knownAt: o.breakIndex,
      deadAt: o.invalidatedIndex,
      source: 'orderBlock' as const,
    })),
    ...fvgs.map((g) => ({
      direction: g.direction,
      top: g.top,
      bottom: g.bottom,
      knownAt: g.index + 1,
      deadAt: g.filledIndex,
      source: 'fvg' as const,
    })),
  ].sort((a, b) => a.knownAt - b.knownAt);
  const activeBull: Zone[] = [];
  const activeBear: Zone[] = [];
  let nextZone = 0;
  let nextSwing = 0;

  for (let t = 0; t < s.length; t++) {
    const u = unit[t]!;
    // 1. Liquidity taken by this bar's wicks.
    let topHigh: Resting | null = null;
    while (highs.length > 0 && highs[highs.length - 1]!.level < high[t]!) {
      const e = highs.pop()!;
      topHigh = e;
      if (e.pool && e.pool.swingIndices[0] === e.swingIndex && e.pool.sweptIndex === null) {
        e.pool.sweptIndex = t;
        e.pool.status = close[t]! < e.pool.level ? 'swept' : 'broken';
      }
    }
    if (topHigh && close[t]! < topHigh.level) sweeps.push(sweepOf(t, 'bearish', topHigh, high[t]!));
    let bottomLow: Resting | null = null;
    while (lows.length > 0 && lows[lows.length - 1]!.level > low[t]!) {
      const e = lows.pop()!;
      bottomLow = e;
      if (e.pool && e.pool.swingIndices[0] === e.swingIndex && e.pool.sweptIndex === null) {
        e.pool.sweptIndex = t;
        e.pool.status = close[t]! > e.pool.level ? 'swept' : 'broken';
      }
    }
    if (bottomLow && close[t]! > bottomLow.level) sweeps.push(sweepOf(t, 'bullish', bottomLow, low[t]!));

    // 2. Wick rejections at the levels known before this bar.
    const range = high[t]! - low[t]!;
    if (range > 0 && range >= DETECTION.rejectionMinRange * u) {
      const near = DETECTION.rejectionNearLevel * u;
      const lowerWick = Math.min(open[t]!, close[t]!) - low[t]!;
      const upperWick = high[t]! - Math.max(open[t]!, close[t]!);
      if (lowerWick / range >= DETECTION.rejectionWickRatio) {
        const r = rejectionAt(
          t,
          'bullish',
          low[t]!,
          close[t]!,
          lowerWick / range,
          near,
          bottomLow,
          lows,
          activeBull,
        );
        if (r) rejections.push(r);
      }
      if (upperWick / range >= DETECTION.rejectionWickRatio) {
        const r = rejectionAt(
          t,
          'bearish',
          high[t]!,
          close[t]!,
          upperWick / range,
          near,
          topHigh,
          highs,
          activeBear,
        );
        if (r) rejections.push(r);
      }
    }

    // 3. Swings and zones that become known at the end of this bar.
    while (nextSwing < swings.length && swings[nextSwing]!.confirmedIndex <= t) {
      const sw = swings[nextSwing++]!;
      const tol = equalTolerance * u;
      if (sw.kind === 'high') addResting(highs, sw, tol, 'equalHighs', t, pools);
      else addResting(lows, sw, tol, 'equalLows', t, pools);
    }
    while (nextZone < zones.length && zones[nextZone]!.knownAt <= t) {
      const z = zones[nextZone++]!;
      const list = z.direction === 'bullish' ? activeBull : activeBear;
      list.unshift(z);
      if (list.length > DETECTION.rejectionZones) list.pop();
    }
  }

  const lastUnit = s.length > 0 ? unit[s.length - 1]! : 0;
  return {
    liquidity: {
      pools: pools.map((p) => ({
        kind: p.kind,
        level: p.level,
        meanLevel: p.sum / p.swingIndices.length,
        swingIndices: p.swingIndices,
        confirmedIndex: p.confirmedIndex,
        sweptIndex: p.sweptIndex,
        status: p.status,
      })),
      sweeps,
      tolerance: equalTolerance * lastUnit,
    },
    wickRejections: rejections,
  };
}

function addResting(
  stack: Resting[],
  sw: Swing,
  tol: number,
  kind: PoolState['kind'],
  t: number,
  pools: PoolState[],
) {
  const top = stack[stack.length - 1];
  let pool: PoolState | null = null;
  if (top && Math.abs(top.level - sw.price) <= tol) {
    if (top.pool) {
      pool = top.pool;
      pool.swingIndices.push(sw.index);
      pool.sum += sw.price;
    } else {
      pool = {
        kind,
        level: top.level,
        sum: top.level + sw.price,
        swingIndices: [top.swingIndex, sw.index],
        confirmedIndex: t,
        sweptIndex: null,
        status: 'resting',
      };
      top.pool = pool;
      pools.push(pool);
    }
  }
  stack.push({ level: sw.price, swingIndex: sw.index, pool });
}

function sweepOf(t: number, direction: Direction, e: Resting, extreme: number): LiquiditySweep {
  const isPool = e.pool !== null && e.pool.swingIndices[0] === e.swingIndex;
  const bearish = direction === 'bearish';
  return {
    index: t,
    direction,
    level: e.level,
    target: isPool ? (bearish ? 'equalHighs' : 'equalLows') : bearish ? 'swingHigh' : 'swingLow',
    swingIndex: isPool ? e.pool!.swingIndices[e.pool!.swingIndices.length - 1]! : e.swingIndex,
    extreme,
  };
}

interface Zone {
  direction: Direction;
  top: number;
  bottom: number;
  knownAt: number;
  /** Invalidation (order block) or fill (gap) bar; unusable after it. */
  deadAt: number | null;
  source: 'orderBlock' | 'fvg';
}

/**
 * A long wick that reached a level and closed back on the near side of it: a swing level the
 * wick took (or came within `near` of), else the newest order block or gap the wick dipped
 * into (a bullish rejection closes above the zone's top).
 */
function rejectionAt(
  t: number,
  direction: Direction,
  extreme: number,
  closeT: number,
  wickRatio: number,
  near: number,
  taken: Resting | null,
  resting: readonly Resting[],
  zones: readonly Zone[],
): WickRejection | null {
  const bullish = direction === 'bullish';
  const beyond = (level: number) => (bullish ? closeT > level : closeT < level);
  if (taken && beyond(taken.level)) {
    return { index: t, direction, level: taken.level, levelSource: 'swing', wickRatio };
  }
  const nearest = resting[resting.length - 1];
  if (nearest && Math.abs(extreme - nearest.level) <= near && beyond(nearest.level)) {
    return { index: t, direction, level: nearest.level, levelSource: 'swing', wickRatio };
  }
  for (const z of zones) {
    if (z.deadAt !== null && z.deadAt < t) continue;
    const edge = bullish ? z.top : z.bottom;
    const reached = bullish
      ? extreme <= z.top && extreme >= z.bottom - near
      : extreme >= z.bottom && extreme <= z.top + near;
    if (reached && beyond(edge)) {
      return { index: t, direction, level: edge, levelSource: z.source, wickRatio };
    }
  }
  return null;
}
