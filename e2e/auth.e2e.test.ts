import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dismissToast, expectToast, newPage, uniqueEmail, waitForPath } from './support/browser';
import {
  chooseExperience,
  createAccount,
  fillRegistration,
  loginForm,
  openLoginTab,
  registerForm,
  requestCode,
  signInNewAccount,
  submitCode,
} from './support/flows';
import { waitForLoginCode } from './support/mailbox';

let page: Page;

beforeEach(async () => {
  ({ page } = await newPage());
});

/** Delays one API call so its pending state can be seen. */
async function delay(path: string, ms = 800) {
  await page.route(`**${path}`, async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

describe('registration', () => {
  it('validates as SPEC 5 with toasts', async () => {
    await page.goto('/');
    const submit = registerForm(page).getByRole('button', { name: 'Create Free Account' });
    await submit.click();
    await expectToast(page, 'Missing Information', 'Please fill in all required fields.', 'destructive');

    await registerForm(page).getByLabel('Full Name').fill('   ');
    await registerForm(page).getByLabel('Email').fill('trader@example.com');
    await chooseExperience(page, 'Learner');
    await submit.click();
    await expectToast(page, 'Missing Information', 'Please fill in all required fields.');

    await registerForm(page).getByLabel('Full Name').fill('Ana Trader');
    await registerForm(page).getByLabel('Email').fill('ana@example');
    await submit.click();
    await expectToast(page, 'Invalid Email', 'Please enter a valid email address.', 'destructive');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('registers, lands on /home with the name shown, and logs out to the landing page', async () => {
    const email = uniqueEmail('register');
    await page.goto('/');
    await fillRegistration(page, { name: 'Rita Register', email, experience: 'Intermediate' });
    await delay('/api/register');
    await registerForm(page).getByRole('button', { name: 'Create Free Account' }).click();
    await registerForm(page).getByRole('button', { name: 'Creating Account...' }).waitFor();
    await waitForPath(page, '/home');
    await expectToast(page, 'Welcome to Chart-to-Plan!');
    const user = page.getByRole('navigation', { name: 'Account' }).getByTestId('current-user');
    expect((await user.innerText()).replace(/\s+/g, ' ')).toContain('Rita Register Intermediate');
    await page.getByText('Professional Trading Analysis').waitFor();

    await delay('/api/auth/logout');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Logging out...' }).waitFor();
    await expectToast(page, 'Logged Out', 'You have been successfully logged out.');
    await waitForPath(page, '/');
    await page.getByRole('tab', { name: 'Register', selected: true }).waitFor();

    // Signed out for real: the dashboard is not reachable any more.
    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: /trade plan/ }).waitFor();
  });

  it('says "Already Registered" for an email that has an account', async () => {
    const email = uniqueEmail('taken');
    await createAccount(inject('baseUrl'), { name: 'First Owner', email });
    await page.goto('/');
    await fillRegistration(page, { name: 'Second Try', email, experience: 'Expert' });
    await registerForm(page).getByRole('button', { name: 'Create Free Account' }).click();
    await expectToast(
      page,
      'Already Registered',
      'This email is already registered. Please try logging in.',
      'destructive',
    );
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('shows "Registration Error" with the server message for other failures', async () => {
    // The real server has no other register failure a test can provoke without breaking it,
    // so this one response is substituted; the toast mapping is what is under test.
    await page.route('**/api/register', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: 'about:blank',
          title: 'Service Unavailable',
          status: 503,
          detail: 'The database is not reachable. Please try again shortly.',
        }),
      }),
    );
    await page.goto('/');
    await fillRegistration(page, { name: 'Err Or', email: uniqueEmail('err'), experience: 'Learner' });
    await registerForm(page).getByRole('button', { name: 'Create Free Account' }).click();
    await expectToast(
      page,
      'Registration Error',
      'The database is not reachable. Please try again shortly.',
      'destructive',
    );
  });
});

describe('login with an emailed code', () => {
  it('validates the email as SPEC 5', async () => {
    await page.goto('/');
    await openLoginTab(page);
    const submit = loginForm(page).getByRole('button', { name: 'Sign In' });
    await submit.click();
    await expectToast(page, 'Missing Email', 'Please enter your email address.', 'destructive');
    await loginForm(page).getByLabel('Email').fill('not-an-email');
    await submit.click();
    await expectToast(page, 'Invalid Email', 'Please enter a valid email address.', 'destructive');
  });

  it('says "Account Not Found" for an unknown email', async () => {
    await page.goto('/');
    await openLoginTab(page);
    await loginForm(page).getByLabel('Email').fill(uniqueEmail('nobody'));
    await loginForm(page).getByRole('button', { name: 'Sign In' }).click();
    await expectToast(
      page,
      'Account Not Found',
      'No account found with this email. Please register first.',
      'destructive',
    );
  });

  it('signs in with the code from the email and lands on /home', async () => {
    const email = uniqueEmail('login');
    await createAccount(inject('baseUrl'), { name: 'Leo Login', email });
    await page.goto('/');
    await openLoginTab(page);
    await loginForm(page).getByLabel('Email').fill(email);
    await delay('/api/login');
    await loginForm(page).getByRole('button', { name: 'Sign In' }).click();
    await loginForm(page).getByRole('button', { name: 'Signing In...' }).waitFor();
    const codeForm = page.getByRole('form', { name: 'Enter login code' });
    await codeForm.waitFor();
    await codeForm.getByText(email).waitFor();

    const code = await waitForLoginCode(email);
    // Pasting the code with a space (as some mail clients copy it) still works.
    await codeForm.getByLabel('Login code').focus();
    await page.evaluate(
      (text) => {
        const input = document.activeElement as HTMLInputElement;
        const data = new DataTransfer();
        data.setData('text/plain', text);
        input.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      },
      `${code.slice(0, 4)} ${code.slice(4)}`,
    );
    expect(await codeForm.getByLabel('Login code').inputValue()).toBe(code);
    await codeForm.getByRole('button', { name: 'Verify' }).click();

    await waitForPath(page, '/home');
    await expectToast(page, 'Welcome Back!');
    await page.getByRole('navigation', { name: 'Account' }).getByText('Leo Login').waitFor();
  });

  it('burns the code after 5 wrong tries: the right code no longer works', async () => {
    const email = uniqueEmail('burn');
    await createAccount(inject('baseUrl'), { name: 'Bea Burn', email });
    await page.goto('/');

    await requestCode(page, email);
    const code = await waitForLoginCode(email);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await submitCode(page, wrong);
      const left = 5 - attempt;
      await expectToast(
        page,
        'Login Error',
        attempt < 5 ? `You have ${left} ${left === 1 ? 'try' : 'tries'} left.` : undefined,
        'destructive',
      );
      await dismissToast(page);
    }
    await submitCode(page, code);
    await expectToast(page, 'Login Error', 'no longer works', 'destructive');
    expect(new URL(page.url()).pathname).toBe('/');

    // A fresh code works again.
    await page.getByRole('button', { name: 'Resend code' }).click();
    await page.getByRole('status').getByText('We sent a new 8-digit code').waitFor();
    const fresh = await waitForLoginCode(email, 1);
    await submitCode(page, fresh);
    await waitForPath(page, '/home');
  });

  it('checks the code format before sending, and can change the email', async () => {
    const email = uniqueEmail('format');
    await createAccount(inject('baseUrl'), { name: 'Fay Format', email });
    await page.goto('/');
    await requestCode(page, email);
    await submitCode(page, '1234');
    await expectToast(page, 'Invalid Code', 'Please enter the 8-digit code from your email.', 'destructive');
    await page.getByRole('button', { name: 'Change email' }).click();
    await loginForm(page).getByLabel('Email').waitFor();
  });
});

describe('signed-in pages', () => {
  it('keeps /home and /learn behind login with their headers, and a mobile menu that closes', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    const email = uniqueEmail('mobile');
    await page.goto('/');
    await fillRegistration(page, { name: 'Mo Bile', email, experience: 'Learner' });
    await registerForm(page).getByRole('button', { name: 'Create Free Account' }).click();
    await waitForPath(page, '/home');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile menu' });
    await menu.getByText('Mo Bile').waitFor();
    await menu.getByText('Learner').waitFor();
    await menu.getByRole('link', { name: 'Learning Center' }).click();
    await waitForPath(page, '/learn');
    await menu.waitFor({ state: 'detached' });
    await page.getByText('Learning Center').first().waitFor();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Chart Analysis' }).waitFor();
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Logged Out', 'You have been successfully logged out.');
    await waitForPath(page, '/');
  });

  it('asks a new account to verify its email, and verifying from the banner keeps the trader on the page', async () => {
    const email = uniqueEmail('verify');
    await signInNewAccount(page, inject('baseUrl'), 'Val Verify', email);
    await page.goto('/learn');
    const banner = page.getByRole('region', { name: 'Verify your email' });
    await banner.getByText(email).waitFor();
    const account = page.getByRole('navigation', { name: 'Account' });
    await account.getByText('Unverified').waitFor();

    await banner.getByRole('button', { name: 'Send verification code' }).click();
    await banner.getByRole('status').getByText('We sent an 8-digit code').waitFor();
    const form = banner.getByRole('form', { name: 'Verify email' });
    await form.getByLabel('Verification code').fill(await waitForLoginCode(email));
    await form.getByRole('button', { name: 'Confirm email' }).click();

    await expectToast(page, 'Email Verified');
    await banner.waitFor({ state: 'detached' });
    expect(await account.getByText('Unverified').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/learn');
    await page.reload();
    await account.getByText('Val Verify').waitFor();
    expect(await page.getByRole('region', { name: 'Verify your email' }).count()).toBe(0);
  });

  it('offers the dashboard instead of the forms to a signed-in visitor of /', async () => {
    await signInNewAccount(page, inject('baseUrl'), 'Sid Signed', uniqueEmail('signed'));
    await page.goto('/');
    await page.getByText('You are signed in as').waitFor();
    expect(await page.getByRole('form', { name: 'Register' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Start Free Analysis' }).click();
    await waitForPath(page, '/home');
    await page.getByRole('navigation', { name: 'Account' }).getByText('Sid Signed').waitFor();
  });

  it('shows "Logout Error" and stays signed in when logout fails', async () => {
    await signInNewAccount(page, inject('baseUrl'), 'Lou Fail', uniqueEmail('logoutfail'));
    await page.goto('/home');
    await page.route('**/api/auth/logout', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }),
    );
    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Logout Error', 'Failed to logout. Please try again.', 'destructive');
    expect(new URL(page.url()).pathname).toBe('/home');
    await page.getByRole('navigation', { name: 'Account' }).getByText('Lou Fail').waitFor();
  });
});
