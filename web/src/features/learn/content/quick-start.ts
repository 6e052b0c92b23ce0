import type { LearningModule } from './types';

export const quickStartModule: LearningModule = {
  id: 'quick-start',
  title: 'Quick Start',
  summary:
    "What Chart-to-Plan does, how to take the three screenshots it needs (or export the charts' data), how to read the plan it gives you, and how to practise safely while you learn.",
  difficulty: 'Beginner',
  lessons: [
    {
      id: 'what-chart-to-plan-does',
      title: 'What Chart-to-Plan does (and what it does not)',
      overview:
        "Chart-to-Plan reads three charts of one currency pair (screenshots, or the charts' data exports), measures the market structure on each, and writes a trade plan with a position size. This lesson explains what that plan is built from, so you can judge it instead of trusting it blindly.",
      sections: [
        {
          heading: 'From pixels to prices',
          paragraphs: [
            'When you upload a chart, the program finds the plot area, reads the price labels on the right-hand axis and measures every candle: where it opened, how high and low it went, and where it closed. It also reads the symbol (for example EURUSD) and the timeframe from the chart legend. Every number in your analysis comes from those measured candles, so the same screenshots always give the same result.',
            'It then runs the same analysis a Smart Money Concepts trader does by eye: it finds swing highs and lows, breaks of structure, order blocks, fair value gaps, equal highs and lows where stop orders gather, and where price sits in its current range. It also computes the 20, 50 and 200-period exponential moving averages and the 14-period RSI.',
          ],
        },
        {
          heading: 'What the plan is, and what it is not',
          paragraphs: [
            'If the three timeframes agree and the setup is good enough, you get an entry, a stop loss, one or two take-profit levels, the risk-to-reward ratio and a lot size for your account. If they do not agree, you get "No trade now" with the reason in plain words, and sometimes a setup to watch: the trigger that would make it a trade. Treat that as a real answer: most of the time the best trade is no trade.',
            'A plan is a structured opinion about probabilities, not a forecast. No method, ours included, knows where price goes next. Regulated brokers in Europe and the UK must publish the share of their retail CFD accounts that lose money, and most publish figures well above half. The plan cannot change those odds for you on its own; your risk control and discipline decide how long you survive while you learn.',
          ],
        },
      ],
      keyPoints: [
        'The analysis is computed from the candles measured on your screenshots, not guessed.',
        'You get either a complete plan or a clear reason why there is no trade.',
        'A plan is a way to organise a decision, not a promise of profit.',
        'Most retail CFD accounts lose money; risk control is what keeps you in the game.',
      ],
      tips: [
        'Read the reasons behind a plan (the confluences listed per timeframe) before you look at the entry price.',
        'If you cannot explain why the plan says buy or sell, do not place the trade.',
        'Start on a demo account: the lessons and the tool cost nothing, mistakes on a demo cost nothing too.',
      ],
    },
    {
      id: 'three-screenshots',
      title: 'Taking the three screenshots: 4-hour, 15-minute, 5-minute',
      overview:
        'The analysis needs three charts of the same pair: a 4-hour chart for direction, a 15-minute chart for the setup and a 5-minute chart for the entry. Clean screenshots give clean readings.',
      sections: [
        {
          heading: 'Why three timeframes',
          paragraphs: [
            'One 4-hour candle holds sixteen 15-minute candles and forty-eight 5-minute candles. The higher timeframe shows the big picture: is price making higher highs or lower lows over the last few weeks? The middle timeframe shows where a trade could make sense inside that picture, and the lowest timeframe shows the exact moment price starts to move your way. Traders call this top-down analysis, and the Smart Money Concepts module explains it in detail.',
          ],
        },
        {
          heading: 'How to take a good screenshot',
          paragraphs: [
            "Use candlestick charts on TradingView, MetaTrader 4/5 or your broker's web platform. Keep the price axis visible on the right with its numbers readable, and keep the symbol and timeframe visible in the top-left legend. Show roughly 80 to 200 candles: too few and there is no structure to read, too many and each candle becomes a thin line a few pixels wide.",
            'Remove clutter that covers candles: drawing tools, big indicator panels on top of price, pop-up order windows. Indicators in a separate pane below the chart are fine. Take all three screenshots within a few minutes of each other so they show the same moment in the market.',
          ],
          example: {
            title: 'A checklist before you upload',
            steps: [
              'Same pair on all three charts, for example EURUSD on the 4h, 15m and 5m.',
              'Price axis numbers readable, for example 1.08400, 1.08500, 1.08600.',
              'Between about 80 and 200 candles visible on each chart.',
              'No drawings or order windows covering the candles.',
            ],
            result:
              'Three charts the reader can measure; if one cannot be read, the message tells you which one and why.',
          },
        },
        {
          heading: "Or upload the chart's data instead",
          paragraphs: [
            "Each of the three slots also takes the chart's data export instead of a picture: TradingView's Export chart data CSV (in the menu next to the chart layout's name) or MetaTrader's exported history CSV (MetaTrader 5: View, Symbols, Bars, Export Bars; MetaTrader 4: Tools, History Center, Export). The format is recognised from the file itself. Nothing is read from pixels, so the prices are exact, and the result says which charts came from data. You can mix them: two screenshots and one export work.",
          ],
        },
      ],
      keyPoints: [
        '4-hour chart = direction, 15-minute chart = setup, 5-minute chart = entry trigger.',
        'All three charts must show the same pair at roughly the same time.',
        'The price axis and the legend must be visible and readable.',
        'About 80 to 200 candles per chart gives enough structure without squashing the candles.',
      ],
      tips: [
        'Save a chart layout on your platform with clean settings so every screenshot looks the same.',
        'If a chart is rejected, read the message: it names the chart and what to fix (for example an unreadable axis).',
        'Dark or light theme both work; what matters is contrast between candles and background.',
      ],
    },
    {
      id: 'reading-your-plan',
      title: 'Reading your trade plan',
      overview:
        'A trade plan is a set of numbers that fit together: entry, stop loss, take profits, risk-to-reward, risk amount and lot size. This lesson walks through one example so each number means something.',
      sections: [
        {
          heading: 'The prices',
          paragraphs: [
            'Entry is where you would open the trade. Stop loss is where the idea is proven wrong, usually just beyond the structure the setup depends on. Take profit 1 (TP1) is the first target, often the nearest level where opposing orders wait; take profit 2 (TP2) is a further target on the higher timeframe. The distance from entry to stop is your risk, the distance from entry to a target is your reward.',
          ],
          example: {
            title: 'A long EURUSD plan on a $10,000 account risking 1%',
            steps: [
              'Entry 1.08400, stop loss 1.08150: the stop is 25 pips away (0.00250 / 0.0001).',
              'TP1 1.08775 is 37.5 pips away: 37.5 / 25 = 1.5, so the risk-to-reward to TP1 is 1:1.5.',
              'TP2 1.08900 is 50 pips away: 50 / 25 = 2, so 1:2 to TP2.',
              'Risk amount: 1% of $10,000 = $100.',
              'Lot size: $100 / (25 pips x $10 per pip per standard lot) = 0.40 lots.',
              'If TP1 is hit: 37.5 pips x $4 per pip = $150. If TP2 is hit: 50 x $4 = $200.',
            ],
            result: 'Risk $100 to make $150 at TP1 or $200 at TP2, with a position of 0.40 lots.',
          },
        },
        {
          heading: 'Confidence and "No trade now"',
          paragraphs: [
            'The confidence percentage is a score built from documented rules: how many confluences line up on each timeframe and whether the timeframes agree. It is not a probability of winning. The product only proposes a trade when confidence is at least 75% and the reward to TP1 is at least 1.5 times the risk; otherwise it tells you what is missing, for example "the 4-hour trend is bearish but the 15-minute setup is bullish".',
            'The invalidation list tells you when to exit early, before the stop is hit: for example "a 15-minute close below 1.08150". Write these down before you enter.',
          ],
        },
      ],
      keyPoints: [
        'Risk = entry to stop; reward = entry to target; the ratio compares them.',
        'Lot size is chosen so that hitting the stop loses exactly your chosen risk amount (or slightly less after rounding down).',
        'Confidence is a rule-based score, not a chance of winning.',
        'No trade is recommended below 75% confidence or below 1:1.5 risk-to-reward.',
      ],
      tips: [
        'Check the arithmetic yourself once with a calculator: stop distance in pips x pip value x lots should equal the risk amount.',
        'Set the stop loss in your platform at the same time as you open the trade, never "later".',
        'Keep the invalidation list next to your screen while the trade is open.',
      ],
    },
    {
      id: 'practising-safely',
      title: 'Your first weeks: practise safely',
      overview:
        'Learning to trade costs time; it should not cost your savings. This lesson sets out a safe way to practise: a demo account, small fixed risk, a written plan and a journal.',
      sections: [
        {
          heading: 'Start on a demo account',
          paragraphs: [
            'Every major platform offers a demo account with virtual money and real prices. Use it until you have taken at least 30 to 50 trades by your written rules and recorded each one. Thirty trades is still a small sample, but it is enough to see whether you follow your own rules and whether your losses stay the size you planned.',
            'When you move to real money, start with an account size you can afford to lose completely, and keep the risk per trade small: 0.5% to 1% while you learn. The product allows up to 10% per trade because some traders ask for it, but 2% is the usual ceiling recommended for one trade.',
          ],
        },
        {
          heading: 'Why small risk matters',
          paragraphs: [
            'Losing streaks happen to every method. At 1% risk, ten losses in a row take about 9.6% off the account (0.99 to the power of 10 is 0.904). At 5% risk, the same ten losses take about 40% (0.95 to the power of 10 is 0.599), and recovering from a 40% loss needs a 67% gain. Small risk turns a bad week into a lesson instead of the end of the account.',
          ],
          example: {
            title: 'Ten losses in a row on $10,000',
            steps: [
              '1% risk per trade: $10,000 x 0.99^10 = $9,044 left (-9.6%).',
              '2% risk per trade: $10,000 x 0.98^10 = $8,171 left (-18.3%).',
              '5% risk per trade: $10,000 x 0.95^10 = $5,987 left (-40.1%).',
            ],
            result: 'The same bad luck costs four times more at 5% than at 1%.',
          },
        },
      ],
      keyPoints: [
        'Practise on a demo account until you have 30 to 50 trades recorded by your rules.',
        'Risk 0.5% to 1% per trade while learning; 2% is the usual maximum.',
        'Ten losses in a row cost about 9.6% at 1% risk but about 40% at 5% risk.',
        'Only trade real money you can afford to lose entirely.',
      ],
      tips: [
        'Write your risk per trade on a sticky note on your screen.',
        'Log every trade in the journal, including the ones you skipped and why.',
        'Take a break after three losses in a day; the market will still be there tomorrow.',
      ],
    },
  ],
  quiz: [
    {
      id: 'qs-q1',
      prompt: 'Which chart does Chart-to-Plan use to set the direction (bias) of a trade?',
      options: [
        'The 5-minute chart',
        'The 15-minute chart',
        'The 4-hour chart',
        'Whichever chart has the most candles',
      ],
      correctIndex: 2,
      explanation:
        'The 4-hour chart sets the bias, the 15-minute chart gives the setup zone and the 5-minute chart the entry trigger: a top-down reading from big picture to detail.',
    },
    {
      id: 'qs-q2',
      prompt: 'Entry 1.08400 and stop loss 1.08150 on EURUSD. How many pips is the stop away?',
      options: ['2.5 pips', '25 pips', '250 pips', '0.25 pips'],
      correctIndex: 1,
      explanation: 'The difference is 0.00250. One pip on EURUSD is 0.0001, so 0.00250 / 0.0001 = 25 pips.',
    },
    {
      id: 'qs-q3',
      prompt: 'The result says "No trade now". What is the right reaction?',
      options: [
        'Take the trade anyway in the direction of the 5-minute chart',
        'Treat it as an answer: the conditions for a plan are not there, so wait',
        'Upload the same screenshots again until a plan appears',
        'Double the risk on the next trade to make up for it',
      ],
      correctIndex: 1,
      explanation:
        'No trade is a real answer. The same screenshots always give the same result, and forcing trades when the timeframes disagree is a common way to lose money.',
    },
    {
      id: 'qs-q4',
      prompt: 'What does a 78% confidence score mean?',
      options: [
        'The trade wins 78% of the time',
        'The trade will make 78% of the account',
        'A rule-based score of how many confluences line up and agree across timeframes',
        'The broker guarantees the entry price 78% of the time',
      ],
      correctIndex: 2,
      explanation:
        'Confidence is built from documented rules (confluences and agreement between timeframes). It is not a measured probability of winning.',
    },
    {
      id: 'qs-q5',
      prompt:
        'Roughly how much of a $10,000 account is lost after ten losing trades in a row at 5% risk each?',
      options: ['About $500', 'About $4,000', 'Exactly $5,000', 'About $1,000'],
      correctIndex: 1,
      explanation:
        '0.95 to the power of 10 is about 0.599, so about $5,987 is left: a loss of about $4,013, or 40%. At 1% risk the same streak costs about $956.',
    },
  ],
};
