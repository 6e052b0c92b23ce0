import { readChart } from '../../engine/vision';
import type { ReadTrace } from '../../engine/vision';
import { isEngineError } from '../../engine/core/errors';
import { decodeImage } from '../../adapters/node/decode-image';
import { closeSharedAxisOcr } from '../../adapters/node/ocr-axis';
import { readChartWithOcr } from '../../adapters/node/read-with-ocr';
import { writeOverlay } from '../overlay';

/**
 * `chart-to-plan read IMAGE [--overlay OUT.png] [--no-ocr]`: prints the chart reading as JSON on
 * stdout. When the engine's own recogniser cannot read the price axis, the axis strip is read
 * by the general OCR (adapters/node/ocr-axis.ts) and the chart read again with its words;
 * --no-ocr leaves that out (the engine alone). With --overlay, also draws what the reader saw
 * (plot, labels, candles) over the image into OUT.png, refused readings included (as far as
 * the stages got).
 */
export async function run(args: string[]): Promise<number> {
  const overlayAt = args.indexOf('--overlay');
  const overlay = overlayAt >= 0 ? args[overlayAt + 1] : undefined;
  if (overlayAt >= 0 && !overlay) {
    process.stderr.write('usage: chart-to-plan read IMAGE [--overlay OUT.png] [--no-ocr]\n');
    return 2;
  }
  const file = args.find((a, i) => !a.startsWith('-') && (overlayAt < 0 || i !== overlayAt + 1));
  if (!file) {
    process.stderr.write('usage: chart-to-plan read IMAGE [--overlay OUT.png] [--no-ocr]\n');
    return 2;
  }
  const image = await decodeImage(file);
  const useOcr = !args.includes('--no-ocr');
  const trace: ReadTrace | undefined = overlay || useOcr ? {} : undefined;
  try {
    const reading = useOcr ? await readChartWithOcr(image, trace) : readChart(image, trace);
    process.stdout.write(JSON.stringify(reading) + '\n');
  } catch (error) {
    if (overlay && trace && isEngineError(error)) await writeOverlay(file, trace, overlay, error.message);
    throw error;
  } finally {
    await closeSharedAxisOcr();
  }
  if (overlay && trace) await writeOverlay(file, trace, overlay);
  return 0;
}
