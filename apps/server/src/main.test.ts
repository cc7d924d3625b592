// The real entry point as scripts/start.mjs and the browser tests run it: embedded PostgreSQL in a fresh
// DATA_DIR, first-start administrator, health, graceful stop, and a second start on the same data.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Running {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, LOG_LEVEL: 'info' };
  // The entry point must use its embedded database here, whatever the test run was given.
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: repoRoot, env: childEnv });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForHealth(baseUrl: string, server: Running): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not healthy within 60 s:\n${server.output()}`);
}

function postgresRunningOn(dataDir: string): boolean {
  return spawnSync('pgrep', ['-f', `postgres -D ${join(dataDir, 'postgres')}`]).status === 0;
}

describe('node --import tsx apps/server/src/main.ts', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'switchboard-main-test-'));
    const port = await freePort();
    env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      ADMIN_EMAIL: 'first@example.test',
      WEB_DIST: join(dataDir, 'no-web'),
    };
    baseUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  let printedPassword = '';

  it('starts on a fresh DATA_DIR, prints the administrator once, and stops everything on SIGTERM', async () => {
    const server = startServer(env);
    await waitForHealth(baseUrl, server);

    const password = /Password: (\S{16})\n/.exec(server.output())?.[1];
    expect(password, server.output()).toBeDefined();
    printedPassword = password!;
    expect(server.output()).toContain('first@example.test');
    expect(server.output()).toContain(`Switchboard is running at http://127.0.0.1:${env.PORT}`);
    // The generated password is printed, never written to the structured log.
    expect(server.output().split('\n').filter((line) => line.startsWith('{') && line.includes(printedPassword))).toEqual([]);

    const passwordFile = join(dataDir, 'postgres-password');
    expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);

    const login = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first@example.test', password: printedPassword }),
    });
    expect(login.status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(postgresRunningOn(dataDir)).toBe(false);
  });

  it('starts again on the same data past a stale postmaster.pid, without a new administrator', async () => {
    const storedPassword = await readFile(join(dataDir, 'postgres-password'), 'utf8');
    // A pid that surely belongs to no running process: one that has just exited.
    const gone = spawnSync('true').pid;
    const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
    await writeFile(pidFile, `${gone}\n${join(dataDir, 'postgres')}\n`);
    await chmod(pidFile, 0o600);

    const server = startServer({ ...env, ADMIN_EMAIL: 'second@example.test' });
    await waitForHealth(baseUrl, server);
    expect(server.output()).toContain('removing the stale postmaster.pid');
    expect(server.output()).not.toContain('Password:');
    expect(await readFile(join(dataDir, 'postgres-password'), 'utf8')).toBe(storedPassword);

    const login = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first@example.test', password: printedPassword }),
    });
    expect(login.status).toBe(200);

    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(postgresRunningOn(dataDir)).toBe(false);
  });

  it('exits 1 with the names of the bad variables', async () => {
    const server = startServer({ ...env, PORT: 'eighty', ADMIN_EMAIL: 'nope' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
    expect(server.output()).toContain('ADMIN_EMAIL');
  });
});
