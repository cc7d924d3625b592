// Issue 27 part 5 (designs/billing.md §5 /billing/quotes): a bookkeeper holding 'view billing' makes a quote with an
// optional line through New quote, sends it, marks it accepted for the client, converts a 30 % deposit, and the
// invoice link opens the deposit's draft on /billing/invoices. A quote without a project sent with its accept link
// (decision 0097) is approved signed out on /approve/{token}, and the open list shows it Accepted without a reload.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';
import { decodeQuotedPrintable, startMailCatcher } from '../support/mail.ts';

const runId = Date.now().toString(36);
const password = 'Quotes-password-1';

describe('billing quotes', () => {
  let browser: Browser;
  let companyName: string;
  let companyId: number;
  const email = `quotes-bookkeeper-${runId}@switchboard.test`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    companyName = `Quote Dental ${runId}`;
    companyId = await createCompanyViaApi(token, companyName);
    const { data } = await callApi<{ data: { id: number } }>(token, 'POST', '/api/user', {
      name: 'Quinn Quoter',
      email,
      password,
      type: 'user',
    });
    await callApi(token, 'PUT', `/api/users/employee/permissions/${data.id}`, { permissions: ['view billing'] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a quote, marks it accepted, converts a 30 % deposit, and the link opens the draft invoice', async () => {
    const page = await newPage(browser);
    await loginWithToken(page, email, password);
    await page.goto('/billing/quotes');
    await page.getByRole('button', { name: 'New quote' }).click();
    const editor = page.getByRole('dialog', { name: 'New quote' });
    await editor.getByRole('combobox', { name: 'Company' }).fill(companyName);
    await page.getByRole('option', { name: companyName }).click();
    await editor.getByRole('textbox', { name: 'Title' }).fill('Firewall refresh');
    await editor.getByRole('textbox', { name: 'Line 1 description' }).fill('FortiGate 60F');
    await editor.getByRole('textbox', { name: 'Line 1 unit price' }).fill('649');
    await editor.getByRole('button', { name: 'Add line' }).click();
    await editor.getByRole('textbox', { name: 'Line 2 description' }).fill('Spare power supply');
    await editor.getByRole('textbox', { name: 'Line 2 unit price' }).fill('90');
    await editor.getByRole('checkbox', { name: 'Line 2 optional' }).check();
    await editor.getByRole('button', { name: 'Save' }).click();

    // Saved: the drawer is the draft's; the optional line is not in the total.
    const drawer = page.getByRole('dialog', { name: /^Quote Draft \d+$/ });
    await drawer.getByLabel('Quote total').filter({ hasText: '$649.00' }).waitFor();
    await drawer.getByRole('button', { name: 'Send' }).click();
    const sent = page.getByRole('dialog', { name: /^Quote Q-\d{6}$/ });
    const title = (await sent.getByRole('heading').first().textContent())!;
    const number = title.replace('Quote ', '');
    await sent.getByRole('button', { name: 'Mark accepted' }).click();
    await sent.getByText('Accepted', { exact: true }).waitFor();

    const convert = sent.getByRole('group', { name: 'Convert to invoice' });
    await convert.getByText('Deposit', { exact: true }).click();
    await convert.getByRole('textbox', { name: 'Deposit percent' }).fill('30');
    await convert.getByRole('button', { name: 'Convert to invoice' }).click();
    const link = sent.getByRole('link', { name: /^Draft invoice \d+$/ });
    await link.waitFor();
    const invoiceId = (await link.textContent())!.replace('Draft invoice ', '');

    // The list shows the quote as still accepted (a deposit leaves room for the final invoice).
    const row = page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: number });
    await row.filter({ hasText: 'Accepted' }).waitFor();

    await link.click();
    await page.waitForURL(new RegExp(`/billing/invoices\\?id=${invoiceId}$`));
    const invoice = page.getByRole('dialog', { name: /^Invoice / });
    await invoice.getByRole('heading', { name: `Draft ${invoiceId}`, exact: true }).waitFor();
    await expect.poll(() => invoice.getByLabel('State').textContent()).toBe('Draft');
    await invoice.getByText(`Deposit 30% of ${number}`).waitFor();
    expect(await invoice.getByLabel('Total', { exact: true }).textContent()).toBe('$194.70');
    await page.close();
  });

  it("a project-less quote's mailed link, approved signed out, shows Accepted on the open list", async () => {
    const mail = await startMailCatcher();
    try {
      const token = await adminToken();
      const { data: quote } = await callApi<{ data: { id: number } }>(token, 'POST', '/api/billing/quotes', {
        company_id: companyId,
        title: 'Backup appliance',
        quote_date: '2026-11-02',
        lines: [{ description: 'Backup appliance', quantity: '1', unit_price: '1200.00' }],
      });
      const address = `buyer-${runId}-${Date.now()}@example.com`;
      const { data: sent } = await callApi<{ data: { number: string } }>(
        token,
        'POST',
        `/api/billing/quotes/${quote.id}/send`,
        { to: [address] },
      );

      // The bookkeeper's list is open before the client answers.
      const page = await newPage(browser);
      await loginWithToken(page, email, password);
      await page.goto('/billing/quotes');
      const row = page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: sent.number });
      await row.filter({ hasText: 'Sent' }).waitFor();

      const message = await mail.waitFor(address, (received) =>
        decodeQuotedPrintable(received.raw).includes('/approve/'),
      );
      const link = /https?:\/\/[^\s"<>]+\/approve\/[A-Za-z0-9_-]+/.exec(decodeQuotedPrintable(message.raw))?.[0];
      expect(link).toBeTruthy();
      const recipient = await newPage(browser);
      await recipient.goto(new URL(link!).pathname);
      await recipient.getByRole('heading', { name: 'Quote approval' }).waitFor();
      await recipient.getByRole('link', { name: `Quote ${sent.number}: Backup appliance (PDF)` }).waitFor();
      await recipient.getByRole('button', { name: 'Approve' }).click();
      await recipient.getByText('Thank you. Your approval has been recorded.').waitFor();

      // The list, untouched since, turns Accepted (QuoteUpdated on the billing channel).
      await row.filter({ hasText: 'Accepted' }).waitFor();
      await page.close();
      await recipient.close();
    } finally {
      await mail.close();
    }
  });
});
