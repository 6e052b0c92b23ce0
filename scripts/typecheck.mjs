// Type-checks every TypeScript project of the repository (`npm run typecheck`), as many at once
// as the machine has cores. Each `tsc -p` re-checks the engine and contracts it imports, so the
// ten projects cost minutes one after another; on CI's two cores, two at a time take about half
// that. Each project's output is printed whole when it finishes, so parallel runs do not
// interleave; the exit code is non-zero if any project fails.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * Every tsconfig that `npm run typecheck` checks (scripts/typecheck.test.ts fails when one in the
 * repository is missing here). Largest first, so that the last one to start is a small one and
 * the cores finish together (measured one by one: server 87 s, web 68, bench 57, engine tests 51,
 * adapters 47, bin 45, scripts 38, e2e 26, contracts 19, engine 16, under load).
 */
export const TYPECHECK_PROJECTS = [
  'server',
  'web',
  'bench',
  'engine/tsconfig.test.json',
  'adapters',
  'bin',
  'scripts',
  'e2e',
  'contracts',
  'engine',
];

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tscPath, '-p', project], { cwd: repoRoot });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`typecheck ${project}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const tscPath = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const queue = [...TYPECHECK_PROJECTS];
  const lanes = Math.max(1, Math.min(availableParallelism(), queue.length));
  let failed = false;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let project = queue.shift(); project; project = queue.shift()) {
        if (!(await check(project))) failed = true;
      }
    }),
  );
  process.exit(failed ? 1 : 0);
}
