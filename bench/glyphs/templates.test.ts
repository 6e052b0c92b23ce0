import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AXIS_TEMPLATES,
  MAIN_TEMPLATES,
  generatedPath,
  hashModuleSource,
  inputsHash,
  parseGeneratedFile,
  sha256,
  templateInputs,
  type TemplateFile,
} from './inputs';

describe.each([MAIN_TEMPLATES, AXIS_TEMPLATES])('$path says what made it', (file: TemplateFile) => {
  const { header, body } = parseGeneratedFile(readFileSync(generatedPath(file), 'utf8'), file);

  it('was made from the inputs as they are now (else rebuild it)', () => {
    const now = templateInputs();
    if (inputsHash(now) === header.inputsSha256) return;
    const recorded = new Set(header.inputs.map((m) => m.sha256));
    const current = new Set(now.map((m) => m.sha256.slice(0, 16)));
    const changed = now.filter((m) => !recorded.has(m.sha256.slice(0, 16))).map((m) => m.path);
    const gone = header.inputs.filter((m) => !current.has(m.sha256)).map((m) => m.path);
    expect.fail(
      `the glyph templates were made from other inputs than today's (changed or new: ${changed.join(', ') || 'none'}; ` +
        `no longer found as recorded: ${gone.join(', ') || 'none'}). The templates must be cut by the code that cuts ` +
        `glyphs at run time: rebuild them with \`${file.command}\` (Chromium and the fonts of bench/glyphs/README.md) ` +
        'and check the readings with `npm run golden`; or, when the change cannot alter how glyphs are cut, ' +
        `record that with \`${file.command} -- --keep "why"\`.`,
    );
  });

  it('has the body its header was written for (no hand edits)', () => {
    expect(sha256(body), `${file.path} was edited by hand: rebuild it with \`${file.command}\``).toBe(
      header.bodySha256,
    );
  });

  it('lists in its header the modules its inputs hash covers', () => {
    expect(header.inputs.map((m) => m.path)).toEqual(
      expect.arrayContaining([
        'bench/glyphs/build-templates.ts',
        'bench/glyphs/render.ts',
        'engine/vision/text/features.ts',
        'engine/vision/text/segment.ts',
        'engine/vision/text/template-codec.ts',
      ]),
    );
    // A kept file says why in words, not just "kept".
    if (header.status.kind === 'kept') expect(header.status.reason.split(' ').length).toBeGreaterThan(8);
  });
});

describe('the template inputs hash', () => {
  it('follows value imports from the build script, through the engine, and skips type-only ones', () => {
    const paths = templateInputs().map((m) => m.path);
    // segment.ts runs byte-scan's word scans (a value import); image.ts is only a type there.
    expect(paths.some((p) => p.endsWith('/byte-scan.ts'))).toBe(true);
    expect(paths).not.toContain('engine/core/image.ts');
    expect(paths).not.toContain('engine/vision/text/classify.ts');
  });

  it('ignores where imported modules sit, but not any change to the code', () => {
    const source = "import { a } from '../byte-scan';\nexport const x = a(1);\n";
    const moved = "import { a } from '../pixels/byte-scan';\nexport const x = a(1);\n";
    expect(hashModuleSource(moved)).toBe(hashModuleSource(source));
    expect(hashModuleSource(source.replace('a(1)', 'a(2)'))).not.toBe(hashModuleSource(source));
    expect(hashModuleSource(`// why\n${source}`)).not.toBe(hashModuleSource(source));
  });

  it('does not depend on the order the modules are listed in', () => {
    const inputs = templateInputs();
    expect(inputsHash([...inputs].reverse())).toBe(inputsHash(inputs));
  });
});
