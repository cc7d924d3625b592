// Issue 27 part 3 (designs/billing.md §3.3, §5; decisions 0066, 0082): a bookkeeper with 'manage accounting' creates
// a tax rate on /billing/taxrates (2100 Sales Tax Payable by default); 101 % is refused with decision 0066's message.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('billing tax rates', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('refuses 101 % and creates a rate', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/billing/taxrates');
    const table = page.getByRole('table', { name: 'Tax rates' });
    await table.waitFor();

    await page.getByRole('button', { name: 'New tax rate' }).click();
    const dialog = page.getByRole('dialog', { name: 'New tax rate' });
    const name = `Wisconsin State ${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Jurisdiction' }).fill('wi');
    await dialog.getByRole('textbox', { name: 'DOR code' }).fill('53');
    await dialog.getByRole('textbox', { name: 'Rate %' }).fill('101');
    await dialog.getByLabel('Effective from').fill('2026-01-01');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The rate must be between 0 and 100.').waitFor();

    await dialog.getByRole('textbox', { name: 'Rate %' }).fill('5.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = table.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.getByRole('cell', { name: 'WI', exact: true }).count()).toBe(1);
    expect(await row.getByRole('cell', { name: '5.5000' }).count()).toBe(1);
    expect(await row.getByRole('cell', { name: '2100 Sales Tax Payable' }).count()).toBe(1);
    await page.close();
  });
});
