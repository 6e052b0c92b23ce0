import { DETECTION } from './params';
import type { Series } from './series';
import type {
  Direction,
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
  unit: Float64Array,
  equalTolerance: number,
): LiquidityResult {
  const pools: PoolState[] = [];
  const sweeps: LiquiditySweep[] = [];
  const rejections: WickRejection[] = [];
  const highs: Resting[] = [];
  const lows: Resting[] = [];
  const { open, high, low, close } = s;
  // Order blocks become usable at their break bar; walk them in that order.
  const blocks = [...orderBlocks].sort((a, b) => a.breakIndex - b.breakIndex);
  const activeBull: OrderBlock[] = [];
  const activeBear: OrderBlock[] = [];
  let nextBlock = 0;
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

    // 3. Swings and order blocks that become known at the end of this bar.
    while (nextSwing < swings.length && swings[nextSwing]!.confirmedIndex <= t) {
      const sw = swings[nextSwing++]!;
      const tol = equalTolerance * u;
      if (sw.kind === 'high') addResting(highs, sw, tol, 'equalHighs', t, pools);
      else addResting(lows, sw, tol, 'equalLows', t, pools);
    }
    while (nextBlock < blocks.length && blocks[nextBlock]!.breakIndex <= t) {
      const b = blocks[nextBlock++]!;
      const list = b.direction === 'bullish' ? activeBull : activeBear;
      list.unshift(b);
      if (list.length > DETECTION.rejectionOrderBlocks) list.pop();
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

/**
 * A long wick that reached a level and closed back on the near side of it: a swing level the
 * wick took (or came within `near` of), else an order block zone the wick dipped into.
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
  blocks: readonly OrderBlock[],
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
  for (const b of blocks) {
    if (b.invalidatedIndex !== null && b.invalidatedIndex < t) continue;
    const edge = bullish ? b.top : b.bottom;
    const reached = bullish
      ? extreme <= b.top && extreme >= b.bottom - near
      : extreme >= b.bottom && extreme <= b.top + near;
    if (reached && beyond(edge)) {
      return { index: t, direction, level: edge, levelSource: 'orderBlock', wickRatio };
    }
  }
  return null;
}
