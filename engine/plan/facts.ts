/**
 * The one set of facts every sentence of a result is written from (issue 18: "one set of
 * facts, one story"). Texts used to look at the analysis each in their own way, and told
 * different stories: the breakdown said the zone was "not yet retested" (the 15m status) while
 * the strategy said "Since price reached the zone" (a 5m touch); the breakdown said "no RSI
 * divergence on the 15m or 5m" while the 15m card showed one. Each fact is decided here once,
 * and confidence.ts and text.ts only put it into words. engine/plan/story.test.ts reads every
 * text of many generated results and fails when two of them disagree.
 */
import type { DivergenceAnswer, RsiDivergence } from '../analysis/types';
import type { PlanContext, SlotData } from './context';
import type { Setup, SetupZone, Side, Trigger } from './setup';
import type { Slot } from './types';

export interface DivergenceFact {
  /** What the timeframe card shows. */
  readonly answer: DivergenceAnswer;
  /** The divergence behind that answer, for the numbers in the notes; null with none. */
  readonly latest: RsiDivergence | null;
}

export interface PlanFacts {
  readonly side: Side | null;
  /** The current price: the last close of the 5m chart. */
  readonly price: number;
  readonly zone: SetupZone | null;
  /**
   * Price has traded back into the zone since it formed: its 15m status says so (order block
   * mitigated, gap partly filled) or a 5m bar reached it within the trigger window.
   */
  readonly zoneTested: boolean;
  /** A 5m bar reached the zone within the trigger window (TRIGGER_LOOKBACK_BARS). */
  readonly zoneReachedRecently: boolean;
  readonly trigger: Trigger | null;
  /** A 5m structure break the trade's way since price reached the zone. */
  readonly confirmed: boolean;
  /** Per timeframe, exactly what its card shows. */
  readonly divergences: Readonly<Record<Slot, DivergenceFact>>;
  readonly setup: Setup | null;
}

function divergenceFact(d: SlotData): DivergenceFact {
  const answer = d.analysis.verdict.rsi.divergence;
  if (answer === 'No Divergence') return { answer, latest: null };
  const direction = answer === 'Bullish Divergence' ? 'bullish' : 'bearish';
  return { answer, latest: d.analysis.divergences.findLast((x) => x.direction === direction) ?? null };
}

export function planFacts(
  ctx: PlanContext,
  side: Side | null,
  zone: SetupZone | null,
  trigger: Trigger | null,
  setup: Setup | null,
): PlanFacts {
  const zoneReachedRecently = !!trigger && trigger.touchIndex >= 0;
  return {
    side,
    price: ctx.price,
    zone,
    zoneTested: !!zone && (!zone.fresh || zoneReachedRecently),
    zoneReachedRecently,
    trigger,
    confirmed: !!trigger?.structureBreak,
    divergences: {
      '4h': divergenceFact(ctx.s4h),
      '15m': divergenceFact(ctx.s15m),
      '5m': divergenceFact(ctx.s5m),
    },
    setup,
  };
}
