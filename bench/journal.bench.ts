// Journal at scale against the BUILT server (run `npm run build` first): starts
// node dist/server/main.js on a free loopback port with a throw-away PGlite DATA_DIR, registers
// one trader, imports 10,000 trades from a cTrader history CSV (two files of 5,000: the import's
// row cap), then lists the journal and computes its statistics. Meanwhile /healthz is polled
// every 50 ms; the bench reports each phase's time and the slowest /healthz answer, which must
// stay under 100 ms (issue 21: a big import must not stall the server for everyone else).
// BENCH_DATABASE_URL=postgres://... runs the server on that PostgreSQL database instead (each run
// registers a new trader, so the database may be reused). The machine's load average is printed
// with the figures: on a shared machine it explains most of their spread.
//   npm run bench:journal [-- --trades 10000 --runs 3]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = join(import.meta.dirname, '..');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const trades = Math.round(arg('trades', 10_000));
const runs = Math.round(arg('runs', 3));
/** The import's cap per file (server/modules/journal/csv.ts JOURNAL_IMPORT_MAX_ROWS). */
const PER_FILE = 5000;
/** Entries per list page the bench asks for (the contract's largest page). */
const LIST_PAGE = 200;
/** How often /healthz is asked while the journal works. */
const HEALTH_POLL_MS = 50;
/** The answer time issue 21 allows /healthz throughout. */
const HEALTH_BUDGET_MS = 100;

const entry = join(root, 'dist/server/main.js');
// The import reads uploads on its own thread (dist/server/import-worker.js, decision 028).
if (!existsSync(entry) || !existsSync(join(root, 'dist/server/import-worker.js'))) {
  console.error('bench:journal: no (current) server build found; run `npm run build` first.');
  process.exit(1);
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

const SYMBOLS = [
  ['EURUSD', 1.08, 5],
  ['GBPUSD', 1.27, 5],
  ['USDJPY', 150, 3],
  ['XAUUSD', 2150, 2],
] as const;

/** A cTrader history CSV of `count` trades starting at position `first` (deterministic). */
function ctraderHistory(first: number, count: number): string {
  const lines = [
    'Position ID,Symbol,Opening Direction,Opening Time (UTC+2),Closing Time (UTC+2),Entry Price,Closing Price,Closing Quantity,Pips,Swap,Commissions,Gross USD,Net USD',
  ];
  const start = Date.UTC(2022, 0, 3, 8);
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = (ms: number) => {
    const d = new Date(ms);
    return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00.000`;
  };
  for (let i = first; i < first + count; i++) {
    const [symbol, price, digits] = SYMBOLS[i % SYMBOLS.length]!;
    const open = start + i * 3_600_000;
    const move = (((i * 7919) % 200) - 90) / 10_000; // -0.9% .. +1.1%, deterministic
    const exit = price * (1 + move);
    const gross = Math.round(move * 100_000 * 100) / 100;
    lines.push(
      [
        i + 1,
        symbol,
        i % 3 === 0 ? 'Sell' : 'Buy',
        stamp(open),
        stamp(open + 2_700_000),
        price.toFixed(digits),
        exit.toFixed(digits),
        '0.10 Lots',
        (move * 10_000).toFixed(1),
        '0.00',
        '-0.70',
        gross.toFixed(2),
        (gross - 0.7).toFixed(2),
      ].join(','),
    );
  }
  return lines.join('\n') + '\n';
}

/**
 * CPU seconds (user + system) the server process has used so far, from /proc (Linux); null
 * elsewhere. On a loaded machine wall times mostly measure the other processes; CPU does not.
 */
function serverCpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function oneRun(run: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'c2p-bench-journal-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let log = '';
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server (NODE_OPTIONS refuses it).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      PUBLIC_ORIGIN: base,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (d: Buffer) => (log += d.toString()));
  server.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const headers = { 'X-Requested-With': 'chart-to-plan', Origin: base };
  try {
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited ${server.exitCode}:\n${log}`);
      if (Date.now() > deadline) throw new Error(`server not ready in 150 s:\n${log}`);
      try {
        if ((await fetch(`${base}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const reg = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench',
        email: `bench-${Date.now()}@example.com`,
        tradingExperience: 'intermediate',
      }),
    });
    if (reg.status !== 201) throw new Error(`register ${reg.status}: ${await reg.text()}`);
    const cookie = reg.headers
      .getSetCookie()
      .find((c) => c.startsWith('c2p_session='))!
      .split(';')[0]!;
    const authed = { ...headers, cookie };

    // /healthz poller: one request at a time, every HEALTH_POLL_MS, for the whole run.
    const health: number[] = [];
    const samples: { at: number; ms: number }[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const t0 = performance.now();
        const res = await fetch(`${base}/healthz`);
        await res.arrayBuffer();
        health.push(performance.now() - t0);
        samples.push({ at: t0, ms: performance.now() - t0 });
        await new Promise((r) => setTimeout(r, HEALTH_POLL_MS));
      }
    })();

    const cpu0 = serverCpuSeconds(server.pid);
    const t0 = performance.now();
    for (let first = 0; first < trades; first += PER_FILE) {
      const body = new FormData();
      body.append('accountSize', '100000');
      body.append(
        'file',
        new Blob([ctraderHistory(first, Math.min(PER_FILE, trades - first))]),
        'history.csv',
      );
      const res = await fetch(`${base}/api/journal/import`, { method: 'POST', headers: authed, body });
      if (res.status !== 200) throw new Error(`import ${res.status}: ${await res.text()}`);
    }
    const importMs = performance.now() - t0;
    const cpu1 = serverCpuSeconds(server.pid);
    // The list is paginated (issue 19): walk every page, as a client showing it all would.
    const t1 = performance.now();
    let listed = 0;
    let cursor: string | null = '';
    while (cursor !== null) {
      const url = `${base}/api/journal?limit=${LIST_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = (await (await fetch(url, { headers: authed })).json()) as {
        entries: unknown[];
        nextCursor: string | null;
      };
      listed += page.entries.length;
      cursor = page.nextCursor;
    }
    const listMs = performance.now() - t1;
    const cpu2 = serverCpuSeconds(server.pid);
    const t2 = performance.now();
    const stats = (await (await fetch(`${base}/api/journal/stats`, { headers: authed })).json()) as {
      closedTrades: number;
    };
    const statsMs = performance.now() - t2;
    const cpu3 = serverCpuSeconds(server.pid);
    if (cpu0 !== null && cpu1 !== null && cpu2 !== null && cpu3 !== null) {
      console.log(
        `  server CPU: import ${(cpu1 - cpu0).toFixed(2)} s, list ${(cpu2 - cpu1).toFixed(2)} s, stats ${(cpu3 - cpu2).toFixed(2)} s`,
      );
    }
    polling = false;
    await poller;
    // The slowest /healthz answer that began in each phase (a stall is charged where it started).
    const phase = (from: number, to: number) => {
      const ms = samples
        .filter((x) => x.at >= from && x.at < to)
        .map((x) => x.ms)
        .sort((a, b) => a - b);
      return {
        worst: ms.at(-1) ?? 0,
        p99: ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))] ?? 0,
        polls: ms.length,
      };
    };
    const phases = { import: phase(t0, t1), list: phase(t1, t2), stats: phase(t2, performance.now()) };
    console.log(
      `  /healthz worst / p99 (polls) during ${Object.entries(phases)
        .map(([name, p]) => `${name} ${p.worst.toFixed(1)} / ${p.p99.toFixed(1)} ms (${p.polls})`)
        .join(', ')}`,
    );
    const result = {
      phases,
      importMs,
      listMs,
      statsMs,
      listed,
      closed: stats.closedTrades,
      healthMaxMs: Math.max(...health),
      healthP99Ms: [...health].sort((a, b) => a - b)[Math.floor(health.length * 0.99)]!,
      healthPolls: health.length,
    };
    console.log(
      `run ${run}: import ${trades} trades ${(importMs / 1000).toFixed(2)} s, list ${listed} ${listMs.toFixed(0)} ms, stats over ${stats.closedTrades} ${statsMs.toFixed(0)} ms; /healthz max ${result.healthMaxMs.toFixed(1)} ms, p99 ${result.healthP99Ms.toFixed(1)} ms over ${health.length} polls`,
    );
    return result;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')}`,
);
const results: Awaited<ReturnType<typeof oneRun>>[] = [];
for (let run = 1; run <= runs; run++) results.push(await oneRun(run));
const worstHealth = Math.max(...results.map((r) => r.healthMaxMs));
// On a shared machine one run's worst answer may be another process's doing: the median over
// runs of each phase's worst is the steadier figure.
console.log(
  `median over runs of the worst /healthz: ${(['import', 'list', 'stats'] as const)
    .map((name) => `${name} ${median(results.map((r) => r.phases[name].worst)).toFixed(1)} ms`)
    .join(', ')}`,
);
const worstP99 = Math.max(...results.map((r) => r.healthP99Ms));
console.log(
  `median of ${runs}: import ${(median(results.map((r) => r.importMs)) / 1000).toFixed(2)} s, list ${median(results.map((r) => r.listMs)).toFixed(0)} ms, stats ${median(results.map((r) => r.statsMs)).toFixed(0)} ms; /healthz worst ${worstHealth.toFixed(1)} ms, p99 ${worstP99.toFixed(1)} ms (budget ${HEALTH_BUDGET_MS} ms): ${worstHealth <= HEALTH_BUDGET_MS ? 'OK' : 'OVER BUDGET'}`,
);
console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')}`,
);
if (worstHealth > HEALTH_BUDGET_MS) process.exitCode = 1;
