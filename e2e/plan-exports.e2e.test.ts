import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { expectToast, newPage, uniqueEmail } from './support/browser';
import { signInNewAccount } from './support/flows';
import { storedFrom } from './support/analysis';

/**
 * Taking a plan to the platform: "Copy levels" by keyboard puts the levels on the clipboard with
 * a "Copied" toast, the two download buttons give the Pine Script and MQL5 files of this plan,
 * and the confidence breakdown shows the backtest record of plans of the same confidence.
 */
const chart = (tf: string) =>
  fileURLToPath(new URL(`./fixtures/charts/eurusd-trade/${tf}.png`, import.meta.url));

describe('plan exports', () => {
  it('copies the levels, downloads both scripts and shows the backtest record of the confidence', async () => {
    const { context, page } = await newPage(undefined, 20_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    await signInNewAccount(page, inject('baseUrl'), 'Export Trader', uniqueEmail('exports'));
    await page.goto('/home');
    await page.locator('input[type="file"][name="chart5m"]').setInputFiles(chart('5m'));
    await page.locator('input[type="file"][name="chart15m"]').setInputFiles(chart('15m'));
    await page.locator('input[type="file"][name="chart4h"]').setInputFiles(chart('4h'));
    const analysed = page.waitForResponse(
      (r) => r.url().endsWith('/api/analyze') && r.request().method() === 'POST',
      { timeout: 60_000 },
    );
    await page.getByRole('button', { name: 'Analyze Charts' }).click();
    const stored = await storedFrom(await analysed);
    const plan = stored.result.tradePlan;
    expect(plan, `no trade: ${stored.result.noTradeReason}`).toBeTruthy();
    const card = page.getByTestId('trade-idea');
    await card.waitFor({ timeout: 60_000 });

    // Copy levels, by keyboard.
    const copy = card.getByRole('button', { name: 'Copy levels' });
    await copy.focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // A plan without a second target (issue 18 allows it) closes everything at TP1.
    const tp2 = (plan!.formatted as { takeProfit2: string | null }).takeProfit2;
    const order = `${plan!.direction === 'LONG' ? 'buy' : 'sell'} ${plan!.entryType === 'limit' ? 'limit' : 'at market'}`;
    expect(copied.split('\n')).toEqual([
      `EURUSD ${plan!.direction} (${order})`,
      `Entry: ${plan!.formatted.entry}`,
      `Stop loss: ${plan!.formatted.stopLoss}`,
      `TP1: ${plan!.formatted.takeProfit1} (${tp2 === null ? 'close all' : 'close half, stop to break-even'})`,
      `TP2: ${tp2 ?? 'none'}`,
      `Lots: ${plan!.lotSize.toFixed(2)}`,
    ]);

    // Both downloads carry this plan's prices.
    for (const [button, extension, first] of [
      ['Pine Script', 'pine', '//@version=6'],
      ['MT5 script', 'mq5', '//+------------------------------------------------------------------+'],
    ] as const) {
      const downloaded = page.waitForEvent('download');
      await card.getByRole('button', { name: button }).click();
      const file = await downloaded;
      expect(file.suggestedFilename()).toBe(
        `chart_to_plan_EURUSD_${plan!.direction.toLowerCase()}.${extension}`,
      );
      // The browser runs remotely: the file is read through a stream, not a local path.
      const chunks: Buffer[] = [];
      for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      expect(text.split('\n')[0]).toBe(first);
      for (const price of Object.values(plan!.formatted)) if (price !== null) expect(text).toContain(price);
    }

    // The confidence breakdown states what plans of this confidence did in the backtest.
    const record = page.getByTestId('confidence-breakdown').getByTestId('backtest-record');
    const text = (await record.innerText()).replace(/\s+/g, ' ');
    expect(text).toMatch(/^Plans of this confidence \(\d+-\d+%\), on a year of EURUSD \(/);
    expect(text).toContain('Backtest of these rules, not a forecast.');
  });
});
