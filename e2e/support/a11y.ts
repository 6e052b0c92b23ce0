import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

// Accessibility audit of the page as the browser shows it now: axe-core (pinned in
// package.json) for names, roles, structure and contrast, plus a keyboard pass for visible
// focus, which axe cannot see because it never presses Tab.

export interface A11yIssue {
  rule: string;
  target: string;
  detail: string;
}

/** axe impacts that fail a test: the ones that block or seriously hinder assistive-technology users. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Structure rules axe rates "moderate" that this project still holds every page to (one main
 * landmark, one h1, headings that never skip a level): screen-reader users navigate by them.
 */
const ENFORCED_MODERATE_RULES = new Set(['landmark-one-main', 'page-has-heading-one', 'heading-order']);

/** axe violations that fail the audit, one issue per offending node, optionally within `scope`. */
export async function axeIssues(page: Page, scope?: string): Promise<A11yIssue[]> {
  const builder = new AxeBuilder({ page });
  if (scope) builder.include(scope);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? '') || (!scope && ENFORCED_MODERATE_RULES.has(v.id)))
    .flatMap((v) =>
      v.nodes.map((node) => ({
        rule: v.id,
        target: node.target.join(' '),
        detail: `${v.impact}: ${node.failureSummary ?? v.help}`.replace(/\s+/g, ' '),
      })),
    );
}

/** Presses Tab `count` times and reports focused elements with no visible focus indicator. */
export async function focusIssues(page: Page, count: number): Promise<A11yIssue[]> {
  const issues: A11yIssue[] = [];
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < count; i += 1) {
    await page.keyboard.press('Tab');
    const result = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
      const label = `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
      return { visible: outline || ring, label };
    });
    if (result && !result.visible) {
      issues.push({ rule: 'focus-visible', target: result.label, detail: 'no outline or ring when focused' });
    }
  }
  return issues;
}

/**
 * Every failing axe violation on the page (or within `scope`, a CSS selector), then the focus
 * pass over the first `tabStops` stops. An empty list means the page passes.
 */
export async function audit(page: Page, options: { tabStops?: number; scope?: string } = {}) {
  return [...(await axeIssues(page, options.scope)), ...(await focusIssues(page, options.tabStops ?? 0))];
}
