// Issue 20 part 3 through the browser: a known week of one employee's timeclock on /reports/timeclock/{start}/{end}:
// the row shows the day's payable time and the week's totals in hours and minutes; Go pushes other dates into the
// route; Download CSV saves the same report.
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('timeclock report', () => {
  let browser: Browser;
  const tag = Date.now().toString(36);
  const name = `Tess Clock ${tag}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await adminToken();
    const employeeId = (
      await callApi<{ data: { id: number } }>(admin, 'POST', '/api/user', {
        name,
        email: `tess.${tag}@example.test`,
        password: 'Secret-Pass-123',
        type: 'user',
      })
    ).data.id;
    // A past week's status changes (UTC, the employee has no time zone): Monday 8:00-12:00 in, lunch to 12:30,
    // in to 16:30, Offline; Tuesday in from 22:00 to Wednesday 01:00 (split at midnight), then Offline.
    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    try {
      await client.query(
        `insert into timeclock_entries (user_id, status, started_at, ended_at) values
          ($1, 1, '2026-11-16T08:00:00Z', '2026-11-16T12:00:00Z'),
          ($1, 3, '2026-11-16T12:00:00Z', '2026-11-16T12:30:00Z'),
          ($1, 1, '2026-11-16T12:30:00Z', '2026-11-16T16:30:00Z'),
          ($1, 5, '2026-11-16T16:30:00Z', '2026-11-17T22:00:00Z'),
          ($1, 1, '2026-11-17T22:00:00Z', '2026-11-18T01:00:00Z'),
          ($1, 5, '2026-11-18T01:00:00Z', null)`,
        [employeeId],
      );
    } finally {
      await client.end();
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the known week per day and in total, moves with Go and downloads the CSV', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/reports/timeclock/2026-11-16/2026-11-22');
    const table = page.getByRole('table', { name: 'Timeclock Report' });
    const row = table.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    // Payable per day (Mon to Sun), then the totals: Checked In, Break, Lunch, Traveling, PTO, UTO, Payable.
    await expect
      .poll(() => row.getByRole('cell').allTextContents())
      .toEqual([
        name,
        '8:00',
        '2:00',
        '1:00',
        '0:00',
        '0:00',
        '0:00',
        '0:00',
        '11:00',
        '0:00',
        '0:30',
        '0:00',
        '0:00',
        '0:00',
        '11:00',
      ]);

    await page.getByLabel('Start').fill('2026-11-17');
    await page.getByLabel('End').fill('2026-11-17');
    await page.getByRole('button', { name: 'Go' }).click();
    await page.waitForURL('**/reports/timeclock/2026-11-17/2026-11-17');
    await expect
      .poll(() => row.getByRole('cell').allTextContents())
      .toEqual([name, '2:00', '2:00', '0:00', '0:00', '0:00', '0:00', '0:00', '2:00']);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('timeclock-2026-11-17-2026-11-17.csv');
  });
});
