// Mantine's styles come per component, with the chunk that holds the component's code (decision 0042,
// apps/web/mantine-styles.ts), not as one stylesheet: here every Mantine class on the screen must be defined by a
// stylesheet the page has loaded, on the sign-in page, the shell with its menus, dialogs and toasts, and pages.
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

/** Mantine's classes (`m_` and a hash) on the page that no loaded stylesheet defines. */
async function unstyledMantineClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const defined = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule)
          for (const [, name] of rule.selectorText.matchAll(/\.(m_[0-9a-f]+)/g)) defined.add(name!);
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    const used = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class*="m_"]'))) {
      for (const name of Array.from(element.classList)) if (/^m_[0-9a-f]+$/.test(name)) used.add(name);
    }
    return [...used].filter((name) => !defined.has(name)).sort();
  });
}

/** Fails with the classes and the elements (their Mantine component class) that have no styles. */
async function expectStyled(page: Page, where: string): Promise<void> {
  // Styles of a chunk arrive with it; give a lazy part that is still loading its moment.
  await page.waitForLoadState('networkidle');
  const missing = await unstyledMantineClasses(page);
  const components = await page.evaluate(
    (names) =>
      names.map((name) => {
        const element = document.querySelector(`.${name}`);
        const mantine = Array.from(element?.classList ?? []).find((c) => c.startsWith('mantine-'));
        return `${name} (${mantine ?? element?.tagName.toLowerCase() ?? '?'})`;
      }),
    missing,
  );
  expect(components, `${where}: Mantine classes without styles`).toEqual([]);
}

describe("Mantine's styles per component (decision 0042)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('every Mantine class on the sign-in page, the shell, menus, a dialog, a toast and pages is styled', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await expectStyled(page, '/login');

    await loginWithToken(page);
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await expectStyled(page, '/dashboard');

    // The top bar's menus, the search box and the chat panel show only when opened.
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByRole('menu').waitFor();
    await expectStyled(page, 'the notifications menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('combobox').fill('ad');
    await page.getByRole('listbox', { name: 'Search results' }).waitFor();
    await expectStyled(page, 'the search box');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Chat' }).click();
    await page.getByRole('dialog', { name: 'Chat' }).waitFor();
    await expectStyled(page, 'the chat panel');
    await page.keyboard.press('Escape');

    // The queue, its saved-views menu and dialog, and the toast of a saved view.
    await page.goto('/tickets');
    await page.getByRole('button', { name: 'Saved views' }).waitFor();
    await expectStyled(page, '/tickets');
    await page.getByRole('button', { name: 'Saved views' }).click();
    await page.getByRole('menuitem', { name: 'Save current view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('Name').fill(`Styles ${Date.now().toString(36)}`);
    await expectStyled(page, 'the save view dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('View saved.').waitFor();
    await expectStyled(page, 'a toast');

    for (const path of ['/companies', '/employees', '/accounts', '/profile']) {
      await page.goto(path);
      await page.getByRole('main').getByRole('heading').first().waitFor();
      await expectStyled(page, path);
    }
  });
});
