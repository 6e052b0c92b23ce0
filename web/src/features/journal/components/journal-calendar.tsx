import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { errorDetail } from '@/lib/api';
import { formatUsd } from '../../../../../engine/instruments';
import type { DayPnl, WeekPnl } from '../../../../../contracts/journal';
import { useJournalEntries, useJournalStats } from '../api/journal-api';
import { addMonths, heatLevel, monthGrid, monthOf, moveDay } from '../lib/calendar';
import { JournalEmptyState } from './empty-state';
import { EntryTable } from './entry-table';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const utcDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** Heat-map backgrounds by level; text stays the foreground colour, so contrast holds at every level. */
const WIN_BG = ['', 'bg-bullish/10', 'bg-bullish/20', 'bg-bullish/30', 'bg-bullish/40'];
const LOSS_BG = ['', 'bg-bearish/10', 'bg-bearish/20', 'bg-bearish/30', 'bg-bearish/40'];

const signedUsd = (x: number) => `${x > 0 ? '+' : ''}${formatUsd(x)}`;

/** The Calendar tab: the statistics' daily P/L by month, and a day's trades on click. */
export function CalendarTab() {
  const stats = useJournalStats();
  if (stats.isPending) {
    return (
      <div className="flex justify-center p-8">
        <Spinner aria-label="Loading calendar" />
      </div>
    );
  }
  if (stats.isError) {
    return (
      <p className="text-sm text-destructive">
        {errorDetail(stats.error) ?? 'The calendar could not be loaded.'}
      </p>
    );
  }
  if (stats.data.totalTrades === 0) return <JournalEmptyState />;
  return <PnlCalendar daily={stats.data.daily} weekly={stats.data.weekly} />;
}

/**
 * A month of daily P/L as a heat map (green days won, red days lost, stronger for bigger days),
 * with each week's total beside it. Keyboard: one day is in the tab order; arrows move by a day
 * or week, Home/End to the week's ends, PageUp/PageDown by a month; Enter or Space shows it.
 */
export function PnlCalendar({ daily, weekly }: { daily: readonly DayPnl[]; weekly: readonly WeekPnl[] }) {
  const latest = daily.at(-1)?.date ?? new Date().toISOString().slice(0, 10);
  const [focused, setFocused] = useState(latest);
  const [selected, setSelected] = useState<string | null>(null);
  const month = monthOf(focused);
  const weeks = useMemo(() => monthGrid(month, daily, weekly), [month, daily, weekly]);
  const monthDays = daily.filter((d) => monthOf(d.date) === month);
  const monthMax = Math.max(0, ...monthDays.map((d) => Math.abs(d.pnlUsd)));
  const monthTotal = monthDays.reduce((a, d) => a + d.pnlUsd, 0);
  const monthTrades = monthDays.reduce((a, d) => a + d.trades, 0);
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    // Focus follows the arrow keys, not the first render or a month button.
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const next = moveDay(focused, event.key);
    if (next === null) return;
    event.preventDefault();
    moved.current = true;
    setFocused(next);
  }

  const goMonth = (delta: number) => setFocused(`${addMonths(month, delta)}-01`);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button size="icon" variant="outline" aria-label="Previous month" onClick={() => goMonth(-1)}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h4 className="min-w-40 text-center text-sm font-semibold" aria-live="polite" id="calendar-month">
          {monthName.format(utcDate(`${month}-01`))}
        </h4>
        <Button size="icon" variant="outline" aria-label="Next month" onClick={() => goMonth(1)}>
          <ChevronRight aria-hidden="true" />
        </Button>
        <p className="ml-auto text-sm tabular-nums" data-testid="calendar-month-total">
          {monthTrades} trade{monthTrades === 1 ? '' : 's'} ·{' '}
          <span
            className={cn(
              'font-semibold',
              monthTotal > 0 ? 'text-bullish' : monthTotal < 0 ? 'text-bearish' : 'text-muted-foreground',
            )}
          >
            {signedUsd(Math.round(monthTotal * 100) / 100)}
          </span>
        </p>
      </div>
      <div className="overflow-x-auto">
        <table
          ref={grid}
          className="w-full table-fixed border-separate border-spacing-0.5 text-xs sm:border-spacing-1"
          aria-labelledby="calendar-month"
          aria-describedby="calendar-help"
          onKeyDown={onKeyDown}
          data-testid="pnl-calendar"
        >
          <thead>
            <tr>
              {WEEKDAYS.map((d) => (
                <th key={d} scope="col" className="font-medium text-muted-foreground">
                  {d}
                </th>
              ))}
              <th scope="col" className="font-medium text-muted-foreground">
                Week
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart}>
                {week.days.map((day) => {
                  const pnl = day.pnl?.pnlUsd ?? 0;
                  const level = heatLevel(pnl, monthMax);
                  const label =
                    `${longDay.format(utcDate(day.date))}: ` +
                    (day.pnl
                      ? `${signedUsd(pnl)}, ${day.pnl.trades} trade${day.pnl.trades === 1 ? '' : 's'}`
                      : 'no closed trades');
                  return (
                    <td key={day.date} className="p-0">
                      <button
                        type="button"
                        data-date={day.date}
                        tabIndex={day.date === focused ? 0 : -1}
                        aria-label={label}
                        aria-pressed={selected === day.date}
                        onClick={() => {
                          setFocused(day.date);
                          setSelected(day.date);
                        }}
                        className={cn(
                          'flex h-12 w-full flex-col items-start justify-between rounded-md border p-0.5 text-left tabular-nums focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:h-16 sm:p-1.5',
                          pnl > 0 ? WIN_BG[level] : pnl < 0 ? LOSS_BG[level] : 'bg-card/40',
                          !day.inMonth && 'border-dashed',
                          selected === day.date && 'border-primary ring-1 ring-primary',
                        )}
                      >
                        <span className="text-[10px] text-muted-foreground sm:text-xs">
                          {Number(day.date.slice(8))}
                        </span>
                        {day.pnl ? (
                          <span className="w-full truncate text-[10px] font-semibold sm:text-xs">
                            <span className="sm:hidden">{compactUsd(pnl, false)}</span>
                            <span className="hidden sm:inline">{compactUsd(pnl)}</span>
                          </span>
                        ) : null}
                      </button>
                    </td>
                  );
                })}
                <td
                  className="rounded-md bg-muted/40 p-0.5 text-right align-middle text-[10px] tabular-nums sm:p-1 sm:text-xs"
                  data-testid="calendar-week-total"
                >
                  {week.total ? (
                    <>
                      <span
                        className={cn(
                          'block truncate font-semibold',
                          week.total.pnlUsd > 0
                            ? 'text-bullish'
                            : week.total.pnlUsd < 0
                              ? 'text-bearish'
                              : '',
                        )}
                      >
                        <span className="sm:hidden">{compactUsd(week.total.pnlUsd, false)}</span>
                        <span className="hidden sm:inline">{compactUsd(week.total.pnlUsd)}</span>
                      </span>
                      <span className="hidden text-muted-foreground sm:block">
                        {week.total.trades} trade{week.total.trades === 1 ? '' : 's'}
                      </span>
                    </>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p id="calendar-help" className="text-xs text-muted-foreground">
        Days are UTC days of the close. Arrow keys move between days, Page Up / Page Down between months;
        Enter shows the day&apos;s trades. Week totals cover Monday to Sunday.
      </p>
      {selected ? <DayTrades date={selected} /> : null}
    </div>
  );
}

/**
 * "+$1.2k" style for the small cells (without the $ on a phone, where a cell is 40 px wide); the
 * full amount is in the cell's label and the day's list.
 */
function compactUsd(x: number, dollar = true): string {
  const abs = Math.abs(x);
  const sign = x > 0 ? '+' : x < 0 ? '−' : '';
  const $ = dollar ? '$' : '';
  if (abs >= 10_000) return `${sign}${$}${Math.round(abs / 1000)}k`;
  if (abs >= 1000) return `${sign}${$}${(abs / 1000).toFixed(1)}k`;
  return `${sign}${$}${Math.round(abs)}`;
}

function DayTrades({ date }: { date: string }) {
  const entries = useJournalEntries({ closedOn: date, sort: 'date', order: 'asc' });
  return (
    <section aria-labelledby="day-trades-heading" className="grid gap-2" data-testid="day-trades">
      <h4 id="day-trades-heading" className="text-sm font-semibold">
        Trades closed {longDay.format(utcDate(date))}
      </h4>
      {entries.isPending ? (
        <Spinner aria-label="Loading the day's trades" />
      ) : entries.isError ? (
        <p className="text-sm text-destructive">{errorDetail(entries.error) ?? 'Could not load.'}</p>
      ) : entries.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No trades were closed this day.</p>
      ) : (
        <>
          <EntryTable entries={entries.data} caption={`Trades closed ${date}`} />
          {entries.hasNextPage ? (
            <Button variant="outline" size="sm" onClick={() => void entries.fetchNextPage()}>
              More trades of this day
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
