// Two app processes' worth of Hocuspocus share a note through Redis (decision 0040). Runs only when REDIS_URL is set
// (CI: redis on 127.0.0.1:6379): two app instances on one database, a co-editor on each.
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import type { AppInstance } from '../../app-instance.ts';
import { companies } from '../companies/companies.table.ts';
import { tickets } from '../tickets/tickets.table.ts';

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('notes co-editing across processes through Redis', () => {
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

  const connect = (baseUrl: string, name: string, token: string) =>
    new Promise<Y.Doc>((resolve, reject) => {
      const doc = new Y.Doc();
      const websocketProvider = new HocuspocusProviderWebsocket({
        url: `${baseUrl.replace('http', 'ws')}/collab`,
        WebSocketPolyfill: WebSocket,
        maxAttempts: 1,
      });
      const provider = new HocuspocusProvider({
        websocketProvider,
        name,
        document: doc,
        token,
        onSynced: () => resolve(doc),
        onAuthenticationFailed: ({ reason }) => reject(new Error(reason)),
      });
      provider.attach();
      open.push(provider, websocketProvider);
    });

  it('shows an edit made on one process to a co-editor on the other', async () => {
    const [company] = await ctx.db.insert(companies).values({ name: 'Acme Dental' }).returning({ id: companies.id });
    const [ticket] = await ctx.db
      .insert(tickets)
      .values({ subject: 'VPN', body: 'x', companyId: company!.id, location: 1, triageId: 3, status: 2 })
      .returning({ id: tickets.id });
    const user = await createUser(ctx.db);
    const token = (await login(ctx.app, user.email, user.password)).access_token;
    const first = await connect(await ctx.app.listen({ port: 0, host: '127.0.0.1' }), `ticket:${ticket!.id}`, token);
    const second = await connect(await other.listen({ port: 0, host: '127.0.0.1' }), `ticket:${ticket!.id}`, token);

    first.getText('probe').insert(0, 'typed on process one');
    const until = Date.now() + 5000;
    while (second.getText('probe').toString() !== 'typed on process one' && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(second.getText('probe').toString()).toBe('typed on process one');
  });
});
