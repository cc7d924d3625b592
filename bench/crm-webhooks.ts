// Budget (designs/crm-softphone.md §6): call-event webhooks at 200/s for 60 s answer in p95 under 30 ms, and the
// event each causes is on the agent's socket in p95 under 100 ms.
// Run: node --import tsx bench/crm-webhooks.ts   (DATABASE_URL to use your own server, in a database of its own that
// is dropped at the end; else an embedded one). BENCH_RATE (200 a second), BENCH_SECONDS (60), BENCH_AGENTS (20),
// BENCH_REDELIVER (every 20th request also redelivers an earlier event), BENCH_CONNECTIONS (32 keep-alive).
//
// The app runs in local mode in this process, so its provider verifies with the double's Ed25519 key, and every body
// is signed by the double's own signWebhook (as its sender does: `timestamp|body`, fresh timestamp per send).
// Agents with a line each hold a Socket.IO connection on their phone channel. Calls exist in 'pending' as the
// browser's POST /api/crm/calls leaves them, each with the signed client_state of a browser-placed call; each call
// then gets call.initiated, call.answered and call.hangup on its far leg one second apart, a fresh event id each, sent
// open-loop at a fixed rate (a late answer never delays the next send). The socket latency runs from just before the
// POST to the matching phone-channel event: CallControlIdUpdated, CallUpdated 'active', CallUpdated with ended_at.
// Redeliveries (same event id, a new signature) are timed apart and must change nothing. Prints p50/p95/max, the
// process's CPU per webhook, and one event's statements alone in PostgreSQL (bench/sql-alone.ts); exits 1 over budget
// or when an event never reaches its socket.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { realtimePath, subscribeEvent, type SubscribeAck } from '@switchboard/shared';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { seedReference } from '../apps/server/src/db/seed/reference.ts';
import { hashPassword } from '../apps/server/src/modules/auth/password.ts';
import { grantPermissions, seedPermissions } from '../apps/server/src/modules/permissions/permissions.service.ts';
import { agentLineDigits } from '../apps/server/src/modules/phone-numbers/phone-numbers.service.ts';
import { WEBHOOK_PATH } from '../apps/server/src/modules/telephony/telephony.ts';
import { openBenchDatabase } from './bench-database.ts';
import { describeRatio, statementsOf, timeAlone } from './sql-alone.ts';

const HTTP_BUDGET_P95_MS = 30;
const SOCKET_BUDGET_P95_MS = 100;
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 20);
const REDELIVER_EVERY = Number(process.env.BENCH_REDELIVER ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARMUP_SECONDS = 3;
const TIMEOUT_MS = 10_000;
const PASSWORD = 'Bench-password-1';
const PHASES = ['call.initiated', 'call.answered', 'call.hangup'] as const;
type Phase = (typeof PHASES)[number];

// Slots are laid out so that a call's three events are one second apart: block b, phase p, call b*RATE + j.
const totalSlots = (WARMUP_SECONDS + SECONDS) * RATE;
const blocks = Math.ceil(totalSlots / (PHASES.length * RATE));
const CALLS = blocks * RATE + 1; // one more for the statements alone

const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-webhooks-'));
const database = await openBenchDatabase({ prefix: 'bench_crmhook', dataDir, embeddedPort: 5499 });
const { db, pool } = createDatabase(database.url);
let failed = false;
try {
  await migrateDatabase(db);
  await seedReference(db);
  await seedPermissions(db);
  const passwordHash = await hashPassword(PASSWORD);
  const agents = (
    await db.execute<{ id: number; email: string }>(sql`insert into users (type, role, name, shortname, email,
      password_hash) select 'Employee', 'user', 'Agent ' || g, 'A' || g, 'agent' || g || '@bench.test', ${passwordHash}
      from generate_series(1, ${AGENTS}) g returning id, email`)
  ).rows.map((row) => ({ id: Number(row.id), email: row.email }));
  await db.execute(sql`insert into employees (user_id) select id from users`);
  for (const agent of agents) await grantPermissions(db, agent.id, ['view crm', 'phone access']);
  await db.execute(sql`insert into agent_phone_numbers (phone_number)
    select '(737) 700-' || lpad(g::text, 4, '0') from generate_series(1, ${AGENTS}) g`);
  await db.execute(sql`insert into agent_settings (user_id, phone_number_id, sip_username, telephony_credential_id,
      connection_id)
    select u.id, n.id, 'agent' || u.rn, 'cred-' || u.rn, 'local-connection'
    from (select id, row_number() over (order by id) rn from users) u
    join (select id, row_number() over (order by id) rn from agent_phone_numbers) n using (rn)`);
  await db.execute(sql`insert into crm_leads (company_name, first_name, phone, email, city, state, status)
    select 'Bench Company ' || g, 'Pat', '(512) 6' || lpad((g / 10000)::text, 2, '0') || '-' || lpad((g % 10000)::text,
      4, '0'), 'lead' || g || '@bench.test', 'Austin', 'TX', 1 from generate_series(1, ${CALLS}) g`);
  const agentIds = agents.map((agent) => agent.id);
  const calls = (
    await db.execute<{ id: number; user_id: number; call_number: string }>(sql`insert into crm_calls (lead_id, user_id,
      direction, status, call_number, call_number_clean)
    select l.id, (${`{${agentIds.join(',')}}`}::int[])[1 + (l.id % ${AGENTS})], 'outgoing', 'pending', l.phone, crm_phone_key(l.phone)
    from crm_leads l order by l.id returning id, user_id, call_number`)
  ).rows.map((row) => ({ id: Number(row.id), userId: Number(row.user_id), number: row.call_number }));
  await db.execute(sql`analyze`);
  console.log(`seeded ${AGENTS} agents with lines and ${calls.length} pending calls`);

  const config = {
    ...loadConfig({ DATA_DIR: dataDir }),
    telephonyProvider: 'local' as const,
    accessTokenTtlMinutes: 600,
    jobsEnabled: false,
  };
  const app = await buildApp({ db, config, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const double = (await app.telephony.localDouble())!;
  const sockets: Socket[] = [];
  // Keep-alive connections as a provider's sender holds them (unbounded fetch opened thousands and was reset).
  const keepAlive = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    // The agent's socket: every phone-channel event resolves the waiter keyed by call and phase.
    const waiters = new Map<string, () => void>();
    const keyOf = (callId: number, phase: Phase) => `${callId}:${phase}`;
    const onPhone = (
      event: string,
      payload: { call_id?: number; id?: number; status?: string; ended_at?: unknown },
    ) => {
      let key: string | null = null;
      if (event === 'CallControlIdUpdated' && payload.call_id) key = keyOf(payload.call_id, 'call.initiated');
      else if (event === 'CallUpdated' && payload.id && payload.ended_at) key = keyOf(payload.id, 'call.hangup');
      else if (event === 'CallUpdated' && payload.id && payload.status === 'active') {
        key = keyOf(payload.id, 'call.answered');
      }
      if (key) waiters.get(key)?.();
    };
    for (const agent of agents) {
      const login = await fetch(`${address}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: agent.email, password: PASSWORD }),
      });
      if (!login.ok) throw new Error(`login ${agent.email}: ${login.status}`);
      const token = ((await login.json()) as { access_token: string }).access_token;
      const channel = (await agentLineDigits(db, agent.id))!;
      const socket = await new Promise<Socket>((resolve, reject) => {
        const made = io(address, { path: realtimePath, auth: { token }, transports: ['websocket'], forceNew: true });
        sockets.push(made);
        made.once('connect_error', reject);
        made.once('connect', () =>
          made.emit(subscribeEvent, channel, (ack: SubscribeAck) =>
            ack.ok ? resolve(made) : reject(new Error(`phone channel refused: ${ack.error}`)),
          ),
        );
      });
      socket.onAny((event: string, payload: unknown) =>
        onPhone(event, (payload ?? {}) as Parameters<typeof onPhone>[1]),
      );
    }

    // Signed before the run, as the browser got it with its call (the key is read once, then cached).
    const states = new Map<number, string>();
    for (const call of calls)
      states.set(call.id, await app.telephony.signClientState({ call_id: call.id, leg: 'sdk' }));
    const bodyOf = (call: (typeof calls)[number], phase: Phase, id: string) =>
      JSON.stringify({
        data: {
          event_type: phase,
          id,
          occurred_at: new Date().toISOString(),
          record_type: 'event',
          payload: {
            call_control_id: `v3:bench-far-${call.id}`,
            call_leg_id: `leg-${call.id}`,
            call_session_id: `session-${call.id}`,
            connection_id: 'local-connection',
            client_state: states.get(call.id),
            from: '+17377000001',
            to: call.number,
            direction: 'outgoing',
            state: phase === 'call.hangup' ? 'hangup' : 'answered',
            ...(phase === 'call.hangup' ? { hangup_cause: 'normal_clearing' } : {}),
          },
        },
        meta: { attempt: 1, delivered_to: 'bench' },
      });
    const url = `${address}${WEBHOOK_PATH}`;
    const post = (body: string) =>
      new Promise<{ message: string }>((resolve, reject) => {
        const sent = request(
          url,
          {
            method: 'POST',
            agent: keepAlive,
            headers: { ...double.signWebhook(body), 'content-type': 'application/json' },
          },
          (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () => {
              const text = Buffer.concat(chunks).toString();
              if (answer.statusCode !== 200) reject(new Error(`webhook: HTTP ${answer.statusCode} ${text}`));
              else resolve(JSON.parse(text) as { message: string });
            });
            answer.on('error', reject);
          },
        );
        sent.on('error', reject);
        sent.end(body);
      });

    /** One event: answers the HTTP time and the time until its socket event (null when it never came). */
    const send = async (call: (typeof calls)[number], phase: Phase) => {
      const body = bodyOf(call, phase, randomUUID());
      const key = keyOf(call.id, phase);
      let timer: NodeJS.Timeout | undefined;
      const t0 = performance.now();
      const arrived = new Promise<number | null>((resolve) => {
        waiters.set(key, () => resolve(performance.now() - t0));
        timer = setTimeout(() => resolve(null), TIMEOUT_MS);
      });
      const answer = await post(body);
      const http = performance.now() - t0;
      if (answer.message !== 'Received.') throw new Error(`event ${key} answered ${answer.message}`);
      const socket = await arrived;
      clearTimeout(timer);
      waiters.delete(key);
      return { http, socket, body };
    };
    const redeliver = async (body: string) => {
      const t0 = performance.now();
      const answer = await post(body.replace('"attempt":1', '"attempt":2'));
      if (answer.message !== 'Already received.') throw new Error(`a redelivery answered ${answer.message}`);
      return performance.now() - t0;
    };

    const http: number[] = [];
    const socket: number[] = [];
    const again: number[] = [];
    const delivered: string[] = [];
    let missed = 0;
    const errors: unknown[] = [];
    const pending: Promise<void>[] = [];
    const warmSlots = WARMUP_SECONDS * RATE;
    const cpu0 = { usage: process.cpuUsage(), at: 0 };
    const load0 = loadavg()[0]!;
    const started = performance.now();
    for (let slot = 0; slot < totalSlots; slot += 1) {
      const due = started + (slot * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      if (slot === warmSlots) cpu0.usage = process.cpuUsage();
      const block = Math.floor(slot / (PHASES.length * RATE));
      const within = slot % (PHASES.length * RATE);
      const call = calls[block * RATE + (within % RATE)]!;
      const phase = PHASES[Math.floor(within / RATE)]!;
      const measured = slot >= warmSlots;
      pending.push(
        send(call, phase).then(
          (result) => {
            if (!measured) return;
            http.push(result.http);
            if (result.socket === null) missed += 1;
            else socket.push(result.socket);
            delivered.push(result.body);
          },
          (error: unknown) => void errors.push(error),
        ),
      );
      if (measured && REDELIVER_EVERY > 0 && slot % REDELIVER_EVERY === 0 && delivered.length > 0) {
        const body = delivered[Math.floor(Math.random() * delivered.length)]!;
        pending.push(
          redeliver(body).then(
            (ms) => void again.push(ms),
            (error: unknown) => void errors.push(error),
          ),
        );
      }
    }
    const sentIn = (performance.now() - started) / 1000;
    await Promise.all(pending);
    const cpu = process.cpuUsage(cpu0.usage);
    const requests = http.length + again.length;
    const load1 = loadavg()[0]!;

    // One more call's hangup alone: its statements in PostgreSQL beside the figures.
    const last = calls.at(-1)!;
    await send(last, 'call.initiated');
    await send(last, 'call.answered');
    const alone = await timeAlone(pool, await statementsOf(() => send(last, 'call.hangup')));

    const report = (label: string, times: number[], budget: number | null) => {
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
      const over = budget !== null && !(at(0.95) <= budget);
      if (over) failed = true;
      console.log(
        `${over ? 'OVER ' : 'ok   '} ${label} (${times.length}): p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms,` +
          ` max ${(times.at(-1) ?? NaN).toFixed(1)} ms${budget === null ? '' : `  budget p95 < ${budget} ms`}`,
      );
      return at(0.95);
    };
    console.log(
      `sent ${totalSlots} events in ${sentIn.toFixed(1)} s (${RATE}/s target, ${WARMUP_SECONDS} s warm-up not counted)` +
        `, load ${load0.toFixed(1)} -> ${load1.toFixed(1)}`,
    );
    const httpP95 = report('webhook POST -> 200', http, HTTP_BUDGET_P95_MS);
    console.log(`        ${describeRatio(alone, httpP95)}`);
    report("webhook POST -> event on the agent's socket", socket, SOCKET_BUDGET_P95_MS);
    report('redelivery POST -> 200 (no-op)', again, null);
    console.log(
      `        process CPU ${((cpu.user + cpu.system) / 1000 / requests).toFixed(2)} ms per webhook` +
        ` (server, client and sockets in this process)`,
    );
    if (errors.length > 0) {
      failed = true;
      const first = errors[0] as Error & { cause?: Error };
      console.log(`OVER  ${errors.length} webhooks failed; the first: ${first.message} ${first.cause?.message ?? ''}`);
    }
    if (missed > 0) {
      failed = true;
      console.log(`OVER  ${missed} events never reached the agent's socket within ${TIMEOUT_MS} ms`);
    }
    const [counts] = (
      await db.execute<{ events: number; ended: number }>(sql`select
        (select count(*)::int from crm_telephony_events) events,
        (select count(*)::int from crm_calls where ended_at is not null) ended`)
    ).rows;
    console.log(`        stored events ${counts!.events}, calls ended ${counts!.ended}`);
  } finally {
    for (const s of sockets) s.disconnect();
    keepAlive.destroy();
    await app.close();
  }
} finally {
  if (!pool.ended) await pool.end().catch(() => undefined);
  await database.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
