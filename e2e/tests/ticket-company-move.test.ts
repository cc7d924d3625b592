// Issue 16 item 1 through the browser: staff move a ticket to another company on its page, and the site is chosen
// again from the new company's sites (contracts.test.ts checks that the ticket's hours follow it).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

interface TicketAnswer {
  data: { id: number; company_id: number; site_id: number | null; company: { name: string } };
}

describe('moving a ticket to another company', () => {
  let browser: Browser;
  let token: string;
  const stamp = Date.now();
  const from = { name: `Old Harbor Dental ${stamp}`, id: 0, site: 'Harbor Main' };
  const to = { name: `New Harbor Dental ${stamp}`, id: 0, site: 'Harbor Annex' };

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken();
    const { data } = await callApi<{ data: { regions: { id: number }[] } }>(token, 'GET', '/api/misc/staticdata');
    for (const company of [from, to]) {
      company.id = await createCompanyViaApi(token, company.name);
      const site = { name: company.site, region_id: data.regions[0]!.id, city: 'Austin' };
      await callApi(token, 'PUT', `/api/companies/sites/${company.id}`, { sites: [site] });
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  const siteIds = async (companyId: number) => {
    const { data } = await callApi<{ data: { id: number }[] }>(token, 'GET', `/api/companies/sites.list.${companyId}`);
    return data.map((site) => site.id);
  };

  it('changes the company on the ticket page and chooses the site from the new company', async () => {
    const [oldSite] = await siteIds(from.id);
    const ticket = { subject: 'Wrong practice', body: 'Belongs to the annex.', location: 1, triage_id: 2 };
    const body = { ...ticket, company_id: from.id, site_id: oldSite };
    const ticketId = (await callApi<{ data: { id: number } }>(token, 'POST', '/api/ticket', body)).data.id;

    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/ticket/${ticketId}`);
    const information = page.getByRole('group', { name: 'Ticket Information' });
    await expect.poll(() => information.getByLabel('Site').inputValue()).toBe(from.site);
    await information.getByLabel('Company').click();
    await page.getByRole('option', { name: to.name }).click();
    // The old company's site is gone from the form; the new company's sites are offered.
    expect(await information.getByLabel('Site').inputValue()).toBe('');
    await information.getByLabel('Site').click();
    await page.getByRole('option', { name: to.site }).click();
    await information.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Ticket updated.').waitFor();
    await page.getByRole('link', { name: to.name }).waitFor();

    const [newSite] = await siteIds(to.id);
    const saved = await callApi<TicketAnswer>(token, 'GET', `/api/ticket/${ticketId}`);
    expect(saved.data).toMatchObject({ company_id: to.id, site_id: newSite, company: { name: to.name } });
  });
});
