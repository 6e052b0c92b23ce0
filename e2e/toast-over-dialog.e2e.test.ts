import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectToast, newPage, openToasts, uniqueEmail } from './support/browser';
import { signInNewAccount } from './support/flows';

/**
 * A toast that fires while a modal dialog is open (issue 20): it is drawn above the dialog's
 * overlay and content, screen readers still reach it (the dialog hides everything outside
 * itself from them), and its Close button takes a real click without closing the dialog.
 * The toast is the journal's "Trade Not Saved": the save is answered 500 by the test, so the
 * Add Trade dialog stays open under it.
 */
const shotsDir = process.env.SHOTS_DIR;
let page: Page;
const dialog = () => page.getByRole('dialog', { name: 'Add Trade' });
const field = (label: string) => dialog().getByLabel(label, { exact: true });

/** What the browser hit-tests at the centre of the open toast and of its Close button. */
function topmostAtToast(p: Page) {
  return p.evaluate(() => {
    const toast = document.querySelector<HTMLElement>('ol li[data-state="open"]');
    if (!toast) throw new Error('no open toast');
    const centre = (el: Element) => {
      const r = el.getBoundingClientRect();
      return [r.left + r.width / 2, r.top + r.height / 2] as const;
    };
    const hit = (el: Element) => {
      const at = document.elementFromPoint(...centre(el));
      return at ? toast.contains(at) : false;
    };
    const close = toast.querySelector('button[aria-label="Close"]');
    return { toast: hit(toast), close: close ? hit(close) : false };
  });
}

describe('a toast over a modal dialog', () => {
  it('is topmost, announced and dismissable while the dialog stays open', async () => {
    ({ page } = await newPage(undefined, 20_000));
    await page.goto('/');
    await signInNewAccount(page, inject('baseUrl'), 'Toast Trader', uniqueEmail('toast'));
    await page.goto('/home');
    const journal = page.locator('#journal');
    await journal.getByTestId('journal-empty').waitFor();

    await page.route('**/api/journal', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/problem+json',
            body: JSON.stringify({ title: 'Internal Server Error', status: 500, detail: 'Storage is down.' }),
          })
        : route.continue(),
    );
    await journal.getByRole('button', { name: 'Add Trade' }).click();
    await dialog().waitFor();
    await field('Symbol').fill('EURUSD');
    await dialog().getByRole('combobox', { name: 'Direction' }).click();
    await page.getByRole('option', { name: 'LONG' }).click();
    await field('Entry Price').fill('1.1');
    await field('Stop Loss').fill('1.095');
    await field('Take Profit 1').fill('1.11');
    await field('Account Size (USD)').fill('10000');
    await field('Risk %').fill('1');
    await dialog().getByRole('button', { name: 'Save Trade' }).click();
    await expectToast(page, 'Trade Not Saved', 'Storage is down.', 'destructive');
    expect(await dialog().isVisible()).toBe(true);

    // Drawn on top: the browser's own hit test finds the toast, not the overlay or the dialog.
    expect(await topmostAtToast(page)).toEqual({ toast: true, close: true });
    // SHOTS_DIR=... keeps a picture to look at, as in upload-flow.e2e.test.ts.
    if (shotsDir) {
      mkdirSync(shotsDir, { recursive: true });
      await page.screenshot({ path: `${shotsDir}/toast-over-dialog.png` });
    }

    // Still in the accessibility tree: getByRole leaves out what aria-hidden or inert hides,
    // and the dialog hides everything outside itself.
    const region = page.getByRole('region', { name: /^Notifications/ });
    // (attached, not visible: the region's own box is empty, its list is position: fixed)
    await region.waitFor({ state: 'attached' });
    const close = region.getByRole('button', { name: 'Close' });
    expect(await close.count()).toBe(1);

    // A real click (Playwright refuses one that another element would receive) closes the
    // toast and leaves the dialog, with what was typed, open.
    await close.click();
    await expect.poll(() => openToasts(page).count()).toBe(0);
    expect(await dialog().isVisible()).toBe(true);
    expect(await field('Symbol').inputValue()).toBe('EURUSD');

    // On a phone the toasts sit at the top, where the tall dialog reaches: still on top.
    await page.setViewportSize({ width: 390, height: 844 });
    await dialog().getByRole('button', { name: 'Save Trade' }).click();
    await expectToast(page, 'Trade Not Saved', 'Storage is down.', 'destructive');
    expect(await topmostAtToast(page)).toEqual({ toast: true, close: true });
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/toast-over-dialog-390.png` });
  });
});
