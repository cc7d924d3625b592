import { randomUUID } from 'node:crypto';
import {
  invalidLoginMessage,
  type SessionResponse,
  type SignedInResponse,
  type TokenResponse,
} from '@switchboard/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { users } from '../users/users.table.ts';
import { authAttempts } from './attempts.table.ts';
import { sessions } from './auth.table.ts';

let ctx: TestContext;
let staff: TestUser;

beforeAll(async () => {
  // These tests change sessions and users in the database directly; plugins/auth.test.ts covers the session cache.
  ctx = await createTestContext({ config: { sessionCacheMs: 0 } });
  staff = await createUser(ctx.db, { name: 'Dana Scully', permissions: ['view dashboard', 'view crm'] });
});
afterAll(async () => {
  await ctx.close();
});

const postLogin = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: payload as object, headers });
const refresh = (refreshToken: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/login/refresh', payload: { refresh_token: refreshToken } });
const getSession = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) });

describe('POST /api/login', () => {
  it('answers tokens, the user, permission names and empty extras, and records the session', async () => {
    const response = await postLogin(
      { email: staff.email.toUpperCase(), password: staff.password },
      { 'user-agent': 'Vitest Browser/1.0' },
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<SignedInResponse>();
    expect(Object.keys(body).sort()).toEqual(
      [
        'access_token',
        'agent_settings',
        'expires_in',
        'notifications',
        'permissions',
        'refresh_token',
        'token_id',
        'twofactor',
        'user',
      ].sort(),
    );
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.refresh_token).not.toBe(body.access_token);
    expect(body.expires_in).toBe(60 * 60);
    // settings (spec 1 §3.2) are the settings module's; their shape is tested there.
    expect(body.user).toEqual({
      id: staff.id,
      type: 'Employee',
      role: 'user',
      name: 'Dana Scully',
      shortname: 'Dana',
      email: staff.email,
      photo: null,
      avatar: null,
      created_at: expect.any(String),
      email_verified_at: null,
      employee: { user_id: staff.id, title: null, region_id: null, phone_number: null, departments: [] },
      settings: expect.any(Object),
    });
    expect(body.permissions).toEqual(['view crm', 'view dashboard']);
    expect(body.notifications).toEqual([]);
    expect(body.agent_settings).toEqual({
      has_settings: false,
      phone_number: null,
      username: null,
      callback_number: null,
      connection_id: null,
    });
    expect(body.twofactor).toBe(false);

    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.id, body.token_id));
    expect(session.userId).toBe(staff.id);
    expect(session.userAgent).toBe('Vitest Browser/1.0');
    expect(session.ipAddress).toBe('127.0.0.1');
    expect(session.revoked).toBe(false);
    // Only hashes are stored, never the tokens themselves.
    expect(session.accessTokenHash).not.toBe(body.access_token);
    expect(session.refreshTokenHash).not.toBe(body.refresh_token);
    expect(session.accessExpiresAt.getTime() - session.createdAt.getTime()).toBeCloseTo(60 * 60 * 1000, -4);
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBeCloseTo(30 * 24 * 60 * 60 * 1000, -4);

    // Nothing secret from the database appears anywhere in the answer.
    const [row] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, staff.id));
    expect(response.body).not.toContain(row.passwordHash);
    expect(response.body).not.toContain(session.accessTokenHash);
    expect(response.body).not.toContain(session.refreshTokenHash);
    expect(response.body).not.toContain(staff.password);
    expect(response.body).not.toMatch(/password|hash/i);
  });

  it.each([
    ['a wrong password', () => ({ email: staff.email, password: 'not-the-password' })],
    ['an unknown e-mail', () => ({ email: 'nobody@example.test', password: staff.password })],
  ])("answers 401 'Invalid email / password.' for %s", async (_case, payload) => {
    const response = await postLogin(payload());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: invalidLoginMessage });
  });

  it("answers 401 'Invalid email / password.' for a disabled user, even with the right password", async () => {
    const disabled = await createUser(ctx.db, { deletedAt: new Date() });
    const response = await postLogin({ email: disabled.email, password: disabled.password });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: invalidLoginMessage });
  });

  it('answers 422 with a message per field for a bad body', async () => {
    const response = await postLogin({ email: 'not-an-email' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        email: ['The email must be a valid email address.'],
        password: ['The password field is required.'],
      },
    });
  });

  it('answers 422 for both fields when there is no body at all', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/login' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { email: ['The email field is required.'], password: ['The password field is required.'] },
    });
  });

  it('accepts the form-encoded login of a plain HTML form', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: staff.email, password: staff.password }).toString(),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('POST /api/login rate limit (issue 3 part 7)', () => {
  it('records every attempt with its IP and outcome', async () => {
    const user = await createUser(ctx.db);
    const from = (ip: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password },
        remoteAddress: ip,
      });
    expect((await from('10.50.0.1', 'wrong-password')).statusCode).toBe(401);
    expect((await from('10.50.0.2', user.password)).statusCode).toBe(200);
    const rows = await ctx.db
      .select({
        kind: authAttempts.kind,
        account: authAttempts.account,
        ip: authAttempts.ipAddress,
        success: authAttempts.success,
      })
      .from(authAttempts)
      .where(eq(authAttempts.account, user.email.toLowerCase()))
      .orderBy(authAttempts.id);
    expect(rows).toEqual([
      { kind: 'login', account: user.email.toLowerCase(), ip: '10.50.0.1', success: false },
      { kind: 'login', account: user.email.toLowerCase(), ip: '10.50.0.2', success: true },
    ]);
  });

  const loginFrom = (ip: string, email: string, password: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip, headers });

  it('answers 429 after five failures for one account from one address, even with the right password', async () => {
    const user = await createUser(ctx.db);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      // The account is compared case-insensitively.
      const email = attempt % 2 ? user.email.toUpperCase() : user.email;
      expect((await loginFrom('10.51.0.1', email, `wrong-${attempt}`)).statusCode).toBe(401);
    }
    const response = await loginFrom('10.51.0.1', user.email, user.password);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: 'Too many attempts. Please try again in 15 minutes.' });
    // Other accounts are not affected.
    expect((await postLogin({ email: staff.email, password: staff.password })).statusCode).toBe(200);
  });

  it('checks at most five of 150 parallel wrong passwords, and the right one sent after them does not sign in', async () => {
    const user = await createUser(ctx.db);
    const burst = Array.from({ length: 150 }, (_, i) => `wrong-${i}`).concat(user.password);
    const answers = await Promise.all(burst.map((password) => loginFrom('10.52.0.1', user.email, password)));
    // Each 401 is one password checked; a 429 checks nothing.
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(146);
    expect(answers.at(-1)?.statusCode).toBe(429);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('refuses an address after 30 failures across accounts (a spray), and only that address', async () => {
    for (let i = 0; i < 30; i += 1)
      expect((await loginFrom('10.53.0.1', `spray${i}@example.test`, 'guess')).statusCode).toBe(401);
    expect((await loginFrom('10.53.0.1', staff.email, staff.password)).statusCode).toBe(429);
    expect((await loginFrom('10.53.0.2', staff.email, staff.password)).statusCode).toBe(200);
  });

  it('lets the owner sign in from their own address while others guess from elsewhere, only slowed', async () => {
    const user = await createUser(ctx.db);
    for (const ip of ['10.54.0.1', '10.54.0.2']) {
      for (let attempt = 1; attempt <= 5; attempt += 1)
        expect((await loginFrom(ip, user.email, 'guess')).statusCode).toBe(401);
      expect((await loginFrom(ip, user.email, user.password)).statusCode).toBe(429);
    }
    // Ten failures from elsewhere: the eleventh attempt on the account waits a second, and gets in.
    const started = Date.now();
    const response = await loginFrom('10.54.0.9', user.email, user.password);
    expect(response.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('answers 422 for a password over 128 characters and 413 for a megabyte one, checking neither', async () => {
    expect((await postLogin({ email: staff.email, password: 'x'.repeat(1024 * 1024) })).statusCode).toBe(413);
    const response = await postLogin({ email: staff.email, password: 'x'.repeat(129) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { password: ['The password may not be greater than 128 characters.'] },
    });
  });
});

describe('TRUST_PROXY', () => {
  // The address the rate limiter saw for a sign-in sent from `remoteAddress` with an X-Forwarded-For header.
  async function recordedAddress(trustProxy: Config['trustProxy'], remoteAddress: string): Promise<string | null> {
    const app = await buildApp({ db: ctx.db, config: { ...ctx.config, trustProxy }, logger: false });
    const email = `proxy-${randomUUID()}@example.test`;
    try {
      const headers = { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' };
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: 'guess' },
        remoteAddress,
        headers,
      });
    } finally {
      await app.close();
    }
    const [row] = await ctx.db
      .select({ ip: authAttempts.ipAddress })
      .from(authAttempts)
      .where(eq(authAttempts.account, email));
    return row.ip;
  }

  it('ignores X-Forwarded-For by default, so a client cannot choose its address', async () => {
    expect(await recordedAddress(false, '10.60.0.1')).toBe('10.60.0.1');
  });

  it('believes the forwarded address only from a listed proxy, or as many hops as configured', async () => {
    expect(await recordedAddress(['10.60.0.0/16'], '10.60.0.1')).toBe('203.0.113.9');
    expect(await recordedAddress(['10.60.0.0/16'], '10.61.0.1')).toBe('10.61.0.1');
    expect(await recordedAddress(1, '10.62.0.1')).toBe('203.0.113.9');
    expect(await recordedAddress(2, '10.62.0.1')).toBe('198.51.100.7');
    expect(await recordedAddress(true, '10.62.0.1')).toBe('198.51.100.7');
  });
});

describe('GET /api/session', () => {
  it('answers who the token belongs to', async () => {
    const signedIn = await login(ctx.app, staff.email, staff.password);
    const response = await getSession(signedIn.access_token);
    expect(response.statusCode).toBe(200);
    expect(response.json<SessionResponse>()).toEqual({
      data: {
        user: signedIn.user,
        permissions: ['view crm', 'view dashboard'],
        notifications: [],
        agent_settings: signedIn.agent_settings,
        token_id: signedIn.token_id,
        shadowing: false,
      },
    });
  });

  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, bearer('x'.repeat(43))]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/session', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('answers 401 once the access token has expired', async () => {
    const signedIn = await login(ctx.app, staff.email, staff.password);
    await ctx.db
      .update(sessions)
      .set({ accessExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, signedIn.token_id));
    const response = await getSession(signedIn.access_token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers 401 once the session itself has expired, and refresh is refused too', async () => {
    const signedIn = await login(ctx.app, staff.email, staff.password);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, signedIn.token_id));
    expect((await getSession(signedIn.access_token)).statusCode).toBe(401);
    expect((await refresh(signedIn.refresh_token)).statusCode).toBe(401);
  });

  it('answers 401 as soon as the user is disabled', async () => {
    const user = await createUser(ctx.db);
    const signedIn = await login(ctx.app, user.email, user.password);
    expect((await getSession(signedIn.access_token)).statusCode).toBe(200);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await getSession(signedIn.access_token)).statusCode).toBe(401);
    expect((await refresh(signedIn.refresh_token)).statusCode).toBe(401);
  });

  it('records activity at most once a minute', async () => {
    const signedIn = await login(ctx.app, staff.email, staff.password);
    const lastActivity = async () =>
      (
        await ctx.db.select({ at: sessions.lastActivity }).from(sessions).where(eq(sessions.id, signedIn.token_id))
      )[0].at.getTime();

    const atLogin = await lastActivity();
    await getSession(signedIn.access_token);
    expect(await lastActivity()).toBe(atLogin);

    await ctx.db
      .update(sessions)
      .set({ lastActivity: sql`now() - interval '2 minutes'` })
      .where(eq(sessions.id, signedIn.token_id));
    const stale = await lastActivity();
    await getSession(signedIn.access_token);
    expect(await lastActivity()).toBeGreaterThan(stale + 60_000);
  });
});

describe('POST /api/login/refresh', () => {
  it('rotates both tokens: the old pair stops working, the new pair works', async () => {
    const signedIn = await login(ctx.app, staff.email, staff.password);
    const response = await refresh(signedIn.refresh_token);
    expect(response.statusCode).toBe(200);
    const tokens = response.json<TokenResponse>();
    expect(Object.keys(tokens).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_id']);
    expect(tokens.token_id).toBe(signedIn.token_id);
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.access_token).not.toBe(signedIn.access_token);
    expect(tokens.refresh_token).not.toBe(signedIn.refresh_token);

    expect((await getSession(signedIn.access_token)).statusCode).toBe(401);
    expect((await getSession(tokens.access_token)).statusCode).toBe(200);

    const again = await refresh(tokens.refresh_token);
    expect(again.statusCode).toBe(200);
  });

  it('answers two parallel refreshes of one token (two tabs) with the same new pair, and the session stays usable', async () => {
    const signedIn = await login(ctx.app, staff.email, staff.password);
    const [first, second] = await Promise.all([refresh(signedIn.refresh_token), refresh(signedIn.refresh_token)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const pair = first.json<TokenResponse>();
    expect(second.json<TokenResponse>()).toMatchObject({
      access_token: pair.access_token,
      refresh_token: pair.refresh_token,
      token_id: signedIn.token_id,
    });
    expect(pair.refresh_token).not.toBe(signedIn.refresh_token);

    // One rotation happened: the pair both tabs hold is the session's current one.
    expect((await getSession(pair.access_token)).statusCode).toBe(200);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(200);
    const [session] = await ctx.db
      .select({ revoked: sessions.revoked })
      .from(sessions)
      .where(eq(sessions.id, signedIn.token_id));
    expect(session.revoked).toBe(false);
  });

  it('keeps only a sealed copy of the repeated pair, which the old token alone opens', async () => {
    const signedIn = await login(ctx.app, staff.email, staff.password);
    const pair = (await refresh(signedIn.refresh_token)).json<TokenResponse>();
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, signedIn.token_id));
    expect(row.rotationGrant).toEqual(expect.any(String));
    for (const secret of [pair.access_token, pair.refresh_token, signedIn.refresh_token])
      expect(JSON.stringify(row)).not.toContain(secret);
    // An attacker who guesses at the old token gets nothing back, and a wrong token is not the grace of any session.
    expect((await refresh(pair.access_token)).statusCode).toBe(401);
    expect((await refresh(signedIn.refresh_token)).json<TokenResponse>().access_token).toBe(pair.access_token);
  });

  it('revokes the session when an already-rotated refresh token is presented again after 10 seconds', async () => {
    const signedIn = await login(ctx.app, staff.email, staff.password);
    const rotated = (await refresh(signedIn.refresh_token)).json<TokenResponse>();
    await ctx.db
      .update(sessions)
      .set({ rotatedAt: sql`now() - interval '11 seconds'` })
      .where(eq(sessions.id, signedIn.token_id));

    const reuse = await refresh(signedIn.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: 'Unauthenticated.' });

    // The thief's reuse also locks out whoever holds the newest pair: the session is gone.
    expect((await getSession(rotated.access_token)).statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    const [session] = await ctx.db
      .select({ revoked: sessions.revoked })
      .from(sessions)
      .where(eq(sessions.id, signedIn.token_id));
    expect(session.revoked).toBe(true);
  });

  it('answers 401 for an unknown refresh token and 422 without one', async () => {
    const unknown = await refresh('y'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/login/refresh', payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ refresh_token: ['The refresh token field is required.'] });
  });

  it('does not accept an access token as a refresh token', async () => {
    const signedIn = await login(ctx.app, staff.email, staff.password);
    expect((await refresh(signedIn.access_token)).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('revokes the session: its access and refresh tokens stop working, other sessions keep working', async () => {
    const first = await login(ctx.app, staff.email, staff.password);
    const second = await login(ctx.app, staff.email, staff.password);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first.access_token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out.' });

    expect((await getSession(first.access_token)).statusCode).toBe(401);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await getSession(second.access_token)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/logout' });
    expect(response.statusCode).toBe(401);
  });
});
