// Once per `vitest run`: a PostgreSQL (DATABASE_URL, or an embedded one in a temp folder) and one migrated,
// seeded template database that every test file copies (see helpers.ts).
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresServer } from '../src/db/embedded.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedReference } from '../src/db/seed/reference.ts';
import { seedPermissions } from '../src/modules/permissions/permissions.service.ts';
import { databaseUrl } from './database-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database URL on the test server with the right to CREATE and DROP databases. */
    serverAdminDatabaseUrl: string;
    /** The migrated and seeded template; per-file databases are named after it. */
    serverTemplateDatabase: string;
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let embedded: EmbeddedPostgresServer | undefined;
  let tempDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tempDir = await mkdtemp(join(tmpdir(), 'switchboard-server-tests-'));
    // mkdtemp makes the folder 0700; the embedded server may run as another user (postgres, under root).
    await chmod(tempDir, 0o755);
    embedded = await startEmbeddedPostgres({
      dataDir: tempDir,
      port: await findFreePort(),
      log: pino({ level: 'silent' }),
      database: 'postgres',
    });
    adminUrl = embedded.url;
  }

  // Unique per run, so two runs against one shared server (CI's PostgreSQL) never meet.
  const template = `sbtest_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const teardown = async () => {
    if (adminUrl) {
      await withClient(adminUrl, async (client) => {
        const { rows } = await client.query<{ datname: string }>(
          'SELECT datname FROM pg_database WHERE datname LIKE $1',
          [`${template}%`],
        );
        for (const { datname } of rows)
          await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(datname)} WITH (FORCE)`);
      }).catch((error) => console.error('Could not drop the test databases:', error));
    }
    await embedded?.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };

  try {
    await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(template)}`));
    const { db, pool } = createDatabase(databaseUrl(adminUrl, template));
    try {
      await migrateDatabase(db);
      await seedReference(db);
      await seedPermissions(db);
    } finally {
      await pool.end();
    }
    // CREATE DATABASE ... TEMPLATE fails while anyone is connected to the template.
    await withClient(adminUrl, (client) =>
      client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [template],
      ),
    );
  } catch (error) {
    await teardown();
    throw error;
  }

  if (!process.env.REDIS_URL) {
    // Said aloud, since vitest only counts them as skipped: `.ci/run` runs them with its Redis.
    console.warn(
      '\nREDIS_URL is unset: the tests of realtime and co-editing across processes through Redis are skipped.\n' +
        'Run them with e.g. REDIS_URL=redis://127.0.0.1:6379 npx vitest run --project server\n',
    );
  }
  project.provide('serverAdminDatabaseUrl', adminUrl);
  project.provide('serverTemplateDatabase', template);
  return teardown;
}
