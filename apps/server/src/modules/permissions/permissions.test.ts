import { permissionDefinitions, type Permission } from '@switchboard/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent } from '../../../test/realtime.ts';
import type { Socket } from 'socket.io-client';
import { listPermissionNames } from './permissions.service.ts';

describe('permissions API', () => {
  let ctx: TestContext;
  let manager: TestUser;
  let employee: TestUser;
  let target: TestUser;
  let client: TestUser;
  let managerToken: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    // Holds what the tests grant and remove: nobody hands out permissions they lack (account-parts.test.ts).
    manager = await createUser(ctx.db, {
      name: 'Mona Manager',
      permissions: ['manage employee permissions', 'view dashboard', 'view billing', 'view crm'],
    });
    employee = await createUser(ctx.db, { name: 'Eddie Employee', permissions: ['view dashboard'] });
    target = await createUser(ctx.db, { name: 'Tara Target', permissions: ['view dashboard', 'view billing'] });
    client = await createUser(ctx.db, {
      type: 'Client',
      name: 'Cal Client',
      permissions: ['manage employee permissions'],
    });
    managerToken = await tokenOf(manager);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function tokenOf(user: TestUser): Promise<string> {
    return ((await login(ctx.app, user.email, user.password)) as unknown as { access_token: string }).access_token;
  }

  const put = (id: number | string, payload: unknown, token = managerToken) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/users/employee/permissions/${id}`,
      headers: bearer(token),
      payload: payload as object,
    });
  const getFor = (id: number | string, token = managerToken) =>
    ctx.app.inject({ method: 'GET', url: `/api/users/employee/permissions/${id}`, headers: bearer(token) });

  describe('GET /api/permissions', () => {
    it('answers 401 without a token and 403 to a client account', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/permissions' })).statusCode).toBe(401);
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/permissions',
        headers: bearer(await tokenOf(client)),
      });
      expect(response.statusCode).toBe(403);
    });

    it('lists the whole catalogue with id, name, description and permission_type to any employee', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/permissions',
        headers: bearer(await tokenOf(employee)),
      });
      expect(response.statusCode).toBe(200);
      const data = response.json<{ data: Permission[] }>().data;
      expect(data).toHaveLength(permissionDefinitions.length);
      expect(new Set(data.map((p) => p.name))).toEqual(new Set(permissionDefinitions.map((p) => p.name)));
      for (const permission of data)
        expect(Object.keys(permission).sort()).toEqual(['description', 'id', 'name', 'permission_type']);
      expect(data.find((p) => p.name === 'manage employee permissions')).toMatchObject({
        permission_type: 'admin',
        description: "Change employees' permissions.",
      });
      expect(data.find((p) => p.name === 'view dashboard')?.permission_type).toBeNull();
      expect(data.find((p) => p.name === 'view billing')?.permission_type).toBe('billing');
    });
  });

  describe('GET /api/users/employee/permissions/{id}', () => {
    it('needs manage employee permissions', async () => {
      expect((await getFor(target.id, await tokenOf(employee))).statusCode).toBe(403);
      // Holding the name is not enough for a client account.
      expect((await getFor(target.id, await tokenOf(client))).statusCode).toBe(403);
    });

    it('answers the employee’s permission names', async () => {
      const response = await getFor(employee.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { id: employee.id, role: 'user', permissions: ['view dashboard'] } });
    });

    it('answers 404 for an unknown id, a client account and a malformed id', async () => {
      for (const id of [999999, client.id, 'abc', '0', '99999999999', '-1'])
        expect((await getFor(id)).statusCode, String(id)).toBe(404);
    });
  });

  describe('PUT /api/users/employee/permissions/{id}', () => {
    it('answers 401 without a token', async () => {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/employee/permissions/${target.id}`,
        payload: { permissions: [] },
      });
      expect(response.statusCode).toBe(401);
    });

    it('answers 403 without manage employee permissions, changing nothing', async () => {
      const response = await put(target.id, { id: target.id, permissions: [] }, await tokenOf(employee));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'You do not have permission to perform this action.' });
      expect(await listPermissionNames(ctx.db, target.id)).toEqual(['view billing', 'view dashboard']);
      expect((await put(target.id, { permissions: [] }, await tokenOf(client))).statusCode).toBe(403);
    });

    it('answers 404 for an unknown id, a client account and a malformed id', async () => {
      for (const id of [999999, client.id, 'abc', '0']) {
        expect((await put(id, { permissions: ['view dashboard'] })).statusCode, String(id)).toBe(404);
      }
      expect(await listPermissionNames(ctx.db, client.id)).toEqual(['manage employee permissions']);
    });

    it('answers 422 naming each unknown permission, changing nothing', async () => {
      const response = await put(target.id, {
        id: target.id,
        permissions: ['view dashboard', 'launch rockets', 'view crm', 'VIEW BILLING'],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'The given data was invalid.',
        errors: {
          'permissions.1': ['The selected permissions.1 is invalid.'],
          'permissions.3': ['The selected permissions.3 is invalid.'],
        },
      });
      expect(await listPermissionNames(ctx.db, target.id)).toEqual(['view billing', 'view dashboard']);
    });

    it('answers 422 when permissions is missing or not a list, or the body id names another user', async () => {
      const missing = await put(target.id, { id: target.id });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({ permissions: ['The permissions field is required.'] });
      const notList = await put(target.id, { permissions: 'view billing' });
      expect(notList.statusCode).toBe(422);
      expect(notList.json().errors).toEqual({ permissions: ['The permissions field must be a list.'] });
      const otherId = await put(target.id, { id: employee.id, permissions: [] });
      expect(otherId.statusCode).toBe(422);
      expect(otherId.json().errors).toEqual({ id: ['The id must match the employee being updated.'] });
      expect(await listPermissionNames(ctx.db, target.id)).toEqual(['view billing', 'view dashboard']);
    });

    it('replaces the list, answers Permissions Updated and pushes PermissionsUpdated to that user only', async () => {
      const baseUrl = await listenForSockets(ctx.app);
      const targetSocket = await connectSocket(baseUrl, await tokenOf(target));
      const bystander = await connectSocket(baseUrl, await tokenOf(employee));
      sockets.push(targetSocket, bystander);
      const pushed = nextEvent(targetSocket, 'PermissionsUpdated');
      const leaked: unknown[] = [];
      bystander.on('PermissionsUpdated', (payload: unknown) => leaked.push(payload));

      const response = await put(target.id, { id: target.id, permissions: ['view crm', 'view dashboard', 'view crm'] });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Permissions Updated' });
      expect(await listPermissionNames(ctx.db, target.id)).toEqual(['view crm', 'view dashboard']);
      expect(await pushed).toEqual([{ permissions: ['view crm', 'view dashboard'] }, { channel: `user.${target.id}` }]);
      // Sentinel on the bystander's own channel, sent after the push: anything leaked would have come first.
      const sentinel = nextEvent(bystander, 'StatusUpdated');
      ctx.app.realtime.emitToUser(employee.id, 'StatusUpdated', { status: 1 });
      await sentinel;
      expect(leaked).toEqual([]);

      const read = await getFor(target.id);
      expect(read.json()).toEqual({
        data: { id: target.id, role: 'user', permissions: ['view crm', 'view dashboard'] },
      });
    });

    it('accepts an empty list, which removes every permission', async () => {
      const response = await put(employee.id, { permissions: [] });
      expect(response.statusCode).toBe(200);
      expect(await listPermissionNames(ctx.db, employee.id)).toEqual([]);
    });

    it('takes effect at once: a call gated by a removed permission is refused on the next request', async () => {
      const deputy = await createUser(ctx.db, {
        name: 'Dee Deputy',
        permissions: ['manage employee permissions', 'view dashboard'],
      });
      const deputyToken = await tokenOf(deputy);
      expect((await getFor(target.id, deputyToken)).statusCode).toBe(200);
      expect((await put(deputy.id, { id: deputy.id, permissions: ['view dashboard'] })).statusCode).toBe(200);
      expect((await getFor(target.id, deputyToken)).statusCode).toBe(403);
      const session = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(deputyToken) });
      expect(session.json().data.permissions).toEqual(['view dashboard']);
    });
  });
});
