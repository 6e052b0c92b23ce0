import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath } from './support/env';

const root = resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });
}

/** A real SMTP server on loopback; every message is written to `dir` for the tests to read. */
async function startMailSink(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const to = session.envelope.rcptTo.map((a) => a.address.toLowerCase());
        const record = { to, receivedAt: Date.now(), raw: Buffer.concat(chunks).toString('utf8') };
        const name = `${String(count).padStart(5, '0')}.json`;
        writeFile(join(dir, name), JSON.stringify(record)).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

async function waitForReady(url: string, server: ChildProcess, output: () => string) {
  // Generous: PGlite start-up takes tens of seconds on a busy two-core machine.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited with ${server.exitCode} before it was ready:\n${output()}`);
    }
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become ready within 150 s:\n${output()}`);
}

export default async function setup(project: TestProject) {
  const serverEntry = join(root, 'dist/server/main.js');
  if (!existsSync(serverEntry) || !existsSync(join(root, 'dist/web/index.html'))) {
    throw new Error('No build found: run `npm run build` first (npm run test:e2e does).');
  }

  const workDir = await mkdtemp(join(tmpdir(), 'chart-to-plan-e2e-'));
  const mailDir = join(workDir, 'mail');
  const dataDir = join(workDir, 'data');
  await Promise.all([mkdir(mailDir), mkdir(dataDir)]);

  const mail = await startMailSink(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_ORIGIN: baseUrl,
      SMTP_URL: mail.url,
      MAIL_FROM: 'Chart-to-Plan <no-reply@chart-to-plan.test>',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (log += d.toString()));

  let browser: BrowserServer | undefined;
  try {
    await waitForReady(baseUrl, server, () => log);
    browser = await chromium.launchServer({
      executablePath: chromiumPath(),
      headless: true,
      args: CHROMIUM_ARGS,
    });
  } catch (error) {
    server.kill('SIGKILL');
    await mail.close();
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('browserWsEndpoint', browser.wsEndpoint());
  project.provide('mailDir', mailDir);

  return async () => {
    await browser?.close();
    if (server.exitCode === null) {
      const exited = new Promise<void>((ok) => server.once('exit', () => ok()));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((ok) => setTimeout(ok, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    await mail.close();
    await rm(workDir, { recursive: true, force: true });
  };
}
