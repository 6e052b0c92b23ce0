/**
 * Visual check of a corpus chart: draws the truth (plot rect, candle centres, high/low and
 * open/close marks through the scale) over the image.
 *   npx tsx bench/corpus/overlay.ts bench/corpus-out/NAME/ID 15m /tmp/overlay.png
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { SetTruth } from './types';

export function priceToRow(scale: { y1: number; p1: number; y2: number; p2: number }, price: number): number {
  return scale.y1 + ((price - scale.p1) * (scale.y2 - scale.y1)) / (scale.p2 - scale.p1);
}

export async function overlay(setDir: string, tf: string, out: string): Promise<void> {
  const truth = JSON.parse(readFileSync(join(setDir, 'truth.json'), 'utf8')) as SetTruth;
  const chart = truth.charts[tf as keyof SetTruth['charts']];
  if (!chart) throw new Error(`no ${tf} chart in ${setDir}`);
  const { plot, scale } = chart;
  const parts = [
    `<rect x="${plot.left}" y="${plot.top}" width="${plot.right - plot.left}" height="${plot.bottom - plot.top}" fill="none" stroke="#ff00ff" stroke-width="1"/>`,
  ];
  for (const c of chart.candles) {
    const yh = priceToRow(scale, c.high);
    const yl = priceToRow(scale, c.low);
    const yo = priceToRow(scale, c.open);
    const yc = priceToRow(scale, c.close);
    parts.push(
      `<line x1="${c.x - 3}" x2="${c.x + 3}" y1="${yh}" y2="${yh}" stroke="#ff00ff"/>`,
      `<line x1="${c.x - 3}" x2="${c.x + 3}" y1="${yl}" y2="${yl}" stroke="#ff00ff"/>`,
      `<line x1="${c.x - 4}" x2="${c.x}" y1="${yo}" y2="${yo}" stroke="#00ffff"/>`,
      `<line x1="${c.x}" x2="${c.x + 4}" y1="${yc}" y2="${yc}" stroke="#ffff00"/>`,
    );
  }
  for (const t of chart.ticks ?? [])
    parts.push(`<line x1="${plot.right - 30}" x2="${plot.right}" y1="${t.y}" y2="${t.y}" stroke="#ff8800"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${chart.width}" height="${chart.height}">${parts.join('')}</svg>`;
  await sharp(join(setDir, chart.file))
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toFile(out);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, tf, out] = process.argv.slice(2);
  if (!dir || !tf) throw new Error('usage: overlay.ts SET_DIR TF [OUT.png]');
  await overlay(dir, tf, out ?? '/tmp/overlay.png');
}
