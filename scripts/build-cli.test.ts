import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { CLI_BUILD_OPTIONS } from './build-cli.mjs';

/**
 * The packages a command's process loads: every external import of the chunks reachable from
 * the command's own chunk through static imports (what runs before the command's first line),
 * and separately those it imports only dynamically (loaded when a code path needs them).
 */
function packagesOf(meta: Metafile, command: string) {
  const outputs = Object.entries(meta.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint === `bin/commands/${command}.ts`);
  if (!entry) throw new Error(`no chunk for bin/commands/${command}.ts`);
  const staticPackages = new Set<string>();
  const dynamicPackages = new Set<string>();
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imp of meta.outputs[path]!.imports) {
      if (imp.external) {
        if (imp.path.startsWith('node:')) continue;
        (imp.kind === 'dynamic-import' ? dynamicPackages : staticPackages).add(imp.path);
      } else if (imp.kind === 'import-statement') visit(imp.path);
    }
  };
  visit(entry[0]);
  return { staticPackages, dynamicPackages };
}

describe('the CLI bundle', () => {
  it('loads per command only the packages that command needs', async () => {
    const result = await build({ ...CLI_BUILD_OPTIONS, write: false, metafile: true, logLevel: 'silent' });
    const meta = result.metafile;
    // The entry (usage, dispatch) loads no package at all: `--help` starts in about 60 ms.
    const entry = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === 'bin/cli.ts')!;
    expect(entry[0]).toMatch(/dist\/bin\/cli\.js$/);
    expect(entry[1].imports.filter((i) => i.external && !i.path.startsWith('node:'))).toEqual([]);

    // read: sharp to decode, tesseract.js only when the OCR fallback starts; no zod (about 0.1 s
    // to load, it came in with the upload limits) and no csv-parse.
    const read = packagesOf(meta, 'read');
    expect([...read.staticPackages].sort()).toEqual(['sharp']);
    expect([...read.dynamicPackages]).toEqual(['tesseract.js']);
    expect([...packagesOf(meta, 'plan').staticPackages].sort()).toEqual(['sharp']);
    expect([...packagesOf(meta, 'analyze').staticPackages]).toContain('csv-parse/sync');
  });
});
