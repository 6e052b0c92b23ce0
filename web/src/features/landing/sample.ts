import type { AnalysisResultDto, TimeframeResultDto } from '../../../../contracts/analysis';
import sampleJson from './sample-analysis.generated.json';

/**
 * What the app itself returned for the dashboard's EURUSD test charts (drawn by the project's
 * chart generator from synthetic prices), written by `npm run landing:sample` and checked
 * against the engine by scripts/landing-sample.test.ts: the landing shows a real result, not
 * figures written by hand (DECISIONS.md "Honest marketing").
 */
export interface LandingSample {
  /** The account size the plan was sized for, in USD. */
  account: number;
  symbol: string;
  bias: AnalysisResultDto['bias'];
  confidence: AnalysisResultDto['confidence'];
  tradePlan: NonNullable<AnalysisResultDto['tradePlan']>;
  timeframes: Array<Pick<TimeframeResultDto, 'timeframe' | 'bias' | 'strength' | 'confluences'>>;
  chart15m: TimeframeResultDto;
}

export const LANDING_SAMPLE = sampleJson as unknown as LandingSample;
/** The 15m screenshot the sample was read from (web/public/landing, written with the JSON). */
export const SAMPLE_15M_IMAGE = '/landing/sample-eurusd-15m.webp';
export const SAMPLE_SOURCE_NOTE =
  'A real result of the app on a test chart our chart generator drew from synthetic EURUSD prices: every level was computed from the screenshot, none written by hand.';

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
export const formatUsd = (value: number) => money.format(value);
