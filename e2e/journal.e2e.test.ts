import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectToast, newPage, uniqueEmail } from './support/browser';
import { signInNewAccount } from './support/flows';

/**
 * The trading journal end to end on the built app: a trade from the analysis's plan and one
 * typed by hand go PLANNED -> ACTIVE -> CLOSED, the statistics follow, and all of it is still
 * there after a reload (DECISIONS.md: the journal is kept on the server).
 */
const chart = (tf: string) => fileURLToPath(new URL(`./fixtures/charts/eurusd/${tf}.png`, import.meta.url));

let page: Page;

const journal = () => page.locator('#journal');
const dialog = () => page.getByRole('dialog');
const field = (label: string) => dialog().getByLabel(label, { exact: true });
const stat = (key: string) => journal().getByTestId(`stat-${key}`);

async function chooseDirection(direction: 'LONG' | 'SHORT') {
  await dialog().getByRole('combobox', { name: 'Direction' }).click();
  await page.getByRole('option', { name: direction }).click();
}

function entryCard(status: string, symbol = 'EURUSD'): Locator {
  return journal().getByRole('listitem', { name: new RegExp(`^${symbol} (LONG|SHORT) ${status}$`) });
}

async function closeTrade(card: Locator, exitPrice: string) {
  await card.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog().getByLabel('Exit Price').fill(exitPrice);
  await dialog().getByRole('button', { name: 'Close Trade' }).click();
  await dialog().waitFor({ state: 'detached' });
}

describe('trading journal', () => {
  it('takes a trade logged after an analysis and a hand-typed one to CLOSED, shows the statistics, and keeps them', async () => {
    ({ page } = await newPage(undefined, 20_000));
    await page.goto('/');
    await signInNewAccount(page, inject('baseUrl'), 'Journal Trader', uniqueEmail('journal'));
    await page.goto('/home');

    // A new trader sees how to start.
    await journal().getByTestId('journal-empty').waitFor();
    await journal().getByRole('tab', { name: 'Trade Entries', selected: true }).waitFor();

    // 1. Analyse three charts; the journal's form is then prefilled from the plan.
    await page.locator('input[type="file"][name="chart5m"]').setInputFiles(chart('5m'));
    await page.locator('input[type="file"][name="chart15m"]').setInputFiles(chart('15m'));
    await page.locator('input[type="file"][name="chart4h"]').setInputFiles(chart('4h'));
    await page.getByRole('button', { name: 'Analyze Charts' }).click();
    await page.getByTestId('analysis-complete').waitFor({ timeout: 90_000 });
    const hasPlan = (await page.getByTestId('trade-idea').count()) > 0;

    await journal().getByRole('button', { name: 'Add Trade' }).click();
    await dialog().waitFor();
    let firstStop: string;
    let firstDirection: string;
    if (hasPlan) {
      expect(await field('Symbol').inputValue()).toBe('EURUSD');
      expect(Number(await field('Entry Price').inputValue())).toBeGreaterThan(0);
      firstStop = await field('Stop Loss').inputValue();
      firstDirection = (await dialog().getByRole('combobox', { name: 'Direction' }).innerText()).trim();
      expect(await dialog().getByTestId('lot-size').innerText()).toMatch(/\d+\.\d{2} lots/);
    } else {
      // No trade recommended for these charts: the form starts from SPEC's defaults instead.
      expect(await field('Account Size (USD)').inputValue()).toBe('10000');
      expect(await field('Risk %').inputValue()).toBe('2');
      await field('Symbol').fill('EURUSD');
      await chooseDirection('SHORT');
      await field('Entry Price').fill('1.1');
      await field('Stop Loss').fill('1.105');
      await field('Take Profit 1').fill('1.09');
      firstStop = '1.105';
      firstDirection = 'SHORT';
    }
    await dialog().getByRole('button', { name: 'Save Trade' }).click();
    await dialog().waitFor({ state: 'detached' });
    await expectToast(page, 'Trade Added to Journal', `EURUSD ${firstDirection} trade logged successfully`);

    // Activate it, then close it at its stop: a -1R loss.
    await entryCard('PLANNED').getByRole('button', { name: 'Activate' }).click();
    await entryCard('ACTIVE').waitFor();
    expect(await entryCard('ACTIVE').locator('[data-status="ACTIVE"]').count()).toBe(1);
    await closeTrade(entryCard('ACTIVE'), firstStop);
    await entryCard('CLOSED').waitFor();
    expect(await entryCard('CLOSED').getByTestId('entry-result').innerText()).toMatch(/^-1\.00R/);

    await journal().getByRole('tab', { name: 'Statistics' }).click();
    expect(await stat('winRate').innerText()).toBe('0.0%');
    expect(await stat('profitFactor').innerText()).toBe('0.00');
    const curveAfterLoss = (await journal().getByTestId('equity-curve').getAttribute('data-points'))!.split(
      ',',
    );
    expect(curveAfterLoss).toHaveLength(2);
    expect(Number(curveAfterLoss[1])).toBeLessThan(Number(curveAfterLoss[0]));

    // 2. A trade typed by hand, with the live sizing, closed at its first target: +2R.
    await journal().getByRole('tab', { name: 'Trade Entries' }).click();
    await journal().getByRole('button', { name: 'Add Trade' }).click();
    await field('Symbol').fill('EURUSD');
    await chooseDirection('LONG');
    await field('Entry Price').fill('1.1');
    await field('Stop Loss').fill('1.095');
    await field('Take Profit 1').fill('1.11');
    await field('Account Size (USD)').fill('10000');
    await field('Risk %').fill('1');
    expect(await dialog().getByTestId('risk-amount').innerText()).toBe('$100');
    expect(await dialog().getByTestId('lot-size').innerText()).toContain('0.20 lots');
    await field('Tags (optional, comma-separated)').fill(' london , breakout ');
    await dialog().getByRole('button', { name: 'Save Trade' }).click();
    await dialog().waitFor({ state: 'detached' });
    await expectToast(page, 'Trade Added to Journal', 'EURUSD LONG trade logged successfully');
    // The new entry is at the top.
    await expect(journal().getByRole('listitem').first().getAttribute('aria-label')).resolves.toBe(
      'EURUSD LONG PLANNED',
    );
    await entryCard('PLANNED').getByRole('button', { name: 'Activate' }).click();
    await closeTrade(entryCard('ACTIVE'), '1.11');
    await journal().getByText('+2.00R · +$200').waitFor();

    await journal().getByRole('tab', { name: 'Statistics' }).click();
    await stat('winRate').filter({ hasText: '50.0%' }).waitFor();
    const profitFactor = Number(await stat('profitFactor').innerText());
    expect(profitFactor).toBeGreaterThan(0);
    const curve = (await journal().getByTestId('equity-curve').getAttribute('data-points'))!
      .split(',')
      .map(Number);
    expect(curve).toHaveLength(3);
    expect(curve[2]! - curve[1]!).toBe(200);
    expect(await stat('closedTrades').innerText()).toBe('2');

    // 3. Reload: entries, statuses and statistics come back from the server.
    await page.reload();
    await entryCard('CLOSED').first().waitFor();
    expect(
      await journal()
        .getByRole('listitem', { name: /CLOSED$/ })
        .count(),
    ).toBe(2);
    expect(await journal().getByText('#london').count()).toBe(1);
    await journal().getByRole('tab', { name: 'Statistics' }).click();
    expect(await stat('winRate').innerText()).toBe('50.0%');
    expect(Number(await stat('profitFactor').innerText())).toBe(profitFactor);
    expect(await journal().getByTestId('equity-curve').getAttribute('data-points')).toBe(curve.join(','));
  }, 240_000);
});

/**
 * A screenshot set from the shared sample corpus that the engine turns into a LONG plan. The
 * project's own no-trade fixtures give "No trade now", so this part needs ../shared and skips
 * cleanly without it.
 */
const planSet = fileURLToPath(
  new URL('../../shared/chart-corpus/dev/dev-008-EURUSD-tv-dark/', import.meta.url),
);

describe.skipIf(!existsSync(planSet))('trading journal from a Trade Idea', () => {
  it('adds the plan in one click, prefills the dialog from it, and keeps the entry', async () => {
    ({ page } = await newPage(undefined, 20_000));
    await page.goto('/');
    await signInNewAccount(page, inject('baseUrl'), 'Plan Trader', uniqueEmail('journal-plan'));
    await page.goto('/home');
    for (const tf of ['5m', '15m', '4h']) {
      await page.locator(`input[type="file"][name="chart${tf}"]`).setInputFiles(`${planSet}${tf}.png`);
    }
    await page.getByRole('button', { name: 'Analyze Charts' }).click();
    const idea = page.getByTestId('trade-idea');
    await idea.waitFor({ timeout: 90_000 });
    const direction = (
      await idea
        .getByText(/^(LONG|SHORT)$/)
        .first()
        .innerText()
    ).trim();

    await idea.getByRole('button', { name: 'Add to Journal' }).click();
    await expectToast(page, 'Trade Added to Journal', `EURUSD ${direction} trade logged successfully`);
    await idea.getByRole('button', { name: 'Added to Journal' }).waitFor();
    const card = entryCard('PLANNED');
    await card.waitFor();
    const cardText = await card.innerText();

    // The dialog starts from the same plan.
    await journal().getByRole('button', { name: 'Add Trade' }).click();
    expect(await field('Symbol').inputValue()).toBe('EURUSD');
    const entry = Number(await field('Entry Price').inputValue());
    expect(cardText).toContain(entry.toFixed(5));
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });

    await page.reload();
    await entryCard('PLANNED').waitFor();
    expect(await entryCard('PLANNED').innerText()).toBe(cardText);

    // Followed through: activated, closed at its first target, a win of the planned R:R.
    const tp1 = /Take Profit 1\s+([\d.]+)/.exec(cardText)![1]!;
    const plannedRR = /Planned R:R\s+1:([\d.]+)/.exec(cardText)![1]!;
    await entryCard('PLANNED').getByRole('button', { name: 'Activate' }).click();
    await closeTrade(entryCard('ACTIVE'), tp1);
    expect(await entryCard('CLOSED').getByTestId('entry-result').innerText()).toContain(`+${plannedRR}R`);
    await journal().getByRole('tab', { name: 'Statistics' }).click();
    expect(await stat('winRate').innerText()).toBe('100.0%');
    expect(await stat('profitFactor').innerText()).toBe('No losses');
  }, 240_000);
});
