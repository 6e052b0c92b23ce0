import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseOhlcCsv } from '../../bin/commands/analyze';
import { isEngineError } from '../core/errors';
import { FIXTURES } from './test-support/data';

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

describe('chart-to-plan analyze', () => {
  it('prints every detection as JSON with bar indices', async () => {
    const root = join(FIXTURES, '..', '..', '..');
    const { stdout } = await promisify(execFile)(
      join(root, 'bin', 'chart-to-plan'),
      ['analyze', join(FIXTURES, 'eurusd-15m-first600.csv'), '--fvg-threshold', '0', '--timeframe', '15m'],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
    );
    const out = JSON.parse(stdout) as Record<string, unknown> & {
      barCount: number;
      fvgs: { index: number; direction: string; top: number; bottom: number }[];
      verdict: { timeframe: string; bias: string; strength: number };
    };
    expect(out.barCount).toBe(600);
    for (const key of ['fvgs', 'swings', 'structure', 'orderBlocks', 'liquidity', 'indicators', 'verdict']) {
      expect(out).toHaveProperty(key);
    }
    // Row 18 of the file (0-based) is the first bullish gap of the reference: 0.97455-0.9746.
    expect(out.fvgs[0]).toMatchObject({ index: 18, direction: 'bullish', top: 0.9746, bottom: 0.97455 });
    expect(out.verdict.timeframe).toBe('15m');
    expect(['Bullish', 'Bearish', 'Neutral']).toContain(out.verdict.bias);
  });
});
