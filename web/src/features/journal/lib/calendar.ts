import type { DayPnl, WeekPnl } from '../../../../../contracts/journal';

/**
 * The calendar's arithmetic, apart from React so it is tested on its own: which days a month's
 * grid shows (Monday first, whole weeks), how strong a day's colour is, and where the arrow keys
 * move. Days are UTC dates "YYYY-MM-DD", as the server groups closes (docs/journal-statistics.md).
 */

export interface CalendarDay {
  date: string;
  inMonth: boolean;
  pnl: DayPnl | null;
}

export interface CalendarWeek {
  weekStart: string;
  days: CalendarDay[];
  total: WeekPnl | null;
}

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** "2026-11" of a day. */
export const monthOf = (date: string) => date.slice(0, 7);

/** The month `delta` months from "YYYY-MM". */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return iso(Date.UTC(y, m - 1 + delta, 1)).slice(0, 7);
}

export function addDays(date: string, delta: number): string {
  return iso(Date.parse(`${date}T00:00:00Z`) + delta * DAY_MS);
}

/** Whole Monday-to-Sunday weeks covering the month, with each day's and week's P/L. */
export function monthGrid(
  month: string,
  daily: readonly DayPnl[],
  weekly: readonly WeekPnl[],
): CalendarWeek[] {
  const byDay = new Map(daily.map((d) => [d.date, d]));
  const byWeek = new Map(weekly.map((w) => [w.weekStart, w]));
  const first = Date.parse(`${month}-01T00:00:00Z`);
  const start = first - ((new Date(first).getUTCDay() + 6) % 7) * DAY_MS;
  const weeks: CalendarWeek[] = [];
  for (let w = start; monthOf(iso(w)) <= month; w += 7 * DAY_MS) {
    const days = Array.from({ length: 7 }, (_, i) => {
      const date = iso(w + i * DAY_MS);
      return { date, inMonth: monthOf(date) === month, pnl: byDay.get(date) ?? null };
    });
    weeks.push({ weekStart: iso(w), days, total: byWeek.get(iso(w)) ?? null });
  }
  return weeks;
}

/**
 * Colour strength 1..4 of a day's P/L against the month's largest absolute day (0 for none):
 * quarters, so a trader sees big days at a glance without a legend of exact amounts.
 */
export function heatLevel(pnl: number, monthMax: number): 0 | 1 | 2 | 3 | 4 {
  if (pnl === 0 || monthMax <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((Math.abs(pnl) / monthMax) * 4))) as 1 | 2 | 3 | 4;
}

/** Where a key moves the focused day: arrows by a day or a week, Home/End to the week's ends, PageUp/Down by a month. */
export function moveDay(date: string, key: string): string | null {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -weekday);
    case 'End':
      return addDays(date, 6 - weekday);
    case 'PageUp':
    case 'PageDown': {
      const month = addMonths(monthOf(date), key === 'PageUp' ? -1 : 1);
      const day = Math.min(Number(date.slice(8)), daysIn(month));
      return `${month}-${String(day).padStart(2, '0')}`;
    }
    default:
      return null;
  }
}

function daysIn(month: string): number {
  return Number(addDays(`${addMonths(month, 1)}-01`, -1).slice(8));
}
