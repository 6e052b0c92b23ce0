import { readChart } from '../../engine/vision';
import { decodeImage } from '../../adapters/node/decode-image';

/** `chart-to-plan read IMAGE`: prints the chart reading as JSON on stdout. */
export async function run(args: string[]): Promise<number> {
  const file = args.find((a) => !a.startsWith('-'));
  if (!file) {
    process.stderr.write('usage: chart-to-plan read IMAGE\n');
    return 2;
  }
  const image = await decodeImage(file);
  const reading = readChart(image);
  process.stdout.write(JSON.stringify(reading) + '\n');
  return 0;
}
