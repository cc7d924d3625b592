// Starts the built app as a user would (server entry, its own DATA_DIR) and stops it again. Used by global-setup
// for the main app under test, and by tests that need more processes (the two-process Redis test).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  // Generous: on a machine whose two cores are busy, the first start (migrations, seeds) took over 90 s.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (exited(child))
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`);
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
  throw new Error(`The server did not answer /api/health within 180 s:\n${output()}`);
}

export interface AppProcess {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * Spawns `apps/server/src/main.ts` with `env` (which must set PORT, HOST and DATA_DIR) in its own process group, so
 * a last-resort SIGKILL also takes an embedded PostgreSQL with it; resolves once /api/health says the database is up.
 */
export async function startAppProcess(env: NodeJS.ProcessEnv, label = 'server'): Promise<AppProcess> {
  const baseURL = `http://${env.HOST ?? '127.0.0.1'}:${env.PORT}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
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
      process.stderr.write(`[${label}] ${line}\n`);
    }
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const serverExit = new Promise<void>((resolve) => server.once('exit', () => resolve()));

  const stop = async () => {
    if (exited(server)) return;
    server.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const stopped = await Promise.race([
      serverExit.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 20_000))),
    ]);
    clearTimeout(timer);
    if (!stopped && server.pid) {
      process.stderr.write(`[e2e] ${label} did not stop within 20 s of SIGTERM; killing its process group\n`);
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await serverExit;
    }
  };

  try {
    await waitForHealth(baseURL, server, () => lines.join('\n'));
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}

/** The environment of an app process for the browser tests: the caller's, minus test runners' and database settings. */
export function appEnvironment(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith('VITEST') || ['DATABASE_URL', 'REDIS_URL', 'NODE_ENV', 'TEST'].includes(name)) delete env[name];
  }
  return Object.assign(env, { HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, overrides);
}
