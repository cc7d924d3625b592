import { employmentMessages } from '@switchboard/shared/hr/employment';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  multipartBody,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { users } from '../users/users.table.ts';
import { employees } from '../users/employees.table.ts';
import { hrEmploymentEvents } from './hr-employment.table.ts';

// Employment events (designs/hr.md §7): disabling records a separation (date, type, reason), enabling a rehire and
// creating an employee a hire, each in the change's own transaction; a refused date changes nothing.

let ctx: TestContext;
let admin: string;
let adminId: number;

const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx.db, { role: 'admin', permissions: ['view human resources'] });
  adminId = user.id;
  admin = (await login(ctx.app, user.email, user.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const eventsOf = (userId: number) =>
  ctx.db
    .select({
      kind: hrEmploymentEvents.kind,
      date: hrEmploymentEvents.date,
      separationType: hrEmploymentEvents.separationType,
      reason: hrEmploymentEvents.reason,
      createdBy: hrEmploymentEvents.createdBy,
    })
    .from(hrEmploymentEvents)
    .where(eq(hrEmploymentEvents.userId, userId))
    .orderBy(asc(hrEmploymentEvents.id));
const isDisabled = async (userId: number) =>
  (await ctx.db.select({ at: users.deletedAt }).from(users).where(eq(users.id, userId)))[0]!.at !== null;
const employeeWith = async (startDate: string | null) => {
  const user = await createUser(ctx.db);
  await ctx.db.update(employees).set({ startDate }).where(eq(employees.userId, user.id));
  return user;
};
const remove = (id: number, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/user/${id}`, headers: bearer(admin), ...(payload ? { payload } : {}) });
const editForm = async (who: TestUser, fields: Record<string, string>) => {
  const form = await multipartBody({
    _method: 'PUT',
    name: who.name,
    email: who.email,
    active: '0',
    password: '',
    password_confirmation: '',
    departments: '[]',
    ...fields,
  });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/users/employee/${who.id}`,
    headers: { ...bearer(admin), ...form.headers },
    payload: form.payload,
  });
};

describe('DELETE /api/user/{id} records the separation', () => {
  it('without a body (spec 1): today, voluntary, no reason, by the administrator', async () => {
    const person = await employeeWith('2024-01-08');
    const response = await remove(person.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(await eventsOf(person.id)).toEqual([
      { kind: 'separation', date: today, separationType: 'voluntary', reason: '', createdBy: adminId },
    ]);
  });

  it('with the date, type and reason asked', async () => {
    const person = await employeeWith('2024-01-08');
    const response = await remove(person.id, {
      separation_date: '2025-06-30',
      separation_type: 'involuntary',
      separation_reason: 'Position eliminated',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await eventsOf(person.id)).toMatchObject([
      { kind: 'separation', date: '2025-06-30', separationType: 'involuntary', reason: 'Position eliminated' },
    ]);
  });

  it('refuses bad fields with 422 per field and leaves the account enabled', async () => {
    const person = await employeeWith('2024-01-08');
    const bad = await remove(person.id, { separation_date: '2025-02-30', separation_type: 'fired' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      separation_date: [employmentMessages.separationDate],
      separation_type: [employmentMessages.separationType],
    });
    const future = await remove(person.id, { separation_date: tomorrow });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors).toEqual({ separation_date: [employmentMessages.separationFuture] });
    const early = await remove(person.id, { separation_date: '2023-12-31' });
    expect(early.json().errors).toEqual({ separation_date: [employmentMessages.separationBeforeStart] });
    expect(await isDisabled(person.id)).toBe(false);
    expect(await eventsOf(person.id)).toEqual([]);
  });
});

describe('the employee form: disable with a separation, enable with a rehire', () => {
  it('records the separation asked, then the rehire; a rehire before the separation is refused', async () => {
    const person = await employeeWith('2022-03-01');
    const disabled = await editForm(person, {
      active: '1',
      separation_date: '2025-11-14',
      separation_type: 'involuntary',
      separation_reason: 'Attendance',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await isDisabled(person.id)).toBe(true);

    const early = await editForm(person, { active: '0', rehire_date: '2025-11-01' });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ rehire_date: [employmentMessages.rehireBeforeSeparation] });
    expect(await isDisabled(person.id)).toBe(true);

    const bad = await editForm(person, { active: '0', rehire_date: 'soon' });
    expect(bad.json().errors).toEqual({ rehire_date: [employmentMessages.rehireDate] });

    const enabled = await editForm(person, { active: '0', rehire_date: '2026-01-05' });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(await isDisabled(person.id)).toBe(false);
    expect(await eventsOf(person.id)).toMatchObject([
      { kind: 'separation', date: '2025-11-14', separationType: 'involuntary', reason: 'Attendance' },
      { kind: 'rehire', date: '2026-01-05', separationType: null },
    ]);
  });

  it('saving an enabled employee records nothing; a bad separation type is a 422 on its field', async () => {
    const person = await employeeWith(null);
    expect((await editForm(person, { title: 'Dispatcher' })).statusCode).toBe(200);
    const bad = await editForm(person, { active: '1', separation_type: 'laid off' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.separation_type).toEqual([employmentMessages.separationType]);
    expect(await isDisabled(person.id)).toBe(false);
    expect(await eventsOf(person.id)).toEqual([]);
  });
});

describe('creating an employee records the hire', () => {
  it('POST /api/users/employee: at the start date, else today; none for one created disabled', async () => {
    const create = async (fields: Record<string, string>) => {
      const form = await multipartBody({
        name: `New ${fields.email}`,
        password: 'Password-123!',
        password_confirmation: 'Password-123!',
        departments: '[]',
        active: '0',
        ...fields,
      });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/employee',
        headers: { ...bearer(admin), ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { id: number } }>().data.id;
    };
    const dated = await create({ email: 'dated@example.test', start_date: '2026-02-02' });
    expect(await eventsOf(dated)).toMatchObject([{ kind: 'hire', date: '2026-02-02', createdBy: adminId }]);
    const undated = await create({ email: 'undated@example.test' });
    expect(await eventsOf(undated)).toMatchObject([{ kind: 'hire', date: today }]);
    const off = await create({ email: 'off@example.test', active: '1' });
    expect(await eventsOf(off)).toEqual([]);
  });

  it('POST /api/user: today', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: bearer(admin),
      payload: { name: 'Una User', email: 'una@example.test', password: 'Password-123!', type: 'user' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await eventsOf(response.json().data.id)).toMatchObject([{ kind: 'hire', date: today }]);
  });
});
