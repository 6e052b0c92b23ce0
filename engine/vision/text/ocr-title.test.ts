import { decideTitle, ocrTitleEvidence } from './instrument';
import { parseTimeframe } from './timeframe';
import type { TextToken } from './types';

/** One line of OCR words, left to right, 10 px tall, with their confidence (default 0.9). */
function line(words: (string | [string, number])[], top = 0): TextToken[] {
  let left = 0;
  return words.map((w) => {
    const [text, confidence] = typeof w === 'string' ? [w, 0.9] : w;
    const width = 8 * text.length;
    const t = { text, box: { left, top, right: left + width, bottom: top + 10 }, confidence };
    left += width + 6;
    return t;
  });
}

const read = (...lines: TextToken[][]) => decideTitle(ocrTitleEvidence(lines.flat()));

describe('the vocabulary for an OCR read title (ocrTitleEvidence)', () => {
  it('reads MetaTrader titles, with names no vocabulary knows and the M read as V', () => {
    expect(read(line(['Crude_Oil,M5']))).toEqual({ symbol: 'CRUDEOIL', timeframe: '5m' });
    expect(read(line(['GBPUSD,V15', '1.19017', '1.19067']))).toEqual({ symbol: 'GBPUSD', timeframe: '15m' });
    expect(read(line(['GBPUSD,', 'M30:', 'Great', 'Britain', 'Pound']))).toEqual({
      symbol: 'GBPUSD',
      timeframe: '30m',
    });
  });

  it("reads cTrader's small-letter timeframe", () => {
    expect(read(line(['EURUSD,', 'm30']))).toEqual({ symbol: 'EURUSD', timeframe: '30m' });
    expect(parseTimeframe('h4')).toBe('4h');
    expect(parseTimeframe('m1')).toBe('1m');
  });

  it("reads TradingView's legend: the timeframe between separators, a ticker abbreviating its description", () => {
    expect(read(line(['Apple', 'Inc', '-', '1D', '-', 'Cboe', 'BZX']))).toEqual({
      symbol: null,
      timeframe: '1d',
    });
    expect(
      read(
        line(['NVDA', '1m', '30m', '1h', 'D', 'Indicators']),
        line(['NVIDIA', 'Corporation', '-', '1D', '-', 'Cboe', 'One'], 40),
      ),
    ).toEqual({ symbol: 'NVDA', timeframe: '1d' });
    // The legend's dot read onto the timeframe beside it ("1-" for "1 ·").
    expect(read(line(['Euro', '/', 'U.S.', 'Dollar', '-', '1-', 'FXCM']))).toEqual({
      symbol: 'EURUSD',
      timeframe: '1m',
    });
    // The slash of a small grey legend, read as "[" with low confidence, still separates the names.
    expect(read(line(['Euro', ['[', 0.34], 'U.S,', 'Dollar', '-', '15', '-', 'OANDA']))).toEqual({
      symbol: 'EURUSD',
      timeframe: '15m',
    });
    // A dash inside a word is not split off: "Pre-1" is no timeframe between separators.
    expect(read(line(['Apple', 'Inc', '-', 'Pre-1', '-', 'Cboe'])).timeframe).toBeNull();
    expect(
      read(line(['USDRUB', 'D']), line(['Dollar', '/', 'Russian', 'Ruble', '-', '1D', '-', 'FOREX.com'], 40)),
    ).toEqual({
      symbol: 'USDRUB',
      timeframe: '1d',
    });
  });

  it('reads a crypto ticker only when the OCR is sure of it', () => {
    expect(read(line(['GASUSDT', 'Binance']))).toEqual({ symbol: 'GASUSDT', timeframe: null });
    expect(read(line([['GASUSDT', 0.6], 'Binance']))).toEqual({ symbol: null, timeframe: null });
  });

  it('guesses nothing from words that name no instrument', () => {
    expect(read(line(['MarketPulse', 'Al', 'Home', 'Portfolio', 'Classic']))).toEqual({
      symbol: null,
      timeframe: null,
    });
    // A capitals word that does not abbreviate the legend's description is not its ticker.
    expect(read(line(['BZX', 'ESC']), line(['Apple', 'Inc', '-', '1D', '-', 'Cboe'], 40)).symbol).toBeNull();
    // A word of the description is not a ticker abbreviating it ("US" of "US 100 Cash CFD").
    expect(read(line(['US', '100', 'Cash', 'CFD', '-', '1D', '-', 'BlackBull'])).symbol).toBeNull();
    // A low-confidence title is left out.
    expect(read(line([['EURUSD,H4', 0.3]]))).toEqual({ symbol: null, timeframe: null });
    // Different instruments and no title among them: none is the chart's.
    expect(read(line(['APRUSDT']), line(['ATHUSDT'], 40)).symbol).toBeNull();
  });
});
