import type { Page } from 'playwright-core';

export interface NewAccount {
  name: string;
  email: string;
  experience: 'Learner' | 'Intermediate' | 'Expert';
}

/** The landing page's register form, scoped to its tab panel. */
export function registerForm(page: Page) {
  return page.getByRole('form', { name: 'Register' });
}

export function loginForm(page: Page) {
  return page.getByRole('form', { name: 'Login' });
}

export async function chooseExperience(page: Page, experience: NewAccount['experience']) {
  await registerForm(page).getByRole('combobox', { name: 'Trading Experience' }).click();
  await page.getByRole('option', { name: experience }).click();
}

export async function fillRegistration(page: Page, account: NewAccount) {
  const form = registerForm(page);
  await form.getByLabel('Full Name').fill(account.name);
  await form.getByLabel('Email').fill(account.email);
  await chooseExperience(page, account.experience);
}

export async function openLoginTab(page: Page) {
  await page.getByRole('tab', { name: 'Login' }).click();
}

/** Requests a code for `email` on the login tab and waits for the code step. */
export async function requestCode(page: Page, email: string) {
  await openLoginTab(page);
  await loginForm(page).getByLabel('Email').fill(email);
  await loginForm(page).getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('form', { name: 'Enter login code' }).waitFor();
}

export async function submitCode(page: Page, code: string) {
  const form = page.getByRole('form', { name: 'Enter login code' });
  await form.getByLabel('Login code').fill(code);
  await form.getByRole('button', { name: 'Verify' }).click();
}

/**
 * Creates an account straight through the API (signed out in the browser), for tests about
 * something other than the registration form. Sends what a same-origin browser call sends.
 */
export async function createAccount(
  baseUrl: string,
  account: { name: string; email: string; tradingExperience?: string },
): Promise<void> {
  const res = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Requested-With': 'chart-to-plan',
      Origin: baseUrl,
    },
    body: JSON.stringify({ tradingExperience: 'learner', ...account }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
}

/** Registers and signs the browser context in through the API (cookie shared with the page). */
export async function signInNewAccount(page: Page, baseUrl: string, name: string, email: string) {
  const res = await page.request.post('/api/register', {
    data: { name, email, tradingExperience: 'expert' },
    headers: { 'X-Requested-With': 'chart-to-plan', Origin: baseUrl },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
}
