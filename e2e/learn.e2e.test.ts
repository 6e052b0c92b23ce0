import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { quickStartModule } from '../web/src/features/learn/content/quick-start';
import { expectToast, newPage, uniqueEmail } from './support/browser';
import { signInNewAccount } from './support/flows';
import { mailCount, waitForLoginCode } from './support/mailbox';

/**
 * The Learning Center (/learn) end to end against the built app: hash links, the accordion,
 * quizzes whose best score is stored on the server, the position-size calculator's documented
 * test vectors, a phone-width layout and keyboard use.
 */

async function open(viewport?: { width: number; height: number }): Promise<Page> {
  return (await newPage(viewport, 20_000)).page;
}

/** A new account signed in, on /learn (optionally with a hash). */
async function learnAsNewUser(
  hash = '',
  viewport?: { width: number; height: number },
): Promise<{ page: Page; email: string }> {
  const page = await open(viewport);
  const email = uniqueEmail('learn');
  await page.goto('/');
  await signInNewAccount(page, inject('baseUrl'), 'Learn Trader', email);
  await page.goto(`/learn${hash}`);
  await page.getByRole('heading', { name: 'Interactive Learning Modules' }).waitFor();
  return { page, email };
}

/** The accordion trigger of a module (the module title is in its accessible name). */
const moduleTrigger = (page: Page, title: string) =>
  page.locator('#learning-modules').getByRole('button', { name: new RegExp(`^Module \\d\\s*${title}`) });

async function expectExpanded(page: Page, title: string, expanded: boolean) {
  await page.waitForFunction(
    ([t, want]) => {
      const buttons = [...document.querySelectorAll('#learning-modules button[aria-expanded]')];
      const b = buttons.find((el) => new RegExp(`^Module \\d\\s*${t}`).test(el.textContent?.trim() ?? ''));
      return b?.getAttribute('aria-expanded') === String(want);
    },
    [title, expanded] as const,
  );
}

async function openModule(page: Page, title: string) {
  await moduleTrigger(page, title).click();
  await expectExpanded(page, title, true);
}

const saveStatus = (page: Page) => page.getByTestId('learn-save-status');

async function waitUntilSaved(page: Page) {
  await page.waitForFunction(() =>
    document
      .querySelector('[data-testid="learn-save-status"]')
      ?.textContent?.includes('saved to your account'),
  );
}

/** Answers the Quick Start quiz with `right` correct answers (the first ones), then shows the score. */
async function takeQuickStartQuiz(page: Page, right: number) {
  const quiz = page.getByRole('region', { name: `Quiz: ${quickStartModule.title}` });
  await quiz.getByRole('button', { name: /^(Start|Retake) quiz$/ }).click();
  const questions = quickStartModule.quiz;
  for (const [i, q] of questions.entries()) {
    await quiz.getByText(`Question ${i + 1} of ${questions.length}`).waitFor();
    const pick = i < right ? q.correctIndex : (q.correctIndex + 1) % q.options.length;
    await quiz.getByRole('button', { name: q.options[pick], exact: true }).click();
    await quiz.getByText(i < right ? 'Correct.' : 'Not quite.', { exact: true }).waitFor();
    await quiz
      .getByRole('button', { name: i + 1 < questions.length ? 'Next question' : 'See your score' })
      .click();
  }
  await quiz.getByText(`You scored ${right} out of ${questions.length}.`).waitFor();
}

const bestScore = (page: Page) => page.getByTestId('quick-start-quiz-best');

describe('Learning Center', () => {
  it('opens the first module and scrolls to it from /learn#quick-start and /learn#learning-modules', async () => {
    const { page } = await learnAsNewUser('#quick-start');
    for (const hash of ['#quick-start', '#learning-modules']) {
      if (hash !== '#quick-start') {
        await page.goto('/home');
        await page.goto(`/learn${hash}`);
      }
      await expectExpanded(page, 'Quick Start', true);
      // Scrolled so the modules' heading shows just below the sticky header (not under it) and
      // the first module follows in the upper half of the viewport.
      await page.waitForFunction(() => {
        const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
        const heading = document.getElementById('learning-modules-title')?.getBoundingClientRect().top ?? -1;
        const module = document.getElementById('quick-start')?.getBoundingClientRect().top ?? -1;
        return (
          window.scrollY > 200 &&
          heading >= headerBottom &&
          heading <= headerBottom + 120 &&
          module > heading &&
          module < window.innerHeight / 2
        );
      });
      await expectExpanded(page, 'Trading Fundamentals', false);
    }
  });

  it('keeps several modules open at once', async () => {
    const { page } = await learnAsNewUser();
    await openModule(page, 'Quick Start');
    await openModule(page, 'Trading Fundamentals');
    await openModule(page, 'Smart Money Concepts');
    await expectExpanded(page, 'Quick Start', true);
    await expectExpanded(page, 'Trading Fundamentals', true);
    await expect(page.getByRole('region', { name: 'Quiz: Smart Money Concepts' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(
      page.getByRole('region', { name: `Quiz: ${quickStartModule.title}` }).isVisible(),
    ).resolves.toBe(true);
  });

  it('keeps the best quiz score on the server: after a reload, a worse retake, and in a fresh browser', async () => {
    const { page, email } = await learnAsNewUser();
    // The progress loads from the server after the page: wait for it (a loaded machine is slow).
    await waitUntilSaved(page);
    await openModule(page, 'Quick Start');
    await takeQuickStartQuiz(page, 4);
    await waitUntilSaved(page);
    expect(await bestScore(page).innerText()).toBe('Best score 4/5 · 1 attempt');

    await page.reload();
    await openModule(page, 'Quick Start');
    await bestScore(page).getByText('Best score 4/5 · 1 attempt').waitFor();

    await takeQuickStartQuiz(page, 2);
    await waitUntilSaved(page);
    expect(await bestScore(page).innerText()).toBe('Best score 4/5 · 2 attempts');

    // Another browser (no cookies, no local cache) signed in as the same trader by email code.
    const other = await open();
    const before = await mailCount(email);
    const headers = { 'X-Requested-With': 'chart-to-plan', Origin: inject('baseUrl') };
    expect((await other.request.post('/api/login', { data: { email }, headers })).status()).toBe(202);
    const code = await waitForLoginCode(email, before);
    expect((await other.request.post('/api/login/verify', { data: { email, code }, headers })).status()).toBe(
      200,
    );
    await other.goto('/learn');
    expect(
      await other.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('learn-progress'))),
    ).toEqual([]);
    await openModule(other, 'Quick Start');
    await bestScore(other).getByText('Best score 4/5 · 2 attempts').waitFor();
    await expect(moduleTrigger(other, 'Quick Start').innerText()).resolves.toContain('quiz 4/5');
  });

  it('keeps progress on the page when a save fails, says so, and saves it with the next change', async () => {
    const { page } = await learnAsNewUser();
    await openModule(page, 'Quick Start');
    const lessons = quickStartModule.lessons;
    const lessonTrigger = (i: number) =>
      page.getByRole('button', { name: `1.${i + 1} ${lessons[i]!.title}` });
    await lessonTrigger(0).click();

    await page.route('**/api/learn/progress', (route) =>
      route.request().method() === 'PUT' ? route.abort('failed') : route.continue(),
    );
    await page.getByRole('button', { name: 'Mark lesson as complete' }).first().click();
    await expectToast(page, 'Progress Not Saved', 'Your progress stays on this page', 'destructive');
    await page.getByRole('button', { name: 'Lesson completed' }).waitFor();
    await expect(saveStatus(page).innerText()).resolves.toContain('not saved to your account yet');
    await expect(moduleTrigger(page, 'Quick Start').innerText()).resolves.toContain('1/4 lessons');

    await page.unroute('**/api/learn/progress');
    await lessonTrigger(1).click();
    await page.getByRole('button', { name: 'Mark lesson as complete' }).first().click();
    await waitUntilSaved(page);
    await expect(moduleTrigger(page, 'Quick Start').innerText()).resolves.toContain('2/4 lessons');

    // Both lessons reached the server, not only this browser's cache.
    const stored = (await (await page.request.get('/api/learn/progress')).json()) as {
      completedLessons: Record<string, string>;
    };
    expect(Object.keys(stored.completedLessons).sort()).toEqual(
      [`quick-start/${lessons[0]!.id}`, `quick-start/${lessons[1]!.id}`].sort(),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Interactive Learning Modules' }).waitFor();
    await expect(moduleTrigger(page, 'Quick Start').innerText()).resolves.toContain('2/4 lessons');
  });

  it('sizes positions like the documented test vectors', async () => {
    const { page } = await learnAsNewUser();
    await openModule(page, 'Risk Management Mastery');
    const calc = page.getByTestId('position-size-calculator');
    const positionSize = () =>
      calc
        .getByTestId('calculator-result')
        .locator('div', { hasText: 'Position size' })
        .locator('dd')
        .first();
    const fill = async (label: string, value: string) => calc.getByLabel(label, { exact: true }).fill(value);
    const choose = async (symbol: string) => {
      await calc.getByRole('combobox', { name: 'Instrument' }).click();
      await page.getByRole('option', { name: new RegExp(`^${symbol} `) }).click();
    };

    // EURUSD, $10,000 at 1%, 25-pip stop -> 0.40 lots ($100 at risk).
    await choose('EURUSD');
    await fill('Account size (USD)', '10000');
    await fill('Risk per trade (%)', '1');
    await fill('Entry price', '1.08400');
    await fill('Stop loss', '1.08150');
    await fill('Take profit (optional)', '');
    expect(await positionSize().innerText()).toBe('0.40 lots');
    expect(await calc.getByTestId('calculator-result').innerText()).toContain('25.0 pips');

    // USDJPY at 150, $100 risk, 25-pip stop -> 0.60 lots.
    await choose('USDJPY');
    await fill('Entry price', '150.000');
    await fill('Stop loss', '149.750');
    expect(await positionSize().innerText()).toBe('0.60 lots');

    // XAUUSD, $200 risk ($10,000 at 2%), $5 stop -> 0.40 lots.
    await choose('XAUUSD');
    await fill('Risk per trade (%)', '2');
    await fill('Entry price', '2000');
    await fill('Stop loss', '1995');
    expect(await positionSize().innerText()).toBe('0.40 lots');
    expect(await calc.getByTestId('calculator-result').innerText()).toContain('$200.00');
  });

  it('fits a 360 px wide phone without sideways scrolling', async () => {
    const { page } = await learnAsNewUser('', { width: 360, height: 740 });
    await openModule(page, 'Quick Start');
    await page.getByRole('button', { name: `1.1 ${quickStartModule.lessons[0]!.title}` }).click();
    await openModule(page, 'Risk Management Mastery');
    await openModule(page, 'Smart Money Concepts');
    await page.getByTestId('position-size-calculator').waitFor();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      body: document.body.scrollWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(widths.body).toBeLessThanOrEqual(widths.client);
    // The widest content (calculator, quiz, lesson figures) fits inside the screen.
    for (const testId of ['position-size-calculator']) {
      const box = await page.getByTestId(testId).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    }
    const figures = await page.evaluate(() =>
      [...document.querySelectorAll('main svg[role="img"], main figure')].map(
        (el) => el.getBoundingClientRect().right,
      ),
    );
    expect(figures.every((right) => right <= 361)).toBe(true);
  });

  it('opens a module and answers a quiz question with the keyboard alone', async () => {
    const { page } = await learnAsNewUser();
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

    /** Presses Tab until the focused element's text matches, like a keyboard user would. */
    async function tabTo(pattern: RegExp, limit = 150) {
      for (let i = 0; i < limit; i++) {
        await page.keyboard.press('Tab');
        if (pattern.test(await focusedText())) return;
      }
      throw new Error(`Tab never reached ${pattern}`);
    }

    await tabTo(/^Module 1\s*Quick Start/);
    await page.keyboard.press('Enter');
    await expectExpanded(page, 'Quick Start', true);
    await tabTo(/^Start quiz$/);
    await page.keyboard.press('Enter');
    const q = quickStartModule.quiz[0]!;
    await tabTo(new RegExp(`^${q.options[q.correctIndex]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    await page.keyboard.press('Enter');
    const quiz = page.getByRole('region', { name: `Quiz: ${quickStartModule.title}` });
    await quiz.getByText('Correct.', { exact: true }).waitFor();
    await quiz.getByText(q.explanation).waitFor();
    // The next step is reachable by keyboard too.
    await tabTo(/^Next question$/, 10);
    await page.keyboard.press('Space');
    await quiz.getByText(`Question 2 of ${quickStartModule.quiz.length}`).waitFor();
  });
});
