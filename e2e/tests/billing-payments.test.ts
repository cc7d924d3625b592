// Issue 27 part 6 (designs/billing.md §5 /billing/payments/receive, §7): a bookkeeper records a partial payment by
// check against a posted invoice on Receive Payments and sees the invoice's balance drop and its state turn
// "Partially Paid"; the payment shows in Recent payments as undeposited and Make deposit takes it to the bank. The
// invoice is made and posted through the invoices API in the setup.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('billing payments', () => {
  let browser: Browser;
  let companyId: number;
  let invoiceNumber: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    companyId = await createCompanyViaApi(token, `Payer ${Date.now()}`);
    const draft = await callApi<{ data: { id: number } }>(token, 'POST', '/api/billing/invoices', {
      company_id: companyId,
      type: 'one_off',
      payment_terms: 30,
      lines: [{ kind: 'item', description: 'Network refresh labor', quantity: 4, unit_price: 125 }],
    });
    await callApi(token, 'POST', `/api/billing/invoices/${draft.data.id}/approve`);
    const posted = await callApi<{ data: { number: string } }>(
      token,
      'POST',
      `/api/billing/invoices/${draft.data.id}/post`,
      {},
    );
    invoiceNumber = posted.data.number;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('records a partial payment by check and shows the invoice Partially Paid', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/billing/payments/receive?company_id=${companyId}`);
    const invoices = page.getByRole('table', { name: 'Open invoices' });
    const row = invoices.getByRole('row').filter({ hasText: invoiceNumber });
    await row.getByRole('cell', { name: 'Open', exact: true }).waitFor();
    expect(await row.getByRole('cell', { name: '$500.00' }).count()).toBe(2);

    const form = page.getByRole('form', { name: 'Receive payment' });
    await form.getByRole('textbox', { name: 'Reference (check number)' }).fill('1042');
    await form.getByRole('textbox', { name: 'Amount' }).fill('200');
    await row.getByRole('textbox', { name: `Apply to ${invoiceNumber}` }).fill('200');
    await form.getByText('Credit: $0.00').waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Payment saved.').waitFor();

    await row.getByRole('cell', { name: 'Partially Paid', exact: true }).waitFor();
    await row.getByRole('cell', { name: '$300.00' }).waitFor();
    const recent = page.getByRole('table', { name: 'Recent payments' });
    const payment = recent.getByRole('row').filter({ hasText: '1042' });
    await payment.getByRole('cell', { name: '$200.00' }).first().waitFor();
    expect(await payment.getByRole('checkbox').count()).toBe(1);

    // Make deposit: the undeposited check goes to the bank and leaves the undeposited list.
    await payment.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Make deposit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make deposit' });
    await dialog.getByText('1 payment(s), $200.00').waitFor();
    await dialog.getByRole('combobox', { name: 'Bank account' }).click();
    await page.getByRole('option', { name: '1000 Operating Checking' }).click();
    await dialog.getByRole('button', { name: 'Deposit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await payment.getByText('(deposited)').waitFor();
    expect(await payment.getByRole('checkbox').count()).toBe(0);
    await page.close();
  });

  it('writes off the rest of a partly paid invoice from its drawer, each row with the remainder it left', async () => {
    const token = await adminToken();
    const draft = await callApi<{ data: { id: number } }>(token, 'POST', '/api/billing/invoices', {
      company_id: companyId,
      type: 'one_off',
      payment_terms: 30,
      lines: [{ kind: 'item', description: 'Printer repair', quantity: 1, unit_price: 100 }],
    });
    const id = draft.data.id;
    await callApi(token, 'POST', `/api/billing/invoices/${id}/approve`);
    const posted = await callApi<{ data: { number: string; invoice_date: string } }>(
      token,
      'POST',
      `/api/billing/invoices/${id}/post`,
      {},
    );
    await callApi(token, 'POST', '/api/billing/payments/received', {
      company_id: companyId,
      payment_date: posted.data.invoice_date,
      method: 'check',
      reference: '2077',
      amount: 60,
      allocations: [{ invoice_id: id, amount: 60 }],
    });

    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/billing/invoices?id=${id}`);
    const drawer = page.getByRole('dialog', { name: `Invoice ${posted.data.number}` });
    const applied = drawer.getByRole('table', { name: 'Payments applied' });
    const check = applied.getByRole('row').filter({ hasText: '$60.00' });
    await check.getByRole('cell', { name: '$40.00' }).waitFor();

    await drawer.getByRole('group', { name: 'Invoice actions' }).getByRole('button', { name: 'Write off' }).click();
    const dialog = page.getByRole('dialog', { name: `Write off ${posted.data.number}` });
    expect(await dialog.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('40');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Client disputes the call-out fee');
    await dialog.getByRole('button', { name: 'Write off' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const writeOff = applied.getByRole('row').filter({ hasText: 'Write-off' });
    await writeOff.getByRole('cell', { name: '$0.00' }).waitFor();
    await drawer.getByLabel('State').getByText('Paid', { exact: true }).waitFor();
    expect(await drawer.getByRole('button', { name: 'Write off' }).count()).toBe(0);
    await page.close();
  });
});
