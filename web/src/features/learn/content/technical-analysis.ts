import { candlePatternsFigure, supportResistanceFigure, uptrendFigure } from './figures';
import { emaPullbackFigure } from './indicator-figures';
import type { LearningModule } from './types';

export const technicalAnalysisModule: LearningModule = {
  id: 'technical-analysis',
  title: 'Technical Analysis Essentials',
  summary:
    'Support and resistance, trends and market structure, candlestick signals at key levels, and the two indicators the analysis reports: moving averages and RSI.',
  difficulty: 'Beginner',
  lessons: [
    {
      id: 'support-resistance',
      title: 'Support and resistance',
      overview:
        'Support is a price area where falling prices have repeatedly stopped; resistance is where rising prices have stopped. They are zones, not exact lines, and they matter because many traders watch them.',
      sections: [
        {
          heading: 'Why levels form',
          paragraphs: [
            'When price turns at a level, traders remember it. Buyers who missed the last bounce leave orders near the old low; sellers who were caught place stops just beyond it. Those orders make a reaction more likely the next time price visits, which is why a level touched two or three times is watched by more people than a level touched once.',
            'In the picture, price rises into the 1.08780-1.08850 area twice and is pushed back both times: that is resistance. It falls into 1.08150-1.08220 twice and bounces: that is support. Notice that the touches are not at exactly the same price; one reaches 1.08840, the other 1.08830. Draw levels as zones covering the wicks and bodies that reacted.',
          ],
        },
        {
          heading: 'When a level breaks',
          paragraphs: [
            'A level is broken when a candle closes clearly beyond it, not when a wick pokes through. A broken resistance often becomes support when price returns to it (and a broken support becomes resistance). Traders call this a role reversal or a retest. The more decisively price left the level, the more meaningful the retest.',
            'The analysis finds major support and resistance by clustering swing highs and lows that sit close together and counting how often price reacted there, with recent touches weighted more. Those are the "Key Price Levels" you see on the dashboard.',
          ],
          example: {
            title: 'Drawing a zone from two touches',
            steps: [
              'First rejection: high 1.08840, candle body top 1.08740.',
              'Second rejection: high 1.08830, body top 1.08740.',
              'Zone: from about 1.08780 (where the wicks start to cluster) to 1.08850 (just above the highest wick).',
            ],
            result: 'A 7-pip resistance zone; a close above 1.08850 would break it.',
          },
        },
      ],
      keyPoints: [
        'Support stops falls, resistance stops rises; both are zones.',
        'The more times a level has held, the more traders watch it.',
        'A level breaks on a candle close beyond it, not on a wick.',
        'Broken resistance often turns into support, and broken support into resistance.',
      ],
      tips: [
        'Mark levels on the 4-hour chart first; lower-timeframe levels matter less.',
        'Do not draw a line on every small turn: two to four key levels per chart are enough.',
        'Place stops beyond the whole zone, not on its edge, where many other stops sit.',
      ],
      illustration: supportResistanceFigure,
    },
    {
      id: 'trend-and-structure',
      title: 'Trend and market structure',
      overview:
        'A trend is a sequence of swings. An uptrend makes higher highs and higher lows; a downtrend makes lower highs and lower lows. Reading that sequence is called market structure, and it is the backbone of the Smart Money Concepts module.',
      sections: [
        {
          heading: 'Swings and their labels',
          paragraphs: [
            'A swing high is a candle whose high is above the highs of the candles on both sides of it; a swing low is the mirror. In an uptrend each new swing high is higher than the last (HH, higher high) and each pullback ends above the previous low (HL, higher low). In the picture the lows go 1.08100, 1.08250, 1.08450, 1.08650 and the highs 1.08400, 1.08600, 1.08800.',
            'A downtrend is the opposite: lower highs (LH) and lower lows (LL). When neither pattern holds, with highs and lows roughly level, the market is ranging.',
          ],
        },
        {
          heading: 'When is a trend over?',
          paragraphs: [
            'An uptrend stays intact as long as pullbacks hold above the last higher low. The first sign of trouble is a failure to make a new high; the confirmation is a candle closing below the last higher low. Until then, the trend is your default assumption: it is usually easier to trade with it than against it.',
            'Structure depends on the timeframe. A 4-hour uptrend can contain a 15-minute downtrend that is just a pullback. That is why the analysis reads the 4-hour chart first, and why a 15-minute signal against the 4-hour trend lowers the confidence of a plan.',
          ],
          example: {
            title: 'Is the uptrend intact?',
            steps: [
              'Last higher low: 1.08450. Last higher high: 1.08800.',
              'Price pulls back to 1.08650 and holds: another higher low, trend intact.',
              'If a candle had closed below 1.08450 instead, the sequence of higher lows would be broken.',
            ],
            result: 'The level that decides the trend is the last higher low, 1.08450.',
          },
        },
      ],
      keyPoints: [
        'Uptrend: higher highs and higher lows. Downtrend: lower highs and lower lows.',
        'A swing high has lower highs on both sides; a swing low has higher lows on both sides.',
        'An uptrend is broken by a close below the last higher low.',
        'Each timeframe has its own structure; the higher one sets the context.',
      ],
      tips: [
        'Label swings on your chart (HH, HL, LH, LL) until you do it without thinking.',
        'In an uptrend, look for buys at higher lows rather than chasing new highs.',
        'When you cannot tell whether a chart is trending, it probably is not: treat it as a range.',
      ],
      illustration: uptrendFigure,
    },
    {
      id: 'candlestick-signals',
      title: 'Candlestick signals at key levels',
      overview:
        'Single candles and pairs of candles can show a level rejecting price. On their own they mean little; at a support or resistance level, in the direction of the bigger trend, they become useful confirmation.',
      sections: [
        {
          heading: 'Pin bars (wick rejections)',
          paragraphs: [
            'A pin bar has a small body at one end and a long wick at the other, at least about twice the body. A bullish pin bar (also called a hammer) has a long lower wick: sellers pushed price down, buyers pushed it back and the candle closed near its high. In the picture, the candle at support pushes 10 pips into the zone, to 1.08120, but closes at 1.08270.',
            'The analysis calls this a wick rejection and reports it when the rejecting wick touches a known level: a key level, a swing, an order block or a fair value gap.',
          ],
        },
        {
          heading: 'Engulfing candles',
          paragraphs: [
            "A bullish engulfing pattern is a green candle whose body completely covers the previous red candle's body: it opens at or below the previous close and closes above the previous open. It shows buyers taking back everything sellers gained in the previous period and more. A bearish engulfing is the mirror image.",
            'Signals fail often. A pin bar in the middle of nowhere, or against a strong trend, is weak evidence. Use them only as the last step: the level and the trend come first, the candle confirms.',
          ],
          example: {
            title: 'Checking the engulfing candle in the picture',
            steps: [
              'Previous candle: open 1.08270, close 1.08220 (red, body 5 pips).',
              'Engulfing candle: open 1.08210 (below 1.08220), close 1.08360 (above 1.08270).',
              'Its body of 15 pips covers the previous body entirely.',
            ],
            result:
              'A valid bullish engulfing at support, two candles after a pin bar: two signals agreeing.',
          },
        },
      ],
      keyPoints: [
        'A pin bar has a long wick and a small body at the other end: a rejection of prices.',
        'A bullish engulfing body covers the whole previous bearish body.',
        'Candle signals matter at levels and with the trend; elsewhere they are noise.',
        'Wait for the signal candle to close before acting.',
      ],
      tips: [
        'Ask three questions in order: is this a key level, is the bigger trend with me, is there a signal candle?',
        "Place the stop beyond the pin bar's wick: if price goes back there, the rejection failed.",
        'Note in your journal which signals you took and how they worked; your own statistics beat any textbook.',
      ],
      illustration: candlePatternsFigure,
    },
    {
      id: 'moving-averages-rsi',
      title: 'Moving averages and RSI',
      overview:
        'Indicators are calculations on past prices. The analysis reports two kinds: exponential moving averages (20, 50 and 200 periods) for trend, and the 14-period RSI for momentum and divergence.',
      sections: [
        {
          heading: 'Exponential moving averages',
          paragraphs: [
            'A moving average is the average closing price of the last N candles, redrawn every candle. An exponential moving average (EMA) gives more weight to recent closes, so it reacts faster. The 20 EMA follows short-term swings, the 50 EMA the medium trend and the 200 EMA the long-term trend.',
            'When the EMAs are stacked 20 above 50 above 200 and price is above them, the trend is up; the analysis reports that as an EMA trend of Bullish. In a trend, price often pulls back to the 20 or 50 EMA before continuing, so an EMA can act as moving support or resistance. Note that a 200 EMA needs at least 200 candles to mean anything: on a short screenshot it may not be reported at all.',
          ],
        },
        {
          heading: 'RSI and divergence',
          paragraphs: [
            'The Relative Strength Index compares the size of recent up moves with recent down moves on a scale from 0 to 100. Above 70 is called overbought and below 30 oversold, but in a strong trend RSI can stay there for a long time, so those readings are not signals by themselves.',
            'Divergence is more useful. A bearish divergence is when price makes a higher high but RSI makes a lower high: the push up had less momentum than the last one. A bullish divergence is a lower low in price with a higher low in RSI. Divergence warns that a move is tiring; it does not tell you when it will turn.',
          ],
          example: {
            title: 'Spotting a bearish divergence',
            steps: [
              'First swing high: price 1.08800, RSI 74.',
              'Second swing high: price 1.08860 (6 pips higher), RSI 66 (lower).',
              'Price made a higher high, RSI a lower high.',
            ],
            result:
              'Bearish divergence: momentum faded into the new high. Wait for structure to break before acting on it.',
          },
        },
      ],
      keyPoints: [
        'EMAs smooth price; 20, 50 and 200 cover short, medium and long-term trend.',
        'EMAs stacked 20 > 50 > 200 with price above them describe an uptrend.',
        'RSI above 70 or below 30 is not a reversal signal on its own.',
        'Divergence between price swings and RSI swings shows fading momentum.',
      ],
      tips: [
        'Use indicators to confirm what price structure already shows, not to replace it.',
        'Keep the chart you screenshot simple: indicators in a lower pane, not over the candles.',
        'Look for divergence at key levels; divergence in the middle of a range means little.',
      ],
      illustration: emaPullbackFigure,
    },
  ],
  quiz: [
    {
      id: 'ta-q1',
      prompt: 'Which sequence describes an uptrend?',
      options: [
        'Lower highs and lower lows',
        'Higher highs and higher lows',
        'Equal highs and equal lows',
        'Higher highs and lower lows',
      ],
      correctIndex: 1,
      explanation:
        'An uptrend makes higher highs and higher lows. Lower highs and lower lows is a downtrend; equal highs and lows is a range.',
    },
    {
      id: 'ta-q2',
      prompt: 'Resistance is at 1.08800. When is it broken?',
      options: [
        'When a wick touches 1.08810',
        'When a candle closes clearly above the zone',
        'When RSI goes above 70',
        'When price comes within 5 pips of it',
      ],
      correctIndex: 1,
      explanation:
        'Levels break on a close beyond them. Wicks through a level that close back inside are rejections, often sweeps of the stops just beyond it.',
    },
    {
      id: 'ta-q3',
      prompt: 'An uptrend has a last higher low at 1.08450. Which event breaks the uptrend structure?',
      options: [
        'A candle closing at 1.08500',
        'A wick down to 1.08460',
        'A candle closing below 1.08450',
        'A bearish candle anywhere',
      ],
      correctIndex: 2,
      explanation:
        'An uptrend holds while pullbacks stay above the last higher low. A close below it breaks the structure.',
    },
    {
      id: 'ta-q4',
      prompt: 'Price makes a higher high while RSI makes a lower high. What is this?',
      options: [
        'Bullish divergence',
        'Hidden bullish divergence',
        'Bearish divergence',
        'Oversold condition',
      ],
      correctIndex: 2,
      explanation:
        'Higher high in price with a lower high in RSI is a regular bearish divergence: the new high had less momentum. It is a warning, not an entry on its own.',
    },
    {
      id: 'ta-q5',
      prompt: 'Where does a bullish pin bar carry the most weight?',
      options: [
        'In the middle of a range',
        'At a support level in an uptrend on the higher timeframe',
        'At resistance in a downtrend',
        'Anywhere, as long as the wick is long',
      ],
      correctIndex: 1,
      explanation:
        'Candle signals are confirmation. A bullish rejection at support, with the bigger trend up, has the level, the trend and the signal all agreeing.',
    },
  ],
};
