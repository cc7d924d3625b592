import type { UserSession } from '@switchboard/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, type TestContext, type TestUser } from '../../../test/helpers.ts';
import { sessions } from '../auth/auth.table.ts';

const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let ctx: TestContext;
let manager: TestUser;
let plain: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await createUser(ctx.db, { name: 'Margaret Manager', permissions: ['manage user sessions'] });
  plain = await createUser(ctx.db, { name: 'Peter Plain' });
});
afterAll(async () => {
  await ctx.close();
});

interface SignedIn {
  token: string;
  id: string;
}

async function signIn(user: TestUser, userAgent = chromeOnWindows, remoteAddress = '127.0.0.1'): Promise<SignedIn> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: user.password },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const body = response.json<{ access_token: string; token_id: string }>();
  return { token: body.access_token, id: body.token_id };
}

const list = (token: string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/profile/sessions${query}`, headers: bearer(token) });
const revoke = (token: string, id: string, payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/profile/sessions/${id}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
const works = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) })).statusCode === 200;

describe('GET /api/profile/sessions', () => {
  it("lists the caller's sessions, newest activity first, with browser, OS, status and the current flag", async () => {
    const user = await createUser(ctx.db, { name: 'Lister' });
    const phone = await signIn(user, safariOnIphone, '198.51.100.4');
    const desk = await signIn(user, chromeOnWindows);
    await ctx.db
      .update(sessions)
      .set({ lastActivity: sql`now() - interval '2 hours'` })
      .where(eq(sessions.id, phone.id));
    await ctx.db.update(sessions).set({ city: 'Tulsa', state: 'OK' }).where(eq(sessions.id, phone.id));

    const response = await list(desk.token);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ total: 2, current_page: 1, per_page: 50, from: 1, to: 2, last_page: 1 });
    const [first, second] = page.data as UserSession[];
    expect(first).toEqual({
      id: desk.id,
      browser: 'Chrome 126',
      os: 'Windows',
      user_agent: chromeOnWindows,
      ip_address: '127.0.0.1',
      city: null,
      state: null,
      created_at: expect.any(String),
      last_activity: expect.any(String),
      expires_at: expect.any(String),
      revoked: false,
      status: 'active',
      current: true,
      code: null,
    });
    expect(second).toMatchObject({
      id: phone.id,
      browser: 'Safari 17',
      os: 'iOS',
      ip_address: '198.51.100.4',
      city: 'Tulsa',
      state: 'OK',
      current: false,
    });
    expect(new Date(first.expires_at).getTime() - new Date(first.created_at).getTime()).toBeCloseTo(
      30 * 24 * 3600 * 1000,
      -4,
    );
    // Never a token or its hash.
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, desk.id));
    expect(response.body).not.toContain(row.accessTokenHash);
    expect(response.body).not.toContain(row.refreshTokenHash);
    expect(response.body).not.toContain(desk.token);
  });

  it('pages with page and per_page', async () => {
    const user = await createUser(ctx.db);
    const sessionsOfUser = [await signIn(user), await signIn(user), await signIn(user)];
    const current = sessionsOfUser[2];
    const page2 = (await list(current.token, '?page=2&per_page=2')).json();
    expect(page2).toMatchObject({ total: 3, current_page: 2, per_page: 2, from: 3, to: 3, last_page: 2 });
    expect(page2.data).toHaveLength(1);
    const beyond = (await list(current.token, '?page=9&per_page=2')).json();
    expect(beyond).toMatchObject({ total: 3, data: [], from: null, to: null, last_page: 2 });
    expect((await list(current.token, '?per_page=0')).statusCode).toBe(422);
    expect((await list(current.token, '?page=abc')).statusCode).toBe(422);
  });

  it('marks revoked and expired sessions', async () => {
    const user = await createUser(ctx.db);
    const revoked = await signIn(user);
    const expired = await signIn(user);
    const current = await signIn(user);
    await ctx.db.update(sessions).set({ revoked: true }).where(eq(sessions.id, revoked.id));
    await ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.id, expired.id));
    const rows = (await list(current.token)).json().data as UserSession[];
    const statusOf = (id: string) => rows.find((row) => row.id === id)?.status;
    expect(statusOf(revoked.id)).toBe('revoked');
    expect(rows.find((row) => row.id === revoked.id)?.revoked).toBe(true);
    expect(statusOf(expired.id)).toBe('expired');
    expect(statusOf(current.id)).toBe('active');
  });

  it("shows another user's sessions only with 'manage user sessions' (403 otherwise, 404 for no such user)", async () => {
    const target = await createUser(ctx.db);
    const targetSession = await signIn(target);
    const managerSession = await signIn(manager);
    const plainSession = await signIn(plain);

    const seen = await list(managerSession.token, `?user_id=${target.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.map((row: UserSession) => [row.id, row.current])).toEqual([[targetSession.id, false]]);

    const refused = await list(plainSession.token, `?user_id=${target.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You do not have permission to perform this action.' });
    // One's own id needs no permission.
    expect((await list(plainSession.token, `?user_id=${plain.id}`)).statusCode).toBe(200);
    expect((await list(managerSession.token, '?user_id=99999999')).statusCode).toBe(404);
    expect((await list(managerSession.token, '?user_id=-1')).statusCode).toBe(422);
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile/sessions' })).statusCode).toBe(401);
  });
});

describe('POST /api/profile/sessions/{id}', () => {
  it('revokes one of my sessions, which stops working at once', async () => {
    const user = await createUser(ctx.db);
    const other = await signIn(user);
    const mine = await signIn(user);
    expect(await works(other.token)).toBe(true);
    const response = await revoke(mine.token, other.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Session revoked.' });
    expect(await works(other.token)).toBe(false);
    expect(await works(mine.token)).toBe(true);
    const row = (await list(mine.token)).json().data.find((s: UserSession) => s.id === other.id);
    expect(row).toMatchObject({ revoked: true, status: 'revoked' });
    // Revoking the current session signs the caller out.
    expect((await revoke(mine.token, mine.id)).statusCode).toBe(200);
    expect(await works(mine.token)).toBe(false);
  });

  it("revokes another user's session only with 'manage user sessions'; without it, 404 and nothing changes", async () => {
    const target = await createUser(ctx.db);
    const targetSession = await signIn(target);
    const plainSession = await signIn(plain);
    const managerSession = await signIn(manager);

    expect((await revoke(plainSession.token, targetSession.id)).statusCode).toBe(404);
    expect(await works(targetSession.token)).toBe(true);

    expect((await revoke(managerSession.token, targetSession.id)).json()).toEqual({ message: 'Session revoked.' });
    expect(await works(targetSession.token)).toBe(false);
  });

  it('answers 404 for an unknown or malformed id and 401 without a token', async () => {
    const mine = await signIn(plain);
    expect((await revoke(mine.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await revoke(mine.token, 'not-a-session')).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/profile/sessions/00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('POST /api/profile/sessions/all', () => {
  it('revokes all my other sessions and keeps the one making the call', async () => {
    const user = await createUser(ctx.db);
    const a = await signIn(user);
    const b = await signIn(user);
    const mine = await signIn(user);
    const bystander = await signIn(plain);
    const response = await revoke(mine.token, 'all');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Sessions revoked.' });
    expect(await works(a.token)).toBe(false);
    expect(await works(b.token)).toBe(false);
    expect(await works(mine.token)).toBe(true);
    expect(await works(bystander.token)).toBe(true);
  });

  it("revokes every session of another user with 'manage user sessions', and refuses without it", async () => {
    const target = await createUser(ctx.db);
    const t1 = await signIn(target);
    const t2 = await signIn(target);
    const plainSession = await signIn(plain);
    const managerSession = await signIn(manager);

    const refused = await revoke(plainSession.token, 'all', { user_id: target.id });
    expect(refused.statusCode).toBe(403);
    expect(await works(t1.token)).toBe(true);

    const done = await revoke(managerSession.token, 'all', { user_id: target.id });
    expect(done.json()).toEqual({ message: 'Sessions revoked.' });
    expect(await works(t1.token)).toBe(false);
    expect(await works(t2.token)).toBe(false);
    expect(await works(managerSession.token)).toBe(true);

    expect((await revoke(managerSession.token, 'all', { user_id: 99999999 })).statusCode).toBe(404);
    expect((await revoke(managerSession.token, 'all', { user_id: 'abc' })).statusCode).toBe(422);
  });
});

describe('shadow sessions in the list', () => {
  it("shows a shadow session's creator and end, never its code, and revoking 'all' of the shadowing user ends it", async () => {
    const shadower = await createUser(ctx.db, { name: 'Sam Shadow' });
    const client = await createUser(ctx.db, { type: 'Client', name: 'Carla Client' });
    const shadowerSession = await signIn(shadower);
    const clientSession = await signIn(client);
    const [shadow] = await ctx.db
      .insert(sessions)
      .values({
        userId: client.id,
        accessTokenHash: 'a'.repeat(64),
        accessExpiresAt: sql`now() + interval '30 minutes'`,
        refreshTokenHash: 'b'.repeat(64),
        expiresAt: sql`now() + interval '30 minutes'`,
        shadowedByUserId: shadower.id,
        shadowParentSessionId: shadowerSession.id,
        reAuthCodeHash: 'c'.repeat(64),
        shadowExpiresAt: sql`now() + interval '30 minutes'`,
      })
      .returning({ id: sessions.id, shadowExpiresAt: sessions.shadowExpiresAt });

    const rows = (await list(clientSession.token)).json().data as UserSession[];
    const shadowRow = rows.find((row) => row.id === shadow.id);
    expect(shadowRow?.code).toEqual({
      expires_at: shadow.shadowExpiresAt!.toISOString(),
      creator: { id: shadower.id, name: 'Sam Shadow', shortname: 'Sam' },
    });
    expect(shadowRow?.status).toBe('active');
    expect(JSON.stringify(rows)).not.toContain('c'.repeat(64));
    expect(rows.find((row) => row.id === clientSession.id)?.code).toBeNull();

    await ctx.db
      .update(sessions)
      .set({ shadowExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, shadow.id));
    const ended = ((await list(clientSession.token)).json().data as UserSession[]).find((row) => row.id === shadow.id);
    expect(ended?.status).toBe('expired');

    await ctx.db
      .update(sessions)
      .set({ shadowExpiresAt: sql`now() + interval '30 minutes'` })
      .where(eq(sessions.id, shadow.id));
    const other = await signIn(shadower);
    await revoke(other.token, 'all');
    const [after] = await ctx.db.select({ revoked: sessions.revoked }).from(sessions).where(eq(sessions.id, shadow.id));
    expect(after.revoked).toBe(true);
    expect(await works(clientSession.token)).toBe(true);
  });
});
