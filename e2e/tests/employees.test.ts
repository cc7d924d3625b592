// Issue 5 part 1 through the browser: the employees index with its filter row, the status filter, and the CSV export.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';
import { downloadedBytes } from '../support/download.ts';

async function createEmployee(page: Page, accessToken: string, name: string, email: string): Promise<number> {
  const response = await page.request.post('/api/user', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { name, email, password: 'Secret-Pass-123', type: 'user' },
  });
  if (!response.ok()) throw new Error(`POST /api/user answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('employees index', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('filters by name and status, and exports what the filters show as CSV', async () => {
    const page = await newPage(browser);
    const tokens = await loginWithToken(page);
    const tag = `Quill${Date.now().toString(36)}`;
    const first = `${tag} Alpha`;
    const second = `${tag} Beta`;
    const firstId = await createEmployee(page, tokens.access_token, first, `${tag.toLowerCase()}.alpha@example.test`);
    await createEmployee(page, tokens.access_token, second, `${tag.toLowerCase()}.beta@example.test`);

    await page.goto('/employees');
    await page.getByRole('heading', { name: 'Employees', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Employees' });
    const rowOf = (name: string) => table.getByRole('row').filter({ hasText: name });

    // The name filter reaches the URL and the list.
    await page.getByRole('textbox', { name: 'Filter by Name' }).fill(tag.toLowerCase());
    await page.waitForURL((url) => url.searchParams.get('name') === tag.toLowerCase());
    await rowOf(first).waitFor();
    await rowOf(second).waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    await expect(rowOf(first).getByText('No Region').isVisible()).resolves.toBe(true);
    await expect(rowOf(first).getByText('Enabled', { exact: true }).isVisible()).resolves.toBe(true);
    const editHref = await rowOf(first)
      .getByRole('link', { name: `Edit ${first}` })
      .getAttribute('href');
    expect(editHref).toBe(`/employees/edit/${firstId}/account`);

    // Disabled through the users admin API: it leaves the default (Enabled) list and shows under Disabled only.
    const disabled = await page.request.delete(`/api/user/${firstId}`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(disabled.status()).toBe(200);
    await chooseOption(page, 'Filter by Status', 'Disabled');
    await page.waitForURL((url) => url.searchParams.get('status') === '2');
    await rowOf(first).getByText('Disabled', { exact: true }).waitFor();
    await rowOf(second).waitFor({ state: 'detached' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);

    await chooseOption(page, 'Filter by Status', 'Enabled');
    await rowOf(second).waitFor();
    await rowOf(first).waitFor({ state: 'detached' });

    // The export holds what the filters show: status All and the name filter give both, and nobody else.
    await chooseOption(page, 'Filter by Status', 'All');
    await rowOf(first).waitFor();
    await rowOf(second).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^employees-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await downloadedBytes(download))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Name,Email,Title,Region,Phone,Last Active,Status');
    expect(lines.slice(1)).toEqual([
      `${first},${tag.toLowerCase()}.alpha@example.test,,No Region,,,Disabled`,
      `${second},${tag.toLowerCase()}.beta@example.test,,No Region,,,Enabled`,
    ]);
  });
});
