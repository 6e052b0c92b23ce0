import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

let browser: Browser | undefined;
/** Contexts opened by newPage and not yet closed; e2e/support/page-hooks.ts closes them after each test. */
const openContexts = new Set<BrowserContext>();

/** The shared Chromium of the run (started once by the global setup). */
export async function sharedBrowser(): Promise<Browser> {
  browser ??= await chromium.connect(inject('browserWsEndpoint'));
  return browser;
}

export async function closeBrowserConnection(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

/**
 * A fresh context (own cookies) and page, at the given viewport; closed after the test. Each wait
 * (an element, a toast, a navigation) gives up after `timeoutMs`: 20 s, because on a shared
 * 2-core CI machine a context's first page (hydration, then the toaster's lazy chunk) once took
 * 12.9 s to show a toast; a wait that passes costs no more for it. Speed is measured by the
 * benchmarks, never by these waits.
 */
export async function newPage(
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
  timeoutMs = 20_000,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (
    await sharedBrowser()
  ).newContext({
    baseURL: inject('baseUrl'),
    viewport,
    reducedMotion: 'reduce',
  });
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  context.setDefaultTimeout(timeoutMs);
  const page = await context.newPage();
  return { context, page };
}

export async function closeOpenPages(): Promise<void> {
  await Promise.all([...openContexts].map((context) => context.close()));
}

/** Unique per call so tests never collide on accounts or per-email rate limits. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The open toast (Radix renders toasts as <li> inside the viewport's <ol>). */
export function openToasts(page: Page) {
  return page.locator('ol li[data-state="open"]');
}

/**
 * Waits for the toast with this title and checks its description and that it is the only one
 * visible (SPEC 2: a new toast replaces the previous).
 */
export async function expectToast(
  page: Page,
  title: string,
  description?: string,
  variant?: 'default' | 'destructive',
): Promise<void> {
  const toast = openToasts(page).filter({ hasText: title });
  await toast.first().waitFor({ state: 'visible' });
  const text = (await toast.first().innerText()).replace(/\s+/g, ' ');
  if (!text.includes(title)) throw new Error(`toast "${text}" lacks title "${title}"`);
  if (description !== undefined && !text.includes(description)) {
    throw new Error(`toast "${text}" lacks description "${description}"`);
  }
  if (variant !== undefined) {
    const actual = await toast.first().getAttribute('data-variant');
    if (actual !== variant) throw new Error(`toast "${title}" is ${actual}, expected ${variant}`);
  }
  const count = await openToasts(page).count();
  if (count !== 1) throw new Error(`expected exactly one open toast, found ${count}`);
}

export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

/** Closes the open toast with its Close button and waits until none is open. */
export async function dismissToast(page: Page): Promise<void> {
  await openToasts(page).first().getByRole('button', { name: 'Close' }).click();
  await openToasts(page).first().waitFor({ state: 'detached' });
}
