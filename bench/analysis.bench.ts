// Speed of the market analysis engine: full analyzeTimeframe() on 300 bars (a screenshot's
// worth) and on the 24,424-bar reference year of EURUSD 15m, plus sizes in between to show how
// time grows with bars. Target: <= 5 ms median for 300 bars, and linear growth.
//   npm run bench:analysis
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseOhlcCsv } from '../adapters/node/parse-ohlc-csv';
import { analyzeTimeframe } from '../engine/analysis';

const root = join(import.meta.dirname, '..');
const referenceCsv = join(root, '..', 'shared', 'reference', 'smc-eurusd', 'EURUSD_15M.csv');
const fixtureCsv = join(root, 'engine', 'analysis', 'fixtures', 'eurusd-15m-first600.csv');

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const haveReference = existsSync(referenceCsv);
const all = parseOhlcCsv(readFileSync(haveReference ? referenceCsv : fixtureCsv, 'utf8'));
if (!haveReference) console.log(`(../shared absent: using the ${all.length}-bar fixture only)`);

// 1. The product's case on its own: one 300-bar chart analysed again and again.
const chart = all.slice(all.length - 300);
for (let i = 0; i < 50; i++) analyzeTimeframe(chart);
const alone: number[] = [];
for (let i = 0; i < 500; i++) {
  const t0 = performance.now();
  analyzeTimeframe(chart);
  alone.push(performance.now() - t0);
}
const aloneMs = median(alone);

// 2. Growth with size.
const sizes = [300, 1200, 4800, 12000, all.length].filter((n, i, a) => n <= all.length && a.indexOf(n) === i);
// The most recent n bars: what a chart shows.
const inputs = sizes.map((n) => all.slice(all.length - n));
// Sizes are interleaved round by round so that the shared machine's load drifts affect them
// alike; small inputs repeat within a round to get above timer resolution.
const rounds = 25;
const samples: number[][] = sizes.map(() => []);
for (const bars of inputs) for (let i = 0; i < 3; i++) analyzeTimeframe(bars); // warm-up
for (let r = 0; r < rounds; r++) {
  inputs.forEach((bars, k) => {
    const reps = Math.max(1, Math.round(6000 / bars.length));
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) analyzeTimeframe(bars);
    samples[k]!.push((performance.now() - t0) / reps);
  });
}
const rows = sizes.map((n, k) => {
  const ms = median(samples[k]!);
  return { bars: n, medianMs: Number(ms.toFixed(3)), usPerBar: Number(((ms * 1000) / n).toFixed(3)) };
});
console.table(rows);
const small = rows[0]!;
const large = rows[rows.length - 1]!;
console.log(
  `300 bars analysed alone: ${aloneMs.toFixed(3)} ms median of 500 runs (target <= 5 ms: ${aloneMs <= 5 ? 'met' : 'NOT met'})`,
);
console.log(
  `interleaved: ${large.bars} bars ${large.medianMs} ms vs 300 bars ${small.medianMs} ms: ` +
    `${(large.medianMs / small.medianMs).toFixed(1)}x the time for ${(large.bars / small.bars).toFixed(1)}x the bars ` +
    `(per-bar cost ratio ${(large.usPerBar / small.usPerBar).toFixed(2)}; 1.00 = linear, < 1 = fixed costs amortised)`,
);
