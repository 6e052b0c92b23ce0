/**
 * "Every reading byte-identical": reads every screenshot under the given directories in process
 * and saves, or compares against a saved run, each one's outcome (its reading, or its refusal's
 * code, message and details) as canonical JSON (bench/golden/readings.ts). Refactors and speed
 * changes of the reader are checked with it before and after.
 *
 *   npm run check:readings -- --save /tmp/before.json DIR [DIR...]      # on the old code
 *   npm run check:readings -- --against /tmp/before.json DIR [DIR...]   # on the new code
 *   ... --reader CHECKOUT      read with CHECKOUT/engine/vision/index.ts (e.g. a `git worktree`
 *                              of an older commit) instead of this checkout's reader; decoding
 *                              stays this checkout's (adapters/node/decode-image), it is not the reader
 *
 * A DIR is a corpus (../shared/chart-corpus/dev, fixtures/charts, bench/corpus/generate.ts output)
 * or any folder of screenshots (e2e/fixtures/charts): every .png/.jpg/.webp under it is read,
 * decoded as the CLI decodes. --against prints each difference (file, first differing field,
 * before -> now, how many values differ; screenshots present in only one run count too) and
 * ends with `N readings, D differences`; it exits 1 when D > 0.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, normalize, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  canonicalJson,
  describeDifference,
  listChartImages,
  outcomeDifference,
  readOutcome,
  type Outcome,
  type ReadChart,
} from './readings';

const FORMAT = 'chart-readings/1';

interface SavedRun {
  format: typeof FORMAT;
  dirs: string[];
  /** Keyed by DIR as given + the image's path inside it. */
  readings: Record<string, { sha256: string; outcome: Outcome }>;
}

const USAGE =
  'usage: npm run check:readings -- (--save FILE | --against FILE) [--reader CHECKOUT] DIR [DIR...]';

async function loadReader(checkout: string | undefined): Promise<ReadChart> {
  const entry = checkout
    ? pathToFileURL(resolve(checkout, 'engine/vision/index.ts')).href
    : '../../engine/vision/index.ts';
  const vision = (await import(entry)) as { readChart: ReadChart };
  return vision.readChart;
}

async function readAll(dirs: string[], readChart: ReadChart): Promise<SavedRun['readings']> {
  const readings: SavedRun['readings'] = {};
  for (const dir of dirs) {
    const images = listChartImages(dir);
    console.log(`${dir}: ${images.length} screenshots`);
    for (const { file } of images) {
      const outcome = await readOutcome(file, readChart);
      const sha256 = createHash('sha256').update(canonicalJson(outcome)).digest('hex');
      readings[join(normalize(dir), relative(dir, file))] = { sha256, outcome };
    }
  }
  return readings;
}

async function main(argv: string[]): Promise<number> {
  const take = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    if (i < 0) return undefined;
    const [value] = argv.splice(i, 2).slice(1);
    return value;
  };
  const save = take('--save');
  const against = take('--against');
  const checkout = take('--reader');
  const dirs = argv.map((d) => normalize(d).replace(/\/$/, ''));
  if (!!save === !!against || dirs.length === 0 || dirs.some((d) => d.startsWith('--'))) {
    console.error(USAGE);
    return 2;
  }
  const before = against ? (JSON.parse(readFileSync(against, 'utf8')) as SavedRun) : null;
  if (before && before.format !== FORMAT) {
    console.error(`${against} is not a saved run of check:readings (${FORMAT})`);
    return 2;
  }
  const t0 = performance.now();
  const now = await readAll(dirs, await loadReader(checkout));
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  const count = Object.keys(now).length;
  if (save) {
    const run: SavedRun = { format: FORMAT, dirs, readings: now };
    writeFileSync(save, JSON.stringify(run) + '\n');
    console.log(`${count} readings saved to ${save} in ${seconds} s`);
    return 0;
  }
  const differences: string[] = [];
  for (const [key, { sha256, outcome }] of Object.entries(now)) {
    const old = before!.readings[key];
    if (!old) differences.push(`${key}: not in ${against}`);
    else if (old.sha256 !== sha256) {
      const d = outcomeDifference(old.outcome, outcome);
      differences.push(`${key}: ${d ? describeDifference(d) : 'same values, different text'}`);
    }
  }
  for (const key of Object.keys(before!.readings))
    if (!(key in now) && dirs.some((d) => key.startsWith(`${d}/`)))
      differences.push(`${key}: in ${against} but not read now`);
  if (differences.length) console.log(`differences (${against} -> now):`);
  for (const line of differences) console.log(`  ${line}`);
  console.log(`read in ${seconds} s`);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  console.log(`${plural(count, 'reading')}, ${plural(differences.length, 'difference')}`);
  return differences.length ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main(process.argv.slice(2));
