import type { AnalysisSummaryDto } from '../../../../contracts/analysis';

export type HistoryBadgeVariant = 'bullish' | 'bearish' | 'warning' | 'neutral';

/**
 * What a past analysis concluded, in words a trader reads at a glance, with the confidence it
 * had (issue 20: a bare "No trade" beside "48%" hid that a setup to watch had been offered, and
 * did not say what the percentage was).
 */
export function historyBadge(
  item: Pick<AnalysisSummaryDto, 'direction' | 'tradeRecommended' | 'watch' | 'confidence'>,
): { text: string; variant: HistoryBadgeVariant } {
  const score = `${Math.round(item.confidence)} %`;
  if (item.tradeRecommended && item.direction) {
    const long = item.direction === 'LONG';
    return { text: `${long ? 'Buy' : 'Sell'} plan · ${score}`, variant: long ? 'bullish' : 'bearish' };
  }
  if (item.watch) return { text: `Setup to watch · ${score}`, variant: 'warning' };
  return { text: `No trade now · ${score}`, variant: 'neutral' };
}
