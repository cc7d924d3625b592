// Budget (issue 17): a stored document is served in p95 under 300 ms with 10 clients asking at once.
// Seeds 200 sent quotes of 12 lines (revision 00 each), then 10 clients ask for a revision (the viewer's call) and
// the latest as a download (the Download button's call); also times one render and one unchanged save.
// Run: node --import tsx bench/documents.ts   (DATABASE_URL to use your own server; else an embedded one).
// Prints p50 / p95 / max per call, each with its statements alone in PostgreSQL and the p95's ratio to them
// (bench/sql-alone.ts); exits 1 over budget.
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
import { saveQuote, sendQuote } from '../apps/server/src/modules/quotes/quotes.service.ts';
import { companies } from '../apps/server/src/modules/companies/companies.table.ts';
import { seedPermissions, grantPermissions } from '../apps/server/src/modules/permissions/permissions.service.ts';
import { employees } from '../apps/server/src/modules/users/employees.table.ts';
import { users } from '../apps/server/src/modules/users/users.table.ts';
import { describeRatio, sqlAloneOfCalls } from './sql-alone.ts';

const BUDGET_P95_MS = 300;
const CLIENTS = 10;
const REQUESTS = 1_000;
const QUOTES = 200;

const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-docs-'));
const database = await openBenchDatabase({ prefix: 'bench_docs', dataDir, embeddedPort: 5498 });
const { db, pool } = createDatabase(database.url);
try {
  await migrateDatabase(db);
  await seedReference(db);
  await seedPermissions(db);
  const [user] = await db
    .insert(users)
    .values({
      type: 'Employee',
      name: 'Bea Biller',
      shortname: 'Bea',
      email: 'bea@bench.test',
      passwordHash: await hashPassword('Bench-password-1'),
    })
    .returning({ id: users.id });
  await db.insert(employees).values({ userId: user!.id });
  await grantPermissions(db, user!.id, ['view billing']);
  const [company] = await db.insert(companies).values({ name: 'Bench Dental' }).returning({ id: companies.id });
  const lines = Array.from({ length: 12 }, (_, index) => ({
    description: `Line item ${index + 1}: managed switch, 24 ports, with three years of support`,
    quantity: String(index + 1),
    unitPrice: '129.9900',
  }));
  const quote = { companyId: company!.id, title: 'Network refresh', quoteDate: '2026-11-02', terms: 'Net 20', lines };

  console.log(`seeding ${QUOTES} sent quotes…`);
  const renders: number[] = [];
  for (let index = 0; index < QUOTES; index++) {
    const { id } = await saveQuote(db, dataDir, quote, user!.id);
    const started = performance.now();
    await sendQuote(db, dataDir, id, user!.id);
    renders.push(performance.now() - started);
  }
  const unchanged = performance.now();
  await saveQuote(db, dataDir, { ...quote, id: 1 }, user!.id);
  const unchangedMs = performance.now() - unchanged;
  renders.sort((a, b) => a - b);
  console.log(
    `render and store revision 00 (send): p50 ${renders[QUOTES / 2]!.toFixed(1)} ms, p95 ${renders[Math.floor(QUOTES * 0.95)]!.toFixed(1)} ms; an unchanged save ${unchangedMs.toFixed(1)} ms`,
  );

  const config = loadConfig({ DATA_DIR: dataDir });
  const app = await buildApp({ db, config, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bea@bench.test', password: 'Bench-password-1' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };

  let failed = false;
  for (const [label, path] of [
    ['a revision for the viewer (GET /api/pdf/quote/{id}/0)', (id: number) => `/api/pdf/quote/${id}/0`],
    ['the latest as a download (GET /api/pdf/quote/{id})', (id: number) => `/api/pdf/quote/${id}`],
    ['the revision list (GET /api/revisions/quote/{id})', (id: number) => `/api/revisions/quote/${id}`],
  ] as const) {
    const times: number[] = [];
    let next = 0;
    const client = async () => {
      while (next < REQUESTS) {
        next += 1;
        const started = performance.now();
        const response = await fetch(`${address}${path(1 + Math.floor(Math.random() * QUOTES))}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${label}: ${response.status}`);
        times.push(performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    const over = p(0.95) > BUDGET_P95_MS;
    failed ||= over;
    console.log(
      `${over ? 'OVER ' : 'ok   '} ${label}: p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (${times.length} requests, ${CLIENTS} at once)`,
    );
    // Beside the figure, the call's statements alone in PostgreSQL and the p95's ratio to them (bench/sql-alone.ts).
    const [alone] = (await sqlAloneOfCalls(pool, address, token, [[label, path(QUOTES / 2)]])).values();
    console.log(`        ${describeRatio(alone!, p(0.95))}`);
  }
  await app.close();
  process.exitCode = failed ? 1 : 0;
} finally {
  if (!pool.ended) await pool.end();
  await database.stop();
  await rm(dataDir, { recursive: true, force: true });
}
