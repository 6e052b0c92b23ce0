import {
  bosChochFigure,
  fairValueGapFigure,
  liquiditySweepFigure,
  orderBlockFigure,
  premiumDiscountFigure,
} from './figures';
import { TOP_DOWN_FIGURES } from './top-down-figures';
import type { LearningModule } from './types';

export const smartMoneyModule: LearningModule = {
  id: 'smart-money-concepts',
  title: 'Smart Money Concepts',
  summary:
    'Break of structure and change of character, order blocks, fair value gaps, liquidity and sweeps, premium and discount, and how the 4-hour, 15-minute and 5-minute charts fit together into one plan.',
  difficulty: 'Intermediate',
  practiceIds: [
    'practice-bos',
    'practice-choch',
    'practice-order-block',
    'practice-order-block-bearish',
    'practice-fvg',
    'practice-fvg-bearish',
    'practice-sweep',
  ],
  lessons: [
    {
      id: 'bos-vs-choch',
      title: 'Market structure in SMC: BOS vs CHoCH',
      overview:
        'Smart Money Concepts (SMC) is a vocabulary for reading price action in terms of where large orders are likely to sit. It starts from market structure: a break of structure (BOS) continues a trend, a change of character (CHoCH) is the first sign it has turned.',
      sections: [
        {
          heading: 'A word on SMC itself',
          paragraphs: [
            'SMC describes the market as if large institutions ("smart money") leave footprints: zones where they placed orders and pools of retail stop orders they need to fill against. Nobody outside those institutions can verify that story, and there is no solid public evidence that SMC patterns predict price better than other methods. Treat the concepts in this module as a precise, consistent way of reading a chart and of choosing where a stop and a target make sense, not as hidden knowledge of what the market will do.',
          ],
        },
        {
          heading: 'Break of structure (BOS)',
          paragraphs: [
            'A break of structure happens when a candle closes beyond the last swing point in the direction of the trend. In a downtrend, a close below the last swing low is a bearish BOS: the trend made another lower low. In the picture, price closes below the swing low at 1.08580 and continues down to 1.08400.',
            'The close matters. A wick below the swing low that closes back above it is not a BOS; it may be a liquidity sweep, covered later in this module.',
          ],
        },
        {
          heading: 'Change of character (CHoCH)',
          paragraphs: [
            "A change of character is the first break against the running trend. After the lower low at 1.08400, price stops making new lows: the next low, 1.08430, is higher. Then a candle closes above the last lower high at 1.08600. That close is the CHoCH: the downtrend's structure has failed and the market may be turning bullish. The following close above the new high at 1.08700 is a bullish BOS that confirms the new direction.",
            'The analysis engine follows exactly this rule: a break in the direction of the running trend is a BOS, a break against it is a CHoCH, and it judges both on candle closes beyond confirmed swing points.',
          ],
        },
      ],
      keyPoints: [
        'SMC is a way of reading charts, not proven knowledge of what institutions do.',
        "BOS: a close beyond the last swing in the trend's direction (continuation).",
        'CHoCH: the first close beyond a swing against the trend (possible reversal).',
        'Wicks beyond a swing that close back inside are not breaks.',
      ],
      tips: [
        'Mark the last swing high and low on every chart before you look for anything else.',
        'On the 5-minute chart, a CHoCH in the direction of the 4-hour trend is a common entry trigger.',
        'One CHoCH is a warning, not a new trend; wait for a BOS in the new direction for confirmation.',
      ],
      illustration: bosChochFigure,
    },
    {
      id: 'order-blocks',
      title: 'Order blocks',
      overview:
        'An order block is the last opposing candle before a strong move that broke structure. SMC traders mark it as a zone where price may react when it comes back.',
      sections: [
        {
          heading: 'Finding an order block',
          paragraphs: [
            "For a bullish order block, find a rally that broke structure upward, then look back to the last bearish (red) candle before the rally began. That candle's range, from its high to its low, is the zone. In the picture, the red candle from 1.08470 down to 1.08360 came right before the rally that closed above the swing high at 1.08560. A bearish order block is the mirror: the last bullish candle before a drop that broke structure down.",
            'The SMC story is that large buyers were filling orders during that candle and may defend the zone. A more modest reading is enough to use it: the zone marks where the move that changed the structure started, and a return there offers a well-defined place for an entry with a stop just beyond it.',
          ],
        },
        {
          heading: 'Mitigated and invalidated blocks',
          paragraphs: [
            'When price first trades back into the zone, the block is called mitigated (tested). In the picture price pulls back to 1.08450, inside the block, and rallies again. If a candle closes through the far side of the zone (below 1.08360 here), the block is invalidated and should be removed from your chart.',
            'The freshest, untested blocks are considered the strongest; each test uses up some of the orders the story says are there. The analysis reports each block as untested, mitigated or invalidated.',
          ],
          example: {
            title: 'A trade idea from the order block',
            steps: [
              'Zone 1.08360-1.08470; entry on the first touch at 1.08470.',
              'Stop below the block plus a buffer: 1.08340 (13 pips).',
              'Target: the recent high at 1.08700, 23 pips away: about 1:1.8.',
              'With $10,000 at 1%: $100 / (13 x $10) = 0.769, rounded down to 0.76 lots.',
            ],
            result: 'A defined entry, stop and target, sized to lose no more than $100 if the block fails.',
          },
        },
      ],
      keyPoints: [
        'Bullish order block: the last bearish candle before a rally that broke structure.',
        'Bearish order block: the last bullish candle before a drop that broke structure.',
        'First return into the zone = mitigated; a close through the far side = invalidated.',
        'The zone is useful because it gives a clear entry and a tight, logical stop.',
      ],
      tips: [
        'Only mark blocks that caused a break of structure; every red candle before a green one is not an order block.',
        'Prefer blocks in discount for buys and in premium for sells.',
        'Wait for a lower-timeframe signal inside the block rather than buying blindly at its edge.',
      ],
      illustration: orderBlockFigure,
    },
    {
      id: 'fair-value-gaps',
      title: 'Fair value gaps',
      overview:
        'A fair value gap (FVG) is a three-candle pattern where the middle candle moved so fast that the first and third candles do not overlap. The untraded space between them is often revisited.',
      sections: [
        {
          heading: 'The three-candle rule',
          paragraphs: [
            "Take three consecutive candles. In a bullish FVG the high of the first candle is below the low of the third: the gap runs from the first candle's high up to the third candle's low. In the picture, the first candle's high is 1.08400 and the third candle's low is 1.08480, an 8-pip gap. A bearish FVG is the mirror: the low of the first candle above the high of the third.",
            "The analysis uses this definition, with the middle candle closing in the direction of the gap, and reports the middle candle as the gap's position. It also tracks whether price has touched the gap since, filled half of it (reached its midpoint), or filled it entirely.",
          ],
        },
        {
          heading: 'Why gaps matter, and how much',
          paragraphs: [
            'The idea is that the fast move left the market unbalanced, with only one side trading, and price often comes back to rebalance before continuing. In the picture, price dips back to 1.08440, the midpoint of the gap, then rallies. You will often read that 70-80% of gaps get filled; treat such figures as folklore until you have counted on your own charts, because the share depends heavily on the market, the timeframe and the minimum gap size you count.',
            'Small gaps are everywhere on low timeframes. Gaps created by a move that also broke structure, sitting in discount (for buys) or premium (for sells), are the ones SMC traders pay attention to.',
          ],
          example: {
            title: 'Measuring the gap in the picture',
            steps: [
              'Candle 1 high: 1.08400. Candle 3 low: 1.08480.',
              'Gap: 1.08400 to 1.08480 = 8 pips. Midpoint: 1.08440.',
              'Later low at 1.08440: the gap is half filled, not fully filled (that needs a trade at 1.08400).',
            ],
            result: 'A bullish FVG of 8 pips, half filled, still acting as support.',
          },
        },
      ],
      keyPoints: [
        'Bullish FVG: candle 1 high below candle 3 low; bearish FVG: candle 1 low above candle 3 high.',
        'The gap is the untraded space between those two prices.',
        'Gaps can be touched, half filled (midpoint) or filled.',
        'Fill statistics vary by market and timeframe: measure them yourself.',
      ],
      tips: [
        "Use the gap's midpoint as a possible entry and the far edge as a reference for the stop.",
        'Ignore tiny gaps on the 5-minute chart unless they line up with a higher-timeframe zone.',
        'A gap that price closes through completely has done its job; do not keep trading it.',
      ],
      illustration: fairValueGapFigure,
    },
    {
      id: 'liquidity-and-sweeps',
      title: 'Liquidity and sweeps',
      overview:
        'Liquidity in SMC means clusters of resting orders, mostly stop losses, just beyond obvious highs and lows. A sweep is a quick move through such a level that closes back inside, often before a move the other way.',
      sections: [
        {
          heading: 'Where liquidity rests',
          paragraphs: [
            'Traders who sell a double top put their stops just above it; breakout traders put buy orders there too. So above equal highs sits a pool of buy orders (buy-side liquidity), and below equal lows a pool of sell orders (sell-side liquidity). The more obvious the level, the more orders are likely to be there.',
            'In the picture, two swing highs sit at exactly 1.08700. Anyone short from those highs probably has a stop a few pips above. The analysis finds such equal highs and lows within a small tolerance based on the average candle range (ATR).',
          ],
        },
        {
          heading: 'The sweep',
          paragraphs: [
            'A later candle spikes to 1.08760, six pips above the equal highs, triggering those stops, but closes back below at 1.08670. That is a sweep (also called a stop hunt or liquidity grab). The stops that were triggered were buy orders; the SMC reading is that a large seller used them to fill a sell position. Price then falls almost 30 pips.',
            'A sweep on its own is not a trade. The usual SMC sequence is: higher-timeframe zone, sweep of nearby liquidity, then a change of character on a lower timeframe in the new direction. A move that goes through the level and keeps closing beyond it is a breakout, not a sweep.',
          ],
          example: {
            title: 'A short after the sweep',
            steps: [
              'Sweep high 1.08760; the 5-minute chart then closes below its last swing low (CHoCH down).',
              'Entry 1.08660, stop above the sweep high plus a buffer: 1.08780 (12 pips).',
              'Target: the sell-side liquidity below the range lows at 1.08480 (18 pips): 1:1.5.',
            ],
            result:
              'The sweep defines where the idea is wrong (a new high above 1.08760), so the stop is logical and tight.',
          },
        },
      ],
      keyPoints: [
        'Equal highs hold buy-side liquidity above; equal lows hold sell-side liquidity below.',
        'A sweep trades beyond the level and closes back inside it.',
        'A close beyond the level that holds is a breakout, not a sweep.',
        'Opposing liquidity is a natural take-profit target.',
      ],
      tips: [
        'Avoid placing your own stop exactly at an obvious equal high or low.',
        'Wait for the sweep candle to close: the close back inside is what makes it a sweep.',
        'Look for a CHoCH on the lower timeframe after a sweep before entering.',
      ],
      illustration: liquiditySweepFigure,
    },
    {
      id: 'premium-discount',
      title: 'Premium and discount',
      overview:
        'Premium and discount split the current dealing range in half. SMC traders prefer to buy in the lower half (discount) and sell in the upper half (premium), so that the entry sits at a good price relative to the range.',
      sections: [
        {
          heading: 'The dealing range and equilibrium',
          paragraphs: [
            'The dealing range runs from the most recent significant swing low to swing high (or the reverse). In the picture the rally runs from 1.08100 to 1.08900, an 80-pip range. Its midpoint, 1.08500, is the equilibrium. Everything above is premium, everything below is discount.',
            'The logic is the same as buying anything: in an uptrend you want to buy a pullback at a discount, not at the top of the recent move. Buying in discount also tends to give a better risk-to-reward, because the stop (below the range low or a zone inside it) is closer and the target (the range high and beyond) further away.',
          ],
          example: {
            title: 'Where is price in the range?',
            steps: [
              'Range low 1.08100, range high 1.08900, equilibrium (1.08100 + 1.08900) / 2 = 1.08500.',
              'Pullback low at 1.08360: (1.08360 - 1.08100) / (1.08900 - 1.08100) = 26 / 80 = 32.5% of the range.',
              'Below 50%, so the pullback reached discount.',
            ],
            result: 'A buy from 1.08360 is in discount; a buy at 1.08800 would be deep in premium.',
          },
        },
        {
          heading: 'Using it with the other concepts',
          paragraphs: [
            'Premium and discount are a filter, not a signal. An order block or fair value gap in discount in an uptrend is a stronger candidate than the same zone in premium. The analysis reports where the last close sits in the current range, and the plan only looks for longs from discount and shorts from premium.',
            'The range changes when structure breaks: after a new higher high, the range is redrawn from the last higher low to the new high.',
          ],
        },
      ],
      keyPoints: [
        'Equilibrium is the 50% level of the current dealing range.',
        'Above equilibrium is premium (sell area), below is discount (buy area).',
        'Buying in discount usually gives a better risk-to-reward than buying in premium.',
        'It is a filter to combine with structure and zones, not an entry signal.',
      ],
      tips: [
        'Use a Fibonacci tool from the swing low to the swing high; the 0.5 level is equilibrium.',
        'Redraw the range after every break of structure.',
        'If a buy setup sits in premium, wait for a deeper pullback or skip it.',
      ],
      illustration: premiumDiscountFigure,
    },
    {
      id: 'top-down-analysis',
      title: 'Top-down analysis: 4-hour, 15-minute, 5-minute',
      overview:
        'Top-down analysis reads the market from the higher timeframe down: the 4-hour chart gives the direction, the 15-minute chart the setup zone, the 5-minute chart the entry. This is how Chart-to-Plan builds every plan.',
      sections: [
        {
          heading: 'Three questions, three charts',
          paragraphs: [
            '4-hour: which way is structure pointing? Look for the last BOS or CHoCH, whether price is in premium or discount of the 4-hour range, and the major levels above and below. This sets the bias: only longs in a bullish 4-hour structure, only shorts in a bearish one, nothing when it is unclear.',
            '15-minute: where would a trade make sense? In a bullish bias, look for a pullback into discount that reaches a bullish order block or fair value gap, ideally after sweeping a nearby low. 5-minute: when does price confirm? Wait for a CHoCH up, or a sweep followed by a strong close back inside, at the 15-minute zone.',
          ],
        },
        {
          heading: 'A worked example',
          paragraphs: [
            'The steps below follow one EURUSD long from bias to plan. Notice how each timeframe narrows the decision, and how the stop and target come from structure on the charts rather than from a fixed number of pips.',
          ],
          example: {
            title: 'EURUSD long, $10,000 account at 1% risk',
            steps: [
              '4h: bullish BOS above 1.09000; price pulled back to 1.08500, below the range equilibrium of 1.08650: bias bullish, price in discount.',
              '15m: a bullish order block at 1.08460-1.08520 with a fair value gap just above it; a low at 1.08480 was swept to 1.08455.',
              '5m: a CHoCH up closes at 1.08540: the trigger.',
              'Entry 1.08540; stop below the sweep low and the block with a buffer: 1.08430 (11 pips).',
              'TP1 at the 15m equal highs 1.08720 (18 pips, 1:1.6); TP2 at the 4h high 1.09050 (51 pips, about 1:4.6).',
              'Size: $100 / (11 x $10) = 0.909, rounded down to 0.90 lots.',
            ],
            result:
              'A plan where every price has a structural reason, sized to lose at most $99 if it fails.',
          },
        },
        {
          heading: 'When the timeframes disagree',
          paragraphs: [
            'If the 4-hour chart is bearish and the 15-minute shows a bullish setup, the honest answer is usually no trade, or at most a smaller, shorter counter-trend trade if your plan allows it. Chart-to-Plan returns "No trade now" in that case and says which timeframes conflict.',
          ],
        },
      ],
      keyPoints: [
        '4-hour = bias, 15-minute = setup zone, 5-minute = entry trigger.',
        'Trade only in the direction of the 4-hour structure.',
        'Look for the 15-minute zone in discount for longs, premium for shorts.',
        'When the timeframes conflict, the default answer is no trade.',
      ],
      tips: [
        'Do the 4-hour analysis once per session and write the bias down before looking at lower timeframes.',
        'Set alerts at your 15-minute zones instead of watching the 5-minute chart all day.',
        "Compare your own top-down reading with the product's analysis: where you disagree is where you learn.",
      ],
      gallery: TOP_DOWN_FIGURES,
    },
  ],
  quiz: [
    {
      id: 'smc-q1',
      prompt:
        'A downtrend has been making lower lows. Price then closes above the last lower high. What is this called?',
      options: [
        'Break of structure (BOS)',
        'Change of character (CHoCH)',
        'Liquidity sweep',
        'Fair value gap',
      ],
      correctIndex: 1,
      explanation:
        'A break against the running trend is a change of character. A BOS is a break in the direction of the trend (here, a close below the last low).',
    },
    {
      id: 'smc-q2',
      prompt: 'Candle 1 high 1.08400, candle 2 a big green candle, candle 3 low 1.08480. What is there?',
      options: [
        'A bearish fair value gap from 1.08400 to 1.08480',
        'A bullish fair value gap from 1.08400 to 1.08480',
        'A bullish order block at candle 3',
        'Nothing, because the candles touch',
      ],
      correctIndex: 1,
      explanation:
        'The high of candle 1 is below the low of candle 3, so the space between 1.08400 and 1.08480 was never traded by those candles: a bullish FVG of 8 pips.',
    },
    {
      id: 'smc-q3',
      prompt: 'Which candle is a bullish order block?',
      options: [
        'Any green candle in an uptrend',
        'The last bearish candle before a rally that broke structure upward',
        'The candle that makes the highest high',
        'The first bullish candle after a fair value gap',
      ],
      correctIndex: 1,
      explanation:
        'A bullish order block is the last opposing (bearish) candle before the impulse that broke structure. Its high-to-low range is the zone.',
    },
    {
      id: 'smc-q4',
      prompt: 'Equal highs sit at 1.08700. A candle trades to 1.08760 and closes at 1.08670. What happened?',
      options: [
        'A bullish breakout above the highs',
        'A sweep of buy-side liquidity: price took the stops above and closed back inside',
        'A bullish change of character',
        'A fair value gap was filled',
      ],
      correctIndex: 1,
      explanation:
        'The wick went beyond the equal highs but the close came back below them. That is a sweep; a breakout would close and hold above the level.',
    },
    {
      id: 'smc-q5',
      prompt: 'The dealing range runs from 1.08100 to 1.08900. Where is the discount area for buys?',
      options: ['Above 1.08500', 'Below 1.08500', 'Above 1.08900', 'Exactly at 1.08100 only'],
      correctIndex: 1,
      explanation:
        'Equilibrium is the midpoint, (1.08100 + 1.08900) / 2 = 1.08500. Below it is discount, above it premium.',
    },
    {
      id: 'smc-q6',
      prompt:
        'The 4-hour structure is bearish, but the 15-minute chart shows a bullish order block. What does top-down analysis suggest?',
      options: [
        'Buy: the 15-minute chart is closer to the entry',
        'Buy with double size to make up for the conflict',
        'No trade, or wait for a bearish setup that agrees with the 4-hour bias',
        'Buy on the 5-minute chart without a stop',
      ],
      correctIndex: 2,
      explanation:
        'The 4-hour chart sets the bias. When the lower timeframe disagrees, the default answer is no trade; look for setups in the 4-hour direction instead.',
    },
  ],
};
