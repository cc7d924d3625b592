// Budget (issue 20 "Done when"): a chat message reaches the other member in under 100 ms (p95).
// Run: node --import tsx bench/chat-latency.ts   (DATABASE_URL to use your own server, in a database of its own that
// is dropped at the end; else an embedded one). BENCH_MESSAGES changes the 200 messages.
//
// Two employees, one room. Both hold a Socket.IO connection (websocket, as the web client tries first) subscribed to
// PR_{roomId}. Each round the first sends a message with POST /api/chat/message/send (multipart, as the browser does)
// and the time runs from just before the HTTP call until the second member's socket has its Message.Sent. The two
// clients are tiny and run in this process beside the server. Prints p50 / p95 / max and, beside them, one message's
// statements alone in PostgreSQL with the p95's ratio to them (bench/sql-alone.ts); exits 1 when p95 > 100 ms.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  chatMessageSentEvent,
  chatRoomChannel,
  realtimePath,
  subscribeEvent,
  type ChatMessage,
  type RealtimeMeta,
  type SubscribeAck,
} from '@switchboard/shared';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { seedReference } from '../apps/server/src/db/seed/reference.ts';
import { hashPassword } from '../apps/server/src/modules/auth/password.ts';
import { seedPermissions } from '../apps/server/src/modules/permissions/permissions.service.ts';
import { openBenchDatabase } from './bench-database.ts';
import { describeRatio, statementsOf, timeAlone } from './sql-alone.ts';

const BUDGET_P95_MS = 100;
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200);
const WARMUP = 10;
const TIMEOUT_MS = 5000;
const PASSWORD = 'Bench-password-1';

const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-chat-'));
const database = await openBenchDatabase({ prefix: 'bench_chat', dataDir, embeddedPort: 5497 });
const { db, pool } = createDatabase(database.url);
try {
  await migrateDatabase(db);
  await seedReference(db);
  await seedPermissions(db);
  const passwordHash = await hashPassword(PASSWORD);
  await db.execute(sql`insert into users (type, role, name, shortname, email, password_hash) values
    ('Employee', 'user', 'Ann Sender', 'Ann', 'ann@bench.test', ${passwordHash}),
    ('Employee', 'user', 'Ben Receiver', 'Ben', 'ben@bench.test', ${passwordHash})`);
  await db.execute(sql`insert into employees (user_id) select id from users`);

  const config = { ...loadConfig({ DATA_DIR: dataDir }), accessTokenTtlMinutes: 600 };
  const app = await buildApp({ db, config, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const sockets: Socket[] = [];
  try {
    const signIn = async (email: string) => {
      const response = await fetch(`${address}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      if (!response.ok) throw new Error(`login: HTTP ${response.status}`);
      return ((await response.json()) as { access_token: string }).access_token;
    };
    const [annToken, benToken] = await Promise.all([signIn('ann@bench.test'), signIn('ben@bench.test')]);
    const benId = Number(
      (await db.execute<{ id: number }>(sql`select id from users where email = 'ben@bench.test'`)).rows[0]!.id,
    );
    const created = await fetch(`${address}/api/chat/room/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${annToken}` },
      body: JSON.stringify({ user_id: benId }),
    });
    const roomId = ((await created.json()) as { data: { id: number } }).data.id;
    const channel = chatRoomChannel(roomId);

    const connect = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(address, { path: realtimePath, auth: { token }, transports: ['websocket'], forceNew: true });
        sockets.push(socket);
        socket.once('connect_error', reject);
        socket.once('connect', () =>
          socket.emit(subscribeEvent, channel, (ack: SubscribeAck) =>
            ack.ok ? resolve(socket) : reject(new Error(`subscribe refused: ${ack.error}`)),
          ),
        );
      });
    const [, receiver] = await Promise.all([connect(annToken), connect(benToken)]);

    let waiting: { text: string; arrived: () => void } | null = null;
    receiver.on(chatMessageSentEvent, (message: ChatMessage, meta: RealtimeMeta) => {
      if (meta?.channel === channel && waiting && message.message === waiting.text) waiting.arrived();
    });

    const times: number[] = [];
    const send = async (round: number) => {
      const text = `bench message ${round} ${Math.random().toString(36).slice(2)}`;
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<boolean>((resolve) => {
        waiting = { text, arrived: () => resolve(true) };
        timer = setTimeout(() => resolve(false), TIMEOUT_MS);
      });
      const form = new FormData();
      form.append('room_id', String(roomId));
      form.append('message', text);
      const t0 = performance.now();
      const response = await fetch(`${address}/api/chat/message/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${annToken}` },
        body: form,
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`send: HTTP ${response.status}`);
      const ok = await arrived;
      clearTimeout(timer);
      if (!ok) throw new Error(`message ${round} did not reach the other member within ${TIMEOUT_MS} ms`);
      return performance.now() - t0;
    };
    for (let round = 0; round < WARMUP + MESSAGES; round += 1) {
      const elapsed = await send(round);
      if (round >= WARMUP) times.push(elapsed);
    }
    // Beside the figure, one more message's statements alone in PostgreSQL and the p95's ratio to them
    // (bench/sql-alone.ts).
    const alone = await timeAlone(pool, await statementsOf(() => send(WARMUP + MESSAGES)));

    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    const p95 = at(0.95);
    const over = p95 > BUDGET_P95_MS;
    console.log(
      `${over ? 'OVER ' : 'ok   '} send -> other member has Message.Sent (${MESSAGES} messages): p50 ${at(0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
    );
    console.log(`        ${describeRatio(alone, p95)}`);
    process.exitCode = over ? 1 : 0;
  } finally {
    for (const socket of sockets) socket.disconnect();
    await app.close();
  }
} finally {
  if (!pool.ended) await pool.end();
  await database.stop();
  await rm(dataDir, { recursive: true, force: true });
}
