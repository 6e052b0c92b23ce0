import { px } from './figures';
import type { FigureCandle, PracticeExercise } from './types';

// Practice charts are fixed, hand-designed series. Each is described as legs ("fall to 70 pips
// in 5 candles") plus a few candles written out in full where the exact shape is the point of
// the exercise (the impulse of a gap, the spike of a sweep). The builder is deterministic, so
// the bars are the same on every render and the analysis engine grades the click on exactly
// the bars the trader sees.

type Row = readonly [open: number, high: number, low: number, close: number];
type Segment = { readonly to: number; readonly bars: number } | { readonly row: Row };

/**
 * Candles in pips above the base price. Within a leg every candle moves the same distance and
 * its wicks are at least half of that step, so consecutive candles overlap (no accidental fair
 * value gaps); the last candle of a leg reaches 2 pips further so the turn is a clear swing.
 */
export function buildPracticeBars(start: number, segments: readonly Segment[]): FigureCandle[] {
  const rows: Row[] = [];
  let last = start;
  for (const seg of segments) {
    if ('row' in seg) {
      rows.push(seg.row);
      last = seg.row[3];
      continue;
    }
    const from = last;
    const step = (seg.to - from) / seg.bars;
    const wick = Math.max(1, Math.ceil(Math.abs(step) / 2));
    for (let k = 1; k <= seg.bars; k++) {
      const open = last;
      const close = Math.round(from + step * k);
      // Alternate one extra pip between the upper and lower wick so candles do not look stamped.
      const odd = rows.length % 2;
      const extreme = k === seg.bars ? 2 : 0;
      const high = Math.max(open, close) + wick + odd + (step > 0 ? extreme : 0);
      const low = Math.min(open, close) - wick - (1 - odd) - (step < 0 ? extreme : 0);
      rows.push([open, high, low, close]);
      last = close;
    }
  }
  return rows.map(([o, h, l, c]) => ({ open: px(o), high: px(h), low: px(l), close: px(c) }));
}

export const PRACTICE_EXERCISES: readonly PracticeExercise[] = [
  {
    id: 'practice-bos',
    concept: 'structure-break',
    structureKind: 'BOS',
    direction: 'bullish',
    title: 'Find a bullish break of structure',
    prompt:
      'This market is making higher highs and higher lows. Click a candle that CLOSES above the previous swing high: a bullish break of structure (BOS).',
    bars: buildPracticeBars(20, [
      { to: 48, bars: 5 },
      { to: 36, bars: 4 },
      { to: 66, bars: 5 },
      { to: 54, bars: 4 },
      { to: 86, bars: 5 },
      { to: 74, bars: 4 },
      { to: 104, bars: 5 },
      { to: 96, bars: 3 },
    ]),
    hint: 'First find a swing high (a candle with lower highs on both sides). Then move right until a candle body closes above that high; a wick alone does not count.',
    explanation:
      'The close above the last swing high confirms another higher high: the uptrend continues, so it is a break of structure rather than a change of character.',
  },
  {
    id: 'practice-choch',
    concept: 'structure-break',
    structureKind: 'CHoCH',
    direction: 'bullish',
    title: 'Find the change of character',
    prompt:
      'A downtrend runs out of steam. Click the candle whose close is the FIRST break above a lower high: the bullish change of character (CHoCH).',
    bars: buildPracticeBars(100, [
      { to: 72, bars: 5 },
      { to: 84, bars: 4 },
      { to: 56, bars: 5 },
      { to: 67, bars: 4 },
      { to: 44, bars: 5 },
      { to: 74, bars: 6 },
      { to: 62, bars: 4 },
      { to: 88, bars: 5 },
    ]),
    hint: 'Find the last lower high before the final low. The CHoCH is the first candle that closes above it; later breaks in the new direction are BOS.',
    explanation:
      'Until this close every rally failed below the previous high. Closing above the last lower high is the first break against the downtrend: a change of character.',
  },
  {
    id: 'practice-order-block',
    concept: 'order-block',
    direction: 'bullish',
    title: 'Mark the bullish order block',
    prompt:
      'Price falls, then rallies hard and closes above the last swing high. Click the bullish order block: the last down (red) candle before that rally.',
    bars: buildPracticeBars(90, [
      { to: 64, bars: 5 },
      { to: 76, bars: 4 },
      { to: 50, bars: 5 },
      { to: 58, bars: 3 },
      { row: [58, 59, 46, 48] },
      { row: [48, 50, 38, 40] },
      { row: [40, 56, 39, 55] },
      { row: [55, 72, 54, 70] },
      { row: [70, 84, 68, 82] },
      { to: 70, bars: 4 },
      { to: 92, bars: 5 },
    ]),
    hint: 'Find the rally that broke structure, then walk back to the lowest point before it. The red candle there is the block.',
    explanation:
      'This red candle is the last selling before the impulse that broke structure upward. Its high-to-low range is the zone SMC traders watch for a retest.',
  },
  {
    id: 'practice-fvg',
    concept: 'fair-value-gap',
    direction: 'bullish',
    title: 'Spot the bullish fair value gap',
    prompt:
      'One fast move left a gap: the high of one candle is below the low of the candle two places later. Click the MIDDLE candle of that bullish fair value gap.',
    bars: buildPracticeBars(30, [
      { to: 46, bars: 5 },
      { to: 36, bars: 4 },
      { to: 44, bars: 3 },
      { row: [44, 47, 42, 46] },
      { row: [46, 68, 45, 66] },
      { row: [66, 74, 58, 72] },
      { to: 60, bars: 4 },
      { to: 80, bars: 5 },
    ]),
    hint: 'Look for a very large green candle. Compare the high of the candle before it with the low of the candle after it: do they overlap?',
    explanation:
      'The candle before the impulse topped out below the low of the candle after it, so the space between them was never traded: a bullish fair value gap, marked on the middle candle.',
  },
  {
    id: 'practice-order-block-bearish',
    concept: 'order-block',
    direction: 'bearish',
    title: 'Mark the bearish order block',
    prompt:
      'An uptrend tops out and then drops hard through the last higher low. Click the bearish order block: the last up (green) candle before that drop.',
    bars: buildPracticeBars(20, [
      { to: 48, bars: 5 },
      { to: 36, bars: 4 },
      { to: 64, bars: 5 },
      { to: 52, bars: 4 },
      { to: 60, bars: 3 },
      { row: [60, 72, 59, 70] },
      { row: [70, 80, 68, 78] },
      { row: [78, 79, 62, 64] },
      { row: [64, 65, 40, 42] },
      { to: 60, bars: 4 },
      { to: 34, bars: 5 },
    ]),
    hint: 'Find the drop that closed below the last higher low, then walk back to its highest point. The green candle there is the block.',
    explanation:
      'This green candle is the last buying before the sell-off that broke the uptrend structure. Its range is the zone SMC traders watch for a retest from below.',
  },
  {
    id: 'practice-fvg-bearish',
    concept: 'fair-value-gap',
    direction: 'bearish',
    title: 'Spot the bearish fair value gap',
    prompt:
      'A sharp drop left a gap: the low of one candle is above the high of the candle two places later. Click the MIDDLE candle of that bearish fair value gap.',
    bars: buildPracticeBars(40, [
      { to: 62, bars: 5 },
      { to: 52, bars: 4 },
      { to: 68, bars: 4 },
      { row: [68, 72, 66, 67] },
      { row: [67, 68, 46, 48] },
      { row: [48, 58, 44, 50] },
      { to: 60, bars: 3 },
      { to: 36, bars: 5 },
    ]),
    hint: 'Look for a very large red candle. Compare the low of the candle before it with the high of the candle after it.',
    explanation:
      'The candle before the drop bottomed out above the high of the candle after it, so the space between them was never traded: a bearish fair value gap, which sellers may defend if price returns.',
  },
  {
    id: 'practice-sweep',
    concept: 'liquidity-sweep',
    direction: 'bearish',
    title: 'Catch the liquidity sweep',
    prompt:
      'Two highs sit at the same level, with buy stops resting above them. Click the candle that wicks above those highs but closes back below: the sweep.',
    bars: buildPracticeBars(40, [
      { to: 70, bars: 5 },
      { to: 56, bars: 4 },
      { to: 70, bars: 4 },
      { to: 58, bars: 4 },
      { to: 66, bars: 3 },
      { row: [66, 80, 65, 67] },
      { to: 50, bars: 4 },
      { to: 36, bars: 4 },
    ]),
    hint: 'The equal highs are the two tops at the same price. The sweep candle goes above them with its wick only.',
    explanation:
      'The wick took out the stops above the equal highs, but the candle closed back inside the range. That failure to hold above the highs is what makes it a sweep rather than a breakout.',
  },
];

export function findExercise(id: string): PracticeExercise | undefined {
  return PRACTICE_EXERCISES.find((e) => e.id === id);
}
