// Issue 28 part 4 (designs/billing.md §3.7, §5 /billing/payments/make and /billing/reports/agedpayables): a bookkeeper
// enters a vendor's bill in the "Enter bill" drawer and posts it, pays part of it by check on Make Payments, and aged
// payables (open in a second window) shows the vendor's remaining balance without a reload, tied to account 2000.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('billing bills', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('enters a bill, posts it, pays it partly by check and sees aged payables change', async () => {
    const token = await adminToken();
    const expense = await callApi<{ data: { id: number; number: string }[] }>(token, 'GET', '/api/billing/accounts');
    const licences = expense.data.find((row) => row.number === '5100')!;
    const name = `Pax8 Licensing ${Date.now()}`;
    const vendor = await callApi<{ data: { id: number } }>(token, 'POST', '/api/billing/vendors', {
      name,
      payment_terms: 30,
      default_expense_account_id: licences.id,
    });
    const vendorId = vendor.data.id;

    const report = await newPage(browser);
    await loginWithToken(report);
    await report.goto('/billing/reports/agedpayables?hide_zero=1');
    await report.getByRole('table', { name: 'Aged payables' }).waitFor();

    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/billing/payments/make?vendor_id=${vendorId}`);
    await page.getByRole('table', { name: 'Payments made' }).or(page.getByText('No payments made.')).waitFor();
    await page.getByRole('button', { name: 'Enter bill' }).click();
    const drawer = page.getByRole('dialog', { name: 'Enter bill' });
    await drawer.getByRole('textbox', { name: 'Vendor ref' }).fill('P8-1001');
    await drawer.getByRole('textbox', { name: 'Line 1 description' }).fill('Microsoft 365 Business Premium');
    await drawer.getByRole('textbox', { name: 'Line 1 quantity' }).fill('10');
    await drawer.getByRole('textbox', { name: 'Line 1 unit cost' }).fill('22.5');
    await drawer.getByText('Total: $225.00').waitFor();
    await drawer.getByRole('button', { name: 'Post' }).click();
    await drawer.getByText('Bill posted.').waitFor();
    await drawer.getByText('Status: Posted, balance $225.00').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The second window follows the billing channel: the vendor's row appears with the bill's 225.00.
    const row = report.getByRole('row').filter({ hasText: name });
    await row.getByRole('cell', { name: '$225.00' }).first().waitFor();

    const bills = page.getByRole('table', { name: 'Open bills' });
    await bills.getByText('P8-1001').waitFor();
    await page.getByRole('textbox', { name: 'Check number', exact: true }).fill('5001');
    await page.getByRole('textbox', { name: 'Amount' }).fill('100');
    await page.getByRole('button', { name: 'Auto-apply oldest first' }).click();
    expect(await bills.getByRole('textbox', { name: 'Apply to P8-1001' }).inputValue()).toBe('100.00');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Payment saved.').waitFor();
    await bills.getByRole('cell', { name: '$125.00' }).waitFor();
    const made = page.getByRole('table', { name: 'Payments made' });
    await made.getByRole('row').filter({ hasText: '5001' }).waitFor();

    await row.getByRole('cell', { name: '$125.00' }).first().waitFor();
    await report.getByText(/Accounts Payable \(2000\) as of .*difference \$0\.00/).waitFor();
    await report.close();
    await page.close();
  });
});
