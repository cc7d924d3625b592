// The calendar (spec 1 §2.5, §2.6; designs/hr.md §6): /calendar's month view shows a company holiday and an event made
// through the event dialog; the week view shows the event in its half hours; the keyboard opens it again; /hr shows
// the holiday and the Subscribe dialog makes a feed URL that answers text/calendar. On /hr a day gives HR the day's
// dialog (record time off on that date, add an interview on it), and an interview drags to another day.
import type { HrApplicantDetail, HrInterview, HrJob } from '@switchboard/shared/hr/jobs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const today = new Date();
const localIso = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const daysAhead = (days: number) => localIso(new Date(today.getFullYear(), today.getMonth(), today.getDate() + days));
const longDay = (day: string) =>
  new Date(`${day}T12:00:00`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
const dayOfMonth = (day: number) => `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(day)}`;

describe('calendar', () => {
  let browser: Browser;
  let holidayName: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    holidayName = `Founders Day ${Date.now()}`;
    // One company holiday a day: take the first free day of this month.
    for (let day = 3; day <= 27; day += 1) {
      try {
        await callApi(token, 'POST', '/api/employee/holiday/store', { date: dayOfMonth(day), name: holidayName });
        break;
      } catch (error) {
        if (day === 27) throw error;
      }
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a holiday and an event made in the dialog in the month view, then the week view, by keyboard too', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/calendar');
    const calendar = page.getByTestId('calendar');
    await expect.poll(async () => calendar.getByText(holidayName).count()).toBeGreaterThan(0);

    const title = `Standup ${Date.now()}`;
    await page.getByRole('button', { name: 'New Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Event' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByLabel('Date').fill(dayOfMonth(today.getDate()));
    await dialog.getByLabel('Start Time').selectOption('10:00');
    await dialog.getByLabel('End Time').selectOption('09:30');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('The start time may not be after the end time.').waitFor();
    await dialog.getByLabel('End Time').selectOption('11:30');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    const event = calendar.getByText(title);
    await event.waitFor();

    await page.getByRole('tab', { name: 'Week view' }).click();
    await expect
      .poll(async () => page.getByRole('tab', { name: 'Week view' }).getAttribute('aria-selected'))
      .toBe('true');
    await calendar.getByText(title).waitFor();
    await expect.poll(async () => calendar.getByText(/10:00\s*–\s*11:30/).count()).toBeGreaterThan(0);

    // Keyboard: the event is a link; Enter opens it in the dialog, whose Delete removes it.
    await calendar.getByRole('link', { name: new RegExp(title) }).focus();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit Event' });
    await expect.poll(async () => edit.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(title);
    await edit.getByRole('button', { name: 'Delete' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(async () => calendar.getByText(title).count()).toBe(0);
  });

  it('shows the holiday on the HR calendar and makes a feed URL under Subscribe', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/hr');
    await expect.poll(async () => page.getByTestId('calendar').getByText(holidayName).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe' });
    await dialog.getByRole('button', { name: /Create feed URL|Regenerate/ }).click();
    const field = dialog.getByRole('textbox', { name: 'Feed URL' });
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(/\/api\/hr\/calendar\.ics\?token=[A-Za-z0-9_-]{43}$/);
    const feed = await page.request.get(new URL(url).pathname + new URL(url).search);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await feed.text()).toContain(`SUMMARY:${holidayName}`);
  });

  describe('the HR calendar for HR and hiring', () => {
    let token: string;
    let applicant: HrApplicantDetail;

    beforeAll(async () => {
      token = await adminToken();
      const stamp = Date.now();
      const job = await callApi<{ data: HrJob }>(token, 'POST', '/api/hr/jobs', {
        title: `Calendar Engineer ${stamp}`,
        employment_type: 'full_time',
        workplace: 'remote',
        status: 'open',
        openings: 1,
      });
      const form = new FormData();
      form.append('first_name', 'Linus');
      form.append('last_name', `Dragger ${stamp}`);
      form.append('email', `linus.${stamp}@example.com`);
      form.append('source', 'website');
      applicant = (
        await callApi<{ data: HrApplicantDetail }>(token, 'POST', `/api/hr/jobs/${job.data.id}/applicants`, form)
      ).data;
    });

    const openDay = async (page: Page, day: string) => {
      await page.goto('/hr');
      const cell = page.getByTestId('calendar').locator(`[role="cell"][data-date="${day}"]`).first();
      await cell.waitFor();
      const dialog = page.getByRole('dialog', { name: longDay(day) });
      // The first click can land while the month is still drawing: click until the day's dialog is there.
      await expect
        .poll(async () => {
          if (!(await dialog.isVisible())) await cell.click({ position: { x: 8, y: 40 } });
          return dialog.isVisible();
        })
        .toBe(true);
      return dialog;
    };

    it('gives HR the day dialog: time off is recorded on that date, an interview is added on it', async () => {
      const day = daysAhead(1);
      const page = await newPage(browser);
      await loginWithToken(page);
      let dialog = await openDay(page, day);
      await dialog.getByRole('button', { name: 'Record time off' }).click();
      await page.waitForURL((url) => url.pathname === '/hr/requests' && url.searchParams.get('date') === day);
      await page.getByRole('dialog', { name: 'New request' }).getByRole('button', { name: 'Time Off' }).click();
      const request = page.getByRole('form', { name: 'Time Off request' });
      await expect.poll(() => request.getByLabel('Start date').inputValue()).toBe(day);

      dialog = await openDay(page, day);
      await dialog.getByRole('combobox', { name: 'Applicant' }).click();
      await page.getByRole('option', { name: new RegExp(applicant.name) }).click();
      await dialog.getByRole('button', { name: 'Add an interview' }).click();
      await page.waitForURL((url) => url.pathname === '/hr/jobs' && url.searchParams.get('interview_date') === day);
      const schedule = page.getByRole('dialog', { name: `Schedule interview with ${applicant.name}` });
      await expect.poll(() => schedule.getByLabel('Date').inputValue()).toBe(day);
    });

    it('moves an interview to another day by dragging it', async () => {
      const me = (await callApi<{ data: { user: { id: number } } }>(token, 'GET', '/api/session')).data.user.id;
      const from = daysAhead(1);
      const to = daysAhead(2);
      await callApi(token, 'POST', '/api/hr/interviews', {
        applicant_id: applicant.id,
        date: from,
        start_time: '10:00',
        end_time: '11:00',
        time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
        kind: 'video',
        location: 'https://meet.example.com/linus',
        interviewer_ids: [me],
      });
      const page = await newPage(browser);
      await loginWithToken(page);
      await page.goto('/hr');
      const calendar = page.getByTestId('calendar');
      const event = calendar.getByText(`Interview: ${applicant.name}`);
      await event.waitFor();
      // The page is live (a refetch redraws the month) before the drag starts.
      await page.waitForFunction(() => document.documentElement.dataset.realtime === 'connected');
      await event.hover();
      const target = calendar.locator(`[role="cell"][data-date="${to}"]`).first();
      const a = (await event.boundingBox())!;
      const b = (await target.boundingBox())!;
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(a.x + a.width / 2 + 5, a.y + a.height / 2 + 5, { steps: 5 });
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
      await page.mouse.up();
      await page.getByText('Interview saved.').first().waitFor();
      const interviews = async () =>
        (await callApi<{ data: HrInterview[] }>(token, 'GET', `/api/hr/interviews?applicant_id=${applicant.id}`)).data;
      await expect.poll(async () => (await interviews()).map((row) => localIso(new Date(row.starts_at)))).toContain(to);
    });
  });
});
