import { permissionNames } from '@switchboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { readEmployeeForm } from '../../../test/employee-form.ts';
import { users } from '../users/users.table.ts';
import { listPermissionNames } from './permissions.service.ts';

// Issue 25 part 1 (decision 0057): every path that writes a user's permissions applies one rule: a non-administrator
// grants or removes only permissions they hold themselves, on create and on update, and in a shadow session only
// what the person shadowing holds too.

let ctx: TestContext;
let admin: TestUser;
let adminToken: string;
let counter = 0;
const everything = [...permissionNames];
const beyondMessage = (names: string[]) =>
  `You can only grant or remove permissions you hold yourself: ${[...names].sort().join(', ')}.`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: 'admin', name: 'Ada Admin' });
  adminToken = (await login(ctx.app, admin.email, admin.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

async function signedIn(permissions: string[]): Promise<{ user: TestUser; token: string }> {
  const user = await createUser(ctx.db, { permissions });
  return { user, token: (await login(ctx.app, user.email, user.password)).access_token };
}

/** The employee form as the edit screen sends it, with its permissions. */
const employeeForm = (userId: number) => readEmployeeForm(ctx.app, adminToken, userId, { permissions: true });

const editEmployee = async (token: string, userId: number, changes: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/users/employee/${userId}`,
    headers: bearer(token),
    payload: { ...(await employeeForm(userId)), ...changes },
  });

const newEmployee = (permissions: string[]) => ({
  name: 'New Hire',
  email: `hire${(counter += 1)}@example.test`,
  password: 'Secret-pass-1',
  password_confirmation: 'Secret-pass-1',
  active: 0,
  departments: [],
  permissions,
});

const userCount = async () => (await ctx.db.select({ count: sql<number>`count(*)::int` }).from(users))[0]!.count;

describe('the employee form writes permissions under the same rule as the Permissions view', () => {
  it('refuses a manager granting every permission through PUT /api/users/employee/{id}, changing nothing', async () => {
    const manager = await signedIn(['manage employee permissions', 'view crm']);
    const colleague = await createUser(ctx.db, { permissions: ['view crm'] });
    const response = await editEmployee(manager.token, colleague.id, { permissions: everything });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: beyondMessage(everything.filter((name) => !['manage employee permissions', 'view crm'].includes(name))),
    });
    expect(await listPermissionNames(ctx.db, colleague.id)).toEqual(['view crm']);
  });

  it('refuses removing through the form what the manager does not hold', async () => {
    const manager = await signedIn(['manage employee permissions', 'view crm']);
    const colleague = await createUser(ctx.db, { permissions: ['view billing', 'view crm'] });
    const response = await editEmployee(manager.token, colleague.id, { permissions: ['view crm'] });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: beyondMessage(['view billing']) });
    expect(await listPermissionNames(ctx.db, colleague.id)).toEqual(['view billing', 'view crm']);
  });

  it('lets the manager change permissions they hold, and keeps the ones they do not hold when unchanged', async () => {
    const manager = await signedIn(['manage employee permissions', 'view crm']);
    const colleague = await createUser(ctx.db, { permissions: ['view billing'] });
    const response = await editEmployee(manager.token, colleague.id, { permissions: ['view billing', 'view crm'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(await listPermissionNames(ctx.db, colleague.id)).toEqual(['view billing', 'view crm']);
  });

  it('lets an administrator (with the permission, spec 1 §6) grant every permission through the form', async () => {
    const colleague = await createUser(ctx.db, {});
    const granter = await createUser(ctx.db, { role: 'admin', permissions: ['manage employee permissions'] });
    const token = (await login(ctx.app, granter.email, granter.password)).access_token;
    const response = await editEmployee(token, colleague.id, { permissions: everything });
    expect(response.statusCode, response.body).toBe(200);
    expect((await listPermissionNames(ctx.db, colleague.id)).sort()).toEqual([...everything].sort());
  });

  it('refuses creating an all-powerful account through POST /api/users/employee, creating nothing', async () => {
    const manager = await signedIn(['manage employee permissions', 'view human resources']);
    const before = await userCount();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/employee',
      headers: bearer(manager.token),
      payload: newEmployee(everything),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: beyondMessage(
        everything.filter((name) => !['manage employee permissions', 'view human resources'].includes(name)),
      ),
    });
    expect(await userCount()).toBe(before);

    const within = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/employee',
      headers: bearer(manager.token),
      payload: newEmployee(['view human resources']),
    });
    expect(within.statusCode, within.body).toBe(200);
    expect(await listPermissionNames(ctx.db, within.json<{ data: { id: number } }>().data.id)).toEqual([
      'view human resources',
    ]);
  });
});

describe('a shadow session grants nothing beyond what the person shadowing holds', () => {
  const managerPermissions = ['manage employee permissions', 'view human resources', 'view billing', 'view crm'];

  async function shadowManager(shadowerPermissions: string[]) {
    const manager = await createUser(ctx.db, { permissions: managerPermissions });
    const shadower = await signedIn(['shadow clients', ...shadowerPermissions]);
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/shadow',
      headers: bearer(shadower.token),
      payload: { account: manager.id },
    });
    expect(started.statusCode, started.body).toBe(200);
    return { shadower: shadower.user, token: started.json<{ access_token: string }>().access_token };
  }

  it('refuses granting oneself, through a shadowed manager, what one does not hold', async () => {
    const { shadower, token } = await shadowManager(['view crm']);
    const own = await listPermissionNames(ctx.db, shadower.id);
    const viaView = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/employee/permissions/${shadower.id}`,
      headers: bearer(token),
      payload: { permissions: [...own, 'manage employee permissions', 'view billing'] },
    });
    expect(viaView.statusCode).toBe(403);
    expect(viaView.json()).toEqual({ message: beyondMessage(['manage employee permissions', 'view billing']) });
    const viaForm = await editEmployee(token, shadower.id, { permissions: [...own, 'view billing'] });
    expect(viaForm.statusCode).toBe(403);
    expect(viaForm.json()).toEqual({ message: beyondMessage(['view billing']) });
    expect(await listPermissionNames(ctx.db, shadower.id)).toEqual(own);
  });

  it("allows what both the shadowed manager and the person shadowing hold, and not the manager's alone", async () => {
    const { token } = await shadowManager(['view crm']);
    const colleague = await createUser(ctx.db, {});
    const both = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/employee/permissions/${colleague.id}`,
      headers: bearer(token),
      payload: { permissions: ['view crm'] },
    });
    expect(both.statusCode, both.body).toBe(200);
    const managerOnly = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/employee/permissions/${colleague.id}`,
      headers: bearer(token),
      payload: { permissions: ['view crm', 'view human resources'] },
    });
    expect(managerOnly.statusCode).toBe(403);
    expect(managerOnly.json()).toEqual({ message: beyondMessage(['view human resources']) });
    expect(await listPermissionNames(ctx.db, colleague.id)).toEqual(['view crm']);
  });

  it('creates no employee with permissions the person shadowing lacks', async () => {
    const { token } = await shadowManager([]);
    const before = await userCount();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/employee',
      headers: bearer(token),
      payload: newEmployee(['view billing']),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: beyondMessage(['view billing']) });
    expect(await userCount()).toBe(before);
  });
});
