// Issue 16 item 12: a ticket links its company's devices, picked on the form and the detail, shown with their type.
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

/** The Devices MultiSelect's search input (its label also names the option list). */
const devicesInput = (scope: Locator) =>
  scope.locator('input:not([type="hidden"])').and(scope.getByLabel('Devices', { exact: true }));

describe('ticket devices', () => {
  let browser: Browser;
  let companyName: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    companyName = `Lakeside Dental ${Date.now()}`;
    const companyId = await createCompanyViaApi(token, companyName);
    const { data } = await callApi<{ data: { regions: { id: number }[] } }>(token, 'GET', '/api/misc/staticdata');
    await callApi(token, 'PUT', `/api/companies/sites/${companyId}`, {
      sites: [{ name: 'Front Office', region_id: data.regions[0]!.id, city: 'Tulsa' }],
    });
    const sites = await callApi<{ data: { id: number }[] }>(token, 'GET', `/api/companies/sites.list.${companyId}`);
    const device = (type: string, name: string) => ({ company_id: companyId, site_id: sites.data[0]!.id, type, name });
    await callApi(token, 'POST', '/api/devices', device('servers', 'LD-DC01'));
    await callApi(token, 'POST', '/api/devices', device('printers', 'Front Desk Printer'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('picks devices on the create form and the detail page, shown with their type, and keeps them', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/tickets/create');
    const form = page.getByRole('form', { name: 'Create Ticket' });
    await form.getByLabel(/^Subject/).fill('Printer jams on every scan');
    await form.getByLabel(/^Description/).fill('The front desk printer jams when scanning to e-mail.');
    await form
      .getByLabel(/^Company/)
      .first()
      .click();
    await page.getByRole('option', { name: companyName }).click();
    await devicesInput(form).click();
    await page.getByRole('option', { name: 'Front Desk Printer (Printers)' }).click();
    // The option list stays open for more picks; Escape closes it.
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Create Ticket' }).click();
    await page.waitForURL((url) => /^\/ticket\/\d+$/.test(url.pathname));

    const card = page.getByRole('group', { name: 'Ticket Information' });
    await card.getByText('Front Desk Printer (Printers)').first().waitFor();
    await devicesInput(card).click();
    await page.getByRole('option', { name: 'LD-DC01 (Servers)' }).click();
    await page.keyboard.press('Escape');
    await card.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Ticket updated.').waitFor();

    await page.reload();
    await card.getByText('LD-DC01 (Servers)').first().waitFor();
    expect(await card.getByText('Front Desk Printer (Printers)').count()).toBeGreaterThan(0);
    await page.getByText(/changed the devices from Front Desk Printer \(printers\) to/).waitFor();
  });
});
