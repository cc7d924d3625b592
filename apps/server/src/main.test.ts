// The real entry point as scripts/start.mjs and the browser tests run it: embedded PostgreSQL in a fresh
// DATA_DIR, first-start administrator, health, graceful stop, and a second start on the same data.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { demoCompanyNames } from './db/seed/demo.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

// Servers a failed test did not stop; afterAll ends them.
const started: ChildProcess[] = [];

function startServer(env: Record<string, string>): Running {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, LOG_LEVEL: 'info' };
  // The entry point must use its embedded database here, whatever the test run was given.
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: childEnv,
  });
  started.push(child);
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

interface Setup {
  dataDir: string;
  env: Record<string, string>;
  baseUrl: string;
}

// Data folders the tests made; afterAll stops what runs on them and removes them.
const dataDirs: string[] = [];

/** Ports of this test's own, on `dataDir` (a new empty folder unless given). */
async function setupOn(dataDir?: string): Promise<Setup> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'switchboard-main-test-')));
  dataDirs.push(dir);
  const port = await freePort();
  return {
    dataDir: dir,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      EMBEDDED_PG_PORT: String(await freePort()),
      ADMIN_EMAIL: 'first@example.test',
      WEB_DIST: join(dir, 'no-web'),
    },
    baseUrl: `http://127.0.0.1:${port}`,
  };
}

const printedPassword = (output: string) => /Password: {2}(\S{16}) +│/.exec(output)?.[1];

// One started and stopped DATA_DIR, made once by the first test that needs it and never run again: every test
// that needs a started folder gets its own copy, so none depends on what another test did.
let template: Promise<{ dataDir: string; password: string }> | undefined;

/** A copy of a DATA_DIR that has been started once (administrator first@example.test) and stopped. */
async function startedBefore(): Promise<Setup & { password: string }> {
  template ??= (async () => {
    const setup = await setupOn();
    const server = startServer(setup.env);
    await waitForHealth(setup.baseUrl, server);
    const password = printedPassword(server.output());
    if (!password) throw new Error(`no administrator password printed:\n${server.output()}`);
    server.child.kill('SIGTERM');
    if ((await server.exited) !== 0) throw new Error(`template server did not stop cleanly:\n${server.output()}`);
    return { dataDir: setup.dataDir, password };
  })();
  const { dataDir, password } = await template;
  const copy = await mkdtemp(join(tmpdir(), 'switchboard-main-test-'));
  // cp -a keeps the modes PostgreSQL insists on (0700 on its folder, 0600 on the password file).
  const copied = spawnSync('cp', ['-a', `${dataDir}/.`, copy]);
  if (copied.status !== 0) throw new Error(`cp -a failed: ${String(copied.stderr)}`);
  return { ...(await setupOn(copy)), password };
}

describe('node --import tsx apps/server/src/main.ts', () => {
  afterAll(async () => {
    // A failed test may leave a server and a PostgreSQL behind on the folders about to go.
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const dataDir of dataDirs) {
      spawnSync('pkill', ['-INT', '-f', `postgres -D ${join(dataDir, 'postgres')} `]);
    }
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
  });

  it('starts on a fresh DATA_DIR, prints the administrator once, and stops everything on SIGTERM', async () => {
    const { dataDir, env, baseUrl } = await setupOn();
    const server = startServer(env);
    await waitForHealth(baseUrl, server);

    const password = printedPassword(server.output());
    expect(password, server.output()).toBeDefined();
    expect(server.output()).toContain('first@example.test');
    expect(server.output()).toContain(`Switchboard is running at http://127.0.0.1:${env.PORT}`);
    // The generated password is printed, never written to the structured log.
    expect(
      server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{') && line.includes(password!)),
    ).toEqual([]);

    const passwordFile = join(dataDir, 'postgres-password');
    expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);

    const login = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first@example.test', password }),
    });
    expect(login.status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(postgresRunningOn(dataDir)).toBe(false);
  }, 120_000);

  it('starts again on the same data past a stale postmaster.pid, without a new administrator', async () => {
    const { dataDir, env, baseUrl, password } = await startedBefore();
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
      body: JSON.stringify({ email: 'first@example.test', password }),
    });
    expect(login.status).toBe(200);

    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(postgresRunningOn(dataDir)).toBe(false);
  }, 120_000);

  async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
    const response = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  async function companyNames(baseUrl: string, token: string): Promise<string[]> {
    const headers = { authorization: `Bearer ${token}` };
    const response = await fetch(`${baseUrl}/api/company?per_page=500`, { headers });
    return ((await response.json()) as { data: { name: string }[] }).data.map((company) => company.name);
  }

  function postmasterPid(dataDir: string): Promise<number> {
    return readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').then((text) => Number.parseInt(text, 10));
  }

  it('after a SIGKILL of the app, starts again past the PostgreSQL it left running, with the data', async () => {
    const { dataDir, env, baseUrl, password } = await startedBefore();
    const first = startServer(env);
    await waitForHealth(baseUrl, first);
    const token = await signIn(baseUrl, 'first@example.test', password);
    const created = await fetch(`${baseUrl}/api/company`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Survives A Kill Ltd', industry_id: 1 }),
    });
    expect(created.status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    // The app is gone; its PostgreSQL is not (only the app's process was killed, as `kill -9` does).
    expect(postgresRunningOn(dataDir)).toBe(true);

    const second = startServer(env);
    await waitForHealth(baseUrl, second);
    expect(second.output()).toContain('stopping the embedded PostgreSQL left running');
    expect(await companyNames(baseUrl, await signIn(baseUrl, 'first@example.test', password))).toContain(
      'Survives A Kill Ltd',
    );

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(postgresRunningOn(dataDir)).toBe(false);
  }, 120_000);

  it('restarts the embedded PostgreSQL when it dies under the running app, and logs it', async () => {
    const { dataDir, env, baseUrl, password } = await startedBefore();
    const server = startServer(env);
    await waitForHealth(baseUrl, server);
    const created = await fetch(`${baseUrl}/api/company`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await signIn(baseUrl, 'first@example.test', password)}`,
      },
      body: JSON.stringify({ name: 'Survives A Restart Ltd', industry_id: 1 }),
    });
    expect(created.status).toBe(200);
    const killed = await postmasterPid(dataDir);
    process.kill(killed, 'SIGKILL');

    const deadline = Date.now() + 60_000;
    while (!server.output().includes('embedded PostgreSQL restarted') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(server.output()).toContain('the embedded PostgreSQL exited while the app was running; restarting it');
    expect(server.output()).toContain('embedded PostgreSQL restarted');
    expect(await postmasterPid(dataDir)).not.toBe(killed);
    await waitForHealth(baseUrl, server);
    expect(await companyNames(baseUrl, await signIn(baseUrl, 'first@example.test', password))).toContain(
      'Survives A Restart Ltd',
    );

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(postgresRunningOn(dataDir)).toBe(false);
  }, 120_000);

  it("runs npm run seed:demo against the running app's database, which keeps serving", async () => {
    const { dataDir, env, baseUrl, password } = await startedBefore();
    const server = startServer(env);
    await waitForHealth(baseUrl, server);
    const postmaster = await postmasterPid(dataDir);

    const seedEnv: NodeJS.ProcessEnv = { ...process.env, ...env, LOG_LEVEL: 'info' };
    delete seedEnv.DATABASE_URL;
    const seedCli = ['--import', 'tsx', 'apps/server/src/db/seed-demo-cli.ts'];
    const seed = spawn(process.execPath, seedCli, { cwd: repoRoot, env: seedEnv });
    let seedOutput = '';
    seed.stdout?.on('data', (chunk) => (seedOutput += String(chunk)));
    seed.stderr?.on('data', (chunk) => (seedOutput += String(chunk)));
    expect(await new Promise((resolve) => seed.on('exit', resolve)), seedOutput).toBe(0);
    expect(seedOutput).toContain('using the embedded PostgreSQL of the running app');
    expect(seedOutput).toContain('Demo data ready');

    expect(await postmasterPid(dataDir)).toBe(postmaster);
    const names = await companyNames(baseUrl, await signIn(baseUrl, 'first@example.test', password));
    expect(names).toEqual(expect.arrayContaining(demoCompanyNames));

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(postgresRunningOn(dataDir)).toBe(false);
  }, 120_000);

  it('stops itself and its PostgreSQL when the launcher of npm start is killed with SIGKILL', async () => {
    const { dataDir, env, baseUrl } = await startedBefore();
    // What scripts/start.mjs does: the server in its own process group, told the launcher's pid.
    const launcherScript = `
      const { spawn } = require('node:child_process');
      spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        stdio: 'inherit', detached: true, env: { ...process.env, SWITCHBOARD_LAUNCHER_PID: String(process.pid) },
      });
      setInterval(() => {}, 1000);`;
    const launcherEnv = { ...process.env, ...env, LOG_LEVEL: 'info', DATABASE_URL: '' };
    const launcher = spawn(process.execPath, ['-e', launcherScript], { cwd: repoRoot, env: launcherEnv });
    let output = '';
    launcher.stdout?.on('data', (chunk) => (output += String(chunk)));
    launcher.stderr?.on('data', (chunk) => (output += String(chunk)));
    const launcherExited = new Promise<number | null>((resolve) => launcher.on('exit', resolve));
    await waitForHealth(baseUrl, { child: launcher, output: () => output, exited: launcherExited });

    launcher.kill('SIGKILL');
    await launcherExited;
    const deadline = Date.now() + 30_000;
    while (postgresRunningOn(dataDir) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(postgresRunningOn(dataDir), output).toBe(false);
    expect(output).toContain('launcher exited');
    await expect(fetch(`${baseUrl}/api/health`)).rejects.toThrow();
  }, 120_000);

  it('exits 1 with the names of the bad variables', async () => {
    const { env } = await setupOn();
    const server = startServer({ ...env, PORT: 'eighty', ADMIN_EMAIL: 'nope' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
    expect(server.output()).toContain('ADMIN_EMAIL');
  });
});
