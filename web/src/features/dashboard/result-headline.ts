import type { AnalysisResultDto } from '../../../../contracts/analysis';

/** Title of the no-trade card and toast: there is no trade now, whatever else the result holds. */
export const NO_TRADE_TITLE = 'No trade now';

/**
 * The toast after an analysis says what the result is: "plan generated" only when there is a
 * plan (issue 18: it used to follow a No Trade too); otherwise "No trade now", with the setup
 * to watch's trigger when the engine found one.
 */
export function analysisToast(result: Pick<AnalysisResultDto, 'tradePlan' | 'setupToWatch'>): {
  title: string;
  description: string;
} {
  if (result.tradePlan) {
    return { title: 'Analysis Complete', description: 'Your trade plan has been generated successfully.' };
  }
  if (result.setupToWatch) {
    return { title: NO_TRADE_TITLE, description: `Setup to watch: ${result.setupToWatch.trigger}.` };
  }
  return {
    title: NO_TRADE_TITLE,
    description: 'These charts do not give a trade that meets the rules; the card says why.',
  };
}
