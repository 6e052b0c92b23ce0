import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../cli';
import { run } from './read';

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

const chart = join(import.meta.dirname, '..', '..', 'e2e', 'fixtures', 'charts', 'eurusd', '15m.png');

describe('chart-to-plan read --overlay', () => {
  it('prints the reading and draws what was read over the image, at its size', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'overlay-'));
    const out = join(dir, 'overlay.png');
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(await run([chart, '--overlay', out])).toBe(0);
      const printed = JSON.parse(String(write.mock.calls[0]![0])) as Record<string, unknown>;
      // The reading's JSON carries no debugging data.
      expect(Object.keys(printed).sort()).toEqual(
        [
          'barSpacing',
          'candles',
          'confidence',
          'plot',
          'priceScale',
          'style',
          'symbol',
          'timeframe',
          'warnings',
        ].sort(),
      );
      const [a, b] = await Promise.all([sharp(chart).metadata(), sharp(out).metadata()]);
      expect([b.width, b.height]).toEqual([a.width, a.height]);
      // Something was drawn: the overlay differs from the screenshot.
      const [pa, pb] = await Promise.all([
        sharp(chart).removeAlpha().raw().toBuffer(),
        sharp(out).removeAlpha().raw().toBuffer(),
      ]);
      expect(pa.length).toBe(pb.length);
      expect(pa.equals(pb)).toBe(false);
    } finally {
      write.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('asks for the output file when --overlay has none', async () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await run([chart, '--overlay'])).toBe(2);
    } finally {
      err.mockRestore();
    }
  });
});
