import type { EmployeeHolidays, Holiday } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { holidays } from './holidays.table.ts';

let ctx: TestContext;
let hr: TestUser;
let hrToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  hr = await createUser(ctx.db, { name: 'Helen Resources', permissions: ['view human resources'] });
  hrToken = await signIn(hr);
});
afterAll(async () => {
  await ctx.close();
});

async function signIn(user: TestUser): Promise<string> {
  const answer = await login(ctx.app, user.email, user.password);
  if (!('access_token' in answer)) throw new Error('unexpected two-factor challenge');
  return answer.access_token;
}

const store = (payload: Record<string, unknown>, token = hrToken) =>
  ctx.app.inject({ method: 'POST', url: '/api/employee/holiday/store', headers: bearer(token), payload });
const update = (payload: Record<string, unknown>, token = hrToken) =>
  ctx.app.inject({ method: 'PUT', url: '/api/employee/holiday/update', headers: bearer(token), payload });
const remove = (id: number | string, token = hrToken) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/employee/holiday/delete/${id}`, headers: bearer(token) });
const holidaysOf = async (employeeId: number, token = hrToken): Promise<EmployeeHolidays> => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/employee/holidays/${employeeId}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: EmployeeHolidays }>().data;
};

let year = 2030;
/** A fresh year per test, so company holidays of one test do not collide with another's. */
const nextYear = () => (year += 1);

describe('company holidays', () => {
  it('stores one without user_id, with add_by the signed-in user; lists it for staff', async () => {
    const y = nextYear();
    const response = await store({ date: `${y}-12-25`, name: 'Christmas Day', user_id: '', add_by: 12345 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Holiday saved.',
      data: {
        id: expect.any(Number),
        date: `${y}-12-25`,
        new_date: null,
        name: 'Christmas Day',
        user_id: null,
        add_by: { id: hr.id, name: 'Helen Resources' },
      },
    });
    const employee = await createUser(ctx.db);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/employee/holidays',
      headers: bearer(await signIn(employee)),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: Holiday[] }>().data.map((holiday) => holiday.date)).toContain(`${y}-12-25`);
    const client = await createUser(ctx.db, { type: 'Client' });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/employee/holidays', headers: bearer(await signIn(client)) }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a second company holiday on the same date and a new_date on a company holiday', async () => {
    const y = nextYear();
    expect((await store({ date: `${y}-07-04` })).statusCode).toBe(200);
    const twice = await store({ date: `${y}-07-04` });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ date: ['The date has already been taken.'] });
    expect((await store({ date: `${y}-07-05`, new_date: `${y}-07-06` })).json().errors).toEqual({
      new_date: ['A company holiday cannot have a new date.'],
    });
  });

  it('answers 403 to staff without HR and 401 without a token, storing nothing', async () => {
    const y = nextYear();
    const employee = await createUser(ctx.db);
    expect((await store({ date: `${y}-01-01` }, await signIn(employee))).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/employee/holiday/store', payload: { date: `${y}-01-01` } }))
        .statusCode,
    ).toBe(401);
    expect(
      await ctx.db
        .select()
        .from(holidays)
        .where(eq(holidays.date, `${y}-01-01`)),
    ).toEqual([]);
  });

  it('moving a company holiday carries every person’s move along; deleting it removes the moves', async () => {
    const y = nextYear();
    const employee = await createUser(ctx.db);
    const company = (await store({ date: `${y}-11-26`, name: 'Thanksgiving' })).json().data as Holiday;
    const move = (await store({ date: `${y}-11-26`, new_date: `${y}-11-30`, user_id: employee.id })).json()
      .data as Holiday;
    const moved = await update({ id: company.id, date: `${y}-11-27`, name: 'Thanksgiving' });
    expect(moved.statusCode).toBe(200);
    expect((await holidaysOf(employee.id)).individual).toEqual([
      expect.objectContaining({ id: move.id, date: `${y}-11-27`, new_date: `${y}-11-30` }),
    ]);
    expect((await remove(company.id)).json()).toEqual({ message: 'Holiday deleted.' });
    expect((await holidaysOf(employee.id)).individual).toEqual([]);
  });
});

describe('individual holidays', () => {
  it('adds an extra day and moves a company holiday for one employee (data.individual)', async () => {
    const y = nextYear();
    const employee = await createUser(ctx.db);
    const company = (await store({ date: `${y}-12-25`, name: 'Christmas Day' })).json().data as Holiday;
    const extra = await store({ date: `${y}-03-17`, user_id: String(employee.id), name: 'Floating holiday' });
    expect(extra.statusCode).toBe(200);
    expect(extra.json().data).toMatchObject({
      user_id: employee.id,
      date: `${y}-03-17`,
      new_date: null,
      add_by: { id: hr.id },
    });
    const move = await store({ date: `${y}-12-25`, new_date: `${y}-12-28`, user_id: employee.id });
    expect(move.statusCode).toBe(200);

    const data = await holidaysOf(employee.id, await signIn(employee));
    expect(data.company.map((holiday) => holiday.id)).toContain(company.id);
    expect(data.individual.map((holiday) => [holiday.date, holiday.new_date])).toEqual([
      [`${y}-03-17`, null],
      [`${y}-12-25`, `${y}-12-28`],
    ]);
    const other = await createUser(ctx.db);
    expect((await holidaysOf(other.id)).individual).toEqual([]);
  });

  it('answers per-field errors: not a company holiday, taken, same date, bad values, unknown employee', async () => {
    const y = nextYear();
    const employee = await createUser(ctx.db);
    expect((await store({ date: `${y}-02-02`, new_date: `${y}-02-03`, user_id: employee.id })).json().errors).toEqual({
      date: ['The date is not a company holiday.'],
    });
    expect((await store({ date: `${y}-02-02`, user_id: employee.id })).statusCode).toBe(200);
    expect((await store({ date: `${y}-02-02`, user_id: employee.id })).json().errors).toEqual({
      date: ['The date has already been taken.'],
    });
    expect((await store({ date: `${y}-02-04`, new_date: `${y}-02-04`, user_id: employee.id })).json().errors).toEqual({
      new_date: ['The new date must be a date different from date.'],
    });
    const bad = await store({ date: 'tomorrow', new_date: `${y}-02-30`, user_id: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        date: ['The date is not a valid date.'],
        new_date: ['The new date is not a valid date.'],
        user_id: ['The selected user id is invalid.'],
      },
    });
    const client = await createUser(ctx.db, { type: 'Client' });
    expect((await store({ date: `${y}-02-05`, user_id: client.id })).json().errors).toEqual({
      user_id: ['The selected user id is invalid.'],
    });
    expect((await store({ date: `${y}-02-05`, user_id: 999_999 })).statusCode).toBe(422);
  });

  it('updates by PUT and by POST _method=PUT, never changing the owner; 404 for an unknown id', async () => {
    const y = nextYear();
    const employee = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const own = (await store({ date: `${y}-05-01`, user_id: employee.id })).json().data as Holiday;
    const put = await update({ id: own.id, date: `${y}-05-02`, user_id: other.id, name: 'Birthday' });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ id: own.id, user_id: employee.id, date: `${y}-05-02`, name: 'Birthday' });
    const override = await ctx.app.inject({
      method: 'POST',
      url: '/api/employee/holiday/update',
      headers: bearer(hrToken),
      payload: { _method: 'PUT', id: String(own.id), date: `${y}-05-03` },
    });
    expect(override.statusCode).toBe(200);
    expect(override.json().data).toMatchObject({ date: `${y}-05-03`, name: null });
    expect((await update({ id: 999_999, date: `${y}-05-04` })).statusCode).toBe(404);
    expect((await update({ date: `${y}-05-04` })).json().errors).toEqual({ id: ['The id field is required.'] });
    expect((await update({ id: own.id, date: `${y}-05-04` }, await signIn(employee))).statusCode).toBe(403);
  });

  it('deletes; 404 when gone or malformed; 403 without HR', async () => {
    const y = nextYear();
    const employee = await createUser(ctx.db);
    const own = (await store({ date: `${y}-06-01`, user_id: employee.id })).json().data as Holiday;
    expect((await remove(own.id, await signIn(employee))).statusCode).toBe(403);
    expect((await remove(own.id)).statusCode).toBe(200);
    expect((await remove(own.id)).statusCode).toBe(404);
    expect((await remove('abc')).statusCode).toBe(404);
  });

  it('GET answers 403 to other staff without HR and to clients, 404 for a non-employee', async () => {
    const employee = await createUser(ctx.db);
    const colleague = await createUser(ctx.db);
    const get = (id: number, token: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/employee/holidays/${id}`, headers: bearer(token) });
    expect((await get(employee.id, await signIn(colleague))).statusCode).toBe(403);
    const client = await createUser(ctx.db, { type: 'Client' });
    expect((await get(employee.id, await signIn(client))).statusCode).toBe(403);
    expect((await get(client.id, hrToken)).statusCode).toBe(404);
    expect((await get(999_999, hrToken)).statusCode).toBe(404);
  });
});
