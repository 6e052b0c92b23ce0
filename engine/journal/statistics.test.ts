import { journalStatistics, outcomeOf, type StatsEntry } from './statistics';

let seq = 0;
/** A closed trade on a $10,000 account; day = the day of November it closed. */
function closed(rMultiple: number, pnlUsd: number, day: number, accountSize = 10_000): StatsEntry {
  seq += 1;
  return {
    id: `t${String(seq).padStart(3, '0')}`,
    symbol: 'EURUSD',
    direction: 'LONG',
    status: 'CLOSED',
    timestamp: '2026-11-01T08:00:00.000Z',
    accountSize,
    plannedRiskReward: 2,
    closedAt: `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`,
    result: { pnlUsd, rMultiple },
  };
}

function open(status: 'PLANNED' | 'ACTIVE' | 'CANCELLED', plannedRiskReward: number): StatsEntry {
  seq += 1;
  return {
    id: `o${seq}`,
    symbol: 'GBPUSD',
    direction: 'SHORT',
    status,
    timestamp: '2026-11-02T08:00:00.000Z',
    accountSize: 10_000,
    plannedRiskReward,
    closedAt: null,
    result: null,
  };
}

describe('journalStatistics', () => {
  it('an empty journal has counts of zero and no ratios at all (never NaN)', () => {
    const s = journalStatistics([]);
    expect(s).toMatchObject({
      totalTrades: 0,
      plannedTrades: 0,
      closedTrades: 0,
      wins: 0,
      losses: 0,
      breakevens: 0,
      winRate: null,
      averagePlannedRiskReward: null,
      averageRealisedR: null,
      expectancyR: null,
      expectancyUsd: null,
      profitFactor: { kind: 'none' },
      netPnlUsd: 0,
      startingBalance: null,
      totalReturnPct: null,
      maxDrawdownUsd: 0,
      maxDrawdownPct: 0,
    });
    expect(s.equityCurve).toEqual([]);
    expect(s.recentTrades).toEqual([]);
  });

  it('planned trades only: counted, planned R:R averaged, nothing realised', () => {
    const s = journalStatistics([open('PLANNED', 2), open('PLANNED', 3), open('ACTIVE', 1)]);
    expect(s.totalTrades).toBe(3);
    expect(s.plannedTrades).toBe(2);
    expect(s.activeTrades).toBe(1);
    expect(s.averagePlannedRiskReward).toBeCloseTo(2, 10);
    expect(s.winRate).toBeNull();
    expect(s.profitFactor).toEqual({ kind: 'none' });
  });

  it('only wins: 100% win rate, profit factor "no losses", no drawdown', () => {
    const s = journalStatistics([closed(2, 200, 3), closed(1, 100, 4)]);
    expect(s.wins).toBe(2);
    expect(s.losses).toBe(0);
    expect(s.winRate).toBe(100);
    expect(s.profitFactor).toEqual({ kind: 'noLosses' });
    expect(s.grossProfitUsd).toBe(300);
    expect(s.grossLossUsd).toBe(0);
    expect(s.averageRealisedR).toBeCloseTo(1.5, 10);
    expect(s.expectancyR).toBeCloseTo(1.5, 10);
    expect(s.expectancyUsd).toBeCloseTo(150, 10);
    expect(s.totalReturnPct).toBeCloseTo(3, 10);
    expect(s.maxDrawdownUsd).toBe(0);
    expect(s.maxDrawdownPct).toBe(0);
    expect(s.equityCurve.map((p) => p.balance)).toEqual([10_000, 10_200, 10_300]);
  });

  it('only losses: 0% win rate, profit factor 0, drawdown equals the losses', () => {
    const s = journalStatistics([closed(-1, -100, 3), closed(-1, -100, 4)]);
    expect(s.winRate).toBe(0);
    expect(s.profitFactor).toEqual({ kind: 'ratio', value: 0 });
    expect(s.averageLossR).toBe(-1);
    expect(s.averageWinR).toBeNull();
    expect(s.expectancyUsd).toBe(-100);
    expect(s.totalReturnPct).toBeCloseTo(-2, 10);
    expect(s.maxDrawdownUsd).toBe(200);
    expect(s.maxDrawdownPct).toBeCloseTo(2, 10);
  });

  it('breakevens (|R| <= 0.1) are counted apart and left out of the win rate', () => {
    const s = journalStatistics([
      closed(0.05, 5, 3),
      closed(-0.1, -10, 4),
      closed(2, 200, 5),
      closed(-1, -100, 6),
    ]);
    expect(s.breakevens).toBe(2);
    expect(s.wins).toBe(1);
    expect(s.losses).toBe(1);
    expect(s.winRate).toBe(50);
    // Gross figures count every closed trade's money, breakevens included.
    expect(s.grossProfitUsd).toBe(205);
    expect(s.grossLossUsd).toBe(110);
    expect(s.profitFactor).toEqual({ kind: 'ratio', value: 205 / 110 });
    expect(s.expectancyR).toBeCloseTo((0.05 - 0.1 + 2 - 1) / 4, 10);
    expect(s.expectancyUsd).toBeCloseTo(23.75, 10);
    expect(s.recentTrades.map((t) => t.outcome)).toEqual(['loss', 'win', 'breakeven', 'breakeven']);
  });

  it('only breakevens: no win rate, counted as breakevens', () => {
    const s = journalStatistics([closed(0, 0, 3), closed(0.1, 10, 4)]);
    expect(s.winRate).toBeNull();
    expect(s.breakevens).toBe(2);
    expect(s.profitFactor).toEqual({ kind: 'noLosses' });
  });

  it('a drawdown in the middle: peak-to-trough in USD and percent of the peak, in close order', () => {
    const planned = open('PLANNED', 3);
    const cancelled = open('CANCELLED', 10);
    // Given out of order: the curve follows the close times, not the list order.
    const trades = [
      closed(3, 300, 1),
      closed(6, 600, 9),
      closed(-2, -200, 2),
      closed(1, 100, 10),
      closed(-4, -400, 5),
    ];
    const s = journalStatistics([planned, ...trades, cancelled]);
    expect(s.equityCurve.map((p) => p.balance)).toEqual([10_000, 10_300, 10_100, 9_700, 10_300, 10_400]);
    expect(s.equityCurve.map((p) => p.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(s.equityCurve[0]).toMatchObject({ at: null, pnlUsd: 0, entryId: null });
    expect(s.equityCurve[3]).toMatchObject({ at: '2026-11-05T12:00:00.000Z', pnlUsd: -400 });
    expect(s.maxDrawdownUsd).toBe(600);
    expect(s.maxDrawdownPct).toBeCloseTo((600 / 10_300) * 100, 10);
    expect(s.totalReturnPct).toBeCloseTo(4, 10);
    expect(s.netPnlUsd).toBe(400);
    expect(s.winRate).toBeCloseTo(60, 10);
    expect(s.profitFactor).toEqual({ kind: 'ratio', value: 1000 / 600 });
    expect(s.totalTrades).toBe(7);
    expect(s.plannedTrades).toBe(1);
    expect(s.cancelledTrades).toBe(1);
    // Cancelled ideas are not plans the trader followed: (3 + 2 x 5) / 6.
    expect(s.averagePlannedRiskReward).toBeCloseTo(13 / 6, 10);
    // Most recent first.
    expect(s.recentTrades.map((t) => t.pnlUsd)).toEqual([100, 600, -400, -200, 300]);
  });

  it('the curve starts from the account size of the first closed trade', () => {
    const s = journalStatistics([closed(1, 50, 8, 5_000), closed(1, 100, 3, 20_000)]);
    expect(s.startingBalance).toBe(20_000);
    expect(s.equityCurve.map((p) => p.balance)).toEqual([20_000, 20_100, 20_150]);
    expect(s.totalReturnPct).toBeCloseTo(0.75, 10);
  });

  it('classifies outcomes around the breakeven band', () => {
    expect(outcomeOf(0.1)).toBe('breakeven');
    expect(outcomeOf(-0.1)).toBe('breakeven');
    expect(outcomeOf(0.11)).toBe('win');
    expect(outcomeOf(-0.11)).toBe('loss');
  });
});

describe('imported trades without a stop (no R)', () => {
  it('count in the money figures and the win rate by the sign of their P/L, not in the R figures', () => {
    // By hand: R trades +2 (+200) and -1 (-100); no-R trades +50, -30 and 0.
    // Wins: +2R, +50 -> 2; losses: -1R, -30 -> 2; breakeven: the 0 -> 1. Win rate 50 %.
    // Average realised R over the two trades with an R: (2 - 1) / 2 = 0.5.
    // Net 200 - 100 + 50 - 30 + 0 = 120; gross profit 250, gross loss 130.
    const noR = (pnlUsd: number, day: number): StatsEntry => ({
      ...closed(0, pnlUsd, day),
      plannedRiskReward: null,
      result: { pnlUsd, rMultiple: null },
    });
    const s = journalStatistics([closed(2, 200, 3), noR(50, 4), closed(-1, -100, 5), noR(-30, 6), noR(0, 7)]);
    expect(s).toMatchObject({
      closedTrades: 5,
      wins: 2,
      losses: 2,
      breakevens: 1,
      winRate: 50,
      averageRealisedR: 0.5,
      averageWinR: 2,
      averageLossR: -1,
      expectancyR: 0.5,
      averagePlannedRiskReward: 2,
      grossProfitUsd: 250,
      grossLossUsd: 130,
      netPnlUsd: 120,
      expectancyUsd: 24,
    });
    expect(s.recentTrades[0]).toMatchObject({ pnlUsd: 0, rMultiple: null, outcome: 'breakeven' });
    expect(outcomeOf(null, 0.004)).toBe('breakeven');
    expect(outcomeOf(null, -0.02)).toBe('loss');
  });
});
