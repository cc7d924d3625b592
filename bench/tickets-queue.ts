// Budget (GUIDE "Performance budgets"): with 100,000 tickets, 2,000 companies and 1,000,000 check-ins, the ticket
// queue's first page and a ticket's detail answer in p95 under 50 ms at 50 concurrent clients.
// Run: node --import tsx bench/tickets-queue.ts   (DATABASE_URL to use your own server; else an embedded one;
// BENCH_KEEP_DB=1 keeps the seeded database, BENCH_REUSE_URL=<its url> runs against it again without seeding).
// The load comes from wrk when installed (bench/wrk-load.lua), else from a child process (bench/load-client.ts).
// Prints p50 / p95 / max per call; exits 1 over budget.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { openBenchDatabase } from './bench-database.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { seedReference } from '../apps/server/src/db/seed/reference.ts';
import { hashPassword } from '../apps/server/src/modules/auth/password.ts';
import { seedPermissions } from '../apps/server/src/modules/permissions/permissions.service.ts';

const BUDGET_P95_MS = 50;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const REQUESTS_PER_CALL = Number(process.env.BENCH_REQUESTS ?? 2_000);
const WRK_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const COMPANIES = 2_000;
const TICKETS = 100_000;
const CHECK_INS = 1_000_000;
// What an MSP's queue holds: a few dozen kinds of trouble, so a word of a subject matches a few percent of tickets.
const SUBJECTS = [
  'Printer offline on second floor', 'Outlook keeps asking for password', 'VPN disconnects every hour', 'New hire laptop setup',
  'Scanner will not send to e-mail', 'Shared drive mapping missing', 'Phones drop calls after ten minutes', 'Wi-Fi slow in conference room',
  'Backup job failed overnight', 'Firewall blocking payroll site', 'Password reset for front desk', 'Teams camera not detected',
  'Server disk space low', 'QuickBooks will not open company file', 'Monitor flickering', 'Replace failing hard drive',
  'Install Adobe Acrobat', 'Email bouncing from client domain', 'MFA prompt loop', 'Remove departed employee access',
  'Label printer prints blank', 'Calendar not syncing to phone', 'Slow computer at reception', 'Update antivirus definitions',
  'Website SSL certificate expiring', 'Door badge reader offline', 'Spam getting through filter', 'Move workstation to new desk',
  'License renewal for Office', 'Switch port down in closet', 'Camera NVR not recording', 'Printer toner replacement',
  'Cannot print PDFs', 'Domain password expired', 'Mailbox full', 'Install new UPS battery',
  'Network printer needs driver', 'Keyboard and mouse replacement', 'Remote desktop not connecting', 'Windows update stuck',
];

const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-'));
// BENCH_REUSE_URL: a database seeded by an earlier run with BENCH_KEEP_DB=1 (kept for EXPLAIN sessions and reruns).
const reuse = process.env.BENCH_REUSE_URL;
const database = reuse ? null : await openBenchDatabase({ prefix: 'bench', dataDir, embeddedPort: 5499, keep: !!process.env.BENCH_KEEP_DB });
const url = reuse ?? database!.url;

const { db, pool } = createDatabase(url);
try {
  if (!reuse) await seed();
  const config = { ...loadConfig({ DATA_DIR: dataDir }), accessTokenTtlMinutes: 600 };
  const app = await buildApp({ db, config, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // Every client is its own technician, signed in once: 50 users, as the budget says, not one token shared.
  const tokens = await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, 50) }, async (_, i) => {
      const login = await fetch(`${address}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `tech${i + 1}@bench.test`, password: 'Bench-password-1' }),
      });
      return ((await login.json()) as { access_token: string }).access_token;
    }),
  );

  const input = {
    address,
    tokens,
    concurrency: CONCURRENCY,
    requests: REQUESTS_PER_CALL,
    paths: [
      ['queue, first page (open tickets, newest change first)', '/api/ticket?page=1'],
      ['queue, filtered by company', `/api/ticket?page=1&company_id={rand:${COMPANIES}}`],
      ['queue, search', '/api/ticket?page=1&search=printer'],
      ['ticket detail', `/api/ticket/{rand:${TICKETS}}`],
      ['ticket check-ins, first page', `/api/ticket/{rand:${TICKETS}}/checkins?page=1`],
      ['floor: GET /api/health (one select 1)', '/api/health'],
    ].filter(([label]) => !process.env.BENCH_ONLY || label.includes(process.env.BENCH_ONLY)),
  };
  let failed = false;
  for (const { label, p50, p95, max, requests } of await runLoad(input)) {
    const over = p95 > BUDGET_P95_MS;
    failed ||= over;
    console.log(`${over ? 'OVER ' : 'ok   '} ${label}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms (${requests} requests, ${CONCURRENCY} at once)`);
  }
  await app.close();
  process.exitCode = failed ? 1 : 0;
} finally {
  if (!pool.ended) await pool.end();
  await database?.stop();
  await rm(dataDir, { recursive: true, force: true });
}

interface LoadInput {
  address: string;
  tokens: string[];
  concurrency: number;
  requests: number;
  paths: string[][];
}
interface LoadResult {
  label: string;
  p50: number;
  p95: number;
  max: number;
  requests: number;
}

/** Each call's latencies under load: from wrk when it is installed (BENCH_LOADER=node forces bench/load-client.ts). */
async function runLoad(input: LoadInput): Promise<LoadResult[]> {
  const run = promisify(execFile);
  if (process.env.BENCH_LOADER !== 'node' && (await run('wrk', ['-v']).then(() => true, (error: { code?: unknown }) => error.code !== 'ENOENT'))) {
    console.log(`load: wrk, ${WRK_SECONDS} s per call`);
    const results: LoadResult[] = [];
    const script = new URL('./wrk-load.lua', import.meta.url).pathname;
    for (const [label, template] of input.paths) {
      const wrk = (connections: number, seconds: number) =>
        run('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '-s', script, input.address, '--', template!, ...input.tokens], { maxBuffer: 16 * 1024 * 1024 });
      await wrk(input.concurrency, 3); // warm-up: first plans and JIT are not what a user waits for all day
      const summary = JSON.parse((await wrk(input.concurrency, WRK_SECONDS)).stdout.trim().split('\n').at(-1)!) as Omit<LoadResult, 'label'> & { failed: number };
      if (summary.failed > 0) throw new Error(`${label}: ${summary.failed} requests failed`);
      results.push({ label: label!, ...summary });
    }
    return results;
  }
  console.log('load: bench/load-client.ts (install wrk for a lighter load generator)');
  const { stdout } = await run(process.execPath, ['--import', 'tsx', new URL('./load-client.ts', import.meta.url).pathname, JSON.stringify(input)], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return (JSON.parse(stdout) as { label: string; times: number[] }[]).map(({ label, times }) => {
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    return { label, p50: at(0.5), p95: at(0.95), max: times.at(-1)!, requests: times.length };
  });
}

async function seed(): Promise<void> {
  console.log('migrating and seeding reference data…');
  await migrateDatabase(db);
  await seedReference(db);
  await seedPermissions(db);

  console.log(`seeding ${COMPANIES} companies, ${TICKETS} tickets, ${CHECK_INS} check-ins…`);
  const started = performance.now();
  const passwordHash = await hashPassword('Bench-password-1');
  await db.execute(sql`insert into users (type, role, name, shortname, email, password_hash)
    select 'Employee', case when n = 1 then 'admin' else 'user' end, 'Tech ' || n, 'Tech', 'tech' || n || '@bench.test', ${passwordHash}
    from generate_series(1, 50) n`);
  await db.execute(sql`insert into companies (name) select 'Company ' || n from generate_series(1, ${COMPANIES}) n`);
  await db.execute(sql`insert into sites (company_id, name, city) select id, 'HQ', 'Austin' from companies`);
  await db.execute(sql`insert into tickets (subject, body, company_id, site_id, employee_id, location, triage_id, status, created_at, updated_at)
    select (${sql.raw(`array[${SUBJECTS.map((subject) => `'${subject}'`).join(', ')}]`)})[1 + n % ${SUBJECTS.length}] || ' (' || n || ')', 'Body', c.id, s.id, (select id from users order by id limit 1 offset (n % 50)),
           1 + n % 5, 1 + n % 4, 1 + n % 8, now() - (n % 365) * interval '1 day', now() - n * interval '37 seconds'
    from generate_series(1, ${TICKETS}) n
    join companies c on c.id = 1 + n % ${COMPANIES}
    join sites s on s.company_id = c.id`);
  await db.execute(sql`insert into check_ins (user_id, company_id, ticket_id, start_time, end_time, billable)
    select t.employee_id, t.company_id, t.id, t.created_at + (k || ' hours')::interval, t.created_at + (k || ' hours')::interval + interval '45 minutes', k % 5 / 4
    from tickets t cross join generate_series(1, ${CHECK_INS / TICKETS}) k`);
  // As a database in use is: vacuumed (visibility map, hint bits) and analysed, no autovacuum still running.
  await db.execute(sql`vacuum analyze`);
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
