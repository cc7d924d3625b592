// CRM import and export through the browser (designs/crm-softphone.md §2.4, §4 item 8): a manager uploads a small
// CSV with a duplicate inside the file and one of a live lead, sees the preview, submits, sees the counts and the
// duplicates in the errors CSV, then exports the leads of the run's search and reads the file the job announced.
import type { Lead } from '@switchboard/shared/crm-leads';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { app, launchBrowser, loginWithToken, newPage } from '../support/browser.ts';
import { downloadedBytes } from '../support/download.ts';

describe('CRM import and export', () => {
  let browser: Browser;
  let admin: string;
  let knownId = 0;
  const tag = `Zi${Date.now().toString(36)}`;
  const mail = (name: string) => `${name}.${tag.toLowerCase()}@example.test`;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminToken();
    knownId = (
      await callApi<{ data: Lead }>(admin, 'POST', '/api/crm/leads', {
        company_name: `Known ${tag} Clinic`,
        email: mail('known'),
      })
    ).data.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('imports with duplicates reported, then exports the filtered list', { timeout: 240_000 }, async () => {
    const page = await newPage(browser);
    await loginWithToken(page, app().adminEmail, app().adminPassword);
    await page.goto('/crm/import/new');
    const csv = [
      'Company,First Name,Email,Notes',
      `Alpha ${tag} Dental,Ann,${mail('alpha')},"=1+2, first"`,
      `Alpha ${tag} Again,Bo,${mail('ALPHA')},`,
      `Beta ${tag} Law,Cy,${mail('beta')},`,
      `Known ${tag} Again,Di,${mail('known')},`,
    ].join('\n');
    const fileName = `import-${tag}.csv`;
    await page.locator('input[type="file"]').setInputFiles({
      name: fileName,
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const preview = page.getByRole('table', { name: 'Preview' });
    await preview.getByText(`Alpha ${tag} Dental`).waitFor();
    expect(await preview.getByText('OK').count()).toBe(4);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/crm/import');

    const row = page.getByRole('table', { name: 'Imports' }).locator('tr', { hasText: fileName });
    await row.getByText('done').waitFor({ timeout: 90_000 });
    expect(await row.locator('[data-label="created"]').textContent()).toBe('2');
    expect(await row.locator('[data-label="skipped"]').textContent()).toBe('2');
    expect(await row.locator('[data-label="failed"]').textContent()).toBe('0');
    const errorsDownload = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Errors CSV' }).click();
    const errors = (await downloadedBytes(await errorsDownload)).toString('utf8');
    expect(errors).toContain('3,Duplicate of row 2 in the file.');
    expect(errors).toContain(`5,Duplicate of lead ${knownId}.`);

    await page.goto('/crm/export');
    await page.getByRole('textbox', { name: 'Search' }).fill(tag);
    const exported = page.waitForEvent('download', { timeout: 90_000 });
    await page.getByRole('button', { name: 'Export' }).click();
    const file = (await downloadedBytes(await exported)).toString('utf8');
    const lines = file.trim().split('\r\n');
    expect(lines[0]).toBe('Company,First Name,Last Name,Phone,Email,City,State,Campaign,Status,Next Touch,Manager');
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual([`Alpha ${tag} Dental`, `Beta ${tag} Law`, `Known ${tag} Clinic`].sort());
    await page.getByText('3 leads exported.').waitFor();
  });
});
