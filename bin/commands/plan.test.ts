import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { analysisResultSchema } from '../../contracts/analysis';
import { parsePlanArgs, run } from './plan';

const dir = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'shared',
  'chart-corpus',
  'dev',
  'dev-000-EURUSD-tv-dark',
);
const haveCorpus = existsSync(join(dir, '4h.png'));

describe('chart-to-plan plan: arguments', () => {
  it('reads the three slots, account and risk', () => {
    expect(
      parsePlanArgs(['--5m', 'a.png', '--15m', 'b.png', '--4h', 'c.png', '--account', '5000', '--risk=1.5']),
    ).toEqual({
      files: { '5m': 'a.png', '15m': 'b.png', '4h': 'c.png' },
      account: 5000,
      risk: 1.5,
      pretty: false,
    });
  });

  it('defaults to SPEC.md account 10000 and risk 2', () => {
    expect(parsePlanArgs(['--5m', 'a', '--15m', 'b', '--4h', 'c'])).toMatchObject({
      account: 10_000,
      risk: 2,
    });
  });

  it('says which chart is missing and refuses nonsense numbers', () => {
    expect(parsePlanArgs(['--5m', 'a', '--4h', 'c'])).toMatch(/missing --15m/);
    expect(parsePlanArgs(['--5m', 'a', '--15m', 'b', '--4h', 'c', '--account', '-5'])).toMatch(/--account/);
    expect(parsePlanArgs(['--5m', 'a', '--15m', 'b', '--4h', 'c', '--bogus', '1'])).toMatch(
      /unknown option --bogus/,
    );
  });
});

describe.skipIf(!haveCorpus)('chart-to-plan plan: three real screenshots', () => {
  it('prints one JSON analysis result that matches the API contract', async () => {
    let out = '';
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => {
      out += chunk;
      return true;
    }) as typeof process.stdout.write;
    let code: number;
    try {
      code = await run([
        '--5m',
        join(dir, '5m.png'),
        '--15m',
        join(dir, '15m.png'),
        '--4h',
        join(dir, '4h.png'),
      ]);
    } finally {
      process.stdout.write = write;
    }
    expect(code).toBe(0);
    const result = analysisResultSchema.parse(JSON.parse(out));
    expect(result.symbol).toBe('EURUSD');
    expect(result.timeframes.map((t) => t.timeframe)).toEqual(['5m', '15m', '4h']);
    expect(result.timeframes.every((t) => t.overlay.candles.length > 50)).toBe(true);
    expect(result.tradePlan === null).toBe(result.noTradeReason !== null);
  });
});
