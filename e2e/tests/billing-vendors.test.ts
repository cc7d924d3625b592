// Issue 28 part 1 (designs/billing.md §3.3, §5): on /billing/vendors a bookkeeper creates a vendor with its tax id,
// sees only its masked last 4 again, and archives it once a purchase order names it: it leaves the active list and
// shows under Archived.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('billing vendors', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a vendor, shows its tax id masked, and archives it', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/billing/vendors');
    const table = page.getByRole('table', { name: 'Vendors' });
    await table.waitFor();

    await page.getByRole('button', { name: 'New vendor' }).click();
    const create = page.getByRole('dialog', { name: 'New vendor' });
    await create.getByRole('textbox', { name: 'Email' }).fill('not an address');
    await create.getByRole('button', { name: 'Save' }).click();
    await create.getByText('The name field is required.').waitFor();
    await create.getByText('The email must be a valid email address.').waitFor();

    const name = `Northwind Supply ${Date.now()}`;
    await create.getByRole('textbox', { name: 'Name' }).fill(name);
    await create.getByRole('textbox', { name: 'Email' }).fill('orders@northwind.example');
    await create.getByRole('textbox', { name: 'Contact' }).fill('Dana Reyes');
    await create.getByRole('textbox', { name: 'Terms (days)' }).fill('45');
    await create.getByRole('textbox', { name: 'Tax id' }).fill('12-3456789');
    await create.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Vendor saved.').waitFor();

    // The drawer turns into the vendor's: the tax id is shown only as its last 4, never whole.
    // Exact: the archive confirmation's title ('Archive or delete {name}?') holds the name too.
    const drawer = page.getByRole('dialog', { name, exact: true });
    await drawer.getByText('On file: •••••6789. Type a new one only to change it.').waitFor();
    expect(await page.getByText('3456789').count()).toBe(0);
    expect(await drawer.getByRole('textbox', { name: 'Tax id' }).inputValue()).toBe('');
    await page.waitForURL(/id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));

    // A purchase order names it, so Archive / Delete keeps it (archived), as the server says.
    const token = await adminToken();
    await callApi(token, 'POST', '/api/billing/purchaseorders', {
      vendor_id: id,
      order_date: '2026-11-05',
      lines: [{ description: 'FortiGate 60F', quantity: '1', unit_cost: '512.40' }],
    });
    // PurchaseOrderUpdated on the billing channel refreshes the open drawer: no reload.
    await drawer.getByRole('tab', { name: 'Purchase orders' }).click();
    await drawer.getByRole('table', { name: 'Purchase orders' }).getByText('$512.40').waitFor();
    await drawer.getByRole('tab', { name: 'Details' }).click();
    await drawer.getByRole('button', { name: 'Archive / Delete' }).click();
    const confirm = page.getByRole('button', { name: 'Yes, archive or delete it' });
    await confirm.click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Vendor archived: purchase orders or items name it, so it is kept for them.').waitFor();
    await drawer.getByText('Archived: this vendor is kept for its purchase orders and items.').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await page.getByRole('textbox', { name: 'Search' }).fill('northwind');
    await page.waitForURL(/search=northwind/);
    const row = table.getByRole('row').filter({ hasText: name });
    await row.waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Archived', exact: true }).click();
    await page.waitForURL(/archived=1/);
    await row.getByText('Archived').waitFor();
    expect(await row.getByRole('cell', { name: 'Net 45' }).count()).toBe(1);
    await page.close();
  });
});
