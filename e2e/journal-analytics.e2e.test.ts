import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { audit } from './support/a11y';
import { expectToast, newPage, uniqueEmail } from './support/browser';
import { signInNewAccount } from './support/flows';

/**
 * The journal's review views on the built app (issue 21): the calendar of daily P/L (a day's
 * trades on click and by keyboard, weekly totals), the dense table (sort and filter by the
 * server), and the R histogram. The journal is imported through the one import dialog as the
 * journal's own CSV, so every figure below is known by hand.
 */
// Closes (UTC): Mon 2 Nov +200 (+2R) and -100 (-1R); Wed 4 Nov +5 (0.05R, breakeven);
// Tue 10 Nov +120 (+1.2R); one GBPUSD trade still planned.
const JOURNAL_CSV = [
  'symbol,direction,entry,stopLoss,takeProfit1,accountSize,riskPercentage,status,exitPrice,timestamp,activatedAt,closedAt,pnlUsd,rMultiple,tags',
  'EURUSD,LONG,1.1,1.09,1.12,10000,1,CLOSED,1.12,2026-11-02T08:00:00Z,2026-11-02T08:00:00Z,2026-11-02T10:00:00Z,200,2,ob',
  'EURUSD,SHORT,1.1,1.11,1.08,10000,1,CLOSED,1.11,2026-11-02T09:00:00Z,2026-11-02T09:00:00Z,2026-11-02T15:00:00Z,-100,-1,"ob,london"',
  'GBPUSD,LONG,1.3,1.29,1.32,10000,1,CLOSED,1.3005,2026-11-04T08:00:00Z,2026-11-04T08:00:00Z,2026-11-04T12:00:00Z,5,0.05,',
  'GBPUSD,SHORT,1.3,1.31,1.28,10000,1,PLANNED,,2026-11-05T08:00:00Z,,,,,',
  'USDJPY,LONG,150,149,152,10000,1,CLOSED,151.2,2026-11-10T01:00:00Z,2026-11-10T01:00:00Z,2026-11-10T03:00:00Z,120,1.2,london',
].join('\n');

let page: Page;
const journal = () => page.locator('#journal');
const table = () => journal().getByTestId('journal-table');
const symbolsInTable = async () =>
  (await table().locator('tbody [data-col="symbol"]').allInnerTexts()).map((s) => s.trim());

describe('journal calendar, table and histogram', () => {
  it('shows a day of trades from the calendar and sorts and filters the table', async () => {
    ({ page } = await newPage(undefined, 20_000));
    await page.goto('/');
    await signInNewAccount(page, inject('baseUrl'), 'Review Trader', uniqueEmail('review'));
    await page.goto('/home');
    await journal().getByTestId('journal-empty').waitFor();

    // One import button; it takes the journal's own CSV too.
    expect(
      await journal()
        .getByRole('button', { name: /^Import/ })
        .count(),
    ).toBe(1);
    await journal().getByRole('button', { name: 'Import Trades' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Trades' });
    await dialog.getByLabel('Statement File').setInputFiles({
      name: 'trading-journal.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(JOURNAL_CSV),
    });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByTestId('import-preview').waitFor();
    await dialog.getByRole('button', { name: 'Import 5 Trades' }).click();
    await expectToast(page, 'Trades Imported', '5 trades imported.');

    // Calendar: November 2026 (the month of the last close), weeks Monday to Sunday.
    await journal().getByRole('tab', { name: 'Calendar' }).click();
    const calendar = journal().getByTestId('pnl-calendar');
    await calendar.waitFor();
    expect(await journal().locator('#calendar-month').innerText()).toBe('November 2026');
    expect((await journal().getByTestId('calendar-month-total').innerText()).replace(/\s+/g, ' ')).toBe(
      '4 trades · +$225',
    );
    const weekTotals = (await calendar.getByTestId('calendar-week-total').allInnerTexts()).map((t) =>
      t.replace(/\s+/g, ' ').trim(),
    );
    // Week 1 (26 Oct - 1 Nov) has no trade; 2-8 Nov: +100 + 5; 9-15 Nov: +120.
    expect(weekTotals.slice(0, 3)).toEqual(['—', '+$105 3 trades', '+$120 1 trade']);

    // A click on 2 November lists that day's two trades, nothing else.
    const nov2 = calendar.getByRole('button', { name: /^Monday, 2 November 2026: \+\$100, 2 trades$/ });
    await nov2.click();
    const day = journal().getByTestId('day-trades');
    await expect.poll(() => day.locator('tbody tr').count()).toBe(2);
    expect(await day.locator('tbody [data-col="pnl"]').allInnerTexts()).toEqual(['+$200', '-$100']);

    // Keyboard: from 2 November, two days right is Wednesday 4 November; Enter shows it.
    await nov2.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe('2026-11-04');
    await page.keyboard.press('Enter');
    await expect.poll(() => day.locator('h4').innerText()).toBe('Trades closed Wednesday, 4 November 2026');
    await expect.poll(() => day.locator('tbody [data-col="symbol"]').allInnerTexts()).toEqual(['GBPUSD']);
    // PageUp goes to October, which has no trades.
    await page.keyboard.press('PageUp');
    await expect.poll(() => journal().locator('#calendar-month').innerText()).toBe('October 2026');
    expect(await audit(page, { scope: '#journal' })).toEqual([]);

    // Table: newest first, then sorted by the server by P/L and by R, either way.
    await journal().getByRole('tab', { name: 'Trade Entries' }).click();
    await journal().getByRole('button', { name: 'Table' }).click();
    await table().waitFor();
    expect(await symbolsInTable()).toEqual(['USDJPY', 'GBPUSD', 'GBPUSD', 'EURUSD', 'EURUSD']);
    await table().getByRole('button', { name: 'P/L' }).click();
    await expect
      .poll(() => table().locator('tbody [data-col="pnl"]').allInnerTexts())
      .toEqual(['+$200', '+$120', '+$5', '-$100', '—']);
    expect(await table().locator('th[aria-sort="descending"]').innerText()).toContain('P/L');
    await table().getByRole('button', { name: 'P/L' }).click();
    await expect
      .poll(() => table().locator('tbody [data-col="pnl"]').allInnerTexts())
      .toEqual(['-$100', '+$5', '+$120', '+$200', '—']);
    await table().getByRole('button', { name: 'R', exact: true }).click();
    await expect
      .poll(() => table().locator('tbody [data-col="r"]').allInnerTexts())
      .toEqual(['+2.00', '+1.20', '+0.05', '-1.00', '—']);

    // Filters: symbol (any case), then outcome, then tag.
    await journal().getByLabel('Symbol', { exact: true }).fill('gbpusd');
    await expect.poll(symbolsInTable).toEqual(['GBPUSD', 'GBPUSD']);
    await journal().getByRole('button', { name: 'Clear filters' }).click();
    await journal().getByLabel('Outcome').selectOption('win');
    await expect.poll(symbolsInTable).toEqual(['EURUSD', 'USDJPY']);
    await journal().getByLabel('Outcome').selectOption('');
    await journal().getByLabel('Tag', { exact: true }).fill('london');
    await expect.poll(symbolsInTable).toEqual(['USDJPY', 'EURUSD']);
    expect(await audit(page, { scope: '#journal' })).toEqual([]);

    // Statistics: the R histogram beside the equity curve counts every R once.
    await journal().getByRole('tab', { name: 'Statistics' }).click();
    const histogram = journal().getByTestId('r-histogram');
    await histogram.waitFor();
    const counts = (await histogram.getAttribute('data-counts'))!.split(',').filter((c) => !c.endsWith(':0'));
    expect(counts).toEqual(['-1:1', '0:1', '1:1', '2:1']);
    expect(await audit(page, { scope: '#journal' })).toEqual([]);
  });
});
