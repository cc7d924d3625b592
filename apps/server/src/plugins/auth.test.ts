import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../modules/auth/auth.table.ts';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../test/helpers.ts';
import { requireAdmin, requireEmployee, requirePermission } from './auth.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.app.get('/api/test/open', { config: { public: true } }, async (request) => ({ auth: request.auth ?? null }));
  ctx.app.get('/api/test/whoami', async (request) => ({
    id: request.auth.user.id,
    permissions: request.auth.permissions,
  }));
  ctx.app.get('/api/test/billing', { onRequest: requirePermission('view billing') }, async () => ({ ok: true }));
  ctx.app.get('/api/test/billing-and-crm', { preHandler: requirePermission('view billing', 'view crm') }, async () => ({
    ok: true,
  }));
  ctx.app.get('/api/test/staff', { onRequest: requireEmployee() }, async () => ({ ok: true }));
  ctx.app.get('/api/test/admin', { onRequest: requireAdmin() }, async () => ({ ok: true }));

  const people = {
    biller: await createUser(ctx.db, { permissions: ['view billing'] }),
    both: await createUser(ctx.db, { permissions: ['view billing', 'view crm'] }),
    plain: await createUser(ctx.db),
    client: await createUser(ctx.db, { type: 'Client', permissions: ['view billing'] }),
    admin: await createUser(ctx.db, { role: 'admin' }),
  };
  for (const [key, user] of Object.entries(people))
    tokens[key] = (await login(ctx.app, user.email, user.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, who?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: who ? bearer(tokens[who]) : {} });

describe('bearer guard', () => {
  it('refuses a protected route without a token, before the handler runs', async () => {
    const response = await get('/api/test/whoami');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('lets a public route through without a token', async () => {
    const response = await get('/api/test/open');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ auth: null });
  });

  it('sets request.auth from the token', async () => {
    const response = await get('/api/test/whoami', 'biller');
    expect(response.statusCode).toBe(200);
    expect(response.json().permissions).toEqual(['view billing']);
  });
});

describe('requirePermission', () => {
  it('answers 403 with the message when the permission is missing, 200 when held', async () => {
    const refused = await get('/api/test/billing', 'plain');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You do not have permission to perform this action.' });
    expect((await get('/api/test/billing', 'biller')).statusCode).toBe(200);
  });

  it('needs every named permission', async () => {
    expect((await get('/api/test/billing-and-crm', 'biller')).statusCode).toBe(403);
    expect((await get('/api/test/billing-and-crm', 'both')).statusCode).toBe(200);
  });

  it('answers 401, not 403, without a token', async () => {
    expect((await get('/api/test/billing')).statusCode).toBe(401);
  });
});

describe('requireEmployee and requireAdmin', () => {
  it('refuses a client account on a staff route', async () => {
    expect((await get('/api/test/staff', 'client')).statusCode).toBe(403);
    expect((await get('/api/test/staff', 'plain')).statusCode).toBe(200);
  });

  it('refuses a non-admin on an admin route', async () => {
    expect((await get('/api/test/admin', 'plain')).statusCode).toBe(403);
    expect((await get('/api/test/admin', 'admin')).statusCode).toBe(200);
  });
});

describe('session cache (decision 0024)', () => {
  let cached: TestContext;
  beforeAll(async () => {
    cached = await createTestContext({ config: { sessionCacheMs: 60_000 } });
  });
  afterAll(async () => {
    await cached.close();
  });
  const session = (token: string) => cached.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) });
  const revokeInDatabase = (tokenId: string) =>
    cached.db.update(sessions).set({ revoked: true }).where(eq(sessions.id, tokenId));

  it('reads a session once per period: a change made outside the app shows after the next write or the period', async () => {
    const user = await createUser(cached.db);
    const signedIn = await login(cached.app, user.email, user.password);
    expect((await session(signedIn.access_token)).statusCode).toBe(200);
    await revokeInDatabase(signedIn.token_id);
    // Another process's change: this one still holds the session it read.
    expect((await session(signedIn.access_token)).statusCode).toBe(200);
    // Any write through this process drops what it holds.
    const other = await createUser(cached.db);
    await login(cached.app, other.email, other.password);
    expect((await session(signedIn.access_token)).statusCode).toBe(401);
  });

  it('refuses a token at once after its sign-out in this process', async () => {
    const user = await createUser(cached.db);
    const signedIn = await login(cached.app, user.email, user.password);
    expect((await session(signedIn.access_token)).statusCode).toBe(200);
    expect(
      (await cached.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(signedIn.access_token) }))
        .statusCode,
    ).toBe(200);
    expect((await session(signedIn.access_token)).statusCode).toBe(401);
  });

  it('reads the session again once the period is over', async () => {
    const short = await createTestContext({ config: { sessionCacheMs: 50 } });
    try {
      const user = await createUser(short.db);
      const signedIn = await login(short.app, user.email, user.password);
      const read = () =>
        short.app.inject({ method: 'GET', url: '/api/session', headers: bearer(signedIn.access_token) });
      expect((await read()).statusCode).toBe(200);
      await short.db.update(sessions).set({ revoked: true }).where(eq(sessions.id, signedIn.token_id));
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect((await read()).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});
