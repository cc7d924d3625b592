import { DEPARTMENT_SALES, DEPARTMENT_TECH, type EmployeeIndexRow, type EmployeeListItem } from '@switchboard/shared';
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
import type { Page } from '../../db/paginate.ts';
import { sessions } from '../auth/auth.table.ts';
import { regions } from '../reference/reference.table.ts';
import { employeeDepartments, employees } from '../users/employees.table.ts';

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
      {
        user_id: salesAndTech.id,
        user: { name: 'Sam Seller' },
        departments: [{ id: DEPARTMENT_TECH }, { id: DEPARTMENT_SALES }],
      },
      { user_id: tech.id, user: { name: 'Terry Tech' }, departments: [{ id: DEPARTMENT_TECH }] },
      { user_id: viewer.id, user: { name: 'Viola Viewer' }, departments: [] },
    ]);
  });
});

describe('GET /api/users/employee (the employees index)', () => {
  let ctx: TestContext;
  let token: string;
  let viewer: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let client: TestUser;
  let regionId: number;
  const aliceActivity = new Date('2026-01-02T03:04:05.000Z');

  beforeAll(async () => {
    ctx = await createTestContext();
    viewer = await createUser(ctx.db, { name: 'Zed Viewer', email: 'zed.viewer@example.test' });
    alice = await createUser(ctx.db, { name: 'alice Anders', email: 'Alice.Anders@Example.test' });
    bob = await createUser(ctx.db, { name: 'Bob 100% Brown', email: 'bob.brown@example.test' });
    carol = await createUser(ctx.db, { name: 'Carol Cole', email: 'carol_cole@example.test' });
    dave = await createUser(ctx.db, {
      name: 'Dave Disabled',
      email: 'dave.disabled@example.test',
      deletedAt: new Date('2026-02-01T00:00:00Z'),
    });
    client = await createUser(ctx.db, { type: 'Client', name: 'Alice Client', email: 'alice.client@example.test' });
    [{ id: regionId }] = await ctx.db
      .insert(regions)
      .values({ name: 'Employees Test Region' })
      .returning({ id: regions.id });
    await ctx.db
      .update(employees)
      .set({ title: 'Engineer', phoneNumber: '(555) 123-4567', regionId })
      .where(eq(employees.userId, alice.id));
    await ctx.db.update(employees).set({ phoneNumber: '555.987.6543' }).where(eq(employees.userId, bob.id));
    await ctx.db.insert(employeeDepartments).values([
      { userId: bob.id, departmentId: DEPARTMENT_SALES },
      { userId: dave.id, departmentId: DEPARTMENT_SALES },
      { userId: carol.id, departmentId: DEPARTMENT_TECH },
    ]);
    // Alice signs in twice; her latest session is the most recently active one, not the newest one.
    await login(ctx.app, alice.email, alice.password);
    await login(ctx.app, alice.email, alice.password);
    const aliceSessions = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, alice.id))
      .orderBy(sessions.createdAt);
    await ctx.db.update(sessions).set({ lastActivity: aliceActivity }).where(eq(sessions.id, aliceSessions[0]!.id));
    await ctx.db
      .update(sessions)
      .set({ lastActivity: new Date('2025-12-01T00:00:00Z') })
      .where(eq(sessions.id, aliceSessions[1]!.id));
    token = (await login(ctx.app, viewer.email, viewer.password)).access_token;
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function list(query: string, accessToken = token) {
    return ctx.app.inject({ method: 'GET', url: `/api/users/employee${query}`, headers: bearer(accessToken) });
  }
  async function names(query: string): Promise<string[]> {
    const response = await list(query);
    expect(response.statusCode).toBe(200);
    return response.json<Page<EmployeeIndexRow>>().data.map((row) => row.user.name);
  }

  it('answers 401 without a token and 403 to a client account', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/employee' })).statusCode).toBe(401);
    const { access_token } = await login(ctx.app, client.email, client.password);
    expect((await list('', access_token)).statusCode).toBe(403);
  });

  it('lists enabled employees by name (case-insensitive) by default, never client accounts', async () => {
    expect(await names('')).toEqual(['alice Anders', 'Bob 100% Brown', 'Carol Cole', 'Zed Viewer']);
    expect(await names('?status=0&name=alice')).toEqual(['alice Anders']);
  });

  it('answers the row shape with region, phone, latest session and status', async () => {
    const body = (await list('?name=alice')).json<Page<EmployeeIndexRow>>();
    expect(body.data).toEqual([
      {
        user_id: alice.id,
        user: { id: alice.id, name: 'alice Anders', email: 'Alice.Anders@Example.test', photo: null },
        title: 'Engineer',
        region: { id: regionId, name: 'Employees Test Region' },
        phone_number: '(555) 123-4567',
        agent_phone: null,
        latest_session: { last_activity: aliceActivity.toISOString() },
        deleted_at: null,
        status: 'Enabled',
      },
    ]);
    const carolRow = (await list('?name=carol')).json<Page<EmployeeIndexRow>>().data[0]!;
    expect(carolRow).toMatchObject({ region: null, title: null, phone_number: null, latest_session: null });
  });

  it('filters by status: 0 All, 1 Enabled, 2 Disabled', async () => {
    expect(await names('?status=0')).toEqual([
      'alice Anders',
      'Bob 100% Brown',
      'Carol Cole',
      'Dave Disabled',
      'Zed Viewer',
    ]);
    expect(await names('?status=1')).toEqual(['alice Anders', 'Bob 100% Brown', 'Carol Cole', 'Zed Viewer']);
    const disabled = (await list('?status=2')).json<Page<EmployeeIndexRow>>().data;
    expect(disabled.map((row) => [row.user.name, row.status, row.deleted_at])).toEqual([
      ['Dave Disabled', 'Disabled', '2026-02-01T00:00:00.000Z'],
    ]);
  });

  it('refuses an unknown status code or route with 422', async () => {
    for (const query of ['?status=3', '?status=x', '?route=billing', '?region_id=abc', '?per_page=501', '?page=0']) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json<{ message: string }>().message).toBe('The given data was invalid.');
    }
  });

  it('filters by name and e-mail, case-insensitive contains, with LIKE wildcards taken literally', async () => {
    expect(await names('?name=ANDERS')).toEqual(['alice Anders']);
    expect(await names('?name=o')).toEqual(['Bob 100% Brown', 'Carol Cole']);
    expect(await names('?name=100%25')).toEqual(['Bob 100% Brown']);
    expect(await names('?name=%25')).toEqual(['Bob 100% Brown']);
    expect(await names('?email=EXAMPLE.TEST&name=a')).toEqual(['alice Anders', 'Carol Cole']);
    expect(await names('?email=_cole')).toEqual(['Carol Cole']);
    expect(await names('?email=bob_brown')).toEqual([]);
    // Empty filters are no filters.
    expect(await names('?name=&email=&region_id=&phone_number=&status=')).toHaveLength(4);
  });

  it('filters by region and by phone digits', async () => {
    expect(await names(`?region_id=${regionId}`)).toEqual(['alice Anders']);
    expect(await names(`?region_id=${regionId + 1000}`)).toEqual([]);
    expect(await names('?phone_number=555')).toEqual(['alice Anders', 'Bob 100% Brown']);
    expect(await names('?phone_number=(555) 123')).toEqual(['alice Anders']);
    expect(await names('?phone_number=987-65')).toEqual(['Bob 100% Brown']);
    expect(await names('?phone_number=0000')).toEqual([]);
    // A phone filter without digits filters nothing.
    expect(await names('?phone_number=abc')).toHaveLength(4);
  });

  it('lists only the sales department under route crm (agents); employees and hr list everyone', async () => {
    expect(await names('?route=crm')).toEqual(['Bob 100% Brown']);
    expect(await names('?route=crm&status=0')).toEqual(['Bob 100% Brown', 'Dave Disabled']);
    expect(await names('?route=hr')).toEqual(['alice Anders', 'Bob 100% Brown', 'Carol Cole', 'Zed Viewer']);
    expect(await names('?route=employees')).toHaveLength(4);
  });

  it('pages with per_page and page and counts what the filters match', async () => {
    const body = (await list('?per_page=3&page=2&status=0')).json<Page<EmployeeIndexRow>>();
    expect(body).toMatchObject({ total: 5, current_page: 2, per_page: 3, from: 4, to: 5, last_page: 2 });
    expect(body.data.map((row) => row.user.name)).toEqual(['Dave Disabled', 'Zed Viewer']);
    const first = (await list('?name=o')).json<Page<EmployeeIndexRow>>();
    expect(first).toMatchObject({ total: 2, current_page: 1, per_page: 50, from: 1, to: 2, last_page: 1 });
    const beyond = (await list('?page=9')).json<Page<EmployeeIndexRow>>();
    expect(beyond).toMatchObject({ data: [], total: 4, from: null, to: null, last_page: 1 });
  });
});
