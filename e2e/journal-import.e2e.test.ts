import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expectToast, newPage, uniqueEmail } from './support/browser';
import { signInNewAccount } from './support/flows';

/**
 * Importing a broker statement through the dialog (issue 21): a bad file gets the message
 * naming what to export; a real one is previewed (counts, skipped rows, the trades), nothing is
 * saved until "Import", and importing it again adds nothing.
 */
// Written by server/modules/journal/statements/write-fixtures.ts (self-made, no broker's file).
const statement = (name: string) =>
  readFileSync(fileURLToPath(new URL(`./fixtures/statements/${name}`, import.meta.url)));
const ordersOnly = () => statement('mt5-orders-only.html');
const mt5German = () => statement('mt5-report-de.html');
const ctrader = () => statement('ctrader-history.csv');

let page: Page;
const journal = () => page.locator('#journal');
const dialog = () => page.getByRole('dialog', { name: 'Import Trades' });

async function choose(name: string, bytes: Uint8Array, mimeType: string) {
  await dialog()
    .getByLabel('Statement File')
    .setInputFiles({ name, mimeType, buffer: Buffer.from(bytes) });
}

describe('journal statement import', () => {
  it('previews, then imports all-or-nothing, and a second import adds nothing', async () => {
    ({ page } = await newPage(undefined, 20_000));
    await page.goto('/');
    await signInNewAccount(page, inject('baseUrl'), 'Import Trader', uniqueEmail('import'));
    await page.goto('/home');
    await journal().getByTestId('journal-empty').waitFor();

    await journal().getByRole('button', { name: 'Import Trades' }).click();
    await dialog().waitFor();

    // An Orders report is refused with the export to use instead; nothing is imported.
    await choose('orders.html', ordersOnly(), 'text/html');
    await dialog().getByRole('button', { name: 'Preview' }).click();
    await expect
      .poll(() => dialog().getByRole('alert').innerText())
      .toMatch(/looks like an MT5 Orders report/);
    expect(await dialog().getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);

    // The real report (UTF-16, German titles, server time GMT+2): the preview lists it all.
    await choose('ReportHistory-5001234.html', mt5German(), 'text/html');
    await dialog().getByLabel('Broker Server Time (hours from UTC)').fill('2');
    await dialog().getByRole('button', { name: 'Preview' }).click();
    const preview = dialog().getByTestId('import-preview');
    await preview.waitFor();
    expect(await preview.getByTestId('preview-recognised').innerText()).toBe('3 trades recognised');
    expect(await preview.getByTestId('preview-new').innerText()).toBe('3 new');
    expect(await preview.innerText()).toContain(
      'MetaTrader 5 history report (HTML) · account 5001234 · EUR · times UTC+2',
    );
    await preview.getByText('Skipped rows and why').click();
    expect(await preview.getByTestId('preview-skipped').innerText()).toContain(
      'still open at the end of the report',
    );
    const rows = preview.getByRole('row');
    expect(await rows.count()).toBe(4); // header + 3 trades
    expect(await rows.nth(1).innerText()).toContain('01/04/2024, 08:00'); // 10:00 at GMT+2
    // Nothing is saved by the preview.
    expect(await journal().getByTestId('journal-empty').count()).toBe(1);

    await dialog().getByRole('button', { name: 'Import 3 Trades' }).click();
    await expectToast(page, 'Trades Imported', '3 trades imported.');
    await dialog().waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        journal()
          .getByRole('listitem', { name: /CLOSED$/ })
          .count(),
      )
      .toBe(3);
    // Each card says where it came from, with the costs kept apart from the gross result.
    // ... and the account it came from, and when it was opened and closed (UTC).
    const brokerLines = await journal().getByTestId('entry-broker').allInnerTexts();
    expect(brokerLines).toContainEqual(
      expect.stringMatching(
        /^Imported from MetaTrader 5 #7005\/7006, account 5001234 · gross -90\.00, commission -1\.80, swap 0\.00 EUR · opened \S+ \S+, closed \S+ \S+ UTC$/,
      ),
    );

    // The statistics break the imported trades down, saying when a group is too small.
    await journal().getByRole('tab', { name: 'Statistics' }).click();
    const breakdowns = journal().getByTestId('breakdowns');
    await breakdowns.getByLabel('Group by').selectOption({ label: 'Symbol' });
    // EURUSD: two halves of one position, +0.8R and +1.6R (stop 1.0750 under entry 1.0800).
    const eurusd = breakdowns.getByRole('row', { name: /^EURUSD/ });
    expect((await eurusd.innerText()).replace(/\s+/g, ' ')).toMatch(
      /^EURUSD \(too few trades to mean anything\) 2 100% \+1\.20R \$/,
    );
    await journal().getByRole('tab', { name: 'Trade Entries' }).click();

    // The same statement again: all three are already there, so there is nothing to import.
    await journal().getByRole('button', { name: 'Import Trades' }).click();
    await choose('ReportHistory-5001234.html', mt5German(), 'text/html');
    await dialog().getByRole('button', { name: 'Preview' }).click();
    await dialog().getByTestId('import-preview').waitFor();
    expect(await dialog().getByTestId('preview-new').innerText()).toBe('0 new');
    expect(await dialog().getByRole('button', { name: 'Import 0 Trades' }).isDisabled()).toBe(true);

    // A cTrader file without a deposit row asks for the balance, then imports.
    await choose('history.csv', ctrader(), 'text/csv');
    await dialog().getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => dialog().getByRole('alert').innerText()).toMatch(/Enter your account size/);
    await dialog().getByLabel('Balance Before First Trade (optional)').fill('10000');
    await dialog().getByRole('button', { name: 'Preview' }).click();
    await dialog().getByTestId('import-preview').waitFor();
    expect(await dialog().getByTestId('preview-new').innerText()).toBe('4 new');
  });
});
