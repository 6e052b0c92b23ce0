import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { audit } from './support/a11y';
import { newPage, uniqueEmail, waitForPath } from './support/browser';
import {
  createAccount,
  fillRegistration,
  registerForm,
  requestCode,
  signInNewAccount,
} from './support/flows';

let context: BrowserContext;
let page: Page;

describe('accessibility audit (axe-core, serious and critical, plus headings and visible focus)', () => {
  it('catches planted problems (so a clean result means something)', async () => {
    ({ context, page } = await newPage());
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const button = document.createElement('button');
      button.style.outline = 'none';
      const faint = document.createElement('p');
      faint.textContent = 'faint text';
      faint.style.color = '#333a48';
      const h4 = document.createElement('h4');
      h4.textContent = 'skipped level';
      document.body.prepend(button);
      main.prepend(faint);
      document.querySelector('h1')!.after(h4);
    });
    const rules = (await audit(page, { tabStops: 2 })).map((i) => i.rule);
    expect(rules).toEqual(
      expect.arrayContaining(['button-name', 'color-contrast', 'heading-order', 'focus-visible']),
    );
  });

  it('finds no issue on the landing page, wide and at 360 px', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 360, height: 740 },
    ]) {
      ({ context, page } = await newPage(viewport));
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await audit(page, { tabStops: 12 })).toEqual([]);
      await context.close();
    }
  });

  it('finds no issue on the 404 page and the signed-in dashboard shell', async () => {
    ({ context, page } = await newPage());
    await page.goto('/missing');
    await page.getByRole('heading', { name: /Page Not Found/ }).waitFor();
    expect(await audit(page, { tabStops: 2 })).toEqual([]);

    await page.goto('/');
    await fillRegistration(page, { name: 'Ada Access', email: uniqueEmail('a11y'), experience: 'Expert' });
    await registerForm(page).getByRole('button', { name: 'Create Free Account' }).click();
    await waitForPath(page, '/home');
    await page.getByRole('navigation', { name: 'Account' }).waitFor();
    expect(await audit(page, { tabStops: 4 })).toEqual([]);
  });

  it('finds no issue on the sign-in code step, the Learning Center and the journal dialog', async () => {
    ({ context, page } = await newPage());
    const email = uniqueEmail('a11y-code');
    await createAccount(inject('baseUrl'), { name: 'Cody Access', email });
    await page.goto('/');
    await requestCode(page, email);
    expect(await audit(page, { tabStops: 3 })).toEqual([]);
    await context.close();

    ({ context, page } = await newPage());
    await page.goto('/');
    await signInNewAccount(page, inject('baseUrl'), 'Lea Access', uniqueEmail('a11y-learn'));
    await page.goto('/learn');
    await page.getByRole('heading', { name: 'Interactive Learning Modules' }).waitFor();
    await page
      .locator('#learning-modules')
      .getByRole('button', { name: /^Module 1/ })
      .click();
    expect(await audit(page, { tabStops: 6 })).toEqual([]);

    await page.goto('/home');
    const journal = page.locator('#journal');
    await journal.getByTestId('journal-empty').waitFor();
    await journal.getByRole('tab', { name: 'Statistics' }).click();
    expect(await audit(page)).toEqual([]);
    await journal.getByRole('button', { name: 'Add Trade' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await audit(page, { scope: '[role="dialog"]' })).toEqual([]);
  });
});
