/**
 * What the glyph templates are made from, and the header that says so in the generated file.
 *
 * The templates (engine/vision/text/glyph-templates.generated.ts) are only right while they are
 * cut by the same code that cuts glyphs at run time, so the generated file records a hash of the
 * inputs that made it, and bench/glyphs/templates.test.ts fails when they change without a rebuild.
 *
 * The inputs, precisely: every local module the build runs, found by following the value imports
 * (not `import type`, which erases at run time) from bench/glyphs/build-templates.ts, transitively:
 * the build script itself, render.ts (the fonts list, themes and the canvas drawing), this file,
 * and in the engine text/segment.ts, text/features.ts, text/template-codec.ts and what they run
 * (the pixel scans of byte-scan.ts). Each module is hashed as its source text with the module
 * paths of its import/export lines blanked, so moving a file to another folder is no change while
 * any edit to its code or comments is; the inputs hash is the SHA-256 of the sorted module hashes.
 * Not hashed, because a test machine cannot check them: the installed font files and the Chromium
 * that renders them (both named in the header; bench/glyphs/README.md says how to install them).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** The build, relative to the repo root: where the input walk starts. */
export const BUILD_SCRIPT = 'bench/glyphs/build-templates.ts';
export const REBUILD_COMMAND = 'npm run glyphs:build';

/** One generated templates module: where it is, the fonts it is made of, how to rebuild it. */
export interface TemplateFile {
  /** Relative to the repo root. */
  path: string;
  /** The header's line on the fonts (continued lines start with "// "). */
  fonts: string;
  command: string;
}

export interface InputModule {
  /** Path relative to the repo root. */
  path: string;
  /** SHA-256 (hex) of the module's source with import paths blanked. */
  sha256: string;
}

/** Value imports and re-exports with a relative module path; `import type` lines are skipped. */
const LOCAL_IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^;'"]*?\s+from\s+)?'(\.{1,2}\/[^']+)'/g;
const MODULE_PATH = /(\bfrom\s+|\bimport\s+)'[^']*'/g;

function resolveModule(from: string, spec: string): string {
  const base = join(dirname(from), spec);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base])
    if (existsSync(join(REPO, candidate)) && candidate.endsWith('.ts')) return candidate;
  throw new Error(`${from} imports ${spec}, which is not a TypeScript module in the repo`);
}

export function hashModuleSource(source: string): string {
  return createHash('sha256').update(source.replace(MODULE_PATH, "$1''")).digest('hex');
}

/** Every local module the template build runs, sorted by path. */
export function templateInputs(): InputModule[] {
  const seen = new Map<string, InputModule>();
  const visit = (path: string): void => {
    if (seen.has(path)) return;
    const source = readFileSync(join(REPO, path), 'utf8');
    seen.set(path, { path, sha256: hashModuleSource(source) });
    for (const m of source.matchAll(LOCAL_IMPORT)) {
      const [, , typeOnly, spec] = m;
      if (!typeOnly) visit(relative(REPO, join(REPO, resolveModule(path, spec!))));
    }
  };
  visit(BUILD_SCRIPT);
  return [...seen.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** One hash for all inputs: independent of where the modules sit and of their order. */
export function inputsHash(inputs: readonly InputModule[]): string {
  return createHash('sha256')
    .update(
      inputs
        .map((m) => m.sha256)
        .sort()
        .join('\n'),
    )
    .digest('hex');
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** How the committed templates relate to the inputs listed in their header. */
export type TemplateStatus =
  | { kind: 'built'; chromium: string }
  /** Not rebuilt after the inputs changed, by decision: the reason says why (and since when). */
  | { kind: 'kept'; reason: string };

export interface TemplateHeader {
  inputs: InputModule[];
  inputsSha256: string;
  bodySha256: string;
  status: TemplateStatus;
}

/** Every character's prototypes, from the FONTS of render.ts. */
export const MAIN_TEMPLATES: TemplateFile = {
  path: 'engine/vision/text/glyph-templates.generated.ts',
  fonts:
    'Fonts: the FONTS of bench/glyphs/render.ts (Liberation Sans, Liberation Sans Narrow, Liberation Mono:\n' +
    '// Debian fonts-liberation 1.07, not fonts-liberation2, which has no Narrow; DejaVu Sans, DejaVu Sans\n' +
    '// condensed, DejaVu Sans Mono: fonts-dejavu-core), rendered in Chromium (apt-get install chromium).',
  command: REBUILD_COMMAND,
};

/** The digits and separators of the AXIS_FONTS of render.ts, added to MAIN_TEMPLATES' prototypes. */
export const AXIS_TEMPLATES: TemplateFile = {
  path: 'engine/vision/text/axis-glyph-templates.generated.ts',
  fonts:
    'Fonts: the AXIS_FONTS of bench/glyphs/render.ts (Roboto: Debian fonts-roboto), digits and separators\n' +
    '// only, rendered in Chromium (apt-get install chromium).',
  command: `${REBUILD_COMMAND} -- --axis`,
};

/** The main generated module, relative to the repo root. */
export const GENERATED_FILE = MAIN_TEMPLATES.path;

/** The header comment a generated file starts with. */
export function templateHeader(h: TemplateHeader, file: TemplateFile = MAIN_TEMPLATES): string {
  const wrap = (text: string): string[] => {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
      if (line && line.length + word.length > 96) {
        lines.push(line);
        line = '';
      }
      line = line ? `${line} ${word}` : word;
    }
    return [...lines, line];
  };
  const status =
    h.status.kind === 'built'
      ? [`Status: built from these inputs in Chromium ${h.status.chromium}.`]
      : wrap(`Status: kept, not rebuilt from these inputs: ${h.status.reason}`);
  return [
    `// GENERATED FILE: do not edit by hand. Rebuild with \`${file.command}\` (${BUILD_SCRIPT}).`,
    `// ${file.fonts}`,
    '// Inputs (bench/glyphs/inputs.ts says which modules and how they are hashed):',
    ...h.inputs.map((m) => `//   ${m.sha256.slice(0, 16)}  ${m.path}`),
    `// Inputs sha256: ${h.inputsSha256}`,
    `// Body sha256: ${h.bodySha256}`,
    ...status.map((l) => `// ${l}`),
    '',
  ].join('\n');
}

/** Splits a generated file into its header (parsed) and its body (the encoded templates). */
export function parseGeneratedFile(
  text: string,
  file: TemplateFile = MAIN_TEMPLATES,
): { header: TemplateHeader; body: string } {
  const end = text.indexOf('\n\n');
  if (!text.startsWith('// GENERATED FILE') || end < 0)
    throw new Error(`${file.path} has no generated-file header; rebuild it with \`${file.command}\``);
  const head = text.slice(0, end);
  const field = (name: string): string => {
    const m = new RegExp(`^// ${name}: ([0-9a-f]{64})$`, 'm').exec(head);
    if (!m) throw new Error(`${file.path}: header line "${name}" missing`);
    return m[1]!;
  };
  const inputs = [...head.matchAll(/^\/\/ {3}([0-9a-f]{16}) {2}(\S+)$/gm)].map((m) => ({
    path: m[2]!,
    sha256: m[1]!,
  }));
  const built = /^\/\/ Status: built from these inputs in Chromium (.+)\.$/m.exec(head);
  const kept = /^\/\/ Status: kept, not rebuilt from these inputs: ([\s\S]+)$/m.exec(head);
  const status: TemplateStatus = built
    ? { kind: 'built', chromium: built[1]! }
    : kept
      ? { kind: 'kept', reason: kept[1]!.replace(/\n\/\/ /g, ' ') }
      : (() => {
          throw new Error(`${file.path}: header has no Status line`);
        })();
  return {
    header: { inputs, inputsSha256: field('Inputs sha256'), bodySha256: field('Body sha256'), status },
    body: text.slice(end + 2),
  };
}

export function generatedFile(
  body: string,
  status: TemplateStatus,
  file: TemplateFile = MAIN_TEMPLATES,
): string {
  const inputs = templateInputs();
  const header = templateHeader(
    { inputs, inputsSha256: inputsHash(inputs), bodySha256: sha256(body), status },
    file,
  );
  return `${header}\n${body}`;
}

export const generatedPath = (file: TemplateFile = MAIN_TEMPLATES): string => join(REPO, file.path);
