import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../cli';

const dir = mkdtempSync(join(tmpdir(), 'chart-to-plan-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI and returns its exit code and what it wrote to stderr. */
async function runCli(argv: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  try {
    return { code: await main(argv), stderr };
  } finally {
    process.stderr.write = write;
  }
}

describe('chart-to-plan read: bad paths', () => {
  it('says "file not found" with the path for a missing file', async () => {
    const missing = join(dir, 'no-such-chart.png');
    const { code, stderr } = await runCli(['read', missing]);
    expect(code).toBe(1);
    expect(stderr).toContain(`file not found: ${missing}`);
    expect(stderr).not.toMatch(/truncated or corrupt/);
  });

  it('says "not a file" for a directory', async () => {
    const { code, stderr } = await runCli(['read', dir]);
    expect(code).toBe(1);
    expect(stderr).toContain(`not a file: ${dir}`);
  });

  it('still calls a file that is no image unreadable', async () => {
    const junk = join(dir, 'junk.png');
    writeFileSync(junk, 'not an image at all');
    const { code, stderr } = await runCli(['read', junk]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/not a readable PNG, JPEG or WebP image/);
  });
});
