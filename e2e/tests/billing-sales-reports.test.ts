// Issue 28 part 6 (designs/billing.md §5; decision 0107): two invoices posted in two states; /billing/reports/dortaxes
// for their quarter shows each state's rate with its tax and the tie to 2100, the state filter keeps one, and Export
// CSV downloads the file.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('billing sales reports', () => {
  let browser: Browser;
  const stamp = Date.now().toString(36);
  const oregon = `Portland ${stamp}`;
  const washington = `Seattle ${stamp}`;
  // A quarter of its own, long before the other billing tests' documents.
  const period = '2023-Q2';

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    for (const [name, state, percent, total] of [
      [oregon, 'OR', '5', 200],
      [washington, 'WA', '10', 300],
    ] as const) {
      const rate = await callApi<{ data: { id: number } }>(token, 'POST', '/api/billing/taxrates', {
        name,
        jurisdiction: state,
        dor_code: `${state}-${stamp}`,
        percent,
        effective_from: '2020-01-01',
      });
      const companyId = await createCompanyViaApi(token, `${name} Clinic`);
      await callApi(token, 'PUT', `/api/billing/companies/${companyId}/settings`, { tax_rate_id: rate.data.id });
      const draft = await callApi<{ data: { id: number } }>(token, 'POST', '/api/billing/invoices', {
        company_id: companyId,
        invoice_date: '2023-05-10',
        lines: [{ kind: 'item', description: 'Taxable work', quantity: 1, unit_price: total, taxable: 1 }],
      });
      await callApi(token, 'POST', `/api/billing/invoices/${draft.data.id}/approve`);
      await callApi(token, 'POST', `/api/billing/invoices/${draft.data.id}/post`);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows each state's tax for the quarter, filters by state, and downloads the CSV", async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/billing/reports/dortaxes?period=${period}`);
    const table = page.getByRole('table', { name: 'DOR taxes' });
    const orRow = table.getByRole('row').filter({ hasText: oregon });
    const waRow = table.getByRole('row').filter({ hasText: washington });
    await orRow.waitFor();
    // 5 % of 200.00 and 10 % of 300.00, each in Tax and Net tax.
    expect(await orRow.getByRole('cell', { name: '10.00', exact: true }).count()).toBeGreaterThanOrEqual(2);
    expect(await waRow.getByRole('cell', { name: '30.00', exact: true }).count()).toBeGreaterThanOrEqual(2);
    expect(await orRow.getByRole('cell', { name: 'OR', exact: true }).count()).toBe(1);
    await page
      .getByLabel('Tie to the ledger')
      .getByText(/Sales Tax Payable \(2100\) 2023-04-01 to 2023-06-30/)
      .waitFor();

    await page.getByRole('textbox', { name: 'State' }).fill('wa');
    await page.waitForURL(/state=WA/);
    await orRow.waitFor({ state: 'detached' });
    await waRow.waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('dortaxes.csv');
    await page.close();
  });
});
