// Issue 28 part 6 (designs/billing.md §5): with postings in the books (a manual entry of capital and one of income,
// through the API), the Balance Sheet shows the accounts by section and the A = L + E check holds, its CSV is offered
// with the filters; Verify Transactions shows every check passing.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

interface AccountsAnswer {
  data: { id: number; number: string }[];
}

describe('billing statements', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens the Balance Sheet on seeded postings, A = L + E holds, and Verify is all green', async () => {
    const token = await adminToken();
    const accounts = await callApi<AccountsAnswer>(token, 'GET', '/api/billing/accounts');
    const id = (number: string) => accounts.data.find((a) => a.number === number)!.id;
    const today = new Date().toISOString().slice(0, 10);
    await callApi(token, 'POST', '/api/billing/journal-entries', {
      date: today,
      memo: 'Capital (statements e2e)',
      lines: [
        { account_id: id('1000'), debit: 2500, credit: 0 },
        { account_id: id('3000'), debit: 0, credit: 2500 },
      ],
    });
    await callApi(token, 'POST', '/api/billing/journal-entries', {
      date: today,
      memo: 'Consulting (statements e2e)',
      lines: [
        { account_id: id('1000'), debit: 125.5, credit: 0 },
        { account_id: id('4400'), debit: 0, credit: 125.5 },
      ],
    });

    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/billing/reports/balancesheet');
    const table = page.getByRole('table', { name: 'Balance sheet' });
    await table.waitFor();
    await table.getByRole('row', { name: /1000 Operating Checking/ }).waitFor();
    await table.getByRole('row', { name: /Current-year earnings/ }).waitFor();
    await page.getByText('Assets = Liabilities + Equity').waitFor();
    const assets = await table
      .getByRole('row', { name: /Total Assets/ })
      .getByRole('cell')
      .nth(1)
      .textContent();
    const both = await table
      .getByRole('row', { name: /Total Liabilities and Equity/ })
      .getByRole('cell')
      .nth(1)
      .textContent();
    expect(assets).toBe(both);
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/billing/reports/balancesheet?format=csv',
    );

    await page.goto('/billing/reports/verifytransactions');
    await page.getByText(/^All \d+ checks passed as of/).waitFor();
    const trial = page.getByRole('region', { name: 'Trial balance is 0' });
    await trial.getByText('Pass').waitFor();
    expect(await page.getByText('Fail', { exact: true }).count()).toBe(0);
  });
});
