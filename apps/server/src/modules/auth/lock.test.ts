import type { TokenResponse } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { users } from '../users/users.table.ts';
import { sessions } from './auth.table.ts';
import { tooManyAttemptsMessage } from './rate-limit.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

let ipCount = 0;
const nextIp = () => {
  ipCount += 1;
  return `10.30.0.${ipCount}`;
};

const lockedBody = { message: 'Account Locked', locked: true };

const lock = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/login/lock', headers: bearer(token) });
const getSession = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) });
const lockedLogin = (payload: object, ip = nextIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/login/locked_login', payload, remoteAddress: ip });
const isLocked = async (sessionId: string) =>
  (await ctx.db.select({ locked: sessions.locked }).from(sessions).where(eq(sessions.id, sessionId)))[0].locked;

describe('POST /api/login/lock', () => {
  it("locks the caller's session, answers 'Account Locked' and tells the user's private channel the token id", async () => {
    const user = await createUser(ctx.db);
    const signedIn = await login(ctx.app, user.email, user.password);
    const emit = vi.spyOn(ctx.app.realtime, 'emitToUser');
    const response = await lock(signedIn.access_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Account Locked' });
    expect(await isLocked(signedIn.token_id)).toBe(true);
    expect(emit).toHaveBeenCalledWith(user.id, 'AccountLocked', { token_id: signedIn.token_id });
    emit.mockRestore();
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/login/lock' })).statusCode).toBe(401);
  });
});

describe('a locked session', () => {
  it('is refused with 423 on every other call, refresh included; other sessions of the user keep working', async () => {
    const user = await createUser(ctx.db);
    const locked = await login(ctx.app, user.email, user.password);
    const other = await login(ctx.app, user.email, user.password);
    await lock(locked.access_token);

    const staticData = await ctx.app.inject({
      method: 'GET',
      url: '/api/misc/staticdata',
      headers: bearer(locked.access_token),
    });
    expect(staticData.statusCode).toBe(423);
    expect(staticData.json()).toEqual(lockedBody);
    const again = await lock(locked.access_token);
    expect(again.statusCode).toBe(423);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/refresh',
      payload: { refresh_token: locked.refresh_token },
    });
    expect(refresh.statusCode).toBe(423);
    expect(refresh.json()).toEqual(lockedBody);

    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/misc/staticdata', headers: bearer(other.access_token) }))
        .statusCode,
    ).toBe(200);
  });

  it('answers GET /api/session with 423 and the name, photo and e-mail for the lock screen', async () => {
    const user = await createUser(ctx.db, { name: 'Monica Reyes' });
    await ctx.db.update(users).set({ photo: 'photos/monica.png' }).where(eq(users.id, user.id));
    const signedIn = await login(ctx.app, user.email, user.password);
    await lock(signedIn.access_token);
    const response = await getSession(signedIn.access_token);
    expect(response.statusCode).toBe(423);
    expect(response.json()).toEqual({
      ...lockedBody,
      user: { name: 'Monica Reyes', photo: 'photos/monica.png', email: user.email },
    });
  });

  it('may log out', async () => {
    const user = await createUser(ctx.db);
    const signedIn = await login(ctx.app, user.email, user.password);
    await lock(signedIn.access_token);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(signedIn.access_token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out.' });
    expect((await getSession(signedIn.access_token)).statusCode).toBe(401);
  });
});

describe('POST /api/login/locked_login', () => {
  async function lockedSession() {
    const user = await createUser(ctx.db);
    const signedIn = await login(ctx.app, user.email, user.password);
    await lock(signedIn.access_token);
    return { user, signedIn };
  }

  it("answers 422 'Invalid password.' for a wrong password and stays locked", async () => {
    const { user, signedIn } = await lockedSession();
    const response = await lockedLogin({
      email: user.email,
      password: 'wrong-password',
      refresh_token: signedIn.refresh_token,
      token_id: signedIn.token_id,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Invalid password.', errors: { password: ['Invalid password.'] } });
    expect(await isLocked(signedIn.token_id)).toBe(true);
  });

  it('unlocks with the password and answers a fresh pair for the same session', async () => {
    const { user, signedIn } = await lockedSession();
    const response = await lockedLogin({
      email: user.email.toUpperCase(),
      password: user.password,
      refresh_token: signedIn.refresh_token,
      token_id: signedIn.token_id,
    });
    expect(response.statusCode).toBe(200);
    const tokens = response.json<TokenResponse>();
    expect(Object.keys(tokens).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_id']);
    expect(tokens.token_id).toBe(signedIn.token_id);
    expect(tokens.access_token).not.toBe(signedIn.access_token);
    expect(tokens.refresh_token).not.toBe(signedIn.refresh_token);
    expect(await isLocked(signedIn.token_id)).toBe(false);

    expect((await getSession(tokens.access_token)).statusCode).toBe(200);
    // The old pair is gone.
    expect((await getSession(signedIn.access_token)).statusCode).toBe(401);
    // The same unlock cannot be replayed with the old refresh token.
    const replay = await lockedLogin({
      email: user.email,
      password: user.password,
      refresh_token: signedIn.refresh_token,
      token_id: signedIn.token_id,
    });
    expect(replay.statusCode).toBe(401);
  });

  it('answers 401 unless token_id, refresh_token and email all belong to the same live session', async () => {
    const { user, signedIn } = await lockedSession();
    const stranger = await createUser(ctx.db);
    const strangerSession = await login(ctx.app, stranger.email, stranger.password);
    const valid = {
      email: user.email,
      password: user.password,
      refresh_token: signedIn.refresh_token,
      token_id: signedIn.token_id,
    };
    for (const payload of [
      { ...valid, refresh_token: strangerSession.refresh_token },
      { ...valid, refresh_token: signedIn.access_token },
      { ...valid, token_id: strangerSession.token_id },
      { ...valid, token_id: '00000000-0000-4000-8000-000000000000' },
      { ...valid, token_id: 'not-a-uuid' },
      { ...valid, email: stranger.email, password: stranger.password },
    ]) {
      const response = await lockedLogin(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
    expect(await isLocked(signedIn.token_id)).toBe(true);

    // Five failures from five addresses refuse nothing. A revoked session cannot be unlocked either.
    expect((await lockedLogin({ ...valid, password: 'wrong-password' })).statusCode).toBe(422);
    await ctx.db.update(sessions).set({ revoked: true }).where(eq(sessions.id, signedIn.token_id));
    expect((await lockedLogin(valid)).statusCode).toBe(401);
  });

  it('is rate limited per account and address: five wrong passwords, then 429 even for the right one', async () => {
    const { user, signedIn } = await lockedSession();
    const payload = { email: user.email, refresh_token: signedIn.refresh_token, token_id: signedIn.token_id };
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await lockedLogin({ ...payload, password: `wrong-${attempt}` }, '10.31.0.1')).statusCode).toBe(422);
    }
    const response = await lockedLogin({ ...payload, password: user.password }, '10.31.0.1');
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: tooManyAttemptsMessage(15) });
    expect(await isLocked(signedIn.token_id)).toBe(true);
    // Someone guessing elsewhere does not keep the owner out.
    expect((await lockedLogin({ ...payload, password: user.password }, '10.31.0.2')).statusCode).toBe(200);
  });

  it('checks at most five of 40 parallel passwords, and the right one sent after them does not unlock', async () => {
    const { user, signedIn } = await lockedSession();
    const payload = { email: user.email, refresh_token: signedIn.refresh_token, token_id: signedIn.token_id };
    const passwords = Array.from({ length: 40 }, (_, i) => `wrong-${i}`).concat(user.password);
    const answers = await Promise.all(passwords.map((password) => lockedLogin({ ...payload, password }, '10.32.0.1')));
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(36);
    expect(await isLocked(signedIn.token_id)).toBe(true);
  });

  it('answers 422 with a message per field for a bad body', async () => {
    const response = await lockedLogin({ email: 'nope' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: ['The email must be a valid email address.'],
      password: ['The password field is required.'],
      refresh_token: ['The refresh token field is required.'],
      token_id: ['The token id field is required.'],
    });
  });
});
