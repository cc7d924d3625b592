// Issue 6 parts 3-5 through the browser: the company page, basic information, sites and site information.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('company detail', () => {
  let browser: Browser;
  let companyId: number;
  const name = `Harbor Freight Legal ${Date.now()}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    companyId = await createCompanyViaApi(await adminToken(), name);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('edits basic information, adds two sites, and keeps site and tech information', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/companies/${companyId}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const counters = page.getByLabel('Company counters');
    expect(await counters.getByRole('group', { name: 'Locations' }).textContent()).toBe('Locations0');
    expect(await counters.getByRole('group', { name: 'Contract' }).textContent()).toBe('ContractNone');
    for (const label of [
      'Basic Information',
      'Sites',
      'Site Information',
      'Accounts',
      'Contracts',
      'Ticket Flags',
      'Usage',
      'Network Grades',
      'Refresh Strategies',
      'Backup Strategies',
    ]) {
      await page.getByRole('tab', { name: label }).waitFor();
    }

    // Basic information: a bad website is refused under the field, then the update goes through.
    const basic = page.getByRole('form', { name: 'Basic Information' });
    await basic.getByLabel(/^Website/).fill('not a url');
    await basic.getByRole('button', { name: 'Update' }).click();
    await basic.getByText('The website must be a valid URL.').waitFor();
    await basic.getByLabel(/^Name/).fill(`${name} LLC`);
    await basic.getByLabel(/^Website/).fill('harbor-legal.example.com');
    await basic.getByRole('radio', { name: 'No' }).check();
    await basic.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Company updated.').waitFor();
    await page.getByRole('heading', { name: `${name} LLC`, level: 1 }).waitFor();
    await page.getByText('Inactive', { exact: true }).waitFor();

    // Sites: the spec's messages, then two sites saved in one Update.
    await page.getByRole('tab', { name: 'Sites' }).click();
    await page.waitForURL((url) => url.pathname === `/companies/${companyId}/sites`);
    const sites = page.getByRole('form', { name: 'Sites' });
    await sites.getByRole('button', { name: 'Add Site' }).click();
    await sites.getByRole('button', { name: 'Update' }).click();
    await sites.getByText('Name Required').waitFor();
    await sites.getByText('Region Required').waitFor();
    await sites.getByText('City Required').waitFor();

    const fillSite = async (index: number, siteName: string, city: string) => {
      const card = sites.getByRole('group', { name: `Site ${index}` });
      await card.getByLabel(/^Name/).fill(siteName);
      await card.getByLabel(/^Region/).click();
      await page.getByRole('option').first().click();
      await card.getByLabel(/^Address/).fill('100 Congress Ave');
      await card.getByLabel(/^City/).fill(city);
    };
    await fillSite(1, 'Main Office', 'Austin');
    await sites.getByRole('button', { name: 'Add Site' }).click();
    await fillSite(2, 'Warehouse', 'Round Rock');
    await sites.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Sites updated.').waitFor();
    await page.waitForFunction(() => document.querySelector('[aria-label="Locations"]')?.textContent === 'Locations2');

    // Site information: parking saved through the modal; tech notes saved and still there after a reload.
    await page.getByRole('tab', { name: 'Site Information' }).click();
    const table = page.getByRole('table', { name: 'Site Information' });
    await table.getByRole('button', { name: 'Edit Main Office' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Site Information' });
    expect(await modal.getByLabel('Name').getAttribute('readonly')).not.toBeNull();
    await modal.getByLabel('Parking Information').fill('Visitor lot B, badge at front desk');
    await modal.getByRole('button', { name: 'Save' }).click();
    await table.getByText('Visitor lot B, badge at front desk').waitFor();

    await page.getByRole('button', { name: 'Edit notes' }).click();
    await page.getByRole('textbox', { name: 'Notes' }).fill('Core switch in closet 2B; Wi-Fi controller on VLAN 20.');
    await page.getByRole('button', { name: 'Update Notes' }).click();
    await page.getByText('Tech information updated.').waitFor();
    await page.reload();
    await page.getByText('Core switch in closet 2B; Wi-Fi controller on VLAN 20.').waitFor();
  });
});
