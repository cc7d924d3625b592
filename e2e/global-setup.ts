// Starts the built app as a user would (server entry, fresh DATA_DIR, embedded PostgreSQL) for the browser tests.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { appEnvironment, findFreePort, repoRoot as root, startAppProcess } from './support/app-process.ts';
import './support/context.ts';

const adminEmail = 'e2e-admin@switchboard.test';
const adminPassword = 'E2e-admin-password-1';

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
  // Mail to the app: the built-in listener for replies to tickets.
  const inboundSmtpPort = await findFreePort();
  // The map's routing service (ROUTING_URL): e2e/tests/client-map.test.ts answers there as a fake OSRM.
  const routingPort = await findFreePort();
  // The shipment tracker API: the server tests' local fake (decision 0048), loaded by path as it sits outside e2e/.
  const fakeTrackerModule = new URL('../apps/server/test/fake-tracker.ts', import.meta.url).href;
  const { startFakeTracker } = (await import(fakeTrackerModule)) as {
    startFakeTracker(): Promise<{ url: string; key: string; close(): Promise<void> }>;
  };
  const tracker = await startFakeTracker();

  // The browser tests always run on the embedded database, whatever the developer's shell has set.
  const env = appEnvironment({
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    INBOUND_SMTP_PORT: String(inboundSmtpPort),
    ROUTING_URL: `http://127.0.0.1:${routingPort}`,
    // No tiles in tests: the app's own origin answers 404 for them, quickly, and no request leaves the machine.
    MAP_TILE_URL: `http://127.0.0.1:${port}/api/no-tiles/{z}/{x}/{y}.png`,
    WEB_DIST: webDist,
    TRACKING_API_URL: tracker.url,
    TRACKING_API_KEY: tracker.key,
  });

  let app;
  try {
    app = await startAppProcess(env);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    await tracker.close();
    throw error;
  }
  const teardown = async () => {
    await app.stop();
    await tracker.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  // The embedded database, for tests that start more app processes on the same data.
  const pgPassword = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  project.provide(
    'databaseUrl',
    `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${pgPort}/switchboard`,
  );
  project.provide('webDist', webDist);
  project.provide('dataDir', dataDir);
  project.provide('baseURL', app.baseURL);
  project.provide('adminEmail', adminEmail);
  project.provide('adminPassword', adminPassword);
  project.provide('smtpPort', smtpPort);
  project.provide('inboundSmtpPort', inboundSmtpPort);
  project.provide('routingPort', routingPort);
  return teardown;
}
