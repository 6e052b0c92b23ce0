import {
  identifyInstrument,
  namesHeikinAshi,
  namesMetaTraderPeriod,
  parsePriceLabel,
  readHeaderOhlc,
  readLegendOhlc,
  type TextToken,
} from './index';
import { findInstrument } from '../../instruments';
import { INDEX_TICKERS, instrumentKey, normaliseSymbol } from './symbol-names';
import { parseTimeframe } from './timeframe';

/** Tokens laid out on one line as the reader would return them (words split on spaces). */
function line(text: string, top = 10, height = 10): TextToken[] {
  const out: TextToken[] = [];
  let x = 0;
  for (const word of text.split(' ').filter((w) => w.length > 0)) {
    const w = word.length * 6;
    out.push({ text: word, box: { left: x, top, right: x + w, bottom: top + height }, confidence: 0.9 });
    x += w + 5;
  }
  return out;
}

describe('parsePriceLabel', () => {
  it.each([
    ['1.15100', 1.151],
    ['0.6400', 0.64],
    ['152.000', 152],
    ['2,450.50', 2450.5],
    ['1 234.5', 1234.5],
    ['1\u202f234.5', 1234.5],
    ['38,950', 38950],
    ['−0.25', -0.25],
    ['-12.5', -12.5],
    ['2616.00', 2616],
    ['0', 0],
    ['19850', 19850],
  ])('reads %s as %d', (text, value) => {
    expect(parsePriceLabel(text)).toBeCloseTo(value, 10);
  });

  it.each([
    '12:30',
    '21:00',
    '15 Mar',
    '2024-03-01',
    '1.2.3',
    '',
    'EURUSD',
    '5%',
    '1,23',
    '12,34.5',
    '.',
    '1.',
    '--1',
    '1,234,56',
  ])('refuses %j', (text) => {
    expect(parsePriceLabel(text)).toBeNull();
  });
});

describe('normaliseSymbol', () => {
  it.each([
    ['EURUSD', 'EURUSD'],
    ['EURUSDm', 'EURUSD'],
    ['XAUUSD.r', 'XAUUSD'],
    ['EURUSD-ECN', 'EURUSD'],
    ['GBPJPY.pro', 'GBPJPY'],
    ['EUR/USD', 'EURUSD'],
    ['OANDA:EURUSD', 'EURUSD'],
    ['GOLD', 'XAUUSD'],
    ['SILVER', 'XAGUSD'],
    ['US30', 'US30'],
    ['NAS100', 'NAS100'],
    ['USTEC', 'USTEC'],
    ['SPX500', 'SPX500'],
    ['GER40', 'GER40'],
    ['DE40', 'DE40'],
    ['US30m', 'US30'],
    ['NAS100.cash', 'NAS100'],
    ['GER40-ECN', 'GER40'],
    ['US500m', 'US500'],
    ['FX:DAX', 'DAX'],
    ['BTCUSD', 'BTCUSD'],
  ])('%s -> %s', (raw, symbol) => {
    expect(normaliseSymbol(raw)).toBe(symbol);
  });

  it.each(['PEPPERSTONE', 'OANDA', 'FXCM', 'FOREX.COM', 'ICMARKETS', 'Indicators', 'EUREUR', '1.13957'])(
    '%s is no symbol',
    (raw) => {
      expect(normaliseSymbol(raw)).toBeNull();
    },
  );
});

describe('index tickers', () => {
  // The reader returns the ticker the chart shows; the instrument table resolves the aliases.
  it.each(Object.keys(INDEX_TICKERS))('%s is read as shown and resolves to its instrument', (ticker) => {
    expect(normaliseSymbol(ticker)).toBe(ticker);
    const instrument = findInstrument(ticker);
    expect(instrument).toBeDefined();
    expect(instrument?.symbol).toBe(findInstrument(instrumentKey(ticker))?.symbol);
  });

  it('takes two names of one index for one instrument, not for different symbols', () => {
    expect(identifyInstrument([...line('DAX 1.0000', 10), ...line('GER40 1.1130', 40)]).symbol).toBe('DAX');
    expect(identifyInstrument([...line('DAX 1.0000', 10), ...line('US30 1.1130', 40)]).symbol).toBeNull();
  });
});

describe('parseTimeframe', () => {
  it.each([
    ['15m.', '15m'],
    ['4h', '4h'],
    ['1D', '1d'],
    ['D', '1d'],
    ['1W', '1w'],
    ['1M', '1M'],
    ['M15', '15m'],
    ['H4', '4h'],
    ['H1', '1h'],
    ['D1', '1d'],
    ['W1', '1w'],
    ['MN1', '1M'],
    ['Daily', '1d'],
    ['30M', '30m'],
    ['1h', '1h'],
    ['5 min', '5m'],
    ['4 hOUrS', '4h'],
    ['15m.', '15m'],
  ])('%s -> %s', (raw, tf) => {
    expect(parseTimeframe(raw)).toBe(tf);
  });

  it.each([
    ['4小时', '4h'],
    ['15分钟', '15m'],
    ['5分', '5m'],
    ['1日', '1d'],
    ['1天', '1d'],
    ['1周', '1w'],
    ['1週', '1w'],
    ['1月', '1M'],
    ['1時間', '1h'],
    ['4時', '4h'],
    ['15분', '15m'],
    ['4시간', '4h'],
    ['1일', '1d'],
    ['1주', '1w'],
  ])('CJK units: %s -> %s', (raw, tf) => {
    expect(parseTimeframe(raw)).toBe(tf);
  });

  it('reads no CJK unit without its number, nor a number with no unit it knows', () => {
    // "分时" is Binance's line chart; "2日" no timeframe of ours; "1永续" a legend word.
    for (const raw of ['分时', '小时', '2日', '1永续', '4小时线']) expect(parseTimeframe(raw)).toBeNull();
  });

  it('reads bare minutes only when asked (legend position)', () => {
    expect(parseTimeframe('15')).toBeNull();
    expect(parseTimeframe('15', true)).toBe('15m');
    expect(parseTimeframe('240', true)).toBe('4h');
    expect(parseTimeframe('60', true)).toBe('1h');
    expect(parseTimeframe('1.13957', true)).toBeNull();
    expect(parseTimeframe('12:30', true)).toBeNull();
    expect(parseTimeframe('45', true)).toBeNull();
  });
});

describe('identifyInstrument', () => {
  it.each([
    ['EURUSD · 15 · PEPPERSTONE O1.13957 H1.13957 L1.13865 C1.13875', 'EURUSD', '15m'],
    ['XAUUSD · 240 · FOREX.COM O2565.01 H2568.07 L2559.41 C2563.71', 'XAUUSD', '4h'],
    ['Euro / U.S. Dollar · 15 · FXCM', 'EURUSD', '15m'],
    ['Gold Spot / U.S. Dollar · 1D · OANDA', 'XAUUSD', '1d'],
    ['British Pound / Japanese Yen · 60 · FXCM', 'GBPJPY', '1h'],
    ['EUR/USD', 'EURUSD', null],
    ['EUR / USD · 5', 'EURUSD', '5m'],
    ['EURUSD 15m Indicators Alert Replay', 'EURUSD', '15m'],
    ['EURUSD,H4', 'EURUSD', '4h'],
    ['EURUSDm,M15', 'EURUSD', '15m'],
    ['XAUUSD.r, Daily', 'XAUUSD', '1d'],
    ['EURUSD, H1: Euro vs US Dollar', 'EURUSD', '1h'],
    ['GOLD', 'XAUUSD', null],
    ['GOLD,H1', 'XAUUSD', '1h'],
    ['US30 · 5 · CAPITALCOM', 'US30', '5m'],
    ['NAS100, M30', 'NAS100', '30m'],
    ['USDJPY · 1W · FXCM', 'USDJPY', '1w'],
    // Misreads the recogniser makes on real title fonts.
    ['GBPJPY . 15. FOREX.COM', 'GBPJPY', '15m'],
    ['EURJUSD · M15', 'EURUSD', '15m'],
    ['XAG/USO · 5m', 'XAGUSD', '5m'],
    ['FURUSD,M5 1.08699', 'EURUSD', '5m'],
    ['U.S. DoIIac ( Japanese Yem · 4h · OANDA', 'USDJPY', '4h'],
    ['Bifcoin / U.S. Dclla: · 15 · BINANCE', 'BTCUSD', '15m'],
    // TradingView's legend on a dark theme: f for t, e for o, c for n; the "·" glued on.
    ['Bifceic / U.S. DclIa:. 15.BlackBulI Ma:kefc', 'BTCUSD', '15m'],
    ['Euro vs Japanese Yen', 'EURJPY', null],
    // The OCR's reading of a small grey legend (TradingView grey theme): the slash as "[".
    ['Euro [ U.S, Dollar - 15 - OANDA', 'EURUSD', '15m'],
    ['Pound / Yen · 60', 'GBPJPY', '1h'],
    // Small round letters collapse towards "c"; a downscaled F reads as r; "/" as Z.
    ['U.S. DcIIac ( Jagacece Yem · 4h · OANDA', 'USDJPY', '4h'],
    ['USDCHr · 5 - FX O 0.85268', 'USDCHF', '5m'],
    ['EURZGBP · 5 min 0.84327', 'EURGBP', '5m'],
    ['NZOUsD.H4 0.59670 0.59811', 'NZDUSD', '4h'],
    ['(NDX, M15j - Q x File', 'NDX', '15m'],
    ['XAUUSD.r', 'XAUUSD', null],
    ['3jPY,H4 157.619 157.697', null, '4h'],
    ['GBPJPY (15mln) O 166.668', 'GBPJPY', '15m'],
    ['EUR/USD (H4) 1.0712', 'EURUSD', '4h'],
    ['XAUUSD (4 hours)', 'XAUUSD', '4h'],
    ['EURUSD (O 1.0712', 'EURUSD', null],
    ['1,2742 157.619', null, null],
    // Descriptions and spelt-out units between or after the ticker.
    ['DAX Index · 15 · XETR', 'DAX', '15m'],
    ['SPX · 4 hours', 'SPX', '4h'],
    // Index descriptions as the recogniser reads them, named by their TradingView ticker.
    ['S/1P 500 Index · 15 · SP', 'SPX', '15m'],
    ['SOP 500 lndex - 15 · SP', 'SPX', '15m'],
    ['Nacdag 100 lcdex · 5 · NASDAQ', 'NDX', '5m'],
    ['DAX I::dex · 240 - XETR', 'DAX', '4h'],
    ['Nmdag 100 Index - 5 - NASDAQ', null, null],
    ['S/1P 400 Index · 15', null, null],
    // A fund tracking the index is not the index (SPY, the SPDR S&P 500 ETF, is no SPX).
    ['SPDR S&P 500 ETF TRUST · 3 · Arca', null, '3m'],
    ['iShares Core S&P 500 ETF · 5', null, '5m'],
    ['EUR/USD · 15 min', 'EURUSD', '15m'],
    ['51234567: FX-Demo - (EURUSD,H4) - L3', 'EURUSD', '4h'],
    ['BTCJUSD. M15 O45939.73', 'BTCUSD', '15m'],
    ['BTCUSD · 5.BlTSTAMP O23057.98', 'BTCUSD', '5m'],
    ['EURUSD 1.13957', 'EURUSD', null],
    ['W II', null, null],
    ['· Dl l l ·', null, null],
    ['Publish GBPJPY · lSm · OANDA', 'GBPJPY', '15m'],
    ['EURUSD Sm', 'EURUSD', null],
    // MetaTrader 5 spells daily out; a symbol misread beyond repair still leaves the form.
    ['XA8JUSD,DaiIy', null, '1d'],
    ['XA8JUSD,Weekly', null, '1w'],
    // Roboto's "1" stands off the next digit by nearly a space: "15" cut in two words, read
    // right or with the "1" misread as "3" (then no timeframe rather than 3m).
    ['EURUSD · 1 5 · FXCM', 'EURUSD', '15m'],
    ['EURUSD · 3 5 · FXCM', 'EURUSD', null],
    ['GBPUSD 1 5m Indicators', 'GBPUSD', '15m'],
    ['GBPUSD 3 5m Indicators', 'GBPUSD', null],
  ])('%s', (text, symbol, timeframe) => {
    expect(identifyInstrument(line(text))).toEqual({ symbol, timeframe });
  });

  it('does not take a price or a date for the timeframe', () => {
    expect(identifyInstrument(line('EURUSD O1.13957 H1.13957'))).toEqual({
      symbol: 'EURUSD',
      timeframe: null,
    });
    expect(identifyInstrument(line('EURUSD 1.15100 15 Mar'))).toEqual({ symbol: 'EURUSD', timeframe: null });
    expect(identifyInstrument([...line('EURUSD', 10), ...line('15', 60)]).timeframe).toBeNull();
  });

  it('ignores a lone timeframe when a row of timeframe buttons was seen (some misread)', () => {
    expect(identifyInstrument(line('1m Sm 1Sm 30m 1H 4H'))).toEqual({ symbol: null, timeframe: null });
    expect(identifyInstrument(line('1m Sm lSc 3Om'))).toEqual({ symbol: null, timeframe: null });
  });

  it('names no symbol when different ones are read and none is followed by a timeframe', () => {
    expect(identifyInstrument([...line('EURUSD 1.0000', 10), ...line('GBPUSD 1.1130', 40)])).toEqual({
      symbol: null,
      timeframe: null,
    });
    expect(
      identifyInstrument([...line('EURUSD 1.0000', 10), ...line('GBPJPY · 15 · OANDA', 40)]).symbol,
    ).toBe('GBPJPY');
  });

  it('ignores a row of timeframe buttons', () => {
    expect(identifyInstrument(line('M1 M5 M15 M30 H1 H4 D1 W1 MN'))).toEqual({
      symbol: null,
      timeframe: null,
    });
  });

  it('combines a toolbar and a legend line', () => {
    const tokens = [
      ...line('EURUSD 15m Indicators Alert', 5),
      ...line('EURUSD · 15 · PEPPERSTONE O1.1 H1.2 L1.0 C1.1', 40),
    ];
    expect(identifyInstrument(tokens)).toEqual({ symbol: 'EURUSD', timeframe: '15m' });
  });

  it('repairs one misread glyph of a pair only when both codes become currencies', () => {
    expect(identifyInstrument(line('SELLER BUYERS'))).toEqual({ symbol: null, timeframe: null });
    expect(identifyInstrument(line('EURUSO2'))).toEqual({ symbol: null, timeframe: null });
    expect(identifyInstrument(line('Dollar / Dollar'))).toEqual({ symbol: null, timeframe: null });
    expect(identifyInstrument(line('Cacada / Eaca'))).toEqual({ symbol: null, timeframe: null });
    expect(identifyInstrument(line('Indicators / Replay'))).toEqual({ symbol: null, timeframe: null });
  });

  it('returns nulls when nothing is recognisable', () => {
    expect(identifyInstrument([])).toEqual({ symbol: null, timeframe: null });
    expect(identifyInstrument(line('Indicators Alert Replay'))).toEqual({ symbol: null, timeframe: null });
  });
});

describe('readLegendOhlc', () => {
  it('reads TradingView legend values glued to their letters', () => {
    expect(readLegendOhlc(line('EURUSD · 15 · PEPPERSTONE O1.13957 H1.13957 L1.13865 C1.13875'))).toEqual({
      open: 1.13957,
      high: 1.13957,
      low: 1.13865,
      close: 1.13875,
    });
  });

  it('reads values separated from their letters and ignores the change figures', () => {
    expect(readLegendOhlc(line('O 2565.01 H 2568.07 L 2559.41 C 2563.71 −1.30 (−0.05%)'))).toEqual({
      open: 2565.01,
      high: 2568.07,
      low: 2559.41,
      close: 2563.71,
    });
  });

  it("takes a zero glued before a digit for the open's letter (a general OCR reads O as 0)", () => {
    expect(readLegendOhlc(line('01.12998 H1.13006 L1.12995 C1.13005 +0/00007 (+0.01%)'))).toEqual({
      open: 1.12998,
      high: 1.13006,
      low: 1.12995,
      close: 1.13005,
    });
    expect(readLegendOhlc(line('00.8512 H0.8519 L0.8505 C0.8510'))?.open).toBe(0.8512);
    // A price of its own (0.85...) is no letter.
    expect(readLegendOhlc(line('0.8512 H0.8519 L0.8505 C0.8510'))).toBeNull();
  });

  it('refuses inconsistent or incomplete legends', () => {
    expect(readLegendOhlc(line('O1.2 H1.1 L1.0 C1.05'))).toBeNull();
    expect(readLegendOhlc(line('O1.2 H1.3 L1.0'))).toBeNull();
    expect(readLegendOhlc(line('EURUSD 15m'))).toBeNull();
  });
});

describe('readHeaderOhlc', () => {
  it("reads MetaTrader's title: the last bar's open, high, low and close after the symbol", () => {
    expect(readHeaderOhlc(line('GBPUSD,M15 1.19017 1.19067 1.18939 1.18965'))).toEqual({
      open: 1.19017,
      high: 1.19067,
      low: 1.18939,
      close: 1.18965,
    });
    expect(
      readHeaderOhlc(line('EURUSDm, Daily: Euro vs US Dollar 1.02304 1.02480 1.02304 1.02421 1494')),
    ).toEqual({
      open: 1.02304,
      high: 1.0248,
      low: 1.02304,
      close: 1.02421,
    });
  });

  it('refuses numbers of mixed decimals (a digit misread in or out) or out of order', () => {
    expect(readHeaderOhlc(line('GBPUSD,M15 1.19017 1.191167 1.18939 1.18965'))).toBeNull();
    expect(readHeaderOhlc(line('EURUSD.I,H1 1.08546 1.0893 1.08953 1.08977'))).toBeNull();
    expect(readHeaderOhlc(line('EURUSD,H1 1.08986 1.08953 1.08993 1.08977'))).toBeNull();
    expect(readHeaderOhlc(line('EURUSD,H1 102304 102480 101904 102421'))).toBeNull();
  });
});

describe('namesMetaTraderPeriod', () => {
  it.each([
    ['BTCUSD, H4: Bitcoin vs US Dollar', true],
    ['CDX,M5 14446.66 14353.53', true],
    ['EURUSDm, Daily: Euro vs US Dollar', true],
    ['GBPUSD,MN1', true],
    ['USDCAD · 5m · OANDA O1.17697 H1.17710', false],
    ['AUD/USD · 5 min O 0.73727 H 0.73727', false],
    ['EMA 9, H 1.2', false],
  ])('%s', (text, named) => {
    expect(namesMetaTraderPeriod(line(text))).toBe(named);
  });
});

describe('namesHeikinAshi', () => {
  it.each([
    ['EURUSD,H1 Heiken Ashi', true],
    ['BTCUSD · 1D · Heikin Ashi', true],
    ['EURUSD,H1 HeIkin', true],
    ['EURUSD,H1 1.08251 1.08471', false],
    ['HA', false],
  ])('%s', (text, named) => {
    expect(namesHeikinAshi(line(text))).toBe(named);
  });
});
