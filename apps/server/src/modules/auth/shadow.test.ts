import type {
  SessionResponse,
  ShadowExtendResponse,
  ShadowStartResponse,
  SignedInResponse,
  TokenResponse,
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
import { clientAccounts } from '../companies/client-accounts.table.ts';
import { companies } from '../companies/companies.table.ts';
import { users } from '../users/users.table.ts';
import { sessions } from './auth.table.ts';
import { shadowAudit } from './shadow.table.ts';

let ctx: TestContext;
let actor: TestUser;
let admin: TestUser;
let client: TestUser;
let employee: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  actor = await createUser(ctx.db, { name: 'Dana Scully', permissions: ['shadow clients', 'view crm'] });
  admin = await createUser(ctx.db, { name: 'Alvin Kersh', role: 'admin', permissions: ['shadow clients'] });
  client = await createUser(ctx.db, { type: 'Client', name: 'Clara Client', permissions: ['view billing'] });
  employee = await createUser(ctx.db, { name: 'Eddie Employee', permissions: ['view dashboard'] });
});
afterAll(async () => {
  await ctx.close();
});

const shadow = (token: string, payload: object, ip = '10.40.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/login/shadow', payload, headers: bearer(token), remoteAddress: ip });
const getSession = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) });
const auditOf = (sessionId: string) =>
  ctx.db.select().from(shadowAudit).where(eq(shadowAudit.sessionId, sessionId)).orderBy(shadowAudit.id);

async function startShadowing(who: TestUser, target: TestUser) {
  const parent = await login(ctx.app, who.email, who.password);
  const response = await shadow(parent.access_token, { account: target.id });
  expect(response.statusCode).toBe(200);
  return { parent, started: response.json<ShadowStartResponse>() };
}

describe('POST /api/login/shadow { account }: who may shadow whom', () => {
  it("needs 'shadow clients'", async () => {
    const plain = await login(ctx.app, employee.email, employee.password);
    const response = await shadow(plain.access_token, { account: client.id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You do not have permission to perform this action.' });
  });

  it('refuses oneself', async () => {
    const signedIn = await login(ctx.app, actor.email, actor.password);
    const response = await shadow(signedIn.access_token, { account: actor.id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You cannot shadow yourself.' });
  });

  it("refuses a company's primary user", async () => {
    const primary = await createUser(ctx.db, { type: 'Client' });
    const [account] = await ctx.db.select().from(clientAccounts).where(eq(clientAccounts.userId, primary.id));
    await ctx.db.update(companies).set({ primaryUserId: primary.id }).where(eq(companies.id, account.companyId));
    const signedIn = await login(ctx.app, actor.email, actor.password);
    const response = await shadow(signedIn.access_token, { account: primary.id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: "You cannot shadow a company's primary user." });
  });

  it('refuses a disabled user', async () => {
    const disabled = await createUser(ctx.db, { type: 'Client', deletedAt: new Date() });
    const signedIn = await login(ctx.app, actor.email, actor.password);
    const response = await shadow(signedIn.access_token, { account: disabled.id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You cannot shadow a disabled user.' });
  });

  it('lets only an administrator shadow an administrator', async () => {
    const otherAdmin = await createUser(ctx.db, { role: 'admin' });
    const signedIn = await login(ctx.app, actor.email, actor.password);
    const refused = await shadow(signedIn.access_token, { account: otherAdmin.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only an administrator can shadow an administrator.' });

    const asAdmin = await login(ctx.app, admin.email, admin.password);
    const allowed = await shadow(asAdmin.access_token, { account: otherAdmin.id });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json<ShadowStartResponse>().user.id).toBe(otherAdmin.id);
  });

  it('answers 404 for an unknown user and 422 without an account', async () => {
    const signedIn = await login(ctx.app, actor.email, actor.password);
    const unknown = await shadow(signedIn.access_token, { account: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found.' });

    const missing = await shadow(signedIn.access_token, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ account: ['The account field is required.'] });
    const junk = await shadow(signedIn.access_token, { account: 'abc' });
    expect(junk.statusCode).toBe(422);
  });

  it('refuses to shadow from inside a shadow session', async () => {
    const { started } = await startShadowing(admin, employee);
    await ctx.db.update(users).set({ role: 'user' }).where(eq(users.id, employee.id));
    const response = await shadow(started.access_token, { account: client.id });
    expect(response.statusCode).toBe(403);
  });
});

describe('shadowing a client account', () => {
  it("answers the target's sign-in, a re-auth code and who shadows, and writes the start to the audit", async () => {
    const { parent, started } = await startShadowing(actor, client);
    expect(Object.keys(started).sort()).toEqual(
      [
        'access_token',
        'agent_settings',
        'expires_in',
        'notifications',
        'permissions',
        're_auth_code',
        'refresh_token',
        'shadow_user',
        'token_id',
        'twofactor',
        'user',
      ].sort(),
    );
    expect(started.user).toMatchObject({ id: client.id, type: 'Client', name: 'Clara Client' });
    expect(started.permissions).toEqual(['view billing']);
    expect(started.shadow_user).toEqual({ id: actor.id, name: 'Dana Scully' });
    expect(started.token_id).not.toBe(parent.token_id);
    expect(started.re_auth_code.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The access token cannot outlive the shadow.
    expect(started.expires_in).toBeGreaterThan(29 * 60);
    expect(started.expires_in).toBeLessThanOrEqual(30 * 60);
    const expiresIn = new Date(started.re_auth_code.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000);

    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, started.token_id));
    expect(row.userId).toBe(client.id);
    expect(row.shadowedByUserId).toBe(actor.id);
    expect(row.shadowParentSessionId).toBe(parent.token_id);
    expect(row.reAuthCodeHash).not.toBe(started.re_auth_code.code);
    expect(row.shadowExpiresAt?.toISOString()).toBe(started.re_auth_code.expires_at);

    const audit = await auditOf(started.token_id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: actor.id,
      targetUserId: client.id,
      action: 'start',
      ipAddress: '10.40.0.1',
    });
    expect(audit[0].createdAt).toBeInstanceOf(Date);
  });

  it('GET /api/session of the shadow session says who shadows and when it ends, never the code', async () => {
    const { started } = await startShadowing(actor, client);
    const response = await getSession(started.access_token);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<SessionResponse>();
    expect(data.user.id).toBe(client.id);
    expect(data.shadowing).toBe(true);
    expect(data.shadow_user).toEqual({ id: actor.id, name: 'Dana Scully' });
    expect(data.re_auth_code).toEqual({ expires_at: started.re_auth_code.expires_at });
    expect(response.body).not.toContain(started.re_auth_code.code);
  });

  it('works for another employee too', async () => {
    const { started } = await startShadowing(actor, employee);
    expect(started.user.id).toBe(employee.id);
    expect(started.permissions).toEqual(['view dashboard']);
  });

  it('extends by 30 minutes with the re-auth code, and writes the extension to the audit', async () => {
    const { started } = await startShadowing(actor, client);
    const wrong = await shadow(started.access_token, { re_auth_code: 'x'.repeat(43), extend: true });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      message: 'The re-authentication code is invalid.',
      errors: { re_auth_code: ['The re-authentication code is invalid.'] },
    });

    const response = await shadow(started.access_token, { re_auth_code: started.re_auth_code.code, extend: true });
    expect(response.statusCode).toBe(200);
    const extended = response.json<ShadowExtendResponse>();
    expect(extended.message).toBe('Shadow session extended.');
    expect(extended.re_auth_code).toEqual({ expires_at: extended.expires_at });
    expect(new Date(extended.expires_at).getTime() - new Date(started.re_auth_code.expires_at).getTime()).toBe(
      30 * 60_000,
    );
    expect(response.body).not.toContain(started.re_auth_code.code);

    // Never more than an hour ahead, however often it is extended.
    const third = (
      await shadow(started.access_token, { re_auth_code: started.re_auth_code.code, extend: 'true' })
    ).json<ShadowExtendResponse>();
    expect(new Date(third.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    expect(new Date(third.expires_at).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);

    const session = (await getSession(started.access_token)).json<SessionResponse>();
    expect(session.data.re_auth_code).toEqual({ expires_at: third.expires_at });
    expect((await auditOf(started.token_id)).map((row) => row.action)).toEqual(['start', 'extend', 'extend']);
  });

  it('ends with the re-auth code: the shadow stops working and the original user is back with fresh tokens', async () => {
    const { parent, started } = await startShadowing(actor, client);
    const response = await shadow(started.access_token, { re_auth_code: started.re_auth_code.code }, '10.40.0.9');
    expect(response.statusCode).toBe(200);
    const restored = response.json<SignedInResponse>();
    expect(restored.user).toMatchObject({ id: actor.id, name: 'Dana Scully' });
    expect(restored.permissions).toEqual(['shadow clients', 'view crm']);
    expect(restored.token_id).toBe(parent.token_id);
    expect(restored.access_token).not.toBe(parent.access_token);
    expect(restored.refresh_token).not.toBe(parent.refresh_token);
    expect(restored.twofactor).toBe(false);

    expect((await getSession(started.access_token)).statusCode).toBe(401);
    expect((await getSession(parent.access_token)).statusCode).toBe(401);
    const me = (await getSession(restored.access_token)).json<SessionResponse>();
    expect(me.data).toMatchObject({ user: { id: actor.id }, shadowing: false, token_id: parent.token_id });
    expect(me.data.shadow_user).toBeUndefined();

    const audit = await auditOf(started.token_id);
    expect(audit.map((row) => row.action)).toEqual(['start', 'end']);
    expect(audit[1]).toMatchObject({ actorUserId: actor.id, targetUserId: client.id, ipAddress: '10.40.0.9' });
  });

  it('refuses the re-auth code from a session that is not a shadow session', async () => {
    const { parent, started } = await startShadowing(actor, client);
    const second = await login(ctx.app, actor.email, actor.password);
    const response = await shadow(second.access_token, { re_auth_code: started.re_auth_code.code });
    expect(response.statusCode).toBe(422);
    expect((await getSession(started.access_token)).statusCode).toBe(200);
    expect(parent.token_id).not.toBe(second.token_id);
  });

  it('ends with 401 when the original session is gone, and the shadow is over all the same', async () => {
    const { parent, started } = await startShadowing(actor, client);
    await ctx.db.update(sessions).set({ revoked: true }).where(eq(sessions.id, parent.token_id));
    const response = await shadow(started.access_token, { re_auth_code: started.re_auth_code.code });
    expect(response.statusCode).toBe(401);
    expect((await getSession(started.access_token)).statusCode).toBe(401);
    expect((await auditOf(started.token_id)).map((row) => row.action)).toEqual(['start', 'end']);
  });

  it('is ended by the server at its expiry: calls and refresh answer 401', async () => {
    const { started } = await startShadowing(actor, client);
    await ctx.db
      .update(sessions)
      .set({ shadowExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, started.token_id));
    expect((await getSession(started.access_token)).statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/refresh',
      payload: { refresh_token: started.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('keeps its end when its tokens are refreshed', async () => {
    const { started } = await startShadowing(actor, client);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/refresh',
      payload: { refresh_token: started.refresh_token },
    });
    expect(refresh.statusCode).toBe(200);
    const tokens = refresh.json<TokenResponse>();
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, started.token_id));
    expect(row.expiresAt.toISOString()).toBe(started.re_auth_code.expires_at);
    expect(row.accessExpiresAt.getTime()).toBeLessThanOrEqual(row.expiresAt.getTime());
    expect((await getSession(tokens.access_token)).json<SessionResponse>().data.shadowing).toBe(true);
  });

  it('logging out of a shadow session signs out the original session too and audits the end', async () => {
    const { parent, started } = await startShadowing(actor, client);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(started.access_token),
    });
    expect(response.statusCode).toBe(200);
    const rows = await ctx.db
      .select({ id: sessions.id, revoked: sessions.revoked })
      .from(sessions)
      .where(sql`${sessions.id} in (${parent.token_id}, ${started.token_id})`);
    expect(rows.every((row) => row.revoked)).toBe(true);
    expect((await auditOf(started.token_id)).map((row) => row.action)).toEqual(['start', 'end']);
  });

  it("cannot change the shadowed account's two-factor", async () => {
    const { started } = await startShadowing(actor, client);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/twofactor/setup',
      headers: bearer(started.access_token),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This is not available while shadowing.' });
  });

  it('locked, shows the lock screen of whoever shadows and unlocks with their password', async () => {
    const client = await createUser(ctx.db, { type: 'Client', password: 'Client-Own-Password' });
    const { started } = await startShadowing(actor, client);
    await ctx.app.inject({ method: 'POST', url: '/api/login/lock', headers: bearer(started.access_token) });
    const locked = await getSession(started.access_token);
    expect(locked.statusCode).toBe(423);
    expect(locked.json().user).toEqual({ name: 'Dana Scully', photo: null, email: actor.email });

    const base = { refresh_token: started.refresh_token, token_id: started.token_id };
    const clientPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/locked_login',
      payload: { ...base, email: client.email, password: client.password },
      remoteAddress: '10.40.1.1',
    });
    expect(clientPassword.statusCode).toBe(422);
    const unlocked = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/locked_login',
      payload: { ...base, email: client.email, password: actor.password },
      remoteAddress: '10.40.1.1',
    });
    expect(unlocked.statusCode).toBe(200);
    const tokens = unlocked.json<TokenResponse>();
    expect((await getSession(tokens.access_token)).json<SessionResponse>().data).toMatchObject({
      user: { id: client.id },
      shadowing: true,
    });
  });
});
