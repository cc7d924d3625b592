// Issue 27 part 9 (designs/billing.md §5, §7): a bookkeeper watches aged receivables while a colleague, signed in
// elsewhere, records a payment: the watching page's row, total and tie to account 1100 change without a reload
// (billing channel: PaymentUpdated, InvoiceUpdated, LedgerPosted).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('billing reports', () => {
  let browser: Browser;
  let companyId: number;
  let companyName: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    companyName = `Aging Watch ${Date.now()}`;
    companyId = await createCompanyViaApi(token, companyName);
    // A posted invoice of 500.00 for the company, through the invoices API.
    const { data: draft } = await callApi<{ data: { id: number } }>(token, 'POST', '/api/billing/invoices', {
      company_id: companyId,
      type: 'one_off',
      lines: [{ kind: 'item', description: 'Network audit', quantity: 1, unit_price: 500, taxable: 0 }],
    });
    await callApi(token, 'POST', `/api/billing/invoices/${draft.id}/approve`);
    await callApi(token, 'POST', `/api/billing/invoices/${draft.id}/post`, {});
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a payment recorded in another signed-in window without a reload, still tied to 1100', async () => {
    const watcher = await newPage(browser);
    await loginWithToken(watcher);
    await watcher.goto(`/billing/reports/agedreceivables?company_id=${companyId}`);
    const table = watcher.getByRole('table', { name: 'Aged receivables' });
    const row = table.getByRole('row').filter({ hasText: companyName });
    await row.waitFor();
    const total = table.getByLabel('Total Total');
    await expect.poll(() => total.textContent()).toBe('500.00');
    const tie = watcher.getByLabel('Tie to Accounts Receivable');
    expect(await tie.textContent()).toBe('Ties to Accounts Receivable (1100): $500.00, difference $0.00');
    await watcher.getByRole('table', { name: 'Open items' }).getByRole('row').filter({ hasText: 'INV-' }).waitFor();

    // The second window, its own browser context and session, records 200.00 against the invoice.
    const cashier = await newPage(browser);
    const tokens = await loginWithToken(cashier);
    const today = await cashier.evaluate(() => new Date().toISOString().slice(0, 10));
    const response = await cashier.request.post('/api/billing/payments/received', {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
      data: {
        company_id: companyId,
        payment_date: today,
        method: 'check',
        reference: `CHK ${Date.now()}`,
        amount: 200,
        auto_apply: true,
      },
    });
    expect(response.status(), await response.text()).toBe(200);

    // The watcher was never reloaded: its total, row and tie line follow.
    await expect.poll(() => total.textContent(), { timeout: 15_000 }).toBe('300.00');
    expect(await row.textContent()).toContain('300.00');
    await expect.poll(() => tie.textContent()).toBe('Ties to Accounts Receivable (1100): $300.00, difference $0.00');
    await Promise.all([cashier.close(), watcher.close()]);
  });

  it('lists the invoice in the register (CSV with the filters), its events in the log, its balance', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/billing/reports/invoiceregister?company_id=${companyId}`);
    const register = page.getByRole('table', { name: 'Invoice register' });
    await register.getByRole('row').filter({ hasText: companyName }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/billing/reports/invoiceregister?company_id=${companyId}&format=csv`,
    );
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('invoiceregister.csv');
    // The log has the invoice's posting and the payment applied to it (written by the invoice and payment services).
    await page.goto(`/billing/reports/invoicelog?company_id=${companyId}`);
    const log = page.getByRole('table', { name: 'Invoice log' });
    await log.getByRole('row').filter({ hasText: 'Posted' }).first().waitFor();
    await log.getByRole('row').filter({ hasText: 'Paid' }).filter({ hasText: '$200.00' }).first().waitFor();
    await page.goto(`/billing/reports/clientbalances?company_id=${companyId}`);
    await page
      .getByRole('table', { name: 'Client balances' })
      .getByRole('row')
      .filter({ hasText: companyName })
      .waitFor();
    await page.close();
  });
});
