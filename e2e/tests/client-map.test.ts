// Issue 19 part 8 (spec 2 §2 Client Map): the company filter, then two markers give a driving estimate from the local
// fake router (ROUTING_URL of global-setup), in miles and minutes; a third choice keeps only the latest. No tiles load.
import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('client map', () => {
  let browser: Browser;
  let router: Server;
  const routed: string[] = [];
  const stamp = Date.now();
  const rockies = `Rockies Dental ${stamp}`;
  const prairie = `Prairie Law ${stamp}`;

  beforeAll(async () => {
    router = createServer((request, response) => {
      routed.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'Ok', routes: [{ distance: 965_606, duration: 31_920 }] }));
    });
    await new Promise<void>((resolve) => router.listen(inject('routingPort'), '127.0.0.1', resolve));
    browser = await launchBrowser();
    const token = await adminToken();
    const { data } = await callApi<{ data: { regions: { id: number }[] } }>(token, 'GET', '/api/misc/staticdata');
    const region = data.regions[0]!.id;
    const rockiesId = await createCompanyViaApi(token, rockies);
    const prairieId = await createCompanyViaApi(token, prairie);
    await callApi(token, 'PUT', `/api/companies/sites/${rockiesId}`, {
      sites: [
        { name: 'Denver Office', region_id: region, city: 'Denver', lat: 39.7392, lng: -104.9903 },
        { name: 'Omaha Clinic', region_id: region, city: 'Omaha', lat: 41.2565, lng: -95.9345 },
      ],
    });
    await callApi(token, 'PUT', `/api/companies/sites/${prairieId}`, {
      sites: [{ name: 'Kansas City Office', region_id: region, city: 'Kansas City', lat: 39.0997, lng: -94.5786 }],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => router?.close(resolve));
  });

  it('filters by company and estimates the drive between two markers', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/companies/map');
    await page.getByRole('heading', { name: 'Company Map' }).waitFor();

    await page.getByRole('button', { name: 'Filter by Company' }).click();
    const filter = page.getByRole('dialog', { name: 'Filter by Company' });
    for (const company of [rockies, prairie]) {
      await filter.getByRole('combobox', { name: 'Companies' }).click();
      await filter.getByRole('option', { name: company }).click();
    }
    // Clicking the title closes the list of options, as a person would.
    await filter.getByText('Filter by Company', { exact: true }).click();
    await filter.getByRole('button', { name: 'Update Map' }).click();
    await filter.waitFor({ state: 'hidden' });

    const marker = (label: string) => page.getByRole('button', { name: label, exact: true });
    await marker(`Denver Office (${rockies})`).click();
    await marker(`Kansas City Office (${prairie})`).click();
    const estimate = page.getByRole('dialog', { name: 'Estimate Travel Time' });
    await estimate.getByText('600 mi').waitFor();
    await estimate.getByText('8 hrs 52 mins').waitFor();
    await estimate.getByText('Driving estimate').waitFor();
    expect(routed).toEqual(['/route/v1/driving/-104.9903,39.7392;-94.5786,39.0997?overview=false']);
    await page.keyboard.press('Escape');
    await estimate.waitFor({ state: 'hidden' });

    // A third choice keeps only the latest marker: one badge, no estimate.
    await marker(`Omaha Clinic (${rockies})`).click();
    await page.getByText('Choose a second site to estimate the travel time.').waitFor();
    expect(await page.getByRole('dialog', { name: 'Estimate Travel Time' }).count()).toBe(0);

    // Show All brings back every located site.
    await page.getByRole('button', { name: 'Filter by Company' }).click();
    await page.getByRole('dialog', { name: 'Filter by Company' }).getByRole('button', { name: 'Show All' }).click();
    await marker(`Denver Office (${rockies})`).waitFor();
  });
});
