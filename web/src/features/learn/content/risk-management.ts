import { riskRewardFigure } from './figures';
import type { LearningModule } from './types';

export const riskManagementModule: LearningModule = {
  id: 'risk-management',
  title: 'Risk Management Mastery',
  summary:
    'Why risk comes before everything else, how to size a position so a loss costs exactly what you planned, stop losses and risk-to-reward, and the trading plan and journal that keep you honest.',
  difficulty: 'Beginner',
  tools: ['position-size-calculator'],
  lessons: [
    {
      id: 'why-risk-first',
      title: 'Why risk management comes first',
      overview:
        'Nobody controls whether the next trade wins. You do control how much it can lose. This lesson shows with numbers why that is the part of trading that decides whether you last.',
      sections: [
        {
          heading: 'The arithmetic of losses',
          paragraphs: [
            'Losses and gains are not symmetric. After losing 10% of an account you need 11.1% on what is left to get back to where you were; after 20% you need 25%; after 50% you need 100%. Deep drawdowns are very hard to climb out of, so the first job of a trader is to keep drawdowns shallow.',
            'Most retail traders who lose money do not lose it on one idea being wrong. They lose it by risking too much per trade, by moving or removing stops, and by trading more after losses to win it back. Each of those is a risk-management failure, not an analysis failure.',
          ],
          example: {
            title: 'Gain needed to recover a drawdown',
            steps: [
              'Lose 10%: $10,000 becomes $9,000; $1,000 / $9,000 = 11.1% needed.',
              'Lose 25%: $7,500 left; $2,500 / $7,500 = 33.3% needed.',
              'Lose 50%: $5,000 left; $5,000 / $5,000 = 100% needed.',
            ],
            result: 'The deeper the hole, the steeper the climb out: keep losses small.',
          },
        },
        {
          heading: 'Fixed-percentage risk',
          paragraphs: [
            'The standard answer is to risk a fixed small percentage of the account on each trade, usually 1% and no more than 2%. Your risk in dollars then shrinks automatically after losses and grows slowly after wins. With 1% risk, even 20 losses in a row leave about 82% of the account (0.99 to the power of 20 is 0.818).',
            'Fixed risk also makes your results comparable. If every trade risks the same amount, called 1R, you can measure each result in R: a win of 2R made twice what was risked, a loss of 1R lost exactly the planned amount. The journal reports average R for this reason.',
          ],
        },
      ],
      keyPoints: [
        'A 50% loss needs a 100% gain to recover.',
        'Risk a fixed 1% (at most 2%) of the account per trade.',
        '1R is the amount risked on a trade; results measured in R are comparable.',
        'Oversizing, moving stops and revenge trading are the usual account killers.',
      ],
      tips: [
        'Decide your risk percentage once, write it down, and do not change it after a loss.',
        'Set a daily loss limit, for example 3R, after which you stop trading for the day.',
        'Never add to a losing position to "average down".',
      ],
    },
    {
      id: 'position-sizing',
      title: 'Position sizing: from risk to lot size',
      overview:
        'Position sizing turns your risk percentage and your stop distance into a lot size. Done right, a stopped-out trade loses the amount you chose, whatever the pair and whatever the stop distance.',
      sections: [
        {
          heading: 'The formula',
          paragraphs: [
            "Step 1: risk amount = account size x risk percentage / 100. Step 2: measure the stop distance from entry to stop loss in pips. Step 3: lots = risk amount / (stop distance in pips x pip value per standard lot). Round the result down to your broker's lot step (usually 0.01), never up, so you never risk more than planned.",
            'The lot size depends on the stop distance, not the other way round. Place the stop where the trade idea is proven wrong, then size the position to fit. A wider stop simply means a smaller position.',
          ],
          example: {
            title: 'EURUSD: $10,000 account, 1% risk, 25-pip stop',
            steps: [
              'Risk amount: $10,000 x 1 / 100 = $100.',
              'Pip value per standard lot on EURUSD: $10.',
              'Lots: $100 / (25 pips x $10) = $100 / $250 = 0.40 lots.',
              'Check: 25 pips x 0.40 lots x $10 = $100 lost if the stop is hit.',
            ],
            result: '0.40 lots (40,000 euros).',
          },
        },
        {
          heading: 'Other pairs and gold',
          paragraphs: [
            'For pairs that do not end in USD, convert the pip value first. On USDJPY at 150.00 one pip per lot is 1,000 yen = $6.67. With $100 of risk and a 25-pip stop: $100 / (25 x $6.67) = 0.60 lots. For gold (XAUUSD, 100 ounces per lot) work in dollars per ounce: with $200 of risk and a stop $5 away, one lot would lose 100 x $5 = $500, so the size is $200 / $500 = 0.40 lots.',
            "For crosses such as EURJPY or GBPCHF, the calculator uses approximate reference exchange rates and says so; your broker's own calculator, with live rates, will differ slightly.",
          ],
          example: {
            title: 'The same $100 risk on three instruments',
            steps: [
              'EURUSD, 25-pip stop: 0.40 lots.',
              'USDJPY at 150.00, 25-pip stop: $100 / $166.67 = 0.60 lots.',
              'XAUUSD, $2.50 stop (25 gold pips of $0.10): $100 / (100 oz x $2.50) = 0.40 lots.',
            ],
            result: 'Different lot sizes, the same $100 at risk. Try them in the calculator below.',
          },
        },
      ],
      keyPoints: [
        'Risk amount = account x risk% / 100.',
        'Lots = risk amount / (stop in pips x pip value per lot).',
        'Round lots down to the broker step, never up.',
        'A wider stop means a smaller position, not a bigger risk.',
      ],
      tips: [
        'Size every trade with a calculator before you open it; never guess the lot size.',
        'If the correct size is below 0.01 lots, the trade is too wide for your account: skip it.',
        'Recalculate when your account balance changes by more than a few percent.',
      ],
    },
    {
      id: 'stops-and-reward',
      title: 'Stop losses and risk-to-reward',
      overview:
        'A stop loss belongs where your idea is wrong, and a target where opposing orders are likely. The ratio between the two, together with your win rate, decides whether a method can make money at all.',
      sections: [
        {
          heading: 'Where the stop goes',
          paragraphs: [
            'Put the stop beyond the structure your trade depends on: below the swing low or order block for a buy, above the swing high for a sell, plus a small buffer for the spread. In the picture, the buy at 1.08400 has its stop at 1.08200, below the swing low at 1.08220. If price trades there, the higher low that justified the trade no longer exists.',
            'Do not place the stop at an arbitrary distance such as "always 10 pips", and never move it further away once the trade is open. Moving it towards profit (to breakeven after TP1, for example) is fine and is part of trade management.',
          ],
        },
        {
          heading: 'Risk-to-reward and breakeven win rate',
          paragraphs: [
            'Risk-to-reward compares the distance to the target with the distance to the stop. With a 20-pip stop and a 40-pip target the ratio is 1:2. The win rate you need just to break even is 1 / (1 + reward/risk): 50% at 1:1, 40% at 1:1.5, 33.3% at 1:2 and 25% at 1:3, before spreads and commissions.',
            'A higher ratio is not automatically better: far targets are hit less often. What matters is expectancy, the average result per trade in R. That is why the product asks for at least 1:1.5 to TP1 and still looks for a target that price is likely to reach, such as opposing liquidity.',
          ],
          example: {
            title: 'Expectancy of a simple method',
            steps: [
              'Win rate 40%, average win 2R, average loss 1R.',
              'Expectancy = 0.40 x 2R - 0.60 x 1R = 0.80R - 0.60R = +0.20R per trade.',
              'At 1% risk on $10,000 (1R = $100), that is +$20 per trade on average over many trades.',
            ],
            result: 'Positive expectancy, if those figures hold, which only your journal can tell you.',
          },
        },
      ],
      keyPoints: [
        'The stop goes where the trade idea is invalidated, plus a spread buffer.',
        'Never move a stop further away; moving it closer to protect profit is fine.',
        'Breakeven win rate = 1 / (1 + R:R): 40% at 1:1.5, 33.3% at 1:2.',
        'Expectancy = win rate x average win - loss rate x average loss.',
      ],
      tips: [
        'Write the reason for your stop placement in the journal entry: "below the 15m swing low".',
        'Consider closing part of the position at TP1 and moving the stop to breakeven.',
        'Judge a method on 50+ trades; a handful of trades says almost nothing about expectancy.',
      ],
      illustration: riskRewardFigure,
    },
    {
      id: 'plan-and-journal',
      title: 'The trading plan and the journal',
      overview:
        'A trading plan is your rulebook written before the market opens; a journal is the record of how you followed it. Together they turn trading from a series of impulses into something you can measure and improve.',
      sections: [
        {
          heading: 'What goes in a trading plan',
          paragraphs: [
            'A plan answers, in writing: which pairs you trade and at which hours; what a valid setup is (for example: 4-hour trend up, 15-minute pullback into discount to an order block or fair value gap, 5-minute change of character up); where the stop goes; where the targets go; how much you risk per trade; your daily and weekly loss limits; and when you do not trade at all (high-impact news, after hitting the daily limit, when tired).',
            'The plan should be short enough to read before every session: one page. If a trade does not fit the plan, it is not taken, however good it looks.',
          ],
        },
        {
          heading: 'Keeping a journal',
          paragraphs: [
            'For every trade, record the pair, direction, entry, stop, targets, lot size, risk amount, the reason for the trade, a screenshot, and afterwards the exit price, the result in dollars and in R, and whether you followed the plan. The Trading Journal on the dashboard keeps these entries on the server and computes win rate, average R, profit factor, expectancy and drawdown from them.',
            "Review weekly. Look for patterns: do your losses cluster at certain hours? Do trades against the 4-hour trend lose more often? Are the rule-breaking trades the losing ones? The journal is where a method is tested on your own results, not on someone's claims.",
          ],
          example: {
            title: 'Reading a week of journal statistics',
            steps: [
              '10 trades: 4 wins averaging +2R, 6 losses averaging -1R.',
              'Net: 4 x 2R - 6 x 1R = +2R; expectancy +0.2R per trade.',
              'Profit factor: gross wins 8R / gross losses 6R = 1.33.',
              'Two of the losses broke the plan (entered during news): without them, 4 wins and 4 losses, +4R.',
            ],
            result: 'The lesson of the week is a rule to follow, not a new indicator.',
          },
        },
      ],
      keyPoints: [
        'Write the plan before trading: pairs, hours, setup, stop, targets, risk, limits.',
        'A trade that does not fit the plan is not taken.',
        'Journal every trade with its reason, result in R and whether you followed the plan.',
        'Review weekly to find what costs you money.',
      ],
      tips: [
        'Log the trade in the journal before you place it, not after.',
        'Add a screenshot of the setup at entry; memory rewrites history.',
        'Track "followed plan: yes/no" and compare results for each group.',
      ],
    },
  ],
  quiz: [
    {
      id: 'rm-q1',
      prompt: 'Account $10,000, risk 1%, EURUSD, stop 25 pips. What is the position size?',
      options: ['0.04 lots', '0.25 lots', '0.40 lots', '4.00 lots'],
      correctIndex: 2,
      explanation: 'Risk $100. One lot loses 25 x $10 = $250 at the stop, so $100 / $250 = 0.40 lots.',
    },
    {
      id: 'rm-q2',
      prompt: 'After a 50% drawdown, what gain is needed to get back to the starting balance?',
      options: ['50%', '75%', '100%', '150%'],
      correctIndex: 2,
      explanation:
        '$10,000 down 50% is $5,000; getting back to $10,000 means gaining $5,000 on $5,000: 100%.',
    },
    {
      id: 'rm-q3',
      prompt: 'With a 1:2 risk-to-reward on every trade, what win rate breaks even (before costs)?',
      options: ['50%', '40%', '33.3%', '20%'],
      correctIndex: 2,
      explanation: 'Breakeven = 1 / (1 + 2) = 33.3%: one 2R win pays for two 1R losses.',
    },
    {
      id: 'rm-q4',
      prompt:
        'Your correct position size works out at 0.368 lots and the broker step is 0.01. What do you trade?',
      options: ['0.37 lots', '0.36 lots', '0.40 lots', '0.30 lots'],
      correctIndex: 1,
      explanation:
        'Round down to 0.36 lots so the loss at the stop stays at or below your planned risk. Rounding up to 0.37 would risk more.',
    },
    {
      id: 'rm-q5',
      prompt: 'A trade moves against you towards the stop. What does good risk management say?',
      options: [
        'Move the stop further away to give the trade room',
        'Add to the position at a better price',
        'Leave the stop where the idea is invalidated and accept the planned loss',
        'Remove the stop and wait for price to come back',
      ],
      correctIndex: 2,
      explanation:
        'The stop was placed where the idea is wrong and the position was sized for it. Moving or removing it turns a planned 1R loss into an unplanned, larger one.',
    },
  ],
};
