// Issue 19 part 9 (spec 2 §2 Tech Resources): a technician's project reservation shows on the day's grid; saving a
// Frontline block with a company through the row's editor puts it on the grid, and it is still there after a reload.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('tech resources', () => {
  let browser: Browser;
  let adminName: string;
  const company = `Harbor Clinic ${Date.now()}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    const session = await callApi<{ data: { user: { id: number; name: string } } }>(token, 'GET', '/api/session');
    adminName = session.data.user.name;
    const companyId = await createCompanyViaApi(token, company);
    const project = await callApi<{ data: { id: number } }>(token, 'POST', '/api/project', {
      title: 'Clinic rewiring',
      company_id: companyId,
      labor_required: 0,
      procurement_required: 1,
      verbally_approved: 0,
    });
    await callApi(token, 'POST', '/api/project/project_step', {
      step: 'Schedule Project Date',
      project_id: project.data.id,
      dates: [{ start_date: '2032-04-14', start_time: '09:00', end_time: '10:00', employee_id: session.data.user.id }],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the project reservation, then saves a Frontline block and shows it', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/resources?date=04/14/2032');
    const cell = (slot: string) => page.getByRole('cell', { name: `${adminName} ${slot}`, exact: true });
    await cell('09:00').getByText('Projects').waitFor();
    await cell('09:30').getByText(`Clinic rewiring (${company})`).waitFor();

    await page.getByRole('row', { name: adminName }).getByRole('button', { name: 'Show' }).click();
    const editor = page.getByRole('dialog', { name: `${adminName}: 04/14/2032` });
    const choose = async (label: string, option: string) => {
      await editor.getByRole('combobox', { name: label, exact: true }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await choose('From', '13:00');
    await choose('To', '14:00');
    await choose('Task', 'Frontline');
    await choose('Company', company);
    await editor.getByRole('button', { name: 'Add' }).click();
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Tech resources saved.').first().waitFor();
    await editor.waitFor({ state: 'hidden' });

    await cell('13:00').getByText('Frontline').waitFor();
    await cell('13:30').getByText(company).waitFor();
    await page.reload();
    await cell('13:30').getByText('Frontline').waitFor();
    await cell('09:00').getByText('Projects').waitFor();
  });
});
