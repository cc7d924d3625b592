import { buildPtoPeriods, isIsoDate, roundHours, timeOffReasons, type PtoBank } from '@switchboard/shared';
import { hrReportResponseSchema, type HrReport } from '@switchboard/shared/hr/reports';
import { ptoBankOfRequestBank, type HrRequestBank } from '@switchboard/shared/hr/requests';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { ptoSettings, ptoUsedHours } from '../pto/pto.table.ts';
import { employeePeriodStart, presentPtoSetting, todayIn } from '../pto/pto.service.ts';
import { employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import { hrCategories } from './hr.table.ts';
import { hrRequestDays, hrRequests } from './hr-requests.table.ts';
import { ptoReportColumns, sumColumns } from './hr-reports-pto.ts';

// The PTO report's read path (decision 0143): used rows summed per period and bank in SQL, requested days summed per
// shown period in SQL. Held to the answer the engine gives from every used row and every request day (the report's
// former path, written out below) on used rows in several periods, before the PTO start, after today, with years the
// engine cannot read, hundredths, both banks, and request days on the edges of periods and of the range.

let ctx: TestContext;
let hr: string;
const people: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const viewer = await createUser(ctx.db, { permissions: ['view hr reports'] });
  hr = (await login(ctx.app, viewer.email, viewer.password)).access_token;
  const [timeOff] = await ctx.db.select().from(hrCategories).where(eq(hrCategories.kind, 'time_off'));
  const starts: [string | null, string | null][] = [
    ['2022-03-31', '2022-03-31'],
    [null, '2024-02-29'],
    [null, null],
  ];
  for (const [index, [ptoStart, start]] of starts.entries()) {
    const id = (await createUser(ctx.db, { name: `Pto Person ${index}` })).id;
    people.push(id);
    await ctx.db.update(employees).set({ ptoStartDate: ptoStart, startDate: start }).where(eq(employees.userId, id));
    await ctx.db.insert(ptoSettings).values([
      { userId: id, name: 'Vacation', type: 'Flat Rate', startDate: '2020-01-01', initialHours: '40' },
      {
        userId: id,
        name: 'Fix',
        type: 'Adjustment',
        startDate: '2024-05-05',
        adjustmentHours: '3.3',
        depositsTo: 'Accrual',
      },
    ]);
    const used: [string, string, PtoBank][] = [
      ['0999-05-01', '8', 'Lump Sum'],
      ['2019-12-31', '1.25', 'Lump Sum'],
      ['2022-03-30', '2.35', 'Accrual'],
      ['2022-03-31', '1.1', 'Lump Sum'],
      ['2023-03-30', '0.7', 'Lump Sum'],
      ['2023-03-31', '4', 'Lump Sum'],
      ['2024-02-28', '7.77', 'Accrual'],
      ['2024-02-29', '0.01', 'Lump Sum'],
      ['2025-06-02', '8', 'Lump Sum'],
      ['2025-06-03', '3.33', 'Lump Sum'],
      ['2026-01-02', '6', 'Accrual'],
      ['2099-01-01', '9', 'Lump Sum'],
    ];
    await ctx.db
      .insert(ptoUsedHours)
      .values(used.map(([date, hours, bank]) => ({ userId: id, date, hours, bank, note: '' })));
    const request = async (status: string, reason: string, bank: string, days: [string, string][]) => {
      const [row] = await ctx.db
        .insert(hrRequests)
        .values({
          userId: id,
          categoryId: timeOff!.id,
          status,
          reason,
          bank,
          startDate: days[0]![0],
          endDate: days.at(-1)![0],
        })
        .returning({ id: hrRequests.id });
      await ctx.db
        .insert(hrRequestDays)
        .values(days.map(([date, hours]) => ({ requestId: row!.id, userId: id, date, hours, bank })));
    };
    await request('approved', 'Sick', 'lump_sum', [
      ['2025-03-30', '8'],
      ['2025-03-31', '4.5'],
      ['2025-04-01', '0'],
    ]);
    await request('approved', 'Vacation', 'accrual', [
      ['2025-12-31', '8'],
      ['2026-01-01', '2.25'],
    ]);
    await request('approved', 'Vacation', 'unpaid', [['2026-02-27', '8']]);
    await request('pending', 'Vacation', 'lump_sum', [['2026-03-02', '8']]);
    await request('pending', 'Appointment', 'accrual', [['2024-03-01', '1.5']]);
    await request('denied', 'Vacation', 'lump_sum', [['2026-03-03', '8']]);
    await request('completed', 'Sick', 'lump_sum', [['2026-03-04', '8']]);
    await request('approved', 'Sick', 'accrual', [['2026-12-01', '5']]);
  }
});
afterAll(async () => {
  await ctx.close();
});

/** The report as the engine gives it from every used row and every request day (the path before decision 0143). */
async function expected(from: string, to: string): Promise<HrReport> {
  const list = await ctx.db
    .select({
      userId: employees.userId,
      name: users.name,
      ptoStartDate: employees.ptoStartDate,
      startDate: employees.startDate,
      createdAt: users.createdAt,
      accrualRolloverLimit: employees.accrualRolloverLimit,
      lumpSumRolloverLimit: employees.lumpSumRolloverLimit,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(inArray(employees.userId, people))
    .orderBy(users.name);
  const rows: HrReport['rows'] = [];
  for (const person of list) {
    const settings = await ctx.db.select().from(ptoSettings).where(eq(ptoSettings.userId, person.userId));
    const used = await ctx.db.select().from(ptoUsedHours).where(eq(ptoUsedHours.userId, person.userId));
    const days = await ctx.db
      .select({ date: hrRequestDays.date, hours: hrRequestDays.hours, bank: hrRequestDays.bank, r: hrRequests })
      .from(hrRequestDays)
      .innerJoin(hrRequests, eq(hrRequests.id, hrRequestDays.requestId))
      .where(and(eq(hrRequestDays.userId, person.userId), inArray(hrRequests.status, ['pending', 'approved'])));
    const requested = days
      .filter((day) => Number(day.hours) > 0)
      .map((day) => ({
        date: day.date,
        hours: Number(day.hours),
        bank: ptoBankOfRequestBank(day.bank as HrRequestBank) ?? 'Unpaid',
        reason: day.r.reason,
        status: day.r.status,
      }));
    const periods = buildPtoPeriods({
      ptoStartDate: employeePeriodStart({ ...person, timezone: 'UTC' }).date,
      settings: settings.map(presentPtoSetting),
      accrualRolloverLimit: person.accrualRolloverLimit,
      lumpSumRolloverLimit: person.lumpSumRolloverLimit,
      checkedInHours: () => 0,
      usedHours: used
        .filter((row) => isIsoDate(row.date))
        .map((row) => ({ date: row.date, hours: row.hours, bank: row.bank as PtoBank })),
      today: todayIn('UTC'),
    });
    for (const period of periods) {
      if (period.end_date < from || period.start_date > to) continue;
      const inPeriod = requested.filter((day) => day.date >= period.start_date && day.date <= period.end_date);
      const inRange = inPeriod.filter((day) => day.status === 'approved' && day.date >= from && day.date <= to);
      const sum = (days: typeof requested) => roundHours(days.reduce((total, day) => total + day.hours, 0));
      const row: HrReport['rows'][number] = {
        user_id: person.userId,
        name: person.name,
        period_start: period.start_date,
        period_end: period.end_date,
        accrual_hours: period.accrued_hours,
        accrual_rollover: period.accrued_rollover,
        accrual_used: period.accrued_used,
        accrual_balance: period.accrued_balance,
        lump_sum_hours: period.lump_sum_hours,
        lump_sum_rollover: period.lump_sum_rollover,
        lump_sum_used: period.lump_sum_used,
        lump_sum_balance: period.lump_sum_balance,
        pending_hours: sum(inPeriod.filter((day) => day.status === 'pending')),
        unpaid_hours: sum(inRange.filter((day) => day.bank === 'Unpaid')),
      };
      for (const reason of timeOffReasons) {
        const key = `reason_${reason.toLowerCase().replace(/[^a-z]+/g, '_')}`;
        const ofReason = inRange.filter((day) => day.reason === reason);
        row[`${key}_accrual`] = sum(ofReason.filter((day) => day.bank === 'Accrual'));
        row[`${key}_lump_sum`] = sum(ofReason.filter((day) => day.bank === 'Lump Sum'));
      }
      rows.push(row);
    }
  }
  return {
    report: 'pto',
    from,
    to,
    columns: ptoReportColumns,
    rows,
    totals: sumColumns(ptoReportColumns, rows, 'name', 'Total'),
    chart: null,
  };
}

describe('PTO report read path', () => {
  it.each([
    ['2026-01-01', '2026-06-30'],
    ['2022-01-01', '2026-12-31'],
    ['2025-03-31', '2026-01-01'],
    ['2024-02-29', '2024-03-01'],
  ])('answers %s to %s as the engine does from every row', async (from, to) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/hr/reports/pto/${from}/${to}?enabled=all`,
      headers: bearer(hr),
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = hrReportResponseSchema.parse(response.json()).data;
    const ours = { ...data, rows: data.rows.filter((row) => people.includes(Number(row.user_id))) };
    ours.totals = sumColumns(ptoReportColumns, ours.rows, 'name', 'Total');
    const wanted = await expected(from, to);
    expect(ours.rows.length).toBeGreaterThan(0);
    expect(ours).toEqual(wanted);
    // The figures the sums feed are not all zero: a broken sum would not pass unseen.
    expect(ours.rows.some((row) => Number(row.lump_sum_used) > 0 && Number(row.accrual_used) > 0)).toBe(true);
    expect(ours.rows.some((row) => Number(row.pending_hours) > 0 || Number(row.reason_sick_lump_sum) > 0)).toBe(true);
  });
});
