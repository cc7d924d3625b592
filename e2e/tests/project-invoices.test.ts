// Issue 18 part 8 (decision 0045): a deposit invoice made on the project's Client Payment Invoices card, listed there
// with its number, total, balance and due date, and opened in the PDF viewer titled with its label.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('project invoices', () => {
  let browser: Browser;
  let projectId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    const companyId = await createCompanyViaApi(token, `Deposit Dental ${Date.now()}`);
    const project = { title: 'Server room', company_id: companyId, labor_required: 0, procurement_required: 0 };
    const created = await callApi<{ data: { id: number } }>(token, 'POST', '/api/project', {
      ...project,
      verbally_approved: 0,
    });
    projectId = created.data.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a deposit invoice from the card, lists it, and opens its PDF', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/projects/${projectId}`);
    const card = page.getByRole('group', { name: 'Client Payment Invoices' });
    await card.getByText('No invoices yet.').waitFor();
    await card.getByLabel('Deposit (USD)').fill('1250.50');
    await card.getByRole('button', { name: 'Create Deposit Invoice' }).click();
    await page.getByText('Deposit invoice created.').waitFor();
    const row = card.getByRole('row').filter({ hasText: 'Deposit' });
    await row.getByText('$1,250.50').first().waitFor();
    const link = row.getByRole('link', { name: /^INV-\d{6}$/ });
    const label = await link.innerText();
    await link.click();
    await page
      .getByRole('dialog')
      .getByRole('heading', { name: `Invoice ${label}` })
      .waitFor();
    await page.getByLabel('Page 1', { exact: true }).waitFor();
  });
});
