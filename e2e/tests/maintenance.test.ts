// Issue 19 parts 1, 2 and 5, issue 26 §1 items 10-11: from an untouched server row, create the maintenance ticket,
// complete the baseline checklist (its note rule), write the month's notes, close the ticket from the page (no client
// account: decision 0062) and see the month turn green.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('scheduled maintenance', () => {
  let browser: Browser;
  let token: string;
  let companyId: number;
  let companyName: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken();
    // Sorts first on the month's page of companies.
    companyName = `0 Maintained Clinic ${Date.now()}`;
    companyId = await createCompanyViaApi(token, companyName);
    const { data } = await callApi<{ data: { regions: { id: number }[] } }>(token, 'GET', '/api/misc/staticdata');
    await callApi(token, 'PUT', `/api/companies/sites/${companyId}`, {
      sites: [{ name: 'Main Office', region_id: data.regions[0]!.id, city: 'Boise' }],
    });
    const sites = await callApi<{ data: { id: number }[] }>(token, 'GET', `/api/companies/sites.list.${companyId}`);
    await callApi(token, 'POST', '/api/devices', {
      company_id: companyId,
      site_id: sites.data[0]!.id,
      type: 'servers',
      name: 'MC-DC01',
      roles: 'Domain Controller, File Server',
      antivirus_id: 2,
      scheduled_maintenance: 1,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates the ticket from the month, completes the baseline, and the month turns green once it is closed', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/maintenance');
    const company = page.getByRole('region', { name: companyName });
    const row = company.getByRole('row', { name: 'MC-DC01' });
    await row.getByText('Yes for AVG Updates').waitFor();
    await row.getByText('File Server').waitFor();

    await row.getByRole('button', { name: 'baseline: Incomplete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Maintenance Ticket' });
    await dialog.getByText('can not be undone', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    await page.waitForURL((url) => /^\/maintenance\/baseline\/\d+\/\d+\/\d+\/\d+\/\d+\/\d+$/.test(url.pathname));
    const ticketId = Number(new URL(page.url()).pathname.split('/')[7]);

    await page.getByRole('button', { name: 'Check In' }).click();
    await page.getByRole('button', { name: 'Check Out' }).waitFor();

    // Seventeen questions N/A (notes fill themselves), the first Yes without notes: saving is blocked.
    const questions = page.getByRole('group', { name: /^\d+\. / });
    expect(await questions.count()).toBe(18);
    for (let index = 1; index < 18; index += 1) await questions.nth(index).getByRole('button', { name: 'N/A' }).click();
    const first = questions.nth(0);
    await first.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('button', { name: 'Save Baseline' }).click();
    await expect.poll(() => first.getAttribute('data-missing')).toBe('true');
    await first.getByRole('textbox', { name: 'Notes' }).fill('Server room locked, badge access only.');
    await page.getByRole('button', { name: 'Save Baseline' }).click();
    await page.getByText('Baseline Security checklist saved.').waitFor();
    await page.getByRole('button', { name: 'Update Baseline' }).waitFor();

    // The month shows the ticket id in red while the ticket is open, and links the month's notes.
    await page.goto('/maintenance');
    const badge = row.getByLabel(`baseline: ticket ${ticketId}`);
    await expect.poll(() => badge.getAttribute('data-state')).toBe('red');
    await row.getByRole('link', { name: 'Maintenance notes of MC-DC01' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/maintenance/notes/'));
    const notes = page.getByRole('region', { name: 'Notes of the month' });
    await notes.getByRole('textbox', { name: 'Maintenance notes' }).fill('UPS battery warning: replace next visit.');
    await notes.getByRole('button', { name: 'Save Notes' }).click();
    await page.getByText('Maintenance notes saved.').waitFor();

    // The technician closes the month's ticket from here; the company has no client account, and none is needed.
    await page.getByRole('button', { name: 'Close Ticket' }).click();
    await page.getByText('Ticket Closed').waitFor();
    const checklists = page.getByRole('region', { name: 'Checklists of the month' });
    await checklists.getByText(`Ticket ${ticketId}`).waitFor();

    await page.goto('/maintenance');
    await expect.poll(() => badge.getAttribute('data-state')).toBe('green');
  });
});
