// Budget (issue 28 "Performance", designs/billing.md §3.7, §3.8, §5): on top of part 1's data, with 500 vendors,
// 5,000 items (4,000 tracked, in 20 locations), 10,000 purchase orders (30,000 lines), their receipts, 20,000 bills
// and vendor credits, about 15,000 payments made and 100,000 stock moves, the vendor list and drawer, the purchase
// order list and drawer, the bill list (first page, one vendor's open bills) and drawer, payments made and drawer, the
// receiving history and a receipt's drawer, the stock list, the move history and below-reorder answer in p95 under
// 50 ms at 50 concurrent clients; at 10 clients aged payables (today, a past date) under 100 ms and DOR Taxes for a
// quarter (accrual) under 150 ms: as served (aged payables cached by the billing version, DOR Taxes by the sales-tax
// version), as served while other billing writes happen, and computed anew (each call its own computation).
// Part 1's base is scaled down to what these calls read: 2,000 companies and the invoices of the last 150 days at
// the design's density (500 a day: 75,000 invoices, two lines each, one taxable, with their ledger), so a quarter's
// DOR Taxes reads what it would with 200,000 invoices over 400 days.
// Run: node --import tsx bench/billing-purchasing.ts   (DATABASE_URL to use your own server; else an embedded one;
// BENCH_KEEP_DB=1 keeps the seeded database, BENCH_REUSE_URL=<its url> runs against it again without seeding (migrated
// first); BENCH_ONLY picks calls by label, 'a|b' any of several; BENCH_SCALE=0.1 seeds a tenth of every count).
// The load comes from wrk when installed (bench/wrk-load.lua), else from bench/load-client.ts. Prints p50 / p95 /
// max per call with its ratio to the floor's p95 and, beside them, the call's statements alone in PostgreSQL
// (bench/sql-alone.ts); exits 1 over budget.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openBenchDatabase } from './bench-database.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { seedReference } from '../apps/server/src/db/seed/reference.ts';
import { hashPassword } from '../apps/server/src/modules/auth/password.ts';
import { getAgedPayables } from '../apps/server/src/modules/billing/billing-report-aged-payables.ts';
import { getDorTaxes } from '../apps/server/src/modules/billing/billing-report-dor.ts';
import type { DorTaxesQuery } from '@switchboard/shared/billing/reports-sales';
import { grantPermissions, seedPermissions } from '../apps/server/src/modules/permissions/permissions.service.ts';
import { runLoad, type LoadResult } from './run-load.ts';
import { describeRatio, sqlAloneOfCalls, statementsOf, timeAlone, type SqlAlone } from './sql-alone.ts';

const LIST_BUDGET_P95_MS = 50;
const AGED_BUDGET_P95_MS = 100;
const DOR_BUDGET_P95_MS = 150;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const REPORT_CONCURRENCY = 10;
const REQUESTS_PER_CALL = Number(process.env.BENCH_REQUESTS ?? 1000);
const WRK_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const COMPANIES = Math.round(2_000 * SCALE);
const INVOICE_DAYS = 150;
const INVOICES = Math.round(500 * INVOICE_DAYS * SCALE);
const VENDORS = Math.round(500 * SCALE);
const ITEMS = Math.round(5_000 * SCALE);
const LOCATIONS = 20;
const PURCHASE_ORDERS = Math.round(10_000 * SCALE);
const BILLS = Math.round(20_000 * SCALE);
const STOCK_MOVES = Math.round(100_000 * SCALE);
const HISTORY_DAYS = 400;
const PASSWORD = 'Bench-password-1';
// BENCH_ONLY: labels holding any of its '|'-separated parts; the floors of groups with a call left always run.
const onlyParts = process.env.BENCH_ONLY?.split('|').filter(Boolean) ?? [];
const only = (label: string) => onlyParts.length === 0 || onlyParts.some((part) => label.includes(part));
const withFloor = (paths: [string, string][]) => {
  const picked = paths.filter(([label]) => only(label) && !label.startsWith('floor'));
  return picked.length === 0 ? [] : paths.filter(([label]) => label.startsWith('floor') || only(label));
};

const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-'));
const reuse = process.env.BENCH_REUSE_URL;
const database = reuse
  ? null
  : await openBenchDatabase({ prefix: 'bench_bp', dataDir, embeddedPort: 5498, keep: !!process.env.BENCH_KEEP_DB });
const url = reuse ?? database!.url;
const { db, pool } = createDatabase(url);

try {
  if (!reuse) await seed();
  else await migrateDatabase(db);
  const config = { ...loadConfig({ DATA_DIR: dataDir }), accessTokenTtlMinutes: 600, jobsEnabled: false };
  const app = await buildApp({ db, config, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const tokens: string[] = [];
  for (let i = 0; i < CONCURRENCY; i++) {
    const login = await fetch(`${address}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `buyer${i + 1}@bench.test`, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`signing in buyer${i + 1}: ${login.status} ${await login.text()}`);
    tokens.push(((await login.json()) as { access_token: string }).access_token);
  }

  const { rows: facts } = await pool.query<{
    today: string;
    past: string;
    quarter: string;
    vendors: number;
    min_vendor: number;
    busy_vendor: number;
    pos: number;
    min_po: number;
    bills: number;
    min_bill: number;
    payments: number;
    payment_made: number;
    receipts: number;
    min_receipt: number;
    items: number;
    tracked_item: number;
    location: number;
    moves: number;
    invoices: number;
  }>(`select current_date::text as today, (current_date - 90)::text as past,
      to_char(current_date - 100, 'YYYY') || '-Q' || to_char(current_date - 100, 'Q') as quarter,
      (select count(*)::int from vendors) as vendors, (select min(id) from vendors) as min_vendor,
      (select vendor_id from bills group by 1 order by count(*) desc, 1 limit 1) as busy_vendor,
      (select count(*)::int from purchase_orders) as pos, (select min(id) from purchase_orders) as min_po,
      (select count(*)::int from bills) as bills, (select min(id) from bills) as min_bill,
      (select count(*)::int from payments where direction = 'out') as payments,
      (select id from payments where direction = 'out' and vendor_id is not null order by id
        offset (select count(*) / 2 from payments where direction = 'out' and vendor_id is not null) limit 1)
        as payment_made,
      (select count(*)::int from receipts) as receipts, (select min(id) from receipts) as min_receipt,
      (select count(*)::int from billing_items) as items,
      (select item_id from stock_moves group by 1 order by count(*) desc, 1 limit 1) as tracked_item,
      (select min(id) from inventory_locations) as location,
      (select count(*)::int from stock_moves) as moves, (select count(*)::int from invoices) as invoices`);
  const f = facts[0]!;
  console.log(
    `data: ${f.vendors} vendors, ${f.items} items, ${f.pos} purchase orders, ${f.receipts} receipts, ${f.bills} bills, ` +
      `${f.payments} payments made, ${f.moves} stock moves, ${f.invoices} invoices; DOR quarter ${f.quarter}`,
  );
  // {rand:N} is 1..N: ids from a fresh seed start at 1; a reused database may not, so its middle row is taken.
  const pick = (min: number, count: number) => (min === 1 ? `{rand:${count}}` : String(min + (count >> 1)));

  const listPaths = withFloor([
    // The floor first and the slowest last: a call slower than wrk's 2 s leaves the server a backlog.
    ['floor: GET /api/health (one select 1)', '/api/health'],
    ['vendor drawer', `/api/billing/vendors/${pick(f.min_vendor, f.vendors)}`],
    ['vendors, first page', '/api/billing/vendors?page=1'],
    ['purchase order drawer', `/api/billing/purchaseorders/${pick(f.min_po, f.pos)}`],
    ['purchase orders, first page', '/api/billing/purchaseorders?page=1'],
    ['bill drawer', `/api/billing/bills/${pick(f.min_bill, f.bills)}`],
    ['bills, first page', '/api/billing/bills?page=1'],
    [`bills, open for one vendor (${f.busy_vendor})`, `/api/billing/bills?page=1&open=1&vendor_id=${f.busy_vendor}`],
    ['payments made, first page', '/api/billing/payments/made?page=1'],
    ['payment made drawer', `/api/billing/payments/made/${f.payment_made}`],
    ['receipt drawer', `/api/billing/receipts/${pick(f.min_receipt, f.receipts)}`],
    ['receiving history, first page', '/api/billing/receipts?page=1'],
    ['stock, first page', '/api/billing/inventory?page=1'],
    ['stock, one location', `/api/billing/inventory?page=1&location_id=${f.location}`],
    ['stock moves, first page', '/api/billing/inventory/moves?page=1'],
    [`stock moves of one item (${f.tracked_item})`, `/api/billing/inventory/moves?page=1&item_id=${f.tracked_item}`],
    ['below reorder', '/api/billing/inventory/below-reorder'],
  ] as [string, string][]);
  const reportPaths = withFloor([
    ['floor at 10: GET /api/health', '/api/health'],
    ['aged payables, as of today', '/api/billing/reports/agedpayables'],
    [`aged payables, as of ${f.past}`, `/api/billing/reports/agedpayables?as_of=${f.past}`],
    [`DOR Taxes ${f.quarter}, accrual`, `/api/billing/reports/dortaxes?period=${f.quarter}`],
  ] as [string, string][]);

  let failed = false;
  const report = async (paths: [string, string][], concurrency: number, budgetOf: (label: string) => number) => {
    if (paths.length === 0) return NaN;
    const results = await runLoad({ address, tokens, concurrency, requests: REQUESTS_PER_CALL, paths }, WRK_SECONDS);
    const floorP95 = results.find((result) => result.label.startsWith('floor'))?.p95 ?? NaN;
    await drain();
    const alone = await sqlAlone(address, tokens[0]!, paths, results);
    for (const { label, p50, p95, max, requests } of results) {
      const unmeasured = requests === 0 || p95 === 0;
      const over = !label.startsWith('floor') && (p95 > budgetOf(label) || unmeasured);
      failed ||= over;
      if (unmeasured) console.log(`OVER  ${label}: no answer within wrk's 2 s (${concurrency} at once)`);
      else
        console.log(
          `${over ? 'OVER ' : 'ok   '} ${label}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
            `(${(p95 / floorP95).toFixed(2)} x the floor's p95), max ${max.toFixed(1)} ms ` +
            `(${requests} requests, ${concurrency} at once)`,
        );
      console.log(`        ${describeRatio(alone.get(label)!, p95)}`);
    }
    return floorP95;
  };
  console.log(`load average ${(await loadAverage()).join(' ')}`);
  await report(listPaths, CONCURRENCY, () => LIST_BUDGET_P95_MS);
  await drain();
  console.log(`load average ${(await loadAverage()).join(' ')}`);
  const floorAt10 = await report(reportPaths, REPORT_CONCURRENCY, (label) =>
    label.startsWith('DOR') ? DOR_BUDGET_P95_MS : AGED_BUDGET_P95_MS,
  );
  await drain();
  // The same, while other billing writes happen (the billing version bumped every 200 ms, as a bill or a payment made
  // would): aged payables is computed again after each; DOR Taxes, under the sales-tax version, is not.
  const writes = setInterval(() => void bumpBillingVersion(), 200);
  try {
    await report(
      withFloor(
        reportPaths.map(([label, path]) => [
          label.startsWith('floor') ? label : `${label}, a billing write every 200 ms`,
          path,
        ]),
      ),
      REPORT_CONCURRENCY,
      (label) => (label.startsWith('DOR') ? DOR_BUDGET_P95_MS : AGED_BUDGET_P95_MS),
    );
  } finally {
    clearInterval(writes);
  }
  await drain();
  // Served from the cache above; computed anew here, 10 at once, as after every write they read.
  const computations: [string, number, () => Promise<unknown>][] = [
    ['aged payables, as of today, computed anew', AGED_BUDGET_P95_MS, () => getAgedPayables(db, agedQuery(), f.today)],
    [
      `DOR Taxes ${f.quarter}, accrual, computed anew`,
      DOR_BUDGET_P95_MS,
      () => getDorTaxes(db, { period: f.quarter, basis: 'accrual' } as DorTaxesQuery, f.today),
    ],
  ];
  for (const [label, budget, work] of computations.filter(([label]) => only(label))) {
    const { p50, p95, max, count } = await concurrently(work, REPORT_CONCURRENCY, WRK_SECONDS * 1000, label);
    const over = p95 > budget;
    failed ||= over;
    console.log(
      `${over ? 'OVER ' : 'ok   '} ${label}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
        `(${(p95 / floorAt10).toFixed(2)} x the floor's p95 at 10), max ${max.toFixed(1)} ms ` +
        `(${count} computations, ${REPORT_CONCURRENCY} at once, in this process)`,
    );
    await bumpBillingVersion();
    const statements = await statementsOf(() => work());
    console.log(`        ${describeRatio(await timeAlone(pool, statements, 5), p95)}`);
  }
  console.log(`load average ${(await loadAverage()).join(' ')}`);
  await app.close();
  if (failed) process.exitCode = 1;
} finally {
  if (!pool.ended) await pool.end();
  await database?.stop();
  await rm(dataDir, { recursive: true, force: true });
}

function agedQuery() {
  return { basis: 'due_date' } as Parameters<typeof getAgedPayables>[1];
}

async function loadAverage(): Promise<string[]> {
  const { loadavg } = await import('node:os');
  return loadavg().map((value) => value.toFixed(2));
}

/**
 * `work` run by `clients` loops at once for `ms`, each call a computation of its own: the billing version is bumped
 * before each call, so a cached report is computed again.
 */
async function concurrently(work: () => Promise<unknown>, clients: number, ms: number, label: string) {
  const times: number[] = [];
  const end = performance.now() + ms;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        await bumpBillingVersion();
        const t0 = performance.now();
        await work();
        times.push(performance.now() - t0);
      }
    }),
  );
  if (times.length === 0) throw new Error(`${label}: no computation finished`);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: times[times.length - 1]!, count: times.length };
}

/**
 * What a bill or payment made does to the caches (billing_versions and, for aged payables since migration 0074,
 * billing_payables_versions move); this one changes nothing a report reads.
 */
async function bumpBillingVersion(): Promise<void> {
  await pool.query(`update billing_versions set version = version + 1 where id = 1;
    update billing_payables_versions set version = version + 1 where id = 1`);
}

/** Waits for the server to finish the requests wrk gave up on: the app's pool idle for half a second. */
async function drain(): Promise<void> {
  for (let idle = 0; idle < 10;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    idle = pool.waitingCount === 0 && pool.idleCount === pool.totalCount ? idle + 1 : 0;
  }
}

/** sqlAloneOfCalls; calls whose p50 is over 200 ms (or every answer over wrk's 2 s) timed 5 times, not 20. */
async function sqlAlone(
  address: string,
  token: string,
  paths: [string, string][],
  results: LoadResult[],
): Promise<Map<string, SqlAlone>> {
  const slow = new Set(results.filter((result) => result.p50 > 200 || result.p95 === 0).map((result) => result.label));
  const found = await sqlAloneOfCalls(
    pool,
    address,
    token,
    paths.filter(([label]) => !slow.has(label)),
  );
  for (const [label, template] of paths.filter(([label]) => slow.has(label))) {
    const path = template.replace(/\{rand:(\d+)\}/g, (_, n: string) => String(Math.ceil(Number(n) / 2)));
    const statements = await statementsOf(async () => {
      const answer = await fetch(`${address}${path}`, { headers: { authorization: `Bearer ${token}` } });
      await answer.arrayBuffer();
    });
    found.set(label, await timeAlone(pool, statements, 5));
  }
  return found;
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
    `seeding ${COMPANIES} companies, ${INVOICES} invoices, ${VENDORS} vendors, ${ITEMS} items, ` +
      `${PURCHASE_ORDERS} purchase orders, ${BILLS} bills, ${STOCK_MOVES} stock moves (BENCH_SCALE ${SCALE})…`,
  );
  const passwordHash = await hashPassword(PASSWORD);
  await db.execute(sql`insert into users (type, role, name, shortname, email, password_hash)
    select 'Employee', 'user', 'Buyer ' || n, 'Buyer' || n, 'buyer' || n || '@bench.test', ${passwordHash}
    from generate_series(1, ${CONCURRENCY}) n`);
  await db.execute(sql`insert into employees (user_id) select id from users where email like 'buyer%@bench.test'`);
  const { rows: buyers } = await db.execute<{ id: number }>(
    sql`select id from users where email like 'buyer%@bench.test'`,
  );
  for (const buyer of buyers) await grantPermissions(db, buyer.id, ['view billing']);
  await db.execute(sql`insert into companies (name)
    select 'Company ' || lpad(n::text, 5, '0') from generate_series(1, ${COMPANIES}) n`);
  await db.execute(sql`create sequence if not exists bench_bp_numbers`);
  const account = (number: string) => sql.raw(`(select id from accounts where number = '${number}')`);
  // One transaction per step: the ledger's triggers want an entry's lines in its own transaction.
  const ledger = async (entries: ReturnType<typeof sql>, lines: ReturnType<typeof sql>) =>
    db.transaction(async (tx) => {
      await tx.execute(entries);
      await tx.execute(lines);
    });

  // Part 1's base, as bench/billing-sales-reports.ts seeds it, over the last 150 days: six rates in two states, one
  // exempt company in 20; line 1 taxable, line 2 not; one in 40 a credit note, one in 50 voided 10 days on.
  await db.execute(sql`insert into tax_rates (name, jurisdiction, dor_code, percent, liability_account_id,
      effective_from)
    select 'Rate ' || n, case when n <= 3 then 'TX' else 'FL' end, 'LOC' || n,
      case when n <= 3 then 8.25 else 7 end, ${account('2100')}, '2020-01-01'
    from generate_series(1, 6) n`);
  await step('invoices', () =>
    db.execute(sql`
      insert into invoices (number, company_id, type, status, invoice_date, due_date, tax_rate_id,
        tax_exempt_certificate, subtotal, tax_total, total, balance, void_date, void_reason, posted_at, memo)
      select case when credit then 'CN-' else 'INV-' end || lpad(n::text, 6, '0'), company,
        case when credit then 'credit_note' else 'one_off' end, case when n % 50 = 1 then 'void' else 'posted' end,
        d, case when credit then null else d + 20 end, rate,
        case when exempt then 'EX-' || company else '' end,
        subtotal, tax, subtotal + tax, case when n % 50 = 1 then 0 else subtotal + tax end,
        case when n % 50 = 1 then least(d + 10, current_date) end,
        case when n % 50 = 1 then 'Billed twice' else '' end, d::timestamptz, ''
      from (
        select n, d, company, credit, exempt, subtotal, rate,
          case when exempt then 0 else round((subtotal - case when credit then 0 else 50 end) * pct / 100, 2) end as tax
        from (
          select n, current_date - ${INVOICE_DAYS}::int + ((n - 1)::bigint * ${INVOICE_DAYS} / ${INVOICES})::int as d,
            c.id as company, n % 40 = 0 as credit, c.id % 20 = 0 as exempt,
            case when n % 40 = 0 then -25.00 else (100 + (n % 40) * 25)::numeric(14, 2) end as subtotal,
            r.id as rate, r.percent as pct
          from generate_series(1, ${INVOICES}) n
          join companies c on c.id = (select min(id) from companies) + (n * 7919) % ${COMPANIES}
          join tax_rates r on r.id = (select min(id) from tax_rates) + c.id % 6
        ) s
      ) t
      order by n`),
  );
  await step('invoice lines (2 an invoice, one taxable)', () =>
    db.execute(sql`
      insert into invoice_lines (invoice_id, line_no, kind, account_id, description, quantity, unit_price, amount,
        taxable, tax_amount)
      select i.id, k, 'item', ${account('4000')}, 'Service', 1,
        case when i.type = 'credit_note' then case k when 1 then i.subtotal else 0 end
          else case k when 1 then i.subtotal - 50 else 50 end end,
        case when i.type = 'credit_note' then case k when 1 then i.subtotal else 0 end
          else case k when 1 then i.subtotal - 50 else 50 end end,
        case k when 1 then 1 else 0 end, case k when 1 then i.tax_total else 0 end
      from invoices i cross join generate_series(1, 2) k order by i.id, k`),
  );
  await step('invoice ledger (AR, income, the rate-tagged 2100 line; voids reversed)', () =>
    ledger(
      sql`insert into journal_entries (number, entry_date, source_type, source_id, memo)
        select 'JE-' || lpad(nextval('bench_bp_numbers')::text, 7, '0'), d, t, id, '' from (
          select invoice_date as d, case when type = 'credit_note' then 'credit_note' else 'invoice' end as t, id
          from invoices
          union all
          select void_date, 'reversal', id from invoices where status = 'void'
        ) s order by d, id`,
      sql`with e as (
          select e.id, e.entry_date, i.company_id, i.tax_rate_id, i.subtotal, i.tax_total, i.total,
            case when e.source_type = 'reversal' then -1 else 1 end as sign
          from journal_entries e join invoices i on i.id = e.source_id
          where e.source_type in ('invoice', 'credit_note', 'reversal')
        ), l as (
          select id, entry_date, 1 as k, ${account('1100')} as account, sign * total as amount, company_id,
            null::int as rate from e
          union all
          select id, entry_date, 2, ${account('4000')}, -sign * subtotal, null, null from e
          union all
          select id, entry_date, 3, ${account('2100')}, -sign * tax_total, null, tax_rate_id from e
          where tax_total <> 0
        )
        insert into journal_lines (entry_id, line_no, entry_date, account_id, debit, credit, company_id, tax_rate_id,
          memo)
        select id, k, entry_date, account, greatest(amount, 0), greatest(-amount, 0), company_id, rate, ''
        from l where amount <> 0 order by id, k`,
    ),
  );
  await db.execute(sql`update invoices i set journal_entry_id = e.id from journal_entries e
    where e.source_type in ('invoice', 'credit_note') and e.source_id = i.id`);

  // Purchasing: vendors (one in 5 with 1099, Net 30 or 15), 20 locations, items (4 in 5 tracked, each with a
  // preferred vendor and a reorder point), orders of 3 lines over 400 days.
  await step('vendors, locations, items', async () => {
    await db.execute(sql`insert into vendors (name, account_number, contact, email, phone, payment_terms,
        default_expense_account_id, is_1099, tax_id)
      select 'Vendor ' || lpad(n::text, 4, '0'), 'ACC-' || n, 'Contact ' || n, 'ap' || n || '@vendor.test',
        '555-01' || lpad((n % 100)::text, 2, '0'), case when n % 3 = 0 then 15 else 30 end,
        ${account('6500')}, n % 5 = 0, case when n % 5 = 0 then '12-34' || lpad(n::text, 5, '0') else '' end
      from generate_series(1, ${VENDORS}) n`);
    await db.execute(sql`insert into inventory_locations (name, kind)
      select case when n = 1 then 'Main office' when n <= 4 then 'Warehouse ' || n else 'Van ' || n end,
        case when n = 1 then 'office' when n <= 4 then 'warehouse' else 'vehicle' end
      from generate_series(1, ${LOCATIONS}) n`);
    await db.execute(sql`insert into billing_items (name, type, description, price, taxable, sku, unit, cost,
        expense_account_id, inventory_tracked, average_cost, preferred_vendor_id, reorder_point, reorder_qty)
      select 'Part ' || lpad(n::text, 5, '0'), 'product', 'Bench part ' || n, 20 + n % 400, 1, 'SKU-' || n, 'each',
        10 + n % 300, ${account('6500')}, n % 5 <> 0, 10 + n % 300,
        (select min(id) from vendors) + n % ${VENDORS}, case when n % 5 <> 0 then 5 + n % 20 end,
        case when n % 5 <> 0 then 20 end
      from generate_series(1, ${ITEMS}) n`);
  });
  // Order n: vendor n mod V, dated over the history; the last 60 days' orders are ordered (n mod 3 = 0), partly
  // received (n mod 3 = 1) or drafts (n mod 7 = 0), older ones received; one in 40 cancelled.
  await step('purchase orders and lines', async () => {
    await db.execute(sql`insert into purchase_orders (number, vendor_id, status, order_date, expected_date,
        location_id, memo, subtotal, tax_total, total, sent_at, created_by)
      select case when st = 'draft' then null else 'PO-' || lpad(n::text, 6, '0') end,
        (select min(id) from vendors) + (n * 31) % ${VENDORS}, st, d, d + 7,
        (select min(id) from inventory_locations) + n % ${LOCATIONS}, 'Order ' || n, total, 0, total,
        case when st <> 'draft' then d::timestamptz end, (select min(id) from users where email like 'buyer%')
      from (
        select n, d, (3 * (10 + n % 300) * (1 + n % 4))::numeric(14, 2) as total,
          case when n % 40 = 0 then 'cancelled'
            when d > current_date - 60 and n % 7 = 0 then 'draft'
            when d > current_date - 60 and n % 3 = 0 then 'ordered'
            when d > current_date - 60 and n % 3 = 1 then 'partial'
            else 'received' end as st
        from (select n, current_date - ${HISTORY_DAYS}::int
          + ((n - 1)::bigint * ${HISTORY_DAYS} / ${PURCHASE_ORDERS})::int as d
          from generate_series(1, ${PURCHASE_ORDERS}) n) s
      ) t order by n`);
    await db.execute(sql`insert into po_lines (po_id, line_no, item_id, description, quantity, unit_cost, amount,
        received_qty, billed_qty)
      select p.id, k, it.id, it.name, 1 + p.id % 4, it.cost, (1 + p.id % 4) * it.cost,
        case p.status when 'received' then 1 + p.id % 4 when 'partial' then case k when 1 then 1 + p.id % 4 else 0 end
          else 0 end,
        case p.status when 'received' then 1 + p.id % 4 else 0 end
      from purchase_orders p cross join generate_series(1, 3) k
      join billing_items it on it.id = (select min(id) from billing_items where name like 'Part %') + (p.id * 3 + k * 1009) % ${ITEMS}
      order by p.id, k`);
    await db.execute(sql`update purchase_orders p set subtotal = s.amount, total = s.amount
      from (select po_id, sum(amount) as amount from po_lines group by 1) s where s.po_id = p.id`);
  });
  // A receipt per received or partly received order, 3 days after it: Dr 1200 (tracked) or 6500, Cr 2050.
  await step('receipts with their lines and entries', async () => {
    await db.execute(sql`insert into receipts (number, po_id, vendor_id, received_on, location_id, total,
        received_by)
      select 'RCV-' || lpad(p.id::text, 6, '0'), p.id, p.vendor_id, least(p.order_date + 3, current_date),
        p.location_id, 0, p.created_by
      from purchase_orders p where p.status in ('received', 'partial') order by p.order_date, p.id`);
    await db.execute(sql`insert into receipt_lines (receipt_id, po_line_id, item_id, account_id, quantity,
        unit_cost, amount)
      select r.id, l.id, l.item_id, case when it.inventory_tracked then ${account('1200')} else ${account('6500')} end,
        l.received_qty, l.unit_cost, round(l.received_qty * l.unit_cost, 2)
      from receipts r join po_lines l on l.po_id = r.po_id join billing_items it on it.id = l.item_id
      where l.received_qty > 0 order by r.id, l.line_no`);
    await db.execute(sql`update receipts r set total = s.amount
      from (select receipt_id, sum(amount) as amount from receipt_lines group by 1) s where s.receipt_id = r.id`);
    await ledger(
      sql`insert into journal_entries (number, entry_date, source_type, source_id, memo)
        select 'JE-' || lpad(nextval('bench_bp_numbers')::text, 7, '0'), received_on, 'receipt', id, 'Receipt ' || number
        from receipts order by received_on, id`,
      sql`insert into journal_lines (entry_id, line_no, entry_date, account_id, debit, credit, vendor_id, memo)
        select e.id, s.k, e.entry_date, s.account, s.debit, s.credit, null, '' from journal_entries e
        join lateral (
          select 1 as k, rl.account_id as account, sum(rl.amount) as debit, 0 as credit
          from receipt_lines rl where rl.receipt_id = e.source_id group by rl.account_id
          union all select 9, ${account('2050')}, 0, r.total from receipts r where r.id = e.source_id
        ) s on true
        where e.source_type = 'receipt' order by e.id, s.k, s.account`,
    );
    await db.execute(sql`update receipts r set journal_entry_id = e.id from journal_entries e
      where e.source_type = 'receipt' and e.source_id = r.id`);
  });
  // Bills: one per received order (its lines, Dr 2050), the rest expense bills of one line (Dr 6500); one in 25 a
  // vendor credit. Due by the vendor's terms; older than 45 days paid in full (a payment made each, 10 days after the
  // due date at the latest), newer ones open; one in 60 voided.
  await step('bills with their lines and entries', async () => {
    await db.execute(sql`insert into bills (kind, vendor_id, vendor_ref, bill_date, due_date, status, po_id, memo,
        subtotal, tax_total, total, balance, posted_at, void_date, voided_at)
      select kind, vendor_id, 'VINV-' || lpad(n::text, 6, '0'), d, d + terms, 'draft', po_id, 'Bill ' || n,
        amount, 0, amount, case when st = 'void' or d <= current_date - 45 then 0 else amount end,
        d::timestamptz, case when st = 'void' then least(d + 5, current_date) end,
        case when st = 'void' then least(d + 5, current_date)::timestamptz end
      from (
        select n, po.id as po_id, coalesce(po.vendor_id, (select min(id) from vendors) + (n * 17) % ${VENDORS})
            as vendor_id,
          case when po.id is null and n % 25 = 0 then 'credit' else 'bill' end as kind,
          case when po.id is null
            then current_date - ${HISTORY_DAYS}::int + ((n - 1)::bigint * ${HISTORY_DAYS} / ${BILLS})::int
            else least(po.order_date + 5, current_date) end as d,
          case when n % 60 = 0 then 'void' else 'posted' end as st,
          case when po.id is null and n % 25 = 0 then -(25 + n % 200)::numeric(14, 2)
            else coalesce(po.total, (50 + n % 900)::numeric(14, 2)) end as amount,
          v.payment_terms as terms
        from generate_series(1, ${BILLS}) n
        left join purchase_orders po on po.status = 'received'
          and po.id = (select min(id) from purchase_orders) + (n - 1) * 2
        join vendors v on v.id = coalesce(po.vendor_id, (select min(id) from vendors) + (n * 17) % ${VENDORS})
      ) s order by s.d, s.n`);
    await db.execute(sql`insert into bill_lines (bill_id, line_no, item_id, account_id, description, quantity,
        unit_cost, amount, po_line_id)
      select b.id, l.line_no, l.item_id, null, l.description, l.quantity, l.unit_cost, l.amount, l.id
      from bills b join po_lines l on l.po_id = b.po_id
      union all
      select b.id, 1, null, ${account('6500')}, 'Services ' || b.id, 1, b.total, b.total, null
      from bills b where b.po_id is null
      order by 1, 2`);
    await ledger(
      sql`insert into journal_entries (number, entry_date, source_type, source_id, memo)
        select 'JE-' || lpad(nextval('bench_bp_numbers')::text, 7, '0'), d, t, id, m from (
          select bill_date as d, 'bill' as t, id, 'Bill ' || vendor_ref as m from bills
          union all select void_date, 'reversal', id, 'Void bill ' || vendor_ref from bills where void_date is not null
        ) s order by d, id`,
      sql`with e as (
          select e.id, e.entry_date, b.vendor_id, b.total * case when e.source_type = 'reversal' then -1 else 1 end
            as amount, b.po_id is not null as received
          from journal_entries e join bills b on b.id = e.source_id
          where e.source_type = 'bill' or (e.source_type = 'reversal' and e.memo like 'Void bill %')
        ), l as (
          select id, entry_date, 1 as k, case when received then ${account('2050')} else ${account('6500')} end
            as account, amount, null::int as vendor from e
          union all select id, entry_date, 2, ${account('2000')}, -amount, vendor_id from e
        )
        insert into journal_lines (entry_id, line_no, entry_date, account_id, debit, credit, vendor_id, memo)
        select id, k, entry_date, account, greatest(amount, 0), greatest(-amount, 0), vendor, '' from l
        order by id, k`,
    );
    // Inserted as drafts: a posted bill needs its entry (bills_posted_check).
    await db.execute(sql`update bills b set journal_entry_id = e.id,
        status = case when b.void_date is null then 'posted' else 'void' end
      from journal_entries e where e.source_type = 'bill' and e.source_id = b.id`);
  });
  await step('payments made with their allocations and entries', async () => {
    await db.execute(sql`
      with plan as (
        select id, vendor_id, least(due_date, current_date - 1) as paid_on, total, 'CHK ' || (100000 + id) as ref
        from bills where kind = 'bill' and status = 'posted' and bill_date <= current_date - 45
      ), paid as (
        insert into payments (direction, vendor_id, payment_date, method, reference, amount, account_id)
        select 'out', vendor_id, paid_on, 'check', ref, total, ${account('1000')} from plan order by paid_on, id
        returning id, reference
      )
      insert into allocations (source_type, source_id, target_type, target_id, amount, applied_on)
      select 'payment', paid.id, 'bill', plan.id, plan.total, plan.paid_on
      from paid join plan on plan.ref = paid.reference`);
    await db.execute(sql`update bills b set closed_on = a.applied_on from allocations a
      where a.target_type = 'bill' and a.target_id = b.id`);
    await ledger(
      sql`insert into journal_entries (number, entry_date, source_type, source_id, memo)
        select 'JE-' || lpad(nextval('bench_bp_numbers')::text, 7, '0'), payment_date, 'bill_payment', id,
          'Payment ' || reference
        from payments where direction = 'out' order by payment_date, id`,
      sql`insert into journal_lines (entry_id, line_no, entry_date, account_id, debit, credit, vendor_id, memo)
        select e.id, k, e.entry_date, case k when 1 then ${account('2000')} else ${account('1000')} end,
          case k when 1 then p.amount else 0 end, case k when 2 then p.amount else 0 end,
          case k when 1 then p.vendor_id end, ''
        from journal_entries e join payments p on p.id = e.source_id and p.direction = 'out'
        cross join generate_series(1, 2) k where e.source_type = 'bill_payment' order by e.id, k`,
    );
    await db.execute(sql`update payments p set journal_entry_id = e.id from journal_entries e
      where e.source_type = 'bill_payment' and e.source_id = p.id`);
  });
  // Stock moves: the receipts' lines of tracked items in, then the rest over each tracked item's home (the office or a
  // warehouse) and, for one in 4, a van: in fours per (item, location), 12 in then sales and issues of 3 (never below
  // 0).
  await step('stock moves and levels', async () => {
    await db.execute(sql`insert into stock_moves (item_id, location_id, quantity, unit_cost, value, reason,
        source_type, source_id, occurred_on, memo)
      select rl.item_id, r.location_id, rl.quantity, rl.unit_cost, rl.amount, 'receipt', 'receipt', r.id,
        r.received_on, ''
      from receipt_lines rl join receipts r on r.id = rl.receipt_id
      join billing_items it on it.id = rl.item_id and it.inventory_tracked
      order by r.received_on, rl.id`);
    await db.execute(sql`
      with tracked as (select id, average_cost, row_number() over (order by id) - 1 as k from billing_items
        where inventory_tracked),
      pairs as (
        select t.id as item, t.average_cost as cost, (select min(id) from inventory_locations) + t.k % 4 as location
        from tracked t
        union all
        select t.id, t.average_cost, (select min(id) from inventory_locations) + 4 + t.k % ${LOCATIONS - 4}
        from tracked t where t.k % 4 = 0
      ),
      numbered as (select *, row_number() over (order by item, location) - 1 as p from pairs),
      plan as (
        select n, x.item, x.location, x.cost,
          current_date - ${HISTORY_DAYS}::int + ((n - 1)::bigint * ${HISTORY_DAYS} / ${STOCK_MOVES})::int as d,
          (n / (select count(*) from numbered)) % 4 as phase
        from generate_series(1, greatest(${STOCK_MOVES} - (select count(*) from stock_moves), 0)) n
        join numbered x on x.p = n % (select count(*) from numbered)
      )
      insert into stock_moves (item_id, location_id, quantity, unit_cost, value, reason, source_type, occurred_on,
        memo)
      select item, location, case when phase = 0 then 12 else -3 end, cost,
        round(case when phase = 0 then 12 else -3 end * cost, 2),
        (array['adjustment', 'sale', 'issue', 'sale'])[phase + 1],
        (array['adjustment', 'invoice', 'ticket', 'invoice'])[phase + 1], d, ''
      from plan order by d, n`);
    await db.execute(sql`insert into stock_levels (item_id, location_id, on_hand, value)
      select item_id, location_id, greatest(sum(quantity), 0), greatest(sum(value), 0) from stock_moves group by 1, 2`);
  });
  await db.execute(sql`insert into account_month_balances (account_id, month, debit, credit)
    select account_id, date_trunc('month', entry_date)::date, sum(debit), sum(credit) from journal_lines group by 1, 2`);
  await db.execute(sql`insert into document_numbers (kind, next_value)
    values ('journal_entry', (select count(*) + 1 from journal_entries))
    on conflict (kind) do update set next_value = excluded.next_value`);
  await db.execute(sql`drop sequence bench_bp_numbers`);
  await step('vacuum analyze', () => db.execute(sql`vacuum analyze`));
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
