import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { LANDING_SAMPLE } from '../web/src/features/landing/sample';
import { READING_ACCURACY } from '../web/src/features/landing/measured-figures';
import { newPage, sharedBrowser, waitForPath } from './support/browser';

let context: BrowserContext;
let page: Page;

async function open(viewport?: { width: number; height: number }) {
  ({ context, page } = await newPage(viewport));
}

async function horizontalOverflow(p: Page): Promise<number> {
  return p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('landing page and routes', () => {
  it('answers an unknown path with HTTP 404 and a page with the header and a way home', async () => {
    await open();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: /Page Not Found/ }).waitFor();
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Chart-to-Plan/ })
      .waitFor();
    // SPEC's hint to developers is for development builds only; this is the production build.
    expect(await page.getByText('Did you forget to add the page to the router?').count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Chart-to-Plan' }).click();
    await waitForPath(page, '/');
    await page.getByRole('tab', { name: 'Register' }).waitFor();
    // Pages the router knows answer 200, with or without a trailing slash.
    for (const path of ['/', '/home', '/learn/']) expect((await page.goto(path))?.status(), path).toBe(200);
  });

  it('shows the landing page instead of /home and /learn when signed out', async () => {
    await open();
    for (const path of ['/home', '/learn']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: /trade plan/ }).waitFor();
      await page.getByRole('tab', { name: 'Register', selected: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }
  });

  it('shows the full-screen "Loading..." spinner while the current user loads', async () => {
    await open();
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/auth/user', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/home');
    await page.getByRole('status').filter({ hasText: 'Loading...' }).waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: /trade plan/ }).waitFor();
  });

  it('has every section of SPEC 2, with real figures, the real sample result and example testimonials labelled', async () => {
    await open();
    await page.goto('/');
    // The hero shows the app's own reading and plan for the sample chart, its screenshot loaded.
    const hero = page.getByRole('figure', { name: /real result of the app/ });
    await hero.getByRole('img', { name: 'Analysis drawn on the 15 Minute chart' }).waitFor();
    expect(
      await hero
        .getByRole('img', { name: '15 Minute chart screenshot' })
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
    await hero.getByText(LANDING_SAMPLE.tradePlan.formatted.entry, { exact: true }).waitFor();
    const preview = page.getByRole('region', { name: 'What an analysis looks like' });
    await preview.getByText('Real output · test charts').waitFor();
    await preview.getByText(`${LANDING_SAMPLE.tradePlan.lotSize.toFixed(2)} lots`).waitFor();
    // Measured figures, with what they were measured on.
    await page.getByText(`${READING_ACCURACY.rendered.exactPercent} %`, { exact: true }).waitFor();
    await page.getByText(/real platform screenshots \(.*\) read within tolerance/).waitFor();
    for (const heading of [
      'What an analysis looks like',
      'Everything from chart to plan',
      'Why traders use Chart-to-Plan',
      'Learn, apply, build confidence',
      'How traders could use it',
      'Create your free account',
      'Start Your Journey',
    ]) {
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
    }
    expect(await page.getByTestId('feature-card').count()).toBe(6);
    // Four benefit tiles.
    const benefits = page.getByRole('region', { name: 'Why traders use Chart-to-Plan' });
    expect(await benefits.getByRole('listitem').count()).toBe(4);
    // Honest marketing: no unmeasured claims, testimonials marked as examples.
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(/95%|10,000\+|4\.9\/5|5000\+|50,000\+/);
    expect(text).not.toMatch(/no registration required/i);
    expect(text).toContain('no credit card');
    const testimonials = page.getByRole('region', { name: 'How traders could use it' });
    expect(await testimonials.getByText('Example', { exact: true }).count()).toBe(3);
    // The logo is there with its tagline.
    await page.getByRole('banner').getByText('Earning While Learning').waitFor();
  });

  it('arrives prerendered: it reads without JavaScript, and hydrating it raises no error', async () => {
    const noScript = await (
      await sharedBrowser()
    ).newContext({ baseURL: inject('baseUrl'), javaScriptEnabled: false });
    try {
      const bare = await noScript.newPage();
      await bare.goto('/');
      expect(await bare.getByRole('heading', { level: 1 }).innerText()).toMatch(/trade plan/);
      await bare.getByRole('heading', { name: 'What an analysis looks like' }).waitFor();
    } finally {
      await noScript.close();
    }
    await open();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('401')) errors.push(message.text());
    });
    await page.goto('/');
    // Hydrated: the forms have loaded into the prerendered page and answer.
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await page.getByRole('tab', { name: 'Login', selected: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it('header buttons scroll to their sections, and Get Started resets the form to Register', async () => {
    await open();
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Testimonials' }).click();
    await page.getByRole('heading', { name: 'How traders could use it' }).waitFor();
    await expectInViewport(page, '#testimonials');
    await header.getByRole('button', { name: 'Features' }).click();
    await expectInViewport(page, '#features');

    await header.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('tab', { name: 'Login', selected: true }).waitFor();
    await expectInViewport(page, '#get-started');

    await page.evaluate(() => window.scrollTo(0, 0));
    await header.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('tab', { name: 'Register', selected: true }).waitFor();
    await expectInViewport(page, '#get-started');
    // Keyboard users land in the first field of the form.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
  });

  it('lays the feature cards out in 1, 2 and 3 columns on small, medium and large screens', async () => {
    for (const [width, columns] of [
      [360, 1],
      [800, 2],
      [1280, 3],
    ] as const) {
      await open({ width, height: 900 });
      await page.goto('/');
      const lefts = await page
        .getByTestId('feature-card')
        .evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().left)));
      expect(new Set(lefts).size).toBe(columns);
      await context.close();
    }
  });

  it('has no horizontal scroll at 360 px and a mobile menu that closes on choice', async () => {
    await open({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);

    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile menu' });
    await menu.waitFor();
    // Escape closes it and gives focus back to the toggle.
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe(
      'landing-mobile-menu',
    );
    await toggle.click();
    await menu.waitFor();
    await menu.getByRole('button', { name: 'Get Started' }).click();
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Register', selected: true }).waitFor();
    await expectInViewport(page, '#get-started');
    expect(await horizontalOverflow(page)).toBe(0);

    await page.goto('/does-not-exist');
    await page.getByRole('heading', { name: /Page Not Found/ }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await waitForPath(page, '/does-not-exist');
  });
});

async function expectInViewport(p: Page, selector: string) {
  // Smooth scrolling is off (reducedMotion), so the position is final once the click returns;
  // poll briefly anyway for layout after a tab switch.
  const deadline = Date.now() + 3000;
  let top = Number.NaN;
  while (Date.now() < deadline) {
    top = await p.locator(selector).evaluate((el) => el.getBoundingClientRect().top);
    if (top >= -2 && top < 200) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${selector} is not at the top of the viewport (top = ${top})`);
}
