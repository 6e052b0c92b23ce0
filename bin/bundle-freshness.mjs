// Whether the command line may run its built bundle (dist/bin/cli.js) instead of compiling the
// TypeScript sources at every start: only when the bundle is newer than every source it was
// built from. Plain JavaScript, because it runs before tsx is loaded.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Folders the CLI bundle is built from (bin/cli.ts and everything it imports). */
export const CLI_SOURCE_DIRS = ['bin', 'engine', 'contracts', 'adapters'];
const CLI_SOURCE_FILES = ['package-lock.json'];
// Tests never reach the bundle: editing one must not send the CLI back to the slow path.
const NOT_A_SOURCE = /\.test\.tsx?$|(^|[/\\])node_modules$/;

/** The newest modification time (ms) among `dir`'s files, or 0 for a missing folder. */
function newestMtime(dir) {
  let newest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (NOT_A_SOURCE.test(path)) continue;
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (entry.isFile()) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * True when `bundle` exists and no CLI source under `root` changed after it was written.
 * @param {string} root the repository root
 * @param {string} bundle path of the built CLI
 * @returns {boolean}
 */
export function isBundleFresh(root, bundle) {
  const built = statSync(bundle, { throwIfNoEntry: false });
  if (!built) return false;
  let newestSource = 0;
  for (const dir of CLI_SOURCE_DIRS) newestSource = Math.max(newestSource, newestMtime(join(root, dir)));
  for (const file of CLI_SOURCE_FILES) {
    newestSource = Math.max(
      newestSource,
      statSync(join(root, file), { throwIfNoEntry: false })?.mtimeMs ?? 0,
    );
  }
  return built.mtimeMs >= newestSource;
}
