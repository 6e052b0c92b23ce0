// Decides whether `npm start` must rebuild dist/: a content hash of every file the build reads,
// compared with the hash stamped into dist/ by the last successful build. Content rather than
// mtimes, because a fresh `git clone` or `git checkout` touches every mtime without changing a byte.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders whose files end up in dist/ (the web app, the server bundle and what they import). */
export const BUILD_INPUT_DIRS = ['web', 'server', 'engine', 'contracts', 'adapters'] as const;
/** Single files that change the build: dependencies, compiler settings, the build scripts. */
export const BUILD_INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build-server.mjs',
  'scripts/build-cli.mjs',
  'scripts/prerender-landing.mjs',
  'scripts/compress-web.mjs',
] as const;
/** Where the last successful build records the hash of its inputs. */
export const STAMP_PATH = 'dist/.build-stamp';

// Tests and test data never reach dist/, so editing them must not cost a 20-second rebuild.
const NOT_BUILD_INPUT = /(\.test\.tsx?$)|(^|\/)(node_modules|__snapshots__)(\/|$)/;

function listFiles(root: string, dir: string, out: string[]) {
  const abs = join(root, dir);
  if (!existsSync(abs)) return;
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (NOT_BUILD_INPUT.test(path)) continue;
    if (entry.isDirectory()) listFiles(root, path, out);
    else if (entry.isFile()) out.push(path);
  }
}

/** A SHA-256 over the path and bytes of every build input, in a stable order. */
export function hashBuildInputs(root: string): string {
  const files: string[] = [];
  for (const dir of BUILD_INPUT_DIRS) listFiles(root, dir, files);
  for (const file of BUILD_INPUT_FILES) if (existsSync(join(root, file))) files.push(file);
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    // The NUL separators keep "a" + "bc" from hashing like "ab" + "c".
    hash.update(relative(root, join(root, file)).split(sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when dist/ was built from exactly the current inputs and its entry points exist. */
export function isBuildCurrent(root: string, inputsHash = hashBuildInputs(root)): boolean {
  const stamp = join(root, STAMP_PATH);
  if (!existsSync(stamp)) return false;
  if (!existsSync(join(root, 'dist/server/main.js'))) return false;
  if (!existsSync(join(root, 'dist/web/index.html'))) return false;
  return readFileSync(stamp, 'utf8').trim() === inputsHash;
}

/** Records that dist/ now matches these inputs (call only after the build succeeded). */
export function writeBuildStamp(root: string, inputsHash: string) {
  writeFileSync(join(root, STAMP_PATH), `${inputsHash}\n`);
}
