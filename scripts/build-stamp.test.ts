import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashBuildInputs, isBuildCurrent, writeBuildStamp } from './build-stamp';

let root: string;
function put(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
/** A project that has been built once: sources, both entry points and a matching stamp. */
function builtProject() {
  put('engine/index.ts', 'export const a = 1;');
  put('web/src/main.tsx', 'render();');
  put('package-lock.json', '{}');
  put('dist/server/main.js', '');
  put('dist/web/index.html', '');
  writeBuildStamp(root, hashBuildInputs(root));
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-stamp-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build stamp', () => {
  it('says a fresh clone (no dist/) needs a build', () => {
    put('engine/index.ts', 'export const a = 1;');
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('skips the build when nothing changed, even if every mtime did (git checkout)', () => {
    builtProject();
    utimesSync(join(root, 'engine/index.ts'), new Date(), new Date(Date.now() + 60_000));
    expect(isBuildCurrent(root)).toBe(true);
  });

  it('rebuilds when a source, a new source file or the lock file changes', () => {
    builtProject();
    put('engine/index.ts', 'export const a = 2;');
    expect(isBuildCurrent(root)).toBe(false);

    builtProject();
    put('server/new-route.ts', 'export {};');
    expect(isBuildCurrent(root)).toBe(false);

    builtProject();
    put('package-lock.json', '{"lockfileVersion":3}');
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('ignores test files, which never reach dist/', () => {
    builtProject();
    put('engine/index.test.ts', 'it("x", () => {});');
    expect(isBuildCurrent(root)).toBe(true);
  });

  it('rebuilds when a built entry point is missing despite a matching stamp', () => {
    builtProject();
    rmSync(join(root, 'dist/web'), { recursive: true });
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('tells a file move apart from the same bytes under the old name', () => {
    put('engine/a.ts', 'x');
    const before = hashBuildInputs(root);
    rmSync(join(root, 'engine/a.ts'));
    put('engine/b.ts', 'x');
    expect(hashBuildInputs(root)).not.toBe(before);
  });
});
