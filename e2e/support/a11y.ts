import type { Page } from 'playwright-core';

// A small accessibility audit in the spirit of axe-core (which is not a project dependency):
// names of interactive elements and images from Chromium's own accessibility tree, landmarks
// and heading order, visible keyboard focus, and WCAG 2.x text contrast computed from styles.

export interface A11yIssue {
  rule: string;
  target: string;
  detail: string;
}

const NAMED_ROLES = new Set([
  'button',
  'link',
  'textbox',
  'combobox',
  'tab',
  'checkbox',
  'radio',
  'menuitem',
  'option',
  'searchbox',
  'spinbutton',
  'slider',
  'switch',
  'image',
  'img',
]);

interface AXNode {
  ignored?: boolean;
  role?: { value?: string };
  name?: { value?: string };
  properties?: Array<{ name: string; value: { value?: unknown } }>;
}

/** Interactive elements and images without an accessible name (Chromium's computation). */
export async function unnamedElements(page: Page): Promise<A11yIssue[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    return nodes
      .filter((n) => !n.ignored && NAMED_ROLES.has(String(n.role?.value ?? '')))
      .filter((n) => !String(n.name?.value ?? '').trim())
      .map((n) => ({
        rule: 'accessible-name',
        target: String(n.role?.value),
        detail: 'interactive element or image without an accessible name',
      }));
  } finally {
    await cdp.detach();
  }
}

/** One main landmark, one h1, and headings that never skip a level going down. */
export async function structureIssues(page: Page): Promise<A11yIssue[]> {
  return page.evaluate(() => {
    const issues: Array<{ rule: string; target: string; detail: string }> = [];
    const mains = document.querySelectorAll('main, [role="main"]').length;
    if (mains !== 1)
      issues.push({ rule: 'landmark-main', target: 'main', detail: `${mains} main landmarks` });
    const headings = [...document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')].filter(
      (h) => h.getClientRects().length > 0 || h.classList.contains('sr-only'),
    );
    const h1s = headings.filter((h) => h.tagName === 'H1').length;
    if (h1s !== 1) issues.push({ rule: 'page-has-one-h1', target: 'h1', detail: `${h1s} h1 elements` });
    let previous = 0;
    for (const h of headings) {
      const level = Number(h.tagName[1]);
      if (previous && level > previous + 1) {
        issues.push({
          rule: 'heading-order',
          target: `${h.tagName} "${h.textContent?.trim().slice(0, 40)}"`,
          detail: `jumps from h${previous} to h${level}`,
        });
      }
      previous = level;
    }
    return issues;
  });
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

/** WCAG 2.x contrast of visible text against its (composited) background. */
export async function contrastIssues(page: Page, rootSelector = 'body'): Promise<A11yIssue[]> {
  return page.evaluate((selector) => {
    type Rgba = [number, number, number, number];

    function oklchToRgb(l: number, c: number, hDeg: number): [number, number, number] {
      const h = (hDeg * Math.PI) / 180;
      const a = c * Math.cos(h);
      const b = c * Math.sin(h);
      const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
      const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
      const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
      const lin = [
        4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
        -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
        -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
      ];
      return lin.map((v) => {
        const x = Math.min(1, Math.max(0, v));
        return 255 * (x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055);
      }) as [number, number, number];
    }

    function parse(color: string): Rgba | null {
      const nums = (color.match(/-?[\d.]+%?/g) ?? []).map((t) =>
        t.endsWith('%') ? parseFloat(t) / 100 : parseFloat(t),
      );
      if (color.startsWith('rgb')) {
        const [r = 0, g = 0, b = 0, alpha = 1] = nums;
        return [r, g, b, alpha];
      }
      if (color.startsWith('oklch')) {
        const [l = 0, c = 0, h = 0, alpha = 1] = nums;
        return [...oklchToRgb(l, c, h), alpha];
      }
      if (color.startsWith('color(srgb')) {
        const [r = 0, g = 0, b = 0, alpha = 1] = nums;
        return [r * 255, g * 255, b * 255, alpha];
      }
      return null;
    }

    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3];
      return [
        top[0] * a + bottom[0] * (1 - a),
        top[1] * a + bottom[1] * (1 - a),
        top[2] * a + bottom[2] * (1 - a),
        1,
      ];
    };

    const luminance = ([r, g, b]: Rgba) => {
      const [R, G, B] = [r, g, b].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * R + 0.7152 * G + 0.0722 * B;
    };

    /** Background under `el`, or null when it is an image/gradient we cannot compute. */
    function background(el: Element): Rgba | null {
      const layers: Rgba[] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none') return null;
        const bg = parse(style.backgroundColor);
        if (bg && bg[3] > 0) {
          layers.push(bg);
          if (bg[3] >= 1) break;
        }
      }
      let result: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    }

    function opacity(el: Element): number {
      let value = 1;
      for (let node: Element | null = el; node; node = node.parentElement) {
        value *= parseFloat(getComputedStyle(node).opacity);
      }
      return value;
    }

    const issues: Array<{ rule: string; target: string; detail: string }> = [];
    const root = document.querySelector(selector) ?? document.body;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || seen.has(el) || !node.textContent?.trim()) continue;
      seen.add(el);
      if (el.closest('svg, [aria-hidden="true"], .sr-only, :disabled')) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      const fg = parse(style.color);
      const bg = background(el);
      if (!fg || !bg) continue;
      const shown = over([fg[0], fg[1], fg[2], fg[3] * opacity(el)], bg);
      const [l1, l2] = [luminance(shown), luminance(bg)].sort((a, b) => b - a) as [number, number];
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const required = large ? 3 : 4.5;
      if (ratio < required) {
        issues.push({
          rule: 'color-contrast',
          target: `${el.tagName.toLowerCase()} "${node.textContent.trim().slice(0, 40)}"`,
          detail: `${ratio.toFixed(2)}:1 < ${required}:1`,
        });
      }
    }
    return issues;
  }, rootSelector);
}

export async function audit(page: Page, options: { tabStops?: number; scope?: string } = {}) {
  return [
    ...(await unnamedElements(page)),
    ...(await structureIssues(page)),
    ...(await contrastIssues(page, options.scope)),
    ...(await focusIssues(page, options.tabStops ?? 0)),
  ];
}
