import { describe, expect, it } from 'vitest';
import { addMonths, heatLevel, monthGrid, moveDay } from './calendar';

describe('monthGrid', () => {
  it('covers November 2026 in whole Monday-first weeks with day and week totals', () => {
    const daily = [{ date: '2026-11-02', trades: 2, wins: 1, losses: 1, pnlUsd: 100, totalR: 1 }];
    const weekly = [{ weekStart: '2026-11-02', trades: 2, pnlUsd: 100 }];
    const weeks = monthGrid('2026-11', daily, weekly);
    // 1 Nov 2026 is a Sunday: the grid starts Monday 26 Oct and ends Sunday 6 Dec.
    expect(weeks[0]!.days[0]).toEqual({ date: '2026-10-26', inMonth: false, pnl: null });
    expect(weeks[0]!.days[6]!.date).toBe('2026-11-01');
    expect(weeks.at(-1)!.days[6]!.date).toBe('2026-12-06');
    expect(weeks).toHaveLength(6);
    expect(weeks[1]!.days[0]!.pnl?.pnlUsd).toBe(100);
    expect(weeks[1]!.total?.pnlUsd).toBe(100);
    expect(weeks[0]!.total).toBeNull();
  });

  it('has four weeks for a February that starts on a Monday', () => {
    expect(monthGrid('2027-02', [], [])).toHaveLength(4);
  });
});

describe('heatLevel', () => {
  it('is the quarter of the month largest day, 0 for nothing', () => {
    expect(heatLevel(0, 100)).toBe(0);
    expect(heatLevel(10, 100)).toBe(1);
    expect(heatLevel(-50, 100)).toBe(2);
    expect(heatLevel(51, 100)).toBe(3);
    expect(heatLevel(-100, 100)).toBe(4);
  });
});

describe('moveDay and addMonths', () => {
  it('moves by days, weeks, to the week ends and by months (clamped to the month length)', () => {
    expect(moveDay('2026-11-30', 'ArrowRight')).toBe('2026-12-01');
    expect(moveDay('2026-11-02', 'ArrowUp')).toBe('2026-10-26');
    expect(moveDay('2026-11-04', 'Home')).toBe('2026-11-02');
    expect(moveDay('2026-11-04', 'End')).toBe('2026-11-08');
    expect(moveDay('2027-01-31', 'PageDown')).toBe('2027-02-28');
    expect(moveDay('2026-11-04', 'a')).toBeNull();
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });
});
