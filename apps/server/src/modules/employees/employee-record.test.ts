import { employeeRecordSchema, type EmployeeRecord } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';

// Spec 1 §3.10: the employee read carries user.pto_settings, user.pto_periods and user.holiday.
describe('GET /api/users/employee/{id} with PTO and holidays (spec 1 §3.10)', () => {
  let ctx: TestContext;
  let hrToken: string;
  let employee: TestUser;
  let employeeToken: string;
  let colleagueToken: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const hr = await createUser(ctx.db, { permissions: ['view human resources'] });
    hrToken = (await login(ctx.app, hr.email, hr.password)).access_token;
    employee = await createUser(ctx.db);
    employeeToken = (await login(ctx.app, employee.email, employee.password)).access_token;
    const colleague = await createUser(ctx.db);
    colleagueToken = (await login(ctx.app, colleague.email, colleague.password)).access_token;
    const setting = {
      user_id: employee.id,
      name: 'Yearly bank',
      type: 'Hourly',
      start_date: '2026-01-01',
      end_date: '',
      payroll_hours: '4',
      accrued_hours: '1',
    };
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/users/employee/pto',
          headers: bearer(hrToken),
          payload: setting,
        })
      ).statusCode,
    ).toBe(200);
    const holiday = { date: '2026-12-24', user_id: employee.id };
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/employee/holiday/store',
          headers: bearer(hrToken),
          payload: holiday,
        })
      ).statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const read = async (token: string): Promise<EmployeeRecord> => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/employee/${employee.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return expectExactShape(employeeRecordSchema, response.json<{ data: EmployeeRecord }>().data);
  };

  it('gives HR the settings, periods and holidays the PTO and holiday reads answer', async () => {
    const record = await read(hrToken);
    const pto = (
      await ctx.app.inject({ method: 'GET', url: `/api/users/employee/pto/${employee.id}`, headers: bearer(hrToken) })
    ).json().data;
    expect(record.user.pto_settings).toEqual(pto.settings);
    expect(record.user.pto_settings?.map((setting) => setting.name)).toEqual(['Yearly bank']);
    expect(record.user.pto_periods).toEqual(pto.periods);
    expect(record.user.pto_periods!.length).toBeGreaterThan(0);
    expect(record.user.holiday?.map((holiday) => holiday.date)).toEqual(['2026-12-24']);
  });

  it('gives the employee their own', async () => {
    const record = await read(employeeToken);
    expect(record.user.pto_settings).toHaveLength(1);
    expect(record.user.holiday).toHaveLength(1);
  });

  it('gives a colleague without HR the employee but no PTO or holidays', async () => {
    const record = await read(colleagueToken);
    expect(record.user.name).toBe(employee.name);
    expect(record.user).toMatchObject({ pto_settings: null, pto_periods: null, holiday: null });
  });
});
