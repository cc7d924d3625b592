// Issue 27 part 11 (designs/billing.md §4-§5 /billing): a bookkeeper holding 'view billing' and 'approve billing'
// picks last month on /billing's run card, runs it for a company with a contract, reviews the draft with its lines,
// approves all without warnings and posts the approved: the card's counts move from drafted to approved to posted.
// Last month, not this one: the scheduler may already have run this month before the company existed.
import { runMonthLabel, shiftRunMonth, type BillingSummary } from '@switchboard/shared/billing/home';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

const stamp = Date.now().toString(36);
const password = 'Billing-home-pass-1';
const bookkeeper = `bea.${stamp}@switchboard.test`;
const companyName = `Run Dental ${stamp}`;

interface Item {
  id: number;
}

describe('/billing run card (billing part 11)', () => {
  let browser: Browser;
  let month: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    const { data: summary } = await callApi<{ data: BillingSummary }>(token, 'GET', '/api/billing/summary');
    month = shiftRunMonth(summary.month, -1);

    const { data: user } = await callApi<{ data: { id: number } }>(token, 'POST', '/api/user', {
      name: 'Bea Bookkeeper',
      email: bookkeeper,
      password,
      type: 'user',
    });
    await callApi(token, 'PUT', `/api/users/employee/permissions/${user.id}`, {
      permissions: ['view billing', 'approve billing'],
    });

    // A company with a contract since two months before the run's month, a billing contact with an e-mail (no
    // warning), nothing taxable: its draft is clean.
    const companyId = await createCompanyViaApi(token, companyName);
    const { data: contact } = await callApi<{ data: { id: number } }>(token, 'POST', '/api/users/client', {
      name: 'Paula Payables',
      email: `paula.${stamp}@rundental.example`,
      company_id: companyId,
      password,
      password_confirmation: password,
    });
    const { data: items } = await callApi<{
      data: { retainer_items: Item[]; overage_items: Item[]; fee_items: Item[]; cloud_items: Item[] };
    }>(token, 'GET', '/api/companies/contracts/billing_items');
    const start = `${shiftRunMonth(month, -2)}-01`;
    await callApi(token, 'POST', '/api/companies/contracts/', {
      company_id: companyId,
      start_date: start,
      end_date: `${shiftRunMonth(month, 24)}-01`,
      payment_terms: 20,
      retainer_item: items.retainer_items[0]!.id,
      overage_item: items.overage_items[0]!.id,
      late_fee_item: items.fee_items[0]!.id,
      retainer_taxable: 0,
      overage_taxable: 0,
      late_fee_taxable: 0,
      retainer_price: 100,
      overage_price: 150,
      late_fee_percent: 0,
      retainer_hours: 10,
      device_count: 5,
      max_rollover: 0,
      paperless: 0,
      billing_contacts: [contact.id],
      recurring_items: [{ id: 'new', item_id: items.cloud_items[0]!.id, quantity: 3, price: 12.5, taxable: 0 }],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('runs a month, reviews the draft with its lines, approves all without warnings and posts it', async () => {
    const page = await newPage(browser);
    await loginWithToken(page, bookkeeper, password);
    await page.goto('/billing');
    const card = page.getByLabel('Billing run');
    await card.getByRole('button', { name: 'Run now' }).waitFor();
    await card.getByRole('combobox', { name: 'Month' }).click();
    await page.getByRole('option', { name: runMonthLabel(month), exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('month') === month);

    const count = (status: string): Locator => card.getByLabel(`${status} companies`, { exact: true });
    const countOf = async (status: string) =>
      (await count(status).count()) > 0 ? await count(status).textContent() : '';

    await card.getByRole('button', { name: 'Run now' }).click();
    await expect.poll(() => countOf('Drafted'), { timeout: 60_000 }).toBe('1');
    expect(await countOf('Failed')).toBe('0');

    await card.getByRole('button', { name: 'Review' }).click();
    const review = page.getByRole('dialog', { name: `Review the run of ${runMonthLabel(month)}` });
    const row = review.getByRole('row', { name: companyName });
    await row.waitFor();
    expect(await row.getByText('Drafted', { exact: true }).count()).toBe(1);
    await row.getByRole('button', { name: 'Lines' }).click();
    const lines = row.getByRole('table', { name: /^Lines of Draft \d+$/ });
    await lines.waitFor();
    // 5 devices × $100.00 for the month, and the recurring item 3 × $12.50: nothing taxable.
    await lines.getByRole('cell', { name: '$500.00' }).waitFor();
    await lines.getByRole('cell', { name: '$37.50' }).first().waitFor();
    await lines.getByRole('cell', { name: '$537.50' }).waitFor();
    // The draft opens in the invoices feature's drawer over the review.
    await row.getByRole('button', { name: /^Draft \d+$/ }).click();
    const drawer = page.getByRole('dialog', { name: /^Invoice Draft \d+$/ });
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await review.waitFor();
    await page.keyboard.press('Escape');
    await review.waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: 'Approve all without warnings' }).click();
    await expect.poll(() => countOf('Approved'), { timeout: 30_000 }).toBe('1');
    expect(await countOf('Drafted')).toBe('0');

    // Posted, then Sent once the delivery job has mailed it: either way out of approved.
    await card.getByRole('button', { name: 'Post approved' }).click();
    const postedOrSent = async () => Number(await countOf('Posted')) + Number(await countOf('Sent'));
    await expect.poll(postedOrSent, { timeout: 30_000 }).toBe(1);
    expect(await countOf('Approved')).toBe('0');
    await page.close();
  });
});
