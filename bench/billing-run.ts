// Budget (issue 27 "Performance", design §7): the monthly contract run drafts 2,000 companies in under 60 s and posts
// them in under 60 s on this 2-core machine (the PDFs and mail that follow posting run in the background, after).
// Seeds 2,000 companies, each (but every 25th, billed time and materials) with a live contract of 10-49 devices and
// two recurring items, a billing contact, billing settings with one of three tax rates (every 10th company wants its
// overage on its own invoice, every 20th waives late fees), about 1,000,000 check-ins over 14 months (about half the
// companies over their retainer last month), twelve frozen months with the contract invoices that froze them (some
// overdue: late fees), and late check-ins on a frozen month for every 20th company (late time adjustments).
// Then, through the API as a user with 'view billing' and 'approve billing': POST /api/billing/runs/{month} (202;
// polls the run until drafted), approve all clean, post the approved; prints each step's time, the statements per
// company (counted on the app's connections) and the statements that took longest in all; exits 1 over budget.
// Run: node --import tsx bench/billing-run.ts   (DATABASE_URL to use your own server; else an embedded one;
// BENCH_KEEP_DB=1 keeps the seeded database, BENCH_REUSE_URL=<its url> runs against it again without seeding: the
// first month from the current one without a run is run; BENCH_SCALE=0.1 seeds a tenth of the companies;
// BENCH_WAIT_DELIVERY=1 also waits for the PDFs and mail after posting and prints that time).
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openBenchDatabase } from './bench-database.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { seedReference } from '../apps/server/src/db/seed/reference.ts';
import { hashPassword } from '../apps/server/src/modules/auth/password.ts';
import { grantPermissions, seedPermissions } from '../apps/server/src/modules/permissions/permissions.service.ts';

const DRAFT_BUDGET_MS = 60_000;
const POST_BUDGET_MS = 60_000;
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const COMPANIES = Math.round(2_000 * SCALE);
// 14 months × 38 check-ins × 2,000 companies: about the GUIDE's 1,000,000 check-ins.
const CHECK_INS_PER_MONTH = 38;

const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-'));
const reuse = process.env.BENCH_REUSE_URL;
const database = reuse
  ? null
  : await openBenchDatabase({ prefix: 'bench_br', dataDir, embeddedPort: 5497, keep: !!process.env.BENCH_KEEP_DB });
const url = reuse ?? database!.url;
const { db, pool } = createDatabase(url);

// Every statement the app sends, counted and timed per text (pool.query and transactions both end in Client.query).
interface StatementStats {
  count: number;
  totalMs: number;
  maxMs: number;
}
const statements = new Map<string, StatementStats>();
let counting = false;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (!counting) return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  const first = args[0] as string | { text: string };
  const text = (typeof first === 'string' ? first : first.text).replace(/\s+/g, ' ').trim();
  const t0 = performance.now();
  const record = () => {
    const ms = performance.now() - t0;
    const stats = statements.get(text) ?? { count: 0, totalMs: 0, maxMs: 0 };
    stats.count += 1;
    stats.totalMs += ms;
    stats.maxMs = Math.max(stats.maxMs, ms);
    statements.set(text, stats);
  };
  const callback = args[args.length - 1];
  if (typeof callback === 'function') {
    args[args.length - 1] = (...result: unknown[]) => {
      record();
      return (callback as (...r: unknown[]) => unknown)(...result);
    };
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  }
  const answer = (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  if (answer && typeof (answer as Promise<unknown>).then === 'function')
    return (answer as Promise<unknown>).finally(record);
  record();
  return answer;
} as typeof pg.Client.prototype.query;

/** Counts and times the statements of `work`; prints the total per company and the slowest texts. */
async function profiled<T>(what: string, companies: number, work: () => Promise<T>) {
  statements.clear();
  counting = true;
  const t0 = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - t0 };
  } finally {
    counting = false;
    const all = [...statements.values()].reduce((sum, stats) => sum + stats.count, 0);
    console.log(
      `  ${what}: ${all} statements, ${(all / Math.max(1, companies)).toFixed(1)} per company; the longest in all:`,
    );
    const slowest = [...statements.entries()].sort(([, a], [, b]) => b.totalMs - a.totalMs).slice(0, 8);
    for (const [text, stats] of slowest)
      console.log(
        `    ${(stats.totalMs / 1000).toFixed(1)} s in ${stats.count} (max ${stats.maxMs.toFixed(0)} ms): ` +
          `${text.slice(0, 150)}`,
      );
  }
}

try {
  if (!reuse) await seed();
  const config = { ...loadConfig({ DATA_DIR: dataDir }), accessTokenTtlMinutes: 600, jobsEnabled: false };
  const app = await buildApp({ db, config, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'runner@bench.test', password: 'Bench-password-1' }),
  });
  if (!login.ok) throw new Error(`signing in: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { access_token: string }).access_token;
  // node:http, not fetch: fetch gives up on an answer after 300 s, and a run over budget posts for longer.
  const call = (method: 'GET' | 'POST', path: string, body?: object) =>
    new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
      const payload = body ? JSON.stringify(body) : undefined;
      const request = http.request(
        `${address}/api${path}`,
        {
          method,
          headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
            const status = answer.statusCode ?? 0;
            if (status >= 400) reject(new Error(`${method} ${path}: ${status} ${JSON.stringify(json)}`));
            else resolve({ status, json });
          });
        },
      );
      request.on('error', reject);
      request.end(payload);
    });

  // The current month, or with a reused database the first month from it without a run yet.
  const { rows: months } = await pool.query<{ month: string; companies: number; check_ins: number }>(`
    select to_char(m, 'YYYY-MM') as month, (select count(*)::int from companies) as companies,
      (select count(*)::int from check_ins) as check_ins
    from generate_series(date_trunc('month', current_date), date_trunc('month', current_date) + interval '12 months',
      interval '1 month') m
    where not exists (select 1 from billing_runs r where r.month = m::date)
    order by m limit 1`);
  const { month, companies, check_ins } = months[0]!;
  console.log(`data: ${companies} companies, ${check_ins} check-ins; running ${month}`);

  let failed = false;
  const drafted = await profiled('drafting', companies, async () => {
    const started = await call('POST', `/billing/runs/${month}`);
    if (started.status !== 202) throw new Error(`Run now answered ${started.status}`);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const { json } = await call('GET', `/billing/runs/${month}?per_page=1`);
      const run = json.run as { status: string; finished_at: string | null; counts: Record<string, number> } | null;
      if (run && run.status !== 'running' && run.finished_at !== null) return run;
    }
  });
  const over = (ms: number, budget: number) => (ms > budget ? 'OVER ' : 'ok   ');
  failed ||= drafted.ms > DRAFT_BUDGET_MS;
  console.log(
    `${over(drafted.ms, DRAFT_BUDGET_MS)} drafting ${month}: ${(drafted.ms / 1000).toFixed(1)} s ` +
      `(budget ${DRAFT_BUDGET_MS / 1000} s); companies ${JSON.stringify(drafted.result.counts)}`,
  );

  const approved = await profiled('approving all clean', companies, () =>
    call('POST', `/billing/runs/${month}/approve`, { clean: true }),
  );
  const approvedCount = (approved.result.json.data as { done: number[] }).done.length;
  console.log(`      approving all clean: ${approvedCount} companies in ${(approved.ms / 1000).toFixed(1)} s`);

  const posted = await profiled('posting', approvedCount, () => call('POST', `/billing/runs/${month}/post`));
  const postedData = posted.result.json.data as { done: number[]; failed: { id: number; message: string }[] };
  failed ||= posted.ms > POST_BUDGET_MS || postedData.failed.length > 0;
  console.log(
    `${over(posted.ms, POST_BUDGET_MS)} posting: ${postedData.done.length} invoices in ${(posted.ms / 1000).toFixed(1)} s ` +
      `(budget ${POST_BUDGET_MS / 1000} s), ${postedData.failed.length} failed` +
      (postedData.failed[0] ? ` (first: ${postedData.failed[0].message})` : ''),
  );
  if (process.env.BENCH_WAIT_DELIVERY) {
    const t0 = performance.now();
    await app.close();
    console.log(
      `      PDFs and mail after posting, in the background: ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  } else {
    // The background delivery of what was posted is not what this times: the database goes with it.
    await Promise.race([app.close(), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  }
  if (failed) process.exitCode = 1;
} finally {
  if (!pool.ended) await pool.end().catch(() => undefined);
  await database?.stop();
  await rm(dataDir, { recursive: true, force: true });
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
  console.log(
    `seeding ${COMPANIES} companies with contracts, check-ins and twelve billed months (BENCH_SCALE ${SCALE})…`,
  );
  // m(k): the first day of the month k months from the current one.
  const m = (k: number) => sql.raw(`(date_trunc('month', current_date) + interval '${k} months')::date`);
  const passwordHash = await hashPassword('Bench-password-1');
  await step('runner, companies, tax rates, settings', async () => {
    const [runner] = (
      await db.execute<{ id: number }>(sql`insert into users (type, role, name, shortname, email, password_hash)
        values ('Employee', 'user', 'Run Bench', 'Runner', 'runner@bench.test', ${passwordHash}) returning id`)
    ).rows;
    await db.execute(sql`insert into employees (user_id) values (${runner!.id})`);
    await grantPermissions(db, runner!.id, ['view billing', 'approve billing']);
    await db.execute(sql`insert into companies (name)
      select 'Company ' || lpad(n::text, 5, '0') from generate_series(1, ${COMPANIES}) n`);
    await db.execute(sql`insert into tax_rates (name, jurisdiction, percent, liability_account_id, effective_from)
      select name, 'TX', percent, (select id from accounts where number = '2100'), '2020-01-01'
      from (values ('Austin', 8.25), ('Dallas', 8.25), ('Houston', 6.25)) r(name, percent)`);
    await db.execute(sql`insert into billing_items (name, type, price) values ('Bench Labor', 'service', 120)`);
    await db.execute(sql`insert into billing_settings (id, labor_item_id)
      values (1, (select id from billing_items where name = 'Bench Labor'))
      on conflict (id) do update set labor_item_id = excluded.labor_item_id`);
    // c.n: the company's number 1..N.
    await db.execute(sql`create temporary table bench_companies as
      select id, row_number() over (order by id)::int as n from companies`);
    await db.execute(sql`insert into company_billing_settings (company_id, tax_rate_id, separate_overage_invoice,
        waive_late_fees)
      select c.id, (select id from tax_rates order by id offset c.n % 3 limit 1), c.n % 10 = 1, c.n % 20 = 2
      from bench_companies c`);
  });
  await step('contracts, recurring items, billing contacts', async () => {
    // Every 25th company has no contract (time and materials); every 40th's contract ends this month.
    await db.execute(sql`insert into contracts (company_id, start_date, end_date, retainer_item, overage_item,
        late_fee_item, retainer_price, overage_price, late_fee_percent, retainer_hours, device_count, max_rollover)
      select c.id, ${m(-13)}, case when c.n % 40 = 5 then ${m(1)} - 1 else ${m(11)} - 1 end,
        (select id from billing_items where name = 'Managed Services Retainer'),
        (select id from billing_items where name = 'Overage Labor - Remote'),
        (select id from billing_items where name = 'Late Payment Fee'),
        125, 150, 1.5, 10 + c.n % 40, 10 + c.n % 40, (c.n % 3) * 5
      from bench_companies c where c.n % 25 <> 0`);
    await db.execute(sql`insert into contract_recurring_items (contract_id, item_id, quantity, price, taxable)
      select k.id, i.id, 5 + k.id % 20, i.price, i.taxable from contracts k
      cross join (select id, price, taxable from billing_items
        where name in ('Microsoft 365 Business Standard', 'Endpoint Detection and Response')) i`);
    // One billing contact a contract (a client account), none for every 50th company: a review warning.
    await db.execute(sql`insert into users (type, role, name, shortname, email, password_hash)
      select 'Client', 'user', 'Billing ' || c.n, 'Billing' || c.n, 'billing' || c.n || '@client.test', ${passwordHash}
      from bench_companies c where c.n % 25 <> 0 and c.n % 50 <> 3`);
    await db.execute(sql`insert into client_accounts (user_id, company_id)
      select u.id, c.id from users u join bench_companies c on u.email = 'billing' || c.n || '@client.test'`);
    await db.execute(sql`insert into contract_billing_contacts (contract_id, user_id)
      select k.id, a.user_id from contracts k join client_accounts a on a.company_id = k.company_id`);
  });
  await step(`check-ins (${CHECK_INS_PER_MONTH} a company and month, 14 months)`, async () => {
    await db.execute(sql`insert into tickets (subject, body, company_id, location, triage_id, status)
      select 'Helpdesk ' || c.n, 'Help', c.id, (select min(id) from ticket_types), (select min(id) from triage),
        (select min(id) from ticket_statuses)
      from bench_companies c`);
    // 15-74 minutes each, every 10th non-billable: used hours spread around the 10-49 retainer hours.
    await db.execute(sql`insert into check_ins (user_id, company_id, ticket_id, start_time, end_time, billable)
      select (select id from users where email = 'runner@bench.test'), t.company_id, t.id, s.start_time,
        s.start_time + ((15 + (c.n * 7 + i * 13) % 60) * interval '1 minute'), case when i % 10 = 0 then 1 else 0 end
      from tickets t join bench_companies c on c.id = t.company_id
      cross join generate_series(-13, 0) k
      cross join generate_series(1, ${CHECK_INS_PER_MONTH}) i
      cross join lateral (select (date_trunc('month', current_date) + k * interval '1 month'
        + ((i * 17) % 648) * interval '1 hour' + interval '8 hours') as start_time) s
      order by s.start_time`);
    // Still open at the end of last month for every 30th company: a review warning.
    await db.execute(sql`insert into check_ins (user_id, company_id, ticket_id, start_time)
      select (select id from users where email = 'runner@bench.test'), t.company_id, t.id, ${m(0)} - interval '2 hours'
      from tickets t join bench_companies c on c.id = t.company_id where c.n % 30 = 4`);
  });
  await step('twelve billed months: contract invoices and the usage they froze', async () => {
    // The contract invoice of month k (k = -12..-1) froze month k-1; about a third of the companies owe the one of
    // three months ago (late fees), a quarter last month's (not yet due).
    await db.execute(sql`insert into invoices (number, company_id, contract_id, type, status, billing_month,
        invoice_date, due_date, subtotal, tax_total, total, balance, posted_at, memo)
      select 'INV-' || lpad((row_number() over (order by k, c.n))::text, 7, '0'), c.id, x.id, 'contract', 'posted',
        ${m(0)} + k * interval '1 month', ${m(0)} + k * interval '1 month',
        (${m(0)} + k * interval '1 month')::date + 20, amount, 0, amount,
        case when (k = -3 and c.n % 3 = 0) or (k = -1 and c.n % 4 = 0) then amount else 0 end,
        ${m(0)} + k * interval '1 month', ''
      from bench_companies c join contracts x on x.company_id = c.id
      cross join generate_series(-12, -1) k
      cross join lateral (select (1500 + (c.n * 37 + k * 11) % 700)::numeric(14, 2) as amount) a`);
    await db.execute(sql`update invoices set closed_on = invoice_date + 10 where balance = 0 and status = 'posted'`);
    await db.execute(sql`insert into usage_snapshots (company_id, month, contract_id, retainer, helpdesk, non_billable,
        total_used, balance, carry_out, overage_hours, overage_rate, invoice_id)
      select i.company_id, (i.billing_month - interval '1 month')::date, i.contract_id, k.retainer_hours, u.hours,
        u.non_billable, u.hours - u.non_billable, k.retainer_hours - (u.hours - u.non_billable), 0,
        greatest(0, (u.hours - u.non_billable) - k.retainer_hours), k.overage_price, i.id
      from invoices i join contracts k on k.id = i.contract_id
      cross join lateral (
        select round(sum(extract(epoch from ci.end_time - ci.start_time) / 3600)::numeric, 2) as hours,
          round(coalesce(sum(extract(epoch from ci.end_time - ci.start_time) / 3600)
            filter (where ci.billable = 1), 0)::numeric, 2) as non_billable
        from check_ins ci where ci.company_id = i.company_id and ci.end_time is not null
          and ci.start_time >= i.billing_month - interval '1 month' and ci.start_time < i.billing_month
      ) u
      where i.type = 'contract'`);
    // Each month's total as the run makes it (retainer, recurring items, the overage it froze), so last month's
    // total is within 10 % of this month's for most companies and "Approve all without warnings" takes them.
    await db.execute(sql`update invoices i set subtotal = a.amount, total = a.amount,
        balance = case when i.balance > 0 then a.amount else 0 end
      from (
        select i.id, (k.retainer_price * k.device_count
          + (select sum(r.quantity * r.price) from contract_recurring_items r where r.contract_id = k.id)
          + case when s.separate then 0 else u.overage_hours * k.overage_price end)::numeric(14, 2) as amount
        from invoices i join contracts k on k.id = i.contract_id
        join usage_snapshots u on u.invoice_id = i.id
        cross join lateral (select coalesce((select separate_overage_invoice from company_billing_settings b
          where b.company_id = i.company_id), false) as separate) s
      ) a
      where a.id = i.id`);
    // Late time: two hours more on the frozen month before last for every 20th company.
    await db.execute(sql`insert into check_ins (user_id, company_id, ticket_id, start_time, end_time)
      select (select id from users where email = 'runner@bench.test'), t.company_id, t.id,
        ${m(-2)} + interval '27 days', ${m(-2)} + interval '27 days 2 hours'
      from tickets t join bench_companies c on c.id = t.company_id where c.n % 20 = 7 and c.n % 25 <> 0`);
    await db.execute(sql`insert into document_numbers (kind, next_value)
      values ('invoice', (select count(*) + 1 from invoices))
      on conflict (kind) do update set next_value = excluded.next_value`);
  });
  await step('vacuum analyze', () => db.execute(sql`vacuum analyze`));
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
