// Budgets (issue 30 "Performance", designs/crm-softphone.md §6): with 500,000 leads, 600,000 contacts, 10 campaigns,
// 60 agents and 2,000,000 calls, at 50 concurrent clients p95 under 50 ms for the leads list's shapes (first page
// with the default status and with All, by campaign and status, an agent's own leads with view_all_leads off, a word
// search, a phone prefix), a lead's detail and a lead's calls; search_contacts (POST, on every ring) p95 under 20 ms;
// the four reports over a month at 10 clients p95 under 200 ms.
// Seeds in SQL (insert ... select generate_series): leads over 10 campaigns owned by the 60 agents, a contact per
// lead and a second one for every fifth, a note per lead, 2,000,000 calls over the last 6 months (about 330,000 in a
// month: 60 agents at a power dialer's pace) with their statuses and dispositions, 20,000 appointments.
// Run: node --import tsx bench/crm-leads.ts   (DATABASE_URL to use your own server; else an embedded one;
// BENCH_KEEP_DB=1 keeps the seeded database, BENCH_REUSE_URL=<its url> runs against it again without seeding;
// BENCH_ONLY picks calls by label; BENCH_SCALE=0.1 seeds a tenth).
// The load comes from wrk when installed (bench/wrk-load.lua), else from bench/load-client.ts; search_contacts is a
// POST, timed by this process's own clients. Prints p50 / p95 / max per call and, beside them, the call's statements
// alone in PostgreSQL with the p95's ratio to them (bench/sql-alone.ts); exits 1 over budget.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { pino } from 'pino';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openBenchDatabase } from './bench-database.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { seedReference } from '../apps/server/src/db/seed/reference.ts';
import { hashPassword } from '../apps/server/src/modules/auth/password.ts';
import { grantPermissions, seedPermissions } from '../apps/server/src/modules/permissions/permissions.service.ts';
import { runLoad, type LoadResult } from './run-load.ts';
import { describeRatio, sqlAloneOfCalls, statementsOf, timeAlone, type SqlAlone } from './sql-alone.ts';

const LIST_BUDGET_P95_MS = 50;
const SEARCH_CONTACTS_BUDGET_P95_MS = 20;
const REPORT_BUDGET_P95_MS = 200;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const SMALL_CONCURRENCY = 10;
const REQUESTS_PER_CALL = Number(process.env.BENCH_REQUESTS ?? 1000);
const WRK_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const LEADS = Math.round(500_000 * SCALE);
const CALLS = Math.round(2_000_000 * SCALE);
const APPOINTMENTS = Math.round(20_000 * SCALE);
const CAMPAIGNS = 10;
const AGENTS = 60;
const MANAGERS = 5;
const CALL_DAYS = 182;
const PASSWORD = 'Bench-password-1';
// Company names: a word from each list, so a word matches about 1 lead in 40.
const WORDS = [
  'Acme',
  'Apex',
  'Atlas',
  'Beacon',
  'Blue',
  'Bright',
  'Cedar',
  'Civic',
  'Coastal',
  'Crown',
  'Delta',
  'Eagle',
  'Echo',
  'Evergreen',
  'Falcon',
  'First',
  'Frontier',
  'Granite',
  'Harbor',
  'Heritage',
  'Horizon',
  'Iron',
  'Keystone',
  'Liberty',
  'Lone',
  'Maple',
  'Metro',
  'Summit',
  'North',
  'Oak',
  'Pacific',
  'Peak',
  'Pioneer',
  'Prairie',
  'Premier',
  'Red',
  'River',
  'Silver',
  'Sterling',
  'Union',
];
const KINDS = ['Dental', 'Legal', 'Clinic', 'Realty', 'Logistics', 'Builders', 'Accounting', 'Motors', 'Foods', 'Labs'];
const only = (label: string) =>
  !process.env.BENCH_ONLY || label.includes(process.env.BENCH_ONLY) || label.startsWith('floor');
/** A whole number written into the statement (a parameter leaves generate_series' type unknown). */
const n = (value: number) => sql.raw(String(Math.trunc(value)));
const textArray = (values: string[]) => sql.raw(`array[${values.map((value) => `'${value}'`).join(', ')}]::text[]`);

const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-'));
const reuse = process.env.BENCH_REUSE_URL;
const database = reuse
  ? null
  : await openBenchDatabase({ prefix: 'bench_crm', dataDir, embeddedPort: 5497, keep: !!process.env.BENCH_KEEP_DB });
const url = reuse ?? database!.url;
const { db, pool } = createDatabase(url);

try {
  if (!reuse) await seed();
  // A kept database gets the migrations added since it was seeded before it is measured.
  else await migrateDatabase(db);
  const config = { ...loadConfig({ DATA_DIR: dataDir }), accessTokenTtlMinutes: 600, jobsEnabled: false };
  // Errors only (a 500 under load is printed with its cause).
  const app = await buildApp({ db, config, logger: pino({ level: 'error' }) });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const signIn = async (email: string) => {
      const login = await fetch(`${address}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      if (!login.ok) throw new Error(`signing in ${email}: ${login.status} ${await login.text()}`);
      return ((await login.json()) as { access_token: string }).access_token;
    };
    // Managers ('manage crm') see every lead; agents see their own (view_all_leads off, the default).
    const managers: string[] = [];
    for (let i = 1; i <= MANAGERS; i++) managers.push(await signIn(`manager${i}@bench.test`));
    const agents: string[] = [];
    for (let i = 1; i <= Math.min(AGENTS, CONCURRENCY); i++) agents.push(await signIn(`agent${i}@bench.test`));

    const f = await facts();
    console.log(
      `data: ${f.leads} leads, ${f.contacts} contacts, ${f.notes} notes, ${f.calls} calls ` +
        `(${f.month_calls} in ${f.month}), ${f.appointments} appointments, ${f.agents} agents, ` +
        `${f.campaigns} campaigns; ` +
        `load average ${(await loadAverage()).join(' ')}`,
    );
    const lead = f.min_lead === 1 ? `{rand:${f.leads}}` : String(f.min_lead + (f.leads >> 1));
    const range = `start=${f.month}-01&end=${f.month_end}`;
    const groups: { paths: [string, string][]; tokens: string[]; concurrency: number; budget: number }[] = [
      {
        concurrency: CONCURRENCY,
        tokens: managers,
        budget: LIST_BUDGET_P95_MS,
        paths: [
          ['floor: GET /api/health (one select 1)', '/api/health'],
          ['leads, first page (default status, Prospect)', '/api/crm/leads'],
          ['leads, first page, All', '/api/crm/leads?status=2'],
          ['leads, by campaign and status', `/api/crm/leads?campaign_id=${f.campaign}&status=3`],
          ['leads, word search', `/api/crm/leads?status=2&q=${f.word}`],
          ['leads, phone prefix', `/api/crm/leads?status=2&q=${f.phone_prefix}`],
          ['lead detail (lead, contacts, last calls and notes)', `/api/crm/leads/${lead}`],
          ["a lead's calls", `/api/crm/leads/${lead}/calls`],
        ],
      },
      {
        concurrency: CONCURRENCY,
        tokens: agents,
        budget: LIST_BUDGET_P95_MS,
        paths: [
          ["leads, an agent's own (view_all_leads off)", '/api/crm/leads'],
          ["leads, an agent's own, All", '/api/crm/leads?status=2'],
        ],
      },
      {
        concurrency: SMALL_CONCURRENCY,
        tokens: managers,
        budget: REPORT_BUDGET_P95_MS,
        paths: [
          ['floor at 10: GET /api/health', '/api/health'],
          [`report calls, ${f.month}`, `/api/crm/reports/calls?${range}`],
          [`report callbreakdown, ${f.month}`, `/api/crm/reports/callbreakdown?${range}`],
          [`report agents, ${f.month}`, `/api/crm/reports/agents?${range}`],
          [`report appointments, ${f.month}`, `/api/crm/reports/appointments?${range}`],
          [`report calls, ${f.month}, one agent`, `/api/crm/reports/calls?${range}&agent=${f.agent}`],
        ],
      },
    ];

    let failed = false;
    let floorP95 = NaN;
    for (const group of groups) {
      const paths = group.paths.filter(([label]) => only(label));
      if (paths.length === 0 || paths.every(([label]) => label.startsWith('floor'))) continue;
      // One load per call, so a call answering errors is reported and the others are still measured.
      const results: LoadResult[] = [];
      for (const path of paths) {
        const load = { address, tokens: group.tokens, concurrency: group.concurrency, requests: REQUESTS_PER_CALL };
        try {
          results.push(...(await runLoad({ ...load, paths: [path] }, WRK_SECONDS)));
        } catch (error) {
          console.log(`OVER  ${(error as Error).message}`);
          failed = true;
        }
      }
      floorP95 = results.find((result) => result.label.startsWith('floor'))?.p95 ?? floorP95;
      await drain();
      const alone = await sqlAloneOfCalls(pool, address, group.tokens[0]!, paths);
      for (const result of results) failed = print(result, group.concurrency, group.budget, floorP95, alone) || failed;
    }
    if (only('search_contacts')) failed = (await timeSearchContacts(address, managers, f, floorP95)) || failed;
    if (failed) process.exitCode = 1;
  } finally {
    await app.close();
  }
} finally {
  if (!pool.ended) await pool.end();
  await database?.stop();
  await rm(dataDir, { recursive: true, force: true });
}

function print(
  { label, p50, p95, max, requests }: LoadResult,
  concurrency: number,
  budget: number,
  floorP95: number,
  alone: Map<string, SqlAlone>,
): boolean {
  const unmeasured = requests === 0 || p95 === 0;
  const over = !label.startsWith('floor') && (p95 > budget || unmeasured);
  if (unmeasured) console.log(`OVER  ${label}: no answer within wrk's 2 s (${concurrency} at once)`);
  else
    console.log(
      `${over ? 'OVER ' : 'ok   '} ${label}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
        `(${(p95 / floorP95).toFixed(2)} x the floor's p95), max ${max.toFixed(1)} ms ` +
        `(${requests} requests, ${concurrency} at once; budget ${budget} ms)`,
    );
  const sqlAlone = alone.get(label);
  if (sqlAlone) console.log(`        ${describeRatio(sqlAlone, p95)}`);
  return over;
}

/** Waits for the server to finish the requests wrk gave up on: the app's pool idle for half a second. */
async function drain(): Promise<void> {
  for (let idle = 0; idle < 10;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    idle = pool.waitingCount === 0 && pool.idleCount === pool.totalCount ? idle + 1 : 0;
  }
}

async function loadAverage(): Promise<string[]> {
  const { loadavg } = await import('node:os');
  return loadavg().map((value) => value.toFixed(1));
}

type Facts = Awaited<ReturnType<typeof facts>>;

async function facts() {
  const { rows } = await pool.query<{
    leads: number;
    min_lead: number;
    contacts: number;
    notes: number;
    calls: number;
    appointments: number;
    agents: number;
    agent: number;
    campaigns: number;
    campaign: number;
    month: string;
    month_end: string;
    month_calls: number;
    word: string;
    phone_prefix: string;
    ring_numbers: string[];
  }>(`with m as (select date_trunc('month', now() - interval '1 month') as start)
    select (select count(*)::int from crm_leads) as leads, (select min(id) from crm_leads) as min_lead,
      (select count(*)::int from crm_lead_contacts) as contacts, (select count(*)::int from crm_lead_notes) as notes,
      (select count(*)::int from crm_calls) as calls, (select count(*)::int from crm_appointments) as appointments,
      (select count(*)::int from users where email like 'agent%@bench.test') as agents,
      (select id from users where email = 'agent1@bench.test') as agent,
      (select count(*)::int from campaigns) as campaigns, (select min(id) from campaigns) as campaign,
      to_char(m.start, 'YYYY-MM') as month,
      to_char(m.start + interval '1 month' - interval '1 day', 'YYYY-MM-DD') as month_end,
      (select count(*)::int from crm_calls where created_at >= m.start and created_at < m.start + interval '1 month')
        as month_calls,
      '${WORDS[7]}' as word,
      (select substr(phone_digits, 1, 6) from crm_leads where phone_digits is not null order by id limit 1)
        as phone_prefix,
      array(select phone_digits from crm_leads where phone_digits is not null order by id desc limit 200)
        as ring_numbers
    from m`);
  return rows[0]!;
}

/** POST /api/crm/search_contacts (a number that rings) at 10 clients, each asking its next number. */
async function timeSearchContacts(address: string, tokens: string[], f: Facts, floorP95: number): Promise<boolean> {
  const ask = async (token: string, digits: string) => {
    const t0 = performance.now();
    const response = await fetch(`${address}/api/crm/search_contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ phone_number: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` }),
    });
    // The answer is a paginator (data.data), as the softphone reads it.
    const body = (await response.json()) as { data?: { data?: unknown[] } };
    if (!response.ok || !body.data?.data?.length) throw new Error(`search_contacts ${digits}: HTTP ${response.status}`);
    return performance.now() - t0;
  };
  const numbers = f.ring_numbers;
  const alone = await timeAlone(pool, await statementsOf(() => ask(tokens[0]!, numbers[0]!)), 20);
  let failed = false;
  for (const concurrency of [1, SMALL_CONCURRENCY]) {
    for (let i = 0; i < 50; i++) await ask(tokens[0]!, numbers[i % numbers.length]!);
    const times: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async (_, client) => {
        for (let i = next++; i < 1000; i = next++) {
          times.push(await ask(tokens[client % tokens.length]!, numbers[i % numbers.length]!));
        }
      }),
    );
    const sorted = times.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    const over = at(0.95) > SEARCH_CONTACTS_BUDGET_P95_MS;
    failed ||= over;
    console.log(
      `${over ? 'OVER ' : 'ok   '} search_contacts (POST, a lead's number): p50 ${at(0.5).toFixed(1)} ms, ` +
        `p95 ${at(0.95).toFixed(1)} ms (${(at(0.95) / floorP95).toFixed(2)} x the last floor's p95), ` +
        `max ${sorted.at(-1)!.toFixed(1)} ms (${times.length} requests, ${concurrency} at once; ` +
        `budget ${SEARCH_CONTACTS_BUDGET_P95_MS} ms)`,
    );
    console.log(`        ${describeRatio(alone, at(0.95))}`);
  }
  return failed;
}

async function seed(): Promise<void> {
  console.log('migrating and seeding reference data…');
  await migrateDatabase(db);
  await seedReference(db);
  await seedPermissions(db);
  const started = performance.now();
  const step = async (what: string, work: () => Promise<unknown>) => {
    const t0 = performance.now();
    await work();
    console.log(`  ${what}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  console.log(`seeding ${LEADS} leads, ${CALLS} calls…`);
  const passwordHash = await hashPassword(PASSWORD);
  await step('agents, managers and campaigns', async () => {
    await db.execute(sql`insert into users (type, role, name, shortname, email, password_hash)
      select 'Employee', 'user', 'Agent ' || lpad(n::text, 2, '0'), 'Agent' || n, 'agent' || n || '@bench.test',
        ${passwordHash}
      from generate_series(1, ${n(AGENTS)}) n
      union all
      select 'Employee', 'user', 'Manager ' || n, 'Mgr' || n, 'manager' || n || '@bench.test', ${passwordHash}
      from generate_series(1, ${n(MANAGERS)}) n`);
    await db.execute(sql`insert into employees (user_id)
      select id from users where email like 'agent%@bench.test' or email like 'manager%@bench.test'`);
    const { rows } = await db.execute<{ id: number; email: string }>(
      sql`select id, email from users where email like '%@bench.test' order by id`,
    );
    for (const user of rows) {
      const manager = user.email.startsWith('manager') ? ['manage crm'] : [];
      await grantPermissions(db, user.id, ['view crm', 'phone access', 'view crm reports', ...manager]);
    }
    await db.execute(sql`insert into campaigns (campaign_name, status)
      select 'Bench campaign ' || n, case when n <= 8 then 1 else 0 end
      from generate_series(1, ${n(CAMPAIGNS)} - (select count(*)::int from campaigns)) n`);
  });
  // Bulk loading: one connection with triggers off (session_replication_role: no row triggers, no foreign key
  // checks; needs a superuser) and the tables' plain indexes dropped, built again at the end in one pass each; the
  // triggers' tables (crm_lead_counts, the reports' rollups) are then filled in one statement each.
  const seeder = await pool.connect();
  const dialect = new PgDialect();
  const run = (statement: SQL) => {
    const query = dialect.sqlToQuery(statement);
    return seeder.query(query.sql, query.params);
  };
  await seeder.query(`set session_replication_role = replica; set maintenance_work_mem = '256MB';
    set synchronous_commit = off`);
  const { rows: indexes } = await seeder.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes i
     where schemaname = 'public' and tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [['crm_leads', 'crm_lead_contacts', 'crm_lead_notes', 'crm_calls', 'crm_appointments']],
  );
  for (const index of indexes) await seeder.query(`drop index ${index.indexname}`);
  try {
    // The 60 agents by their number (1..60), and the campaigns, regions, verticals and states as arrays to pick from.
    const agentIds = sql.raw(`(select array_agg(id order by id) from users where email like 'agent%@bench.test')`);
    await step('leads (one statement)', async () => {
      await run(sql`insert into crm_leads (company_name, first_name, last_name, title, phone, mobile, email,
        address, city, state, zip, region_id, industry_id, campaign_id, status, next_touch, manager_id, created_at)
      select w.word || ' ' || k.kind || ' ' || g, 'Pat' || (g % 997), 'Lee' || (g % 1009), 'Owner',
        '(' || (200 + g % 700) || ') ' || (200 + (g / 700) % 800) || '-' || lpad((g % 10000)::text, 4, '0'),
        case when g % 3 = 0 then '(' || (300 + g % 600) || ') 555-' || lpad((g % 10000)::text, 4, '0') end,
        'lead' || g || '@bench' || (g % 50) || '.test', g || ' Main St', 'Springfield',
        s.codes[1 + g % array_length(s.codes, 1)], lpad((g % 99999)::text, 5, '0'),
        r.ids[1 + g % array_length(r.ids, 1)], i.ids[1 + g % array_length(i.ids, 1)],
        c.ids[1 + g % array_length(c.ids, 1)],
        (array[1, 1, 1, 1, 1, 1, 0, 3, 5, 9])[1 + (g / 7) % 10],
        case when g % 10 <> 0 then current_date + ((g * 7) % 120) - 60 end,
        a.ids[1 + g % ${n(AGENTS)}], now() - ((g % 700) || ' days')::interval
      from generate_series(1, ${n(LEADS)}) g
      cross join ${agentIds} as a(ids)
      cross join (select array_agg(code order by code) from states) as s(codes)
      cross join (select array_agg(id order by id) from regions) as r(ids)
      cross join (select array_agg(id order by id) from industries where parent_id <> 0) as i(ids)
      cross join (select array_agg(id order by id) from campaigns) as c(ids)
      cross join lateral (select (${textArray(WORDS)})[1 + g % ${n(WORDS.length)}] as word) w
      cross join lateral (select (${textArray(KINDS)})[1 + (g / ${n(WORDS.length)}) % ${n(KINDS.length)}] as kind) k`);
    });
    await step('contacts (one per lead, a second for every fifth)', async () => {
      await run(sql`insert into crm_lead_contacts (lead_id, first_name, last_name, title, phone, email, is_primary)
      select l.id, 'Sam' || (l.id % 991), 'Roe' || (l.id % 983), 'Office Manager',
        '(' || (210 + l.id % 690) || ') ' || (300 + (l.id / 690) % 700) || '-' || lpad((l.id % 10000)::text, 4, '0'),
        'contact' || l.id || '@bench.test', true
      from crm_leads l`);
      await run(sql`insert into crm_lead_contacts (lead_id, first_name, last_name, phone, is_primary)
      select l.id, 'Alex' || (l.id % 97), 'Fox',
        '(' || (220 + l.id % 680) || ') 777-' || lpad((l.id % 10000)::text, 4, '0'),
        false
      from crm_leads l where l.id % 5 = 0`);
    });
    await step('notes (one per lead)', () =>
      run(sql`insert into crm_lead_notes (lead_id, user_id, body, created_at)
      select l.id, l.manager_id, '<p>Spoke with the office manager about their ' || l.id || ' seats.</p>',
        now() - ((l.id % 170) || ' days')::interval
      from crm_leads l`),
    );
    // Statuses and dispositions of a dialer's day: most calls are not answered; each gets the disposition its outcome
    // suggests (an answered call one of five).
    await step(`calls (${CALLS}, over ${CALL_DAYS} days, in 4 statements)`, async () => {
      const parts = 4;
      for (let part = 0; part < parts; part++) {
        const from = Math.floor((CALLS * part) / parts) + 1;
        const to = Math.floor((CALLS * (part + 1)) / parts);
        await run(sql`insert into crm_calls (lead_id, user_id, direction, status, call_number, call_number_clean,
          disposition, started_at, answered_at, ended_at, duration_seconds, created_at, updated_at)
        select x.lead_id, x.user_id, x.direction, x.status, x.number, x.digits,
          case x.status
            when 'completed' then (array['connected', 'connected', 'connected', 'appointment_set', 'not_interested',
                                         'bad_number', 'do_not_call'])[1 + (x.g / 3) % 7]
            when 'voicemail' then 'left_voicemail' when 'no_answer' then 'no_answer' when 'busy' then 'busy' end,
          x.at, case when x.status in ('completed', 'transferred') then x.at + interval '12 seconds' end,
          x.at + ((20 + x.g % 400) || ' seconds')::interval,
          case when x.status in ('completed', 'transferred') then 8 + x.g % 390 else 0 end, x.at, x.at
        from (
          select g, 1 + (g::bigint * 7919) % ${n(LEADS)} as lead_id, a.ids[1 + g % ${n(AGENTS)}] as user_id,
            case when g % 10 = 0 then 'incoming' else 'outgoing' end as direction,
            (array['completed', 'no_answer', 'voicemail', 'completed', 'busy', 'no_answer', 'failed', 'completed',
                   'voicemail', 'missed', 'ignored', 'transferred', 'no_answer', 'completed'])[1 + (g / 11) % 14]
              as status,
            '(512) 555-' || lpad((g % 10000)::text, 4, '0') as number, '512555' || lpad((g % 10000)::text, 4, '0')
              as digits,
            -- Working hours 13:00-23:00 UTC (8-18 in the east), weekdays mostly.
            date_trunc('day', now()) - ((g % ${n(CALL_DAYS)}) || ' days')::interval
              + ((13 * 3600 + (g * 37) % 36000) || ' seconds')::interval as at
          from generate_series(${n(from)}, ${n(to)}) g
          cross join ${agentIds} as a(ids)
        ) x`);
      }
    });
    await step('calls_count and last_call_at of the leads', () =>
      run(sql`update crm_leads l set calls_count = c.n, last_call_at = c.last
      from (select lead_id, count(*)::int as n, max(created_at) as last from crm_calls group by lead_id) c
      where c.lead_id = l.id`),
    );
    await step(`appointments (${APPOINTMENTS})`, () =>
      run(sql`insert into crm_appointments (lead_id, set_by, assigned_to, starts_at, ends_at, kind, status,
        created_at)
      select 1 + (g::bigint * 104729) % ${n(LEADS)}, a.ids[1 + g % ${n(AGENTS)}],
        a.ids[1 + (g + 7) % ${n(AGENTS)}], s.at,
        s.at + interval '1 hour', 'onsite',
        case when s.at < now() then (array['held', 'held', 'no_show', 'cancelled'])[1 + g % 4] else 'scheduled' end,
        s.at - interval '5 days'
      from generate_series(1, ${n(APPOINTMENTS)}) g
      cross join ${agentIds} as a(ids)
      cross join lateral (select date_trunc('day', now()) - ((g % 200) - 20 || ' days')::interval
        + ((14 + g % 8) || ' hours')::interval as at) s`),
    );
    await step("indexes again, the leads' counts and the reports' rollups", async () => {
      for (const index of indexes) await seeder.query(index.indexdef);
      await seeder.query('set session_replication_role = origin');
      await seeder.query(`delete from crm_lead_counts; insert into crm_lead_counts (campaign_id, status, n)
      select coalesce(campaign_id, 0), status, count(*) from crm_leads where deleted_at is null group by 1, 2`);
      await seeder.query('select crm_call_stats_rebuild()');
    });
  } finally {
    seeder.release(true);
  }
  await step('vacuum analyze', () => pool.query('vacuum analyze'));
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
