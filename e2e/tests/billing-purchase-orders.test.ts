// Issue 28 part 2 (designs/billing.md §3.7, §5 /billing/purchaseorders): a buyer creates a purchase order for a vendor,
// adds lines, saves it, approves and sends it, and sees its PO number and the Ordered status in the drawer and the list.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('billing purchase orders', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates an order, adds lines, approves and sends it, and shows its number and status', async () => {
    const vendorName = `Contoso Supply ${Date.now()}`;
    const token = await adminToken();
    await callApi(token, 'POST', '/api/billing/vendors', { name: vendorName, email: 'orders@contoso.example' });

    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/billing/purchaseorders');
    await page.getByRole('table', { name: 'Purchase orders' }).waitFor();

    await page.getByRole('button', { name: 'New purchase order' }).click();
    const create = page.getByRole('dialog', { name: 'New purchase order' });
    await create.getByRole('button', { name: 'Save' }).click();
    await create.getByText('Choose a vendor.').waitFor();

    await create.getByRole('combobox', { name: 'Vendor' }).fill(vendorName);
    await page.getByRole('option', { name: vendorName }).click();
    await create.getByRole('textbox', { name: 'Line 1 description' }).fill('FortiGate 60F firewall');
    await create.getByRole('textbox', { name: 'Line 1 quantity' }).fill('2');
    await create.getByRole('textbox', { name: 'Line 1 unit cost' }).fill('512.40');
    await create.getByRole('button', { name: 'Add line' }).click();
    await create.getByRole('textbox', { name: 'Line 2 description' }).fill('Patch cable, 2 m');
    await create.getByRole('textbox', { name: 'Line 2 quantity' }).fill('3');
    await create.getByRole('textbox', { name: 'Line 2 unit cost' }).fill('4.25');
    await create.getByText('Total $1,037.55').waitFor();
    await create.getByRole('button', { name: 'Save' }).click();

    // The drawer becomes the saved draft's.
    await page.waitForURL(/id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const drawer = page.getByRole('dialog', { name: `Purchase order Draft ${id}` });
    await drawer.getByRole('textbox', { name: 'Line 2 description' }).waitFor();
    expect(await drawer.getByRole('textbox', { name: 'Line 2 description' }).inputValue()).toBe('Patch cable, 2 m');

    await drawer.getByRole('button', { name: 'Approve and send' }).click();
    await page.getByText('Purchase order sent.').waitFor();
    const sent = page.getByRole('dialog', { name: /^Purchase order PO-\d{6}$/ });
    await sent.waitFor();
    const title = (await sent.getByRole('heading').first().textContent()) ?? '';
    const number = /PO-\d{6}/.exec(title)?.[0];
    expect(number).toBeTruthy();
    await sent.getByText('Ordered', { exact: true }).waitFor();
    await sent.getByText('Revisions').waitFor();
    await sent.getByRole('link', { name: '00' }).waitFor();

    await page.keyboard.press('Escape');
    await sent.waitFor({ state: 'hidden' });
    const row = page.getByRole('table', { name: 'Purchase orders' }).getByRole('row').filter({ hasText: number! });
    await row.getByText('Ordered', { exact: true }).waitFor();
    await row.getByText('$1,037.55').waitFor();
    await page.close();
  });
});
