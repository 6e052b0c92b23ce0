// The first analysis after a start (issue 20): starts the BUILT server (run `npm run build`
// first) on a throw-away PGlite DATA_DIR, waits until it is ready (and, with the warm-up on,
// until its worker threads report warm), registers one account and times ONE analysis of a
// chart set the warm-up did not see. Reports wall time and the server's CPU seconds (all its
// threads, from /proc) during that request: on a machine shared with other work the CPU figure
// moves far less than the wall clock. Runs the server twice by default, warm-up off then on.
// Target: under 1.5 s wall on a 2-core machine with the warm-up on.
//   npm run bench:first-analysis [-- --runs 3 --only warm|cold]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = join(import.meta.dirname, '..');
const entry = join(root, 'dist/server/main.js');
if (!existsSync(entry) || !existsSync(join(root, 'dist/server/analyze-worker.js'))) {
  console.error('bench:first-analysis: no server build found; run `npm run build` first.');
  process.exit(1);
}
const runsIndex = process.argv.indexOf('--runs');
const runs = runsIndex >= 0 ? Number(process.argv[runsIndex + 1]) : 1;
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number >= 1');
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : undefined;
if (only !== undefined && only !== 'warm' && only !== 'cold') throw new Error('--only takes warm or cold');

// gbpusd: not the set the warm-up analyses (eurusd-trade), so nothing is cached for this one.
const CHARTS = Object.fromEntries(
  ['5m', '15m', '4h'].map((tf) => [tf, readFileSync(join(root, 'e2e/fixtures/charts/gbpusd', `${tf}.png`))]),
);
// USER_HZ: 100 on every Linux this runs on.
const CLOCK_TICKS = 100;
/** How long a loaded 2-core machine may take to start the server and warm its threads. */
const START_DEADLINE_MS = 180_000;

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Measurement {
  startToReadyMs: number;
  firstAnalysisMs: number;
  firstAnalysisCpuS: number;
  secondAnalysisMs: number;
  secondAnalysisCpuS: number;
}

async function measure(warmUp: boolean): Promise<Measurement> {
  const dataDir = mkdtempSync(join(tmpdir(), 'c2p-bench-first-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let log = '';
  const started = performance.now();
  const server = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_ORIGIN: base,
      LOG_LEVEL: 'info',
      ANALYZE_WARM_UP: warmUp ? '1' : '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (d: Buffer) => (log += d.toString()));
  server.stderr.on('data', (d: Buffer) => (log += d.toString()));
  try {
    const ready = async () => {
      if (warmUp && !log.includes('analysis worker threads warmed')) return false;
      return (await fetch(`${base}/readyz`).catch(() => undefined))?.ok === true;
    };
    while (!(await ready())) {
      if (server.exitCode !== null) throw new Error(`server exited ${server.exitCode}:\n${log}`);
      if (performance.now() - started > START_DEADLINE_MS) throw new Error(`server not ready:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const startToReadyMs = performance.now() - started;
    const headers = { 'X-Requested-With': 'chart-to-plan', Origin: base };
    const registered = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench',
        email: `first-${Date.now()}@example.com`,
        tradingExperience: 'intermediate',
      }),
    });
    if (registered.status !== 201)
      throw new Error(`register ${registered.status}: ${await registered.text()}`);
    const cookie = registered.headers
      .getSetCookie()
      .find((c) => c.startsWith('c2p_session='))!
      .split(';')[0]!;

    const analyse = async () => {
      const body = new FormData();
      body.append('accountSize', '10000');
      body.append('riskPercentage', '1');
      for (const tf of ['5m', '15m', '4h']) {
        body.append(
          `chart${tf}`,
          new Blob([new Uint8Array(CHARTS[tf]!)], { type: 'image/png' }),
          `${tf}.png`,
        );
      }
      const t0 = performance.now();
      const cpu0 = cpuSeconds(server.pid!);
      const res = await fetch(`${base}/api/analyze`, {
        method: 'POST',
        headers: { ...headers, Cookie: cookie },
        body,
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`analyze ${res.status}: ${text}`);
      return { ms: performance.now() - t0, cpuS: cpuSeconds(server.pid!) - cpu0 };
    };
    const first = await analyse();
    const second = await analyse();
    return {
      startToReadyMs,
      firstAnalysisMs: first.ms,
      firstAnalysisCpuS: first.cpuS,
      secondAnalysisMs: second.ms,
      secondAnalysisCpuS: second.cpuS,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const warmUp of [false, true]) {
  if (only && only !== (warmUp ? 'warm' : 'cold')) continue;
  const results: Measurement[] = [];
  for (let i = 0; i < runs; i++) results.push(await measure(warmUp));
  const pick = (key: keyof Measurement) => median(results.map((r) => r[key]));
  console.log(
    `warm-up ${warmUp ? 'on ' : 'off'}: start to ready ${(pick('startToReadyMs') / 1000).toFixed(2)} s, ` +
      `first analysis ${(pick('firstAnalysisMs') / 1000).toFixed(2)} s wall ` +
      `(${pick('firstAnalysisCpuS').toFixed(2)} s server CPU), second ${(pick('secondAnalysisMs') / 1000).toFixed(2)} s ` +
      `(${pick('secondAnalysisCpuS').toFixed(2)} s CPU)` +
      (runs > 1 ? ` (medians of ${runs})` : ''),
  );
}
