import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { inject } from 'vitest';
import type { StoredAnalysisDto, TradePlanDto } from '../contracts/analysis';
import { audit } from './support/a11y';
import { expectToast, newPage, openToasts, uniqueEmail } from './support/browser';
import { signInNewAccount } from './support/flows';
import { storedFrom } from './support/analysis';

/**
 * The analysis dashboard end to end: three screenshots rendered by the project's corpus
 * generator (e2e/fixtures/make-charts.ts) are uploaded through the real form and analysed by
 * the built server's worker pool. The eurusd-trade set gives a trade plan (the journey checks
 * the whole Trade Idea card); the eurusd set gives "No trade now"; the eurusd-watch set gives
 * "No trade now" with a setup to watch.
 */
const chart = (set: string, tf: string) =>
  fileURLToPath(new URL(`./fixtures/charts/${set}/${tf}.png`, import.meta.url));

let page: Page;

async function openDashboard(viewport?: { width: number; height: number }) {
  ({ page } = await newPage(viewport, 20_000));
  await page.goto('/');
  await signInNewAccount(page, inject('baseUrl'), 'Dash Trader', uniqueEmail('dashboard'));
  await page.goto('/home');
  await page.getByRole('form', { name: 'Chart analysis' }).waitFor();
}

const fileInput = (name: string) => page.locator(`input[type="file"][name="${name}"]`);

async function choose(set: Record<'5m' | '15m' | '4h', string>) {
  await fileInput('chart5m').setInputFiles(set['5m']);
  await fileInput('chart15m').setInputFiles(set['15m']);
  await fileInput('chart4h').setInputFiles(set['4h']);
}

const chartSet = (set: string) => ({
  '5m': chart(set, '5m'),
  '15m': chart(set, '15m'),
  '4h': chart(set, '4h'),
});
const eurusd = chartSet('eurusd');
const eurusdTrade = chartSet('eurusd-trade');
const eurusdWatch = chartSet('eurusd-watch');

/** Resolves with the stored analysis the next POST /api/analyze answers (what the page shows). */
function nextAnalysis(): Promise<StoredAnalysisDto> {
  return page
    .waitForResponse((r) => r.url().endsWith('/api/analyze') && r.request().method() === 'POST', {
      timeout: 60_000,
    })
    .then(storedFrom);
}

/** The value shown under one of the card's labelled fields (<dt>label</dt><dd>value</dd>). */
const field = (card: Locator, label: string) =>
  card.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

// SPEC 9 formats, written out here rather than imported from the web app so a change there
// has to convince this test too.
const usd = (x: number) => `$${Math.round(x).toLocaleString('en-US')}`;
const rr = (x: number) => `1:${x.toFixed(2)}`;

/** Every field, text and list of SPEC 2's Trade Idea card, against the plan the API returned. */
async function expectTradeIdeaCard(card: Locator, plan: TradePlanDto) {
  await card.getByText(`${plan.symbol} Multi-timeframe Confluence`).waitFor();
  expect(await card.getByLabel(`Confidence ${plan.confidence}%`).innerText()).toBe(
    `${plan.confidence}% confidence`,
  );
  await card.getByText(plan.direction, { exact: true }).waitFor();

  // Prices in the instrument's precision: 5 decimals for EURUSD.
  const prices = {
    Entry: plan.entry,
    'Stop Loss': plan.stopLoss,
    'Take Profit 1': plan.takeProfit1,
  };
  for (const [label, price] of Object.entries(prices)) {
    const shown = await field(card, label).innerText();
    expect(shown, label).toMatch(/^\d+\.\d{5}$/);
    expect(shown, label).toBe(price.toFixed(5));
  }
  // TP2 is left out when no liquidity lies within reach; the card says why.
  const tp2 = await field(card, 'Take Profit 2').innerText();
  if (plan.takeProfit2 === null) expect(tp2).toContain('None');
  else expect(tp2).toContain(plan.takeProfit2.toFixed(5));
  expect(await card.innerText()).toContain(plan.targetNotes.takeProfit2);

  expect(await field(card, 'Risk-Reward Ratio').innerText()).toBe(rr(plan.riskRewardRatio));
  // The tooltip opens from the keyboard as well as on hover.
  await card.getByRole('button', { name: /About the risk-reward ratio/ }).focus();
  expect(await page.getByRole('tooltip').innerText()).toContain(
    'The ratio of potential loss to potential profit. Higher is better.',
  );
  await page.keyboard.press('Escape');

  expect(await field(card, 'Risk Percentage').innerText()).toBe(`${plan.riskPercent}%`);
  const dollars = {
    'Risk Amount': plan.riskAmount,
    'Potential Loss': plan.potentialLoss,
    'Potential Profit (TP1)': plan.potentialProfitTp1,
    ...(plan.potentialProfitTp2 === null ? {} : { 'Potential Profit (TP2)': plan.potentialProfitTp2 }),
    'Position Value': plan.positionValue,
  };
  for (const [label, value] of Object.entries(dollars)) {
    const shown = await field(card, label).innerText();
    expect(shown, label).toMatch(/^\$\d{1,3}(,\d{3})*$/); // whole USD
    expect(shown, label).toBe(usd(value));
  }
  const lots = await field(card, 'Lot Size').innerText();
  expect(lots).toMatch(/^\d+\.\d{2} lots$/);
  expect(lots).toBe(`${plan.lotSize.toFixed(2)} lots`);
  expect(plan.lotSize).toBeGreaterThan(0);

  const text = await card.innerText();
  for (const heading of ['Position Sizing', 'Recommended Strategy', 'Entry Strategy', 'Trade Management']) {
    expect(text).toContain(heading);
  }
  await card.getByText(plan.strategy, { exact: true }).waitFor();
  await card.getByText(plan.tradeManagement, { exact: true }).waitFor();

  const invalidation = card.locator('section', { hasText: 'Trade Invalidation - Exit Immediately If:' });
  expect(plan.invalidation.length).toBeGreaterThan(0);
  expect(await invalidation.getByRole('listitem').allInnerTexts()).toEqual(plan.invalidation);

  // The optional parts: this plan has them, so they must show.
  expect(plan.newsWatchPoints?.length).toBeGreaterThan(0);
  const news = card.locator('section', { hasText: 'News Events to Monitor' });
  expect(await news.getByRole('listitem').allInnerTexts()).toEqual(plan.newsWatchPoints);
  expect(await news.innerText()).toContain('sudden reversals');
  expect(plan.strategyFor15m && plan.strategyFor5m).toBeTruthy();
  await card.getByText('15-Minute Strategy (Recommended)').waitFor();
  await card.getByText('5-Minute Strategy (Advanced)').waitFor();
  await card.getByText(plan.strategyFor15m!, { exact: true }).waitFor();
  await card.getByText(plan.strategyFor5m!, { exact: true }).waitFor();
}

/** The open toast's text, whitespace collapsed. */
const openToastText = async () => (await openToasts(page).first().innerText()).replace(/\s+/g, ' ');

async function analyse() {
  await page.getByRole('button', { name: 'Analyze Charts' }).click();
}

describe('analysis dashboard', () => {
  it('analyses three charts of one pair into a trade plan, draws them, and keeps the result in the history', async () => {
    await openDashboard();
    await page.getByText('New to Chart Analysis? Start Here!').waitFor();
    // The "Start Here" card's own link (the learning-progress card links to Quick Start too).
    expect(await page.getByRole('link', { name: 'Start the Quick Start Guide' }).getAttribute('href')).toBe(
      '/learn#quick-start',
    );

    await page.getByLabel('Account Size (USD)').fill('10000');
    await page.getByLabel('Risk Percentage (%)').fill('1');
    await choose(eurusdTrade);
    for (const name of ['chart5m', 'chart15m', 'chart4h']) {
      await page.locator(`[data-testid="upload-${name}"][data-chosen="true"]`).waitFor();
    }
    await expect(page.getByTestId('upload-chart4h').innerText()).resolves.toContain('4h.png');

    const analysed = nextAnalysis();
    await analyse();
    await page.getByRole('button', { name: /^Analyzing/ }).waitFor();
    expect(await page.getByRole('button', { name: /^Analyzing/ }).isDisabled()).toBe(true);

    const stored = await analysed;
    await page.getByTestId('analysis-complete').waitFor({ timeout: 60_000 });
    await expectToast(page, 'Analysis Complete', 'Your trade plan has been generated successfully.');
    expect(await page.getByTestId('result-symbol').innerText()).toBe('EURUSD');
    for (const check of ['Image Processing', 'Confluence Detection', 'Risk Assessment']) {
      await page.getByTestId('analysis-complete').getByText(check).waitFor();
    }
    for (const tf of ['5m', '15m', '4h']) {
      const card = page.getByTestId(`timeframe-${tf}`);
      await card.waitFor();
      expect(await card.innerText()).toMatch(/\/10/);
      expect(await card.innerText()).toMatch(/RSI/);
    }

    // The committed set is one the rules call a trade (make-charts.ts says how it was picked).
    const plan = stored.result.tradePlan;
    expect(plan, `no trade: ${stored.result.noTradeReason}`).toBeTruthy();
    expect(stored.accountSize).toBe(10_000);
    expect(plan!.riskPercent).toBe(1);
    expect(plan!.riskAmount).toBe(100);
    expect(await page.getByTestId('no-trade').count()).toBe(0);
    await expectTradeIdeaCard(page.getByTestId('trade-idea'), plan!);

    // The annotated charts: each screenshot with an overlay; layers switch off and on.
    const charts = page.getByTestId('annotated-charts');
    for (const tf of ['5m', '15m', '4h']) {
      const figure = page.getByTestId(`annotated-${tf}`);
      await figure.locator('img').waitFor();
      expect(
        await figure.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      expect(await figure.locator('svg g[data-layer]').count()).toBeGreaterThan(0);
    }
    const candles = charts.getByRole('checkbox', { name: 'Read candles' });
    await candles.focus();
    await page.keyboard.press('Space');
    expect(await candles.isChecked()).toBe(true);
    await page.getByTestId('annotated-5m').locator('svg g[data-layer="candles"]').waitFor();

    // The plan's entry, stop and targets are drawn on each chart with the current price, and switch off.
    const planLines = plan!.takeProfit2 === null ? 3 : 4;
    for (const tf of ['5m', '15m', '4h']) {
      const svg = page.getByTestId(`annotated-${tf}`).locator('svg');
      expect(await svg.locator('g[data-layer="plan"]').count()).toBe(planLines);
      expect(await svg.locator('g[data-label-layer="price"]').textContent()).toContain(
        stored.result.currentPrice.formatted,
      );
    }
    // The card shows the current price the plan was checked against.
    expect(await page.getByTestId('trade-idea').getByTestId('current-price').innerText()).toContain(
      stored.result.currentPrice.formatted,
    );
    const planLayer = charts.getByRole('checkbox', { name: 'Entry / stop / targets' });
    await planLayer.uncheck();
    expect(await charts.locator('svg g[data-layer="plan"]').count()).toBe(0);
    await planLayer.check();

    // The result views pass the project's accessibility audit (names, headings, contrast, focus).
    expect(await audit(page, { tabStops: 12 })).toEqual([]);

    // After a reload the analysis is in the history and reopens with the stored thumbnails.
    await page.reload();
    const history = page.getByTestId('history');
    const entry = history.getByRole('button', { name: /EURUSD/ });
    await entry.first().waitFor();
    await entry.first().click();
    await page.getByTestId('analysis-complete').waitFor();
    const src = await page.getByTestId('annotated-4h').locator('img').getAttribute('src');
    expect(src).toMatch(/^\/api\/analyses\/[0-9a-f-]+\/charts\/4h$/);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="annotated-4h"] img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
  });

  it('says "No trade now" in the toast and on the card when the rules refuse a plan', async () => {
    await openDashboard();
    await choose(eurusd);
    const analysed = nextAnalysis();
    await analyse();
    const stored = await analysed;
    await page.getByTestId('analysis-complete').waitFor({ timeout: 60_000 });
    expect(stored.result.tradePlan).toBeNull();
    expect(stored.result.setupToWatch).toBeNull();
    await expectToast(page, 'No trade now');
    expect(await openToastText()).not.toContain('generated successfully');
    const noTrade = page.getByTestId('no-trade');
    await noTrade.getByText('No trade now', { exact: true }).waitFor();
    await noTrade.getByText(stored.result.noTradeReason!, { exact: true }).waitFor();
    expect(await noTrade.getByTestId('current-price').innerText()).toContain(
      stored.result.currentPrice.formatted,
    );
    expect(await page.getByTestId('trade-idea').count()).toBe(0);
    expect(await page.getByTestId('setup-to-watch').count()).toBe(0);
  });

  it('shows the setup to watch, with its trigger, when there is no trade now but the engine found one', async () => {
    await openDashboard();
    await choose(eurusdWatch);
    const analysed = nextAnalysis();
    await analyse();
    const stored = await analysed;
    await page.getByTestId('analysis-complete').waitFor({ timeout: 60_000 });
    // The committed set is one the rules call a setup to watch (make-charts.ts says how it was picked).
    const watch = stored.result.setupToWatch;
    expect(stored.result.tradePlan).toBeNull();
    expect(watch, `no setup to watch: ${stored.result.noTradeReason}`).toBeTruthy();
    await expectToast(page, 'No trade now', `Setup to watch: ${watch!.trigger}.`);
    await page.getByTestId('no-trade').getByText('No trade now', { exact: true }).waitFor();

    const card = page.getByTestId('setup-to-watch');
    await card.getByText('Not a trade now', { exact: true }).waitFor();
    expect(await card.getByTestId('watch-trigger').innerText()).toBe(watch!.trigger);
    expect(watch!.trigger).toMatch(/^a 5m CHoCH (up|down) inside \d+\.\d{5}-\d+\.\d{5}/);
    expect(await field(card, 'Entry if triggered').innerText()).toBe(watch!.formatted.entry);
    expect(await field(card, 'Stop Loss').innerText()).toBe(watch!.formatted.stopLoss);
    await card.getByText(watch!.summary, { exact: true }).waitFor();
    expect(await card.getByRole('listitem').allInnerTexts()).toEqual(watch!.invalidIf);
    // Its levels are drawn as conditional lines, never as orders.
    const labels = await page
      .getByTestId('annotated-15m')
      .locator('svg g[data-label-layer="plan"] text')
      .allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).toMatch(/^If triggered: /);
    // The new card passes the accessibility audit (names, structure, its own contrast).
    expect(await audit(page, { scope: '[data-testid="setup-to-watch"]' })).toEqual([]);
  });

  it('takes a screenshot pasted into the focused zone, a dropped file, and Enter on a zone', async () => {
    await openDashboard();
    const png = readFileSync(eurusd['5m']).toString('base64');
    // Keyboard: the zones are focusable buttons; paste goes to the focused one.
    const zone5m = page.getByTestId('upload-chart5m');
    await zone5m.focus();
    await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
      document.activeElement!.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, png);
    await page.locator('[data-testid="upload-chart5m"][data-chosen="true"]').waitFor();
    expect(await zone5m.innerText()).toContain('chart5m-pasted.png');

    await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'dropped-15m.png', { type: 'image/png' }));
      const target = document.querySelector('[data-testid="upload-chart15m"]')!;
      for (const type of ['dragover', 'drop']) {
        target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
      }
    }, png);
    await page.locator('[data-testid="upload-chart15m"][data-chosen="true"]').waitFor();
    expect(await page.getByTestId('upload-chart15m').innerText()).toContain('dropped-15m.png');

    // Enter on a focused zone opens the file chooser.
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('upload-chart4h').focus();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(eurusd['4h']);
    await page.locator('[data-testid="upload-chart4h"][data-chosen="true"]').waitFor();
  });

  it('says an empty account size is required and holds the risk to its 0.1 step, next to each field', async () => {
    await openDashboard();
    await choose(eurusd);
    await page.getByLabel('Account Size (USD)').fill('');
    await page.getByLabel('Risk Percentage (%)').fill('1.25');
    await page.getByRole('button', { name: 'Analyze Charts' }).click();
    await expectToast(page, 'Check the Form', 'Account size is required', 'destructive');
    /** The message a field's aria-describedby points at: the one shown under it. */
    const describedBy = (label: string) =>
      page
        .getByLabel(label)
        .evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!)?.textContent);
    expect(await page.getByLabel('Account Size (USD)').getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy('Account Size (USD)')).toBe('Account size is required');
    expect(await describedBy('Risk Percentage (%)')).toBe('Risk goes in steps of 0.1% (for example 1.5%)');
    expect(await page.getByTestId('analysis-complete').count()).toBe(0);
  });

  it('shows "Missing Files" when a chart is missing, and names the missing slots', async () => {
    await openDashboard();
    await fileInput('chart5m').setInputFiles(eurusd['5m']);
    await analyse();
    await expectToast(
      page,
      'Missing Files',
      'Please add all three charts: a screenshot or a CSV data export for each.',
      'destructive',
    );
    await page.getByText('15-minute chart is required').waitFor();
    await page.getByText('4-hour chart is required').waitFor();
  });

  it('refuses a file that is neither a chart picture nor a chart data export, naming the slot', async () => {
    await openDashboard();
    await choose(eurusd);
    // A text file with an image name passes the browser's check; the server reads its bytes,
    // takes it for a data export and says what is wrong with it, in the slot.
    await fileInput('chart15m').setInputFiles({
      name: 'chart.png',
      mimeType: 'image/png',
      buffer: Buffer.from('time,open,high,low,close\n1,1.1,1.2,1.0,1.15\n'),
    });
    await analyse();
    await expectToast(page, 'Analysis Failed', 'The 15-minute chart data file', 'destructive');
    expect(await page.getByTestId('slot-error-15m').innerText()).toMatch(/1 bar; at least 30/);
    // And a file the browser itself knows is neither is not accepted at all.
    await fileInput('chart4h').setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await expectToast(
      page,
      'File Not Used',
      'The 4-hour chart must be a PNG, JPEG or WebP screenshot or the chart',
      'destructive',
    );
  });

  it('explains which chart could not be read when an image is not a chart', async () => {
    await openDashboard();
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 120, g: 140, b: 160 } },
    })
      .png()
      .toBuffer();
    await choose(eurusd);
    await fileInput('chart4h').setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: photo });
    await analyse();
    await expectToast(page, 'Analysis Failed', 'The 4-hour chart:', 'destructive');
  });

  it('refuses charts of two different pairs', async () => {
    await openDashboard();
    await choose({ ...eurusd, '15m': chart('gbpusd', '15m') });
    await analyse();
    await expectToast(page, 'Analysis Failed', 'different instruments', 'destructive');
  });

  it('works on a phone-sized screen without sideways scrolling', async () => {
    await openDashboard({ width: 390, height: 844 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // The concepts guide opens from the keyboard and closes with Escape.
    const card = page.getByRole('button', { name: /Order Blocks/ });
    await card.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Order Blocks' });
    await dialog.waitFor();
    await dialog.getByText('Visual Example').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});
