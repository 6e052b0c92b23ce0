import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBundleFresh } from './bundle-freshness.mjs';

let root: string;
const bundle = () => join(root, 'dist/bin/cli.js');
/** Writes `path` with its modification time `secondsAgo` in the past. */
function put(path: string, secondsAgo: number) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), '');
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(join(root, path), when, when);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'cli-bundle-'));
  put('bin/cli.ts', 100);
  put('engine/vision/read.ts', 100);
  put('package-lock.json', 100);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('isBundleFresh', () => {
  it('runs the sources when no bundle was built (a fresh clone)', () => {
    expect(isBundleFresh(root, bundle())).toBe(false);
  });

  it('runs the bundle when it is newer than every source', () => {
    put('dist/bin/cli.js', 10);
    expect(isBundleFresh(root, bundle())).toBe(true);
  });

  it('runs the sources when an engine file or the lock file changed after the build', () => {
    put('dist/bin/cli.js', 10);
    put('engine/vision/read.ts', 1);
    expect(isBundleFresh(root, bundle())).toBe(false);

    put('engine/vision/read.ts', 100);
    put('package-lock.json', 1);
    expect(isBundleFresh(root, bundle())).toBe(false);
  });

  it('ignores edited tests, which are not in the bundle', () => {
    put('dist/bin/cli.js', 10);
    put('engine/vision/read.test.ts', 1);
    expect(isBundleFresh(root, bundle())).toBe(true);
  });
});
