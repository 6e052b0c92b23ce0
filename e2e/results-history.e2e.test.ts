import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { StoredAnalysisDto } from '../contracts/analysis';
import { axeIssues } from './support/a11y';
import { storedFrom } from './support/analysis';
import { expectToast, newPage, uniqueEmail } from './support/browser';
import { signInNewAccount } from './support/flows';

/**
 * Issue 20 on the built app: the annotated charts' full-screen view (zoom, pan, keyboard) and
 * label layout, past analyses (badge, filter by pair, delete), one journal entry per plan
 * across a reload, and the journal's confirmation of an exit price far from the trade.
 */
const chartSet = (set: string) =>
  Object.fromEntries(
    ['5m', '15m', '4h'].map((tf) => [
      tf,
      fileURLToPath(new URL(`./fixtures/charts/${set}/${tf}.png`, import.meta.url)),
    ]),
  ) as Record<'5m' | '15m' | '4h', string>;

let page: Page;

async function openDashboard(viewport?: { width: number; height: number }) {
  ({ page } = await newPage(viewport, 20_000));
  await page.goto('/');
  await signInNewAccount(page, inject('baseUrl'), 'History Trader', uniqueEmail('history'));
  await page.goto('/home');
  await page.getByRole('form', { name: 'Chart analysis' }).waitFor();
}

async function analyse(set: string): Promise<StoredAnalysisDto> {
  const files = chartSet(set);
  await page.locator('input[type="file"][name="chart5m"]').setInputFiles(files['5m']);
  await page.locator('input[type="file"][name="chart15m"]').setInputFiles(files['15m']);
  await page.locator('input[type="file"][name="chart4h"]').setInputFiles(files['4h']);
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/analyze') && r.request().method() === 'POST',
    { timeout: 90_000 },
  );
  await page.getByRole('button', { name: 'Analyze Charts' }).click();
  const response = await answer;
  await page.getByTestId('analysis-complete').waitFor({ timeout: 60_000 });
  // The dashboard asks for its progress, so the answer is streamed (e2e/support/analysis.ts).
  return storedFrom(response);
}

/** Boxes of the drawn label backgrounds of one chart, in screen pixels. */
function labelBoxes(scope: Locator) {
  return scope.locator('g[data-labels] > g > rect').evaluateAll((rects) =>
    rects.map((r) => {
      const b = r.getBoundingClientRect();
      const text = r.parentElement!.querySelector('text')!.getBoundingClientRect();
      return { left: b.left, right: b.right, top: b.top, bottom: b.bottom, textWidth: text.width };
    }),
  );
}

const overlap = (a: { left: number; right: number; top: number; bottom: number }, b: typeof a) =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

const journal = () => page.locator('#journal');
const dialog = () => page.getByRole('dialog');

describe('annotated charts', () => {
  it('draws labels that never overlap, ends mitigated zones early, and opens a chart full screen to zoom and pan', async () => {
    await openDashboard();
    await analyse('eurusd-trade');
    const figure = page.getByTestId('annotated-15m');
    await figure.locator('img').waitFor();

    // Every label's background holds its text and no two labels overlap (as the browser drew them).
    for (const tf of ['5m', '15m', '4h']) {
      const boxes = await labelBoxes(page.getByTestId(`annotated-${tf}`));
      expect(boxes.length).toBeGreaterThan(3);
      for (const [i, a] of boxes.entries()) {
        expect(a.textWidth).toBeLessThanOrEqual(a.right - a.left + 0.5);
        for (const b of boxes.slice(i + 1))
          expect(overlap(a, b), `${tf}: ${JSON.stringify([a, b])}`).toBe(false);
      }
    }
    // The zones price already came back to end where it did; fresh ones run to the right edge.
    const ends = await page
      .getByTestId('annotated-charts')
      .locator('g[data-zone-end]')
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-zone-end')));
    expect(ends).toContain('mitigated');
    expect(ends).toContain('open');

    // Full screen: a dialog with the chart, zoom buttons and keyboard control.
    const open = figure.getByRole('button', { name: /^Full screen/ });
    await open.click();
    const full = page.getByTestId('chart-fullscreen');
    await full.waitFor();
    await full.getByRole('heading', { name: /15 Minute chart/ }).waitFor();
    const svg = full.locator('svg[data-zoom]');
    const zoom = async () => Number(await svg.getAttribute('data-zoom'));
    const viewBox = async () => (await svg.getAttribute('viewBox'))!.split(' ').map(Number);
    expect(await zoom()).toBe(1);
    expect(await full.getByRole('button', { name: 'Zoom out' }).isDisabled()).toBe(true);

    await page.keyboard.press('+');
    await page.keyboard.press('+');
    expect(await zoom()).toBeCloseTo(1.5625, 4);
    await full.getByRole('button', { name: 'Zoom in' }).click();
    expect(await zoom()).toBeGreaterThan(1.9);
    // Arrow keys and a drag pan the zoomed chart.
    const before = await viewBox();
    await page.keyboard.press('ArrowLeft');
    const afterKey = await viewBox();
    expect(afterKey[0]).toBeLessThan(before[0]!);
    const box = (await svg.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    expect((await viewBox())[0]).toBeGreaterThan(afterKey[0]!);
    // The wheel zooms around the pointer.
    const zoomed = await zoom();
    await page.mouse.wheel(0, -200);
    await expect.poll(zoom).toBeGreaterThan(zoomed);
    // Labels stay readable when zoomed: at least 10 px tall on screen, and still apart.
    const zoomedBoxes = await labelBoxes(full);
    for (const b of zoomedBoxes) expect(b.bottom - b.top).toBeGreaterThanOrEqual(10);
    // 0 shows the whole chart again.
    await page.keyboard.press('0');
    expect(await zoom()).toBe(1);

    expect(await axeIssues(page, '[data-testid="chart-fullscreen"]')).toEqual([]);

    // Esc closes and gives the focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await full.waitFor({ state: 'detached' });
    expect(await open.evaluate((b) => b === document.activeElement)).toBe(true);
  });
});

describe('past analyses and the journal', () => {
  it('says what each analysis concluded, filters by pair, keeps one journal entry per plan across a reload, and deletes', async () => {
    await openDashboard();
    const trade = await analyse('eurusd-trade');
    const plan = trade.result.tradePlan!;
    expect(plan).toBeTruthy();
    const idea = page.getByTestId('trade-idea');
    await idea.getByRole('button', { name: 'Add to Journal' }).click();
    await expectToast(page, 'Trade Added to Journal');
    await idea.getByRole('button', { name: 'Added to Journal' }).waitFor();

    const other = await analyse('gbpusd');
    const history = page.getByTestId('history');
    const rows = history.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    const side = plan.direction === 'LONG' ? 'Buy' : 'Sell';
    await history
      .locator(`[data-analysis-id="${trade.id}"]`)
      .getByText(`${side} plan · ${plan.confidence} %`)
      .waitFor();
    const otherBadge = other.result.tradePlan
      ? `${other.result.tradePlan.direction === 'LONG' ? 'Buy' : 'Sell'} plan`
      : other.result.setupToWatch
        ? 'Setup to watch'
        : 'No trade now';
    await history
      .locator(`[data-analysis-id="${other.id}"]`)
      .getByText(`${otherBadge} · ${other.result.confidence.score} %`)
      .waitFor();

    // Filter by pair.
    await history.getByLabel('Pair').selectOption(other.result.symbol);
    await expect.poll(() => rows.count()).toBe(1);
    await history.locator(`[data-analysis-id="${other.id}"]`).waitFor();
    await history.getByLabel('Pair').selectOption('');
    await expect.poll(() => rows.count()).toBe(2);

    // After a reload the reopened analysis says its plan is in the journal, and a second add is refused.
    await page.reload();
    await history
      .locator(`[data-analysis-id="${trade.id}"]`)
      .getByRole('button', { name: /^EURUSD/ })
      .click();
    const reopened = page.getByTestId('trade-idea').getByRole('button', { name: 'Added to Journal' });
    await reopened.waitFor();
    expect(await reopened.isDisabled()).toBe(true);
    // The stored image is the server's ~1280 px WebP, not the upload.
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="annotated-15m"] img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    expect(
      await page
        .getByTestId('annotated-15m')
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeLessThanOrEqual(1280);
    const again = await page.evaluate(
      async ({ id, body }) => {
        const r = await fetch('/api/journal', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'chart-to-plan' },
          body: JSON.stringify({ ...body, analysisId: id }),
        });
        return { status: r.status, body: await r.json() };
      },
      {
        id: trade.id,
        body: {
          symbol: 'EURUSD',
          direction: plan.direction,
          entry: plan.entry,
          stopLoss: plan.stopLoss,
          takeProfit1: plan.takeProfit1,
          accountSize: 10_000,
          riskPercentage: 2,
        },
      },
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('PLAN_ALREADY_IN_JOURNAL');
    await journal()
      .getByRole('listitem', { name: /^EURUSD (LONG|SHORT) PLANNED$/ })
      .waitFor();
    expect(
      await journal()
        .getByRole('listitem', { name: /^EURUSD (LONG|SHORT) / })
        .count(),
    ).toBe(1);

    // Delete the other analysis, after a confirmation; Keep leaves it.
    const deleteButton = history.getByRole('button', {
      name: new RegExp(`^Delete the ${other.result.symbol} analysis`),
    });
    await deleteButton.click();
    await dialog().getByRole('button', { name: 'Keep Analysis' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(2);
    await deleteButton.click();
    expect(await axeIssues(page, '[role="dialog"]')).toEqual([]);
    await dialog().getByRole('button', { name: 'Delete Analysis' }).click();
    await expectToast(page, 'Analysis Deleted');
    await expect.poll(() => rows.count()).toBe(1);
    const gone = await page.evaluate(async (id) => (await fetch(`/api/analyses/${id}`)).status, other.id);
    expect(gone).toBe(404);
    expect(await axeIssues(page, '[data-testid="history"]')).toEqual([]);
  });

  it('asks before closing a trade at a price far from it, and corrects a closed trade’s exit and fees', async () => {
    await openDashboard();
    const trade = await analyse('eurusd-trade');
    const plan = trade.result.tradePlan!;
    await page.getByTestId('trade-idea').getByRole('button', { name: 'Add to Journal' }).click();
    const card = (status: string) =>
      journal().getByRole('listitem', { name: new RegExp(`^EURUSD (LONG|SHORT) ${status}$`) });
    await card('PLANNED').getByRole('button', { name: 'Activate' }).click();
    await card('ACTIVE').getByRole('button', { name: 'Close', exact: true }).click();

    // A slipped decimal point: ten times the entry.
    const typo = (plan.entry * 10).toFixed(4);
    await dialog().getByLabel('Exit Price').fill(typo);
    await dialog().getByRole('button', { name: 'Close Trade' }).click();
    const warning = dialog().getByTestId('far-exit-warning');
    await warning.waitFor();
    expect(await warning.innerText()).toMatch(/Is this exit price right\?.*above the entry/s);
    expect(await axeIssues(page, '[role="dialog"]')).toEqual([]);
    // Editing the price withdraws the question; the right price closes at once.
    const exit = plan.takeProfit1;
    await dialog().getByLabel('Exit Price').fill(exit.toFixed(5));
    expect(await warning.count()).toBe(0);
    await dialog().getByRole('button', { name: 'Close Trade' }).click();
    await dialog().waitFor({ state: 'detached' });
    const closed = card('CLOSED');
    await closed.waitFor();

    // Correct it: the typo again asks; confirmed, it is booked.
    await closed.getByRole('button', { name: 'Correct Exit & Fees' }).click();
    await dialog().getByLabel('Exit Price').fill(typo);
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await dialog().getByTestId('far-exit-warning').waitFor();
    await dialog().getByRole('button', { name: 'Yes, Save This Price' }).click();
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(() => closed.getByTestId('entry-result').innerText()).toMatch(/^[+-][\d,]{3,}\.\d\dR/);

    // The statistics chart's axis labels stay inside the chart, even for a balance of millions.
    await journal().getByRole('tab', { name: 'Statistics' }).click();
    const curve = journal().getByTestId('equity-curve');
    await curve.waitFor();
    const cut = await curve.evaluate((svg: SVGSVGElement) => {
      const frame = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text')]
        .map((t) => ({ text: t.textContent, box: t.getBoundingClientRect() }))
        .filter(({ box }) => box.left < frame.left - 0.5 || box.right > frame.right + 0.5)
        .map(({ text }) => text);
    });
    expect(cut).toEqual([]);
    expect(await curve.locator('text').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^-?\$\d{1,3}(,\d{3}){2,}$/)]),
    );

    // Then fixed, with fees: the result is worked out again.
    await journal().getByRole('tab', { name: 'Trade Entries' }).click();
    await closed.getByRole('button', { name: 'Correct Exit & Fees' }).click();
    await dialog().getByLabel('Exit Price').fill(exit.toFixed(5));
    await dialog().getByLabel(/^Fees/).fill('7');
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await dialog().waitFor({ state: 'detached' });
    await expect
      .poll(() => closed.getByTestId('entry-result').innerText())
      .toContain(`+${plan.riskRewardRatio.toFixed(2)}R`);
    await closed.locator('dt', { hasText: /^Fees$/ }).waitFor();
  });
});
