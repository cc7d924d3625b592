// Issue 18 part 7 (decision 0047): a product requirement added on its card, its quote created on Project Quotes and
// opened in the PDF viewer; Labor Quote Approval shows "Can't close until all quotes completed." until the quote is
// marked done, then closes. Issue 26 §2 items 1-2 (decision 0073): the project's coordinator, without 'view billing',
// quotes the requirement and closes the step; a technician working the project opens and downloads the quote.
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

  it("lets the project's coordinator quote a requirement and close the step, and a technician on it open the quote", async () => {
    const admin = await adminToken();
    const stamp = Date.now();
    const password = 'Quote-pass-123';
    // New employees hold no permission: neither has 'view billing'.
    const hire = async (name: string) => {
      const email = `${name.toLowerCase().replace(/\s+/g, '.')}.${stamp}@switchboard.test`;
      const hired = await callApi<{ data: { id: number } }>(admin, 'POST', '/api/users/employee', {
        name,
        email,
        password,
        password_confirmation: password,
        title: 'Field Technician',
        active: 0,
        departments: [],
      });
      return { id: hired.data.id, email };
    };
    const coordinator = await hire('Cora Coordinator');
    const technician = await hire('Tomas Technician');
    const companyId = await createCompanyViaApi(admin, `Coordinated Dental ${stamp}`);
    const project = await callApi<{ data: { id: number } }>(admin, 'POST', '/api/project', {
      title: 'Firewall for the front desk',
      company_id: companyId,
      coordinator_id: coordinator.id,
      researcher_id: technician.id,
      labor_required: 1,
      procurement_required: 0,
      verbally_approved: 0,
    });
    const id = project.data.id;
    await callApi(admin, 'POST', '/api/project/project_step', {
      step: 'Product Requirements',
      project_id: id,
      products: [{ option: 1, product: 'FortiGate 60F firewall' }],
    });

    const page = await newPage(browser);
    await loginWithToken(page, coordinator.email, password);
    await page.goto(`/projects/${id}`);
    const quotes = page.getByRole('group', { name: 'Project Quotes' });
    const row = quotes.getByRole('row').filter({ hasText: 'Option 1: FortiGate 60F firewall' });
    await row.getByRole('button', { name: 'Create Quote' }).click();
    const editor = page.getByRole('dialog', { name: 'Create Quote' });
    // The first line starts from the requirement: the coordinator prices it.
    expect(await editor.getByLabel('Description of line 1').inputValue()).toBe('FortiGate 60F firewall');
    expect(await editor.getByLabel('Quantity of line 1').inputValue()).toBe('1');
    await editor.getByLabel('Unit price of line 1').fill('649');
    await editor.getByRole('button', { name: 'Save Quote' }).click();
    await page.getByText('Quote saved.').waitFor();
    await row.getByText('$649.00').waitFor();
    const approval = page.getByRole('group', { name: 'Labor Quote Approval' });
    await approval.getByText("Can't close until all quotes completed.").waitFor();

    await row.getByRole('button', { name: 'Mark Done' }).click();
    await page.getByText('Quote completed.').waitFor();
    const number = await row.getByRole('link', { name: /^Q-\d{6}$/ }).innerText();
    await approval.getByRole('button', { name: 'Save & Close' }).click();
    await page.getByText('Step updated.').first().waitFor();
    await expect.poll(() => approval.getAttribute('data-status')).toBe('closed');
    await page.close();

    // The technician researching the project opens the quote from the same card, and downloads it.
    const tech = await newPage(browser);
    await loginWithToken(tech, technician.email, password);
    await tech.goto(`/projects/${id}`);
    const techQuotes = tech.getByRole('group', { name: 'Project Quotes' });
    expect(await techQuotes.getByRole('button', { name: 'Create Quote' }).count()).toBe(0);
    await techQuotes.getByRole('link', { name: number }).click();
    const viewer = tech.getByRole('dialog');
    await viewer.getByRole('heading', { name: /^Quote / }).waitFor();
    await tech.getByLabel('Page 1', { exact: true }).waitFor();
    expect(await viewer.getByRole('alert').count()).toBe(0);
    const [download] = await Promise.all([
      tech.waitForEvent('download'),
      viewer.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Quote-${number}-00.pdf`);
    await tech.close();
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
