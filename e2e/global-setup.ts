// Starts the built app as a user would (server entry, fresh DATA_DIR, embedded PostgreSQL) for the browser tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import './support/context.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const adminEmail = 'e2e-admin@switchboard.test';
const adminPassword = 'E2e-admin-password-1';

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited(child)) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) {
        const body = (await response.json()) as { status?: string; database?: string };
        if (body.status === 'ok' && body.database === 'up') return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/health within 90 s:\n${output()}`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // WEB_DIST lets several builds sit side by side (e.g. `vite build --outDir /tmp/web-x`); default apps/web/dist.
  const webDist = process.env.WEB_DIST ? resolve(root, process.env.WEB_DIST) : join(root, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`${webDist}/index.html is missing: run \`npm run build\` first (npm run test:e2e does).`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-e2e-'));
  const port = await findFreePort();
  const pgPort = await findFreePort();
  // Outgoing mail goes to an SMTP listener a test starts on this port when it wants the mail (support/mail.ts);
  // with nobody listening, the app keeps the mail in its outbox as usual.
  const smtpPort = await findFreePort();
  const baseURL = `http://127.0.0.1:${port}`;

  // The browser tests always run on the embedded database, whatever the developer's shell has set.
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith('VITEST') || ['DATABASE_URL', 'REDIS_URL', 'NODE_ENV', 'TEST'].includes(name)) delete env[name];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'warn',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    WEB_DIST: webDist,
  });

  // Own process group, so that a last-resort SIGKILL also takes the embedded PostgreSQL with it.
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > 200) lines.shift();
      process.stderr.write(`[server] ${line}\n`);
    }
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const serverExit = new Promise<void>((resolve) => server.once('exit', () => resolve()));

  const teardown = async () => {
    if (!exited(server)) {
      server.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const stopped = await Promise.race([
        serverExit.then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 20_000))),
      ]);
      clearTimeout(timer);
      if (!stopped && server.pid) {
        process.stderr.write('[e2e] the server did not stop within 20 s of SIGTERM; killing its process group\n');
        try {
          process.kill(-server.pid, 'SIGKILL');
        } catch {
          // already gone
        }
        await serverExit;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, server, () => lines.join('\n'));
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide('baseURL', baseURL);
  project.provide('adminEmail', adminEmail);
  project.provide('adminPassword', adminPassword);
  project.provide('smtpPort', smtpPort);
  return teardown;
}
