import type { CompanyListItem } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies } from './companies.table.ts';

describe('GET /api/company.list', () => {
  let ctx: TestContext;
  let ids: Record<string, number>;
  beforeAll(async () => {
    ctx = await createTestContext();
    const rows = await ctx.db
      .insert(companies)
      .values([{ name: 'Zephyr Dental' }, { name: 'acme Legal' }, { name: 'Meridian Bank', active: 1 }])
      .returning({ id: companies.id, name: companies.name });
    ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function list(email: string, password: string) {
    const { access_token } = await login(ctx.app, email, password);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/company.list', headers: bearer(access_token) });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: CompanyListItem[] }>().data;
  }

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/company.list' });
    expect(response.statusCode).toBe(401);
  });

  it('gives an employee every company as id and name, ordered by name', async () => {
    const employee = await createUser(ctx.db);
    const data = await list(employee.email, employee.password);
    expect(data).toEqual([
      { id: ids['acme Legal'], name: 'acme Legal' },
      { id: ids['Meridian Bank'], name: 'Meridian Bank' },
      { id: ids['Zephyr Dental'], name: 'Zephyr Dental' },
    ]);
  });

  it('gives a client account only its own company', async () => {
    const client = await createUser(ctx.db, { type: 'Client', companyId: ids['Meridian Bank'] });
    expect(await list(client.email, client.password)).toEqual([{ id: ids['Meridian Bank'], name: 'Meridian Bank' }]);
  });
});
