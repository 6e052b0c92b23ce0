// Real screenshots' speed as a user sees it (issue 17: "the slowest real screenshot takes under
// 1.5 s"): spawns `chart-to-plan read IMAGE` as a whole process, N times per screenshot, over every
// screenshot in the folders given (../shared/chart-corpus/real), and reports each one's median
// wall time and CPU time (user + sys of the process and all its threads: sharp's and the OCR
// worker's), the slowest five, and the median and total over the folder. On a machine shared
// with other work the CPU figure moves far less than the wall clock: compare both.
// Runs the BUILT bundle (dist/bin/cli.js) through bin/chart-to-plan: build it first with
// `node scripts/build-cli.mjs`, else the launcher compiles the sources at every start.
//   npm run bench:real -- DIR [DIR...] [--runs 3] [--only SUBSTRING] [--bin LAUNCHER]...
//                         [--save FILE | --against FILE]
// --bin times another launcher (another checkout's bin/chart-to-plan, or a .mjs that runs an
// older bundle) instead; given twice or more, the launchers take turns on each screenshot (a
// before/after comparison under the same load) and each gets its own table, then the ratios.
// --save writes each screenshot's output (stdout and exit code) of the first launcher; --against
// compares them with a saved run and counts the differences: a speed change must leave every
// output (the OCR's included, which check:readings does not run) byte-identical.
// --in-process reads instead as the product does (the web server's warmed analysis worker,
// server/modules/analyze/worker.ts, not a CLI process): in this one process, each screenshot's
// bytes decoded by decodeImage (the upload's decode) and read by readWithAxisOcr with the
// engine's readChart and this thread's shared OCR (adapters/node/read-with-ocr.ts, the worker's
// call per slot). Every screenshot is read once first (the warm-up: JIT, the OCR worker and its
// CJK model started), then --runs rounds over all of them; it reports per screenshot the median
// wall (decode + read) and CPU (process.cpuUsage: every thread of the process, the OCR worker's
// and sharp's included), the decode's share, the slowest five, median and total. --save and
// --against then hold each reading's JSON (or its refusal's code and message), not the CLI's
// stdout: the files of the two modes are not comparable. It runs the sources in this checkout
// (through tsx); for a before/after, run it in each checkout in turns (--bin is spawn mode's).
//   npm run bench:real -- DIR [DIR...] --in-process [--runs 3] [--only SUBSTRING] [--save F | --against F]
// This is a benchmark, never a test assertion: timings on a shared machine are noise.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = join(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const take = (flag: string): string[] => {
  const values: string[] = [];
  for (let i = argv.indexOf(flag); i >= 0; i = argv.indexOf(flag)) values.push(...argv.splice(i, 2).slice(1));
  return values;
};
const runs = Number(take('--runs')[0] ?? 3);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number >= 1');
const only = take('--only')[0];
const save = take('--save')[0];
const against = take('--against')[0];
const bins = take('--bin').map((b) => resolve(b));
const inProcessAt = argv.indexOf('--in-process');
const inProcess = inProcessAt >= 0;
if (inProcess) argv.splice(inProcessAt, 1);
if (inProcess && bins.length > 0)
  throw new Error('--in-process reads with this checkout: --bin is for spawn mode');
if (bins.length === 0) bins.push(join(root, 'bin/chart-to-plan'));
const dirs = argv;
if (dirs.length === 0 || dirs.some((d) => d.startsWith('--'))) {
  console.error(
    'usage: npm run bench:real -- DIR [DIR...] [--runs N] [--only SUBSTRING] [--bin LAUNCHER... | --in-process] [--save FILE | --against FILE]',
  );
  process.exit(2);
}

/** Every screenshot under the folders (not recursing into hidden folders), in name order. */
function images(dir: string): string[] {
  const found: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory() && !e.name.startsWith('.')) found.push(...images(p));
    else if (/\.(png|jpe?g|webp)$/i.test(e.name) && statSync(p).isFile()) found.push(p);
  }
  return found.sort();
}
const files = dirs.flatMap(images).filter((f) => !only || f.includes(only));

interface Run {
  wallS: number;
  cpuS: number;
  output: string;
}

const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/**
 * One whole process under /bin/sh, whose `times` built-in prints the user and system CPU of its
 * children (every thread included; 10 ms resolution). Its output and exit code are kept.
 */
async function runOnce(bin: string, file: string, out: string): Promise<Run> {
  const command = bin.endsWith('.mjs') ? [process.execPath, bin] : [bin];
  const script = `${[...command, 'read', file].map(shellQuote).join(' ')} >${shellQuote(out)}; echo "exit $?" >>${shellQuote(out)}; times >&2`;
  const started = performance.now();
  const child = spawn('/bin/sh', ['-c', script], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  await new Promise((done) => child.once('close', done));
  const wallS = (performance.now() - started) / 1000;
  const children = stderr.trim().split('\n').at(-1)!;
  const parts = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  if (parts.length !== 2) throw new Error(`unexpected output of times for ${file}: ${stderr}`);
  return { wallS, cpuS: parts[0]! + parts[1]!, output: readFileSync(out, 'utf8') };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Spawn mode: each launcher's whole process per read; prints the tables, returns the first launcher's outputs. */
async function spawnLaunchers(): Promise<Record<string, string>> {
  console.log(
    `bench:real: ${files.length} screenshots, ${runs} runs each, ${bins.length} launcher(s); load average at start: ${load()}`,
  );
  const out = join(process.env.TMPDIR ?? '/tmp', `bench-real-${process.pid}.out`);
  /** Per launcher, per screenshot: median wall and CPU. */
  const table = bins.map(() => new Map<string, { wall: number; cpu: number }>());
  const outputs: Record<string, string> = {};
  for (const file of files) {
    const results = bins.map(() => [] as Run[]);
    for (let i = 0; i < runs; i++)
      for (let b = 0; b < bins.length; b++) results[b]!.push(await runOnce(bins[b]!, file, out));
    outputs[file] = results[0]![0]!.output;
    const line = results.map((r, b) => {
      const wall = median(r.map((x) => x.wallS));
      const cpu = median(r.map((x) => x.cpuS));
      table[b]!.set(file, { wall, cpu });
      return `${wall.toFixed(2)} s wall, ${cpu.toFixed(2)} s CPU`;
    });
    console.log(`${basename(file).padEnd(60)} ${line.join(' | ')}`);
  }
  for (let b = 0; b < bins.length; b++) {
    const rows = [...table[b]!].sort((x, y) => y[1].wall - x[1].wall);
    const walls = rows.map(([, r]) => r.wall);
    const cpus = rows.map(([, r]) => r.cpu);
    console.log(`\n${bins[b]}:`);
    console.log(
      `  median ${median(walls).toFixed(2)} s wall, ${median(cpus).toFixed(2)} s CPU; ` +
        `total ${walls.reduce((s, v) => s + v, 0).toFixed(1)} s wall, ${cpus.reduce((s, v) => s + v, 0).toFixed(1)} s CPU`,
    );
    console.log('  slowest five (wall):');
    for (const [file, r] of rows.slice(0, 5))
      console.log(`    ${r.wall.toFixed(2)} s wall, ${r.cpu.toFixed(2)} s CPU  ${basename(file)}`);
  }
  if (bins.length > 1) {
    console.log(`\nratios against ${bins[0]} (median over the screenshots of per-screenshot ratios):`);
    for (let b = 1; b < bins.length; b++) {
      const wall = files.map((f) => table[b]!.get(f)!.wall / table[0]!.get(f)!.wall);
      const cpu = files.map((f) => table[b]!.get(f)!.cpu / table[0]!.get(f)!.cpu);
      console.log(`  ${bins[b]}: wall x${median(wall).toFixed(2)}, CPU x${median(cpu).toFixed(2)}`);
    }
  }
  return outputs;
}

// The engine is loaded only for --in-process: spawn mode times other processes.
const outputs = inProcess
  ? await (await import('./real-in-process')).readInProcess(files, runs)
  : await spawnLaunchers();
if (save) {
  writeFileSync(save, JSON.stringify(outputs, null, 1));
  console.log(`\noutputs of ${files.length} screenshots saved to ${save}`);
}
if (against) {
  const before = JSON.parse(readFileSync(against, 'utf8')) as Record<string, string>;
  let differences = 0;
  for (const file of files)
    if (before[file] !== outputs[file]) {
      differences++;
      console.log(`differs: ${file}`);
    }
  console.log(`\n${files.length} outputs, ${differences} differences against ${against}`);
  if (differences > 0) process.exitCode = 1;
}
console.log(`load average at end: ${load()}`);
