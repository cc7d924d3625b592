import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { sessions } from '../auth/auth.table.ts';
import { holidays } from '../holidays/holidays.table.ts';
import { listPermissionNames } from '../permissions/permissions.service.ts';
import { ptoSettings, ptoUsedHours } from '../pto/pto.table.ts';

// Issue 14 part 1, follow-up (decision 0025): the views that change one part of someone's account (permissions,
// time off, sessions) follow the same rule as the edit form: nobody but an administrator changes an administrator,
// and a non-administrator neither changes their own permissions nor hands out permissions they lack.

let ctx: TestContext;
let admin: TestUser;
let adminToken: string;
let manager: TestUser;
let managerToken: string;
const managerPermissions = ['manage employee permissions', 'view human resources', 'manage user sessions', 'view crm'];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: 'admin', name: 'Ada Admin', permissions: ['view human resources'] });
  adminToken = (await login(ctx.app, admin.email, admin.password)).access_token;
  manager = await createUser(ctx.db, { name: 'Mona Manager', permissions: managerPermissions });
  managerToken = (await login(ctx.app, manager.email, manager.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload });

const setting = (userId: number) => ({
  user_id: userId,
  name: 'Standard accrual',
  type: 'Hourly',
  start_date: '2000-01-01',
  end_date: '',
  payroll_hours: '4',
  accrued_hours: '1',
});

describe('permissions of others', () => {
  it("refuses a non-administrator changing an administrator's permissions, and leaves them as they were", async () => {
    const target = await createUser(ctx.db, { role: 'admin', permissions: ['view crm'] });
    const response = await call('PUT', `/api/users/employee/permissions/${target.id}`, managerToken, {
      permissions: [],
    });
    expect(response.statusCode).toBe(403);
    expect(await listPermissionNames(ctx.db, target.id)).toEqual(['view crm']);
    const byAdmin = await call('PUT', `/api/users/employee/permissions/${target.id}`, adminToken, { permissions: [] });
    expect(byAdmin.statusCode).toBe(403); // the administrator type still needs the permission itself (spec 1 §6)
  });

  it('lets the manager change a colleague within what the manager holds', async () => {
    const colleague = await createUser(ctx.db, { permissions: ['view crm'] });
    const response = await call('PUT', `/api/users/employee/permissions/${colleague.id}`, managerToken, {
      permissions: ['view human resources'],
    });
    expect(response.statusCode).toBe(200);
    expect(await listPermissionNames(ctx.db, colleague.id)).toEqual(['view human resources']);
  });

  it('refuses granting or removing what the manager does not hold, naming it', async () => {
    const colleague = await createUser(ctx.db, { permissions: ['view billing'] });
    const grant = await call('PUT', `/api/users/employee/permissions/${colleague.id}`, managerToken, {
      permissions: ['view billing', 'shadow clients'],
    });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe('You can only grant or remove permissions you hold yourself: shadow clients.');
    const remove = await call('PUT', `/api/users/employee/permissions/${colleague.id}`, managerToken, {
      permissions: [],
    });
    expect(remove.statusCode).toBe(403);
    expect(await listPermissionNames(ctx.db, colleague.id)).toEqual(['view billing']);
  });

  it('refuses a non-administrator changing their own permissions', async () => {
    const self = await createUser(ctx.db, { permissions: managerPermissions });
    const token = (await login(ctx.app, self.email, self.password)).access_token;
    const response = await call('PUT', `/api/users/employee/permissions/${self.id}`, token, {
      permissions: managerPermissions.slice(0, 2),
    });
    expect(response.statusCode).toBe(403);
    expect((await listPermissionNames(ctx.db, self.id)).sort()).toEqual([...managerPermissions].sort());
  });
});

describe('time off of others', () => {
  it("refuses HR creating, changing or deleting an administrator's PTO settings and time off taken", async () => {
    const target = await createUser(ctx.db, { role: 'admin' });
    expect((await call('POST', '/api/users/employee/pto', managerToken, setting(target.id))).statusCode).toBe(403);
    const used = { user_id: target.id, date: '2026-01-05', hours: '2', bank: 'Lump Sum', note: '' };
    expect((await call('POST', '/api/users/employee/pto/used', managerToken, used)).statusCode).toBe(403);
    expect(await ctx.db.select().from(ptoSettings).where(eq(ptoSettings.userId, target.id))).toEqual([]);
    expect(await ctx.db.select().from(ptoUsedHours).where(eq(ptoUsedHours.userId, target.id))).toEqual([]);

    const created = await call('POST', '/api/users/employee/pto', adminToken, setting(target.id));
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    const changed = await call('PUT', `/api/users/employee/pto/${id}`, managerToken, {
      ...setting(target.id),
      accrued_hours: '9',
    });
    expect(changed.statusCode).toBe(403);
    expect((await call('DELETE', `/api/users/employee/pto/${id}`, managerToken)).statusCode).toBe(403);
    const [row] = await ctx.db.select().from(ptoSettings).where(eq(ptoSettings.id, id));
    expect(Number(row!.accruedHours)).toBe(1);

    const taken = await call('POST', '/api/users/employee/pto/used', adminToken, used);
    expect(taken.statusCode).toBe(200);
    const usedId = taken.json().data.id as number;
    expect((await call('DELETE', `/api/users/employee/pto/used/${usedId}`, managerToken)).statusCode).toBe(403);
    expect(await ctx.db.select().from(ptoUsedHours).where(eq(ptoUsedHours.id, usedId))).toHaveLength(1);
  });

  it("refuses HR adding, moving or deleting an administrator's own holidays, and still lets them do a colleague's", async () => {
    const target = await createUser(ctx.db, { role: 'admin' });
    const extra = { date: '2031-03-17', user_id: target.id, name: 'Floating holiday' };
    expect((await call('POST', '/api/employee/holiday/store', managerToken, extra)).statusCode).toBe(403);
    const created = await call('POST', '/api/employee/holiday/store', adminToken, extra);
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    const moved = { ...extra, id, date: '2031-03-18' };
    expect((await call('PUT', '/api/employee/holiday/update', managerToken, moved)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/employee/holiday/delete/${id}`, managerToken)).statusCode).toBe(403);
    const [row] = await ctx.db.select().from(holidays).where(eq(holidays.id, id));
    expect(row!.date).toBe('2031-03-17');

    const colleague = await createUser(ctx.db);
    const own = { date: '2031-03-17', user_id: colleague.id, name: 'Floating holiday' };
    expect((await call('POST', '/api/employee/holiday/store', managerToken, own)).statusCode).toBe(200);
    expect((await call('POST', '/api/users/employee/pto', managerToken, setting(colleague.id))).statusCode).toBe(200);
  });
});

describe('sessions of others', () => {
  it("refuses a non-administrator listing or signing out an administrator's sessions", async () => {
    const target = await createUser(ctx.db, { role: 'admin' });
    await login(ctx.app, target.email, target.password);
    const [session] = await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, target.id));
    expect((await call('GET', `/api/profile/sessions?user_id=${target.id}`, managerToken)).statusCode).toBe(403);
    expect((await call('POST', `/api/profile/sessions/${session!.id}`, managerToken)).statusCode).toBe(404);
    const all = await call('POST', '/api/profile/sessions/all', managerToken, { user_id: target.id });
    expect(all.statusCode).toBe(403);
    const live = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, target.id), eq(sessions.revoked, false)));
    expect(live).toHaveLength(1);
    expect((await call('GET', `/api/profile/sessions?user_id=${target.id}`, adminToken)).statusCode).toBe(403);
  });

  it("lets the holder of 'manage user sessions' sign out a colleague", async () => {
    const colleague = await createUser(ctx.db);
    await login(ctx.app, colleague.email, colleague.password);
    const [session] = await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, colleague.id));
    expect((await call('GET', `/api/profile/sessions?user_id=${colleague.id}`, managerToken)).statusCode).toBe(200);
    expect((await call('POST', `/api/profile/sessions/${session!.id}`, managerToken)).statusCode).toBe(200);
  });
});
