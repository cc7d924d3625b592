// Issue 18 parts 5, 10 and 12 (spec 3 §2 Step panels): the Scheduled Placeholder set with its +90 days shortcut, two
// slots reserved on Schedule Project Date (and a double booking refused on its row), the project completed.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('project schedule and completion', () => {
  let browser: Browser;
  let token: string;
  // The slots' technician: an employee of department 1 (tech), as the Technician picker lists (decision 0078).
  const techName = 'Stella Slots';
  let techId: number;
  let adminName: string;
  let projectId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken();
    const session = await callApi<{ data: { user: { name: string } } }>(token, 'GET', '/api/session');
    adminName = session.data.user.name;
    const password = 'Stella-pass-123';
    techId = (
      await callApi<{ data: { id: number } }>(token, 'POST', '/api/users/employee', {
        name: techName,
        email: `stella.${Date.now()}@switchboard.test`,
        password,
        password_confirmation: password,
        title: 'Field Technician',
        active: 0,
        departments: [1],
      })
    ).data.id;
    const companyId = await createCompanyViaApi(token, `Schedule Dental ${Date.now()}`);
    const project = (title: string) =>
      callApi<{ data: { id: number } }>(token, 'POST', '/api/project', {
        title,
        company_id: companyId,
        labor_required: 0,
        procurement_required: 1,
        verbally_approved: 0,
      });
    projectId = (await project('Server room move')).data.id;
    // Another project already has the technician on site on 2031-03-12 from 09:00 to 12:00.
    const other = (await project('Printer rollout')).data.id;
    await callApi(token, 'POST', '/api/project/project_step', {
      step: 'Schedule Project Date',
      project_id: other,
      dates: [{ start_date: '2031-03-12', start_time: '09:00', end_time: '12:00', employee_id: techId }],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sets the placeholder, reserves two slots, refuses a double booking and completes the project', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/projects/${projectId}`);

    // Scheduled Placeholder: +90 days from the browser's today, then Create; the button then reads Update.
    const placeholder = page.getByRole('group', { name: 'Scheduled Placeholder' });
    await placeholder.getByRole('button', { name: '+90 days' }).click();
    const expected = await page.evaluate(() => {
      const day = new Date();
      day.setDate(day.getDate() + 90);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
    });
    expect(await placeholder.getByLabel('Start date').inputValue()).toBe(expected);
    await placeholder.getByRole('button', { name: 'Create' }).click();
    // Spec 3 §4: an open step asks whether to close it with the save; Save & Close closes the card.
    await page.getByRole('dialog', { name: 'Create' }).getByRole('button', { name: 'Save & Close' }).click();
    await page.getByText('Scheduled placeholder saved.').first().waitFor();
    await expect.poll(() => placeholder.getAttribute('data-status')).toBe('closed');
    // A closed step folds to its line (issue 26 §2 item 11): its title opens it again.
    await placeholder.getByRole('button', { name: 'Scheduled Placeholder', exact: true }).click();
    await placeholder.getByRole('button', { name: 'Update' }).waitFor();
    // Closed, the next save goes straight through without asking.
    await placeholder.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => page.getByText('Scheduled placeholder saved.').count()).toBeGreaterThan(1);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Schedule Project Date: no slots yet, two reserved with Create Slots, still there after a reload.
    const schedule = page.getByRole('group', { name: 'Schedule Project Date' });
    await schedule
      .getByText('There are no slots reserved for this project. This project current requires 1 slots.')
      .waitFor();
    const fillSlot = async (number: number, date: string, start: string, end: string) => {
      await schedule.getByRole('button', { name: 'Add Slot' }).click();
      const slot = schedule.getByRole('group', { name: `Slot ${number}` });
      await slot.getByLabel('Date').fill(date);
      await slot.getByLabel('Start time').fill(start);
      await slot.getByLabel('End time').fill(end);
      await slot.getByRole('combobox', { name: 'Technician' }).click();
      await page.getByRole('option', { name: techName }).click();
      return slot;
    };
    await fillSlot(1, '2031-03-10', '08:00', '12:00');
    await fillSlot(2, '2031-03-11', '13:00', '17:00');
    await schedule.getByRole('button', { name: 'Create Slots' }).click();
    await page.getByRole('dialog', { name: 'Create Slots' }).getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Slots saved.').first().waitFor();
    await schedule.getByRole('button', { name: 'Update Slots' }).waitFor();

    await page.reload();
    await schedule.getByRole('button', { name: 'Update Slots' }).waitFor();
    const values = async (number: number) => {
      const slot = schedule.getByRole('group', { name: `Slot ${number}` });
      return [
        await slot.getByLabel('Date').inputValue(),
        await slot.getByLabel('Start time').inputValue(),
        await slot.getByLabel('End time').inputValue(),
        await slot.getByRole('combobox', { name: 'Technician' }).inputValue(),
      ];
    };
    expect(await values(1)).toEqual(['2031-03-10', '08:00', '12:00', techName]);
    expect(await values(2)).toEqual(['2031-03-11', '13:00', '17:00', techName]);
    expect(await schedule.getByText(/There are no slots reserved/).count()).toBe(0);

    // A third slot overlapping the other project's booking is refused on its row; nothing is saved.
    const third = await fillSlot(3, '2031-03-12', '10:00', '11:00');
    await schedule.getByRole('button', { name: 'Update Slots' }).click();
    await page.getByRole('dialog', { name: 'Update Slots' }).getByRole('button', { name: 'Save', exact: true }).click();
    await third.getByText(`${techName} is already booked from 09:00 to 12:00 on 2031-03-12.`).waitFor();
    await page.getByText('An error occured.').first().waitFor();
    const saved = await callApi<{ data: { schedule_dates: unknown[] } }>(token, 'GET', `/api/project/${projectId}`);
    expect(saved.data.schedule_dates).toHaveLength(2);

    // Completion Verification: the switch marks the project complete, with who and when.
    const completion = page.getByRole('group', { name: 'Completion Verification' });
    await completion.getByRole('switch', { name: 'All objectives are done (confirmed with the client)' }).click();
    await page.getByText('Project marked complete.').first().waitFor();
    const who = adminName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await completion
      .getByText(new RegExp(`^Marked complete by ${who} on \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} (AM|PM)$`))
      .waitFor();
    expect(await completion.getByRole('switch').isChecked()).toBe(true);
  });
});
