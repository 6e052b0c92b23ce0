import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyTally, scoreChart, summaryLines } from '../score';
import { fakeReading } from './fake-reader';
import type { SetTruth } from './types';

/**
 * bench/score.ts must give the same figures as ../shared/tools/score-chart-reader.mjs. Both score
 * the committed fixtures against one deterministic, imperfect fake reader (dropped, shifted and
 * mis-priced candles, swapped open/close, wrong symbols/timeframes, refused images) and must
 * print identical lines.
 */
const SCORER = '../shared/tools/score-chart-reader.mjs';
const FIXTURES = 'fixtures/charts';

describe.skipIf(!existsSync(SCORER) || !existsSync(join(FIXTURES, 'index.json')))(
  'bench/score.ts parity',
  () => {
    const tmp = mkdtempSync(join(tmpdir(), 'score-parity-'));
    afterAll(() => rmSync(tmp, { recursive: true, force: true }));

    it('prints the same figures as the shared scorer', () => {
      // Bundled to plain JS so each of the scorer's per-image launches is a quick `node` start.
      const fake = join(tmp, 'fake-reader.mjs');
      buildSync({
        entryPoints: ['bench/corpus/fake-reader.ts'],
        bundle: true,
        platform: 'node',
        format: 'esm',
        outfile: fake,
        logLevel: 'silent',
      });
      const shared = execFileSync('node', [SCORER, FIXTURES, `node ${fake} {image}`], { encoding: 'utf8' });
      const total = emptyTally();
      const ids = JSON.parse(readFileSync(join(FIXTURES, 'index.json'), 'utf8')) as string[];
      for (const id of ids) {
        const truth = JSON.parse(readFileSync(join(FIXTURES, id, 'truth.json'), 'utf8')) as SetTruth;
        for (const [tf, chart] of Object.entries(truth.charts)) {
          if (chart) scoreChart(truth, tf, chart, fakeReading(truth, chart.file), 0, [total]);
        }
      }
      const ours = summaryLines(total).filter((l) => !l.startsWith('time per chart'));
      const theirs = shared
        .trim()
        .split('\n')
        .filter((l) => /^(charts|recall|ohlc|direction|EXACT)/.test(l));
      expect(theirs).toHaveLength(5);
      expect(ours).toEqual(theirs);
      // The fake reader must exercise failures and inexact candles, or the comparison proves little.
      expect(total.failed).toBeGreaterThan(0);
      expect(total.exact).toBeLessThan(total.found);
    }, 60_000);
  },
);
