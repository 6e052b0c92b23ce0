import { historyBadge } from './history-badge';

describe('historyBadge: what a past analysis concluded', () => {
  it('names the plan by its side', () => {
    expect(historyBadge({ tradeRecommended: true, direction: 'LONG', watch: false, confidence: 72 })).toEqual(
      {
        text: 'Buy plan · 72 %',
        variant: 'bullish',
      },
    );
    expect(
      historyBadge({ tradeRecommended: true, direction: 'SHORT', watch: false, confidence: 81 }).text,
    ).toBe('Sell plan · 81 %');
  });

  it('tells a setup to watch from no trade at all', () => {
    expect(historyBadge({ tradeRecommended: false, direction: null, watch: true, confidence: 55 })).toEqual({
      text: 'Setup to watch · 55 %',
      variant: 'warning',
    });
    expect(historyBadge({ tradeRecommended: false, direction: null, watch: false, confidence: 48 })).toEqual({
      text: 'No trade now · 48 %',
      variant: 'neutral',
    });
  });
});
