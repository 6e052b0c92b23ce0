import { isEngineError } from '../../engine/core/errors';
import { parseOhlcCsv } from './parse-ohlc-csv';

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
