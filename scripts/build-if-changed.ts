// `npm start`'s pre-step: runs `npm run build` only when the build inputs changed since the last
// successful build (see build-stamp.ts), so a second start takes a second instead of ~20.
import { rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashBuildInputs, isBuildCurrent, STAMP_PATH, writeBuildStamp } from './build-stamp';

const root = fileURLToPath(new URL('..', import.meta.url));
// Hashed before building: an edit made while the build runs leaves a stamp that no longer
// matches, so the next start builds again instead of serving a bundle without that edit.
const inputsHash = hashBuildInputs(root);

if (isBuildCurrent(root, inputsHash)) {
  console.log('start: dist/ matches the sources; skipping the build');
} else {
  console.log('start: sources changed since the last build (or first start); building dist/ (~20 s)');
  // A build that stops half-way must not leave the old stamp vouching for a mixed dist/.
  rmSync(join(root, STAMP_PATH), { force: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeBuildStamp(root, inputsHash);
}
