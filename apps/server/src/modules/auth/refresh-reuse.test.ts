import type { ShadowStartResponse, TokenResponse } from '@switchboard/shared';
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
import { connectSocket, listenForSockets, serverDisconnect } from '../../../test/realtime.ts';
import { sessions } from './auth.table.ts';
import { refreshTokenReuse, retiredRefreshTokens } from './refresh-reuse.table.ts';
import { pruneRetiredRefreshTokens } from './auth.service.ts';
import { hashToken } from './tokens.ts';

// Issue 26 §3 (decision 0076): any refresh token a sign-in rotated away, not only the one just replaced, is known
// when it comes back. Presenting it revokes the whole sign-in (and the shadow sessions opened from it), answers 401,
// and is recorded in refresh_token_reuse. The grace of decision 0026 stays: two tabs refreshing the current token
// at once both get the same new pair.

let ctx: TestContext;
let staff: TestUser;
let ipCount = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createUser(ctx.db, { name: 'Rita Refresh', permissions: ['view dashboard', 'shadow clients'] });
});
afterAll(async () => {
  await ctx.close();
});

const refresh = (refreshToken: string, ip = '10.65.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login/refresh',
    payload: { refresh_token: refreshToken },
    remoteAddress: ip,
    headers: { 'user-agent': 'Reuse Browser/1.0' },
  });
const getSession = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) });
const rotate = async (refreshToken: string) => {
  const response = await refresh(refreshToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TokenResponse>();
};
const revoked = async (sessionId: string) =>
  (await ctx.db.select({ revoked: sessions.revoked }).from(sessions).where(eq(sessions.id, sessionId)))[0]!.revoked;
const reusesOf = (sessionId: string) =>
  ctx.db
    .select({
      userId: refreshTokenReuse.userId,
      ipAddress: refreshTokenReuse.ipAddress,
      userAgent: refreshTokenReuse.userAgent,
      revokedSessions: refreshTokenReuse.revokedSessions,
    })
    .from(refreshTokenReuse)
    .where(eq(refreshTokenReuse.sessionId, sessionId));
const signIn = async () => {
  ipCount += 1;
  return login(ctx.app, staff.email, staff.password);
};

describe('a refresh token rotated away is known however old it is', () => {
  it('the token two rotations back, even within the grace seconds, revokes the sign-in, answers 401 and is recorded', async () => {
    const signedIn = await signIn();
    const second = await rotate(signedIn.refresh_token);
    const third = await rotate(second.refresh_token);

    const reuse = await refresh(signedIn.refresh_token, '203.0.113.9');
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: 'Unauthenticated.' });

    // Every token of the sign-in is dead: the newest pair too.
    expect(await revoked(signedIn.token_id)).toBe(true);
    expect((await getSession(third.access_token)).statusCode).toBe(401);
    expect((await refresh(third.refresh_token)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect((await reusesOf(signedIn.token_id))[0]).toEqual({
      userId: staff.id,
      ipAddress: '203.0.113.9',
      userAgent: 'Reuse Browser/1.0',
      revokedSessions: 1,
    });
  });

  it('any older token of a long chain does the same', async () => {
    const signedIn = await signIn();
    const chain = [signedIn.refresh_token];
    let latest: TokenResponse | null = null;
    for (let n = 0; n < 5; n += 1) {
      latest = await rotate(chain.at(-1)!);
      chain.push(latest.refresh_token);
    }
    expect((await refresh(chain[2]!)).statusCode).toBe(401);
    expect(await revoked(signedIn.token_id)).toBe(true);
    expect((await getSession(latest!.access_token)).statusCode).toBe(401);
    expect(await reusesOf(signedIn.token_id)).toHaveLength(1);
  });

  it('after the grace seconds the previous token does too (and is recorded)', async () => {
    const signedIn = await signIn();
    const next = await rotate(signedIn.refresh_token);
    await ctx.db
      .update(sessions)
      .set({ rotatedAt: sql`now() - interval '11 seconds'` })
      .where(eq(sessions.id, signedIn.token_id));
    expect((await refresh(signedIn.refresh_token)).statusCode).toBe(401);
    expect((await getSession(next.access_token)).statusCode).toBe(401);
    expect(await reusesOf(signedIn.token_id)).toHaveLength(1);
  });

  it('after the sign-in expired, an old token is still known: 401, recorded, and the session marked revoked', async () => {
    const signedIn = await signIn();
    const second = await rotate(signedIn.refresh_token);
    await rotate(second.refresh_token);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 day'` })
      .where(eq(sessions.id, signedIn.token_id));
    expect((await refresh(signedIn.refresh_token)).statusCode).toBe(401);
    expect(await revoked(signedIn.token_id)).toBe(true);
    expect(await reusesOf(signedIn.token_id)).toEqual([expect.objectContaining({ revokedSessions: 1 })]);
    // Presented again, it is recorded again; nothing more is revoked.
    expect((await refresh(signedIn.refresh_token)).statusCode).toBe(401);
    expect((await reusesOf(signedIn.token_id)).map((row) => row.revokedSessions)).toEqual([1, 0]);
  });

  it('the tokens a lock screen unlock replaced are part of the chain', async () => {
    const signedIn = await signIn();
    const lock = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/lock',
      headers: bearer(signedIn.access_token),
    });
    expect(lock.statusCode).toBe(200);
    const unlocked = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/locked_login',
      payload: {
        email: staff.email,
        password: staff.password,
        token_id: signedIn.token_id,
        refresh_token: signedIn.refresh_token,
      },
      remoteAddress: `10.67.0.${ipCount}`,
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const after = unlocked.json<TokenResponse>();
    const next = await rotate(after.refresh_token);
    expect((await refresh(signedIn.refresh_token)).statusCode).toBe(401);
    expect((await getSession(next.access_token)).statusCode).toBe(401);
  });

  it('revokes the shadow sessions opened from that sign-in with it', async () => {
    const client = await createUser(ctx.db, { type: 'Client', permissions: ['view billing'] });
    const signedIn = await signIn();
    const second = await rotate(await rotate(signedIn.refresh_token).then((pair) => pair.refresh_token));
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/shadow',
      payload: { account: client.id },
      headers: bearer(second.access_token),
      remoteAddress: '10.68.0.1',
    });
    expect(started.statusCode, started.body).toBe(200);
    const shadow = started.json<ShadowStartResponse>();
    expect((await getSession(shadow.access_token)).statusCode).toBe(200);

    expect((await refresh(signedIn.refresh_token)).statusCode).toBe(401);
    expect((await getSession(shadow.access_token)).statusCode).toBe(401);
    expect(await revoked(shadow.token_id)).toBe(true);
    expect((await reusesOf(signedIn.token_id))[0]?.revokedSessions).toBe(2);
  });

  it("closes the revoked sign-in's sockets, and only its own", async () => {
    const baseUrl = await listenForSockets(ctx.app);
    const signedIn = await signIn();
    const bystander = await signIn();
    const second = await rotate(await rotate(signedIn.refresh_token).then((pair) => pair.refresh_token));
    const doomed = await connectSocket(baseUrl, second.access_token);
    const kept = await connectSocket(baseUrl, bystander.access_token);
    try {
      const gone = serverDisconnect(doomed);
      expect((await refresh(signedIn.refresh_token)).statusCode).toBe(401);
      expect(await gone).toBe('io server disconnect');
      expect(kept.connected).toBe(true);
    } finally {
      doomed.close();
      kept.close();
    }
  });

  it('an unknown token is a plain 401: nothing revoked, nothing recorded', async () => {
    const signedIn = await signIn();
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(refreshTokenReuse);
    expect((await refresh('z'.repeat(43))).statusCode).toBe(401);
    expect(await ctx.db.select({ n: sql<number>`count(*)::int` }).from(refreshTokenReuse)).toEqual(before);
    expect(await revoked(signedIn.token_id)).toBe(false);
  });
});

describe('the grace for tabs refreshing at once is kept', () => {
  it('parallel refreshes of the current token all get the same new pair; nothing is revoked or recorded', async () => {
    const signedIn = await signIn();
    const current = await rotate(signedIn.refresh_token);
    const answers = await Promise.all([1, 2, 3, 4].map(() => refresh(current.refresh_token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const pairs = answers.map((answer) => answer.json<TokenResponse>());
    for (const pair of pairs)
      expect(pair).toMatchObject({ access_token: pairs[0]!.access_token, refresh_token: pairs[0]!.refresh_token });
    expect(pairs[0]!.refresh_token).not.toBe(current.refresh_token);

    expect(await revoked(signedIn.token_id)).toBe(false);
    expect(await reusesOf(signedIn.token_id)).toEqual([]);
    expect((await getSession(pairs[0]!.access_token)).statusCode).toBe(200);
    // The user carries on: the pair both tabs hold refreshes.
    expect((await refresh(pairs[0]!.refresh_token)).statusCode).toBe(200);
  });

  it('the previous token within the grace seconds answers the same pair again, not a revoke', async () => {
    const signedIn = await signIn();
    const next = await rotate(signedIn.refresh_token);
    const again = await refresh(signedIn.refresh_token);
    expect(again.statusCode).toBe(200);
    expect(again.json<TokenResponse>().refresh_token).toBe(next.refresh_token);
    expect(await revoked(signedIn.token_id)).toBe(false);
    expect(await reusesOf(signedIn.token_id)).toEqual([]);
  });
});

describe('retired tokens', () => {
  it('are kept by hash only, and pruned 30 days after their session ended', async () => {
    const signedIn = await signIn();
    await rotate(signedIn.refresh_token);
    const kept = await ctx.db
      .select()
      .from(retiredRefreshTokens)
      .where(eq(retiredRefreshTokens.sessionId, signedIn.token_id));
    expect(kept.map((row) => row.tokenHash)).toEqual([hashToken(signedIn.refresh_token)]);

    await pruneRetiredRefreshTokens(ctx.db);
    expect(
      await ctx.db.select().from(retiredRefreshTokens).where(eq(retiredRefreshTokens.sessionId, signedIn.token_id)),
    ).toHaveLength(1);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '31 days'` })
      .where(eq(sessions.id, signedIn.token_id));
    await pruneRetiredRefreshTokens(ctx.db);
    expect(
      await ctx.db.select().from(retiredRefreshTokens).where(eq(retiredRefreshTokens.sessionId, signedIn.token_id)),
    ).toEqual([]);
  });
});
