import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { computeLandingSample, SAMPLE_IMAGE, SAMPLE_JSON, serializeSample } from './landing-sample';

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

describe('the landing page sample analysis', () => {
  it('is what the engine returns for the sample charts today (else: npm run landing:sample)', async () => {
    const committed = readFileSync(root(SAMPLE_JSON), 'utf8');
    expect(committed, 'the engine answers differently now: run npm run landing:sample').toBe(
      serializeSample(await computeLandingSample()),
    );
  }, 30_000);

  it('ships the 15m screenshot as a WebP with the reading’s aspect ratio', async () => {
    expect(existsSync(root(SAMPLE_IMAGE))).toBe(true);
    const meta = await sharp(root(SAMPLE_IMAGE)).metadata();
    expect(meta.format).toBe('webp');
    const { image } = (await computeLandingSample()).chart15m.chart;
    expect(image).toBeDefined();
    expect(Math.abs(meta.width! / meta.height! - image!.width / image!.height)).toBeLessThan(0.01);
  }, 30_000);
});
