// The command line's speed as a user sees it (issue 20): spawns bin/chart-to-plan as a whole
// process, N times each, for `read` (one screenshot) and `plan` (three), on the dev corpus
// (../shared/chart-corpus/dev), and `--help` for the bare start (node, the launcher, the
// bundle's entry). Reports the median and p90 of the wall time and of the CPU time (user + sys of
// the process and all its threads, sharp's included), with the machine's load average: on a
// machine shared with other work the CPU figure moves far less than the wall clock.
// Targets (issue 20): whole `plan` process under 1 s, `read` under 0.5 s.
// Runs the BUILT bundle (dist/bin/cli.js): build it first with `node scripts/build-cli.mjs`.
//   npm run bench:cli [-- --runs 10 --only read|plan|help --bin OTHER/bin/chart-to-plan]
// --bin times another checkout's launcher (with its own fresh bundle): a before/after comparison.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
const binIndex = process.argv.indexOf('--bin');
const cli = resolve(binIndex >= 0 ? process.argv[binIndex + 1]! : join(root, 'bin/chart-to-plan'));
const cliRoot = join(dirname(cli), '..');
const corpus = join(root, '../shared/chart-corpus/dev');

const TARGETS_S: Record<string, number | undefined> = { read: 0.5, plan: 1, help: undefined };
/** Default runs per command: about 15 s in all on an idle 2-core machine. */
const DEFAULT_RUNS = 10;

const runsIndex = process.argv.indexOf('--runs');
const runs = runsIndex >= 0 ? Number(process.argv[runsIndex + 1]) : DEFAULT_RUNS;
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number >= 1');
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : undefined;
if (only !== undefined && !(only in TARGETS_S)) throw new Error('--only takes read, plan or help');

if (!existsSync(corpus)) {
  console.log(
    `bench:cli: skipped, no dev corpus at ${corpus} (it lives in the shared folder beside the repository).`,
  );
  process.exit(0);
}
// The launcher's own freshness check, asked in a process of its own (benchmarks import no bin/
// module): with a stale bundle the launcher compiles the sources instead, and this would time that.
const freshness = spawnSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `import { isBundleFresh } from ${JSON.stringify(pathToFileURL(join(cliRoot, 'bin/bundle-freshness.mjs')).href)};` +
      `process.exitCode = isBundleFresh(${JSON.stringify(cliRoot)}, ${JSON.stringify(join(cliRoot, 'dist/bin/cli.js'))}) ? 0 : 3;`,
  ],
  { stdio: 'inherit' },
);
if (freshness.status !== 0) {
  console.error(
    'bench:cli: the CLI bundle is missing or older than its sources, so bin/chart-to-plan would ' +
      'compile TypeScript at every start; run `node scripts/build-cli.mjs` (or `npm run build`) first.',
  );
  process.exit(1);
}

/** Chart sets of the dev corpus (folders holding 5m.png, 15m.png and 4h.png), in name order. */
const sets = readdirSync(corpus, { withFileTypes: true })
  .filter(
    (e) =>
      e.isDirectory() && ['5m', '15m', '4h'].every((tf) => existsSync(join(corpus, e.name, `${tf}.png`))),
  )
  .map((e) => join(corpus, e.name))
  .sort();
if (sets.length === 0) {
  console.log(`bench:cli: skipped, no chart sets (5m.png, 15m.png, 4h.png) in ${corpus}.`);
  process.exit(0);
}

/** Arguments of run `i` of a command: a different chart (and timeframe) each run. */
function argsFor(command: string, i: number): string[] {
  const set = sets[i % sets.length]!;
  if (command === 'help') return ['--help'];
  if (command === 'read') return ['read', join(set, `${['5m', '15m', '4h'][i % 3]}.png`)];
  return ['plan', '--5m', join(set, '5m.png'), '--15m', join(set, '15m.png'), '--4h', join(set, '4h.png')];
}

interface Run {
  wallS: number;
  cpuS: number;
}

const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/**
 * One whole process. Node gives no resource usage of a child, so the CLI runs under /bin/sh,
 * whose `times` built-in then prints the user and system CPU of its children (getrusage
 * RUSAGE_CHILDREN, every thread included; 10 ms resolution). The shell's own start, about 1 ms,
 * is in the wall time.
 */
async function runOnce(args: string[]): Promise<Run> {
  const script = `${[cli, ...args].map(shellQuote).join(' ')} >/dev/null || exit $?; times >&2`;
  const started = performance.now();
  const child = spawn('/bin/sh', ['-c', script], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const wallS = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`chart-to-plan ${args.join(' ')} exited ${code}:\n${stderr}`);
  // `times` prints two lines, the shell's then its children's: "0m0.520000s 0m0.080000s".
  const children = stderr.trim().split('\n').at(-1)!;
  const parts = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  if (parts.length !== 2) throw new Error(`unexpected output of times: ${children}`);
  return { wallS, cpuS: parts[0]! + parts[1]! };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

console.log(
  `bench:cli: ${cli}, ${runs} runs per command on ${sets.length} dev chart sets; load average at start: ${load()}`,
);
for (const command of Object.keys(TARGETS_S)) {
  if (only && only !== command) continue;
  // One unmeasured run first: the files' pages in the OS cache, as for any second use.
  await runOnce(argsFor(command, 0));
  const results: Run[] = [];
  for (let i = 0; i < runs; i++) results.push(await runOnce(argsFor(command, i)));
  const wall = results.map((r) => r.wallS);
  const cpu = results.map((r) => r.cpuS);
  const target = TARGETS_S[command];
  const medianWall = quantile(wall, 0.5);
  console.log(
    `${command.padEnd(4)}: wall median ${medianWall.toFixed(2)} s, p90 ${quantile(wall, 0.9).toFixed(2)} s; ` +
      `CPU median ${quantile(cpu, 0.5).toFixed(2)} s, p90 ${quantile(cpu, 0.9).toFixed(2)} s` +
      (target === undefined
        ? ''
        : `; target < ${target} s wall: ${medianWall < target ? 'met' : 'NOT met'} (median)`),
  );
}
console.log(`load average at end: ${load()}`);
