import { journalBreakdowns, MIN_MEANINGFUL_TRADES, type BreakdownEntry } from './breakdowns';

let seq = 0;
function trade(
  symbol: string,
  direction: 'LONG' | 'SHORT',
  enteredAt: string,
  pnlUsd: number,
  rMultiple: number | null,
  tags: string[] = [],
): BreakdownEntry {
  seq += 1;
  return {
    id: `b${seq}`,
    symbol,
    direction,
    status: 'CLOSED',
    timestamp: enteredAt,
    activatedAt: enteredAt,
    accountSize: 10_000,
    plannedRiskReward: 2,
    closedAt: enteredAt,
    result: { pnlUsd, rMultiple },
    tags,
  };
}

describe('journalBreakdowns', () => {
  // By hand. 2026-11-02 is a Monday, 2026-11-03 a Tuesday.
  //  EURUSD LONG  Mon 08:xx  +200  +2R   [ob]
  //  EURUSD SHORT Mon 08:xx  -100  -1R   [ob, london]
  //  GBPUSD LONG  Tue 14:xx   +50  no R  []
  //  GBPUSD LONG  Tue 14:xx   -30  no R  [london]
  const entries = [
    trade('EURUSD', 'LONG', '2026-11-02T08:05:00.000Z', 200, 2, ['ob']),
    trade('EURUSD', 'SHORT', '2026-11-02T08:40:00.000Z', -100, -1, ['ob', 'london']),
    trade('GBPUSD', 'LONG', '2026-11-03T14:10:00.000Z', 50, null),
    trade('GBPUSD', 'LONG', '2026-11-03T14:59:00.000Z', -30, null, ['london']),
    // Not closed: never in a breakdown.
    {
      ...trade('USDJPY', 'LONG', '2026-11-04T09:00:00.000Z', 0, null),
      status: 'ACTIVE' as const,
      result: null,
    },
  ];
  const b = journalBreakdowns(entries);

  it('groups by symbol with sample size, win rate, net P/L and R over the trades that have one', () => {
    expect(b.bySymbol).toEqual([
      {
        key: 'EURUSD',
        trades: 2,
        wins: 1,
        losses: 1,
        winRate: 50,
        netPnlUsd: 100,
        averageR: 0.5,
        totalR: 1,
        tooFewTrades: true,
      },
      {
        key: 'GBPUSD',
        trades: 2,
        wins: 1,
        losses: 1,
        winRate: 50,
        netPnlUsd: 20,
        averageR: null,
        totalR: 0,
        tooFewTrades: true,
      },
    ]);
  });

  it('counts a trade under each of its tags, and untagged ones apart (largest sample, then best P/L first)', () => {
    expect(b.byTag.map((r) => [r.key, r.trades, r.netPnlUsd])).toEqual([
      ['ob', 2, 100],
      ['london', 2, -130],
      ['(no tag)', 1, 50],
    ]);
  });

  it('groups by direction, weekday and hour of entry (UTC)', () => {
    expect(b.byDirection.map((r) => [r.key, r.trades, r.netPnlUsd])).toEqual([
      ['LONG', 3, 220],
      ['SHORT', 1, -100],
    ]);
    expect(b.byWeekday.map((r) => [r.key, r.trades, r.netPnlUsd])).toEqual([
      ['Mon', 2, 100],
      ['Tue', 2, 20],
    ]);
    expect(b.byHour.map((r) => [r.key, r.trades])).toEqual([
      ['08', 2],
      ['14', 2],
    ]);
  });

  it(`flags a group as meaningful from ${MIN_MEANINGFUL_TRADES} trades`, () => {
    const many = Array.from({ length: MIN_MEANINGFUL_TRADES }, (_, i) =>
      trade('XAUUSD', 'LONG', '2026-11-05T10:00:00.000Z', i % 2 ? 10 : -5, i % 2 ? 1 : -0.5),
    );
    const xau = journalBreakdowns(many).bySymbol[0]!;
    expect(xau).toMatchObject({ trades: 20, wins: 10, losses: 10, tooFewTrades: false, averageR: 0.25 });
    expect(journalBreakdowns(many.slice(1)).bySymbol[0]!.tooFewTrades).toBe(true);
  });
});
