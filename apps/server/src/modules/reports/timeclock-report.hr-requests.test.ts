import { addDays, todayInZone, type TimeclockReport } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { hrCategories } from '../hr/hr.table.ts';
import { getTimeclockReportCsv, getTimeclockReportJson } from './timeclock-report.service.ts';
import { timeclockClosedDays } from './timeclock-closed-days.table.ts';

// The timeclock report reads approved HR request days (designs/hr.md §2.5): Accrual and Lump Sum as pto (through the
// used rows their approval writes), Unpaid as uto; pending, denied and cancelled requests count nowhere, and uto is
// not payable. Checked on open days and on kept closed days.

let ctx: TestContext;
let hr: string;
let employeeId: number;
let timeOffCategory: number;
const now = Date.now();
const today = todayInZone('UTC', now);
/** Weekdays among the last two weeks, oldest first. */
const weekdays = Array.from({ length: 14 }, (_, index) => addDays(today, index - 14)).filter((date) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
});
const range = { start: addDays(today, -14), end: today };

beforeAll(async () => {
  ctx = await createTestContext();
  const officer = await createUser(ctx.db, {
    name: 'Hal HR',
    permissions: ['approve hr requests', 'view human resources'],
  });
  hr = (await login(ctx.app, officer.email, officer.password)).access_token;
  employeeId = (await createUser(ctx.db, { name: 'Una Unpaid' })).id;
  const [category] = await ctx.db
    .select({ id: hrCategories.id })
    .from(hrCategories)
    .where(eq(hrCategories.kind, 'time_off'))
    .limit(1);
  timeOffCategory = category!.id;
});
afterAll(async () => {
  await ctx.close();
});

async function record(date: string, bank: string, approveNow: boolean) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/hr/requests',
    headers: bearer(hr),
    payload: {
      kind: 'time_off',
      category_id: timeOffCategory,
      reason: 'Personal Time',
      bank,
      start_date: date,
      end_date: date,
      user_id: employeeId,
      approve_now: approveNow,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; version: number };
}

const rowOf = (json: string) =>
  (JSON.parse(json) as { data: TimeclockReport }).data.rows.find((row) => row.user_id === employeeId)!;

describe('the timeclock report and HR requests', () => {
  it('counts approved Unpaid days as uto (not payable) and approved Lump Sum days as pto', async () => {
    const [unpaidDay, lumpDay, pendingDay, cancelledDay] = weekdays;
    await record(unpaidDay!, 'unpaid', true);
    await record(lumpDay!, 'lump_sum', true);
    await record(pendingDay!, 'unpaid', false);
    const cancelled = await record(cancelledDay!, 'unpaid', true);
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/hr/requests/${cancelled.id}/cancel`,
      headers: bearer(hr),
      payload: { version: cancelled.version, comment: 'Entered by mistake.' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    await ctx.db.delete(timeclockClosedDays);
    for (const pass of ['open', 'kept']) {
      const row = rowOf(await getTimeclockReportJson(ctx.db, range, now));
      const day = (date: string) => row.days.find((entry) => entry.date === date)!;
      expect(day(unpaidDay!), pass).toMatchObject({ uto: 480, pto: 0, payable: 0 });
      expect(day(lumpDay!), pass).toMatchObject({ uto: 0, pto: 480, payable: 480 });
      expect(day(pendingDay!), pass).toMatchObject({ uto: 0, pto: 0 });
      expect(day(cancelledDay!), pass).toMatchObject({ uto: 0, pto: 0 });
      expect(row.totals, pass).toMatchObject({ uto: 480, pto: 480, payable: 480 });
    }
    const csv = await getTimeclockReportCsv(ctx.db, range, now);
    expect(csv).toContain(`Una Unpaid,${unpaidDay},0:00,0:00,0:00,0:00,0:00,8:00,0:00\r\n`);
    expect(csv).toContain('Una Unpaid,Total,0:00,0:00,0:00,0:00,8:00,8:00,8:00\r\n');
  });
});
