// Budget (design §7): Balance Sheet, Income Statement and the trial balance (GET /billing/accounts) answer in p95
// under 150 ms at 10 concurrent clients on bench/billing.ts's data (2,000 companies, 200,000 invoices, 2,000,000
// journal lines). Verify Transactions is not budgeted (it re-derives every rollup and sub-ledger: a nightly job); one
// call is timed and printed. Each figure is printed beside the floor's p95 of the same run and beside the call's
// statements alone in PostgreSQL (bench/sql-alone.ts).
// Run on a database bench/billing.ts seeded and kept (its seed lives there; this file only measures):
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_KEEP_DB=1 node --import tsx bench/billing.ts
//   BENCH_REUSE_URL=<the url it printed as kept> node --import tsx bench/billing-statements.ts
// Without BENCH_REUSE_URL, it opens a fresh database through bench-database.ts (migrated, no postings: a smoke run of
// the calls, its figures not the budget's). Exits 1 over budget.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openBenchDatabase } from './bench-database.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { seedReference } from '../apps/server/src/db/seed/reference.ts';
import { hashPassword } from '../apps/server/src/modules/auth/password.ts';
import { grantPermissions, seedPermissions } from '../apps/server/src/modules/permissions/permissions.service.ts';
import { runLoad } from './run-load.ts';
import { describeRatio, sqlAloneOfCalls } from './sql-alone.ts';

const BUDGET_P95_MS = 150;
const CONCURRENCY = 10;
const REQUESTS_PER_CALL = Number(process.env.BENCH_REQUESTS ?? 500);
const WRK_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-'));
const reuse = process.env.BENCH_REUSE_URL;
const database = reuse ? null : await openBenchDatabase({ prefix: 'bench_bs', dataDir, embeddedPort: 5497 });
const url = reuse ?? database!.url;
const { db, pool } = createDatabase(url);

try {
  await migrateDatabase(db);
  if (!reuse) await seedClerks();
  const config = { ...loadConfig({ DATA_DIR: dataDir }), accessTokenTtlMinutes: 600, jobsEnabled: false };
  const app = await buildApp({ db, config, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // bench/billing.ts's clerks (clerk1..50@bench.test, 'view billing'), signed in one at a time.
  const tokens: string[] = [];
  for (let i = 0; i < CONCURRENCY; i++) {
    const login = await fetch(`${address}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `clerk${i + 1}@bench.test`, password: 'Bench-password-1' }),
    });
    if (!login.ok) throw new Error(`signing in clerk${i + 1}: ${login.status} ${await login.text()}`);
    tokens.push(((await login.json()) as { access_token: string }).access_token);
  }
  const { rows } = await pool.query<{ today: string; lines: number; rollup: number }>(
    `select current_date::text as today, (select count(*)::int from journal_lines) as lines,
      (select count(*)::int from account_month_balances) as rollup`,
  );
  const f = rows[0]!;
  console.log(`data: ${f.lines} journal lines, ${f.rollup} rollup rows, today ${f.today}`);
  const year = f.today.slice(0, 4);
  const paths: [string, string][] = [
    ['floor at 10: GET /api/health', '/api/health'],
    ['trial balance (accounts as of today)', `/api/billing/accounts?as_of=${f.today}`],
    ['balance sheet, today', '/api/billing/reports/balancesheet'],
    ['balance sheet, today vs prior year end', '/api/billing/reports/balancesheet?compare=prior_year'],
    ['income statement, year to date', '/api/billing/reports/incomestatement'],
    [
      'income statement, 12 months monthly vs prior year',
      `/api/billing/reports/incomestatement?from=${Number(year) - 1}-${f.today.slice(5, 7)}-01&to=${f.today}` +
        '&monthly=1&compare=prior_year',
    ],
  ];
  const results = await runLoad(
    { address, tokens, concurrency: CONCURRENCY, requests: REQUESTS_PER_CALL, paths },
    WRK_SECONDS,
  );
  const floorP95 = results.find((result) => result.label.startsWith('floor'))?.p95 ?? NaN;
  const alone = await sqlAloneOfCalls(pool, address, tokens[0]!, paths);
  let failed = false;
  for (const { label, p50, p95, max, requests } of results) {
    const unmeasured = requests === 0 || p95 === 0;
    const over = !label.startsWith('floor') && (p95 > BUDGET_P95_MS || unmeasured);
    failed ||= over;
    console.log(
      `${over ? 'OVER ' : 'ok   '} ${label}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
        `(${(p95 / floorP95).toFixed(2)} x the floor's p95), max ${max.toFixed(1)} ms (${requests} requests, ` +
        `${CONCURRENCY} at once)`,
    );
    console.log(`        ${describeRatio(alone.get(label)!, p95)}`);
  }
  // The statements above are served from the billing-version cache after their first computation; a billing write
  // (any posting) moves the version, and the next reader computes them again. Here every request follows a write: 10
  // clients each move the version and then ask, for BENCH_WRITE_SECONDS (default 5) a call; budgeted as above.
  const writeSeconds = Number(process.env.BENCH_WRITE_SECONDS ?? 5);
  for (const [label, path] of paths.filter(([label]) => label.includes('sheet') || label.includes('statement'))) {
    const times: number[] = [];
    const until = performance.now() + writeSeconds * 1000;
    await Promise.all(
      tokens.map(async (token) => {
        while (performance.now() < until) {
          await pool.query('update billing_versions set version = version + 1 where id = 1');
          const started = performance.now();
          const response = await fetch(`${address}${path}`, { headers: { authorization: `Bearer ${token}` } });
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`${label} after a write: ${response.status}`);
          times.push(performance.now() - started);
        }
      }),
    );
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    const over = at(0.95) > BUDGET_P95_MS;
    failed ||= over;
    console.log(
      `${over ? 'OVER ' : 'ok   '} ${label}, each after a billing write: p50 ${at(0.5).toFixed(1)} ms, ` +
        `p95 ${at(0.95).toFixed(1)} ms (${(at(0.95) / floorP95).toFixed(2)} x the floor's p95), ` +
        `max ${times[times.length - 1]!.toFixed(1)} ms (${times.length} requests, ${CONCURRENCY} at once)`,
    );
  }
  // Verify Transactions, once (not budgeted).
  const started = performance.now();
  const verify = await fetch(`${address}/api/billing/reports/verifytransactions`, {
    headers: { authorization: `Bearer ${tokens[0]}` },
  });
  const answer = (await verify.json()) as { passed: boolean; checks: { key: string; passed: boolean }[] };
  console.log(
    `info  verify transactions, one call: ${(performance.now() - started).toFixed(0)} ms, ` +
      `${answer.passed ? 'all passed' : `failed: ${answer.checks.filter((c) => !c.passed).map((c) => c.key)}`}`,
  );
  await app.close();
  if (failed) process.exitCode = 1;
} finally {
  if (!pool.ended) await pool.end();
  await database?.stop();
  await rm(dataDir, { recursive: true, force: true });
}

/** A fresh database: reference data, permissions and ten clerks with 'view billing' (as bench/billing.ts makes). */
async function seedClerks(): Promise<void> {
  await seedReference(db);
  await seedPermissions(db);
  const hash = await hashPassword('Bench-password-1');
  for (let i = 0; i < CONCURRENCY; i++) {
    const { rows } = await pool.query<{ id: number }>(
      `insert into users (type, role, name, shortname, email, password_hash)
       values ('Employee', 'user', $1, $1, $2, $3) returning id`,
      [`Clerk ${i + 1}`, `clerk${i + 1}@bench.test`, hash],
    );
    await pool.query('insert into employees (user_id) values ($1)', [rows[0]!.id]);
    await grantPermissions(db, rows[0]!.id, ['view billing']);
  }
}
