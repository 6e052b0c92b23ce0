import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TYPECHECK_PROJECTS } from './typecheck.mjs';

const repoRoot = join(import.meta.dirname, '..');
const NOT_SOURCE = new Set(['node_modules', 'dist', '.git']);

/** The repository's TypeScript projects: each top-level folder's tsconfig*.json. */
function projectsInRepository(): string[] {
  const projects: string[] = [];
  for (const dir of readdirSync(repoRoot, { withFileTypes: true })) {
    if (!dir.isDirectory() || NOT_SOURCE.has(dir.name)) continue;
    for (const file of readdirSync(join(repoRoot, dir.name))) {
      if (file === 'tsconfig.json') projects.push(dir.name);
      else if (/^tsconfig\..+\.json$/.test(file)) projects.push(`${dir.name}/${file}`);
    }
  }
  return projects.sort();
}

describe('npm run typecheck', () => {
  it('checks every TypeScript project of the repository, each once', () => {
    expect([...TYPECHECK_PROJECTS].sort()).toEqual(projectsInRepository());
  });
});
