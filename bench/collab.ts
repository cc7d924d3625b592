// Budget (issue 17): an edit reaches a co-editor of the same note in under 100 ms (p95 over 200 edits), through the
// app's own /collab endpoint as browsers reach it.
// Run: node --import tsx bench/collab.ts   (DATABASE_URL to use your own server; else an embedded one).
// Prints p50 / p95 / max and, beside them, one edit's statements alone in PostgreSQL with the p95's ratio to them
// (bench/sql-alone.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { openBenchDatabase } from './bench-database.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { seedReference } from '../apps/server/src/db/seed/reference.ts';
import { hashPassword } from '../apps/server/src/modules/auth/password.ts';
import { companies } from '../apps/server/src/modules/companies/companies.table.ts';
import { employees } from '../apps/server/src/modules/users/employees.table.ts';
import { seedPermissions } from '../apps/server/src/modules/permissions/permissions.service.ts';
import { tickets } from '../apps/server/src/modules/tickets/tickets.table.ts';
import { users } from '../apps/server/src/modules/users/users.table.ts';
import { describeRatio, statementsOf, timeAlone } from './sql-alone.ts';

const BUDGET_P95_MS = 100;
const EDITS = 200;

const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-collab-'));
const database = await openBenchDatabase({ prefix: 'bench_collab', dataDir, embeddedPort: 5497 });
const { db, pool } = createDatabase(database.url);
const providers: { destroy(): void }[] = [];
try {
  await migrateDatabase(db);
  await seedReference(db);
  await seedPermissions(db);
  const passwordHash = await hashPassword('Bench-password-1');
  const people = await db
    .insert(users)
    .values(
      ['ana', 'ben'].map((name) => ({
        type: 'Employee' as const,
        name,
        shortname: name,
        email: `${name}@bench.test`,
        passwordHash,
      })),
    )
    .returning({ id: users.id });
  await db.insert(employees).values(people.map((person) => ({ userId: person.id })));
  const [company] = await db.insert(companies).values({ name: 'Bench Dental' }).returning({ id: companies.id });
  const [ticket] = await db
    .insert(tickets)
    .values({ subject: 'Notes', body: 'x', companyId: company!.id, location: 1, triageId: 3, status: 2 })
    .returning({ id: tickets.id });

  const app = await buildApp({ db, config: loadConfig({ DATA_DIR: dataDir }), logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const tokenOf = async (email: string) => {
    const response = await fetch(`${address}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Bench-password-1' }),
    });
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const connect = (token: string) =>
    new Promise<Y.Doc>((resolve, reject) => {
      const doc = new Y.Doc();
      const websocketProvider = new HocuspocusProviderWebsocket({
        url: `${address.replace('http', 'ws')}/collab`,
        WebSocketPolyfill: WebSocket,
      });
      const provider = new HocuspocusProvider({
        websocketProvider,
        name: `ticket:${ticket!.id}`,
        document: doc,
        token,
        onSynced: () => resolve(doc),
        onAuthenticationFailed: ({ reason }) => reject(new Error(reason)),
      });
      provider.attach();
      providers.push(provider, websocketProvider);
    });
  const writer = await connect(await tokenOf('ana@bench.test'));
  const reader = await connect(await tokenOf('ben@bench.test'));

  const times: number[] = [];
  const text = reader.getText('bench');
  const edit = async (edit: number) => {
    const arrived = new Promise<void>((resolve) => {
      const check = () => {
        if (text.length > edit) {
          text.unobserve(check);
          resolve();
        }
      };
      text.observe(check);
    });
    const started = performance.now();
    writer.getText('bench').insert(edit, 'x');
    await arrived;
    return performance.now() - started;
  };
  for (let round = 0; round < EDITS; round++) times.push(await edit(round));
  // Beside the figure, one more edit's statements alone in PostgreSQL (the append to collab_updates, which the
  // co-editor does not wait for, so 200 ms are left for it) and the p95's ratio to them (bench/sql-alone.ts).
  const sent = await statementsOf(async () => {
    await edit(EDITS);
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
  const alone = await timeAlone(pool, sent);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  const over = at(0.95) > BUDGET_P95_MS;
  console.log(
    `${over ? 'OVER ' : 'ok   '} an edit reaching a co-editor: p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (${EDITS} edits)`,
  );
  console.log(`        ${describeRatio(alone, at(0.95))}`);
  for (const provider of providers) provider.destroy();
  await app.close();
  process.exitCode = over ? 1 : 0;
} finally {
  if (!pool.ended) await pool.end();
  await database.stop();
  await rm(dataDir, { recursive: true, force: true });
}
