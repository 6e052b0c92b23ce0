#!/usr/bin/env node
// Bundles the API for `npm start`: server/main.ts (with contracts/ and the engine) into
// dist/server/main.js. npm packages stay external and load from node_modules at run time
// (sharp, PGlite's WASM and pino's workers do not survive bundling). The committed
// migrations are copied next to the bundle, where server/db/database.ts looks for them.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${root}dist/server`;
const migrations = `${root}server/db/migrations`;

if (!existsSync(`${migrations}/meta/_journal.json`)) {
  console.error('build-server: server/db/migrations is missing; run `npm run db:generate`.');
  process.exit(1);
}

// Any build not run by `npm start` (scripts/build-if-changed.ts) invalidates its stamp: the
// stamp vouches only for builds whose inputs it hashed.
rmSync(`${root}dist/.build-stamp`, { force: true });
rmSync(outDir, { recursive: true, force: true });
const bundle = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  legalComments: 'none',
};
await build({ ...bundle, entryPoints: [`${root}server/main.ts`], outfile: `${outDir}/main.js` });
// The analyze module's piscina worker runs in its own thread from its own file
// (server/modules/analyze/pool.ts looks for it next to main.js).
await build({
  ...bundle,
  entryPoints: [`${root}server/modules/analyze/worker.ts`],
  outfile: `${outDir}/analyze-worker.js`,
});
// Journal uploads are parsed on their own reader thread
// (server/modules/journal/statements/import-pool.ts looks for it next to main.js).
await build({
  ...bundle,
  entryPoints: [`${root}server/modules/journal/statements/import-worker.ts`],
  outfile: `${outDir}/import-worker.js`,
});
// The embedded PGlite runs in its own thread (server/db/pglite-thread.ts looks for it here).
await build({
  ...bundle,
  entryPoints: [`${root}server/db/pglite-worker.ts`],
  outfile: `${outDir}/pglite-worker.js`,
});
cpSync(migrations, `${outDir}/migrations`, { recursive: true });
console.log(
  'build-server: dist/server/main.js, analyze-worker.js, import-worker.js, pglite-worker.js and migrations written',
);
