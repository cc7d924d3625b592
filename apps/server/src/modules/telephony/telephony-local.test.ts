import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { agentPhoneNumbers, agentSettings } from '../phone-numbers/phone-numbers.table.ts';

// Local mode (designs/crm-softphone.md §3.4): the double lives in the app, its REST under /_telephony/ and its
// signalling socket at /_telephony/rtc on the app's own port; the session answer points the SDK there.

let ctx: TestContext;
let token: string;
let managerToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ config: { telephonyProvider: 'local', telephonyDoubleSpeed: 20 } });
  const agent = await createUser(ctx.db, { permissions: ['phone access'] });
  const [line] = await ctx.db.insert(agentPhoneNumbers).values({ phoneNumber: '(737) 555-0150' }).returning();
  await ctx.db.insert(agentSettings).values({
    userId: agent.id,
    phoneNumberId: line.id,
    sipUsername: 'carol',
    telephonyCredentialId: 'cred-carol',
    connectionId: 'local-connection',
  });
  token = (await login(ctx.app, agent.email, agent.password)).access_token;
  const manager = await createUser(ctx.db, { permissions: ['view crm', 'manage crm'] });
  managerToken = (await login(ctx.app, manager.email, manager.password)).access_token;
}, 120_000);

/** The answer to a handset page's login on /_telephony/rtc with this token. */
async function handsetLogin(host: string, loginToken: string): Promise<{ result?: unknown; error?: { code: number } }> {
  const ws = new WebSocket(host);
  await once(ws, 'open');
  const reply = new Promise<{ result?: unknown; error?: { code: number } }>((resolve) =>
    ws.on('message', (raw) => resolve(JSON.parse(String(raw)) as { result?: unknown; error?: { code: number } })),
  );
  ws.send(
    JSON.stringify({ jsonrpc: '2.0', id: 'h-1', method: 'login', params: { login_token: loginToken, handset: true } }),
  );
  const answer = await reply;
  ws.close();
  return answer;
}

afterAll(async () => {
  await ctx?.close();
});

describe('local mode', () => {
  it("mounts the double's REST under /_telephony/ (its own key check, Telnyx's error shape)", async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/_telephony/v2/calls', payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0]).toMatchObject({ code: '10009' });
  });

  it('answers a session with the local host and no ICE servers, and the token logs in on /_telephony/rtc', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (ctx.app.server.address() as AddressInfo).port;
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/crm/phone/session',
      headers: { ...bearer(token), host: `127.0.0.1:${port}` },
    });
    expect(session.statusCode, session.body).toBe(200);
    const data = session.json().data;
    expect(data).toMatchObject({ host: `ws://127.0.0.1:${port}/_telephony/rtc`, ice_servers: [], simulated: true });
    const ws = new WebSocket(data.host);
    await once(ws, 'open');
    const reply = new Promise<{ result?: unknown; error?: { code: number } }>((resolve) =>
      ws.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as { id?: unknown; result?: unknown; error?: { code: number } };
        if (message.id === 'login-1' || message.id === 'login-2') resolve(message);
      }),
    );
    ws.send(
      JSON.stringify({ jsonrpc: '2.0', id: 'login-1', method: 'login', params: { login_token: data.login_token } }),
    );
    expect((await reply).result).toMatchObject({ message: 'logged in' });
    ws.close();
    const forged = new WebSocket(data.host);
    await once(forged, 'open');
    const refused = new Promise<{ error?: { code: number } }>((resolve) =>
      forged.on('message', (raw) => resolve(JSON.parse(String(raw)) as { error?: { code: number } })),
    );
    forged.send(JSON.stringify({ jsonrpc: '2.0', id: 'login-2', method: 'login', params: { login_token: 'a.b.c' } }));
    expect((await refused).error?.code).toBe(-32001);
    forged.close();
  });

  it("serves the handset page under the double's own CSP; its login takes 'manage crm'", async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/_telephony/phone', headers: { host: '127.0.0.1:4000' } });
    expect(page.statusCode).toBe(200);
    // one policy only: the app's (no inline scripts) would block the page's script
    const csp = page.headers['content-security-policy'];
    expect(typeof csp).toBe('string');
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(csp))![1];
    expect(page.body).toContain(`<script nonce="${nonce}">`);
    expect(String(csp)).toContain("connect-src 'self' ws://127.0.0.1:4000 wss://127.0.0.1:4000");

    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (ctx.app.server.address() as AddressInfo).port;
    const host = `ws://127.0.0.1:${port}/_telephony/rtc`;
    expect((await handsetLogin(host, managerToken)).result).toMatchObject({ message: 'logged in' });
    expect((await handsetLogin(host, token)).error?.code).toBe(-32001);
    expect((await handsetLogin(host, 'not-a-session')).error?.code).toBe(-32001);
  });

  it("opens /_telephony/control to a session holding 'manage crm' when no control token is set (the demo)", async () => {
    const legs = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/_telephony/control/legs', headers });
    const allowed = await legs(bearer(managerToken));
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(Array.isArray(allowed.json().data)).toBe(true);
    expect((await legs(bearer(token))).statusCode).toBe(403);
    expect((await legs(bearer('not-a-session'))).statusCode).toBe(401);
    expect((await legs({})).statusCode).toBe(401);
  });
});

describe('local mode with TELEPHONY_CONTROL_TOKEN', () => {
  it('takes the token only: a manager session is refused', async () => {
    const tokenCtx = await createTestContext({
      config: {
        telephonyProvider: 'local',
        telephonyDoubleSpeed: 20,
        telephonyControlToken: 'control-token-0123456789',
      },
    });
    try {
      const manager = await createUser(tokenCtx.db, { permissions: ['view crm', 'manage crm'] });
      const session = (await login(tokenCtx.app, manager.email, manager.password)).access_token;
      const legs = (given: string) =>
        tokenCtx.app.inject({ method: 'GET', url: '/_telephony/control/legs', headers: bearer(given) });
      expect((await legs('control-token-0123456789')).statusCode).toBe(200);
      expect((await legs(session)).statusCode).toBe(401);
    } finally {
      await tokenCtx.close();
    }
  }, 120_000);
});

describe('GET /api/crm/telephony', () => {
  it("answers the handset page in local mode to 'manage crm' only", async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/crm/telephony', headers: bearer(managerToken) });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ data: { mode: 'local', handset_url: '/_telephony/phone' } });
    const agent = await ctx.app.inject({ method: 'GET', url: '/api/crm/telephony', headers: bearer(token) });
    expect(agent.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/crm/telephony' })).statusCode).toBe(401);
  });

  it('answers no handset page when telephony is not local', async () => {
    const offCtx = await createTestContext({ config: { telephonyProvider: 'off' } });
    try {
      const manager = await createUser(offCtx.db, { permissions: ['view crm', 'manage crm'] });
      const session = (await login(offCtx.app, manager.email, manager.password)).access_token;
      const answer = await offCtx.app.inject({ method: 'GET', url: '/api/crm/telephony', headers: bearer(session) });
      expect(answer.json()).toEqual({ data: { mode: 'off', handset_url: null } });
    } finally {
      await offCtx.close();
    }
  }, 120_000);
});
