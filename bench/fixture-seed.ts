/**
 * Finds a generator seed for one of the test chart sets (bench/corpus/fixture-sets.ts) that gives
 * the plan the browser test needs: a trade (eurusd-trade) or no trade with a setup to watch
 * (eurusd-watch).
 *
 *   npx tsx bench/fixture-seed.ts --set eurusd-watch [--from 1] [--to 600] [--render 8] [--out DIR]
 *
 * Two passes, as e2e/fixtures/make-charts.ts describes. First every seed is planned from the
 * generator's own bars (the bars the chart would show, as a data export: no rendering,
 * milliseconds a seed), and the seeds whose plan is the wanted kind are ranked by their margin
 * from the 75% gate. Then the best few are rendered exactly as make-charts.ts renders them and
 * planned from the screenshots, through the reader with its OCR fallback as the server reads
 * them: what the browser test will see. The engine's rules are not touched; pick a seed whose
 * screenshot plan is the wanted kind with margin, put it in fixture-sets.ts and run
 * make-charts.ts. --out keeps the screenshots (SEED-TF.png) to look at.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { CORPUS_TIMEFRAMES, syntheticSet } from './corpus/market-data';
import { ChartRenderer } from './corpus/renderer';
import { Rng } from './corpus/rng';
import { planSet } from './corpus/styles';
import type { AnalysisResult } from '../engine/plan/types';
import { analyzeReadings } from '../engine/plan/pipeline';
import { MIN_CONFIDENCE } from '../engine/plan/weights';
import { readingFromData } from '../engine/plan/data-reading';
import { analyzeChartsWithOcr } from '../adapters/node/read-with-ocr';
import { closeSharedAxisOcr } from '../adapters/node/ocr-axis';
import { decodeImage } from '../adapters/node/decode-image';
import { FIXTURE_SETS, FIXTURE_STYLE } from './corpus/fixture-sets';

/** The plan's confidence gate: a trade needs this score, a setup to watch this once triggered. */
const GATE = MIN_CONFIDENCE;
/** The settings the browser test analyses with (the dashboard's defaults). */
const SETTINGS = { account: 10_000, riskPercent: 2 } as const;

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const setName = arg('set', 'eurusd-watch');
const set = FIXTURE_SETS.find((s) => s.name === setName);
if (!set) throw new Error(`no fixture set ${setName} in bench/corpus/fixture-sets.ts`);
const want = setName.endsWith('-trade') ? 'trade' : 'watch';
const [from, to, renderCount] = [
  Number(arg('from', '1')),
  Number(arg('to', '600')),
  Number(arg('render', '8')),
];

/** How clearly a plan is the wanted kind: points of margin on its weakest side of the gate. */
function margin(result: AnalysisResult): number | null {
  if (want === 'trade') return result.tradePlan ? result.confidence.score - GATE : null;
  const watch = result.setupToWatch;
  if (result.tradePlan || !watch || !/^a 5m CHoCH (up|down) inside /.test(watch.trigger)) return null;
  return Math.min(GATE - result.confidence.score, watch.confidenceIfTriggered - GATE);
}

/** The seed's three render specs (5m, 15m, 4h), drawn exactly as make-charts.ts draws them. */
function seedSpecs(seed: number) {
  const rng = new Rng(seed).fork(set!.name);
  const plan = planSet(rng.fork('style'), ['lwc'], { ...FIXTURE_STYLE, symbol: set!.symbol }, false);
  const series = syntheticSet(rng.fork('data'), plan.inst, 900);
  return CORPUS_TIMEFRAMES.map((tf) => plan.spec(tf, series[tf], rng.fork(`tf-${tf}`)));
}

const describe = (r: AnalysisResult) =>
  `${r.tradePlan ? `TRADE ${r.tradePlan.direction}` : r.setupToWatch ? `WATCH ${r.setupToWatch.direction} (${r.setupToWatch.confidenceIfTriggered}% if triggered)` : 'no trade'}, ${r.confidence.score}%`;

// Pass 1: plan from the bars each chart shows (the spec keeps a run-in of history before them:
// twice the visible count plus 100, of which the chart shows about the last visible count).
const ranked: { seed: number; margin: number; text: string }[] = [];
for (let seed = from; seed <= to; seed++) {
  const specs = seedSpecs(seed);
  const readings = Object.fromEntries(
    specs.map((spec, i) => {
      const shown = spec.bars
        .slice(-Math.round((spec.bars.length - 100) / 2))
        .map((b) => ({ open: b.o, high: b.h, low: b.l, close: b.c }));
      return [CORPUS_TIMEFRAMES[i]!, readingFromData({ timeframe: CORPUS_TIMEFRAMES[i]!, bars: shown })];
    }),
  ) as Parameters<typeof analyzeReadings>[0];
  try {
    const result = analyzeReadings(readings, { ...SETTINGS, symbol: set.symbol });
    const m = margin(result);
    if (m !== null) ranked.push({ seed, margin: m, text: describe(result) });
  } catch {
    // A series the analysis refuses is not a candidate.
  }
}
ranked.sort((a, b) => b.margin - a.margin);
console.log(`pass 1: ${ranked.length} of ${to - from + 1} seeds give a ${want} from the bars`);
for (const r of ranked.slice(0, renderCount)) console.log(`  seed ${r.seed}: ${r.text}, margin ${r.margin}`);

// Pass 2: render the best and plan from the screenshots.
const keep = process.argv.includes('--out');
const dir = keep ? arg('out', '') : mkdtempSync(join(tmpdir(), 'find-seed-'));
mkdirSync(dir, { recursive: true });
const renderer = await ChartRenderer.launch();
try {
  for (const { seed } of ranked.slice(0, renderCount)) {
    const specs = seedSpecs(seed);
    const inputs: Record<string, Awaited<ReturnType<typeof decodeImage>>> = {};
    for (const [i, spec] of specs.entries()) {
      const file = join(dir, `${seed}-${CORPUS_TIMEFRAMES[i]}.png`);
      const { png } = await renderer.render(spec);
      writeFileSync(file, await sharp(png).png({ compressionLevel: 9 }).toBuffer());
      inputs[CORPUS_TIMEFRAMES[i]!] = await decodeImage(file);
    }
    try {
      const result = await analyzeChartsWithOcr(
        inputs as Parameters<typeof analyzeChartsWithOcr>[0],
        SETTINGS,
      );
      const m = margin(result);
      const leftOut = result.warnings.some((w) => /candles were left out/.test(w));
      console.log(
        `seed ${seed}: ${describe(result)}${m === null ? '' : `, margin ${m}`}${leftOut ? ', some candles left out' : ''}` +
          (result.setupToWatch
            ? `; trigger: ${result.setupToWatch.trigger}`
            : result.noTradeReason
              ? `; ${result.noTradeReason.slice(0, 160)}`
              : ''),
      );
    } catch (error) {
      console.log(`seed ${seed}: ${(error as Error).message}`);
    }
  }
} finally {
  await renderer.close();
  await closeSharedAxisOcr();
  if (!keep) rmSync(dir, { recursive: true, force: true });
}
