import { describe, expect, it } from 'vitest';
import {
  dailyPnl,
  plannedVsRealised,
  rDistribution,
  weeklyPnl,
  weekStartOf,
  type AnalyticsEntry,
} from './analytics';

let seq = 0;
function closed(
  closedAt: string,
  pnlUsd: number,
  rMultiple: number | null,
  analysisId: string | null = null,
  plannedRiskReward: number | null = 2,
): AnalyticsEntry {
  seq += 1;
  return {
    id: `a${String(seq).padStart(2, '0')}`,
    symbol: 'EURUSD',
    direction: 'LONG',
    status: 'CLOSED',
    timestamp: closedAt,
    accountSize: 10_000,
    plannedRiskReward,
    closedAt,
    result: { pnlUsd, rMultiple },
    analysisId,
  };
}

// The hand-computed journal of docs/journal-statistics.md "Calendar, R distribution, planned vs
// realised". 2026-11-02 and 2026-11-09 are Mondays.
//  A Mon 02 09:00  +200  +2R    from analysis a1, planned 1:2
//  B Mon 02 15:00  -100  -1R    from analysis a1, planned 1:2
//  C Wed 04 10:00   +50  no R
//  D Mon 09 23:59:59 -30 -0.3R
//  E Tue 10 00:00  +120  +1.2R  from analysis a2, planned 1:1.5
//  F Tue 10 12:00 +1200  +12R
const journal: AnalyticsEntry[] = [
  closed('2026-11-02T09:00:00.000Z', 200, 2, 'a1', 2),
  closed('2026-11-02T15:00:00.000Z', -100, -1, 'a1', 2),
  closed('2026-11-04T10:00:00.000Z', 50, null, null, null),
  closed('2026-11-09T23:59:59.000Z', -30, -0.3),
  closed('2026-11-10T00:00:00.000Z', 120, 1.2, 'a2', 1.5),
  closed('2026-11-10T12:00:00.000Z', 1200, 12),
  // Not closed: in none of the figures.
  { ...closed('2026-11-03T10:00:00.000Z', 0, 0, 'a3', 3), status: 'ACTIVE', closedAt: null, result: null },
];

describe('dailyPnl and weeklyPnl', () => {
  it('sums closed trades by UTC day of close, and days by Monday-to-Sunday week', () => {
    const days = dailyPnl(journal);
    expect(days).toEqual([
      { date: '2026-11-02', trades: 2, wins: 1, losses: 1, pnlUsd: 100, totalR: 1 },
      { date: '2026-11-04', trades: 1, wins: 1, losses: 0, pnlUsd: 50, totalR: 0 },
      // 23:59:59 UTC is still the 9th; 00:00:00 is the 10th.
      { date: '2026-11-09', trades: 1, wins: 0, losses: 1, pnlUsd: -30, totalR: -0.3 },
      { date: '2026-11-10', trades: 2, wins: 2, losses: 0, pnlUsd: 1320, totalR: 13.2 },
    ]);
    expect(weeklyPnl(days)).toEqual([
      { weekStart: '2026-11-02', trades: 3, pnlUsd: 150 },
      { weekStart: '2026-11-09', trades: 3, pnlUsd: 1290 },
    ]);
  });

  it('puts a Sunday in the week of the Monday before it', () => {
    expect(weekStartOf('2026-11-08')).toBe('2026-11-02');
    expect(weekStartOf('2026-11-09')).toBe('2026-11-09');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28');
  });

  it('is empty without closed trades', () => {
    expect(dailyPnl([])).toEqual([]);
    expect(weeklyPnl([])).toEqual([]);
  });
});

describe('rDistribution', () => {
  it('counts R in 0.5R bars centred on their R, piling outliers into the open end bar', () => {
    const d = rDistribution(journal);
    // 2 -> bar 2; -1 -> bar -1; -0.3 -> bar -0.5; 1.2 -> bar 1; 12 -> end bar 5 (open).
    const nonEmpty = d.bins.filter((b) => b.count > 0);
    expect(nonEmpty).toEqual([
      { r: -1, open: false, count: 1 },
      { r: -0.5, open: false, count: 1 },
      { r: 1, open: false, count: 1 },
      { r: 2, open: false, count: 1 },
      { r: 5, open: true, count: 1 },
    ]);
    expect(d.bins.map((b) => b.r)).toEqual([-1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]);
    expect(d.trades).toBe(5);
    expect(d.withoutR).toBe(1);
    // Sorted: -1, -0.3, 1.2, 2, 12.
    expect(d.median).toBe(1.2);
  });

  it('puts a value exactly between two centres in the upper bar, and keeps a -1..+1 frame', () => {
    const d = rDistribution([
      closed('2026-11-02T09:00:00.000Z', 10, 0.25),
      closed('2026-11-02T10:00:00.000Z', -10, -0.25),
    ]);
    expect(d.bins).toEqual([
      { r: -1, open: false, count: 0 },
      { r: -0.5, open: false, count: 0 },
      { r: 0, open: false, count: 1 },
      { r: 0.5, open: false, count: 1 },
      { r: 1, open: false, count: 0 },
    ]);
    expect(d.median).toBe(0);
  });

  it('has empty bars and no median before the first close', () => {
    const d = rDistribution([]);
    expect(d.trades).toBe(0);
    expect(d.median).toBeNull();
    expect(d.bins.every((b) => b.count === 0)).toBe(true);
  });

  it('piles a -7R disaster into the open -3 bar', () => {
    const d = rDistribution([closed('2026-11-02T09:00:00.000Z', -700, -7)]);
    expect(d.bins[0]).toEqual({ r: -3, open: true, count: 1 });
  });
});

describe('plannedVsRealised', () => {
  it('compares the plan of trades from an analysis with their exit', () => {
    const p = plannedVsRealised(journal);
    expect(p.trades.map((t) => [t.id, t.analysisId, t.plannedR, t.realisedR])).toEqual([
      ['a01', 'a1', 2, 2],
      ['a02', 'a1', 2, -1],
      ['a05', 'a2', 1.5, 1.2],
    ]);
    // (2 + 2 + 1.5) / 3 and (2 - 1 + 1.2) / 3
    expect(p.averagePlannedR).toBe(1.8333);
    expect(p.averageRealisedR).toBe(0.7333);
    expect(p.reachedTarget).toBe(1);
  });

  it('is empty when no trade came from an analysis', () => {
    const p = plannedVsRealised([closed('2026-11-02T09:00:00.000Z', 10, 1)]);
    expect(p).toEqual({ trades: [], averagePlannedR: null, averageRealisedR: null, reachedTarget: 0 });
  });
});
