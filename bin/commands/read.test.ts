import { describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { run } from './read';

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
