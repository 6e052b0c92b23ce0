/**
 * The landing page's sample analysis: what the app itself returns for the dashboard's test
 * charts e2e/fixtures/charts/eurusd-trade (EURUSD 5m/15m/4h, drawn by the project's chart
 * generator from synthetic prices; see e2e/fixtures/make-charts.ts), so that every level, bias
 * and confidence the landing shows was computed by the engine, not written by hand (DECISIONS.md
 * "Honest marketing").
 *
 *   npm run landing:sample            writes the two files below
 *   (scripts/landing-sample.test.ts fails, naming this command, when the engine's answer for
 *   these charts changes and the committed sample no longer matches it)
 *
 * Written: web/src/features/landing/sample-analysis.generated.json (the plan, each timeframe's
 * bias and confluences, the 15m chart's reading and overlay) and web/public/landing/ the 15m
 * screenshot as WebP, at most SAMPLE_IMAGE_WIDTH wide.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { AnalysisResultDto } from '../contracts/analysis';
import { decodeImage } from '../adapters/node/decode-image';
import { analyzeCharts } from '../engine/plan';

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const CHARTS_DIR = 'e2e/fixtures/charts/eurusd-trade';
export const SAMPLE_JSON = 'web/src/features/landing/sample-analysis.generated.json';
export const SAMPLE_IMAGE = 'web/public/landing/sample-eurusd-15m.webp';
/** Wide enough to stay sharp in the hero's column on a 2x screen, small enough for a phone. */
const SAMPLE_IMAGE_WIDTH = 960;
/** The account the sample plan is sized for: SPEC.md's defaults. */
const SAMPLE_ACCOUNT = { account: 10_000, riskPercent: 2 } as const;

export interface LandingSample {
  source: string;
  /** The account size the plan was sized for, in USD. */
  account: number;
  symbol: string;
  bias: AnalysisResultDto['bias'];
  confidence: AnalysisResultDto['confidence'];
  tradePlan: NonNullable<AnalysisResultDto['tradePlan']>;
  timeframes: Array<
    Pick<AnalysisResultDto['timeframes'][number], 'timeframe' | 'bias' | 'strength' | 'confluences'>
  >;
  chart15m: AnalysisResultDto['timeframes'][number];
}

/** The engine's answer for the sample charts, trimmed to what the landing page shows. */
export async function computeLandingSample(): Promise<LandingSample> {
  const [m5, m15, h4] = await Promise.all(
    ['5m', '15m', '4h'].map((tf) => decodeImage(root(`${CHARTS_DIR}/${tf}.png`))),
  );
  const result = analyzeCharts({ '5m': m5!, '15m': m15!, '4h': h4! }, SAMPLE_ACCOUNT) as AnalysisResultDto;
  const chart15m = result.timeframes.find((t) => t.timeframe === '15m');
  if (!chart15m) throw new Error('the sample analysis has no 15m timeframe');
  if (!result.tradePlan) {
    throw new Error(
      `${CHARTS_DIR} no longer gives a trade plan: pick another seed as e2e/fixtures/make-charts.ts says`,
    );
  }
  return {
    source: `${CHARTS_DIR} analysed by the engine (npm run landing:sample)`,
    account: SAMPLE_ACCOUNT.account,
    symbol: result.symbol,
    bias: result.bias,
    confidence: result.confidence,
    tradePlan: result.tradePlan,
    timeframes: result.timeframes.map(({ timeframe, bias, strength, confluences }) => ({
      timeframe,
      bias,
      strength,
      confluences,
    })),
    // The hero draws zones, structure and the plan, not the read candles: leaving their
    // overlay out keeps about 20 kB off every visitor's first download.
    chart15m: { ...chart15m, overlay: { ...chart15m.overlay, candles: [] } },
  };
}

export const serializeSample = (sample: LandingSample) => JSON.stringify(sample, null, 2) + '\n';

async function main() {
  const sample = await computeLandingSample();
  writeFileSync(root(SAMPLE_JSON), serializeSample(sample));
  await sharp(readFileSync(root(`${CHARTS_DIR}/15m.png`)))
    .resize({ width: SAMPLE_IMAGE_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toFile(root(SAMPLE_IMAGE));
  process.stdout.write(`landing sample written: ${SAMPLE_JSON}, ${SAMPLE_IMAGE}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
