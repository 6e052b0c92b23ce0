import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-support/test-db';

/**
 * The real entry point in a child process: start-up with migrations, listening, and a clean
 * exit on SIGTERM. With TEST_DATABASE_URL it runs on a throw-away PostgreSQL database, else
 * on PGlite in a temporary data directory.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'c2p-main-'));
let testDb: TestDatabase | undefined;
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await testDb?.cleanup();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

function run(env: Record<string, string>) {
  // tsx as a loader inside one node process: the signal reaches main.ts itself, not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('server/main.ts', () => {
  it('exits 1 listing every bad variable', async () => {
    const { exited, output } = run({ PORT: 'x', LOG_LEVEL: 'loud' });
    expect(await exited).toBe(1);
    expect(output()).toContain('PORT must be a whole number');
    expect(output()).toContain('LOG_LEVEL');
  });

  it('starts, answers /readyz, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const env: Record<string, string> = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' };
    if (process.env.TEST_DATABASE_URL) {
      testDb = await createTestDatabase();
      env.DATABASE_URL = testDb.url!;
    }
    const { child, exited, output } = run(env);
    try {
      let ready: Response | undefined;
      // PGlite compiles its WASM at start-up: seconds normally, a minute on a loaded machine.
      const deadline = Date.now() + 150_000;
      while (!ready && Date.now() < deadline) {
        ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(ready?.status).toBe(200);
      child.kill('SIGTERM');
      const code = await exited;
      expect(output()).toContain('shutting down');
      expect(output()).toContain(`Chart-to-Plan is running: open http://localhost:${port}`);
      expect(code, output()).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 180_000);
});
