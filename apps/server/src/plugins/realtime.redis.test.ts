// Several server processes share events through Redis (issue 4 part 1). Runs only when REDIS_URL is set
// (CI: redis on 127.0.0.1:6379): two real server processes (`node --import tsx apps/server/src/main.ts`) on
// this file's fresh database, plus the in-process test app, all on the same Redis.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { presenceEvent, type PresencePayload } from '@switchboard/shared';
import type pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, type TestContext, type TestUser } from '../../test/helpers.ts';
import { connectSocket, nextEvent, serverDisconnect, subscribe } from '../../test/realtime.ts';

const redisUrl = process.env.REDIS_URL;
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<void>;
}

async function startServer(databaseUrl: string, dataDir: string): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
      ADMIN_EMAIL: 'redis-admin@example.test',
      ADMIN_PASSWORD: 'Redis-Admin-123',
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).status === 200)
        return { child, baseUrl, output: () => output, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server not healthy within 60 s:\n${output}`);
}

async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  const killed = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await server.exited;
  clearTimeout(killed);
}

async function signIn(baseUrl: string, user: TestUser): Promise<{ token: string; sessionId: string }> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const body = (await response.json()) as { access_token: string; token_id: string };
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(body)}`);
  return { token: body.access_token, sessionId: body.token_id };
}

describe.skipIf(!redisUrl)('realtime across processes through Redis (REDIS_URL)', () => {
  let ctx: TestContext;
  let dataDir: string;
  let serverA: ServerProcess | undefined;
  let serverB: ServerProcess | undefined;
  let alice: TestUser;
  let bob: TestUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    ctx = await createTestContext({ config: { redisUrl } });
    const databaseUrl = (ctx.db as unknown as { $client: pg.Pool }).$client.options.connectionString;
    if (!databaseUrl) throw new Error('the test database has no connection string');
    dataDir = await mkdtemp(join(tmpdir(), 'switchboard-redis-test-'));
    // Alice holds what she grants: nobody hands out permissions they lack (decision 0025).
    alice = await createUser(ctx.db, { name: 'Alice Able', permissions: ['manage employee permissions', 'view crm'] });
    bob = await createUser(ctx.db, { name: 'Bob Baker' });
    [serverA, serverB] = await Promise.all([
      startServer(databaseUrl, join(dataDir, 'a')),
      startServer(databaseUrl, join(dataDir, 'b')),
    ]);
  }, 120_000);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await Promise.all([stopServer(serverA), stopServer(serverB)]);
    await ctx?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function connectTo(server: ServerProcess, token: string): Promise<Socket> {
    const socket = await connectSocket(server.baseUrl, token);
    sockets.push(socket);
    return socket;
  }

  it('delivers an event emitted by process A to a browser connected to process B', async () => {
    const { token } = await signIn(serverA!.baseUrl, bob);
    const onB = await connectTo(serverB!, token);
    const pushed = nextEvent(onB, 'SettingsUpdated');
    const response = await fetch(`${serverA!.baseUrl}/api/profile/settings`, {
      method: 'PUT',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ dark_mode: true }),
    });
    expect(response.status).toBe(200);
    const [payload, meta] = await pushed;
    expect((payload as { settings: { dark_mode: boolean } }).settings.dark_mode).toBe(true);
    expect(meta).toEqual({ channel: `user.${bob.id}` });
  });

  it('delivers PermissionsUpdated from A to B, and app.realtime.emitToChannel from a third process', async () => {
    const managerOnA = await signIn(serverA!.baseUrl, alice);
    const bobOnB = await signIn(serverB!.baseUrl, bob);
    const onB = await connectTo(serverB!, bobOnB.token);
    expect(await subscribe(onB, 'store')).toEqual({ ok: true, channel: 'store' });

    const permissions = nextEvent(onB, 'PermissionsUpdated');
    const response = await fetch(`${serverA!.baseUrl}/api/users/employee/permissions/${bob.id}`, {
      method: 'PUT',
      headers: { ...bearer(managerOnA.token), 'content-type': 'application/json' },
      body: JSON.stringify({ id: bob.id, permissions: ['view crm'] }),
    });
    expect(response.status).toBe(200);
    expect((await permissions)[0]).toEqual({ permissions: ['view crm'] });

    const store = nextEvent(onB, 'CampaignUpdated');
    ctx.app.realtime.emitToChannel('store', 'CampaignUpdated', { id: 12 });
    expect(await store).toEqual([{ id: 12 }, { channel: 'store' }]);
  });

  it('lists presence across processes', async () => {
    const channel = 'ticket_4242';
    const onA = await connectTo(serverA!, (await signIn(serverA!.baseUrl, alice)).token);
    const onB = await connectTo(serverB!, (await signIn(serverB!.baseUrl, bob)).token);
    await subscribe(onA, channel);
    const both = (payload: unknown) => (payload as PresencePayload).users.length === 2;
    const seenOnA = nextEvent<PresencePayload>(onA, presenceEvent, both);
    await subscribe(onB, channel);
    const [payload] = await seenOnA;
    expect(payload.users.map((user) => user.name)).toEqual(['Alice Able', 'Bob Baker']);
  });

  it('disconnects a session’s socket on process B when the session is revoked on process A', async () => {
    const session = await signIn(serverA!.baseUrl, bob);
    const onB = await connectTo(serverB!, session.token);
    const gone = serverDisconnect(onB);
    const logout = await fetch(`${serverA!.baseUrl}/api/logout`, { method: 'POST', headers: bearer(session.token) });
    expect(logout.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });

  // Last: it stops process B.
  it('tells viewers on A that B’s users left when process B shuts down', async () => {
    const channel = 'project_777';
    const onA = await connectTo(serverA!, (await signIn(serverA!.baseUrl, alice)).token);
    const onB = await connectTo(serverB!, (await signIn(serverB!.baseUrl, bob)).token);
    await subscribe(onB, channel);
    const both = nextEvent<PresencePayload>(
      onA,
      presenceEvent,
      (payload) => (payload as PresencePayload).users.length === 2,
    );
    await subscribe(onA, channel);
    await both;
    const aliceAlone = nextEvent<PresencePayload>(
      onA,
      presenceEvent,
      (payload) => (payload as PresencePayload).users.length === 1,
    );
    await stopServer(serverB);
    expect((await aliceAlone)[0].users.map((user) => user.id)).toEqual([alice.id]);
  });
});
