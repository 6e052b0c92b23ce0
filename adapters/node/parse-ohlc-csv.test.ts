import { isEngineError } from '../../engine/core/errors';
import { parseChartDataCsv, parseOhlcCsv } from './parse-ohlc-csv';

// The `chart-to-plan analyze` input side: CSVs as people export them.
describe('parseOhlcCsv', () => {
  it('reads the reference layout (Date,Open,High,Low,Close,...) in file order', () => {
    const bars = parseOhlcCsv(
      'Date,Open,High,Low,Close,Tickvol,Volume,Spread\n' +
        '2022.10.10 00:00:00,0.97312,0.97369,0.97312,0.97357,60,0,20\n' +
        '2022.10.10 00:15:00,0.9735,0.97362,0.97328,0.97362,57,0,20\n',
    );
    expect(bars).toEqual([
      { time: '2022.10.10 00:00:00', open: 0.97312, high: 0.97369, low: 0.97312, close: 0.97357 },
      { time: '2022.10.10 00:15:00', open: 0.9735, high: 0.97362, low: 0.97328, close: 0.97362 },
    ]);
  });

  it('reads a MetaTrader 5 export: tab-separated, <DATE> <TIME> headers', () => {
    const bars = parseOhlcCsv(
      '<DATE>\t<TIME>\t<OPEN>\t<HIGH>\t<LOW>\t<CLOSE>\t<TICKVOL>\t<VOL>\t<SPREAD>\n' +
        '2024.01.02\t00:00:00\t1.10427\t1.10431\t1.10395\t1.10410\t120\t0\t3\n',
    );
    expect(bars).toEqual([
      { time: '2024.01.02 00:00:00', open: 1.10427, high: 1.10431, low: 1.10395, close: 1.1041 },
    ]);
  });

  it('accepts lower-case, semicolon-separated columns in any order', () => {
    const bars = parseOhlcCsv('close;low;high;open;date\n2;1;3;1.5;2024-01-02\n');
    expect(bars).toEqual([{ time: '2024-01-02', open: 1.5, high: 3, low: 1, close: 2 }]);
  });

  it('names the row and column of a price that is not a number', () => {
    try {
      parseOhlcCsv('Date,Open,High,Low,Close\nx,1,2,0.5,1.5\ny,1,n/a,0.5,1.5\n');
      expect.unreachable();
    } catch (e) {
      expect(isEngineError(e) && e.code).toBe('INVALID_INPUT');
      expect((e as Error).message).toContain('Row 3');
      expect((e as Error).message).toContain('high');
    }
  });

  it('says which columns are missing', () => {
    expect(() => parseOhlcCsv('Date,Open,Close\nx,1,2\n')).toThrow(/high, low/);
  });
});

// Chart data exports uploaded in a chart slot: the platform is told from the content.
describe('parseChartDataCsv', () => {
  const rows = (n: number, line: (i: number, price: number) => string) =>
    Array.from({ length: n }, (_, i) => line(i, 1.1 + i * 0.0001)).join('\n');
  const p = (x: number) => x.toFixed(5);

  it('reads TradingView "Export chart data" with unix seconds and extra columns', () => {
    const start = Date.UTC(2024, 0, 2, 0, 0) / 1000;
    const csv =
      'time,open,high,low,close,Volume,EMA 20\n' +
      rows(
        40,
        (i, x) => `${start + i * 900},${p(x)},${p(x + 0.0005)},${p(x - 0.0005)},${p(x + 0.0002)},100,${p(x)}`,
      );
    const data = parseChartDataCsv(csv);
    expect(data.format).toBe('tradingview');
    expect(data.intervalMinutes).toBe(15);
    expect(data.bars).toHaveLength(40);
    expect(data.bars[0]).toEqual({ open: 1.1, high: 1.1005, low: 1.0995, close: 1.1002, time: start * 1000 });
  });

  it('reads TradingView with ISO times', () => {
    const csv =
      'time,open,high,low,close\n' +
      rows(
        35,
        (i, x) =>
          `${new Date(Date.UTC(2024, 0, 2) + i * 4 * 3_600_000).toISOString().replace('.000Z', 'Z')},${p(x)},${p(x + 0.001)},${p(x - 0.001)},${p(x)}`,
      );
    const data = parseChartDataCsv(csv);
    expect(data.format).toBe('tradingview');
    expect(data.intervalMinutes).toBe(240);
  });

  it('reads MetaTrader 4 history (no header: date,time,open,high,low,close,volume)', () => {
    const csv = rows(
      50,
      (i, x) =>
        `2024.01.02,${String(Math.floor((i * 5) / 60)).padStart(2, '0')}:${String((i * 5) % 60).padStart(2, '0')},${p(x)},${p(x + 0.0003)},${p(x - 0.0003)},${p(x + 0.0001)},57`,
    );
    const data = parseChartDataCsv(csv);
    expect(data.format).toBe('metatrader4');
    expect(data.intervalMinutes).toBe(5);
    expect(data.bars).toHaveLength(50);
    expect(data.bars[1]!.time).toBe(Date.UTC(2024, 0, 2, 0, 5));
  });

  it('reads MetaTrader 5 history (tab-separated <DATE> <TIME> header)', () => {
    const csv =
      '<DATE>\t<TIME>\t<OPEN>\t<HIGH>\t<LOW>\t<CLOSE>\t<TICKVOL>\t<VOL>\t<SPREAD>\n' +
      rows(
        31,
        (i, x) =>
          `2024.01.${String(2 + Math.floor(i / 6)).padStart(2, '0')}\t${String((i % 6) * 4).padStart(2, '0')}:00:00\t${p(x)}\t${p(x + 0.001)}\t${p(x - 0.001)}\t${p(x)}\t120\t0\t3`,
      );
    const data = parseChartDataCsv(csv);
    expect(data.format).toBe('metatrader5');
    expect(data.intervalMinutes).toBe(240);
  });

  it('reads newest-first files oldest first', () => {
    const start = Date.UTC(2024, 0, 2) / 1000;
    const csv =
      'time,open,high,low,close\n' +
      rows(30, (i, x) => `${start + (29 - i) * 300},${p(x)},${p(x + 0.001)},${p(x - 0.001)},${p(x)}`);
    const data = parseChartDataCsv(csv);
    expect(data.bars[0]!.time).toBe(start * 1000);
    expect(data.intervalMinutes).toBe(5);
  });

  it('refuses garbage with a sentence saying what to upload', () => {
    expect(() => parseChartDataCsv('hello world\nthis is not a chart\n')).toThrow(
      /not a chart data export.*TradingView/,
    );
    expect(() => parseChartDataCsv('')).toThrow(/empty/);
    expect(() => parseChartDataCsv('name,price\nEURUSD,1.1\n')).toThrow(/no open, high, low, close columns/);
    expect(() => parseChartDataCsv('time,open,high,low,close\n1704153600,1,2,0.5,1.5\n')).toThrow(
      /1 bar; at least 30/,
    );
    const bad =
      'time,open,high,low,close\n' +
      rows(30, (i) => `${1704153600 + i * 300},1.1,1.2,1.0,${i === 7 ? 'x' : '1.15'}`);
    expect(() => parseChartDataCsv(bad)).toThrow(/Row 9: the close price "x" is not a price/);
    const inverted =
      'time,open,high,low,close\n' + rows(30, (i) => `${1704153600 + i * 300},1.1,1.0,1.2,1.15`);
    expect(() => parseChartDataCsv(inverted)).toThrow(/high and low/);
    const badTime = 'time,open,high,low,close\n' + rows(30, () => `yesterday,1.1,1.2,1.0,1.15`);
    expect(() => parseChartDataCsv(badTime)).toThrow(/"yesterday" is not a date/);
  });
});
