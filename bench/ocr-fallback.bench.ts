/**
 * The price-axis OCR fallback (adapters/node/read-with-ocr.ts) on a folder of screenshots: for
 * each, the CPU time (process.cpuUsage: every thread, the OCR's worker thread included) of the
 * whole read (the engine's fast path, and where it refuses the axis, the OCR of the strip and
 * the second read), how it ended, and the slowest five ("ocr" marks a chart read again with the OCR's words, "ocr?" one whose
 * strip the OCR read without words the engine could use). The OCR is started once before the
 * first image (as a server thread keeps it); its start-up is reported on its own. CPU, not
 * wall clock: the figures hold on a loaded machine.
 *
 *   npx tsx bench/ocr-fallback.bench.ts ../shared/chart-corpus/real [--no-ocr]
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { decodeImage } from '../adapters/node/decode-image';
import { createAxisOcr, type AxisOcr } from '../adapters/node/ocr-axis';
import { readWithAxisOcr } from '../adapters/node/read-with-ocr';
import { isEngineError } from '../engine/core/errors';
import { readChart, type ReadOptions, type ReadTrace } from '../engine/vision';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: npx tsx bench/ocr-fallback.bench.ts DIR [--no-ocr]');
  process.exit(2);
}
const useOcr = !process.argv.includes('--no-ocr');
const cpuMs = (since: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1000;
};

let ocr: AxisOcr | null = null;
if (useOcr) {
  const c0 = process.cpuUsage();
  ocr = await createAxisOcr();
  await ocr.ready();
  console.log(`OCR start-up: ${cpuMs(c0).toFixed(0)} ms CPU`);
}

const rows: { file: string; ms: number; outcome: string; ocrUsed: boolean; ocrTried: boolean }[] = [];
const files = readdirSync(dir).filter((f) => /\.(png|jpe?g|webp)$/i.test(f));
for (const file of files) {
  const image = await decodeImage(join(dir, file));
  let ocrUsed = false;
  let ocrTried = false;
  const read = (trace: ReadTrace, options?: ReadOptions) => {
    if (options?.axisLabels || options?.axisColumn) ocrUsed = true;
    return readChart(image, trace, options);
  };
  const c0 = process.cpuUsage();
  let outcome: string;
  try {
    const reading = ocr
      ? await readWithAxisOcr(image, read, () => {
          ocrTried = true;
          return Promise.resolve(ocr!);
        })
      : read({});
    outcome = `read ${reading.candles.length} candles`;
  } catch (error) {
    if (!isEngineError(error)) throw error;
    outcome = error.code;
  }
  rows.push({ file, ms: cpuMs(c0), outcome, ocrUsed, ocrTried });
}
await ocr?.terminate();

for (const r of rows)
  console.log(
    `${r.ms.toFixed(0).padStart(6)} ms  ${r.ocrUsed ? 'ocr ' : r.ocrTried ? 'ocr?' : '    '} ${r.outcome.padEnd(20)} ${r.file}`,
  );
const slowest = [...rows].sort((a, b) => b.ms - a.ms).slice(0, 5);
console.log(`\nslowest five (CPU, ms): ${slowest.map((r) => `${r.file} ${r.ms.toFixed(0)}`).join(', ')}`);
console.log(
  `read ${rows.filter((r) => r.outcome.startsWith('read')).length}/${rows.length}, through the OCR ${rows.filter((r) => r.ocrUsed && r.outcome.startsWith('read')).length}`,
);
