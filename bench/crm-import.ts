// Budgets (designs/crm-softphone.md §6): an import of 100,000 rows against 500,000 live leads in under 60 s and under
// 300 MB; an export of 500,000 rows in under 30 s with RSS growth under 100 MB. Seeds 500,000 leads (one SQL
// statement), writes a 100,000-row CSV (10% duplicates of live leads by phone, 5% by e-mail inside the file, the rest
// new, every tenth with a note), runs the import job and the export job in this process, and prints the time, peak
// RSS and the import's counts. Memory budgets are the growth over the process's RSS before the job (the app and
// tsx's compiled code already take ~300 MB here). Exits 1 over budget.
// Run: node --import tsx bench/crm-import.ts   (DATABASE_URL to use your own server; else an embedded one;
// BENCH_LEADS / BENCH_ROWS to change the sizes).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { openBenchDatabase } from './bench-database.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { seedReference } from '../apps/server/src/db/seed/reference.ts';
import { createExport, runQueuedExports } from '../apps/server/src/modules/crm/crm-imports.export.ts';
import { createImport, runQueuedImports } from '../apps/server/src/modules/crm/crm-imports.service.ts';
import { crmExports } from '../apps/server/src/modules/crm/crm-imports.table.ts';
import { grantPermissions, seedPermissions } from '../apps/server/src/modules/permissions/permissions.service.ts';
import { employees } from '../apps/server/src/modules/users/employees.table.ts';
import { users } from '../apps/server/src/modules/users/users.table.ts';
import { importFieldsSchema } from '@switchboard/shared/crm-imports';
import { exportInputSchema } from '@switchboard/shared/crm-imports';

const LEADS = Number(process.env.BENCH_LEADS ?? 500_000);
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const IMPORT_BUDGET_MS = 60_000;
const IMPORT_BUDGET_MB = 300;
const EXPORT_BUDGET_MS = 30_000;
const EXPORT_GROWTH_MB = 100;

const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-'));
const database = await openBenchDatabase({ prefix: 'bench_crm_import', dataDir, embeddedPort: 5487 });
const { db, pool } = createDatabase(database.url);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Runs `work` while sampling RSS every 50 ms: answers its time, the peak RSS and the growth over the start. */
async function measure(work: () => Promise<unknown>) {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const began = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms: Math.round(performance.now() - began), peakMb: mb(peak), growthMb: mb(peak - start) };
}

let failed = false;
try {
  await migrateDatabase(db);
  await seedReference(db);
  await seedPermissions(db);
  const [user] = await db
    .insert(users)
    .values({
      type: 'Employee',
      role: 'admin',
      name: 'Bench Manager',
      shortname: 'Bench',
      email: 'bench@example.test',
      passwordHash: 'x',
    })
    .returning({ id: users.id });
  await db.insert(employees).values({ userId: user!.id });
  await grantPermissions(db, user!.id, ['view crm', 'manage crm']);

  const seeded = performance.now();
  await db.execute(sql`insert into crm_leads (company_name, first_name, phone, email, city, state, status, manager_id)
    select 'Bench Company ' || g, 'Pat', '(3' || lpad((g % 100)::text, 2, '0') || ') ' || lpad((g / 10000 % 1000)::text, 3, '0')
      || '-' || lpad((g % 10000)::text, 4, '0'), 'lead' || g || '@bench.test', 'Austin', 'TX', 1, ${user!.id}
    from generate_series(1, ${LEADS}) g`);
  await db.execute(sql`analyze crm_leads`);
  console.log(`seeded ${LEADS} leads in ${Math.round(performance.now() - seeded)} ms`);

  // Existing lead g has phone key 3{g%100 padded}{g/10000%1000}{g%10000}: the CSV reuses some of them.
  const phoneOf = (g: number) =>
    `3${String(g % 100).padStart(2, '0')}-${String(Math.floor(g / 10000) % 1000).padStart(3, '0')}-${String(g % 10000).padStart(4, '0')}`;
  const lines = ['Company,First Name,Last Name,Phone,Email,City,State,Notes'];
  for (let i = 1; i <= ROWS; i += 1) {
    if (i % 10 === 0) lines.push(`Again ${i},Ann,Lee,${phoneOf((i * 7) % LEADS || 1)},,Austin,TX,`);
    else if (i % 20 === 5) lines.push(`Twin ${i},Bo,,,NEW${i - 1}@import.test,Austin,TX,`);
    else
      lines.push(
        `New Company ${i},Cy,Doe,7${String(i).padStart(9, '0')},new${i}@import.test,Dallas,TX,${i % 10 === 3 ? '"Met at the expo, call back"' : ''}`,
      );
  }
  const relative = 'uploads/crm-imports/bench.csv';
  await mkdir(join(dataDir, 'uploads', 'crm-imports'), { recursive: true });
  const text = `${lines.join('\n')}\n`;
  await writeFile(join(dataDir, relative), text);
  console.log(`CSV: ${ROWS} rows, ${mb(text.length)} MB`);

  const config = { ...loadConfig({ DATA_DIR: dataDir }), jobsEnabled: false };
  const app = await buildApp({ db, config, logger: false });
  await app.ready();
  const created = await createImport(
    db,
    {
      fields: importFieldsSchema.parse({}),
      fileName: 'bench.csv',
      storagePath: relative,
      header: lines[0]!.split(','),
      rowsTotal: ROWS,
    },
    user!.id,
  );
  const imported = await measure(() => runQueuedImports(app));
  const [row] = await db
    .execute<Record<string, number | string>>(
      sql`select status, rows_total, rows_created, rows_updated, rows_skipped, rows_failed from crm_imports where id = ${created.id}`,
    )
    .then((result) => result.rows);
  console.log(
    `import: ${imported.ms} ms, peak RSS ${imported.peakMb} MB (+${imported.growthMb} MB)  ${JSON.stringify(row)}` +
      `  budget < ${IMPORT_BUDGET_MS} ms, < ${IMPORT_BUDGET_MB} MB over the process's start`,
  );
  if (imported.ms > IMPORT_BUDGET_MS || imported.growthMb > IMPORT_BUDGET_MB || row?.status !== 'done') failed = true;

  const input = exportInputSchema.parse({
    filters: { status: 2 },
    columns: ['id', 'company_name', 'first_name', 'phone', 'email', 'city', 'state', 'campaign', 'status', 'manager'],
  });
  const queued = await createExport(db, input, user!.id, '2026-01-01');
  const exported = await measure(() => runQueuedExports(app));
  const [done] = await db.select().from(crmExports).where(eq(crmExports.id, queued.id));
  console.log(
    `export: ${done?.rows} rows in ${exported.ms} ms, RSS growth ${exported.growthMb} MB (peak ${exported.peakMb} MB)` +
      `  budget < ${EXPORT_BUDGET_MS} ms, < ${EXPORT_GROWTH_MB} MB growth`,
  );
  if (exported.ms > EXPORT_BUDGET_MS || exported.growthMb > EXPORT_GROWTH_MB || done?.status !== 'done') failed = true;
  await app.close();
} finally {
  if (!pool.ended) await pool.end().catch(() => undefined);
  await database.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
