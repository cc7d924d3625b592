// HR requests through the browser (designs/hr.md §9): an employee asks for a Thursday and the Friday morning from
// Lump Sum, sees 12 h and the balance in the preview and sends it; the manager, already on /hr/requests, sees it
// arrive without reloading, comments and approves; the employee's /profile/hr turns Approved live and the Lump Sum
// balance drops by exactly 12.00 h. Two browser contexts, one per person. Also: a request's HR-only attachment
// (the requester downloads it, the manager never sees it), and the PTO view's Record Time Off filing a request on the
// employee's behalf, whose schedule change starts from the employee's own week.
import type { EmployeePto } from '@switchboard/shared';
import type { HrRequestPreview } from '@switchboard/shared/hr/requests';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { app, launchBrowser, loginWithToken, newPage } from '../support/browser.ts';
import { downloadedBytes } from '../support/download.ts';

const password = 'Secret-Pass-123';

async function login(email: string): Promise<string> {
  const response = await fetch(`${app().baseURL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

const connected = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.realtime === 'connected');

function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

describe('HR requests', () => {
  let browser: Browser;
  let admin: string;
  const tag = Date.now().toString(36);
  const employee = { id: 0, name: `Erin Request ${tag}`, email: `erin.${tag}@example.test` };
  const manager = { id: 0, name: `Mark Manager ${tag}`, email: `mark.${tag}@example.test` };

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminToken();
    for (const person of [employee, manager]) {
      person.id = (
        await callApi<{ data: { id: number } }>(admin, 'POST', '/api/user', {
          name: person.name,
          email: person.email,
          password,
          type: 'user',
        })
      ).data.id;
    }
    // The employee's manager (Employee Information), then 40 h of Lump Sum per period.
    const form = new FormData();
    for (const [key, value] of Object.entries({
      _method: 'PUT',
      name: employee.name,
      email: employee.email,
      active: '0',
      password: '',
      password_confirmation: '',
      departments: '[]',
      manager_id: String(manager.id),
    }))
      form.append(key, value);
    await callApi(admin, 'POST', `/api/users/employee/${employee.id}`, form);
    const today = (await callApi<{ data: EmployeePto }>(admin, 'GET', `/api/users/employee/pto/${employee.id}`)).data
      .today;
    await callApi(admin, 'POST', '/api/users/employee/pto', {
      user_id: employee.id,
      name: 'Vacation 40 h',
      type: 'Flat Rate',
      start_date: today,
      end_date: '',
      initial_hours: 40,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  // Two browsers, three users and a dozen round trips: more than the default minute on a loaded machine.
  it('asks for a Thursday and a Friday morning, and the manager approves it live', { timeout: 180_000 }, async () => {
    // A Thursday ahead whose Thursday and Friday are both 8-hour working days (no holiday falls on them).
    const employeeToken = await login(employee.email);
    const pto = (await callApi<{ data: EmployeePto }>(employeeToken, 'GET', `/api/users/employee/pto/${employee.id}`))
      .data;
    let thursday = addDays(pto.today, 1);
    while (new Date(`${thursday}T00:00:00Z`).getUTCDay() !== 4) thursday = addDays(thursday, 1);
    for (let week = 0; week < 8; week++) {
      const preview = await callApi<{ data: HrRequestPreview }>(employeeToken, 'POST', '/api/hr/requests/preview', {
        reason: 'Vacation',
        bank: 'lump_sum',
        start_date: thursday,
        end_date: addDays(thursday, 1),
        days: [],
      });
      if (preview.data.total_hours === 16) break;
      thursday = addDays(thursday, 7);
    }
    const friday = addDays(thursday, 1);
    const before = pto.periods.find((period) => period.current)!;
    expect(before.lump_sum_balance).toBe(40);

    // The manager is on the approvals list before anything is sent.
    const boss = await newPage(browser);
    await loginWithToken(boss, manager.email, password);
    await boss.goto('/hr/requests?scope=approvals');
    const approvals = boss.getByRole('table', { name: 'Requests' });
    await approvals.getByText('No requests found').waitFor();
    await connected(boss);

    // The employee files it: category first, then the time-off form.
    const page = await newPage(browser);
    await loginWithToken(page, employee.email, password);
    await page.goto('/hr/requests');
    await page.getByRole('button', { name: 'New request' }).click();
    const drawer = page.getByRole('dialog', { name: 'New request' });
    await drawer.getByRole('button', { name: 'Time Off' }).click();
    const form = page.getByRole('form', { name: 'Time Off request' });
    await form.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Vacation', exact: true }).click();
    await form.getByRole('combobox', { name: 'Bank' }).click();
    const lumpSum = page.getByRole('option', { name: /^Lump Sum/ });
    await expect.poll(() => lumpSum.textContent()).toContain('Vacation 40 h');
    await lumpSum.click();
    await form.getByLabel('Start date').fill(thursday);
    await form.getByLabel('End date').fill(friday);
    const days = form.getByRole('table', { name: 'Requested days' });
    await days.locator(`tr[data-date="${friday}"]`).waitFor();
    await expect.poll(() => form.getByTestId('request-total').textContent()).toBe('16.00 h');
    await form.getByRole('combobox', { name: `Part of ${friday}` }).click();
    await page.getByRole('option', { name: 'Morning', exact: true }).click();
    await expect.poll(() => form.getByTestId('request-total').textContent()).toBe('12.00 h');
    const balance = form
      .getByRole('table', { name: 'Balance impact' })
      .getByRole('row')
      .filter({ hasText: 'Lump Sum' });
    await expect.poll(() => balance.locator('td[data-column="after"]').textContent()).toBe('28.00');
    await form.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Request submitted.').waitFor();
    const status = page.getByTestId('request-status');
    await expect.poll(() => status.textContent()).toBe('Pending');
    const requestId = Number(new URL(page.url()).searchParams.get('request'));
    expect(requestId).toBeGreaterThan(0);

    // The employee watches their own HR page.
    await page.goto('/profile/hr');
    const lumpSumBalance = page.getByTestId('Lump Sum balance');
    await expect.poll(() => lumpSumBalance.textContent()).toBe('40.00 h');
    const mine = page.getByRole('table', { name: 'My requests' }).locator(`tr[data-request-id="${requestId}"]`);
    await expect.poll(() => mine.locator('[data-column="status"]').textContent()).toBe('Pending');
    await connected(page);

    // The manager sees it arrive without reloading, comments and approves.
    const row = approvals.locator(`tr[data-request-id="${requestId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(employee.name);
    await boss.getByRole('button', { name: `Open request #${requestId}` }).click();
    const detail = boss.getByRole('dialog', { name: `Request #${requestId}` });
    await expect.poll(() => detail.getByTestId('request-total').textContent()).toBe('12.00 h');
    // "Who else is out" loads last and pushes the buttons down: wait for it, so no click lands where one was.
    await detail.getByRole('heading', { name: 'Who else is out' }).waitFor();
    await detail.getByLabel('Add a comment').fill('Enjoy the long weekend.');
    await detail.getByRole('button', { name: 'Comment', exact: true }).click();
    await detail.getByLabel('Timeline').getByText('Enjoy the long weekend.').waitFor();
    const confirmApprove = detail.getByRole('button', { name: 'Approve request' });
    // Approve opens its confirmation below the buttons; opened once, it stays (a click only while it is not there).
    await expect
      .poll(async () => {
        if (!(await confirmApprove.isVisible()))
          await detail.getByRole('button', { name: 'Approve', exact: true }).click();
        return confirmApprove.isVisible();
      })
      .toBe(true);
    await confirmApprove.click();
    await expect.poll(() => detail.getByTestId('request-status').textContent()).toBe('Approved');

    // The employee's page follows: Approved, and exactly 12.00 h less Lump Sum.
    await expect.poll(() => mine.locator('[data-column="status"]').textContent()).toBe('Approved');
    await expect.poll(() => lumpSumBalance.textContent()).toBe('28.00 h');
    const after = (await callApi<{ data: EmployeePto }>(admin, 'GET', `/api/users/employee/pto/${employee.id}`)).data;
    expect(after.periods.find((period) => period.current)!.lump_sum_used).toBe(12);
  });

  it('sends a request with an HR-only attachment the requester downloads and the manager never sees', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% jury summons\n%%EOF\n');
    const page = await newPage(browser);
    await loginWithToken(page, employee.email, password);
    await page.goto('/hr/requests?new=1');
    const drawer = page.getByRole('dialog', { name: 'New request' });
    await drawer.getByRole('button', { name: 'Other' }).click();
    const form = page.getByRole('form', { name: 'Other request' });
    await form.getByRole('textbox', { name: /^Subject/ }).fill('Jury duty');
    await form.getByRole('textbox', { name: /^Details/ }).fill('Summons attached.');
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'summons.pdf', mimeType: 'application/pdf', buffer: pdf });
    await form.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Request submitted.').waitFor();
    const detail = page.getByRole('dialog', { name: /^Request #/ });
    const link = detail.getByRole('button', { name: 'Download summons.pdf' });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('summons.pdf');
    expect((await downloadedBytes(download)).equals(pdf)).toBe(true);
    const requestId = Number(new URL(page.url()).searchParams.get('request'));

    // The manager opens the same request: everything but the attachment.
    const boss = await newPage(browser);
    await loginWithToken(boss, manager.email, password);
    await boss.goto(`/hr/requests?scope=approvals&request=${requestId}`);
    const bossDetail = boss.getByRole('dialog', { name: `Request #${requestId}` });
    await bossDetail.getByText('Summons attached.').waitFor();
    expect(await bossDetail.getByText('Attachment (HR only)').count()).toBe(0);
    const bossToken = await login(manager.email);
    const refused = await fetch(`${app().baseURL}/api/hr/requests/${requestId}/attachment`, {
      headers: { Authorization: `Bearer ${bossToken}` },
    });
    expect(refused.status).toBe(404);
  });

  // After filing, while pending: the requester adds, replaces and removes the attachment from the drawer, and an HR
  // approver with the same request open sees each change arrive without reloading.
  it("adds and removes an attachment after filing, live in HR's open drawer", { timeout: 180_000 }, async () => {
    const hr = { id: 0, name: `Hana HR ${tag}`, email: `hana.${tag}@example.test` };
    hr.id = (
      await callApi<{ data: { id: number } }>(admin, 'POST', '/api/user', {
        name: hr.name,
        email: hr.email,
        password,
        type: 'user',
      })
    ).data.id;
    await callApi(admin, 'PUT', `/api/users/employee/permissions/${hr.id}`, {
      permissions: ['approve hr requests', 'view human resources'],
    });
    const employeeToken = await login(employee.email);
    const base = await callApi<{ data: { categories: { id: number; name: string }[] } }>(
      employeeToken,
      'GET',
      '/api/hr/base',
    );
    const other = base.data.categories.find((category) => category.name === 'Other')!;
    const filed = await callApi<{ data: { id: number } }>(employeeToken, 'POST', '/api/hr/requests', {
      kind: 'general',
      category_id: other.id,
      note: '',
      details: { subject: `Doctor ${tag}`, details: 'The note follows.' },
    });
    const requestId = filed.data.id;

    // HR has the request open before anything is attached.
    const hrPage = await newPage(browser);
    await loginWithToken(hrPage, hr.email, password);
    await hrPage.goto(`/hr/requests?scope=all&request=${requestId}`);
    const hrDetail = hrPage.getByRole('dialog', { name: `Request #${requestId}` });
    await hrDetail.getByText('The note follows.').waitFor();
    await connected(hrPage);
    expect(await hrDetail.getByRole('button', { name: 'Download note.pdf' }).count()).toBe(0);

    const page = await newPage(browser);
    await loginWithToken(page, employee.email, password);
    await page.goto(`/hr/requests?request=${requestId}`);
    const detail = page.getByRole('dialog', { name: `Request #${requestId}` });
    await detail.getByText('Add attachment').waitFor();
    // A file that is not what its name says is refused by its bytes.
    await detail
      .locator('input[type="file"]')
      .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ not a pdf') });
    await detail.getByText('The attachment must be a PDF, PNG, JPEG, DOC or DOCX file.').waitFor();
    const pdf = Buffer.from('%PDF-1.4\n% doctor note\n%%EOF\n');
    await detail
      .locator('input[type="file"]')
      .setInputFiles({ name: 'note.pdf', mimeType: 'application/pdf', buffer: pdf });
    await detail.getByRole('button', { name: 'Download note.pdf' }).waitFor();

    // HR's drawer follows, and the file downloads there byte for byte.
    const hrLink = hrDetail.getByRole('button', { name: 'Download note.pdf' });
    await hrLink.waitFor();
    const [download] = await Promise.all([hrPage.waitForEvent('download'), hrLink.click()]);
    expect((await downloadedBytes(download)).equals(pdf)).toBe(true);

    // Removed by the requester: gone from both drawers.
    await detail.getByRole('button', { name: 'Remove attachment' }).click();
    await page.getByText('Attachment removed.').waitFor();
    await expect.poll(() => hrLink.count()).toBe(0);
    await hrDetail.getByText('Add attachment').waitFor();
  });

  it("records time off from the PTO view as a request for the employee, starting from the employee's week", async () => {
    // The employee works four ten-hour days (Employee Information).
    const form = new FormData();
    for (const [key, value] of Object.entries({
      _method: 'PUT',
      name: employee.name,
      email: employee.email,
      active: '0',
      password: '',
      password_confirmation: '',
      departments: '[]',
      manager_id: String(manager.id),
      work_hours: JSON.stringify({ '1': 10, '2': 10, '3': 10, '4': 10, '5': 0, '6': 0, '7': 0 }),
    }))
      form.append(key, value);
    await callApi(admin, 'POST', `/api/users/employee/${employee.id}`, form);

    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/employees/edit/${employee.id}/pto`);
    await page.getByRole('link', { name: 'Record Time Off' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/hr/requests' && url.searchParams.get('for') === String(employee.id),
    );
    const drawer = page.getByRole('dialog', { name: 'New request' });
    const forWhom = drawer.getByRole('combobox', { name: /^For/ });
    await expect.poll(() => forWhom.inputValue()).toBe(employee.name);
    await drawer.getByRole('button', { name: 'Schedule Change' }).click();
    const request = page.getByRole('form', { name: 'Schedule Change request' });
    await expect.poll(() => request.getByLabel('Monday').inputValue()).toBe('10');
    expect(await request.getByLabel('Friday').inputValue()).toBe('0');
  });
});
