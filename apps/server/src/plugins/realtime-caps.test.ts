// Issue 25 item 4 (decision 0059): one token held 300 sockets with 150 channels each. Socket.IO connections per user
// and channels per socket are capped from config; past them the client reads why.
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, login, type TestContext } from '../../test/helpers.ts';
import { connectSocket, listenForSockets, subscribe } from '../../test/realtime.ts';
import { loadConfig } from '../config.ts';

let ctx: TestContext;
let baseUrl: string;
const open: Socket[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ config: { realtimeMaxConnectionsPerUser: 3, realtimeMaxChannelsPerSocket: 8 } });
  baseUrl = await listenForSockets(ctx.app);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(async () => {
  await ctx.close();
});

async function tokenOf(name: string): Promise<string> {
  const user = await createUser(ctx.db, { name });
  return (await login(ctx.app, user.email, user.password)).access_token;
}

async function connect(token: string): Promise<Socket> {
  const socket = await connectSocket(baseUrl, token);
  open.push(socket);
  return socket;
}

describe('Socket.IO caps', () => {
  it('refuses a user’s connection past REALTIME_MAX_CONNECTIONS_PER_USER with a connect_error it can read', async () => {
    const user = await createUser(ctx.db, { name: 'Tab Hoarder' });
    const token = (await login(ctx.app, user.email, user.password)).access_token;
    // Another session of the same user counts too: the cap is the user's, not the token's.
    const secondSession = (await login(ctx.app, user.email, user.password)).access_token;
    const held = [await connect(token), await connect(token), await connect(secondSession)];
    await expect(connect(token)).rejects.toThrow('Too many connections.');
    // Someone else is not counted with them.
    await connect(await tokenOf('Other User'));
    held[0]!.close();
    let reconnected = false;
    for (const until = Date.now() + 5000; !reconnected && Date.now() < until;)
      reconnected = await connect(token).then(
        () => true,
        async () => (await new Promise((resolve) => setTimeout(resolve, 50)), false),
      );
    expect(reconnected).toBe(true);
  });

  it('refuses a subscription past REALTIME_MAX_CHANNELS_PER_SOCKET (its own four rooms count)', async () => {
    const socket = await connect(await tokenOf('Channel Collector'));
    for (let id = 1; id <= 4; id++)
      expect(await subscribe(socket, `ticket_${id}`)).toEqual({ ok: true, channel: `ticket_${id}` });
    expect(await subscribe(socket, 'ticket_5')).toEqual({
      ok: false,
      channel: 'ticket_5',
      error: 'Too many channels.',
    });
  });

  it('has defaults well above normal use: 20 connections a user, 200 channels a socket, 30 notes a user', () => {
    const config = loadConfig({});
    expect(config.realtimeMaxConnectionsPerUser).toBe(20);
    expect(config.realtimeMaxChannelsPerSocket).toBe(200);
    expect(config.collabMaxConnectionsPerUser).toBe(30);
    expect(loadConfig({ REALTIME_MAX_CONNECTIONS_PER_USER: '50' }).realtimeMaxConnectionsPerUser).toBe(50);
  });
});
