// Decision 0038: the administrator sets our letterhead at /admin/branding (reached from Settings); field errors show
// under their fields, and the saved values come back on reload.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('branding', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('saves the letterhead from Settings > Branding, with field errors under the fields', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Admin pages' })
      .getByRole('link', { name: /Branding/ })
      .click();
    const form = page.getByRole('form', { name: 'Branding' });
    await form.getByLabel('Company name').fill('Harbor IT Services');
    await form.getByLabel('Website').fill('harbor');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('The website must be a web address such as https://example.com.').waitFor();

    await form.getByLabel('Website').fill('https://harbor-it.example');
    await form.getByLabel('Address').fill('12 Dock Street, Portland, ME');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Branding Updated').waitFor();
    await page.reload();
    await expect.poll(() => form.getByLabel('Company name').inputValue()).toBe('Harbor IT Services');
    expect(await form.getByLabel('Address').inputValue()).toBe('12 Dock Street, Portland, ME');
  });
});
