// Issue 6 parts 1 and 2 through the browser: create a company with a logo, land on its page, find it in the list.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

// A 1×1 PNG.
const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

describe('companies', () => {
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    dir = await mkdtemp(join(tmpdir(), 'companies-e2e-'));
  });
  afterAll(async () => {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('creates a company with a logo, lands on it, and finds it in the list by name with its industry', async () => {
    const logoPath = join(dir, 'logo.png');
    await writeFile(logoPath, png);
    const name = `Northwind Dental ${Date.now()}`;

    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/companies');
    await page.getByRole('heading', { name: 'Companies', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add Company' }).click();
    await page.waitForURL((url) => url.pathname === '/companies/create');
    await page.getByRole('heading', { name: 'New Company Basic Information', level: 1 }).waitFor();

    const form = page.getByRole('form', { name: 'New company' });
    await form.getByRole('button', { name: 'Create Company' }).click();
    await form.getByText('The name field is required.').waitFor();

    await form.getByLabel(/^Name/).fill(name);
    await form.getByPlaceholder('Select an industry').click();
    await page.getByRole('option', { name: 'Dental', exact: true }).click();
    await form.getByLabel(/^Website/).fill('northwind.example.com');
    await form.locator('input[type="file"]').setInputFiles(logoPath);
    await form.getByAltText('Logo preview').waitFor();

    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/company') && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Create Company' }).click();
    const created = (await (await answer).json()) as { message: string; data: { id: number } };
    expect(created.message).toBe('Company created.');
    await page.waitForURL((url) => url.pathname === `/companies/${created.data.id}`);

    await page.goto('/companies');
    const table = page.getByRole('table', { name: 'Companies' });
    await page.getByRole('textbox', { name: 'Filter by company name' }).fill(name.toLowerCase());
    await page.waitForURL((url) => url.searchParams.get('company') === name.toLowerCase());
    const row = table.locator(`tr[data-company-id="${created.data.id}"]`);
    await row.waitFor();
    // Other tests' companies share this app: wait for the filtered page (the previous one stays up meanwhile).
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Companies"] tbody tr').length === 1);
    await row.getByText(name).waitFor();
    await row.getByText('Dental', { exact: true }).waitFor();
    // The logo is served by the app and loads as an image.
    const logo = row.locator('img');
    await logo.waitFor();
    await page.waitForFunction(
      (el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth === 1,
      await logo.elementHandle(),
    );
    expect(await row.getByRole('link', { name: `Edit ${name}` }).getAttribute('href')).toBe(
      `/companies/${created.data.id}`,
    );
  });
});
