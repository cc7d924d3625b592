import { DEPARTMENT_SALES, DEPARTMENT_TECH, type EmployeeListItem } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext, type TestUser } from '../../../test/helpers.ts';
import { employeeDepartments } from './employees.table.ts';

describe('GET /api/users/employee.list', () => {
  let ctx: TestContext;
  let viewer: TestUser;
  let tech: TestUser;
  let salesAndTech: TestUser;
  let noDepartment: TestUser;
  let disabled: TestUser;
  let client: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext();
    viewer = await createUser(ctx.db, { name: 'Viola Viewer' });
    tech = await createUser(ctx.db, { name: 'Terry Tech' });
    salesAndTech = await createUser(ctx.db, { name: 'Sam Seller' });
    noDepartment = await createUser(ctx.db, { name: 'Nora None' });
    disabled = await createUser(ctx.db, { name: 'Dave Disabled', deletedAt: new Date() });
    client = await createUser(ctx.db, { type: 'Client', name: 'Cara Client' });
    await ctx.db.insert(employeeDepartments).values([
      { userId: tech.id, departmentId: DEPARTMENT_TECH },
      { userId: salesAndTech.id, departmentId: DEPARTMENT_SALES },
      { userId: salesAndTech.id, departmentId: DEPARTMENT_TECH },
      { userId: disabled.id, departmentId: DEPARTMENT_TECH },
    ]);
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function get(user: TestUser) {
    const { access_token } = await login(ctx.app, user.email, user.password);
    return ctx.app.inject({ method: 'GET', url: '/api/users/employee.list', headers: bearer(access_token) });
  }

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/users/employee.list' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to a client account', async () => {
    expect((await get(client)).statusCode).toBe(403);
  });

  it('lists enabled employees by name with their department ids, leaving out disabled users and clients', async () => {
    const response = await get(viewer);
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: EmployeeListItem[] }>().data;
    expect(data).toEqual([
      { user_id: noDepartment.id, user: { name: 'Nora None' }, departments: [] },
      { user_id: salesAndTech.id, user: { name: 'Sam Seller' }, departments: [{ id: DEPARTMENT_TECH }, { id: DEPARTMENT_SALES }] },
      { user_id: tech.id, user: { name: 'Terry Tech' }, departments: [{ id: DEPARTMENT_TECH }] },
      { user_id: viewer.id, user: { name: 'Viola Viewer' }, departments: [] },
    ]);
  });
});
