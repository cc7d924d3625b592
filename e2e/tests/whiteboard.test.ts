// Issue 20 part 1 (spec 3 §2 Whiteboard): an article written in a category created on the fly, found by the sidebar's
// search with the matched word highlighted, and opened from the result.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('whiteboard', () => {
  let browser: Browser;
  const stamp = Date.now().toString(36);
  const title = `Quokka gateway ${stamp}`;
  const category = `Gateways ${stamp}`;
  const word = `zebrafirmware${stamp}`;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('writes an article in a new category, finds it by search and opens it', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/whiteboard/');
    await page.getByRole('link', { name: 'New Article' }).click();
    const form = page.getByRole('form', { name: 'New article' });
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('combobox', { name: 'Category', exact: true }).click();
    await page.getByRole('option', { name: '+ Create new category' }).click();
    await form.getByRole('textbox', { name: 'New category name' }).fill(category);
    await form.getByRole('textbox', { name: 'Article text' }).click();
    await page.keyboard.type(`Update the ${word} before a reboot.`);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Article created.').first().waitFor();
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('navigation', { name: 'Whiteboard categories' }).getByText(category).waitFor();

    await page.goto('/whiteboard/');
    await page.getByRole('textbox', { name: 'Search articles' }).fill(word);
    const results = page.getByRole('list', { name: 'Search results' });
    await results.locator('mark', { hasText: word }).waitFor();
    await results.getByRole('link', { name: title }).click();
    await page.getByRole('article').getByRole('heading', { name: title }).waitFor();
    await page.getByRole('article').getByText(`Update the ${word} before a reboot.`).waitFor();
  });
});
