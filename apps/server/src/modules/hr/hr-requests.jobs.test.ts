import { hrRequestBanksResponseSchema, hrRequestResponseSchema } from '@switchboard/shared/hr/requests';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { settleBackgroundMail } from '../../plugins/mail.ts';
import { outbox } from '../mail/mail.table.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { ptoSettings } from '../pto/pto.table.ts';
import { employees } from '../users/employees.table.ts';
import { applyScheduleChanges, runRequestReminders, workingDaysBetween } from './hr-requests.jobs.ts';
import { hrRequestEvents, hrRequests } from './hr-requests.table.ts';
import { hrCategories } from './hr.table.ts';

// HR requests' pushes after commit, the bank select, the e-mails of decisions and the daily jobs (designs/hr.md §2.2,
// §2.4, §2.7, §8).

let ctx: TestContext;
let employee: { id: number; token: string; email: string };
let manager: { id: number; token: string; email: string };
let hr: { id: number; token: string };
let category: Record<string, number>;

const dayMs = 86_400_000;
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);
const nextMonday = (weeks: number) => {
  const now = Date.now();
  return iso(now + (((8 - new Date(now).getUTCDay()) % 7 || 7) + 7 * weeks) * dayMs);
};

beforeAll(async () => {
  ctx = await createTestContext();
  const make = async (name: string, permissions: string[] = []) => {
    const user = await createUser(ctx.db, { name, permissions });
    return { id: user.id, email: user.email, token: (await login(ctx.app, user.email, user.password)).access_token };
  };
  employee = await make('Erin Employee');
  manager = await make('Mona Manager');
  hr = await make('Hugo HR', ['approve hr requests']);
  await ctx.db
    .update(employees)
    .set({ managerId: manager.id, ptoStartDate: '2025-01-15' })
    .where(eq(employees.userId, employee.id));
  await ctx.db.insert(ptoSettings).values({
    userId: employee.id,
    name: 'Vacation',
    type: 'Flat Rate',
    startDate: '2025-01-15',
    initialHours: '40',
  });
  const rows = await ctx.db.select({ id: hrCategories.id, name: hrCategories.name }).from(hrCategories);
  category = Object.fromEntries(rows.map((row) => [row.name, row.id]));
});
afterAll(async () => {
  await ctx.close();
});

const post = (token: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload });

describe('pushes, banks and e-mails', () => {
  it('names the settings feeding each bank with its balance', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/hr/requests/banks',
      headers: bearer(employee.token),
    });
    const banks = hrRequestBanksResponseSchema.parse(response.json()).data;
    const lump = banks.find((bank) => bank.bank === 'lump_sum')!;
    expect(lump.label).toMatch(/^Lump Sum \(Vacation 40 h\): 40\.00 h available, \d{4}-01-15 to \d{4}-01-14$/);
    expect(banks.map((bank) => bank.bank)).toEqual(['accrual', 'lump_sum', 'unpaid']);
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/hr/requests/banks?user_id=${employee.id}`,
      headers: bearer(hr.token),
    });
    expect(other.statusCode).toBe(200);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `/api/hr/requests/banks?user_id=${manager.id}`,
      headers: bearer(employee.token),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('pushes HrRequestUpdated to the requester and the manager, the calendar range and the PTO periods', async () => {
    const start = nextMonday(2);
    const filed = await post(employee.token, '/hr/requests', {
      kind: 'time_off',
      category_id: category['Time Off'],
      reason: 'Vacation',
      bank: 'lump_sum',
      start_date: start,
      end_date: start,
    });
    const request = hrRequestResponseSchema.parse(filed.json()).data;
    const channel = vi.spyOn(ctx.app.realtime, 'emitToChannel');
    const staff = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    try {
      const approved = await post(manager.token, `/hr/requests/${request.id}/approve`, {
        version: request.version,
        comment: 'Enjoy.',
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const updated = channel.mock.calls.filter(([, event]) => event === 'HrRequestUpdated');
      expect(updated.map(([name]) => name)).toEqual(
        expect.arrayContaining([`user.${employee.id}`, `user.${manager.id}`, `user.${hr.id}`]),
      );
      expect(updated[0]?.[2]).toMatchObject({ request: { id: request.id, status: 'approved' } });
      expect(staff.mock.calls).toContainEqual(['hr_calendar', 'HrCalendarChanged', { from: start, to: start }]);
      const periods = channel.mock.calls.find(([name]) => name === `Pto_Periods_${employee.id}`);
      expect(periods?.[1]).toBe('PeriodsUpdated');
    } finally {
      channel.mockRestore();
      staff.mockRestore();
    }
    await settleBackgroundMail(ctx.db);
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.to, employee.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['Your HR request: Vacation, 8.00 h Lump Sum']);
    expect(mails[0]?.text).toContain('Mona Manager wrote: Enjoy.');
  });
});

describe('daily jobs', () => {
  it('counts working days after the stage began', () => {
    expect(workingDaysBetween('2026-11-27', '2026-11-30')).toBe(1);
    expect(workingDaysBetween('2026-11-23', '2026-11-27')).toBe(4);
    expect(workingDaysBetween('2026-11-27', '2026-11-27')).toBe(0);
  });

  it('reminds the approver after escalate_after_days working days and notifies HR once after twice that', async () => {
    const start = nextMonday(5);
    const filed = await post(employee.token, '/hr/requests', {
      kind: 'time_off',
      category_id: category['Time Off'],
      reason: 'Vacation',
      bank: 'unpaid',
      start_date: start,
      end_date: start,
    });
    const id = hrRequestResponseSchema.parse(filed.json()).data.id;
    await settleBackgroundMail(ctx.db);
    const since = new Date('2026-11-02T09:00:00Z');
    await ctx.db.update(hrRequests).set({ stageSince: since }).where(eq(hrRequests.id, id));
    const notificationsOf = () => ctx.db.select().from(notifications).where(eq(notifications.userId, hr.id));
    const before = (await notificationsOf()).length;

    expect(await runRequestReminders(ctx.app, new Date('2026-11-04T08:00:00Z'))).toMatchObject({ reminded: 0 });
    expect(await runRequestReminders(ctx.app, new Date('2026-11-05T08:00:00Z'))).toMatchObject({
      reminded: 1,
      escalated: 0,
    });
    await settleBackgroundMail(ctx.db);
    const reminder = await ctx.db.select().from(outbox).where(eq(outbox.to, manager.email));
    expect(reminder.some((mail) => mail.subject.startsWith("Reminder: Erin Employee's request"))).toBe(true);
    expect(await runRequestReminders(ctx.app, new Date('2026-11-10T08:00:00Z'))).toMatchObject({ escalated: 1 });
    expect(await runRequestReminders(ctx.app, new Date('2026-11-11T08:00:00Z'))).toMatchObject({ escalated: 0 });
    expect((await notificationsOf()).length).toBe(before + 1);
  });

  it('applies an approved schedule change on its effective date and restores the week after its end', async () => {
    const week = { '1': 10, '2': 10, '3': 10, '4': 10, '5': 0, '6': 0, '7': 0 };
    const filed = await post(employee.token, '/hr/requests', {
      kind: 'schedule_change',
      category_id: category['Schedule Change'],
      details: { effective_date: '2027-03-01', end_date: '2027-03-31', work_hours: week, reason: 'Rota.' },
    });
    const request = hrRequestResponseSchema.parse(filed.json()).data;
    const first = await post(manager.token, `/hr/requests/${request.id}/approve`, { version: request.version });
    expect(hrRequestResponseSchema.parse(first.json()).data.stage).toBe('hr');
    const second = await post(hr.token, `/hr/requests/${request.id}/approve`, { version: request.version + 1 });
    expect(hrRequestResponseSchema.parse(second.json()).data.status).toBe('approved');

    const hours = async () =>
      (await ctx.db.select().from(employees).where(eq(employees.userId, employee.id)))[0]?.workHours ?? null;
    expect(await applyScheduleChanges(ctx.app, '2027-02-28')).toBe(0);
    expect(await applyScheduleChanges(ctx.app, '2027-03-01')).toBe(1);
    expect(await hours()).toEqual(week);
    expect(await applyScheduleChanges(ctx.app, '2027-03-02')).toBe(0);
    expect(await applyScheduleChanges(ctx.app, '2027-04-01')).toBe(1);
    expect(await hours()).toBeNull();
    const events = await ctx.db.select().from(hrRequestEvents).where(eq(hrRequestEvents.requestId, request.id));
    expect(events.map((event) => event.action)).toEqual(['submitted', 'approved', 'approved', 'applied', 'applied']);
  });
});
