// Issue 18 part 7 (decision 0047): a product requirement added on its card, its quote created on Project Quotes and
// opened in the PDF viewer; Labor Quote Approval shows "Can't close until all quotes completed." until the quote is
// marked done, then closes.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('project quotes', () => {
  let browser: Browser;
  let projectId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    const companyId = await createCompanyViaApi(token, `Quote Dental ${Date.now()}`);
    const created = await callApi<{ data: { id: number } }>(token, 'POST', '/api/project', {
      title: 'Network refresh',
      company_id: companyId,
      labor_required: 1,
      procurement_required: 0,
      verbally_approved: 0,
    });
    projectId = created.data.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds a requirement, quotes it, opens its PDF, and closes Labor Quote Approval once the quote is done', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/projects/${projectId}`);

    const requirements = page.getByRole('group', { name: 'Product Requirements' });
    await requirements.getByRole('button', { name: 'Add Requirement' }).click();
    await requirements.getByLabel('Product of requirement 1').fill('Firewall');
    await requirements.getByRole('button', { name: 'Save Requirements' }).click();
    await page
      .getByRole('dialog', { name: 'Save Requirements' })
      .getByRole('button', { name: 'Save', exact: true })
      .click();
    await page.getByText('Product requirements saved.').waitFor();

    const quotes = page.getByRole('group', { name: 'Project Quotes' });
    const row = quotes.getByRole('row').filter({ hasText: 'Option 1: Firewall' });
    await row.getByRole('button', { name: 'Create Quote' }).click();
    const editor = page.getByRole('dialog', { name: 'Create Quote' });
    await editor.getByLabel('Description of line 1').fill('FortiGate 60F firewall');
    await editor.getByLabel('Unit price of line 1').fill('649');
    await editor.getByRole('button', { name: 'Save Quote' }).click();
    await page.getByText('Quote saved.').waitFor();
    await row.getByText('$649.00').waitFor();

    const approval = page.getByRole('group', { name: 'Labor Quote Approval' });
    await approval.getByText("Can't close until all quotes completed.").waitFor();
    expect(await approval.getByRole('button', { name: 'Save & Close' }).count()).toBe(0);

    const link = row.getByRole('link', { name: /^Draft \d+$/ });
    const quoteId = Number((await link.innerText()).replace('Draft ', ''));
    await link.click();
    const viewer = page.getByRole('dialog');
    await viewer.getByRole('heading', { name: `Quote ${quoteId}` }).waitFor();
    await page.getByLabel('Page 1', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === `/projects/${projectId}`);

    await row.getByRole('button', { name: 'Mark Done' }).click();
    await page.getByText('Quote completed.').waitFor();
    await row.getByRole('link', { name: /^Q-\d{6}$/ }).waitFor();

    await approval.getByRole('button', { name: 'Save & Close' }).click();
    await page.getByText('Step updated.').first().waitFor();
    await expect.poll(() => approval.getAttribute('data-status')).toBe('closed');
  });
});
