/**
 * A deliberately imperfect "reader" for testing scorers: derives a reading from the truth.json
 * next to the image, with seeded mistakes. Run as a command: tsx bench/corpus/fake-reader.ts IMAGE
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ReadOutput } from '../score';
import type { SetTruth } from './types';

/** Fake reading of an image, derived from its truth with seeded mistakes. */
export function fakeReading(truth: SetTruth, file: string): ReadOutput | null {
  const entry = Object.entries(truth.charts).find(([, c]) => c?.file === file);
  if (!entry) return null;
  const [tf, chart] = entry;
  if (!chart) return null;
  let seed =
    [...(truth.id + file)].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619), 2166136261) >>> 0;
  const rnd = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296;
  if (rnd() < 0.1) return null;
  const ppp = (chart.scale.y2 - chart.scale.y1) / (chart.scale.p1 - chart.scale.p2);
  const candles = chart.candles.flatMap((c) => {
    const r = rnd();
    if (r < 0.05) return [];
    const errPx = r < 0.15 ? 3 : r < 0.3 ? 1.2 : 0.2;
    const d = errPx / ppp;
    const flip = rnd() < 0.03;
    return [
      {
        x: c.x + (rnd() - 0.5) * 2,
        open: flip ? c.close : c.open + d,
        high: c.high + d,
        low: c.low - d * 0.5,
        close: flip ? c.open : c.close,
      },
    ];
  });
  if (rnd() < 0.3) candles.push({ x: chart.plot.left + 1, open: 1, high: 1, low: 1, close: 1 });
  return {
    symbol: rnd() < 0.8 ? truth.symbol.toLowerCase() : 'XXXYYY',
    timeframe: rnd() < 0.8 ? tf : null,
    candles,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const image = process.argv[2] ?? '';
  const truth = JSON.parse(readFileSync(join(dirname(image), 'truth.json'), 'utf8')) as SetTruth;
  const out = fakeReading(truth, basename(image));
  if (!out) {
    process.stderr.write('fake reader: refused\n');
    process.exit(1);
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}
