import { candleAnatomyFigure } from './figures';
import type { LearningModule } from './types';

export const tradingFundamentalsModule: LearningModule = {
  id: 'trading-fundamentals',
  title: 'Trading Fundamentals',
  summary:
    'Currency pairs, bid and ask, pips and what they are worth, lot sizes, leverage and margin, and how to read a candlestick.',
  difficulty: 'Beginner',
  lessons: [
    {
      id: 'currency-pairs',
      title: 'Currency pairs, bid, ask and spread',
      overview:
        'In forex you always trade one currency against another. This lesson explains how a pair is quoted, what buying and selling mean, and what the spread costs you.',
      sections: [
        {
          heading: 'Base and quote',
          paragraphs: [
            'A pair such as EURUSD has a base currency (EUR, the first one) and a quote currency (USD, the second one). A price of 1.08500 means one euro costs 1.08500 US dollars. If you buy EURUSD you buy euros and pay in dollars: you profit if the euro rises against the dollar, that is if the price goes up. If you sell EURUSD you profit if the price goes down.',
            'USDJPY works the same way with the dollar as the base: 150.000 means one dollar costs 150 yen. Gold is quoted as XAUUSD: 2,350.00 means one ounce costs $2,350.',
            'The majors are the pairs with the US dollar on one side and another large currency on the other: EURUSD, GBPUSD, USDJPY, USDCHF, USDCAD, AUDUSD and NZDUSD. Pairs without the dollar, such as EURGBP or GBPJPY, are called crosses and usually have wider spreads.',
          ],
        },
        {
          heading: 'Bid, ask and the spread',
          paragraphs: [
            'Your broker shows two prices. The bid is the price you can sell at; the ask is the price you can buy at, and it is always a little higher. The difference is the spread, and it is the first cost of every trade: a trade opened and closed immediately loses the spread.',
            'Most charts draw candles from the bid price. A long trade is opened at the ask and closed at the bid, which is why a buy can be stopped out a little before the bid candles touch your stop. Spreads widen around major news and at the daily rollover, when fewer banks quote prices.',
          ],
          example: {
            title: 'What the spread costs',
            steps: [
              'EURUSD bid 1.08500, ask 1.08512: spread = 0.00012 = 1.2 pips.',
              'One standard lot (100,000 euros) is worth $10 per pip.',
              'Cost of the spread on one standard lot: 1.2 x $10 = $12; on 0.10 lots: $1.20.',
            ],
            result:
              'Every trade starts slightly negative by the spread; a tight stop makes that cost a bigger share of the risk.',
          },
        },
      ],
      keyPoints: [
        'The first currency is the base, the second the quote; the price is how much quote buys one base.',
        'Buying profits when the price rises, selling when it falls.',
        'You buy at the ask and sell at the bid; the gap between them is the spread.',
        'Spreads are widest around news releases and at the daily rollover.',
      ],
      tips: [
        'Check the typical spread of a pair before trading it; majors are usually cheapest.',
        'Avoid opening trades in the minutes before high-impact news such as US Non-Farm Payrolls.',
        'Leave a little room for the spread when placing a stop just beyond a level.',
      ],
    },
    {
      id: 'pips-and-pip-value',
      title: 'Pips and what a pip is worth',
      overview:
        'A pip is the standard unit of a price move. Knowing what one pip is worth on your position is the basis of every risk calculation.',
      sections: [
        {
          heading: 'What a pip is',
          paragraphs: [
            'For most pairs a pip is the fourth decimal place: 0.0001. EURUSD moving from 1.08500 to 1.08750 has moved 25 pips. Most platforms show a fifth decimal, a fractional pip or "pipette", so 1.08505 is half a pip above 1.08500.',
            'For pairs quoted in Japanese yen a pip is the second decimal place: 0.01. USDJPY moving from 150.000 to 150.250 has moved 25 pips. Gold is usually counted in $0.10 pips, so a move from 2,350.00 to 2,355.00 is 50 pips ($5 per ounce).',
          ],
        },
        {
          heading: 'What a pip is worth',
          paragraphs: [
            'The value of one pip is the pip size times the number of units you hold, expressed in the quote currency. For EURUSD, one standard lot is 100,000 euros, so one pip is 0.0001 x 100,000 = 10 US dollars. Because the quote currency is the dollar, that is exactly $10 for any pair ending in USD.',
            'For USDJPY the pip is worth 0.01 x 100,000 = 1,000 yen per standard lot. To turn yen into dollars, divide by the price: at 150.00, 1,000 / 150 = $6.67. The dollar value changes as the price changes: at 110.00 it would be $9.09.',
          ],
          example: {
            title: 'Pip values for one standard lot (100,000 units)',
            steps: [
              'EURUSD: 0.0001 x 100,000 = $10.00 per pip.',
              'GBPUSD: 0.0001 x 100,000 = $10.00 per pip.',
              'USDJPY at 150.00: 0.01 x 100,000 = 1,000 yen = 1,000 / 150 = $6.67 per pip.',
              'USDCHF at 0.9000: 0.0001 x 100,000 = 10 francs = 10 / 0.90 = $11.11 per pip.',
            ],
            result:
              'Pairs ending in USD are $10 per pip per standard lot; for other pairs convert from the quote currency.',
          },
        },
      ],
      keyPoints: [
        'A pip is 0.0001 on most pairs and 0.01 on yen pairs.',
        'The fifth decimal (third on yen pairs) is a tenth of a pip.',
        'One pip on one standard lot of EURUSD is worth $10.',
        'One pip on one standard lot of USDJPY is 1,000 yen, about $6.67 at 150.00.',
      ],
      tips: [
        'Always count your stop distance in pips first, then convert to money.',
        'For pairs not ending in USD, remember the pip value moves with the exchange rate.',
        'Use the position-size calculator in Risk Management Mastery to check pip values for any pair.',
      ],
    },
    {
      id: 'lots-leverage-margin',
      title: 'Lot sizes, leverage and margin',
      overview:
        'Position size in forex is measured in lots. Leverage lets you hold a position much larger than your deposit, which magnifies both gains and losses. This lesson shows the numbers.',
      sections: [
        {
          heading: 'Standard, mini and micro lots',
          paragraphs: [
            'A standard lot is 100,000 units of the base currency, a mini lot is 10,000 (0.10 lots) and a micro lot is 1,000 (0.01 lots). Most brokers let you trade in steps of 0.01 lots. On EURUSD, one pip is worth $10 on a standard lot, $1 on a mini lot and $0.10 on a micro lot.',
            "Gold and silver have their own contract sizes: one standard lot of XAUUSD is usually 100 ounces and one lot of XAGUSD 5,000 ounces. Always check the contract specification on your broker's website.",
          ],
          example: {
            title: 'The same 30-pip move on EURUSD',
            steps: [
              '1.00 lot (standard): 30 x $10 = $300.',
              '0.10 lots (mini): 30 x $1 = $30.',
              '0.01 lots (micro): 30 x $0.10 = $3.',
            ],
            result: 'The move is the same; the lot size decides how much money it is.',
          },
        },
        {
          heading: 'Leverage and margin',
          paragraphs: [
            'Margin is the deposit your broker holds while a position is open. Leverage is the ratio between the position value and that deposit. In the EU and UK, retail leverage on major pairs is capped at 30:1, so opening one standard lot of EURUSD at 1.08500 (worth $108,500) needs about $108,500 / 30 = $3,617 of margin.',
            'Leverage does not change what a pip is worth; the lot size does. What leverage changes is how large a position you are allowed to open. A $2,000 account can open a full standard lot with enough leverage, and then a 200-pip move against it costs $2,000, the entire account. If your losses eat into the required margin, the broker closes your positions automatically (a margin call or stop-out).',
          ],
        },
      ],
      keyPoints: [
        'Standard lot = 100,000 units, mini = 10,000, micro = 1,000.',
        'On EURUSD one pip is $10, $1 or $0.10 per standard, mini or micro lot.',
        'Margin is the deposit held while a trade is open; leverage is position value divided by margin.',
        'High leverage lets you open positions that can wipe out the account in a normal move.',
      ],
      tips: [
        'Choose lot size from your risk, never from how much margin you have free.',
        'Keep an eye on your margin level; a stop-out closes trades at the worst moment.',
        'Start with micro lots (0.01) on a small live account: $0.10 per pip keeps lessons cheap.',
      ],
    },
    {
      id: 'reading-a-candle',
      title: 'Reading a candlestick',
      overview:
        'A candlestick shows four prices for one period: open, high, low and close. Reading them quickly tells you who was in control during that period and how strongly.',
      sections: [
        {
          heading: 'The four prices',
          paragraphs: [
            "Each candle covers one period of the chart's timeframe: five minutes on a 5-minute chart, four hours on a 4-hour chart. The body is the box between the open and the close. The thin lines above and below the body are the wicks (or shadows): they show the highest and lowest prices traded during the period.",
            'A candle is bullish (green on most charts) when it closes above its open, and bearish (red) when it closes below. In the picture, the green candle opened at 1.08100, traded as low as 1.08000 and as high as 1.08400, and closed at 1.08320. The red candle opened where the green closed, at 1.08320, and closed lower at 1.08120.',
          ],
        },
        {
          heading: 'What the shape says',
          paragraphs: [
            'A large body with small wicks means one side pushed price steadily all period. A small body with long wicks means price moved a lot but ended near where it started: neither side kept control. A long lower wick means sellers pushed price down but buyers brought it back up before the close; a long upper wick means the opposite.',
            'Only the close is final. A candle that looks strongly bullish halfway through the period can end as a long upper wick if sellers return. That is why most rules in this course, such as a break of structure, are judged on the close of a candle, not on a wick during it.',
          ],
          example: {
            title: 'Measuring the green candle in the picture',
            steps: [
              'Range (high - low): 1.08400 - 1.08000 = 40 pips.',
              'Body (close - open): 1.08320 - 1.08100 = 22 pips.',
              'Upper wick (high - close): 8 pips. Lower wick (open - low): 10 pips.',
            ],
            result: 'The body is 55% of the range: a solid bullish candle with modest wicks on both sides.',
          },
        },
      ],
      keyPoints: [
        'Open, high, low, close: the body spans open to close, the wicks reach the high and the low.',
        'Green (bullish) closes above the open; red (bearish) closes below.',
        'Long wicks show prices that were rejected during the period.',
        'Decisions are made on closed candles, not on candles still forming.',
      ],
      tips: [
        'Hover over a candle on your platform to see its exact open, high, low and close.',
        'Compare a candle with the ones before it: a large body after small ones shows a change in pace.',
        'Wait for the candle to close before acting on it.',
      ],
      illustration: candleAnatomyFigure,
    },
  ],
  quiz: [
    {
      id: 'tf-q1',
      prompt: 'What is one pip worth on one standard lot of EURUSD?',
      options: ['$1', '$10', '$100', 'It depends on the leverage'],
      correctIndex: 1,
      explanation:
        'One pip (0.0001) x 100,000 units = 10 units of the quote currency, and the quote currency of EURUSD is the US dollar: $10. Leverage does not change pip value.',
    },
    {
      id: 'tf-q2',
      prompt: 'USDJPY trades at 150.00. About what is one pip worth on one standard lot, in dollars?',
      options: ['$10.00', '$1.50', '$6.67', '$15.00'],
      correctIndex: 2,
      explanation:
        'A yen pip is 0.01, so one lot gives 0.01 x 100,000 = 1,000 yen per pip; 1,000 / 150 = $6.67.',
    },
    {
      id: 'tf-q3',
      prompt: 'How many units of the base currency is 0.10 lots?',
      options: ['1,000 (a micro lot)', '10,000 (a mini lot)', '100,000 (a standard lot)', '100'],
      correctIndex: 1,
      explanation: 'A standard lot is 100,000 units, so 0.10 lots is 10,000 units, a mini lot.',
    },
    {
      id: 'tf-q4',
      prompt:
        'A candle opens at 1.08300, reaches 1.08350, drops to 1.08050 and closes at 1.08280. What does it show?',
      options: [
        'A strong bearish candle: sellers controlled the whole period',
        'A long lower wick: sellers pushed price down but buyers brought it back near the open',
        'A bullish candle because the high is above the open',
        'Nothing: only the open matters',
      ],
      correctIndex: 1,
      explanation:
        'The low is 25 pips below the open but the close is only 2 pips below it. The long lower wick shows lower prices were rejected before the close.',
    },
    {
      id: 'tf-q5',
      prompt:
        'The bid is 1.08500 and the ask 1.08515. What is the spread and what does it cost on 0.50 lots?',
      options: ['1.5 pips, $7.50', '15 pips, $75', '1.5 pips, $15', '0.15 pips, $0.75'],
      correctIndex: 0,
      explanation: '0.00015 / 0.0001 = 1.5 pips. On 0.50 lots a pip is worth $5, so 1.5 x $5 = $7.50.',
    },
  ],
};
