// Issue 27 part 3 (designs/billing.md §3.3, §5): on /billing/items a bookkeeper creates an item in the drawer, edits its
// price (the margin follows), and archives it: it leaves the active list and shows under Archived.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('billing items', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates an item, edits its price and archives it', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/billing/items');
    const table = page.getByRole('table', { name: 'Items' });
    await table.waitFor();

    await page.getByRole('button', { name: 'New item' }).click();
    const create = page.getByRole('dialog', { name: 'New item' });
    const name = `Edge Firewall ${Date.now()}`;
    await create.getByRole('textbox', { name: 'Price' }).fill('1.001');
    await create.getByRole('button', { name: 'Save' }).click();
    await create.getByText('The name field is required.').waitFor();
    await create.getByText('The price may have at most 2 decimal places.').waitFor();

    await create.getByRole('textbox', { name: 'Name' }).fill(name);
    await create.getByRole('textbox', { name: 'SKU' }).fill('EF-100');
    await create.getByRole('textbox', { name: 'Price' }).fill('200');
    await create.getByRole('textbox', { name: 'Cost' }).fill('150');
    await create.getByRole('button', { name: 'Save' }).click();
    await create.waitFor({ state: 'hidden' });
    await page.getByText('Item created.').waitFor();

    // Search by SKU: the URL keeps it.
    await page.getByRole('textbox', { name: 'Search' }).fill('EF-100');
    await page.waitForURL(/search=EF-100/);
    const row = table.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.getByRole('cell', { name: '$200.00' }).count()).toBe(1);
    expect(await row.getByRole('cell', { name: '25.0', exact: true }).count()).toBe(1);
    expect(await row.getByRole('cell', { name: '4050 Security Services' }).count()).toBe(1);

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByRole('textbox', { name: 'Price' }).fill('300');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await row.getByRole('cell', { name: '$300.00' }).waitFor();
    await row.getByRole('cell', { name: '50.0', exact: true }).waitFor();

    await row.getByRole('button', { name: 'Edit' }).click();
    await edit.getByRole('switch', { name: 'Active' }).click();
    expect(await edit.getByRole('switch', { name: 'Active' }).isChecked()).toBe(false);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Archived', exact: true }).click();
    await page.waitForURL(/active=0/);
    await row.getByText('Archived').waitFor();
    await page.close();
  });
});
