import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const root = join(import.meta.dirname, '..', '..');

describe('chart-to-plan analyze', () => {
  it('prints every detection as JSON with bar indices', async () => {
    const { stdout } = await promisify(execFile)(
      join(root, 'bin', 'chart-to-plan'),
      [
        'analyze',
        join(root, 'engine', 'analysis', 'fixtures', 'eurusd-15m-first600.csv'),
        '--fvg-threshold',
        '0',
        '--timeframe',
        '15m',
      ],
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
