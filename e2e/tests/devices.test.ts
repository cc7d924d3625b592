// Issue 6 part 11 through the browser: add a server with two drives, see it listed, import and export CSV.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';
import { downloadedBytes } from '../support/download.ts';

describe('devices', () => {
  let browser: Browser;
  let dir: string;
  let companyId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    dir = await mkdtemp(join(tmpdir(), 'devices-e2e-'));
    const token = await adminToken();
    companyId = await createCompanyViaApi(token, `Summit Legal ${Date.now()}`);
    const { data } = await callApi<{ data: { regions: { id: number }[] } }>(token, 'GET', '/api/misc/staticdata');
    await callApi(token, 'PUT', `/api/companies/sites/${companyId}`, {
      sites: [{ name: 'Main Office', region_id: data.regions[0]!.id, city: 'Denver' }],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('adds a server with two drives from the company page and lists it', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/companies/${companyId}`);
    // The company header's Devices button (the sidebar's Devices lists every company's).
    await page.locator(`a[href="/companies/${companyId}/devices"]`).click();
    await page.waitForURL((url) => url.pathname === `/companies/${companyId}/devices`);
    await page.getByRole('tab', { name: 'Servers' }).click();
    await page.getByRole('link', { name: 'Add Servers' }).click();
    await page.waitForURL((url) => url.pathname === `/companies/${companyId}/devices/servers/create`);

    const form = page.getByRole('form', { name: 'Add Servers' });
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText('The name field is required.').waitFor();
    await form.getByLabel(/^Site/).first().click();
    await page.getByRole('option', { name: 'Main Office' }).click();
    await form.getByLabel(/^Name/).fill('DC01');
    await form.getByLabel('Asset Tag').fill('SRV-0042');
    await form.getByLabel('Purchase Date').fill('2023-02-01');
    await form.getByLabel('Operating System').click();
    await page.getByRole('option', { name: 'Windows Server 2022' }).click();
    await form.getByLabel('Roles').fill('Domain Controller, DNS');
    await form.getByLabel('Scheduled Maintenance').check();
    await form.getByRole('button', { name: 'Add Drive' }).click();
    await form.getByLabel('Drive 1 Letter').fill('C');
    await form.getByLabel('Drive 1 Size (GB)').fill('240');
    await form.getByRole('button', { name: 'Add Drive' }).click();
    await form.getByLabel('Drive 2 Letter').fill('D');
    await form.getByLabel('Drive 2 Size (GB)').fill('2000');
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Device created.').waitFor();
    await page.waitForURL((url) => url.pathname === `/companies/${companyId}/devices/servers`);

    const row = page.getByRole('table', { name: 'Servers' }).locator('tbody tr').filter({ hasText: 'DC01' });
    await row.getByText('C: 240 GB, D: 2000 GB').waitFor();
    await row.getByText('Windows Server 2022').waitFor();
    // Bought in 2023 with a five-year life: refresh in 2028, green until then.
    await row.getByText('2028').waitFor();
    expect(await row.getAttribute('data-age')).toBe(
      new Date().getUTCFullYear() < 2028 ? 'green' : new Date().getUTCFullYear() === 2028 ? 'yellow' : 'red',
    );

    // Export CSV of what the list shows.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = (await downloadedBytes(await download)).toString('utf8');
    expect(csv).toContain('Main Office,DC01,SRV-0042');

    // Issue 19: the saved server's Software list, which backup strategies of type Software pick from.
    await row.getByRole('link', { name: 'Edit DC01' }).click();
    const software = page.getByRole('form', { name: 'Software' });
    await software.getByText('No software listed yet.').waitFor();
    await software.getByRole('button', { name: 'Add Software' }).click();
    await software.getByRole('textbox', { name: 'Software 1', exact: true }).fill('SQL Server 2022');
    await software.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Software saved.').waitFor();
    await page.reload();
    expect(
      await page
        .getByRole('form', { name: 'Software' })
        .getByRole('textbox', { name: 'Software 1', exact: true })
        .inputValue(),
    ).toBe('SQL Server 2022');
  });

  it('imports workstations from CSV, refusing the file while a row is wrong', async () => {
    const bad = join(dir, 'bad.csv');
    await writeFile(
      bad,
      'Site,Name,Operating System\r\nMain Office,WS-01,Windows 11 Pro\r\nBranch,WS-02,Windows 11 Pro\r\n',
    );
    const good = join(dir, 'good.csv');
    await writeFile(
      good,
      'Site,Name,Operating System\r\nMain Office,WS-01,Windows 11 Pro\r\nMain Office,WS-02,Windows 11 Pro\r\n',
    );

    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/companies/${companyId}/devices/workstations`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const modal = page.getByRole('dialog', { name: 'Import Workstations' });
    await modal.locator('input[type="file"]').setInputFiles(bad);
    await modal.getByRole('table', { name: 'Import preview' }).getByText('WS-02').waitFor();
    await modal.getByRole('button', { name: 'Import 2 Devices' }).click();
    await modal.getByText('No site named "Branch".').waitFor();
    await modal.getByText('Nothing was imported: fix the rows marked below and try again.').waitFor();

    await modal.locator('input[type="file"]').setInputFiles(good);
    await modal.getByRole('button', { name: 'Import 2 Devices' }).click();
    await page.getByText('2 devices imported.').waitFor();
    const table = page.getByRole('table', { name: 'Workstations' });
    await table.getByText('WS-01').waitFor();
    await table.getByText('WS-02').waitFor();
  });
});
