// Budget (GUIDE "Performance budgets"): an event reaches 500 connected viewers of one ticket in under 100 ms.
// Run: node --import tsx bench/realtime-fanout.ts   (DATABASE_URL to use your own server, in a database of its own
// that is dropped at the end; else an embedded one). BENCH_VIEWERS / BENCH_ROUNDS change the 500 viewers / 20 rounds.
//
// The server runs in this process; the 500 viewers run in a forked child (this same file, argv[2] = 'viewers'),
// so their CPU is not counted inside the server's event loop (they still share this machine's 2 cores). Each
// viewer is its own Socket.IO connection (websocket, as the web client tries first), signed in with the same
// staff token, and subscribes to `ticket_{id}` as apps/web/src/lib/socket.ts does. Each round the child POSTs
// /api/ticket/todo (the server pushes CreateTodo on ticket_{id}) and measures, on its own clock, from just
// before the HTTP call until the LAST viewer has the event. Prints p50 / p95 / max and, beside them, the call's
// statements alone in PostgreSQL with the p95's ratio to them (bench/sql-alone.ts); exits 1 when p95 > 100 ms.
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import {
  presenceEvent,
  realtimePath,
  subscribeEvent,
  ticketChannel,
  type RealtimeMeta,
  type SubscribeAck,
} from '@switchboard/shared';
import { io, type Socket } from 'socket.io-client';

const BUDGET_P95_MS = 100;
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const WARMUP_ROUNDS = 3;
/** Viewers connecting at once while the room fills (each handshake reads the session). */
const CONNECT_BATCH = 50;
const ROUND_TIMEOUT_MS = 10_000;
const PAUSE_BETWEEN_ROUNDS_MS = 250;

/** Sent to the child (argv[3], JSON). */
interface ViewersInput {
  address: string;
  token: string;
  ticketId: number;
  viewers: number;
  rounds: number;
}

interface RoundResult {
  /** From just before the HTTP call to the last viewer's receipt (the budget). */
  last: number;
  /** ... to the first viewer's receipt. */
  first: number;
  /** ... to the HTTP answer. */
  http: number;
  /** Viewers that had the event when the round timed out (= viewers when none was missed). */
  received: number;
}

interface ViewersOutput {
  connectMs: number;
  rounds: RoundResult[];
}

if (process.argv[2] === 'viewers') await runViewers(JSON.parse(process.argv[3]!) as ViewersInput);
else await runServer();

// ---------------------------------------------------------------------------------------------------------------
// Parent: database, seed, app, then the child's numbers.

async function runServer(): Promise<void> {
  // Loaded here only: the child needs none of the server.
  const [
    { mkdtemp, rm },
    { tmpdir },
    { join },
    { sql },
    { openBenchDatabase },
    { buildApp },
    { loadConfig },
    { createDatabase },
    { migrateDatabase },
    { seedReference },
    { hashPassword },
    { seedPermissions },
    { describeRatio, statementsOf, timeAlone },
  ] = await Promise.all([
    import('node:fs/promises'),
    import('node:os'),
    import('node:path'),
    import('drizzle-orm'),
    import('./bench-database.ts'),
    import('../apps/server/src/app.ts'),
    import('../apps/server/src/config.ts'),
    import('../apps/server/src/db/client.ts'),
    import('../apps/server/src/db/migrate.ts'),
    import('../apps/server/src/db/seed/reference.ts'),
    import('../apps/server/src/modules/auth/password.ts'),
    import('../apps/server/src/modules/permissions/permissions.service.ts'),
    // Before the pool connects: it records the statements the app sends (bench/sql-alone.ts).
    import('./sql-alone.ts'),
  ]);

  const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-rt-'));
  const database = await openBenchDatabase({ prefix: 'bench_rt', dataDir, embeddedPort: 5498 });
  const url = database.url;

  const { db, pool } = createDatabase(url);
  try {
    console.log('migrating and seeding: one technician, one company, one ticket…');
    await migrateDatabase(db);
    await seedReference(db);
    await seedPermissions(db);
    const passwordHash = await hashPassword('Bench-password-1');
    await db.execute(sql`insert into users (type, role, name, shortname, email, password_hash)
      values ('Employee', 'admin', 'Tech 1', 'Tech', 'tech1@bench.test', ${passwordHash})`);
    await db.execute(sql`insert into companies (name) values ('Company 1')`);
    await db.execute(sql`insert into sites (company_id, name, city) select id, 'HQ', 'Austin' from companies`);
    const ticketRows = await db.execute<{
      id: number;
    }>(sql`insert into tickets (subject, body, company_id, site_id, employee_id, location, triage_id, status)
      select 'Printer offline', 'Body', c.id, s.id, u.id, 1, 1, 1 from companies c join sites s on s.company_id = c.id cross join users u
      returning id`);
    const ticketId = Number(ticketRows.rows[0]!.id);

    // One token holds every viewer here: the per-user cap (REALTIME_MAX_CONNECTIONS_PER_USER, decision 0059) is lifted.
    const config = {
      ...loadConfig({ DATA_DIR: dataDir }),
      accessTokenTtlMinutes: 600,
      realtimeMaxConnectionsPerUser: VIEWERS + 10,
    };
    const app = await buildApp({ db, config, logger: false });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const login = await fetch(`${address}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'tech1@bench.test', password: 'Bench-password-1' }),
      });
      if (!login.ok) throw new Error(`login: HTTP ${login.status} ${await login.text()}`);
      const { access_token: token } = (await login.json()) as { access_token: string };

      console.log(`connecting ${VIEWERS} viewers of ${ticketChannel(ticketId)} from a child process…`);
      const output = await runChild({ address, token, ticketId, viewers: VIEWERS, rounds: ROUNDS });
      console.log(
        `${VIEWERS} viewers connected and subscribed in ${(output.connectMs / 1000).toFixed(1)} s; ${ROUNDS} rounds (after ${WARMUP_ROUNDS} warm-up rounds)`,
      );

      const missed = output.rounds.filter((round) => round.received < VIEWERS);
      const stat = (label: string, values: number[]) => {
        const times = [...values].sort((a, b) => a - b);
        const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
        return { label, p50: at(0.5), p95: at(0.95), max: times.at(-1)! };
      };
      const line = ({ label, p50, p95, max }: ReturnType<typeof stat>) =>
        `${label}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms`;
      const last = stat(
        `HTTP call -> last of ${VIEWERS} viewers has CreateTodo`,
        output.rounds.map((round) => round.last),
      );
      const over = last.p95 > BUDGET_P95_MS || missed.length > 0;
      console.log(`${over ? 'OVER ' : 'ok   '} ${line(last)}`);
      console.log(
        `      ${line(
          stat(
            'HTTP call -> first viewer has it',
            output.rounds.map((round) => round.first),
          ),
        )}`,
      );
      console.log(
        `      ${line(
          stat(
            'HTTP call -> HTTP answer',
            output.rounds.map((round) => round.http),
          ),
        )}`,
      );
      // Beside the figures, one more call's statements alone in PostgreSQL and the p95's ratio to them.
      const alone = await timeAlone(
        pool,
        await statementsOf(async () => {
          const response = await fetch(`${address}/api/ticket/todo`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ ticket_id: ticketId, description: 'bench: statements alone' }),
          });
          await response.arrayBuffer();
        }),
      );
      const http = stat(
        '',
        output.rounds.map((round) => round.http),
      );
      console.log(
        `        ${describeRatio(alone, last.p95)}; the HTTP answer's p95 = ${(http.p95 / alone.total).toFixed(0)}x that`,
      );
      for (const round of missed)
        console.log(
          `OVER  a round timed out after ${ROUND_TIMEOUT_MS} ms with ${round.received} of ${VIEWERS} viewers reached`,
        );
      process.exitCode = over ? 1 : 0;
    } finally {
      await app.close();
    }
  } finally {
    if (!pool.ended) await pool.end();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function runChild(input: ViewersInput): Promise<ViewersOutput> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url).pathname, ['viewers', JSON.stringify(input)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let output: ViewersOutput | undefined;
    child.on('message', (message) => {
      output = message as ViewersOutput;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      output && code === 0 ? resolve(output) : reject(new Error(`the viewers process exited with ${code}`)),
    );
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Child: the viewers and the rounds, all timed on this process's clock.

async function runViewers(input: ViewersInput): Promise<void> {
  const channel = ticketChannel(input.ticketId);
  const sockets: Socket[] = [];
  /** Per round: the marker the viewers wait for and who has seen it. */
  let waiting: { marker: string; seen: Set<number>; firstAt: number; lastAt: number; done: () => void } | null = null;
  let presenceEvents = 0;

  const connectStarted = performance.now();
  const connectOne = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = io(input.address, {
        path: realtimePath,
        auth: { token: input.token },
        transports: ['websocket'],
        // One connection per viewer: without it socket.io-client shares one Manager (one connection) per URL.
        forceNew: true,
        reconnection: false,
      });
      sockets.push(socket);
      socket.on('CreateTodo', (payload: { todo?: { description?: string } }, meta?: RealtimeMeta) => {
        if (!waiting || meta?.channel !== channel || payload?.todo?.description !== waiting.marker) return;
        if (waiting.seen.has(index)) return;
        const now = performance.now();
        if (waiting.seen.size === 0) waiting.firstAt = now;
        waiting.seen.add(index);
        waiting.lastAt = now;
        if (waiting.seen.size === input.viewers) waiting.done();
      });
      socket.on(presenceEvent, () => {
        presenceEvents += 1;
      });
      socket.once('connect_error', (error) => reject(new Error(`viewer ${index}: ${error.message}`)));
      socket.once('connect', () => {
        socket.emit(subscribeEvent, channel, (ack: SubscribeAck) =>
          ack?.ok
            ? resolve()
            : reject(new Error(`viewer ${index}: subscribe refused (${ack?.ok === false ? ack.error : 'no answer'})`)),
        );
      });
    });
  for (let start = 0; start < input.viewers; start += CONNECT_BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(CONNECT_BATCH, input.viewers - start) }, (_, k) => connectOne(start + k)),
    );
  }
  // Every viewer must be a connection of its own (one engine each), or the fan-out would not be measured.
  const engines = new Set(sockets.map((socket) => socket.io.engine.id)).size;
  if (engines !== input.viewers) throw new Error(`${engines} connections for ${input.viewers} viewers`);
  // Each subscription announces presence to everyone in the room: let that storm settle before timing anything.
  for (let before = -1; before !== presenceEvents;) {
    before = presenceEvents;
    await sleep(500);
  }
  const connectMs = performance.now() - connectStarted;

  const rounds: RoundResult[] = [];
  for (let round = 0; round < WARMUP_ROUNDS + input.rounds; round += 1) {
    const marker = `bench round ${round} ${Math.random().toString(36).slice(2)}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<void>((resolve) => {
      waiting = { marker, seen: new Set(), firstAt: 0, lastAt: 0, done: resolve };
      timer = setTimeout(resolve, ROUND_TIMEOUT_MS);
    });
    const t0 = performance.now();
    const response = await fetch(`${input.address}/api/ticket/todo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${input.token}` },
      body: JSON.stringify({ ticket_id: input.ticketId, description: marker }),
    });
    await response.arrayBuffer();
    const httpAt = performance.now();
    if (!response.ok) throw new Error(`POST /api/ticket/todo: HTTP ${response.status}`);
    await arrived;
    clearTimeout(timer);
    const state = waiting!;
    waiting = null;
    const received = state.seen.size;
    if (round >= WARMUP_ROUNDS) {
      rounds.push({
        last: (received === input.viewers ? state.lastAt : performance.now()) - t0,
        first: (state.firstAt || performance.now()) - t0,
        http: httpAt - t0,
        received,
      });
    }
    await sleep(PAUSE_BETWEEN_ROUNDS_MS);
  }

  for (const socket of sockets) socket.disconnect();
  const output: ViewersOutput = { connectMs, rounds };
  process.send!(output, () => process.exit(0));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
