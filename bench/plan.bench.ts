// Speed of the whole `plan` pipeline on three 1600x900 screenshots in one process: decode
// (sharp) + read three charts + analyse three series + build the plan. Target: median
// <= 500 ms after warm-up (issue 5). Stage timings are reported beside the total so a slow
// stage is visible.
//   npm run bench:plan [-- DIR]   (DIR holds 5m.png, 15m.png, 4h.png)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { decodeImage } from '../adapters/node/decode-image';
import { analyzeTimeframe } from '../engine/analysis';
import type { RgbaImage } from '../engine/core/image';
import { analyzeCharts, buildPlan, SLOTS, type Slot } from '../engine/plan';
import { readChart } from '../engine/vision';

const root = join(import.meta.dirname, '..');

function chartSets(): string[] {
  const explicit = process.argv[2];
  if (explicit) return [explicit];
  const sets: string[] = [];
  const fixtures = join(root, 'fixtures', 'charts');
  if (existsSync(fixtures)) {
    for (const d of readdirSync(fixtures)) {
      if (SLOTS.every((s) => existsSync(join(fixtures, d, `${s}.png`)))) sets.push(join(fixtures, d));
    }
  }
  const shared = join(root, '..', 'shared', 'chart-corpus', 'dev', 'dev-000-EURUSD-tv-dark');
  if (existsSync(shared)) sets.push(shared);
  return sets;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

const sets = chartSets();
if (sets.length === 0) {
  console.log(
    'bench:plan: no screenshots found (fixtures/charts/*/ or ../shared/chart-corpus/dev/); nothing to measure.',
  );
  process.exit(0);
}
// One set is enough for the headline; the first found is the one reported.
const dir = sets[0]!;
const files = Object.fromEntries(SLOTS.map((s) => [s, readFileSync(join(dir, `${s}.png`))])) as Record<
  Slot,
  Buffer
>;
const settings = { account: 10_000, riskPercent: 2 };

async function decodeAll(): Promise<Record<Slot, RgbaImage>> {
  const [m5, m15, h4] = await Promise.all(SLOTS.map((s) => decodeImage(new Uint8Array(files[s]))));
  return { '5m': m5!, '15m': m15!, '4h': h4! };
}

const WARMUP = 3;
const RUNS = 15;
const total: number[] = [];
const decode: number[] = [];
const pipeline: number[] = [];
// CPU time of the process per run: less sensitive than wall time to other jobs on a shared box
// (it still includes sharp's own threads).
const cpu: number[] = [];
let summary = '';
for (let run = 0; run < WARMUP + RUNS; run++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const images = await decodeAll();
  const t1 = performance.now();
  const result = analyzeCharts(images, settings);
  const t2 = performance.now();
  const c = process.cpuUsage(c0);
  if (run >= WARMUP) {
    cpu.push((c.user + c.system) / 1000);
    total.push(t2 - t0);
    decode.push(t1 - t0);
    pipeline.push(t2 - t1);
  }
  if (run === 0) {
    const p = result.tradePlan;
    summary = `${result.symbol}: ${p ? `${p.direction} ${p.formatted.entry} SL ${p.formatted.stopLoss} TP1 ${p.formatted.takeProfit1}, ${p.lotSize} lots` : result.noTradeReason}`;
  }
}

// Stage breakdown (separate runs, same inputs).
const images = await decodeAll();
const read: number[] = [];
const analyse: number[] = [];
const build: number[] = [];
for (let run = 0; run < WARMUP + RUNS; run++) {
  const t0 = performance.now();
  const readings = {
    '5m': readChart(images['5m']),
    '15m': readChart(images['15m']),
    '4h': readChart(images['4h']),
  };
  const t1 = performance.now();
  const bars = (s: Slot) =>
    readings[s].candles.map(({ open, high, low, close }) => ({ open, high, low, close }));
  const a4h = analyzeTimeframe(bars('4h'), { timeframe: '4h' });
  const a15m = analyzeTimeframe(bars('15m'), { timeframe: '15m', higherTimeframe: a4h });
  const a5m = analyzeTimeframe(bars('5m'), { timeframe: '5m', higherTimeframe: a15m });
  const t2 = performance.now();
  buildPlan({ readings, analyses: { '4h': a4h, '15m': a15m, '5m': a5m }, ...settings });
  const t3 = performance.now();
  if (run >= WARMUP) {
    read.push(t1 - t0);
    analyse.push(t2 - t1);
    build.push(t3 - t2);
  }
}

const sizes = SLOTS.map((s) => `${s} ${images[s].width}x${images[s].height}`).join(', ');
console.log(`bench:plan  ${dir}`);
console.log(`  images: ${sizes}`);
console.log(`  result: ${summary}`);
console.log(`  median of ${RUNS} runs after ${WARMUP} warm-up:`);
console.log(`    whole pipeline (decode + read + analyse + plan): ${ms(median(total))}   target <= 500 ms`);
console.log(`    CPU time of the whole pipeline (user+system):   ${ms(median(cpu))}`);
console.log(`      decode x3 (sharp):                            ${ms(median(decode))}`);
console.log(`      analyzeCharts (read + analyse + plan):        ${ms(median(pipeline))}`);
console.log(`        readChart x3:                               ${ms(median(read))}`);
console.log(`        analyzeTimeframe x3:                        ${ms(median(analyse))}`);
console.log(`        buildPlan:                                  ${ms(median(build))}`);
console.log(`  min/max whole pipeline: ${ms(Math.min(...total))} / ${ms(Math.max(...total))}`);
console.log(
  `  ${median(total) <= 500 ? 'within' : 'OVER'} the 500 ms target; 1-min load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores (wall times grow with load).`,
);
