/**
 * Geometry of what the analysis found, in the screenshot's own pixels, so the UI can draw it
 * over the uploaded image: the read candles, order-block and FVG rectangles, liquidity and key
 * levels, BOS/CHoCH and sweep marks, and the plan's entry/stop/target lines.
 *
 * Prices map to rows through the chart's fitted price scale (priceToY); bar indices map to the
 * x of the candle read at that index (the analysed series is the read candles, one to one).
 */
import type { FairValueGap, OrderBlock } from '../analysis/types';
import { priceToY } from '../vision/scale/price-scale';
import type { SlotData } from './context';
import type { SetupZone } from './setup';
import type {
  CandleGeometry,
  CurrentPrice,
  LineKind,
  LineShape,
  MarkShape,
  TimeframeOverlay,
  ZoneShape,
} from './types';

/** The plan's levels to draw: a trade's, or a setup to watch's (labelled as not a trade). */
export interface PlanLines {
  readonly watch: boolean;
  readonly entry: number;
  readonly stopLoss: number;
  readonly takeProfit1: number;
  readonly takeProfit2: number | null;
  readonly formatted: {
    readonly entry: string;
    readonly stopLoss: string;
    readonly takeProfit1: string;
    readonly takeProfit2: string | null;
  };
}

/**
 * The bar at which a zone's rectangle ends, or null to run it to the right edge (issue 20: every
 * zone used to run to the edge, so a zone price had already used looked as fresh as one it had
 * never reached). A context zone ends where it was mitigated: an order block at the first bar
 * that traded back into it (its resting orders are taken then), a fair value gap at its first
 * touch (the reference library's MitigatedIndex), else where it was invalidated or filled. The
 * plan's setup zone runs on while it holds: its entry waits in it, mitigated or not.
 */
export function zoneEndIndex(
  zone: { kind: 'orderBlock'; ob: OrderBlock } | { kind: 'fvg'; gap: FairValueGap },
  role: 'setup' | 'context',
): number | null {
  if (zone.kind === 'orderBlock') {
    const { mitigatedIndex, invalidatedIndex } = zone.ob;
    return role === 'setup' ? invalidatedIndex : (mitigatedIndex ?? invalidatedIndex);
  }
  const { touchedIndex, filledIndex } = zone.gap;
  return role === 'setup' ? filledIndex : (touchedIndex ?? filledIndex);
}

const MAX_ZONES_PER_KIND = 6;
const MAX_MARKS = 8;
const px = (v: number) => Math.round(v * 10) / 10;

export function buildOverlay(
  d: SlotData,
  fmt: (p: number) => string,
  setupZone: SetupZone | null,
  plan: PlanLines | null,
  current: CurrentPrice,
): TimeframeOverlay {
  const { reading, analysis } = d;
  const scale = reading.priceScale;
  const plot = reading.plot;
  const candles = reading.candles;
  const half = Math.max(1, reading.barSpacing / 2);
  const y = (p: number) => px(priceToY(scale, p));
  const x = (i: number) => {
    const c = candles[Math.max(0, Math.min(candles.length - 1, i))];
    return c ? c.x : plot.left;
  };

  const candleGeometry: CandleGeometry[] = candles.map((c) => ({
    x: c.x,
    open: c.open,
    high: c.high,
    low: c.low,
    close: c.close,
    yOpen: y(c.open),
    yHigh: y(c.high),
    yLow: y(c.low),
    yClose: y(c.close),
  }));

  const zones: ZoneShape[] = [];
  const obs = analysis.orderBlocks.filter((ob) => ob.status !== 'invalidated' || ob === setupZone?.ob);
  const recentObs = obs.slice(-MAX_ZONES_PER_KIND);
  if (setupZone?.ob && !recentObs.includes(setupZone.ob)) recentObs.push(setupZone.ob);
  const right = (end: number | null) => (end !== null ? px(x(end)) : plot.right);
  for (const ob of recentObs) {
    const role = ob === setupZone?.ob ? 'setup' : 'context';
    zones.push({
      kind: 'orderBlock',
      direction: ob.direction,
      role,
      status: ob.status,
      left: px(x(ob.fromIndex) - half),
      right: right(zoneEndIndex({ kind: 'orderBlock', ob }, role)),
      top: y(ob.top),
      bottom: y(ob.bottom),
      priceTop: ob.top,
      priceBottom: ob.bottom,
      label: `${d.slot} ${ob.direction} OB ${fmt(ob.bottom)}-${fmt(ob.top)}`,
    });
  }
  const gaps = analysis.fvgs.filter((g) => g.status !== 'filled' || g === setupZone?.fvg);
  const recentGaps = gaps.slice(-MAX_ZONES_PER_KIND);
  if (setupZone?.fvg && !recentGaps.includes(setupZone.fvg)) recentGaps.push(setupZone.fvg);
  for (const g of recentGaps) {
    const role = g === setupZone?.fvg ? 'setup' : 'context';
    zones.push({
      kind: 'fvg',
      direction: g.direction,
      role,
      status: g.status,
      left: px(x(g.index - 1) - half),
      right: right(zoneEndIndex({ kind: 'fvg', gap: g }, role)),
      top: y(g.top),
      bottom: y(g.bottom),
      priceTop: g.top,
      priceBottom: g.bottom,
      label: `${d.slot} ${g.direction} FVG ${fmt(g.bottom)}-${fmt(g.top)}`,
    });
  }

  const lines: LineShape[] = [];
  const line = (kind: LineKind, price: number, x1: number, label: string) => {
    const raw = priceToY(scale, price);
    const offChart = !(raw >= plot.top && raw <= plot.bottom);
    lines.push({
      kind,
      price,
      // Off-chart levels are pinned to the plot edge; `offChart` tells the UI to mark them so.
      y: px(Math.max(plot.top, Math.min(plot.bottom, raw))),
      x1: px(x1),
      x2: plot.right,
      offChart,
      label,
    });
  };
  for (const pool of analysis.liquidity.pools) {
    if (pool.status !== 'resting') continue;
    const first = pool.swingIndices[0] ?? pool.confirmedIndex;
    line(
      'liquidity',
      pool.level,
      x(first),
      `${pool.kind === 'equalHighs' ? 'Equal highs' : 'Equal lows'} ${fmt(pool.level)}`,
    );
  }
  for (const k of analysis.keyLevels.slice(0, 4)) {
    line(
      'keyLevel',
      k.price,
      x(k.firstIndex),
      `${k.kind === 'support' ? 'Support' : 'Resistance'} ${fmt(k.price)}`,
    );
  }
  const pd = analysis.premiumDiscount;
  if (pd) {
    line(
      'equilibrium',
      pd.equilibrium,
      x(Math.min(pd.rangeHighIndex, pd.rangeLowIndex)),
      `Equilibrium ${fmt(pd.equilibrium)}`,
    );
  }
  // The 5m close on every chart: each plan line is read against it.
  line('currentPrice', current.price, plot.left, `Price ${current.formatted}`);
  if (plan) {
    // A setup to watch's levels are labelled as conditional, so nobody takes them for orders.
    const pre = plan.watch ? 'If triggered: ' : '';
    line('entry', plan.entry, plot.left, `${pre}Entry ${plan.formatted.entry}`);
    line('stopLoss', plan.stopLoss, plot.left, `${pre}Stop ${plan.formatted.stopLoss}`);
    line('takeProfit1', plan.takeProfit1, plot.left, `${pre}TP1 ${plan.formatted.takeProfit1}`);
    if (plan.takeProfit2 !== null && plan.formatted.takeProfit2 !== null) {
      line('takeProfit2', plan.takeProfit2, plot.left, `${pre}TP2 ${plan.formatted.takeProfit2}`);
    }
  }

  const marks: MarkShape[] = [];
  for (const b of analysis.structure.slice(-MAX_MARKS)) {
    marks.push({
      kind: b.kind,
      direction: b.direction,
      x1: px(x(b.swingIndex)),
      x2: px(x(b.index)),
      y: y(b.level),
      price: b.level,
      label: `${b.kind} ${b.direction === 'bullish' ? 'up' : 'down'} ${fmt(b.level)}`,
    });
  }
  for (const w of analysis.liquidity.sweeps.slice(-Math.floor(MAX_MARKS / 2))) {
    marks.push({
      kind: 'sweep',
      direction: w.direction,
      x1: px(x(w.swingIndex)),
      x2: px(x(w.index)),
      y: y(w.level),
      price: w.level,
      label: `Sweep ${fmt(w.level)}`,
    });
  }

  return { candles: candleGeometry, zones, lines, marks };
}
