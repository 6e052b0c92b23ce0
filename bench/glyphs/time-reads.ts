/**
 * readChart's time on every screenshot of a folder, in one process (the CLI's start-up left
 * out): median and the slowest five, each the best of --runs reads (default 2; the machine is
 * shared). Refusals are timed too (a fallback that fails costs the most).
 *
 *   npx tsx bench/glyphs/time-reads.ts DIR [--runs N]
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { decodeImage } from '../../adapters/node/decode-image';
import { readChart } from '../../engine/vision';

const dir = process.argv[2]!;
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 2;
const files = readdirSync(dir).filter((f) => /\.(png|jpe?g|webp)$/i.test(f));
const times: { file: string; ms: number; outcome: string }[] = [];
for (const file of files) {
  const image = await decodeImage(join(dir, file));
  let best = Infinity;
  let outcome = '';
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    try {
      readChart(image);
      outcome = 'read';
    } catch (e) {
      outcome = (e as { code?: string }).code ?? 'error';
    }
    best = Math.min(best, performance.now() - t0);
  }
  times.push({ file, ms: best, outcome });
}
times.sort((a, b) => b.ms - a.ms);
const median = times[times.length >> 1]!.ms;
console.log(`${times.length} screenshots, median ${median.toFixed(0)} ms`);
for (const t of times.slice(0, 5))
  console.log(`  ${t.ms.toFixed(0).padStart(6)} ms  ${t.outcome.padEnd(16)} ${t.file}`);
