import { defaultTradeFormValues, planToCreateBody, priceStep, sizingPreview } from './trade-form';
import { statTiles } from './statistics-view';
import { journalStatistics } from '../../../../../engine/journal';
import type { JournalStats } from '../../../../../contracts/journal';

const plan = {
  symbol: 'USDJPY',
  direction: 'SHORT' as const,
  entry: 150.25,
  stopLoss: 150.75,
  takeProfit1: 149.25,
  takeProfit2: 148.5,
  riskPercent: 1,
};

describe('trade form', () => {
  it('starts from SPEC defaults without a plan: account 10000, risk 2', () => {
    expect(defaultTradeFormValues()).toMatchObject({
      symbol: '',
      direction: 'LONG',
      accountSize: '10000',
      riskPercentage: '2',
    });
  });

  it('is prefilled from the trade plan and its account inputs', () => {
    expect(defaultTradeFormValues({ tradePlan: plan, accountSize: 5000 })).toMatchObject({
      symbol: 'USDJPY',
      direction: 'SHORT',
      entry: '150.25',
      stopLoss: '150.75',
      takeProfit2: '148.5',
      accountSize: '5000',
      riskPercentage: '1',
    });
  });

  it('leaves TP2 empty when the plan has none (no liquidity within reach)', () => {
    expect(defaultTradeFormValues({ tradePlan: { ...plan, takeProfit2: null } }).takeProfit2).toBe('');
    expect(planToCreateBody({ tradePlan: { ...plan, takeProfit2: null } }).takeProfit2).toBeUndefined();
  });

  it('steps prices by the instrument precision, else 0.00001', () => {
    expect(priceStep('USDJPY')).toBeCloseTo(0.001, 12);
    expect(priceStep('XAUUSD')).toBeCloseTo(0.01, 12);
    expect(priceStep('')).toBe(0.00001);
  });

  it('previews risk amount as soon as account and risk are valid, lots once the trade is', () => {
    const values = { ...defaultTradeFormValues(), riskPercentage: '1' };
    expect(sizingPreview(values)).toMatchObject({ riskAmount: '$100', lotSize: '—' });
    const full = { ...values, symbol: 'eurusd', entry: '1.1', stopLoss: '1.095', takeProfit1: '1.11' };
    expect(sizingPreview(full)).toMatchObject({
      riskAmount: '$100',
      lotSize: '0.20 lots',
      units: '20,000 units',
    });
    expect(sizingPreview({ ...full, riskPercentage: '11' }).riskAmount).toBe('—');
  });

  it('turns a plan into a valid create body in one click', () => {
    expect(planToCreateBody({ tradePlan: plan, accountSize: 20_000, riskPercentage: 1 })).toMatchObject({
      symbol: 'USDJPY',
      direction: 'SHORT',
      entry: 150.25,
      accountSize: 20_000,
      riskPercentage: 1,
      tags: ['chart-to-plan'],
    });
  });
});

describe('statistics tiles', () => {
  it('shows "No losses" for a journal of winners and dashes when nothing is closed', () => {
    const none = statTiles(journalStatistics([]) as JournalStats);
    expect(none.find((t) => t.key === 'profitFactor')?.value).toBe('—');
    expect(none.find((t) => t.key === 'winRate')?.value).toBe('—');
    const won = journalStatistics([
      {
        id: 'a',
        symbol: 'EURUSD',
        direction: 'LONG',
        status: 'CLOSED',
        timestamp: '2026-11-01T00:00:00Z',
        accountSize: 10_000,
        plannedRiskReward: 2,
        closedAt: '2026-11-02T00:00:00Z',
        result: { pnlUsd: 200, rMultiple: 2 },
      },
    ]) as JournalStats;
    const tiles = statTiles(won);
    expect(tiles.find((t) => t.key === 'profitFactor')?.value).toBe('No losses');
    expect(tiles.find((t) => t.key === 'winRate')?.value).toBe('100.0%');
    expect(tiles.find((t) => t.key === 'totalReturn')?.value).toBe('+2.00%');
    expect(tiles.every((t) => t.tooltip.length > 20)).toBe(true);
  });
});
