import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { permissionNames, type LoginResponse, type SignedInResponse } from '@switchboard/shared';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { inject } from 'vitest';
import type { AppInstance } from '../src/app-instance.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createDatabase, type Db } from '../src/db/client.ts';
import { clientAccounts } from '../src/modules/companies/client-accounts.table.ts';
import { companies } from '../src/modules/companies/companies.table.ts';
import { employeeDepartments, employees } from '../src/modules/users/employees.table.ts';
import { grantPermissions } from '../src/modules/permissions/permissions.service.ts';
import { users } from '../src/modules/users/users.table.ts';
import { databaseUrl } from './database-url.ts';

export interface TestContext {
  app: AppInstance;
  db: Db;
  /** The pool behind `db`, for tests that look at its connections. */
  pool: pg.Pool;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh database copied from the run's template (reference data and permissions, no users) and the app
 * on it, logging off. Routes may still be added before the first inject. Call close() in afterAll.
 */
export async function createTestContext(options: { config?: Partial<Config> } = {}): Promise<TestContext> {
  const serverUrl = inject('serverAdminDatabaseUrl');
  const template = inject('serverTemplateDatabase');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  await withServer(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(template)}`),
  );

  const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-test-data-'));
  // Background jobs stay off unless a test asks for them (options.config.jobsEnabled).
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir, JOBS_ENABLED: 'false' }), ...options.config };
  const { db, pool } = createDatabase(databaseUrl(serverUrl, name));
  const app = await buildApp({ db, config, logger: process.env.TEST_LOG ? undefined : false });
  return {
    app,
    db,
    pool,
    config,
    async close() {
      await app.close();
      if (!pool.ended) await pool.end();
      await withServer(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
      );
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function withServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface CreateUserOptions {
  type?: 'Employee' | 'Client';
  role?: 'admin' | 'user';
  name?: string;
  email?: string;
  password?: string;
  permissions?: string[];
  deletedAt?: Date | null;
  /** For an Employee: department ids (spec 1 §7.2: 1 tech, 3 sales, 5 HR); none when omitted. */
  departments?: number[];
  /** For a Client: the company of its client_accounts row (one is created when omitted). */
  companyId?: number;
}

export interface TestUser {
  id: number;
  type: 'Employee' | 'Client';
  role: 'admin' | 'user';
  name: string;
  email: string;
  password: string;
}

let userCount = 0;

// Fixture users get a cheap argon2id hash: verify() reads the cost from the hash, so their logins are cheap too. At
// production cost (password.ts) each fixture took ~75 ms to hash and again to log in, most of an API file's CPU.
// Passwords the app hashes itself (accounts, resets, bootstrap) keep that cost; password.test.ts proves it.
const fixtureHashOptions = { memoryCost: 64, timeCost: 1, parallelism: 1 };

/** Inserts a user with its employees or client_accounts row and the given permissions. */
export async function createUser(db: Db, options: CreateUserOptions = {}): Promise<TestUser> {
  const unknown = (options.permissions ?? []).filter((p) => !(permissionNames as string[]).includes(p));
  if (unknown.length > 0) throw new Error(`createUser: unknown permissions ${unknown.join(', ')}`);
  userCount += 1;
  const type = options.type ?? 'Employee';
  const role = options.role ?? 'user';
  const name = options.name ?? `Test User ${userCount}`;
  const email = options.email ?? `user${userCount}-${randomBytes(3).toString('hex')}@example.test`;
  const password = options.password ?? 'Password-123';
  const [user] = await db
    .insert(users)
    .values({
      type,
      role,
      name,
      shortname: name.split(' ')[0] ?? name,
      email,
      passwordHash: await hash(password, fixtureHashOptions),
      deletedAt: options.deletedAt ?? null,
    })
    .returning({ id: users.id });
  if (type === 'Employee') {
    await db.insert(employees).values({ userId: user.id });
    if (options.departments?.length)
      await db
        .insert(employeeDepartments)
        .values(options.departments.map((departmentId) => ({ userId: user.id, departmentId })));
  } else {
    const companyId =
      options.companyId ??
      (
        await db
          .insert(companies)
          .values({ name: `Company of ${name}` })
          .returning({ id: companies.id })
      )[0].id;
    await db.insert(clientAccounts).values({ userId: user.id, companyId });
  }
  await grantPermissions(db, user.id, options.permissions ?? []);
  return { id: user.id, type, role, name, email, password };
}

/** Signs in through POST /api/login; fails the test with the answer when it is not 200 or asks for two-factor. */
export async function login(app: AppInstance, email: string, password: string): Promise<SignedInResponse> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed with ${response.statusCode}: ${response.body}`);
  const body = response.json<LoginResponse>();
  if (body.twofactor) throw new Error('login answered the two-factor challenge');
  return body;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** A multipart/form-data body for app.inject: text fields as they are, files as { blob, name }. */
export async function multipartBody(
  fields: Record<string, string | { blob: Blob; name: string }>,
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, value.blob, value.name);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}
