import { employeeRecordSchema } from '@switchboard/shared';
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

// designs/hr.md §2.2, §2.3: the employee's manager and own work hours on Employee Information, set by HR staff.

const fourTens = { '1': 10, '2': 10, '3': 10, '4': 10, '5': 0, '6': 0, '7': 0 };

describe('employee manager and work hours (designs/hr.md §2.2, §2.3)', () => {
  let ctx: TestContext;
  let hr: string;
  let target: TestUser;
  let targetToken: string;
  let manager: TestUser;
  let disabled: TestUser;
  let client: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    const hrUser = await createUser(ctx.db, { permissions: ['view human resources'] });
    hr = (await login(ctx.app, hrUser.email, hrUser.password)).access_token;
    target = await createUser(ctx.db, { name: 'Tess Target' });
    targetToken = (await login(ctx.app, target.email, target.password)).access_token;
    manager = await createUser(ctx.db, { name: 'Mona Manager' });
    disabled = await createUser(ctx.db, { name: 'Dora Disabled', deletedAt: new Date() });
    client = await createUser(ctx.db, { type: 'Client' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** The target's own stored values, so only the fields given change. */
  const update = async (fields: Record<string, string>, token = hr, who = target) => {
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
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
  };
  const read = async (id = target.id) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/users/employee/${id}`, headers: bearer(hr) });
    expect(response.statusCode).toBe(200);
    return employeeRecordSchema.parse(response.json<{ data: unknown }>().data);
  };
  const errorsOf = (response: Awaited<ReturnType<typeof update>>) =>
    response.json<{ errors: Record<string, string[]> }>().errors;

  it('HR sets the manager and an own week, reads them back, and clears them to the company week', async () => {
    const before = await read();
    expect(before).toMatchObject({ manager_id: null, manager: null, work_hours: null });

    const saved = await update({ manager_id: String(manager.id), work_hours: JSON.stringify(fourTens) });
    expect(saved.statusCode).toBe(200);
    const after = await read();
    expect(after.manager_id).toBe(manager.id);
    expect(after.manager).toEqual({ id: manager.id, name: 'Mona Manager' });
    expect(after.work_hours).toEqual(fourTens);

    // Fields not sent keep their values (clients that predate them).
    expect((await update({ title: 'Dispatcher' })).statusCode).toBe(200);
    expect(await read()).toMatchObject({ title: 'Dispatcher', manager_id: manager.id, work_hours: fourTens });

    // Empty clears: no manager, the company week.
    expect((await update({ manager_id: '', work_hours: '' })).statusCode).toBe(200);
    expect(await read()).toMatchObject({ manager_id: null, manager: null, work_hours: null });
  });

  it('answers 422 for a manager who is oneself, disabled, a client or unknown, and for a malformed week', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ manager_id: String(target.id) }, 'manager_id', 'The manager must be another employee.'],
      [{ manager_id: String(disabled.id) }, 'manager_id', 'The manager must be another employee.'],
      [{ manager_id: String(client.id) }, 'manager_id', 'The manager must be another employee.'],
      [{ manager_id: '99999999' }, 'manager_id', 'The manager must be another employee.'],
      [{ manager_id: 'boss' }, 'manager_id', 'The selected manager is invalid.'],
      [
        { work_hours: JSON.stringify({ '1': 8, '2': 8, '3': 8, '4': 8, '5': 8, '6': 0 }) },
        'work_hours',
        'Give the hours of all seven weekdays.',
      ],
      [{ work_hours: JSON.stringify({ ...fourTens, '1': 25 }) }, 'work_hours', 'Hours must be between 0 and 24.'],
      [{ work_hours: JSON.stringify({ ...fourTens, '1': 7.3 }) }, 'work_hours', 'Hours go in quarter-hour steps.'],
      [{ work_hours: JSON.stringify({ ...fourTens, '1': -1 }) }, 'work_hours', 'Hours must be between 0 and 24.'],
    ];
    for (const [fields, field, message] of cases) {
      const response = await update(fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      expect(errorsOf(response)[field] ?? Object.values(errorsOf(response)).flat()).toContain(message);
    }
    // Not JSON at all: a 422 on the field, never a 500.
    const garbage = await update({ work_hours: '{8,8' });
    expect(garbage.statusCode).toBe(422);
    expect(Object.keys(errorsOf(garbage))).toContain('work_hours');
    expect(await read()).toMatchObject({ manager_id: null, work_hours: null });
  });

  it('only HR staff change them: the employee editing their own record gets 403 and nothing changes', async () => {
    const asSelf = await update({ manager_id: String(manager.id) }, targetToken);
    expect(asSelf.statusCode).toBe(403);
    expect(asSelf.json().message).toBe('You do not have permission to change: manager id.');
    const week = await update({ work_hours: JSON.stringify(fourTens) }, targetToken);
    expect(week.statusCode).toBe(403);
    expect(week.json().message).toBe('You do not have permission to change: work hours.');
    expect(await read()).toMatchObject({ manager_id: null, work_hours: null });

    // The same values sent back unchanged (the whole form posts) are no change: the own edit goes through.
    expect((await update({ manager_id: String(manager.id), work_hours: JSON.stringify(fourTens) })).statusCode).toBe(
      200,
    );
    const own = await update(
      { manager_id: String(manager.id), work_hours: JSON.stringify(fourTens), city: 'Austin' },
      targetToken,
    );
    expect(own.statusCode).toBe(200);
    expect(await read()).toMatchObject({ city: 'Austin', manager_id: manager.id, work_hours: fourTens });
  });
});
