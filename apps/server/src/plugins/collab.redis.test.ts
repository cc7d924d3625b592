// Issue 25 item 1 across processes (decision 0059): a logout on one process closes the session's notes on another at
// once, through the Socket.IO adapter, as its Socket.IO sockets are. Runs only with REDIS_URL (CI: 127.0.0.1:6379).
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import type { AppInstance } from '../app-instance.ts';
import { companies } from '../modules/companies/companies.table.ts';
import { tickets } from '../modules/tickets/tickets.table.ts';

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('/collab revocation across processes through Redis', () => {
  let ctx: TestContext;
  let other: AppInstance;
  const open: { destroy(): void }[] = [];

  beforeAll(async () => {
    ctx = await createTestContext({ config: { redisUrl } });
    other = await buildApp({ db: ctx.db, config: ctx.config, logger: false });
  });
  afterAll(async () => {
    for (const item of open) item.destroy();
    await other?.close();
    await ctx?.close();
  });

  it('closes the notes of a session logged out on the other process at once', async () => {
    const [company] = await ctx.db.insert(companies).values({ name: 'Acme Dental' }).returning({ id: companies.id });
    const [ticket] = await ctx.db
      .insert(tickets)
      .values({ subject: 'VPN', body: 'x', companyId: company!.id, location: 1, triageId: 3, status: 2 })
      .returning({ id: tickets.id });
    const user = await createUser(ctx.db);
    const token = (await login(ctx.app, user.email, user.password)).access_token;
    const baseUrl = await other.listen({ port: 0, host: '127.0.0.1' });
    let closed = false;
    await new Promise<void>((resolve, reject) => {
      const websocketProvider = new HocuspocusProviderWebsocket({
        url: `${baseUrl.replace('http', 'ws')}/collab`,
        WebSocketPolyfill: WebSocket,
        maxAttempts: 1,
        // Stays closed: a retry scheduled now would outlive the test and fail against the closed server.
        onClose: () => {
          closed = true;
          websocketProvider.disconnect();
        },
      });
      const provider = new HocuspocusProvider({
        websocketProvider,
        name: `ticket:${ticket!.id}`,
        document: new Y.Doc(),
        token,
        onSynced: () => resolve(),
        onAuthenticationFailed: ({ reason }) => reject(new Error(reason)),
      });
      provider.attach();
      open.push(provider, websocketProvider);
    });

    const logout = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    // Well before the 30-second re-check.
    const until = Date.now() + 5000;
    while (!closed && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(closed).toBe(true);
    for (const item of open.splice(0)) item.destroy(); // no retry against a server about to close
  });
});
