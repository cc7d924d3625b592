// Issue 4 through the browser: live permissions (two browser contexts), notices, the bell, the timeclock status,
// settings applied by the shell, the users admin flow, global search, refresh and the chat panel.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

const { baseURL, adminEmail, adminPassword } = app();
const runId = Date.now().toString(36);

interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** A JSON call straight to the app under test (test set-up and checks; the UI under test does its own calls). */
async function callApi<T = unknown>(
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${baseURL}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function signIn(email: string, password: string): Promise<string> {
  const answer = await callApi<{ access_token: string }>('/api/login', { method: 'POST', body: { email, password } });
  if (answer.status !== 200)
    throw new Error(`POST /api/login answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.access_token;
}

async function createUser(
  adminToken: string,
  name: string,
  email: string,
  password: string,
  type: 'admin' | 'user' = 'user',
): Promise<number> {
  const answer = await callApi<{ data: { id: number } }>('/api/user', {
    method: 'POST',
    token: adminToken,
    body: { name, email, password, type },
  });
  if (answer.status !== 200)
    throw new Error(`POST /api/user answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data.id;
}

const sidebar = (page: Page) => page.locator('nav[aria-label="Main navigation"]');
const notices = (page: Page) => page.getByRole('status', { name: 'Notices' });

/** The shell's realtime connection is up (lib/socket.ts marks <html data-realtime>). */
async function waitForRealtime(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.realtime === 'connected');
}

/** Clicks a Mantine switch by its permission name (the input itself is visually hidden behind the track). */
async function setSwitch(page: Page, name: string, on: boolean): Promise<void> {
  const input = page.getByRole('switch', { name, exact: true });
  if ((await input.isChecked()) !== on) await input.click({ force: true });
  expect(await input.isChecked()).toBe(on);
}

describe('live shell (issue 4)', () => {
  let browser: Browser;
  let adminToken: string;
  let employeeId: number;
  const employeeEmail = `live-employee-${runId}@switchboard.test`;
  const employeePassword = 'Employee-password-1';

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await signIn(adminEmail, adminPassword);
    employeeId = await createUser(adminToken, 'Liv Employee', employeeEmail, employeePassword);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the administrator grants permissions on the Permissions screen', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/employees/edit/${employeeId}/permissions`);
    await page.getByRole('heading', { name: 'Permissions', exact: true }).waitFor();
    await page.getByText('Liv Employee', { exact: true }).waitFor();
    const cards = page.getByRole('region');
    expect(await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')))).toEqual([
      'Admin',
      'General',
      'Calendar',
      'HR',
      'CRM',
      'Billing',
      'Report',
    ]);
    await page.getByRole('region', { name: 'Admin' }).getByText('Do Not Touch The Admin Permissions').waitFor();

    for (const name of ['view dashboard', 'view calendar', 'manage employee permissions'])
      await setSwitch(page, name, true);
    await page.getByRole('button', { name: 'Update' }).first().click();
    await page.getByText('Permissions Updated', { exact: true }).waitFor();

    const held = await callApi<{ data: { permissions: string[] } }>(`/api/users/employee/permissions/${employeeId}`, {
      token: adminToken,
    });
    expect(held.body.data.permissions.sort()).toEqual([
      'manage employee permissions',
      'view calendar',
      'view dashboard',
    ]);
  });

  it('a removed permission reaches the signed-in employee live: sidebar, notice, page gate, and the API refuses', async () => {
    // The employee, in a second browser context, on their own Permissions screen.
    const employee = await newPage(browser);
    const employeeTokens = await loginWithToken(employee, employeeEmail, employeePassword);
    await employee.goto(`/employees/edit/${employeeId}/permissions`);
    await employee.getByRole('switch', { name: 'view calendar', exact: true }).waitFor();
    await sidebar(employee).getByRole('link', { name: 'Calendar', exact: true }).waitFor();
    await waitForRealtime(employee);
    // Survives only if the page is not reloaded.
    await employee.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));

    const admin = await newPage(browser);
    await loginWithToken(admin);
    await admin.goto(`/employees/edit/${employeeId}/permissions`);
    await setSwitch(admin, 'view calendar', false);
    await setSwitch(admin, 'manage employee permissions', false);
    await admin.getByRole('button', { name: 'Update' }).first().click();
    await admin.getByText('Permissions Updated', { exact: true }).waitFor();

    await sidebar(employee).getByRole('link', { name: 'Calendar', exact: true }).waitFor({ state: 'detached' });
    await notices(employee).getByText('Permissions Updated', { exact: true }).waitFor();
    await employee.getByText('You do not have permission to view this page.').waitFor();
    expect(await employee.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
    // Still there: 'view dashboard' was kept.
    expect(
      await employee.getByRole('group', { name: 'Sections' }).getByRole('link', { name: 'Dashboard' }).count(),
    ).toBe(1);

    const refused = await callApi(`/api/users/employee/permissions/${employeeId}`, {
      token: employeeTokens.access_token,
    });
    expect(refused.status).toBe(403);

    // Spec 1 §9: notices clear after 10 seconds.
    await notices(employee)
      .getByText('Permissions Updated', { exact: true })
      .waitFor({ state: 'detached', timeout: 14_000 });
  });

  it("the bell shows 'No Notifications' when there are none", async () => {
    // A new employee has none; the Assigned Ticket notification, marked read on opening, is in tickets.test.ts.
    const page = await newPage(browser);
    await loginWithToken(page, employeeEmail, employeePassword);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByText('No Notifications', { exact: true }).waitFor();
  });

  it('a timeclock status change shows in the other tab at once and persists across a reload', async () => {
    const page = await newPage(browser);
    await loginWithToken(page, employeeEmail, employeePassword);
    await page.goto('/dashboard');
    const otherTab = await page.context().newPage();
    await otherTab.goto('/dashboard');
    await waitForRealtime(otherTab);

    const status = page.getByRole('button', { name: 'Status' });
    await status.getByText('Offline', { exact: true }).waitFor();
    await status.click();
    await page.getByRole('menuitem', { name: 'Lunch' }).click();
    await page.getByText('Status Updated', { exact: true }).waitFor();
    await status.getByText('Lunch', { exact: true }).waitFor();
    await page.getByTestId('timeclock-elapsed').waitFor();

    await otherTab.getByRole('button', { name: 'Status' }).getByText('Lunch', { exact: true }).waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'Status' }).getByText('Lunch', { exact: true }).waitFor();
    const stored = await callApi<{ data: { status: number; start_time: string | null } }>('/api/misc/timeclock', {
      token: await signIn(employeeEmail, employeePassword),
    });
    expect(stored.body.data.status).toBe(3);
    expect(stored.body.data.start_time).toBeTruthy();
  });

  it('dark mode and font size from the settings apply at once and persist across a reload', async () => {
    const page = await newPage(browser);
    const tokens = await loginWithToken(page, employeeEmail, employeePassword);
    await page.goto('/dashboard');
    await sidebar(page).waitFor();
    await waitForRealtime(page);
    const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    const rootFontSize = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(await scheme()).toBe('light');
    // font_size 100 → a 0.8rem root (spec 1 §3.2).
    expect(await rootFontSize()).toBe('12.8px');

    // The profile's settings form is another screen; the same call it makes.
    const saved = await callApi<{ message: string }>('/api/profile/settings', {
      method: 'PUT',
      token: tokens.access_token,
      body: { dark_mode: true, font_size: 120 },
    });
    expect(saved.body.message).toBe('Settings Updated');

    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
    await notices(page).getByText('Settings Updated', { exact: true }).waitFor();
    expect(await rootFontSize()).toBe('15.36px');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');

    await page.reload();
    await sidebar(page).waitFor();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
    expect(await rootFontSize()).toBe('15.36px');
  });

  it('users admin: not found for a standard user', async () => {
    const page = await newPage(browser);
    await loginWithToken(page, employeeEmail, employeePassword);
    await page.goto('/users');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  it('users admin: create (with field errors), edit and delete with the dialogs', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/users');
    const table = page.getByRole('table', { name: 'Users' });
    await table.getByRole('cell', { name: adminEmail }).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'ID',
      'Type',
      'Name',
      'Email',
      'Email Verified?',
      'Created',
      'Action',
    ]);

    await page.getByRole('button', { name: 'Add New' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add New User' });
    expect(await dialog.getByRole('textbox', { name: 'Password' }).getAttribute('placeholder')).toBe(
      'Min 6 Characters',
    );
    // An address that is taken: the server's error under the field.
    await dialog.getByLabel('Name').fill('Una Admin');
    await dialog.getByLabel('Email').fill(employeeEmail);
    await dialog.getByRole('textbox', { name: 'Password' }).fill('secret1');
    await dialog.getByLabel('Type').click();
    await page.getByRole('option', { name: 'Admin', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('The email has already been taken.').waitFor();

    const newEmail = `una-${runId}@switchboard.test`;
    await dialog.getByLabel('Email').fill(newEmail);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('User created.', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = table.getByRole('row').filter({ hasText: newEmail });
    await row.waitFor();
    await row.getByText('Admin', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Edit Una Admin' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit User' });
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Una Admin');
    await dialog.getByLabel('Name').fill('Una Standard');
    await dialog.getByLabel('Type').click();
    await page.getByRole('option', { name: 'Standard User', exact: true }).click();
    await dialog.getByRole('button', { name: 'Update' }).click();
    await page.getByText('User updated.', { exact: true }).waitFor();
    await row.getByText('Una Standard', { exact: true }).waitFor();
    await row.getByText('Standard User', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Delete Una Standard' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByText("You won't be able to revert this!").waitFor();
    // designs/hr.md §7: the separation's type is required; without it nothing is sent.
    await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
    await confirm.getByText('Choose whether the separation was voluntary or involuntary.').waitFor();
    await confirm.getByRole('radio', { name: 'Voluntary', exact: true }).click();
    await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
    await page.getByText('Deleted!', { exact: true }).waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it("users admin: a delete that fails shows 'Failed!' with the server's message", async () => {
    const goneEmail = `gone-${runId}@switchboard.test`;
    const goneId = await createUser(adminToken, 'Gus Gone', goneEmail, 'secret12');
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/users');
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: goneEmail });
    await row.waitFor();
    // Someone else deletes it meanwhile.
    expect((await callApi(`/api/user/${goneId}`, { method: 'DELETE', token: adminToken })).status).toBe(200);

    await row.getByRole('button', { name: 'Delete Gus Gone' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByRole('radio', { name: 'Voluntary', exact: true }).click();
    await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
    const failed = page.getByRole('dialog', { name: 'Failed!' });
    await failed.waitFor();
    expect((await failed.textContent())?.length).toBeGreaterThan('Failed!OK'.length);
    await failed.getByRole('button', { name: 'OK' }).click();
    await row.waitFor({ state: 'detached' });
  });

  it("global search: '/' opens the box, results are grouped, an employee opens on their account view", async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/dashboard');
    await sidebar(page).waitFor();
    await page.keyboard.press('/');
    const box = page.getByRole('combobox', { name: 'Search tickets, companies, accounts, devices and employees' });
    await box.waitFor();
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
    await box.fill('Liv Empl');
    const employees = page.getByRole('group', { name: 'Employees' });
    await employees.getByRole('option', { name: /Liv Employee/ }).click();
    await page.waitForURL((url) => url.pathname === `/employees/edit/${employeeId}/account`);
  });

  it('refresh reloads the session and the boot data; the chat panel opens with its user list', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/dashboard');
    await sidebar(page).waitFor();

    const sessionReload = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/session' && response.ok(),
    );
    const staticReload = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/misc/staticdata' && response.ok(),
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    await Promise.all([sessionReload, staticReload]);

    await page.getByRole('button', { name: 'Chat' }).click();
    const panel = page.getByRole('dialog', { name: 'Chat' });
    await panel.getByRole('textbox', { name: 'Search users' }).waitFor();
  });
});
