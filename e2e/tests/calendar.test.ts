// The calendar (spec 1 §2.5, §2.6; designs/hr.md §6): /calendar's month view shows a company holiday and an event made
// through the event dialog; the week view shows the event in its half hours; the keyboard opens it again; /hr shows
// the holiday and the Subscribe dialog makes a feed URL that answers text/calendar.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const today = new Date();
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
});
