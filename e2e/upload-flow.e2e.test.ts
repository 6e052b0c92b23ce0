import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { inject } from 'vitest';
import { audit } from './support/a11y';
import { streamEvents, storedFrom } from './support/analysis';
import { expectToast, newPage, uniqueEmail } from './support/browser';
import { signInNewAccount } from './support/flows';

/**
 * Issue 20 "Upload and analysis" in the browser: all three charts dropped at once and placed by
 * their timeframes (swappable), a slot filled with a TradingView data export, progress by stage,
 * every unreadable chart marked in its slot, and warnings with their details behind a toggle.
 * SHOTS_DIR=/some/dir also writes the dashboard at 1280 and 390 px before and after an analysis.
 */
const fixture = (path: string) => fileURLToPath(new URL(`./fixtures/charts/${path}`, import.meta.url));
const shotsDir = process.env.SHOTS_DIR;

let page: Page;

async function openDashboard(viewport?: { width: number; height: number }) {
  ({ page } = await newPage(viewport, 20_000));
  await page.goto('/');
  await signInNewAccount(page, inject('baseUrl'), 'Upload Trader', uniqueEmail('upload'));
  await page.goto('/home');
  await page.getByRole('form', { name: 'Chart analysis' }).waitFor();
}

async function shot(name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  // From the top, so the sticky header is drawn where it belongs in the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

/** Drops files on the form's chart area at once, as a desktop drag and drop does. */
async function dropAll(files: { name: string; type: string; path: string }[]) {
  const payload = files.map((f) => ({
    name: f.name,
    type: f.type,
    b64: readFileSync(f.path).toString('base64'),
  }));
  await page.evaluate((items) => {
    const data = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.b64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], item.name, { type: item.type }));
    }
    const target = document.querySelector('[data-testid="chart-slots"]')!;
    for (const type of ['dragover', 'drop']) {
      target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    }
  }, payload);
}

const zone = (slot: string) => page.getByTestId(`upload-chart${slot}`);
const analysed = () =>
  page.waitForResponse((r) => r.url().endsWith('/api/analyze') && r.request().method() === 'POST', {
    timeout: 90_000,
  });

describe('uploading the charts', () => {
  it('places three dropped screenshots by their timeframes, lets the trader swap, and shows each stage', async () => {
    await openDashboard();
    await shot('dashboard-1280-before');
    // Dropped in the wrong order: 4h, 5m, 15m.
    await dropAll([
      { name: 'first.png', type: 'image/png', path: fixture('eurusd-trade/4h.png') },
      { name: 'second.png', type: 'image/png', path: fixture('eurusd-trade/5m.png') },
      { name: 'third.png', type: 'image/png', path: fixture('eurusd-trade/15m.png') },
    ]);
    await expectToast(page, 'Charts Placed', 'the slot of the timeframe read from it');
    expect(await zone('5m').innerText()).toContain('second.png');
    expect(await zone('15m').innerText()).toContain('third.png');
    expect(await zone('4h').innerText()).toContain('first.png');
    for (const slot of ['5m', '15m', '4h']) {
      expect(await page.getByTestId(`slot-note-${slot}`).innerText()).toBe(`Read as ${slot}`);
      // A thumbnail of the chosen picture in its slot, loaded.
      const loaded = await zone(slot)
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
      expect(loaded).toBe(true);
    }

    // The trader swaps two slots, and back.
    await page.getByTestId('slot-move-5m').selectOption('15m');
    expect(await zone('5m').innerText()).toContain('third.png');
    expect(await zone('15m').innerText()).toContain('second.png');
    expect(await page.getByTestId('slot-note-5m').innerText()).toBe('Moved by you');
    await page.getByTestId('slot-move-15m').selectOption('5m');
    expect(await zone('5m').innerText()).toContain('second.png');
    expect(await audit(page, { scope: '[data-testid="chart-slots"]' })).toEqual([]);

    const answer = analysed();
    await page.getByRole('button', { name: 'Analyze Charts' }).click();
    // The stages, as they happen: the list is there while the work runs.
    const progress = page.getByTestId('analysis-progress');
    await progress.waitFor();
    expect(await progress.locator('[data-step-label]').allInnerTexts()).toEqual(
      expect.arrayContaining([
        'Uploading',
        'Reading the 5m chart',
        'Reading the 15m chart',
        'Reading the 4h chart',
      ]),
    );
    const response = await answer;
    const events = await streamEvents(response);
    expect(
      events.filter((e) => 'stage' in e).map((e) => ('slot' in e ? `${e.stage} ${e.slot}` : e.stage)),
    ).toEqual(['checking', 'reading 5m', 'reading 15m', 'reading 4h', 'analysing', 'storing']);
    await page.getByTestId('analysis-complete').waitFor({ timeout: 60_000 });
    await progress.waitFor({ state: 'detached' });
    await shot('dashboard-1280-after');
  });

  it('takes a TradingView data export in the 4h slot: the result says that chart came from data', async () => {
    await openDashboard();
    await page.locator('input[name="chart5m"]').setInputFiles(fixture('eurusd/5m.png'));
    await page.locator('input[name="chart15m"]').setInputFiles(fixture('eurusd/15m.png'));
    await page.locator('input[name="chart4h"]').setInputFiles(fixture('eurusd/4h-tradingview.csv'));
    expect(await zone('4h').innerText()).toContain('Data: 4h-tradingview.csv');
    const answer = analysed();
    await page.getByRole('button', { name: 'Analyze Charts' }).click();
    const stored = await storedFrom(await answer);
    expect(stored.result.timeframes.map((t) => t.chart.source)).toEqual(['image', 'image', 'data']);
    await page.getByTestId('analysis-complete').waitFor();
    expect(await page.getByTestId('data-sources').innerText()).toBe(
      'The 4h chart came from its data export: exact prices, no reading.',
    );
    const figure = page.getByTestId('annotated-4h');
    expect(await figure.locator('figcaption').innerText()).toContain('300 bars from the data file');
    // Its picture is the bars drawn by the server, loaded from the stored thumbnail.
    await expect
      .poll(() =>
        figure
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
  });

  it('names every chart that cannot be read, each in its slot, with a summary toast', async () => {
    await openDashboard();
    const noise = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 120, g: 140, b: 160 } },
    })
      .png()
      .toBuffer();
    await page
      .locator('input[name="chart5m"]')
      .setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: noise });
    await page.locator('input[name="chart15m"]').setInputFiles(fixture('eurusd/15m.png'));
    await page
      .locator('input[name="chart4h"]')
      .setInputFiles({ name: 'beach.png', mimeType: 'image/png', buffer: noise });
    await page.getByRole('button', { name: 'Analyze Charts' }).click();
    await expectToast(
      page,
      '2 Charts Need Attention',
      'The 5m and 4h charts could not be used',
      'destructive',
    );
    for (const slot of ['5m', '4h']) {
      expect(await page.getByTestId(`slot-${slot}`).getAttribute('data-error')).toBe('true');
      expect(await zone(slot).getAttribute('aria-invalid')).toBe('true');
      expect((await page.getByTestId(`slot-error-${slot}`).innerText()).length).toBeGreaterThan(10);
    }
    expect(await page.getByTestId('slot-15m').getAttribute('data-error')).toBeNull();
    expect(await page.getByTestId('slot-error-15m').count()).toBe(0);
    expect(await audit(page, { scope: '[data-testid="chart-slots"]' })).toEqual([]);
    await shot('dashboard-1280-errors');
    // Replacing a failing chart clears its mark.
    await page.locator('input[name="chart5m"]').setInputFiles(fixture('eurusd/5m.png'));
    expect(await page.getByTestId('slot-error-5m').count()).toBe(0);
  });

  it('shows warnings in a trader’s words, the reader’s details behind a keyboard toggle', async () => {
    await openDashboard({ width: 390, height: 844 });
    await shot('dashboard-390-before');
    // The eurusd-watch set reads with 1-3 candles per chart left out as misread: warnings.
    await page.locator('input[name="chart5m"]').setInputFiles(fixture('eurusd-watch/5m.png'));
    await page.locator('input[name="chart15m"]').setInputFiles(fixture('eurusd-watch/15m.png'));
    await page.locator('input[name="chart4h"]').setInputFiles(fixture('eurusd-watch/4h.png'));
    const answer = analysed();
    await page.getByRole('button', { name: 'Analyze Charts' }).click();
    const stored = await storedFrom(await answer);
    expect(stored.result.warnings.some((w) => /candles were left out/.test(w))).toBe(true);
    const warnings = page.getByTestId('analysis-warnings');
    await warnings.waitFor({ timeout: 60_000 });
    const item = warnings
      .getByTestId('analysis-warning')
      .filter({ hasText: 'left out of the analysis' })
      .first();
    expect(await item.innerText()).toMatch(/candles? looked misread and (was|were) left out of the analysis/);
    expect(await item.innerText()).not.toMatch(/opens away from the previous close/);
    const toggle = item.getByRole('button', { name: 'Details' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await item.innerText()).toMatch(
      /of \d+ candles were left out: each opens away from the previous close/,
    );
    await page.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await audit(page, { scope: '[data-testid="analysis-complete"]' })).toEqual([]);
    await shot('dashboard-390-after');
  });
});
