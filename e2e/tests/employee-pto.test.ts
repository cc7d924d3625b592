// Issue 5 part 3 through the browser: give an employee an Hourly PTO policy on /employees/edit/{id}/pto, record
// checked-in time through the timeclock API as that employee, and see the current period's balance; then a
// change made elsewhere reaches the open view over Pto_Periods_{id}.
import type { EmployeePto } from '@switchboard/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { app, launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function login(email: string, password: string): Promise<string> {
  const response = await fetch(`${app().baseURL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('employee PTO', () => {
  let browser: Browser;
  let admin: string;
  let employeeId: number;
  const tag = Date.now().toString(36);
  const email = `pto.${tag}@example.test`;
  const password = 'Secret-Pass-123';

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminToken();
    employeeId = (
      await callApi<{ data: { id: number } }>(admin, 'POST', '/api/user', {
        name: `Paula Timeoff ${tag}`,
        email,
        password,
        type: 'user',
      })
    ).data.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds an Hourly policy, accrues from checked-in time and shows the current balance live', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/employees/edit/${employeeId}/pto`);
    const settings = page.getByRole('table', { name: 'PTO Settings' });
    await settings.getByText('No PTO Settings Found').waitFor();

    // The policy, through the form: for every 0.01 payroll hours worked (36 s), 100 accrual hours, so a few
    // seconds checked in show as hours on screen.
    await page.getByRole('button', { name: 'Add PTO Setting' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add PTO Setting' });
    await dialog.getByText('For every X payroll hours worked, Y accrual hours are allotted').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The name field is required.').waitFor();
    await dialog.getByLabel(/^Name/).fill('Hourly accrual');
    const today = (await callApi<{ data: EmployeePto }>(admin, 'GET', `/api/users/employee/pto/${employeeId}`)).data
      .today;
    await dialog.getByLabel(/^Start Date/).fill(today);
    expect(await dialog.getByLabel(/Payroll Hours/).getAttribute('step')).toBe('0.01');
    await dialog.getByLabel(/Payroll Hours/).fill('0.01');
    await dialog.getByLabel(/Accrued Hours/).fill('100');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('PTO setting saved.').waitFor();
    const policy = settings.getByRole('row').filter({ hasText: 'Hourly accrual' });
    await policy.getByText('Endless').waitFor();
    await policy.getByText('100.00 accrual hours for every 0.01 payroll hours').waitFor();

    // Checked-in time, as the employee through the timeclock: Checked In, a few seconds, then a break.
    const employee = await login(email, password);
    await callApi(employee, 'POST', '/api/misc/timeclock/update', { stat: 1 });
    await sleep(3000);
    await callApi(employee, 'POST', '/api/misc/timeclock/update', { stat: 2 });
    const expected = (
      await callApi<{ data: EmployeePto }>(admin, 'GET', `/api/users/employee/pto/${employeeId}`)
    ).data.periods.find((period) => period.current)!;
    // 3 s are 1/1200 of an hour: 10,000 accrual hours per payroll hour make about 8.3 hours.
    expect(expected.accrued_hours).toBeGreaterThanOrEqual(8);

    await page.reload();
    const periods = page.getByRole('table', { name: 'PTO Periods' });
    const current = periods.getByRole('row').filter({ hasText: 'Current' });
    await current.waitFor();
    const cell = (column: string) => current.locator(`td[data-column="${column}"]`);
    await expect.poll(() => cell('Accrued Balance').textContent()).toBe(expected.accrued_balance.toFixed(2));
    expect(await cell('Accrued Hours').textContent()).toBe(expected.accrued_hours.toFixed(2));

    // Time off recorded elsewhere reaches the open view through PeriodsUpdated, without a reload.
    await callApi(admin, 'POST', '/api/users/employee/pto/used', {
      user_id: employeeId,
      date: today,
      hours: 1.5,
      bank: 'Accrual',
    });
    await expect.poll(() => cell('Accrued Used').textContent()).toBe('1.50');
    expect(await cell('Accrued Balance').textContent()).toBe((expected.accrued_balance - 1.5).toFixed(2));
    await page.getByRole('table', { name: 'Time Off Taken' }).getByText('1.50').waitFor();
  });
});
