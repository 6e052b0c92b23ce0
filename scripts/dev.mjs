#!/usr/bin/env node
// `npm run dev`: the API (tsx watch, restarts on server changes) and the Vite dev server (hot
// reload, proxies /api to the API) together. Ctrl-C or a signal stops both; if either exits,
// the other is stopped and its exit code is passed on, so a crash is never hidden.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

const children = [
  {
    name: 'api',
    // The Vite proxy forwards to 127.0.0.1:3000, so the API must listen there.
    child: spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PORT: process.env.PORT ?? '3000' },
    }),
  },
  {
    name: 'web',
    child: spawn(bin('vite'), ['--config', 'web/vite.config.ts'], { cwd: root, stdio: 'inherit' }),
  },
];

let stopping = false;

function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopAll(signal));
}

let remaining = children.length;
let exitCode = 0;
for (const { name, child } of children) {
  child.on('error', (error) => {
    console.error(`[dev] could not start ${name}: ${error.message}`);
    exitCode = 1;
    stopAll('SIGTERM');
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${name} exited (${signal ?? code}); stopping the other process`);
      exitCode = code ?? 1;
      stopAll('SIGTERM');
    }
    remaining -= 1;
    if (remaining === 0) process.exit(exitCode);
  });
}
