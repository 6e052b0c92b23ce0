import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import matrix of docs/ARCHITECTURE.md is enforced by eslint.config.js. Each case lints a
// one-line snippet as if it were a file in that folder (the file need not exist) and expects the
// import to be reported or to pass. A case per rule, so a rule that stops biting fails here.

const root = join(import.meta.dirname, '..');
type Case = [file: string, specifier: string];

const REPORTED: Case[] = [
  // The engine is pure: no package, no Node, nothing above it; also from a stage folder's depth.
  ['engine/vision/snippet.ts', 'node:fs'],
  ['engine/vision/snippet.ts', 'fs'],
  ['engine/vision/snippet.ts', 'sharp'],
  ['engine/vision/snippet.ts', 'react'],
  ['engine/vision/snippet.ts', '../../server/app'],
  ['engine/vision/snippet.ts', '../../web/src/app'],
  ['engine/vision/snippet.ts', '../../bin/cli'],
  ['engine/vision/snippet.ts', '../../bench/reader.bench'],
  ['engine/vision/snippet.ts', '../../adapters/node/decode-image'],
  ['engine/vision/candles/snippet.ts', '../../../adapters/node/decode-image'],
  ['engine/index.ts', '../server/app'],
  // Engine tests and their helpers never import the command line, the server or the app.
  ['engine/vision/snippet.test.ts', '../../bin/commands/analyze'],
  ['engine/vision/snippet.test.ts', '../../server/app'],
  ['engine/vision/snippet.test.ts', '../../bench/corpus/renderer'],
  ['engine/analysis/test-support/snippet.ts', '../../../bin/commands/analyze'],
  ['engine/vision/text/test-support/snippet.ts', '../../../../web/src/app'],
  ['engine/vision/test-support/snippet.ts', 'sharp'],
  // contracts/ is the bottom layer and runs in the browser.
  ['contracts/snippet.ts', '../engine/core/image'],
  ['contracts/snippet.ts', '../server/app'],
  ['contracts/snippet.ts', '../adapters/node/decode-image'],
  ['contracts/snippet.ts', 'node:fs'],
  ['contracts/snippet.ts', 'react'],
  // adapters/node, server, bin, bench: each its own row.
  ['adapters/node/snippet.ts', '../../server/app'],
  ['adapters/node/snippet.ts', '../../bin/cli'],
  ['server/modules/analyze/snippet.ts', '../../../web/src/lib/api'],
  ['server/modules/analyze/snippet.ts', '../../../bin/cli'],
  ['server/modules/analyze/snippet.ts', '../../../bench/corpus/renderer'],
  ['bin/commands/snippet.ts', '../../server/app'],
  ['bin/commands/snippet.ts', '../../bench/accuracy'],
  ['bench/snippet.ts', '../bin/commands/analyze'],
  ['bench/corpus/snippet.ts', '../../server/app'],
  // The web app: HTTP to the server, three pure engine modules, no Node.
  ['web/src/pages/snippet.tsx', '../../../server/app'],
  ['web/src/pages/snippet.tsx', '../../../adapters/node/decode-image'],
  ['web/src/pages/snippet.tsx', '../../../engine/vision'],
  ['web/src/pages/snippet.tsx', '../../../engine'],
  ['web/src/pages/snippet.tsx', '../../../engine/core/image'],
  ['web/src/pages/snippet.tsx', 'node:fs'],
  ['web/src/pages/snippet.tsx', 'sharp'],
  ['web/src/app.tsx', '../../bin/cli'],
  // Shared components and lib import no feature or page.
  ['web/src/components/layout/snippet.tsx', '@/features/auth/api'],
  ['web/src/components/layout/snippet.tsx', '@/features/auth'],
  ['web/src/components/layout/snippet.tsx', '../../features/auth/api'],
  ['web/src/components/layout/snippet.tsx', '@/pages/home'],
  ['web/src/components/ui/snippet.tsx', '../../../../engine/vision'],
  ['web/src/lib/snippet.ts', '@/components/ui/button'],
  ['web/src/lib/snippet.ts', '@/features/journal'],
  ['web/src/lib/snippet.ts', '../features/journal'],
  // A feature reaches another only through its index, and never a page.
  ['web/src/features/dashboard/snippet.tsx', '@/features/journal/lib/trade-form'],
  ['web/src/features/dashboard/snippet.tsx', '../journal/lib/trade-form'],
  ['web/src/features/dashboard/components/snippet.tsx', '../../journal/lib/trade-form'],
  ['web/src/features/dashboard/components/snippet.tsx', '../../../features/journal/lib/trade-form'],
  ['web/src/features/journal/components/snippet.tsx', '@/features/dashboard/format'],
  ['web/src/features/learn/snippet.tsx', '@/pages/home'],
  ['web/src/features/learn/snippet.tsx', '../../../../engine/plan'],
  ['web/src/features/learn/snippet.tsx', 'node:path'],
  // Browser journeys drive the built app.
  ['e2e/snippet.ts', '../server/app'],
  ['e2e/snippet.ts', '../engine/vision'],
  ['e2e/support/snippet.ts', '../../bin/cli'],
];

const ALLOWED: Case[] = [
  ['engine/vision/snippet.ts', '../core/image'],
  ['engine/vision/snippet.ts', './raster'],
  ['engine/vision/candles/snippet.ts', '../../core/image'],
  ['engine/plan/snippet.ts', '../../contracts/analysis'],
  ['engine/vision/snippet.test.ts', 'node:fs'],
  ['engine/vision/snippet.test.ts', 'sharp'],
  ['engine/vision/snippet.test.ts', 'fast-check'],
  ['engine/vision/snippet.test.ts', '../../adapters/node/decode-image'],
  ['engine/analysis/test-support/snippet.ts', '../../../adapters/node/parse-ohlc-csv'],
  ['engine/vision/test-support/snippet.ts', 'node:path'],
  ['contracts/snippet.ts', 'zod'],
  ['adapters/node/snippet.ts', '../../engine/core/image'],
  ['adapters/node/snippet.ts', '../../contracts/analysis'],
  ['adapters/node/snippet.ts', 'sharp'],
  ['server/modules/analyze/snippet.ts', '../../../engine/plan'],
  ['server/modules/analyze/snippet.ts', '../../../adapters/node/decode-image'],
  ['server/modules/analyze/snippet.ts', '../../../contracts/analysis'],
  ['bin/commands/snippet.ts', '../../adapters/node/decode-image'],
  ['bin/commands/snippet.ts', '../../engine/vision'],
  ['bench/snippet.ts', '../engine/vision/text/test-support/corpus'],
  ['bench/snippet.ts', '../adapters/node/parse-ohlc-csv'],
  ['web/src/pages/snippet.tsx', '@/features/landing/components/hero-section'],
  ['web/src/pages/snippet.tsx', '../../../contracts/analysis'],
  ['web/src/pages/snippet.tsx', '../../../engine/instruments'],
  ['web/src/pages/snippet.tsx', '../../../engine/analysis/swings'],
  ['web/src/pages/snippet.tsx', '../../../engine/journal'],
  ['web/src/features/dashboard/components/snippet.tsx', '../../../../../engine/exports/plan-exports'],
  ['web/src/features/dashboard/components/snippet.tsx', '../../../../../engine/backtest/figures'],
  ['web/src/components/layout/snippet.tsx', '@/components/ui/button'],
  ['web/src/components/layout/snippet.tsx', '@/lib/contracts'],
  ['web/src/lib/snippet.ts', './api'],
  ['web/src/features/dashboard/snippet.tsx', '@/features/journal'],
  ['web/src/features/dashboard/snippet.tsx', '../journal'],
  ['web/src/features/dashboard/snippet.tsx', '@/features/dashboard/format'],
  ['web/src/features/dashboard/components/snippet.tsx', '../format'],
  ['web/src/features/dashboard/components/snippet.tsx', '@/components/ui/button'],
  ['web/src/features/journal/lib/snippet.ts', '../../../../../engine/instruments'],
  ['e2e/snippet.ts', '../contracts/analysis'],
  ['e2e/fixtures/snippet.ts', '../../bench/corpus/renderer'],
  ['e2e/snippet.ts', '../web/src/features/learn/content/quick-start'],
];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The import-rule messages for a snippet at `file` (static import or a literal import()). */
async function importProblems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result!.messages.filter(
    (m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax' || m.fatal,
  );
}

describe('the import matrix (eslint.config.js)', () => {
  it.each(REPORTED)('reports %s importing %s', async (file, specifier) => {
    const problems = await importProblems(file, `import '${specifier}';\n`);
    expect(problems.map((p) => p.ruleId)).toEqual(['no-restricted-imports']);
  });

  it.each(ALLOWED)('lets %s import %s', async (file, specifier) => {
    expect(await importProblems(file, `import '${specifier}';\n`)).toEqual([]);
  });

  it('sees a re-export and an import() with a literal path as well', async () => {
    const reExport = await importProblems('engine/vision/snippet.ts', `export * from '../../bin/cli';\n`);
    expect(reExport.map((p) => p.ruleId)).toEqual(['no-restricted-imports']);
    const dynamic = await importProblems('bench/snippet.ts', `void import('../bin/cli');\n`);
    expect(dynamic.map((p) => p.ruleId)).toEqual(['no-restricted-syntax']);
    const webDynamic = await importProblems('web/src/lib/snippet.ts', `void import('@/features/learn');\n`);
    expect(webDynamic.map((p) => p.ruleId)).toEqual(['no-restricted-syntax']);
    expect(await importProblems('web/src/pages/snippet.tsx', `void import('@/features/learn');\n`)).toEqual(
      [],
    );
  });

  it('says why and where to go instead', async () => {
    const [problem] = await importProblems('engine/vision/snippet.ts', `import 'node:fs';\n`);
    expect(problem!.message).toContain('adapters/node');
  });

  it('lists in docs/ARCHITECTURE.md exactly the zones the config enforces', async () => {
    const configUrl = pathToFileURL(join(root, 'eslint.config.js')).href;
    const { IMPORT_ZONES } = (await import(configUrl)) as { IMPORT_ZONES: { zone: string }[] };
    const doc = readFileSync(join(root, 'docs', 'ARCHITECTURE.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Who may import what'));
    const rows = [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
    expect(new Set(rows)).toEqual(new Set(IMPORT_ZONES.map((z) => z.zone)));
  });
});
