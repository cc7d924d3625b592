import { ptoPeriodsChannel, ptoUsedOfRequestMessage, type EmployeePto } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { employees } from '../users/employees.table.ts';
import { timezones } from '../reference/reference.table.ts';
import { timeclockEntries } from '../timeclock/timeclock.table.ts';
import { ptoSettings, ptoUsedHours } from './pto.table.ts';
import { hrCategories } from '../hr/hr.table.ts';
import { hrRequests } from '../hr/hr-requests.table.ts';

let ctx: TestContext;
let hr: TestUser;
let hrToken: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  hr = await createUser(ctx.db, { permissions: ['view human resources'] });
  hrToken = await signIn(hr);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await ctx.close();
});

async function signIn(user: TestUser): Promise<string> {
  const answer = await login(ctx.app, user.email, user.password);
  if (!('access_token' in answer)) throw new Error('unexpected two-factor challenge');
  return answer.access_token;
}

const day = (offset: number, from = new Date()) =>
  new Date(from.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const at = (date: string, time: string) => new Date(`${date}T${time}Z`);

/** An employee whose PTO year started `daysAgo` days ago (UTC calendar days, no time zone set). */
async function createEmployee(daysAgo = 30, limits: { accrual?: string; lumpSum?: string } = {}): Promise<TestUser> {
  const user = await createUser(ctx.db);
  await ctx.db
    .update(employees)
    .set({
      ptoStartDate: day(-daysAgo),
      accrualRolloverLimit: limits.accrual ?? '0',
      lumpSumRolloverLimit: limits.lumpSum ?? '0',
    })
    .where(eq(employees.userId, user.id));
  return user;
}

const getPto = (employeeId: number | string, token = hrToken) =>
  ctx.app.inject({ method: 'GET', url: `/api/users/employee/pto/${employeeId}`, headers: bearer(token) });
const createSetting = (payload: Record<string, unknown>, token = hrToken) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/employee/pto', headers: bearer(token), payload });
const hourly = (userId: number, extra: Record<string, unknown> = {}) => ({
  user_id: userId,
  name: 'Standard accrual',
  type: 'Hourly',
  start_date: '2000-01-01',
  end_date: '',
  payroll_hours: '4',
  accrued_hours: '1',
  ...extra,
});
const ptoOf = async (employeeId: number): Promise<EmployeePto> => {
  const response = await getPto(employeeId);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: EmployeePto }>().data;
};
const current = (pto: EmployeePto) => pto.periods.find((period) => period.current)!;

describe('GET /api/users/employee/pto/{employeeId}', () => {
  it('answers 401 without a token, 403 to a client and to another employee without HR, 404 for no employee', async () => {
    const employee = await createEmployee();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/employee/pto/${employee.id}` })).statusCode).toBe(
      401,
    );
    const client = await createUser(ctx.db, { type: 'Client' });
    expect((await getPto(employee.id, await signIn(client))).statusCode).toBe(403);
    const colleague = await createUser(ctx.db);
    expect((await getPto(employee.id, await signIn(colleague))).statusCode).toBe(403);
    expect((await getPto(999_999)).statusCode).toBe(404);
    expect((await getPto('abc')).statusCode).toBe(404);
    expect((await getPto(client.id)).statusCode).toBe(404);
  });

  it('answers the employee their own PTO: no settings, one current period from pto_start_date', async () => {
    const employee = await createEmployee(10);
    const response = await getPto(employee.id, await signIn(employee));
    expect(response.statusCode).toBe(200);
    const pto = response.json<{ data: EmployeePto }>().data;
    expect(pto).toMatchObject({
      user_id: employee.id,
      pto_start_date: day(-10),
      accrual_rollover_limit: 0,
      lump_sum_rollover_limit: 0,
      settings: [],
      used: [],
    });
    expect(pto.periods).toHaveLength(1);
    expect(pto.periods[0]).toMatchObject({
      start_date: day(-10),
      current: true,
      accrued_balance: 0,
      lump_sum_balance: 0,
    });
  });

  it('counts periods from the start date, else from the account creation day, while pto_start_date is empty', async () => {
    const employee = await createUser(ctx.db);
    const fromCreation = await ptoOf(employee.id);
    expect(fromCreation).toMatchObject({
      pto_start_date: null,
      period_start_date: day(0),
      period_start_source: 'created_at',
    });
    expect(fromCreation.periods).toEqual([expect.objectContaining({ start_date: day(0), current: true })]);
    await ctx.db
      .update(employees)
      .set({ startDate: day(-40) })
      .where(eq(employees.userId, employee.id));
    expect(await ptoOf(employee.id)).toMatchObject({ period_start_date: day(-40), period_start_source: 'start_date' });
    await ctx.db.update(employees).set({ ptoStartDate: '0999-12-31' }).where(eq(employees.userId, employee.id));
    expect(await ptoOf(employee.id)).toMatchObject({ pto_start_date: '0999-12-31', period_start_source: 'start_date' });
    await ctx.db
      .update(employees)
      .set({ ptoStartDate: day(-20) })
      .where(eq(employees.userId, employee.id));
    expect(await ptoOf(employee.id)).toMatchObject({
      pto_start_date: day(-20),
      period_start_date: day(-20),
      period_start_source: 'pto_start_date',
    });
  });

  it('accrues Hourly PTO from checked-in time only, split at midnight in the employee time zone, in one period each', async () => {
    const employee = await createEmployee(400, { accrual: '1.5' });
    const firstPeriodDay = day(-390);
    const recent = day(-3);
    await ctx.db.insert(timeclockEntries).values([
      // 8 h checked in within the first period, then a break that does not count.
      {
        userId: employee.id,
        status: 1,
        startedAt: at(firstPeriodDay, '09:00:00'),
        endedAt: at(firstPeriodDay, '17:00:00'),
      },
      {
        userId: employee.id,
        status: 2,
        startedAt: at(firstPeriodDay, '17:00:00'),
        endedAt: at(firstPeriodDay, '18:00:00'),
      },
      // 6 h in the current period, across midnight.
      {
        userId: employee.id,
        status: 1,
        startedAt: at(recent, '21:00:00'),
        endedAt: at(day(1, at(recent, '00:00:00')), '03:00:00'),
      },
    ]);
    expect((await createSetting(hourly(employee.id))).statusCode).toBe(200);
    const pto = await ptoOf(employee.id);
    expect(pto.periods).toHaveLength(2);
    // 8 h × 1/4 = 2 h accrued; 1.5 h rolls over (the limit); 6 h × 1/4 = 1.5 h in the current period.
    expect(pto.periods[0]).toMatchObject({ accrued_hours: 2, accrued_rollover: 0, accrued_balance: 2, current: false });
    expect(pto.periods[1]).toMatchObject({
      accrued_hours: 1.5,
      accrued_rollover: 1.5,
      accrued_balance: 3,
      current: true,
    });

    // In a time zone 10 hours ahead the night shift falls on the next local day, still inside the period.
    const [tokyo] = await ctx.db.select({ id: timezones.id }).from(timezones).where(eq(timezones.name, 'Asia/Tokyo'));
    if (tokyo) {
      await ctx.db.update(employees).set({ timezoneId: tokyo.id }).where(eq(employees.userId, employee.id));
      expect(current(await ptoOf(employee.id)).accrued_hours).toBe(1.5);
    }
  });

  it('adds Flat Rate hours and Adjustments to their banks and subtracts time off taken', async () => {
    const employee = await createEmployee(20);
    expect(
      (
        await createSetting({
          user_id: employee.id,
          name: 'Vacation',
          type: 'Flat Rate',
          start_date: day(-20),
          initial_hours: '40',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await createSetting({
          user_id: employee.id,
          name: 'Bonus',
          type: 'Adjustment',
          start_date: day(-1),
          adjustment_hours: '8.25',
          deposits_to: 'Accrual',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await createSetting({
          user_id: employee.id,
          name: 'Retraction',
          type: 'Adjustment',
          start_date: day(-1),
          adjustment_hours: '-2',
          deposits_to: 'Lump Sum',
        })
      ).statusCode,
    ).toBe(200);
    const used = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/employee/pto/used',
      headers: bearer(hrToken),
      payload: { user_id: employee.id, date: day(-2), hours: '7.5', bank: 'Lump Sum', note: 'Dentist' },
    });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({
      message: 'Time off recorded.',
      data: { user_id: employee.id, hours: 7.5, bank: 'Lump Sum', note: 'Dentist' },
    });
    const pto = await ptoOf(employee.id);
    expect(current(pto)).toMatchObject({
      accrued_hours: 8.25,
      accrued_balance: 8.25,
      lump_sum_hours: 38,
      lump_sum_used: 7.5,
      lump_sum_balance: 30.5,
    });
    expect(pto.settings.find((setting) => setting.name === 'Retraction')).toMatchObject({
      end_date: null,
      adjustment_hours: -2,
      deposits_to: 'Lump Sum',
    });

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/employee/pto/used/${used.json().data.id}`,
      headers: bearer(hrToken),
    });
    expect(removed.json()).toEqual({ message: 'Time off deleted.' });
    expect(current(await ptoOf(employee.id)).lump_sum_used).toBe(0);
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/users/employee/pto/used/${used.json().data.id}`,
          headers: bearer(hrToken),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('time off written by an HR request (designs/hr.md §2.5)', () => {
  it('answers its request_id and refuses deleting it by hand (422): the request gives the hours back', async () => {
    const employee = await createEmployee();
    const [category] = await ctx.db.select({ id: hrCategories.id }).from(hrCategories).limit(1);
    const [request] = await ctx.db
      .insert(hrRequests)
      .values({ userId: employee.id, categoryId: category!.id, status: 'approved', bank: 'lump_sum' })
      .returning({ id: hrRequests.id });
    const [row] = await ctx.db
      .insert(ptoUsedHours)
      .values({ userId: employee.id, date: '2026-03-05', hours: '8', bank: 'Lump Sum', requestId: request!.id })
      .returning({ id: ptoUsedHours.id });
    expect((await ptoOf(employee.id)).used).toEqual([
      expect.objectContaining({ id: row!.id, request_id: request!.id }),
    ]);
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/employee/pto/used/${row!.id}`,
      headers: bearer(hrToken),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.id).toEqual([ptoUsedOfRequestMessage]);
    expect((await ptoOf(employee.id)).used).toHaveLength(1);
  });
});

describe('POST /api/users/employee/pto', () => {
  it('creates a setting and answers it, normalised to its type', async () => {
    const employee = await createEmployee();
    const response = await createSetting(hourly(employee.id, { initial_hours: '12', end_date: '2030-12-31' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'PTO setting saved.',
      data: {
        id: expect.any(Number),
        user_id: employee.id,
        name: 'Standard accrual',
        type: 'Hourly',
        start_date: '2000-01-01',
        end_date: '2030-12-31',
        adjustment_hours: null,
        deposits_to: null,
        payroll_hours: 4,
        initial_hours: null,
        accrued_hours: 1,
      },
    });
  });

  it('answers 403 without HR (even for oneself) and stores nothing', async () => {
    const employee = await createEmployee();
    const response = await createSetting(hourly(employee.id), await signIn(employee));
    expect(response.statusCode).toBe(403);
    const client = await createUser(ctx.db, { type: 'Client', permissions: ['view human resources'] });
    expect((await createSetting(hourly(employee.id), await signIn(client))).statusCode).toBe(403);
    expect(await ctx.db.select().from(ptoSettings).where(eq(ptoSettings.userId, employee.id))).toEqual([]);
  });

  it('answers 422 with per-field errors', async () => {
    const empty = await createSetting({});
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({
      message: 'The given data was invalid.',
      errors: {
        name: ['The name field is required.'],
        type: ['The type field is required.'],
        start_date: ['The start date field is required.'],
      },
    });
    const employee = await createEmployee();
    const hourlyErrors = await createSetting(
      hourly(employee.id, { payroll_hours: '', accrued_hours: '0.001', end_date: '1999-01-01' }),
    );
    expect(hourlyErrors.json().errors).toEqual({
      payroll_hours: ['The payroll hours field is required when type is Hourly.'],
      accrued_hours: ['The accrued hours must have 0-2 decimal places.'],
      end_date: ['The end date must be a date after or equal to start date.'],
    });
    const adjustment = await createSetting({
      user_id: employee.id,
      name: 'Fix',
      type: 'Adjustment',
      start_date: '2026-01-01',
      adjustment_hours: '0',
    });
    expect(adjustment.json().errors).toEqual({
      adjustment_hours: ['The adjustment hours must not be 0.'],
      deposits_to: ['The deposits to field is required when type is Adjustment.'],
    });
    expect((await createSetting(hourly(employee.id, { type: 'Weekly' }))).json().errors).toEqual({
      type: ['The selected type is invalid.'],
    });
    const noUser = await createSetting(hourly(employee.id, { user_id: '' }));
    expect(noUser.json().errors).toEqual({ user_id: ['The user id field is required.'] });
    const client = await createUser(ctx.db, { type: 'Client' });
    expect((await createSetting(hourly(client.id))).json().errors).toEqual({
      user_id: ['The selected user id is invalid.'],
    });
    expect((await createSetting(hourly(999_999))).statusCode).toBe(422);
    expect(await ctx.db.select().from(ptoSettings).where(eq(ptoSettings.userId, employee.id))).toEqual([]);
  });

  it('accepts the form-encoded body the spec client sends', async () => {
    const employee = await createEmployee();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/employee/pto',
      headers: { ...bearer(hrToken), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        user_id: String(employee.id),
        name: 'Yearly',
        type: 'Flat Rate',
        start_date: '2026-01-01',
        end_date: '',
        initial_hours: '80',
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ type: 'Flat Rate', initial_hours: 80, end_date: null });
  });
});

describe('PUT and DELETE /api/users/employee/pto/{id}', () => {
  it('updates by PUT and by POST with _method=PUT, keeping the employee; 404 for an unknown id; 422 on bad input', async () => {
    const employee = await createEmployee();
    const other = await createEmployee();
    const { id } = (await createSetting(hourly(employee.id))).json().data;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/employee/pto/${id}`,
      headers: bearer(hrToken),
      payload: hourly(other.id, { name: 'Renamed', accrued_hours: '1.25' }),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      message: 'PTO setting saved.',
      data: { id, user_id: employee.id, name: 'Renamed', accrued_hours: 1.25 },
    });
    const override = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/employee/pto/${id}`,
      headers: bearer(hrToken),
      payload: { ...hourly(employee.id), _method: 'PUT', type: 'Flat Rate', initial_hours: '16' },
    });
    expect(override.statusCode).toBe(200);
    expect(override.json().data).toMatchObject({
      type: 'Flat Rate',
      initial_hours: 16,
      payroll_hours: null,
      accrued_hours: null,
    });
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/users/employee/pto/999999',
          headers: bearer(hrToken),
          payload: hourly(employee.id),
        })
      ).statusCode,
    ).toBe(404);
    const invalid = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/employee/pto/${id}`,
      headers: bearer(hrToken),
      payload: { ...hourly(employee.id), name: '' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ name: ['The name field is required.'] });
    const forbidden = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/employee/pto/${id}`,
      headers: bearer(await signIn(employee)),
      payload: hourly(employee.id),
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('deletes a setting; 404 when it is gone; 403 without HR', async () => {
    const employee = await createEmployee();
    const { id } = (await createSetting(hourly(employee.id))).json().data;
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/users/employee/pto/${id}`,
          headers: bearer(await signIn(employee)),
        })
      ).statusCode,
    ).toBe(403);
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/employee/pto/${id}`,
      headers: bearer(hrToken),
    });
    expect(response.json()).toEqual({ message: 'PTO setting deleted.' });
    expect(await ctx.db.select().from(ptoSettings).where(eq(ptoSettings.id, id))).toEqual([]);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/users/employee/pto/${id}`, headers: bearer(hrToken) }))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST /api/users/employee/pto/used', () => {
  it('answers 422 per field, 403 without HR', async () => {
    const employee = await createEmployee();
    const invalid = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/employee/pto/used',
      headers: bearer(hrToken),
      payload: { user_id: employee.id, hours: '-1', bank: 'x' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({
      date: ['The date field is required.'],
      hours: ['The hours must be greater than 0.'],
      bank: ['The selected bank is invalid.'],
    });
    const payload = { user_id: employee.id, date: day(0), hours: 1, bank: 'Accrual' };
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/users/employee/pto/used',
          headers: bearer(await signIn(employee)),
          payload,
        })
      ).statusCode,
    ).toBe(403);
    expect(await ctx.db.select().from(ptoUsedHours).where(eq(ptoUsedHours.userId, employee.id))).toEqual([]);
  });
});

describe('channel Pto_Periods_{employeeId}', () => {
  it('lets the employee and HR subscribe, refuses other staff', async () => {
    const employee = await createEmployee();
    const colleague = await createUser(ctx.db);
    const baseUrl = await listenForSockets(ctx.app);
    const own = await connectSocket(baseUrl, await signIn(employee));
    const hrSocket = await connectSocket(baseUrl, hrToken);
    const other = await connectSocket(baseUrl, await signIn(colleague));
    sockets.push(own, hrSocket, other);
    expect(await subscribe(own, ptoPeriodsChannel(employee.id))).toMatchObject({ ok: true });
    expect(await subscribe(hrSocket, ptoPeriodsChannel(employee.id))).toMatchObject({ ok: true });
    expect(await subscribe(other, ptoPeriodsChannel(employee.id))).toMatchObject({ ok: false });
  });

  it('pushes PeriodsUpdated with the new periods after every change', async () => {
    const employee = await createEmployee(5);
    const baseUrl = await listenForSockets(ctx.app);
    const socket = await connectSocket(baseUrl, await signIn(employee));
    sockets.push(socket);
    expect(await subscribe(socket, ptoPeriodsChannel(employee.id))).toMatchObject({ ok: true });

    const created = nextEvent<EmployeePto>(socket, 'PeriodsUpdated');
    const { id } = (
      await createSetting({
        user_id: employee.id,
        name: 'Flat',
        type: 'Flat Rate',
        start_date: day(-5),
        initial_hours: '24',
      })
    ).json().data;
    const [payload, meta] = await created;
    expect(meta).toEqual({ channel: ptoPeriodsChannel(employee.id) });
    expect(payload.user_id).toBe(employee.id);
    expect(current(payload)).toMatchObject({ lump_sum_hours: 24, lump_sum_balance: 24 });
    expect(payload).toEqual(await ptoOf(employee.id));

    const updated = nextEvent<EmployeePto>(socket, 'PeriodsUpdated');
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/employee/pto/${id}`,
      headers: bearer(hrToken),
      payload: { name: 'Flat', type: 'Flat Rate', start_date: day(-5), initial_hours: '30' },
    });
    expect(current((await updated)[0]).lump_sum_hours).toBe(30);

    const used = nextEvent<EmployeePto>(socket, 'PeriodsUpdated');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users/employee/pto/used',
      headers: bearer(hrToken),
      payload: { user_id: employee.id, date: day(0), hours: 4, bank: 'Lump Sum' },
    });
    expect(current((await used)[0]).lump_sum_balance).toBe(26);

    const deleted = nextEvent<EmployeePto>(socket, 'PeriodsUpdated');
    await ctx.app.inject({ method: 'DELETE', url: `/api/users/employee/pto/${id}`, headers: bearer(hrToken) });
    expect(current((await deleted)[0])).toMatchObject({ lump_sum_hours: 0, lump_sum_balance: -4 });
  });

  it('pushes PeriodsUpdated when the employee changes timeclock status (checked-in time is payroll time)', async () => {
    const employee = await createEmployee(5);
    const token = await signIn(employee);
    const baseUrl = await listenForSockets(ctx.app);
    const socket = await connectSocket(baseUrl, token);
    sockets.push(socket);
    expect(await subscribe(socket, ptoPeriodsChannel(employee.id))).toMatchObject({ ok: true });
    const pushed = nextEvent<EmployeePto>(socket, 'PeriodsUpdated');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/misc/timeclock/update',
      headers: bearer(token),
      payload: { stat: 1 },
    });
    const [payload] = await pushed;
    expect(payload.user_id).toBe(employee.id);
  });
});
