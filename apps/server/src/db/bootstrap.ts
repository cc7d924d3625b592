import { permissionNames } from '@switchboard/shared';
import { loadHtmlSanitizer } from '@switchboard/shared/html-policy';
import { and, eq, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { generatePassword, hashPassword } from '../modules/auth/password.ts';
import { employees } from '../modules/users/employees.table.ts';
import { grantPermissions, seedPermissions } from '../modules/permissions/permissions.service.ts';
import { users } from '../modules/users/users.table.ts';
import type { Db, DbOrTransaction } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { seedReference } from './seed/reference.ts';
import { runStoredHtmlMigration } from './stored-html.ts';

// Any fixed number: several server processes starting together take turns through the bootstrap.
const bootstrapLockKey = 7_158_201_344;

/** The administrator a start has just created; `password` is null when it came from ADMIN_PASSWORD. */
export interface CreatedAdministrator {
  email: string;
  password: string | null;
}

/**
 * Run at every start: migrations, reference data, the permission catalogue, an administrator when there is
 * none, and the data migrations this database has not run yet (stored-html.ts). Each step is idempotent. Answers
 * the administrator created now, for the caller to print once.
 */
export async function bootstrapDatabase(
  db: Db,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
  log: Logger,
): Promise<CreatedAdministrator | null> {
  let created: CreatedAdministrator | null = null;
  await withAdvisoryLock(db, async () => {
    await migrateDatabase(db);
    await seedReference(db);
    await db.transaction(async (tx) => {
      await seedPermissions(tx);
      created = await ensureAdministrator(tx, config, log);
    });
    await runStoredHtmlMigration(db, log);
  });
  // jsdom takes a while to load: at start, not in the first request that stores HTML (decision 0060).
  loadHtmlSanitizer();
  return created;
}

/** Creates the first administrator when no enabled one exists; its generated password is answered, never logged. */
export async function ensureAdministrator(
  db: DbOrTransaction,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
  log: Logger,
): Promise<CreatedAdministrator | null> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    .limit(1);
  if (admin) return null;

  const password = config.adminPassword ?? generatePassword(16);
  const passwordHash = await hashPassword(password);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${config.adminEmail})`)
    .limit(1);

  let userId: number;
  if (existing) {
    // ADMIN_EMAIL names a demoted or disabled account: make it the administrator again.
    await db
      .update(users)
      .set({ role: 'admin', deletedAt: null, passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, existing.id));
    userId = existing.id;
  } else {
    const [created] = await db
      .insert(users)
      .values({
        type: 'Employee',
        role: 'admin',
        name: 'Administrator',
        shortname: 'Admin',
        email: config.adminEmail,
        passwordHash,
      })
      .returning({ id: users.id });
    userId = created.id;
    await db.insert(employees).values({ userId });
  }
  // Every permission but the anonymous channel's: reading it is granted to a person, never implied (decision 0105).
  await grantPermissions(
    db,
    userId,
    permissionNames.filter((name) => name !== 'read anonymous email'),
  );
  log.info({ userId }, 'administrator account created');
  return { email: config.adminEmail, password: config.adminPassword ? null : password };
}

/**
 * The box printed on start, apart from the log lines: where the app answers and, on the first start, how the
 * administrator signs in. Printed, not logged: the structured log must never carry a password.
 */
export function formatStartBanner(url: string | null, administrator: CreatedAdministrator | null): string {
  const lines: string[] = [];
  if (url) lines.push(`Switchboard is running at ${url}`);
  if (administrator) {
    if (lines.length) lines.push('');
    lines.push('Administrator account created', `  E-mail:    ${administrator.email}`);
    lines.push(`  Password:  ${administrator.password ?? 'the one given in ADMIN_PASSWORD'}`);
    if (administrator.password) lines.push('Shown only this once: sign in and change it.');
  }
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 4);
  return [`┌${rule}┐`, ...lines.map((line) => `│  ${line.padEnd(width)}  │`), `└${rule}┘`].join('\n');
}

async function withAdvisoryLock(db: Db, work: () => Promise<void>): Promise<void> {
  // drizzle keeps its client as $client at runtime; Db's type leaves it out.
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return work();
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [bootstrapLockKey]);
    await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [bootstrapLockKey]).catch(() => {});
    client.release();
  }
}
