// Issue 6 parts 9-10 through the browser: add, delete and restore a flag; complete a network grade and see its letter.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('company flags and network grades', () => {
  let browser: Browser;
  let companyId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    companyId = await createCompanyViaApi(token, `Cedar Dental ${Date.now()}`);
    const { data } = await callApi<{ data: { regions: { id: number }[] } }>(token, 'GET', '/api/misc/staticdata');
    await callApi(token, 'PUT', `/api/companies/sites/${companyId}`, {
      sites: [{ name: 'Main Office', region_id: data.regions[0]!.id, city: 'Austin' }],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds a flag, deletes it after confirming, and restores it', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/companies/${companyId}/flags`);
    const add = page.getByRole('form', { name: 'Add Flag' });
    await add.getByRole('button', { name: 'Add Flag' }).click();
    await add.getByText('The flag field is required.').waitFor();
    await add.getByLabel('Flag').fill('After-hours work needs approval from the practice manager');
    await add.getByRole('button', { name: 'Add Flag' }).click();
    await page.getByText('Flag has been added.').waitFor();
    const table = page.getByRole('table', { name: 'Ticket Flags' });
    const row = table.locator('tbody tr').filter({ hasText: 'After-hours work needs approval' });
    await row.getByText('Active').waitFor();

    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure?').waitFor();
    await dialog.getByText('This flag will no longer show on client tickets.').waitFor();
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await page.getByText('Flag has been removed.').waitFor();
    await row.getByText(/^Deleted by/).waitFor();

    await row.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Flag has been restored.').waitFor();
    await row.getByText('Active').waitFor();
  });

  it('refuses a grade with an empty note, then saves it and shows its letter', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/companies/${companyId}/network-grade`);
    await page.getByRole('link', { name: 'New Grade' }).click();
    await page.waitForURL((url) => url.pathname === `/companies/${companyId}/grades/new`);
    await page.getByLabel(/^Site/).first().click();
    await page.getByRole('option', { name: 'Main Office' }).click();

    // Answer every question Yes with a note, except one No and one N/A (which fills 'N/A').
    const questions = page.locator('[role="group"] [role="group"]');
    const count = await questions.count();
    expect(count).toBe(48);
    for (let index = 0; index < count; index += 1) {
      const question = questions.nth(index);
      const label = index === 0 ? 'No' : index === 1 ? 'N/A' : 'Yes';
      await question.getByText(label, { exact: true }).click();
      if (index !== 1 && index !== 5) await question.getByLabel('Notes').fill('Verified on site');
    }
    expect(await questions.nth(1).getByLabel('Notes').inputValue()).toBe('N/A');
    await page.getByRole('button', { name: 'Save' }).click();
    // The empty note blocks the save and is marked.
    await page.getByText('The notes field is required.').waitFor();
    expect(page.url()).toContain('/grades/new');
    await questions.nth(5).getByLabel('Notes').fill('Verified on site');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Network grade saved.').waitFor();
    await page.waitForURL((url) => url.pathname === `/companies/${companyId}/network-grade`);
    // 45 Yes and 1 No out of 46 scored answers ≈ 0.978: A.
    await page.getByRole('table', { name: 'Network Grades' }).getByLabel('Grade A', { exact: true }).waitFor();
  });
});
