/**
 * Golden readings: the reader's outcome for every screenshot committed to the repo, stored under
 * fixtures/golden so that `npm test` (bench/golden/golden.test.ts) notices any change to any
 * reading, and so that a deliberate change shows up, candle by candle, in the commit's diff.
 *
 *   npm run golden                  # compare every committed screenshot with its golden file
 *   npm run golden -- --update      # rewrite the golden files after a deliberate change
 *   npm run golden -- --update --lower-floor   # ... even where a fixture's EXACT went down
 *
 * Each golden file holds the image it belongs to, the outcome (bench/golden/readings.ts) and,
 * when the image has truth, the fixture's EXACT floor: how many of its truth candles the reader
 * had within 1.5 px on all four prices when the golden was last written. The test requires the
 * reading byte for byte and EXACT at or above the floor; --update raises a floor when EXACT
 * improves and refuses to lower one unless told so with --lower-floor, so that a drop is a
 * decision someone typed, not a side effect of refreshing the goldens.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readChart } from '../../engine/vision';
import {
  canonicalJson,
  describeDifference,
  exactOf,
  listChartImages,
  outcomeDifference,
  outcomeKind,
  readOutcome,
  type ChartImage,
  type Difference,
  type Outcome,
} from './readings';

/** The repository root: golden paths are stored relative to it, whatever the working directory. */
export const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** Every committed screenshot folder and where its golden readings live. */
export const GOLDEN_COLLECTIONS: readonly { images: string; golden: string }[] = [
  { images: 'fixtures/charts', golden: 'fixtures/golden/charts' },
  { images: 'e2e/fixtures/charts', golden: 'fixtures/golden/e2e-charts' },
];

export interface ExactCount {
  exact: number;
  truth: number;
}

export interface GoldenFile {
  image: string;
  /** Null for a screenshot without truth (nothing to score). */
  exactFloor: ExactCount | null;
}

/** One committed screenshot and its golden file (which may not exist yet). */
export interface GoldenCase {
  /** Image path relative to the repo, e.g. fixtures/charts/fx-00-tv-dark-chrome/15m.png. */
  image: string;
  /** Golden file path relative to the repo, e.g. fixtures/golden/charts/fx-00-tv-dark-chrome/15m.json. */
  golden: string;
  truth: ChartImage['truth'];
}

export function goldenCases(): GoldenCase[] {
  return GOLDEN_COLLECTIONS.flatMap(({ images, golden }) =>
    listChartImages(join(REPO, images)).map(({ file, truth }) => {
      const rel = relative(join(REPO, images), file);
      return {
        image: join(images, rel),
        golden: join(golden, rel.replace(/\.[^./]+$/, '.json')),
        truth,
      };
    }),
  );
}

/** Golden files with no committed screenshot any more (left behind by a rename or removal). */
export function staleGoldenFiles(cases: readonly GoldenCase[]): string[] {
  const wanted = new Set(cases.map((c) => c.golden));
  const found: string[] = [];
  const walk = (d: string): void => {
    if (!existsSync(join(REPO, d))) return;
    for (const entry of readdirSync(join(REPO, d), { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json') && !wanted.has(path)) found.push(path);
    }
  };
  for (const { golden } of GOLDEN_COLLECTIONS) walk(golden);
  return found.sort();
}

/** The text a golden file must hold for this outcome and floor. */
export function goldenText(c: GoldenCase, outcome: Outcome, exactFloor: ExactCount | null): string {
  return canonicalJson({ image: c.image, exactFloor, ...outcome });
}

export interface GoldenResult {
  case: GoldenCase;
  outcome: Outcome;
  /** EXACT of this run's reading (null without truth). */
  exact: ExactCount | null;
  /** The stored golden file, or null when there is none yet. */
  stored: (GoldenFile & Outcome) | null;
  storedText: string | null;
  /** How this run's outcome differs from the stored one (null when identical or nothing stored). */
  difference: Difference | null;
}

/** Reads one committed screenshot and compares it with its golden file. */
export async function runGoldenCase(c: GoldenCase): Promise<GoldenResult> {
  const outcome = await readOutcome(join(REPO, c.image), readChart);
  const exact = c.truth ? exactOf(outcome, c.truth) : null;
  const path = join(REPO, c.golden);
  const storedText = existsSync(path) ? readFileSync(path, 'utf8') : null;
  const stored = storedText === null ? null : (JSON.parse(storedText) as GoldenFile & Outcome);
  const difference = stored ? outcomeDifference(outcomeOf(stored), outcome) : null;
  return { case: c, outcome, exact, stored, storedText, difference };
}

/** The outcome part of a golden file (without the image path and the floor). */
export function outcomeOf(file: GoldenFile & Outcome): Outcome {
  if ('reading' in file) return { reading: file.reading };
  if ('refusal' in file) return { refusal: file.refusal };
  return { crash: file.crash };
}

export const share = (n: ExactCount | null): string =>
  n ? `${n.truth ? ((100 * n.exact) / n.truth).toFixed(1) : 'n/a'}% (${n.exact}/${n.truth})` : 'n/a';

async function main(argv: string[]): Promise<number> {
  const update = argv.includes('--update');
  const lowerFloor = argv.includes('--lower-floor');
  const unknown = argv.filter((a) => !['--update', '--lower-floor'].includes(a));
  if (unknown.length || (lowerFloor && !update)) {
    console.error('usage: npm run golden [-- --update [--lower-floor]]');
    return 2;
  }
  const cases = goldenCases();
  const lines: string[] = [];
  let changed = 0;
  let refusedDrops = 0;
  for (const c of cases) {
    const r = await runGoldenCase(c);
    const text = goldenText(c, r.outcome, r.exact);
    if (r.storedText === text) continue;
    changed++;
    const oldFloor = r.stored?.exactFloor ?? null;
    const dropped = r.exact !== null && oldFloor !== null && r.exact.exact < oldFloor.exact;
    if (!r.stored) lines.push(`new       ${c.golden}: ${outcomeKind(r.outcome)}, EXACT ${share(r.exact)}`);
    else if (r.difference)
      lines.push(
        `changed   ${c.golden}: ${describeDifference(r.difference)}` +
          (r.exact ? `; EXACT ${share(r.exact)}, floor ${share(oldFloor)}` : ''),
      );
    else
      lines.push(
        `${update ? 'rewritten' : 'stale    '} ${c.golden}: same outcome, floor or layout differs (floor ${share(oldFloor)}, EXACT now ${share(r.exact)})`,
      );
    if (dropped) {
      lines.push(`          EXACT fell below the floor: ${share(r.exact)} < ${share(oldFloor)}`);
      if (!lowerFloor) refusedDrops++;
    }
    if (update && (!dropped || lowerFloor)) {
      mkdirSync(dirname(join(REPO, c.golden)), { recursive: true });
      writeFileSync(join(REPO, c.golden), text);
    }
  }
  for (const stale of staleGoldenFiles(cases)) {
    changed++;
    lines.push(`removed   ${stale}: its screenshot is gone`);
    if (update) rmSync(join(REPO, stale));
  }
  for (const line of lines) console.log(line);
  console.log(
    update
      ? `${cases.length} golden readings, ${changed - refusedDrops} updated`
      : `${cases.length} golden readings, ${changed} different from the committed goldens`,
  );
  if (update && refusedDrops) {
    console.log(
      `${refusedDrops} fixture(s) not updated: EXACT fell below the floor. Fix the reader, or accept ` +
        'the drop with `npm run golden -- --update --lower-floor` and say why in the commit.',
    );
    return 1;
  }
  if (!update && changed) {
    console.log('If the change is deliberate: npm run golden -- --update, and review the diff.');
    return 1;
  }
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main(process.argv.slice(2));
