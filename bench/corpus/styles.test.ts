import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CORPUS_TIMEFRAMES, type SeriesBar } from './market-data';
import { Rng } from './rng';
import { planSet } from './styles';
import type { RendererName } from './types';

/** A small fixed series: enough for the spec's level lines, independent of the data generator. */
const BARS: SeriesBar[] = Array.from({ length: 60 }, (_, i) => ({
  t: 1_700_000_000 + i * 900,
  o: 1.1 + i * 1e-4,
  h: 1.1003 + i * 1e-4,
  l: 1.0998 + i * 1e-4,
  c: 1.1001 + i * 1e-4,
  v: 100 + i,
}));

/** Every draw planSet and spec() make for the first 60 sets of a seed, as one digest. */
function planDigest(seed: number, renderers: RendererName[]): string {
  const root = new Rng(seed);
  const hash = createHash('sha256');
  for (let i = 0; i < 60; i++) {
    const job = root.fork(`set-${i}`);
    const plan = planSet(job.fork('style'), renderers, {}, true);
    hash.update(JSON.stringify(plan.style));
    for (const tf of CORPUS_TIMEFRAMES) {
      const { bars: _bars, ...spec } = plan.spec(tf, BARS, job.fork(`tf-${tf}`));
      hash.update(JSON.stringify(spec));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

describe('corpus styles', () => {
  // The reader helpers' corpus (/work/corpus/c60: seed 2026, default renderers) must not change
  // under them: a new renderer or knob draws from its own forked stream. If this digest moves,
  // existing seeds render differently; regenerate and re-baseline on purpose, not by accident.
  it('keeps the draws of existing seeds for the default renderers', () => {
    expect(planDigest(2026, ['lwc', 'mt', 'broker'])).toBe('a7ab0b58bf1acad2');
  });

  it('plans ECharts sets with its own knobs, both axis sides and its red-up default palette', () => {
    const root = new Rng(31);
    const plans = Array.from({ length: 40 }, (_, i) =>
      planSet(root.fork(`set-${i}`).fork('style'), ['echarts'], {}, true),
    );
    expect(plans.every((p) => p.style.renderer === 'echarts')).toBe(true);
    expect(new Set(plans.map((p) => p.style.axis))).toEqual(new Set(['left', 'right']));
    const spec = plans[0]!.spec('15m', BARS, new Rng(1));
    expect(Object.keys(spec.variant)).toEqual(
      expect.arrayContaining(['ecSlider', 'ecSplitArea', 'ecLabelsInside']),
    );
    const def = plans.find((p) => p.style.palette === 'echarts-default');
    expect(def).toBeDefined();
    const palette = def!.spec('15m', BARS, new Rng(1)).palette;
    expect(palette.upBorder).toBe('#eb5454');
    expect(palette.downBorder).toBe('#47b262');
  });
});
