import type { Figure, FigureCandle } from './types';

// Every figure is drawn on a EURUSD-like scale. Candles are written in pips above a base
// price because that is how a trader reads them ("the wick went 12 pips below the low") and
// it keeps the hand-made series easy to check; `pipsToCandles` turns them into real prices.

const BASE = 1.08;
const PIP = 0.0001;

/** Price `pips` above the base, rounded to 5 decimals so labels never show float noise. */
export const px = (pips: number): number => Number((BASE + pips * PIP).toFixed(5));

type Row = readonly [open: number, high: number, low: number, close: number];

export function pipsToCandles(rows: readonly Row[]): FigureCandle[] {
  return rows.map(([open, high, low, close]) => ({
    open: px(open),
    high: px(high),
    low: px(low),
    close: px(close),
  }));
}

export const candleAnatomyFigure: Figure = {
  id: 'candle-anatomy',
  title: 'Anatomy of a candle',
  description:
    'Two candles side by side. The green bullish candle opens at 1.08100, rises to a high of 1.08400, dips to a low of 1.08000 and closes at 1.08320. The red bearish candle opens at 1.08320, reaches 1.08380, falls to 1.08040 and closes at 1.08120.',
  zoom: 'close-up',
  candles: pipsToCandles([
    [10, 40, 0, 32],
    [32, 38, 4, 12],
  ]),
  callouts: [
    { bar: 0, price: px(40), label: 'High 1.08400 (upper wick)', side: 'left' },
    { bar: 0, price: px(32), label: 'Close 1.08320', side: 'left' },
    { bar: 0, price: px(10), label: 'Open 1.08100', side: 'left' },
    { bar: 0, price: px(0), label: 'Low 1.08000 (lower wick)', side: 'left' },
    { bar: 1, price: px(38), label: 'High 1.08380', side: 'right' },
    { bar: 1, price: px(32), label: 'Open 1.08320', side: 'right' },
    { bar: 1, price: px(12), label: 'Close 1.08120', side: 'right' },
    { bar: 1, price: px(4), label: 'Low 1.08040', side: 'right' },
  ],
  markers: [
    { bar: 0, label: 'Bullish', position: 'below', tone: 'bullish' },
    { bar: 1, label: 'Bearish', position: 'below', tone: 'bearish' },
  ],
};

export const supportResistanceFigure: Figure = {
  id: 'support-resistance',
  title: 'Support and resistance zones',
  description:
    'Price ranges between a support zone near 1.08150-1.08220 and a resistance zone near 1.08780-1.08850. Twice it rises into resistance and is rejected; twice it falls into support and bounces.',
  candles: pipsToCandles([
    [50, 56, 44, 54],
    [54, 66, 52, 64],
    [64, 76, 62, 74],
    [74, 84, 70, 72],
    [72, 74, 60, 62],
    [62, 64, 48, 50],
    [50, 52, 36, 38],
    [38, 40, 24, 28],
    [28, 32, 16, 30],
    [30, 46, 28, 44],
    [44, 58, 42, 56],
    [56, 70, 54, 68],
    [68, 83, 66, 74],
    [74, 76, 58, 60],
    [60, 62, 40, 42],
    [42, 44, 22, 26],
    [26, 34, 17, 32],
    [32, 48, 30, 46],
    [46, 60, 44, 58],
  ]),
  zones: [
    { fromBar: 0, top: px(85), bottom: px(78), tone: 'bearish', label: 'Resistance zone' },
    { fromBar: 0, top: px(22), bottom: px(15), tone: 'bullish', label: 'Support zone' },
  ],
  markers: [
    { bar: 3, label: 'Rejected', position: 'above', tone: 'bearish' },
    { bar: 12, label: 'Rejected', position: 'above', tone: 'bearish' },
    { bar: 8, label: 'Bounce', position: 'below', tone: 'bullish' },
    { bar: 16, label: 'Bounce', position: 'below', tone: 'bullish' },
  ],
};

export const uptrendFigure: Figure = {
  id: 'uptrend-structure',
  title: 'An uptrend: higher highs and higher lows',
  description:
    'Price climbs in steps. Each swing high (H, then HH, HH) is above the previous one and each pullback low (HL) holds above the previous low. The trend stays intact while that pattern continues.',
  candles: pipsToCandles([
    [16, 18, 10, 14],
    [14, 24, 13, 23],
    [23, 33, 22, 31],
    [31, 40, 29, 36],
    [36, 37, 29, 30],
    [30, 31, 25, 28],
    [28, 40, 27, 39],
    [39, 50, 38, 49],
    [49, 60, 47, 56],
    [56, 57, 48, 50],
    [50, 52, 45, 49],
    [49, 62, 48, 61],
    [61, 72, 60, 70],
    [70, 80, 68, 76],
    [76, 77, 68, 71],
    [71, 73, 65, 72],
  ]),
  markers: [
    { bar: 0, label: 'L', position: 'below' },
    { bar: 3, label: 'H', position: 'above' },
    { bar: 5, label: 'HL', position: 'below', tone: 'bullish' },
    { bar: 8, label: 'HH', position: 'above', tone: 'bullish' },
    { bar: 10, label: 'HL', position: 'below', tone: 'bullish' },
    { bar: 13, label: 'HH', position: 'above', tone: 'bullish' },
    { bar: 15, label: 'HL', position: 'below', tone: 'bullish' },
  ],
  arrows: [
    {
      from: { bar: 0, price: px(10) },
      to: { bar: 15, price: px(65) },
      tone: 'bullish',
    },
  ],
};

export const candlePatternsFigure: Figure = {
  id: 'patterns-at-support',
  title: 'A pin bar and a bullish engulfing candle at support',
  description:
    'A falling market reaches a support zone. One candle pushes 10 pips into the zone but closes near its high, leaving a long lower wick (a pin bar). Two candles later a green candle opens below the previous close and closes above the previous open (bullish engulfing), and price rises.',
  candles: pipsToCandles([
    [70, 72, 60, 62],
    [62, 64, 50, 52],
    [52, 54, 40, 42],
    [42, 44, 30, 33],
    [33, 35, 22, 25],
    [25, 29, 12, 27],
    [27, 31, 20, 22],
    [21, 38, 19, 36],
    [36, 46, 34, 44],
    [44, 52, 42, 50],
  ]),
  zones: [{ fromBar: 0, top: px(22), bottom: px(12), tone: 'bullish', label: 'Support zone' }],
  markers: [
    { bar: 5, label: 'Pin bar', position: 'below', tone: 'bullish' },
    { bar: 7, label: 'Engulfing', position: 'below', tone: 'bullish' },
  ],
};

export const riskRewardFigure: Figure = {
  id: 'risk-reward',
  title: 'A long trade with 1R of risk and 2R of reward',
  description:
    'A buy at 1.08400 with the stop loss 20 pips lower at 1.08200, below the last swing low. Take profit 1 is 30 pips above entry (1.5R) at 1.08700, take profit 2 is 40 pips above entry (2R) at 1.08800.',
  candles: pipsToCandles([
    [30, 36, 28, 34],
    [34, 38, 26, 28],
    [28, 32, 22, 30],
    [30, 42, 29, 40],
    [40, 48, 38, 46],
    [46, 56, 44, 54],
    [54, 66, 52, 64],
    [64, 72, 62, 70],
    [70, 74, 64, 66],
    [66, 78, 65, 76],
  ]),
  zones: [
    { fromBar: 3, top: px(40), bottom: px(20), tone: 'bearish' },
    { fromBar: 3, top: px(80), bottom: px(40), tone: 'bullish' },
  ],
  levels: [
    { price: px(40), fromBar: 3, tone: 'neutral', label: 'Entry 1.08400' },
    { price: px(20), fromBar: 3, tone: 'bearish', label: 'Stop 1.08200: -20 pips = 1R' },
    { price: px(70), fromBar: 3, tone: 'bullish', label: 'TP1 1.08700: +30 pips = 1.5R', dashed: true },
    { price: px(80), fromBar: 3, tone: 'bullish', label: 'TP2 1.08800: +40 pips = 2R', dashed: true },
  ],
};

export const bosChochFigure: Figure = {
  id: 'bos-choch',
  title: 'BOS continues a trend, CHoCH changes it',
  description:
    'A downtrend makes lower lows; a close below the swing low at 1.08580 is a bearish break of structure (BOS). Price then stops making lower lows, and a close above the last lower high at 1.08600 is a change of character (CHoCH) to bullish. The next close above the new high at 1.08700 is a bullish BOS confirming the new uptrend.',
  candles: pipsToCandles([
    [80, 82, 72, 74],
    [74, 76, 64, 66],
    [66, 68, 58, 60],
    [60, 70, 59, 68],
    [68, 72, 66, 67],
    [67, 68, 54, 56],
    [56, 57, 44, 46],
    [46, 48, 40, 42],
    [42, 54, 41, 52],
    [52, 60, 50, 58],
    [58, 59, 48, 50],
    [50, 51, 43, 45],
    [45, 56, 44, 55],
    [55, 66, 54, 64],
    [64, 70, 62, 68],
    [68, 69, 58, 60],
    [60, 62, 55, 58],
    [58, 68, 57, 67],
    [67, 78, 66, 76],
  ]),
  levels: [
    { price: px(58), fromBar: 2, toBar: 5, tone: 'bearish', label: 'BOS', dashed: true },
    { price: px(60), fromBar: 9, toBar: 13, tone: 'bullish', label: 'CHoCH', dashed: true },
    { price: px(70), fromBar: 14, toBar: 18, tone: 'bullish', label: 'BOS', dashed: true },
  ],
  markers: [
    { bar: 4, label: 'LH', position: 'above', tone: 'bearish' },
    { bar: 7, label: 'LL', position: 'below', tone: 'bearish' },
    { bar: 9, label: 'LH', position: 'above', tone: 'bearish' },
    { bar: 11, label: 'HL', position: 'below', tone: 'bullish' },
    { bar: 16, label: 'HL', position: 'below', tone: 'bullish' },
  ],
};

export const orderBlockFigure: Figure = {
  id: 'order-block',
  title: 'A bullish order block and its retest',
  description:
    'The last red candle before a strong rally (1.08360-1.08470) is marked as a bullish order block. The rally closes above the previous swing high at 1.08560, a break of structure. Later price pulls back into the block, wicks to 1.08450 and rallies again.',
  candles: pipsToCandles([
    [50, 52, 44, 46],
    [46, 48, 40, 42],
    [42, 50, 41, 48],
    [48, 56, 46, 54],
    [54, 55, 44, 46],
    [46, 47, 36, 38],
    [38, 52, 37, 50],
    [50, 64, 49, 62],
    [62, 70, 60, 68],
    [68, 69, 58, 60],
    [60, 61, 50, 52],
    [52, 53, 45, 47],
    [47, 58, 46, 56],
    [56, 68, 55, 66],
    [66, 76, 64, 74],
  ]),
  zones: [{ fromBar: 5, top: px(47), bottom: px(36), tone: 'bullish', label: 'Bullish order block' }],
  levels: [{ price: px(56), fromBar: 3, toBar: 7, tone: 'bullish', label: 'BOS', dashed: true }],
  markers: [
    { bar: 5, label: 'Last down candle', position: 'below', tone: 'bullish' },
    { bar: 11, label: 'Retest', position: 'below', tone: 'bullish' },
  ],
};

export const fairValueGapFigure: Figure = {
  id: 'fair-value-gap',
  title: 'A bullish fair value gap',
  description:
    'Three candles: the first has a high of 1.08400, the second is a large green candle, and the third has a low of 1.08480. The 8-pip space between 1.08400 and 1.08480 was never traded on the way up: that is the fair value gap. Later price dips back to 1.08440, half filling the gap, and moves higher.',
  candles: pipsToCandles([
    [30, 34, 26, 32],
    [32, 36, 28, 34],
    [34, 38, 30, 33],
    [33, 40, 32, 39],
    [39, 58, 38, 56],
    [56, 64, 48, 62],
    [62, 66, 58, 60],
    [60, 61, 50, 52],
    [52, 54, 44, 51],
    [51, 62, 50, 60],
    [60, 70, 58, 68],
  ]),
  zones: [{ fromBar: 3, top: px(48), bottom: px(40), tone: 'bullish', label: 'Fair value gap' }],
  markers: [
    { bar: 3, label: '1', position: 'above' },
    { bar: 4, label: '2', position: 'above' },
    { bar: 5, label: '3', position: 'above' },
    { bar: 8, label: 'Half filled', position: 'below', tone: 'bullish' },
  ],
};

export const liquiditySweepFigure: Figure = {
  id: 'liquidity-sweep',
  title: 'Equal highs swept, then a reversal',
  description:
    'Two swing highs at the same price, 1.08700, leave buy stops resting above them (buy-side liquidity). A later candle spikes to 1.08760, above the equal highs, but closes back below them at 1.08670. That is a sweep; price then falls almost 30 pips.',
  candles: pipsToCandles([
    [50, 56, 48, 54],
    [54, 64, 52, 62],
    [62, 70, 60, 64],
    [64, 66, 56, 58],
    [58, 60, 52, 56],
    [56, 66, 54, 64],
    [64, 70, 62, 66],
    [66, 67, 58, 60],
    [60, 68, 58, 66],
    [66, 76, 64, 67],
    [67, 68, 56, 58],
    [58, 60, 46, 48],
    [48, 50, 38, 40],
  ]),
  levels: [
    {
      price: px(70),
      fromBar: 2,
      toBar: 10,
      tone: 'neutral',
      label: 'Equal highs: buy stops rest above',
      dashed: true,
      labelBar: 4,
    },
  ],
  markers: [{ bar: 9, label: 'Sweep', position: 'above', tone: 'bearish' }],
};

export const premiumDiscountFigure: Figure = {
  id: 'premium-discount',
  title: 'Premium and discount of a dealing range',
  description:
    'A rally from a swing low at 1.08100 to a swing high at 1.08900 defines the dealing range. Its midpoint, 1.08500, is equilibrium. Above it is premium (expensive, where sellers look to sell), below it is discount (cheap, where buyers look to buy). Price pulls back into discount, to 1.08360, before turning up.',
  candles: pipsToCandles([
    [14, 18, 10, 16],
    [16, 30, 15, 28],
    [28, 44, 27, 42],
    [42, 58, 40, 56],
    [56, 72, 54, 70],
    [70, 90, 68, 84],
    [84, 85, 72, 74],
    [74, 76, 60, 62],
    [62, 64, 46, 48],
    [48, 50, 36, 40],
    [40, 52, 38, 50],
    [50, 60, 48, 58],
  ]),
  zones: [
    { fromBar: 0, top: px(90), bottom: px(50), tone: 'bearish', label: 'Premium' },
    { fromBar: 0, top: px(50), bottom: px(10), tone: 'bullish', label: 'Discount' },
  ],
  levels: [{ price: px(50), tone: 'neutral', label: 'Equilibrium 50% 1.08500', dashed: true, labelBar: 1 }],
  markers: [
    { bar: 0, label: 'Range low', position: 'below' },
    { bar: 5, label: 'Range high', position: 'above' },
    { bar: 9, label: 'Pullback into discount', position: 'below', tone: 'bullish' },
  ],
};

export const ALL_FIGURES: readonly Figure[] = [
  candleAnatomyFigure,
  supportResistanceFigure,
  uptrendFigure,
  candlePatternsFigure,
  riskRewardFigure,
  bosChochFigure,
  orderBlockFigure,
  fairValueGapFigure,
  liquiditySweepFigure,
  premiumDiscountFigure,
];
