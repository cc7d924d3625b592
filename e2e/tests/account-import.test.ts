// Issue 5 part 7 through the browser: import three accounts from a CSV with a header row; a bad e-mail blocks the
// import with a per-row error; once fixed, all three are imported.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('account import', () => {
  let browser: Browser;
  let dir: string;
  let companyId: number;
  const stamp = Date.now();

  beforeAll(async () => {
    browser = await launchBrowser();
    dir = await mkdtemp(join(tmpdir(), 'account-import-e2e-'));
    const token = await adminToken();
    companyId = await createCompanyViaApi(token, `Harborview Clinic ${stamp}`);
    const { data } = await callApi<{ data: { regions: { id: number }[] } }>(token, 'GET', '/api/misc/staticdata');
    await callApi(token, 'PUT', `/api/companies/sites/${companyId}`, {
      sites: [{ name: 'Main Office', region_id: data.regions[0]!.id, city: 'Austin' }],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('blocks a file with a bad e-mail row by row, then imports the fixed file', async () => {
    const header = 'Full Name,E-mail,Job Title,Mobile,Location\r\n';
    const good = [
      `Ann Reyes,ann.${stamp}@harborview.example,CFO,1-512-555-0161,Main Office`,
      `Ben Okafor,ben.${stamp}@harborview.example,IT Lead,,`,
    ];
    const bad = join(dir, 'bad.csv');
    await writeFile(bad, header + [...good, `Cleo Hart,cleo-at-harborview,Reception,,`].join('\r\n') + '\r\n');
    const fixed = join(dir, 'fixed.csv');
    await writeFile(
      fixed,
      header + [...good, `Cleo Hart,cleo.${stamp}@harborview.example,Reception,,`].join('\r\n') + '\r\n',
    );

    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/companies/${companyId}/accounts`);
    await page.getByRole('link', { name: 'Import' }).click();
    await page.waitForURL((url) => url.pathname === `/companies/${companyId}/accounts/import`);
    // The company is fixed by the tab: no picker.
    expect(await page.getByRole('textbox', { name: 'Company' }).count()).toBe(0);

    await page.locator('input[type="file"]').setInputFiles(bad);
    const mapping = page.getByRole('group', { name: 'Field mapping' });
    await mapping.waitFor();
    // Auto-matched from the header names.
    expect(await mapping.getByLabel('Email').inputValue()).toBe('E-mail');
    expect(await mapping.getByLabel('Cell Number').inputValue()).toBe('Mobile');
    const preview = page.getByRole('table', { name: 'Import preview' });
    await preview.locator('tr[data-row="3"]').getByText('The email must be a valid email address.').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Fix the rows marked below; nothing is imported while a row has an error.').waitFor();

    await page.locator('input[type="file"]').setInputFiles(fixed);
    await preview.locator('tr[data-row="3"]').getByText(`cleo.${stamp}@harborview.example`).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('3 accounts imported.').waitFor();
    await page.waitForURL((url) => url.pathname === `/companies/${companyId}/accounts`);
    const table = page.getByRole('table', { name: 'Client accounts' });
    await table.getByText('Ann Reyes').waitFor();
    // The leading 1 was dropped.
    await table.getByText('(512) 555-0161').waitFor();
    await table.getByText('Cleo Hart').waitFor();
  });
});
