// designs/hr.md §7 through the browser: disabling an employee asks the separation date and type, and the headcount
// report then counts that separation (involuntary) in its month.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('HR reports: headcount after a separation', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('disables an employee with a separation date and type, then the headcount report shows the separation', async () => {
    const admin = await adminToken();
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const hire = (name: string, extra: Record<string, unknown> = {}) =>
      callApi<{ data: { id: number } }>(admin, 'POST', '/api/users/employee', {
        name,
        email: `${name.toLowerCase().replace(/\W+/g, '.')}.${stamp}@switchboard.test`,
        password: 'Tech-pass-123',
        password_confirmation: 'Tech-pass-123',
        active: 0,
        departments: [],
        start_date: '2024-03-04',
        ...extra,
      });
    // A manager of their own keeps this test's people apart from everyone else's in the report.
    const manager = (await hire(`Mara Manager ${stamp}`)).data.id;
    const leaver = (await hire(`Lee Leaver ${stamp}`, { manager_id: manager })).data.id;
    await hire(`Sta Stayer ${stamp}`, { manager_id: manager });

    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/hr/employees/edit/${leaver}/account`);
    const account = page.getByRole('form', { name: 'Account' });
    await account.getByLabel(/^Name/).waitFor();
    await account.getByRole('radio', { name: 'No (disabled)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable employee' });
    await dialog.waitFor();
    const separationDate = await dialog.getByLabel(/Separation date/).inputValue();
    expect(separationDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The type is required.
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await dialog.getByText('Choose whether the separation was voluntary or involuntary.').waitFor();
    await dialog.getByRole('radio', { name: 'Involuntary' }).check();
    await dialog.getByLabel(/Reason/).fill('Contract ended');
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await account.getByText(`Separation on ${separationDate}, involuntary. Save to disable.`).waitFor();
    const saved = page.waitForResponse(
      (response) => response.url().endsWith(`/api/users/employee/${leaver}`) && response.request().method() === 'POST',
    );
    await account.getByRole('button', { name: 'Update' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText('Employee updated.').first().waitFor();

    const year = separationDate.slice(0, 4);
    await page.goto(`/hr/reports/headcount/${year}-01-01/${separationDate}?manager_id=${manager}`);
    const table = page.getByRole('table', { name: 'Headcount report' });
    const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: separationDate.slice(0, 7) }) });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    const labels = await table.getByRole('columnheader').allInnerTexts();
    const cell = (label: string) => cells[labels.indexOf(label)];
    // The stayer; the leaver is gone from the separation day.
    expect(cell('Headcount at month end')).toBe('1');
    expect(cell('Separations')).toBe('1');
    expect(cell('Involuntary')).toBe('1');
    expect(cell('Voluntary')).toBe('0');

    // Grouped by tenure: the same people, one separation and one still employed at the end.
    await page.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Tenure' }).click();
    await page.waitForURL((url) => url.searchParams.get('group_by') === 'tenure');
    await table.getByRole('columnheader', { name: 'Tenure' }).waitFor();
    const totals = await table.locator('tfoot td').allInnerTexts();
    const groupLabels = await table.getByRole('columnheader').allInnerTexts();
    expect(totals[groupLabels.indexOf('Separations')]).toBe('1');
    expect(totals[groupLabels.indexOf('Headcount at end')]).toBe('1');
  });
});
