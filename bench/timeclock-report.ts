// Budget (issue 20, "Done when"): the timeclock report for 200 employees over a month answers in p95 under 100 ms at
// 10 concurrent clients. Seeds 200 employees in five time zones with three months of status changes each (about
// 8 a working day, as the demo's timeline: bench/../modules/reports/timeclock-report.demo.ts) and a day of PTO for
// every fourth, then asks for the last full 30 days, as JSON and as CSV.
// Run: node --import tsx bench/timeclock-report.ts   (DATABASE_URL to use your own server; else an embedded one;
// BENCH_KEEP_DB=1 keeps the seeded database, BENCH_REUSE_URL=<its url> runs against it again without seeding;
// BENCH_ONLY=<part of a label> runs only those calls and the floor).
// The load comes from wrk when installed (bench/wrk-load.lua), else from bench/load-client.ts. Prints p50 / p95 /
// max per call, each with its statements alone in PostgreSQL and the p95's ratio to them (bench/sql-alone.ts), and the
// report's one SQL statement timed alone; exits 1 over budget.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, todayInZone } from '@switchboard/shared';
import { sql } from 'drizzle-orm';
import { openBenchDatabase } from './bench-database.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { seedReference } from '../apps/server/src/db/seed/reference.ts';
import { hashPassword } from '../apps/server/src/modules/auth/password.ts';
import { grantPermissions, seedPermissions } from '../apps/server/src/modules/permissions/permissions.service.ts';
import {
  demoTimeclockTimeline,
  insertTimeclockEntries,
  type DemoTimeclockEntry,
} from '../apps/server/src/modules/reports/timeclock-report.demo.ts';
import { keptClosedDaysSql } from '../apps/server/src/modules/reports/timeclock-closed-days-cache.ts';
import {
  getTimeclockReportJson,
  timeclockReportSql,
} from '../apps/server/src/modules/reports/timeclock-report.service.ts';
import { runLoad } from './run-load.ts';
import { describeRatio, sqlAloneOfCalls } from './sql-alone.ts';

const BUDGET_P95_MS = 100;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const REQUESTS_PER_CALL = Number(process.env.BENCH_REQUESTS ?? 500);
const WRK_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 200);
const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'UTC'];

const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-'));
const reuse = process.env.BENCH_REUSE_URL;
const database = reuse
  ? null
  : await openBenchDatabase({ prefix: 'bench_tc', dataDir, embeddedPort: 5498, keep: !!process.env.BENCH_KEEP_DB });
const url = reuse ?? database!.url;
const { db, pool } = createDatabase(url);

// The last 30 full days (yesterday back), in UTC: every zone's month.
const today = todayInZone('UTC');
const end = addDays(today, -1);
const start = addDays(end, -29);

try {
  if (!reuse) await seed();
  const config = { ...loadConfig({ DATA_DIR: dataDir }), accessTokenTtlMinutes: 600 };
  const app = await buildApp({ db, config, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // Each client is its own manager with the report's permissions, signed in once (one at a time: the sign-in limit).
  const tokens: string[] = [];
  for (let i = 0; i < CONCURRENCY; i++) {
    const login = await fetch(`${address}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `employee${i + 1}@bench.test`, password: 'Bench-password-1' }),
    });
    if (!login.ok) throw new Error(`signing in employee${i + 1}: ${login.status} ${await login.text()}`);
    tokens.push(((await login.json()) as { access_token: string }).access_token);
  }

  const first = await fetch(`${address}/api/reports/timeclock/${start}/${end}/`, {
    headers: { authorization: `Bearer ${tokens[0]}` },
  });
  const body = await first.text();
  const report = JSON.parse(body) as { data: { rows: unknown[]; dates: unknown[] } };
  console.log(
    `report ${start} to ${end}: ${report.data.rows.length} rows x ${report.data.dates.length} days, ` +
      `${(body.length / 1024).toFixed(0)} KiB of JSON`,
  );

  const calls: [string, string][] = [
    ['timeclock report, 200 employees, 30 days (JSON)', `/api/reports/timeclock/${start}/${end}/`],
    ['timeclock report, 200 employees, 30 days (CSV)', `/api/reports/timeclock/${start}/${end}/?format=csv`],
    ['timeclock report, 200 employees, this week so far (JSON)', `/api/reports/timeclock/${addDays(end, -6)}/${end}/`],
    ['timeclock report, 200 employees, a week to today (JSON)', `/api/reports/timeclock/${addDays(end, -5)}/${today}/`],
    ['floor: GET /api/health (one select 1)', '/api/health'],
  ];
  const only = process.env.BENCH_ONLY;
  const paths = calls.filter(([label]) => !only || label.includes(only) || label.startsWith('floor'));
  let failed = false;
  const results = await runLoad(
    {
      address,
      tokens,
      concurrency: CONCURRENCY,
      requests: REQUESTS_PER_CALL,
      paths,
    },
    WRK_SECONDS,
  );
  // Beside each figure, the call's statements alone in PostgreSQL and the p95's ratio to them (bench/sql-alone.ts).
  const alone = await sqlAloneOfCalls(pool, address, tokens[0]!, paths);
  for (const { label, p50, p95, max, requests } of results) {
    const over = label.startsWith('timeclock') && p95 > BUDGET_P95_MS;
    failed ||= over;
    console.log(
      `${over ? 'OVER ' : 'ok   '} ${label}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms (${requests} requests, ${CONCURRENCY} at once)`,
    );
    console.log(`        ${describeRatio(alone.get(label)!, p95)}`);
  }
  await timeStatement();
  await timeUncached();
  await app.close();
  process.exitCode = failed ? 1 : 0;
} finally {
  if (!pool.ended) await pool.end();
  await database?.stop();
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * The report's statements alone, one client: through the pool as the app runs them (rows parsed), and timed by
 * PostgreSQL itself (EXPLAIN ANALYZE), medians of 20. The report's statement runs on every call; the kept closed days
 * of everyone (keptClosedDaysSql) only on a process's first call or after a person's version moved (decision 0110).
 */
async function timeStatement(): Promise<void> {
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1]!;
  const { rows: people } = await pool.query<[number, string, string, string, boolean, number, string]>({
    text: timeclockReportSql,
    values: [start, end, new Date()],
    rowMode: 'array',
  });
  const wanted = people.filter((row) => row[5] > 0);
  const statements: [string, string, unknown[]][] = [
    ["the report's statement", timeclockReportSql, [start, end, new Date()]],
    [
      'a miss of everyone: their kept closed days',
      keptClosedDaysSql,
      [start, wanted.map((row) => row[0]), wanted.map((row) => row[3]), wanted.map((row) => row[6])],
    ],
  ];
  for (const [label, text, values] of statements) {
    const roundTrips: number[] = [];
    let rowCount = 0;
    for (let i = 0; i < 25; i++) {
      const t0 = performance.now();
      const result = await pool.query({ text, values, rowMode: 'array' });
      if (i >= 5) roundTrips.push(performance.now() - t0);
      rowCount = result.rows.length;
    }
    const executions: number[] = [];
    for (let i = 0; i < 20; i++) {
      const { rows } = await pool.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
        `explain (analyze, format json) ${text}`,
        values,
      );
      executions.push(rows[0]!['QUERY PLAN'][0]['Execution Time']);
    }
    console.log(
      `     ${label} alone (${rowCount} rows): ${median(roundTrips).toFixed(2)} ms through ` +
        `the pool (rows parsed), execution ${median(executions).toFixed(2)} ms in PostgreSQL (EXPLAIN ANALYZE); ` +
        `medians of 20, one client`,
    );
  }
}

/**
 * The report without HTTP (statement, sums of the open days, JSON), one at a time and 10 at once (in this process,
 * against the same pool of 5), each over 40 requests; the closed days are kept since the first request above.
 */
async function timeUncached(): Promise<void> {
  const one = () => {
    const t0 = performance.now();
    return getTimeclockReportJson(db, { start, end }).then(() => performance.now() - t0);
  };
  const summary = (times: number[]) => {
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms`;
  };
  for (let i = 0; i < 5; i++) await one();
  const sequential: number[] = [];
  for (let i = 0; i < 40; i++) sequential.push(await one());
  const concurrent: number[] = [];
  for (let i = 0; i < 4; i++) concurrent.push(...(await Promise.all(Array.from({ length: CONCURRENCY }, one))));
  console.log(
    `     the report without HTTP: one at a time ${summary(sequential)}; ` +
      `${CONCURRENCY} at once ${summary(concurrent)}`,
  );
}

async function seed(): Promise<void> {
  console.log('migrating and seeding reference data…');
  await migrateDatabase(db);
  await seedReference(db);
  await seedPermissions(db);

  console.log(`seeding ${EMPLOYEES} employees with three months of timeclock…`);
  const started = performance.now();
  const passwordHash = await hashPassword('Bench-password-1');
  await db.execute(sql`insert into users (type, role, name, shortname, email, password_hash)
    select 'Employee', 'user', 'Employee ' || lpad(n::text, 3, '0'), 'Emp' || n, 'employee' || n || '@bench.test', ${passwordHash}
    from generate_series(1, ${EMPLOYEES}) n`);
  await db.execute(sql`insert into employees (user_id, timezone_id)
    select u.id, (select id from timezones where name = (array[${sql.join(
      ZONES.map((zone) => sql`${zone}`),
      sql`, `,
    )}]::text[])[1 + u.id % ${ZONES.length}])
    from users u where u.email like '%@bench.test'`);
  const { rows: people } = await db.execute<{ id: number; timezone: string }>(sql`
    select u.id, coalesce(t.name, 'UTC') as timezone from users u join employees e on e.user_id = u.id
    left join timezones t on t.id = e.timezone_id order by u.id`);
  for (const person of people.slice(0, CONCURRENCY))
    await grantPermissions(db, person.id, ['view reports', 'view timeclock']);

  const now = Date.now();
  const entries: DemoTimeclockEntry[] = [];
  const timeOff: { user_id: number; date: string }[] = [];
  for (const person of people) {
    const to = todayInZone(person.timezone, now);
    const dayOff = addDays(to, -10 - (person.id % 20));
    if (person.id % 4 === 0) timeOff.push({ user_id: person.id, date: dayOff });
    entries.push(
      ...demoTimeclockTimeline({
        userId: person.id,
        timezone: person.timezone,
        from: addDays(to, -91),
        to,
        now,
        daysOff: person.id % 4 === 0 ? new Set([dayOff]) : undefined,
      }),
    );
  }
  await insertTimeclockEntries(db, entries);
  await db.execute(sql`insert into pto_used_hours (user_id, date, hours, bank)
    select (x->>'user_id')::int, (x->>'date')::date, 8, 'Lump Sum' from json_array_elements(${JSON.stringify(timeOff)}::json) x`);
  await db.execute(sql`vacuum analyze`);
  console.log(`seeded ${entries.length} status changes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
