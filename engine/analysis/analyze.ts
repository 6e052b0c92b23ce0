import type { Bar } from '../core/ohlc';
import { EngineError } from '../core/errors';
import { detectDivergences, latestDivergence } from './divergence';
import { inferPrecision } from './format';
import { detectFvgs } from './fvg';
import { computeIndicators, describeIndicators } from './indicators';
import { keyLevels, premiumDiscount, trendLine } from './levels';
import { detectLiquidity } from './liquidity';
import { DETECTION } from './params';
import { higherTimeframeTrend, scoreTimeframe } from './scoring';
import { SeriesQueries, toSeries } from './series';
import { detectStructure } from './structure';
import { detectSwings } from './swings';
import type { AnalyzeOptions, StructureBreak, Swing, TimeframeAnalysis } from './types';

/** Fewer bars than this cannot hold even one three-candle gap. */
export const MIN_BARS = 3;

/**
 * One timeframe's bars (oldest first) to every detection and the verdict. Pure and
 * deterministic; every detection is confirmed by bars already present, so analysing
 * bars[0..k] gives the same detections as analysing more bars and looking at those known by k.
 */
export function analyzeTimeframe(bars: readonly Bar[], options: AnalyzeOptions = {}): TimeframeAnalysis {
  if (bars.length < MIN_BARS) {
    throw new EngineError(
      'TOO_FEW_CANDLES',
      `At least ${MIN_BARS} candles are needed to analyse a chart; got ${bars.length}.`,
      {
        candles: bars.length,
      },
    );
  }
  const internalLength = positiveInt(options.internalLength ?? DETECTION.internalLength, 'internalLength');
  const swingLength = positiveInt(options.swingLength ?? DETECTION.swingLength, 'swingLength');
  const fvgThreshold = options.fvgThreshold ?? 0;
  if (!(fvgThreshold >= 0)) {
    throw new EngineError('INVALID_INPUT', 'The fair value gap threshold must be a number >= 0.', {
      fvgThreshold,
    });
  }
  const equalTolerance = options.equalTolerance ?? DETECTION.equalTolerance;
  const emaSeed = options.emaSeed ?? 'first';

  const s = toSeries(bars);
  const n = s.length;
  const q = new SeriesQueries(s);
  const ind = computeIndicators(s, emaSeed);
  const pricePrecision = options.pricePrecision ?? inferPrecision(s);

  const internal = detectSwings(s, internalLength, 'internal');
  const swing = detectSwings(s, swingLength, 'swing');
  const internalStructure = detectStructure(s, q, internal, 'internal');
  const swingStructure = detectStructure(s, q, swing, 'swing');
  const structure: StructureBreak[] = [...internalStructure.breaks, ...swingStructure.breaks].sort(
    (a, b) => a.index - b.index || (a.scope === b.scope ? 0 : a.scope === 'internal' ? -1 : 1),
  );
  const orderBlocks = [...internalStructure.orderBlocks, ...swingStructure.orderBlocks].sort(
    (a, b) => a.breakIndex - b.breakIndex || a.index - b.index || (a.scope === 'internal' ? -1 : 1),
  );
  const fvgs = detectFvgs(s, q, ind.unit, fvgThreshold);
  const { liquidity, wickRejections } = detectLiquidity(
    s,
    internal,
    orderBlocks,
    fvgs,
    ind.unit,
    equalTolerance,
  );
  const swings: Swing[] = [...internal, ...swing].sort(
    (a, b) =>
      a.index - b.index ||
      (a.kind === b.kind ? 0 : a.kind === 'high' ? -1 : 1) ||
      (a.scope === 'internal' ? -1 : 1),
  );
  const unitAtLast = ind.unit[n - 1]!;
  const divergences = detectDivergences(internal, ind.rsi14);
  const { answer } = latestDivergence(internal, divergences);

  let low = Infinity;
  let high = -Infinity;
  for (let i = 0; i < n; i++) {
    if (s.low[i]! < low) low = s.low[i]!;
    if (s.high[i]! > high) high = s.high[i]!;
  }
  const lastSwingBreak = swingStructure.breaks[swingStructure.breaks.length - 1];
  const lastInternalBreak = internalStructure.breaks[internalStructure.breaks.length - 1];
  const trendSummary = {
    trend: swingStructure.trend,
    internalTrend: internalStructure.trend,
    lastBreak: lastSwingBreak ?? lastInternalBreak ?? null,
  };
  const detections = {
    timeframe: options.timeframe ?? ('unknown' as const),
    barCount: n,
    pricePrecision,
    priceRange: { low, high },
    lastClose: s.close[n - 1]!,
    indicators: describeIndicators(ind, emaSeed),
    swings,
    structure,
    trend: trendSummary,
    orderBlocks,
    fvgs,
    liquidity,
    wickRejections,
    premiumDiscount: premiumDiscount(s, swing, internal),
    keyLevels: keyLevels(s, swings, unitAtLast),
    trendLine: trendLine(
      s,
      internal,
      internalStructure.trend === 'ranging' ? swingStructure.trend : internalStructure.trend,
    ),
    divergences,
    divergence: answer,
  };
  const verdict = scoreTimeframe(detections, unitAtLast, higherTimeframeTrend(options.higherTimeframe));
  return { ...detections, verdict };
}

function positiveInt(v: number, name: string): number {
  if (!Number.isInteger(v) || v < 1) {
    throw new EngineError('INVALID_INPUT', `${name} must be a whole number >= 1.`, { [name]: v });
  }
  return v;
}
