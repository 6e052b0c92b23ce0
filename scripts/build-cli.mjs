#!/usr/bin/env node
// Bundles the command line (bin/cli.ts with the engine) into dist/bin/cli.js, so that
// bin/chart-to-plan starts without compiling TypeScript (2.5 s -> well under 1 s for `plan`).
// npm packages stay external, as in build-server.mjs (sharp's native code cannot be bundled).
//
// Split into chunks (dist/bin/chunks/) at the commands' dynamic imports: in one file, esbuild
// hoists every external import to the top, so `read` and `--help` loaded csv-parse, sharp and
// the rest at every start. Split, each command loads only its own modules and packages
// (scripts/build-cli.test.ts checks which).
import { rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** esbuild's options for the CLI bundle. */
export const CLI_BUILD_OPTIONS = {
  entryPoints: { cli: `${root}bin/cli.ts` },
  outdir: `${root}dist/bin`,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  legalComments: 'none',
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Chunk names carry a content hash: without a clean folder, old chunks would pile up.
  rmSync(CLI_BUILD_OPTIONS.outdir, { recursive: true, force: true });
  await build(CLI_BUILD_OPTIONS);
  console.log('build-cli: dist/bin/cli.js (and its chunks) written');
}
