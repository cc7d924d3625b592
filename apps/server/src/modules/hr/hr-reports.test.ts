import {
  hrReportCsv,
  hrReportGroupingMessage,
  hrReportMessages,
  hrReportResponseSchema,
} from '@switchboard/shared/hr/reports';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { ptoSettings, ptoUsedHours } from '../pto/pto.table.ts';
import { employees } from '../users/employees.table.ts';
import { hrCategories } from './hr.table.ts';
import { hrRequestDays, hrRequests } from './hr-requests.table.ts';
import { hrFormAssignments, hrFormSubmissions, hrForms, hrFormVersions } from './hr-forms.table.ts';
import { hrApplicants, hrJobs } from './hr-jobs.table.ts';
import { hrSteps } from './hr.table.ts';
import { hrAnonReports } from './hr-anon.table.ts';
import { hrEmploymentEvents } from './hr-employment.table.ts';
import { hrRequestEvents } from './hr-requests.table.ts';

// HR reports (designs/hr.md §7): 'view hr reports', one table per report whose CSV is that table; the PTO report
// computed by the engine from set queries, headcount from start dates and disabled accounts.

let ctx: TestContext;
let hr: string;
let plain: string;
let client: string;
let alice: number;
let bob: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const viewer = await createUser(ctx.db, { permissions: ['view hr reports'] });
  hr = (await login(ctx.app, viewer.email, viewer.password)).access_token;
  const staff = await createUser(ctx.db);
  plain = (await login(ctx.app, staff.email, staff.password)).access_token;
  const account = await createUser(ctx.db, { type: 'Client', permissions: ['view hr reports'] });
  client = (await login(ctx.app, account.email, account.password)).access_token;

  alice = (await createUser(ctx.db, { name: 'Alice Anniversary', departments: [1] })).id;
  bob = (await createUser(ctx.db, { name: 'Bob Departed', deletedAt: new Date('2026-03-10T12:00:00Z') })).id;
  await ctx.db
    .update(employees)
    .set({ ptoStartDate: '2025-01-15', startDate: '2025-01-15' })
    .where(eq(employees.userId, alice));
  await ctx.db
    .update(employees)
    .set({ ptoStartDate: '2025-02-01', startDate: '2025-02-01' })
    .where(eq(employees.userId, bob));
  await ctx.db.insert(ptoSettings).values([
    { userId: alice, name: 'Vacation', type: 'Flat Rate', startDate: '2025-01-15', initialHours: '40' },
    { userId: bob, name: 'Vacation', type: 'Flat Rate', startDate: '2025-02-01', initialHours: '24' },
  ]);
  await ctx.db.insert(ptoUsedHours).values([
    { userId: alice, date: '2026-02-02', hours: '8', bank: 'Lump Sum' },
    { userId: alice, date: '2025-06-02', hours: '4', bank: 'Lump Sum' },
  ]);
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, as = hr) =>
  ctx.app.inject({ method: 'GET', url: `/api/hr/reports/${url}`, headers: bearer(as) });
const report = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return hrReportResponseSchema.parse(response.json()).data;
};

describe('GET /api/hr/reports/{report}/{from}/{to}', () => {
  it("needs 'view hr reports'; client accounts get 403; an unknown report is 404", async () => {
    expect((await get('pto/2026-01-01/2026-06-30', plain)).statusCode).toBe(403);
    expect((await get('pto/2026-01-01/2026-06-30', client)).statusCode).toBe(403);
    expect((await get('payroll/2026-01-01/2026-06-30')).statusCode).toBe(404);
  });

  it('refuses a bad date, an end before the start and a range over five years with 422 and the message', async () => {
    expect((await get('pto/2026-13-01/2026-06-30')).statusCode).toBe(422);
    const backwards = await get('pto/2026-06-30/2026-01-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.to).toEqual([hrReportMessages.range]);
    expect((await get('pto/2015-01-01/2026-01-01')).json().errors.to).toEqual([hrReportMessages.tooLong]);
  });

  it('PTO: a row per employee and period overlapping the range, balances from the engine, a totals row', async () => {
    const data = await report('pto/2026-01-01/2026-06-30');
    const rows = data.rows.filter((row) => row.user_id === alice);
    // Alice's periods 2025-01-15..2026-01-14 and 2026-01-15..2027-01-14 both overlap the range.
    expect(rows.map((row) => [row.period_start, row.period_end])).toEqual([
      ['2025-01-15', '2026-01-14'],
      ['2026-01-15', '2027-01-14'],
    ]);
    expect(rows[0]).toMatchObject({ lump_sum_hours: 40, lump_sum_used: 4, lump_sum_balance: 36 });
    expect(rows[1]).toMatchObject({ lump_sum_hours: 40, lump_sum_rollover: 0, lump_sum_used: 8, lump_sum_balance: 32 });
    // Disabled employees leave the default (enabled) report and come back with enabled=all.
    expect(data.rows.some((row) => row.user_id === bob)).toBe(false);
    const all = await report('pto/2026-01-01/2026-06-30?enabled=all');
    expect(all.rows.some((row) => row.user_id === bob)).toBe(true);
    expect(data.totals?.lump_sum_used).toBe(rows.reduce((sum, row) => sum + Number(row.lump_sum_used), 0));
  });

  it('PTO: pending hours per period, approved hours by reason and bank inside the range, unpaid apart', async () => {
    const [timeOff] = await ctx.db
      .select({ id: hrCategories.id })
      .from(hrCategories)
      .where(eq(hrCategories.kind, 'time_off'));
    const request = async (status: string, reason: string, bank: string, days: [string, string][]) => {
      const [row] = await ctx.db
        .insert(hrRequests)
        .values({
          userId: alice,
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
        .values(days.map(([date, hours]) => ({ requestId: row!.id, userId: alice, date, hours, bank })));
    };
    await request('approved', 'Sick', 'lump_sum', [
      ['2026-03-02', '8'],
      ['2026-03-03', '4'],
    ]);
    await request('approved', 'Vacation', 'unpaid', [['2026-04-06', '8']]);
    await request('pending', 'Vacation', 'lump_sum', [['2026-05-04', '8']]);
    await request('denied', 'Vacation', 'lump_sum', [['2026-05-05', '8']]);
    // Outside the range: counts in neither range column.
    await request('approved', 'Sick', 'lump_sum', [['2026-08-03', '8']]);
    const rows = (await report('pto/2026-01-01/2026-06-30')).rows.filter((row) => row.user_id === alice);
    expect(rows[1]).toMatchObject({
      pending_hours: 8,
      reason_sick_lump_sum: 12,
      reason_sick_accrual: 0,
      reason_vacation_lump_sum: 0,
      unpaid_hours: 8,
    });
    expect(rows[0]).toMatchObject({ pending_hours: 0, reason_sick_lump_sum: 0 });
  });

  it('requests: filed in the range per category and status, pending by age, approved hours by reason', async () => {
    // The requests of the test above were filed today, with days from March to August.
    const year = new Date().getUTCFullYear();
    const data = await report(`requests/${year}-01-01/${year}-12-31`);
    const timeOff = data.rows.find((row) => row.category === 'Time Off');
    expect(timeOff).toMatchObject({ approved: 3, pending: 1, denied: 1, total: 5, pending_0_2: 1, pending_8_plus: 0 });
    expect(timeOff).toMatchObject({ hours_sick: 20, hours_vacation: 8, hours_appointment: 0 });
    expect(data.totals?.total).toBe(5);
    expect((await report(`requests/${year - 1}-01-01/${year - 1}-12-31`)).rows).toEqual([]);
  });

  it('filters by department', async () => {
    const data = await report('pto/2026-01-01/2026-06-30?department_id=3');
    expect(data.rows).toEqual([]);
    const tech = await report('pto/2026-01-01/2026-06-30?department_id=1');
    expect(new Set(tech.rows.map((row) => row.user_id))).toEqual(new Set([alice]));
  });

  it('the CSV is the table the JSON answers, cell for cell', async () => {
    const data = await report('pto/2026-01-01/2026-06-30');
    const csv = await get('pto/2026-01-01/2026-06-30?format=csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toBe(hrReportCsv(data));
    expect(csv.body.split('\r\n')[0]).toContain('Lump Sum balance');
  });

  it('headcount: month ends, hires on the start date, separations on the day the account was disabled', async () => {
    const data = await report('headcount/2025-01-01/2026-04-30?enabled=all');
    const month = (key: string) => data.rows.find((row) => row.month === key);
    expect(month('2025-01')).toMatchObject({ hires: 1 });
    expect(month('2025-02')).toMatchObject({ hires: 1 });
    expect(month('2026-03')).toMatchObject({ separations: 1 });
    expect(Number(month('2026-03')?.headcount)).toBe(Number(month('2026-02')?.headcount) - 1);
    expect(data.chart).toEqual({ label_key: 'month', series: ['headcount', 'hires', 'separations'] });
  });

  it('forms: per form its current assignments, completed, outstanding, overdue today and signed in the range', async () => {
    const [form] = await ctx.db
      .insert(hrForms)
      .values({ title: 'Security Policy', kind: 'acknowledgement' })
      .returning();
    const [version] = await ctx.db
      .insert(hrFormVersions)
      .values({
        formId: form!.id,
        version: 2,
        title: 'Security Policy',
        kind: 'acknowledgement',
        bodyHtml: '<p>x</p>',
        fields: [],
        contentSha256: 'ab',
        requireResign: true,
      })
      .returning();
    await ctx.db.update(hrForms).set({ currentVersionId: version!.id }).where(eq(hrForms.id, form!.id));
    const someone = await createUser(ctx.db);
    const [done, late] = await ctx.db
      .insert(hrFormAssignments)
      .values([
        { formId: form!.id, userId: alice, versionId: version!.id, dueOn: '2026-01-31' },
        { formId: form!.id, userId: someone.id, versionId: version!.id, dueOn: '2026-01-31' },
      ])
      .returning();
    void late;
    const [submission] = await ctx.db
      .insert(hrFormSubmissions)
      .values({
        assignmentId: done!.id,
        formId: form!.id,
        versionId: version!.id,
        userId: alice,
        values: {},
        acknowledged: true,
        signedName: 'Alice Anniversary',
        signedAt: new Date('2026-01-20T10:00:00Z'),
        timeZone: 'UTC',
        sha256: 'ab',
      })
      .returning();
    await ctx.db
      .update(hrFormAssignments)
      .set({ submissionId: submission!.id })
      .where(eq(hrFormAssignments.id, done!.id));
    const data = await report('forms/2026-01-01/2026-06-30');
    expect(data.rows.find((row) => row.form === 'Security Policy')).toEqual({
      form: 'Security Policy',
      version: 2,
      assigned: 2,
      completed: 1,
      outstanding: 1,
      overdue: 1,
      completion: 50,
      signed_in_range: 1,
    });
    expect((await report('forms/2026-02-01/2026-06-30')).rows[0]).toMatchObject({ signed_in_range: 0 });
  });

  it('hiring: per opening the applicants of the range, where they stand, conversion and median days to hire', async () => {
    const steps = await ctx.db.select().from(hrSteps);
    const stepOf = (kind: string) => steps.find((step) => step.kind === kind)!.id;
    const [job] = await ctx.db
      .insert(hrJobs)
      .values({ title: 'Senior Technician', employmentType: 'full_time', workplace: 'on_site', status: 'open' })
      .returning();
    const applicant = (stepKind: string, created: string, entered: string) => ({
      jobId: job!.id,
      firstName: 'A',
      lastName: stepKind,
      email: `${stepKind}-${created}@example.test`,
      stepId: stepOf(stepKind),
      createdAt: new Date(`${created}T09:00:00Z`),
      stepEnteredAt: new Date(`${entered}T09:00:00Z`),
    });
    await ctx.db
      .insert(hrApplicants)
      .values([
        applicant('hired', '2026-02-01', '2026-02-21'),
        applicant('rejected', '2026-02-02', '2026-02-05'),
        applicant('active', '2026-03-01', '2026-03-01'),
        applicant('active', '2025-12-01', '2025-12-01'),
      ]);
    const data = await report('hiring/2026-01-01/2026-06-30');
    expect(data.rows).toEqual([
      {
        opening: 'Senior Technician',
        status: 'open',
        applicants: 3,
        active: 1,
        hired: 1,
        rejected: 1,
        conversion: 33.33,
        median_days_to_hire: 20,
      },
    ]);
  });

  describe('employment events, groupings and the anonymous counts', () => {
    let carl: number;
    let dana: number;
    let manager: number;
    let approverA: number;
    let approverB: number;
    beforeAll(async () => {
      manager = (await createUser(ctx.db, { name: 'Mia Manager' })).id;
      carl = (await createUser(ctx.db, { name: 'Carl Comeback', departments: [1, 2] })).id;
      dana = (await createUser(ctx.db, { name: 'Dana Gone', departments: [2], deletedAt: new Date('2026-02-21') })).id;
      await ctx.db
        .update(employees)
        .set({ managerId: manager, startDate: '2024-01-10' })
        .where(eq(employees.userId, carl));
      await ctx.db
        .update(employees)
        .set({ managerId: manager, startDate: '2020-05-01' })
        .where(eq(employees.userId, dana));
      // Carl: hired, let go, rehired; Dana (no hire event: from before the events) quit.
      await ctx.db.insert(hrEmploymentEvents).values([
        { userId: carl, kind: 'hire', date: '2024-01-10' },
        { userId: carl, kind: 'separation', date: '2026-02-15', separationType: 'involuntary' },
        { userId: carl, kind: 'rehire', date: '2026-04-01' },
        { userId: dana, kind: 'separation', date: '2026-02-20', separationType: 'voluntary', reason: 'Moved away' },
      ]);
      approverA = (await createUser(ctx.db, { name: 'Ann Approver' })).id;
      approverB = (await createUser(ctx.db, { name: 'Ben HR' })).id;
    });

    it('headcount by month: separations split voluntary / involuntary, rehires counted apart from hires', async () => {
      const data = await report(`headcount/2026-01-01/2026-04-30?manager_id=${manager}`);
      const month = (key: string) => data.rows.find((row) => row.month === key);
      expect(month('2026-01')).toMatchObject({ headcount: 2, hires: 0, separations: 0 });
      expect(month('2026-02')).toMatchObject({
        headcount: 0,
        separations: 2,
        voluntary: 1,
        involuntary: 1,
        turnover: 200,
      });
      expect(month('2026-03')).toMatchObject({ headcount: 0, separations: 0 });
      expect(month('2026-04')).toMatchObject({ headcount: 1, hires: 0, rehires: 1 });
      expect(data.totals).toMatchObject({ headcount: 1, separations: 2, voluntary: 1, involuntary: 1, rehires: 1 });
      expect(data.columns.map((column) => column.label)).toEqual([
        'Month',
        'Headcount at month end',
        'Hires',
        'Rehires',
        'Separations',
        'Voluntary',
        'Involuntary',
        'Turnover %',
      ]);
    });

    it('headcount by department and by region side by side; totals count each person once', async () => {
      const byDepartment = await report(`headcount/2026-01-01/2026-04-30?manager_id=${manager}&group_by=department`);
      expect(byDepartment.columns[0]).toEqual({ key: 'group', label: 'Department', kind: 'text' });
      expect(byDepartment.rows).toEqual([
        expect.objectContaining({ group: 'Administration', opening: 2, headcount: 1, separations: 2, rehires: 1 }),
        expect.objectContaining({
          group: 'Tech',
          opening: 1,
          headcount: 1,
          separations: 1,
          involuntary: 1,
          voluntary: 0,
        }),
      ]);
      expect(byDepartment.totals).toMatchObject({ group: 'Total', opening: 2, headcount: 1, separations: 2 });
      const byRegion = await report(`headcount/2026-01-01/2026-04-30?manager_id=${manager}&group_by=region`);
      expect(byRegion.rows).toEqual([
        expect.objectContaining({ group: 'No Region', opening: 2, headcount: 1, separations: 2, voluntary: 1 }),
      ]);
      const csv = await get(`headcount/2026-01-01/2026-04-30?manager_id=${manager}&group_by=department&format=csv`);
      expect(csv.body).toBe(hrReportCsv(byDepartment));
    });

    it('headcount by tenure band: at the end since the latest (re)hire, separations at their day', async () => {
      const data = await report(`headcount/2026-01-01/2026-04-30?manager_id=${manager}&group_by=tenure`);
      expect(data.rows.map((row) => row.group)).toEqual([
        'Under 1 year',
        '1-2 years',
        '3-5 years',
        '6-10 years',
        'Over 10 years',
      ]);
      const band = (label: string) => data.rows.find((row) => row.group === label);
      expect(band('Under 1 year')).toMatchObject({ headcount: 1, rehires: 1, separations: 0 });
      expect(band('1-2 years')).toMatchObject({ opening: 1, separations: 1, involuntary: 1 });
      expect(band('3-5 years')).toMatchObject({ opening: 1, separations: 1, voluntary: 1 });
    });

    it('refuses a grouping the report does not have with 422 on group_by', async () => {
      const bad = await get('headcount/2026-01-01/2026-04-30?group_by=planet');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ group_by: [hrReportGroupingMessage('headcount')] });
      expect((await get('pto/2026-01-01/2026-04-30?group_by=month')).json().errors).toEqual({
        group_by: ['This report cannot be grouped.'],
      });
    });

    it('requests by approver: decisions per person and the median time each took from the stage reaching them', async () => {
      const [timeOff] = await ctx.db
        .select({ id: hrCategories.id })
        .from(hrCategories)
        .where(eq(hrCategories.kind, 'time_off'));
      const filed = async (status: string, createdAt: string, bank: string, days: [string, string][]) => {
        const [row] = await ctx.db
          .insert(hrRequests)
          .values({
            userId: carl,
            categoryId: timeOff!.id,
            status,
            reason: 'Vacation',
            bank,
            startDate: days[0]![0],
            endDate: days.at(-1)![0],
            createdAt: new Date(createdAt),
          })
          .returning({ id: hrRequests.id });
        await ctx.db
          .insert(hrRequestDays)
          .values(days.map(([date, hours]) => ({ requestId: row!.id, userId: carl, date, hours, bank })));
        return row!.id;
      };
      const first = await filed('approved', '2026-03-01T09:00:00Z', 'lump_sum', [['2026-03-16', '8']]);
      const second = await filed('denied', '2026-03-10T09:00:00Z', 'lump_sum', [['2026-03-20', '8']]);
      const third = await filed('approved', '2026-03-20T09:00:00Z', 'unpaid', [['2026-04-06', '4']]);
      await ctx.db.insert(hrRequestEvents).values([
        { requestId: first, actorId: approverA, action: 'submitted', createdAt: new Date('2026-03-01T09:00:00Z') },
        { requestId: first, actorId: approverA, action: 'approved', createdAt: new Date('2026-03-03T09:00:00Z') },
        { requestId: first, actorId: approverB, action: 'approved', createdAt: new Date('2026-03-04T09:00:00Z') },
        { requestId: second, actorId: approverA, action: 'denied', createdAt: new Date('2026-03-14T09:00:00Z') },
        { requestId: third, actorId: approverB, action: 'commented', createdAt: new Date('2026-03-21T09:00:00Z') },
        { requestId: third, actorId: approverB, action: 'approved', createdAt: new Date('2026-03-23T09:00:00Z') },
      ]);
      const data = await report(`requests/2026-01-01/2026-06-30?manager_id=${manager}&group_by=approver`);
      expect(data.rows).toEqual([
        { approver: 'Ann Approver', approved: 1, denied: 1, decisions: 2, median_days_to_decide: 3 },
        { approver: 'Ben HR', approved: 2, denied: 0, decisions: 2, median_days_to_decide: 2 },
      ]);
      expect(data.totals).toMatchObject({ decisions: 4, median_days_to_decide: null });
      // Decisions outside the range are not counted.
      expect((await report(`requests/2026-03-05/2026-06-30?manager_id=${manager}&group_by=approver`)).rows).toEqual([
        { approver: 'Ann Approver', approved: 0, denied: 1, decisions: 1, median_days_to_decide: 4 },
        { approver: 'Ben HR', approved: 1, denied: 0, decisions: 1, median_days_to_decide: 3 },
      ]);

      const months = await report(`requests/2026-02-01/2026-04-30?manager_id=${manager}&group_by=month`);
      expect(months.rows.map((row) => [row.month, row.hours_vacation, row.unpaid, row.total])).toEqual([
        ['2026-02', 0, 0, 0],
        ['2026-03', 8, 0, 8],
        ['2026-04', 0, 4, 4],
      ]);
      const csv = await get(`requests/2026-02-01/2026-04-30?manager_id=${manager}&group_by=month&format=csv`);
      expect(csv.body).toBe(hrReportCsv(months));
    });

    it('anonymous: readers only; released reports they may see, by quarter and category, and nothing else', async () => {
      const reader = await createUser(ctx.db, { permissions: ['view hr reports', 'read anonymous email'] });
      const excluded = await createUser(ctx.db, { permissions: ['view hr reports', 'read anonymous email'] });
      const readerToken = (await login(ctx.app, reader.email, reader.password)).access_token;
      const excludedToken = (await login(ctx.app, excluded.email, excluded.password)).access_token;
      const base = { subject: 'Secret subject', body: 'Secret body', contact: 'me@example.test' };
      await ctx.db.insert(hrAnonReports).values([
        { ...base, category: 'harassment', receivedOn: '2026-02-10', releasedOn: '2026-02-10' },
        { ...base, category: 'harassment', receivedOn: '2026-03-30', releasedOn: '2026-03-31' },
        { ...base, category: 'safety', receivedOn: '2026-05-02', releasedOn: '2026-05-04' },
        {
          ...base,
          category: 'fraud',
          receivedOn: '2026-05-05',
          releasedOn: '2026-05-05',
          excludedReaderIds: [excluded.id],
        },
        // Not released yet: nobody sees it.
        { ...base, category: 'other', receivedOn: '2026-06-01', releasedOn: null },
      ]);
      expect((await get('anonymous/2026-01-01/2026-06-30')).statusCode).toBe(403);
      const response = await get('anonymous/2026-01-01/2026-06-30', readerToken);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('Secret');
      const data = hrReportResponseSchema.parse(response.json()).data;
      expect(data.rows).toEqual([
        { quarter: '2026-Q1', harassment: 2, safety: 0, fraud: 0, suggestion: 0, other: 0, total: 2 },
        { quarter: '2026-Q2', harassment: 0, safety: 1, fraud: 1, suggestion: 0, other: 0, total: 2 },
      ]);
      const forExcluded = hrReportResponseSchema.parse(
        (await get('anonymous/2026-01-01/2026-06-30', excludedToken)).json(),
      ).data;
      expect(forExcluded.rows[1]).toMatchObject({ fraud: 0, total: 1 });
      // People filters do not apply: nothing ties a report to an employee.
      const filtered = hrReportResponseSchema.parse(
        (await get('anonymous/2026-01-01/2026-06-30?department_id=3', readerToken)).json(),
      ).data;
      expect(filtered.rows).toEqual(data.rows);
      const csv = await get('anonymous/2026-01-01/2026-06-30?format=csv', readerToken);
      expect(csv.body).toBe(hrReportCsv(data));
    });
  });
});
