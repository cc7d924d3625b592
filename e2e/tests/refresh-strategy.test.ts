// Issue 19 parts 6-7 through the browser: a refresh strategy created and mailed as a PDF over SMTP; a backup strategy
// created from the form, listed and deleted after a confirmation.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { app, launchBrowser, loginWithToken, newPage } from '../support/browser.ts';
import { startMailCatcher } from '../support/mail.ts';

describe('refresh and backup strategies', () => {
  let browser: Browser;
  let companyId: number;
  let companyName: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    companyName = `Harbor Clinic ${Date.now()}`;
    companyId = await createCompanyViaApi(token, companyName);
    const { data } = await callApi<{ data: { regions: { id: number }[] } }>(token, 'GET', '/api/misc/staticdata');
    await callApi(token, 'PUT', `/api/companies/sites/${companyId}`, {
      sites: [{ name: 'Main Office', region_id: data.regions[0]!.id, city: 'Tampa' }],
    });
    const sites = await callApi<{ data: { id: number }[] }>(token, 'GET', `/api/companies/sites.list.${companyId}`);
    const siteId = sites.data[0]!.id;
    await callApi(token, 'POST', '/api/devices', {
      company_id: companyId,
      site_id: siteId,
      type: 'servers',
      name: 'FS01',
      purchase_date: `${new Date().getUTCFullYear() - 6}-04-01`,
      drives: [{ letter: 'C', size: 500 }],
    });
    await callApi(token, 'POST', '/api/devices', {
      company_id: companyId,
      site_id: siteId,
      type: 'nas',
      name: 'NAS01',
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a refresh strategy, lists it per recipient, and mails its PDF', async () => {
    const mail = await startMailCatcher();
    try {
      const page = await newPage(browser);
      await loginWithToken(page);
      await page.goto(`/companies/${companyId}/refresh-strategy`);
      await page.getByText('No Refresh Strategies Have Been Completed For This Client').waitFor();
      await page.getByRole('link', { name: 'New Refresh Strategy' }).click();
      await page.waitForURL((url) => url.pathname === `/companies/${companyId}/refresh-strategy/create`);
      await page.getByRole('group', { name: 'Server' }).getByText('No Annual Replacement Plan').waitFor();
      expect(await page.getByRole('table', { name: 'All Devices' }).locator('tr[data-age="red"]').count()).toBe(1);
      await page.getByRole('textbox', { name: 'Overview' }).fill('Replace FS01 this year.');
      const adminEmail = app().adminEmail;
      await page.getByRole('combobox', { name: 'Email To' }).click();
      await page.getByRole('option', { name: new RegExp(`- ${adminEmail.replace(/[.+]/g, '\\$&')}$`) }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByText('Refresh Strategy Saved.').waitFor();
      await page.waitForURL((url) => url.pathname === `/companies/${companyId}/refresh-strategy`);
      const table = page.getByRole('table', { name: 'Refresh strategies' });
      await table.getByText(adminEmail).waitFor();

      const message = await mail.waitFor(adminEmail, (received) => received.raw.includes(companyName));
      expect(message.raw).toMatch(/Content-Type: application\/pdf/i);
      // The attachment's base64 starts with that of '%PDF-'.
      expect(message.raw).toContain('JVBERi0');
    } finally {
      await mail.close();
    }
  });

  it('creates a backup strategy from the form, lists it and deletes it after a confirmation', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/companies/${companyId}/backup-strategy`);
    await page.getByText('No Backup Strategies Found').waitFor();
    await page.getByRole('link', { name: 'New Backup Strategy' }).click();
    await page.getByRole('combobox', { name: 'Source Type' }).click();
    await page.getByRole('option', { name: 'Server', exact: true }).click();
    await page.getByRole('combobox', { name: 'Drives' }).click();
    await page.getByRole('option', { name: 'FS01 C: (500 GB)' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Backup Type' }).click();
    await page.getByRole('option', { name: 'Full', exact: true }).click();
    await page.getByRole('group', { name: 'Full schedule' }).waitFor();
    await page.getByRole('combobox', { name: 'Program' }).click();
    await page.getByRole('option', { name: 'Datto' }).click();
    await page.getByRole('combobox', { name: 'Destination Type' }).click();
    await page.getByRole('option', { name: 'Network' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Backup Strategy Created.').waitFor();
    const table = page.getByRole('table', { name: 'Backup strategies' });
    await table.getByText('FS01 C:').waitFor();
    await table.getByRole('button', { name: /^Delete backup strategy/ }).click();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    await page.getByText('Backup Strategy Deleted.').waitFor();
    await table.getByText('No Backup Strategies Found').waitFor();
  });
});
