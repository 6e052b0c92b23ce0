import { formatPrice, formatZone } from './format';
import type {
  Bias,
  ConfluenceKey,
  EmaSummary,
  HigherTimeframeContext,
  ScoreItem,
  TimeframeAnalysis,
  TimeframeVerdict,
  Trend,
} from './types';

/**
 * Every weight and threshold of the verdict, in one place. docs/analysis-scoring.md explains
 * each line; change both together. Points are signed: + favours Bullish, - Bearish.
 */
export const SCORING = {
  weights: {
    /** Trend of the swing structure (internal structure when the swing one has no break yet). */
    trend: 2,
    /** Direction of the latest BOS/CHoCH (either scope). */
    bosChoch: 1.5,
    /** A valid (not invalidated) order block within reach: bullish below price, bearish above. */
    orderBlock: 1.5,
    /** An unfilled fair value gap within reach: bullish below price, bearish above. */
    fvg: 1,
    /** A liquidity sweep in the recent bars. */
    liquiditySweep: 1.5,
    /** A wick rejection in the recent bars. */
    wickRejection: 1,
    /** Discount favours longs, premium favours shorts. */
    premiumDiscount: 1,
    /** The higher timeframe's structure trend. */
    htfStructure: 2,
    /** Price near a major support (+) or resistance (-) cluster. */
    majorSupport: 1,
    /** Intact ascending support line (+) / descending resistance line (-); a broken one flips. */
    trendLine: 1,
    /** EMA 20/50/200 stacked in order. */
    emaStack: 1,
    /** Close above (+) or below (-) every warmed-up EMA. */
    emaPosition: 0.5,
    /** RSI divergence on the latest leg. */
    rsiDivergence: 1,
  },
  /** |score| at or above this gives a Bullish/Bearish bias; below it the bias is Neutral. */
  biasThreshold: 2,
  /** |score| that maps to strength 10 (strength = 10 * |score| / this, capped). */
  fullStrengthScore: 8,
  /** "Recent" for sweeps and wick rejections, in bars from the last bar. */
  recentBars: 10,
  /** "Within reach" for order blocks and gaps, in ATR from the last close. */
  zoneReachAtr: 3,
  /** "Near" a major level or an EMA acting as support, in ATR. */
  nearLevelAtr: 1.5,
} as const;

type Detections = Omit<TimeframeAnalysis, 'verdict'>;

interface Factor {
  key: ConfluenceKey | null;
  item: ScoreItem;
  text: string;
}

const dirWord = (d: 'bullish' | 'bearish') => (d === 'bullish' ? 'Bullish' : 'Bearish');
const sign = (d: 'bullish' | 'bearish') => (d === 'bullish' ? 1 : -1);

export function higherTimeframeTrend(
  htf: TimeframeAnalysis | HigherTimeframeContext | undefined,
): HigherTimeframeContext | null {
  if (!htf) return null;
  if (typeof htf.trend === 'string') return htf as HigherTimeframeContext;
  const a = htf as TimeframeAnalysis;
  return {
    timeframe: a.timeframe === 'unknown' ? undefined : a.timeframe,
    trend: a.trend.trend,
    lastBreak: a.trend.lastBreak,
  };
}

/** The per-timeframe verdict: score every factor, then bias and strength from the sum. */
export function scoreTimeframe(
  d: Detections,
  unitAtLast: number,
  htf: HigherTimeframeContext | null,
): TimeframeVerdict {
  const W = SCORING.weights;
  const p = d.pricePrecision;
  const px = (v: number) => formatPrice(v, p);
  const last = d.lastClose;
  const lastBar = d.barCount - 1;
  const reach = SCORING.zoneReachAtr * unitAtLast;
  const near = SCORING.nearLevelAtr * unitAtLast;
  const factors: Factor[] = [];
  const add = (key: ConfluenceKey | null, factor: ScoreItem['factor'], points: number, reason: string) =>
    factors.push({ key, item: { factor, points, reason }, text: reason });

  // Structure trend.
  const trend: Trend = d.trend.trend !== 'ranging' ? d.trend.trend : d.trend.internalTrend;
  if (trend !== 'ranging') {
    const scope = d.trend.trend !== 'ranging' ? 'swing' : 'internal';
    add(null, 'trend', sign(trend) * W.trend, `${dirWord(trend)} ${scope} structure`);
  }

  // Latest break of structure.
  const lb = latestBreak(d);
  if (lb) {
    const what = lb.direction === 'bullish' ? 'close above' : 'close below';
    add(
      'bosChoch',
      'bosChoch',
      sign(lb.direction) * W.bosChoch,
      `${dirWord(lb.direction)} ${lb.kind} (${lb.scope}): ${what} ${px(lb.level)} at bar ${lb.index}`,
    );
  }

  // Order blocks and unfilled gaps within reach, nearest per side.
  for (const dir of ['bullish', 'bearish'] as const) {
    const ob = nearestZone(d.orderBlocks, dir, last, reach, (o) => o.status !== 'invalidated');
    if (ob) {
      const zone = formatZone(ob.bottom, ob.top, p);
      add(
        'orderBlock',
        'orderBlock',
        sign(dir) * W.orderBlock,
        `${dirWord(dir)} order block at ${zone}, ${ob.status}`,
      );
    }
  }
  for (const dir of ['bullish', 'bearish'] as const) {
    const g = nearestZone(d.fvgs, dir, last, reach, (f) => f.status !== 'filled');
    if (g)
      add(
        'fvg',
        'fvg',
        sign(dir) * W.fvg,
        `${dirWord(dir)} FVG at ${formatZone(g.bottom, g.top, p)}, ${g.status}`,
      );
  }

  // Recent liquidity sweep (the latest one).
  const sweep = d.liquidity.sweeps[d.liquidity.sweeps.length - 1];
  if (sweep && lastBar - sweep.index < SCORING.recentBars) {
    const side = sweep.direction === 'bullish' ? 'Sell-side' : 'Buy-side';
    const where = sweep.direction === 'bullish' ? 'below' : 'above';
    const target =
      sweep.target === 'equalHighs'
        ? 'equal highs'
        : sweep.target === 'equalLows'
          ? 'equal lows'
          : 'swing ' + (sweep.target === 'swingHigh' ? 'high' : 'low');
    add(
      'liquiditySweep',
      'liquiditySweep',
      sign(sweep.direction) * W.liquiditySweep,
      `${side} liquidity swept ${where} ${px(sweep.level)} (${target}) at bar ${sweep.index}, closed back inside`,
    );
  }

  // Recent wick rejection (the latest one).
  const rej = d.wickRejections[d.wickRejections.length - 1];
  if (rej && lastBar - rej.index < SCORING.recentBars) {
    const src =
      rej.levelSource === 'orderBlock'
        ? 'order block'
        : rej.levelSource === 'keyLevel'
          ? 'key level'
          : rej.levelSource === 'fvg'
            ? 'gap'
            : rej.direction === 'bullish'
              ? 'swing low'
              : 'swing high';
    add(
      'wickRejection',
      'wickRejection',
      sign(rej.direction) * W.wickRejection,
      `${dirWord(rej.direction)} wick rejection at ${px(rej.level)} (${src}) at bar ${rej.index}`,
    );
  }

  // Premium / discount.
  const pd = d.premiumDiscount;
  if (pd) {
    const pts = pd.zone === 'discount' ? W.premiumDiscount : pd.zone === 'premium' ? -W.premiumDiscount : 0;
    const zoneWord = pd.zone === 'discount' ? 'Discount' : pd.zone === 'premium' ? 'Premium' : 'Equilibrium';
    add(
      'premiumDiscount',
      'premiumDiscount',
      pts,
      `${zoneWord}: price at ${Math.round(pd.position * 100)}% of the ${formatZone(pd.rangeLow, pd.rangeHigh, p)} range (equilibrium ${px(pd.equilibrium)})`,
    );
  }

  // Higher timeframe.
  if (htf && htf.trend !== 'ranging') {
    const tf = htf.timeframe ?? 'Higher timeframe';
    const brk = htf.lastBreak ? `, last ${htf.lastBreak.kind} at ${px(htf.lastBreak.level)}` : '';
    add(
      'htfStructure',
      'htfStructure',
      sign(htf.trend) * W.htfStructure,
      `${tf} structure ${htf.trend}${brk}`,
    );
  } else if (htf) {
    add('htfStructure', 'htfStructure', 0, `${htf.timeframe ?? 'Higher timeframe'} structure ranging`);
  }

  // Major support / resistance near price.
  const support = d.keyLevels.find((k) => k.kind === 'support' && last - k.price <= near);
  const resistance = d.keyLevels.find((k) => k.kind === 'resistance' && k.price - last <= near);
  if (support) {
    add(
      'majorSupport',
      'majorSupport',
      W.majorSupport,
      `Major support at ${px(support.price)} (${support.touches} touches)`,
    );
  }
  if (resistance) {
    add(
      'majorSupport',
      'majorSupport',
      -W.majorSupport,
      `Major resistance at ${px(resistance.price)} (${resistance.touches} touches)`,
    );
  }

  // Trend line.
  const tl = d.trendLine;
  if (tl) {
    const base = tl.kind === 'support' ? 1 : -1;
    const intact = tl.brokenIndex === null;
    const name = `${tl.direction === 'ascending' ? 'Ascending' : 'Descending'} trend line ${tl.kind}`;
    add(
      'trendLine',
      'trendLine',
      (intact ? base : -base) * W.trendLine,
      `${name} at ${px(tl.valueAtLast)} through ${tl.swingIndices.length} swing ${tl.kind === 'support' ? 'lows' : 'highs'}, ${intact ? 'intact' : `broken at bar ${tl.brokenIndex}`}`,
    );
  }

  // EMAs.
  const ema = emaSummary(d, unitAtLast);
  if (ema.trend !== 'Neutral') {
    add(
      null,
      'ema',
      ema.trend === 'Bullish' ? W.emaStack : -W.emaStack,
      `EMAs stacked ${ema.trend.toLowerCase()}`,
    );
  }
  if (ema.position !== 'between') {
    add(
      null,
      'ema',
      ema.position === 'above' ? W.emaPosition : -W.emaPosition,
      `Close ${ema.position} the EMAs`,
    );
  }

  // RSI divergence.
  if (d.divergence !== 'No Divergence') {
    const dv = d.divergence === 'Bullish Divergence' ? 1 : -1;
    add(null, 'rsi', dv * W.rsiDivergence, `${d.divergence} on RSI 14`);
  }

  const score = Math.round(factors.reduce((s, f) => s + f.item.points, 0) * 100) / 100;
  const bias: Bias =
    score >= SCORING.biasThreshold ? 'Bullish' : score <= -SCORING.biasThreshold ? 'Bearish' : 'Neutral';
  const strength = Math.round(Math.min(10, (10 * Math.abs(score)) / SCORING.fullStrengthScore) * 10) / 10;

  // Confluences: the factors that agree with the bias (all present ones when Neutral).
  const confluences: Partial<Record<ConfluenceKey, string>> = {};
  for (const f of factors) {
    if (!f.key) continue;
    const agrees = bias === 'Neutral' || (bias === 'Bullish' ? f.item.points > 0 : f.item.points < 0);
    if (!agrees) continue;
    confluences[f.key] = confluences[f.key] ? `${confluences[f.key]}; ${f.text}` : f.text;
  }

  return {
    timeframe: d.timeframe,
    bias,
    confluences,
    ema,
    rsi: { divergence: d.divergence },
    strength,
    scoring: factors.map((f) => f.item),
    score,
  };
}

/**
 * The zone of one direction nearest to price on its own side (bullish at or below the last
 * close, bearish at or above; price may sit inside it) within `reach`; the newest on ties.
 */
function nearestZone<Z extends { direction: 'bullish' | 'bearish'; top: number; bottom: number }>(
  zones: readonly Z[],
  dir: 'bullish' | 'bearish',
  last: number,
  reach: number,
  usable: (z: Z) => boolean,
): Z | null {
  let best: Z | null = null;
  let bestDist = Infinity;
  for (let k = zones.length - 1; k >= 0; k--) {
    const z = zones[k]!;
    if (z.direction !== dir || !usable(z)) continue;
    const dist = dir === 'bullish' ? last - z.top : z.bottom - last;
    if (dist > reach || dist < -(z.top - z.bottom)) continue;
    if (Math.max(0, dist) < bestDist) {
      best = z;
      bestDist = Math.max(0, dist);
    }
  }
  return best;
}

function latestBreak(d: Detections) {
  return d.structure.length > 0 ? d.structure[d.structure.length - 1]! : null;
}

function emaSummary(d: Detections, unitAtLast: number): EmaSummary {
  const n = d.barCount;
  const p = d.pricePrecision;
  const last = d.lastClose;
  const read = (s: typeof d.indicators.ema20) =>
    n > 0 && s.reliableFrom <= n - 1 && s.last !== null ? s.last : undefined;
  const e20 = read(d.indicators.ema20);
  const e50 = read(d.indicators.ema50);
  const e200 = read(d.indicators.ema200);
  const known = [
    [20, e20],
    [50, e50],
    [200, e200],
  ].filter((x): x is [number, number] => x[1] !== undefined);
  let trend: Bias = 'Neutral';
  if (known.length >= 2) {
    let up = true;
    let down = true;
    for (let k = 1; k < known.length; k++) {
      if (!(known[k - 1]![1] > known[k]![1])) up = false;
      if (!(known[k - 1]![1] < known[k]![1])) down = false;
    }
    trend = up ? 'Bullish' : down ? 'Bearish' : 'Neutral';
  }
  let position: EmaSummary['position'] = 'between';
  if (known.length > 0) {
    if (known.every(([, v]) => last > v)) position = 'above';
    else if (known.every(([, v]) => last < v)) position = 'below';
  }
  const round = (v: number | undefined) => (v === undefined ? undefined : Number(v.toFixed(p)));
  let support: string | undefined;
  const near = SCORING.nearLevelAtr * unitAtLast;
  const below = known.filter(([, v]) => v <= last && last - v <= near).sort((a, b) => b[1] - a[1])[0];
  const above = known.filter(([, v]) => v > last && v - last <= near).sort((a, b) => a[1] - b[1])[0];
  if (below) support = `EMA ${below[0]} at ${formatPrice(below[1], p)} acting as dynamic support`;
  else if (above) support = `EMA ${above[0]} at ${formatPrice(above[1], p)} acting as dynamic resistance`;
  const out: { -readonly [K in keyof EmaSummary]: EmaSummary[K] } = { trend, position };
  if (e20 !== undefined) out.ema20 = round(e20);
  if (e50 !== undefined) out.ema50 = round(e50);
  if (e200 !== undefined) out.ema200 = round(e200);
  if (support) out.support = support;
  return out;
}
