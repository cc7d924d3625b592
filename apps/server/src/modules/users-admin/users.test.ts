import type { UserAdminRow } from '@switchboard/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { sessions } from '../auth/auth.table.ts';
import { employees } from '../users/employees.table.ts';
import { timeclockEntries } from '../timeclock/timeclock.table.ts';
import { users } from '../users/users.table.ts';

let ctx: TestContext;
let admin: TestUser;
let adminToken: string;

interface Paginator<T> {
  data: T[];
  total: number;
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
}

async function signIn(user: TestUser, password = user.password): Promise<string> {
  const answer = await login(ctx.app, user.email, password);
  if (!('access_token' in answer)) throw new Error('unexpected two-factor challenge');
  return answer.access_token;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { role: 'admin', name: 'Ada Admin' });
  adminToken = await signIn(admin);
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = adminToken) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const invalid = (errors: Record<string, string[]>) => ({ message: 'The given data was invalid.', errors });
const loginStatus = async (email: string, password: string) =>
  (await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } })).statusCode;
const sessionStatus = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) })).statusCode;

describe('who may use the users admin', () => {
  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/user'],
      ['POST', '/api/user'],
      ['PUT', '/api/user/1'],
      ['DELETE', '/api/user/1'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 404 to every non-admin, employee or client, and changes nothing', async () => {
    const employee = await createUser(ctx.db, { permissions: ['manage employee permissions', 'manage user sessions'] });
    const client = await createUser(ctx.db, { type: 'Client' });
    const target = await createUser(ctx.db, { name: 'Target Person' });
    for (const user of [employee, client]) {
      const token = await signIn(user);
      const answers = [
        await call('GET', '/api/user', undefined, token),
        await call(
          'POST',
          '/api/user',
          { name: 'Sneaky', email: 'sneaky@example.test', password: 'secret1', type: 'admin' },
          token,
        ),
        await call('PUT', `/api/user/${target.id}`, { name: 'Renamed', email: target.email, type: 'admin' }, token),
        await call('DELETE', `/api/user/${target.id}`, undefined, token),
      ];
      expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ name: 'Target Person', role: 'user', deletedAt: null });
    expect(await ctx.db.$count(users, eq(users.email, 'sneaky@example.test'))).toBe(0);
  });
});

describe('GET /api/user', () => {
  it('pages enabled staff users by id with their admin type, leaving out clients and disabled users', async () => {
    const local = await createTestContext();
    try {
      const first = await createUser(local.db, { role: 'admin', name: 'First Admin', email: 'first@example.test' });
      await local.db
        .update(users)
        .set({ emailVerifiedAt: new Date('2024-05-06T07:08:09.000Z') })
        .where(eq(users.id, first.id));
      const staffIds: number[] = [first.id];
      for (let i = 0; i < 4; i += 1) staffIds.push((await createUser(local.db, { name: `Staff ${i}` })).id);
      await createUser(local.db, { type: 'Client', name: 'Client Person' });
      await createUser(local.db, { name: 'Disabled Person', deletedAt: new Date() });
      const answer = await login(local.app, first.email, first.password);
      if (!('access_token' in answer)) throw new Error('unexpected two-factor challenge');

      const response = await local.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: bearer(answer.access_token),
      });
      expect(response.statusCode).toBe(200);
      const page = response.json<Paginator<UserAdminRow>>();
      expect({ ...page, data: undefined }).toEqual({
        data: undefined,
        total: 5,
        current_page: 1,
        per_page: 50,
        from: 1,
        to: 5,
        last_page: 1,
      });
      expect(page.data.map((row) => row.id)).toEqual(staffIds);
      const [row] = await local.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, first.id));
      expect(page.data[0]).toEqual({
        id: first.id,
        type: 'admin',
        name: 'First Admin',
        email: 'first@example.test',
        email_verified_at: '2024-05-06T07:08:09.000Z',
        created_at: row.createdAt.toISOString(),
      });
      expect(page.data[1]).toMatchObject({ type: 'user', name: 'Staff 0', email_verified_at: null });

      const second = await local.app.inject({
        method: 'GET',
        url: '/api/user?page=2&per_page=2',
        headers: bearer(answer.access_token),
      });
      const secondPage = second.json<Paginator<UserAdminRow>>();
      expect(secondPage.data.map((r) => r.id)).toEqual(staffIds.slice(2, 4));
      expect({ ...secondPage, data: undefined }).toEqual({
        data: undefined,
        total: 5,
        current_page: 2,
        per_page: 2,
        from: 3,
        to: 4,
        last_page: 3,
      });

      const beyond = await local.app.inject({
        method: 'GET',
        url: '/api/user?page=9',
        headers: bearer(answer.access_token),
      });
      expect(beyond.json<Paginator<UserAdminRow>>()).toMatchObject({
        data: [],
        from: null,
        to: null,
        total: 5,
        last_page: 1,
      });
    } finally {
      await local.close();
    }
  });

  it('refuses a bad page or page length with 422', async () => {
    for (const query of ['page=0', 'page=abc', 'per_page=0', 'per_page=501']) {
      const response = await call('GET', `/api/user?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().message).toBe('The given data was invalid.');
    }
  });
});

describe('POST /api/user', () => {
  it('creates a staff user with an employees row and the chosen type, who can then sign in', async () => {
    const response = await call('POST', '/api/user', {
      name: '  Grace Hopper ',
      email: 'grace@example.test',
      password: 'cobol1',
      type: 'admin',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ message: string; data: { id: number } }>();
    expect(body).toEqual({ message: 'User created.', data: { id: expect.any(Number) } });
    expect(response.body).not.toContain('cobol1');

    const [row] = await ctx.db.select().from(users).where(eq(users.id, body.data.id));
    expect(row).toMatchObject({
      type: 'Employee',
      role: 'admin',
      name: 'Grace Hopper',
      shortname: 'Grace',
      email: 'grace@example.test',
      emailVerifiedAt: null,
      deletedAt: null,
    });
    expect(row.passwordHash).not.toContain('cobol1');
    expect(await ctx.db.$count(employees, eq(employees.userId, body.data.id))).toBe(1);
    expect(await loginStatus('grace@example.test', 'cobol1')).toBe(200);

    const standard = await call('POST', '/api/user', {
      name: 'Plain User',
      email: 'plain@example.test',
      password: 'secret',
      type: 'user',
    });
    const [plain] = await ctx.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, standard.json<{ data: { id: number } }>().data.id));
    expect(plain.role).toBe('user');
  });

  it('reports every missing field', async () => {
    const response = await call('POST', '/api/user', {});
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(
      invalid({
        name: ['The name field is required.'],
        email: ['The email field is required.'],
        password: ['The password field is required.'],
        type: ['The type field is required.'],
      }),
    );
  });

  it('refuses a short password, a bad e-mail, an unknown type and an over-long name', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ password: '12345' }, { password: ['The password must be at least 6 characters.'] }],
      [{ email: 'not-an-email' }, { email: ['The email must be a valid email address.'] }],
      [{ type: 'superuser' }, { type: ['The selected type is invalid.'] }],
      [{ type: 'Employee' }, { type: ['The selected type is invalid.'] }],
      [{ name: '   ' }, { name: ['The name field is required.'] }],
      [{ name: 'x'.repeat(256) }, { name: ['The name may not be greater than 255 characters.'] }],
      [{ name: 42 }, { name: ['The name must be a string.'] }],
    ];
    for (const [change, errors] of cases) {
      const payload = {
        name: 'Valid Name',
        email: `valid-${Math.random().toString(36).slice(2)}@example.test`,
        password: 'secret',
        type: 'user',
        ...change,
      };
      const response = await call('POST', '/api/user', payload);
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(response.json()).toEqual(invalid(errors));
      expect(await ctx.db.$count(users, eq(users.email, payload.email as string))).toBe(0);
    }
  });

  it('refuses an e-mail address already taken, whatever its case, even by a disabled or client account', async () => {
    const existing = await createUser(ctx.db, { email: 'taken@example.test' });
    const disabled = await createUser(ctx.db, { email: 'disabled@example.test', deletedAt: new Date() });
    const client = await createUser(ctx.db, { type: 'Client', email: 'client@example.test' });
    for (const email of ['TAKEN@example.test', disabled.email, client.email]) {
      const response = await call('POST', '/api/user', { name: 'Copy Cat', email, password: 'secret', type: 'user' });
      expect(response.statusCode, email).toBe(422);
      expect(response.json()).toEqual(invalid({ email: ['The email has already been taken.'] }));
    }
    expect(existing.email).toBe('taken@example.test');
  });

  it('answers the same 422 when two creates race for one address', async () => {
    const payload = { name: 'Racer', email: 'race@example.test', password: 'secret', type: 'user' };
    const answers = await Promise.all([
      call('POST', '/api/user', payload),
      call('POST', '/api/user', payload),
      call('POST', '/api/user', payload),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422]);
    for (const answer of answers.filter((a) => a.statusCode === 422))
      expect(answer.json()).toEqual(invalid({ email: ['The email has already been taken.'] }));
  });
});

describe('PUT /api/user/{id}', () => {
  it('updates name, e-mail and type, keeping the password when none is given', async () => {
    const user = await createUser(ctx.db, { name: 'Old Name', email: 'old@example.test' });
    await ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    const [before] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));

    const response = await call('PUT', `/api/user/${user.id}`, {
      name: 'New Name',
      email: 'new@example.test',
      type: 'admin',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'User updated.' });

    const [after] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({
      name: 'New Name',
      shortname: 'New',
      email: 'new@example.test',
      role: 'admin',
      emailVerifiedAt: null,
    });
    expect(after.passwordHash).toBe(before.hash);
    expect(await loginStatus('new@example.test', user.password)).toBe(200);
  });

  it('keeps the password for an empty one and the verification when the address is unchanged', async () => {
    const user = await createUser(ctx.db, { email: 'keep@example.test' });
    const verifiedAt = new Date('2024-01-02T03:04:05.000Z');
    await ctx.db.update(users).set({ emailVerifiedAt: verifiedAt }).where(eq(users.id, user.id));
    const response = await call('PUT', `/api/user/${user.id}`, {
      name: 'Kept',
      email: 'KEEP@example.test',
      password: '',
      type: 'user',
    });
    expect(response.statusCode).toBe(200);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(after.emailVerifiedAt).toEqual(verifiedAt);
    expect(await loginStatus(user.email, user.password)).toBe(200);
  });

  it('sets a new password and signs the user out everywhere', async () => {
    const user = await createUser(ctx.db, { email: 'rotate@example.test' });
    const oldToken = await signIn(user);
    const [oldSession] = await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    const disconnect = vi.spyOn(ctx.app.realtime, 'disconnectSession');
    const response = await call('PUT', `/api/user/${user.id}`, {
      name: user.name,
      email: user.email,
      password: 'brand-new',
      type: 'user',
    });
    expect(response.statusCode).toBe(200);
    // Open sockets of the revoked sessions are dropped too.
    expect(disconnect).toHaveBeenCalledWith(oldSession.id);
    expect(response.body).not.toContain('brand-new');
    expect(await sessionStatus(oldToken)).toBe(401);
    expect(await loginStatus(user.email, user.password)).toBe(401);
    expect(await loginStatus(user.email, 'brand-new')).toBe(200);
  });

  it('keeps the administrator’s own session when they change their own password', async () => {
    const self = await createUser(ctx.db, { role: 'admin', email: 'self-admin@example.test' });
    const current = await signIn(self);
    const elsewhere = await signIn(self);
    const response = await call(
      'PUT',
      `/api/user/${self.id}`,
      // One's own password needs the current one (decision 0057; users/own-credentials.test.ts without it).
      { name: self.name, email: self.email, password: 'changed1', type: 'admin', current_password: self.password },
      current,
    );
    expect(response.statusCode).toBe(200);
    expect(await sessionStatus(current)).toBe(200);
    expect(await sessionStatus(elsewhere)).toBe(401);
  });

  it('refuses to take away the administrator’s own admin type', async () => {
    const self = await createUser(ctx.db, { role: 'admin' });
    const token = await signIn(self);
    const response = await call(
      'PUT',
      `/api/user/${self.id}`,
      { name: self.name, email: self.email, type: 'user' },
      token,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(invalid({ type: ['You cannot remove your own administrator role.'] }));
    const [row] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, self.id));
    expect(row.role).toBe('admin');
  });

  it('refuses an address taken by someone else, a short password and a bad type', async () => {
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db, { email: 'someone-else@example.test' });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ email: 'Someone-Else@example.test' }, { email: ['The email has already been taken.'] }],
      [{ password: 'abc' }, { password: ['The password must be at least 6 characters.'] }],
      [{ type: 'owner' }, { type: ['The selected type is invalid.'] }],
      [{ name: '' }, { name: ['The name field is required.'] }],
    ];
    for (const [change, errors] of cases) {
      const response = await call('PUT', `/api/user/${user.id}`, {
        name: 'Changed',
        email: user.email,
        type: 'user',
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(response.json()).toEqual(invalid(errors));
    }
    const [row] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
    expect(row.name).toBe(user.name);
    expect(other.email).toBe('someone-else@example.test');
  });

  it('answers 404 for an unknown, disabled or client user and for a malformed id', async () => {
    const disabled = await createUser(ctx.db, { deletedAt: new Date() });
    const client = await createUser(ctx.db, { type: 'Client' });
    for (const id of ['999999', String(disabled.id), String(client.id), 'abc', '0', '99999999999']) {
      const response = await call('PUT', `/api/user/${id}`, {
        name: 'Anyone',
        email: `anyone-${id}@example.test`,
        type: 'admin',
      });
      expect(response.statusCode, id).toBe(404);
    }
    const [row] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, client.id));
    expect(row.role).toBe('user');
  });

  it('accepts the spec client’s POST with _method=PUT', async () => {
    const user = await createUser(ctx.db);
    const response = await call('POST', `/api/user/${user.id}`, {
      _method: 'PUT',
      name: 'Via Override',
      email: user.email,
      type: 'user',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'User updated.' });
    const [row] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
    expect(row.name).toBe('Via Override');
  });
});

describe('DELETE /api/user/{id}', () => {
  it('disables the user: sessions revoked, open timeclock entry ended, gone from the list, cannot sign in', async () => {
    const user = await createUser(ctx.db, { email: 'leaving@example.test' });
    const token = await signIn(user);
    const clock = await ctx.app.inject({
      method: 'POST',
      url: '/api/misc/timeclock/update',
      headers: bearer(token),
      payload: { stat: 1 },
    });
    expect(clock.statusCode).toBe(200);

    const disconnect = vi.spyOn(ctx.app.realtime, 'disconnectUser');
    const response = await call('DELETE', `/api/user/${user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Deleted!' });
    expect(disconnect).toHaveBeenCalledWith(user.id);

    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await ctx.db.$count(sessions, and(eq(sessions.userId, user.id), eq(sessions.revoked, false)))).toBe(0);
    expect(
      await ctx.db.$count(
        timeclockEntries,
        and(eq(timeclockEntries.userId, user.id), isNull(timeclockEntries.endedAt)),
      ),
    ).toBe(0);
    expect(await ctx.db.$count(timeclockEntries, eq(timeclockEntries.userId, user.id))).toBe(1);
    expect(await sessionStatus(token)).toBe(401);
    expect(await loginStatus(user.email, user.password)).toBe(401);

    const list = await call('GET', '/api/user?per_page=500');
    expect(list.json<Paginator<UserAdminRow>>().data.some((r) => r.id === user.id)).toBe(false);
    // Deleting again finds nothing.
    expect((await call('DELETE', `/api/user/${user.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete the administrator’s own account with a message for the Failed! dialog', async () => {
    const response = await call('DELETE', `/api/user/${admin.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'You cannot delete your own account.' });
    const [row] = await ctx.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, admin.id));
    expect(row.deletedAt).toBeNull();
    expect(await sessionStatus(adminToken)).toBe(200);
  });

  it('lets an administrator delete another administrator', async () => {
    const other = await createUser(ctx.db, { role: 'admin' });
    expect((await call('DELETE', `/api/user/${other.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown, client or malformed id', async () => {
    const client = await createUser(ctx.db, { type: 'Client' });
    for (const id of ['999999', String(client.id), 'abc', '-1']) {
      expect((await call('DELETE', `/api/user/${id}`)).statusCode, id).toBe(404);
    }
    const [row] = await ctx.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, client.id));
    expect(row.deletedAt).toBeNull();
  });
});
