// Issue 4 part 1 through the browser: with REDIS_URL, two app processes share realtime events. A browser connected to
// process B sees the change an administrator makes through process A (its sidebar entry disappears without a
// reload). Runs only when REDIS_URL is set (.ci/run does, against the machine's Redis).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { appEnvironment, findFreePort, startAppProcess, type AppProcess } from '../support/app-process.ts';
import { app, launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('realtime across two processes through Redis', () => {
  let browser: Browser;
  const processes: AppProcess[] = [];
  const dirs: string[] = [];

  async function start(label: string): Promise<AppProcess> {
    const dataDir = mkdtempSync(join(tmpdir(), `switchboard-e2e-${label}-`));
    dirs.push(dataDir);
    const env = appEnvironment({
      PORT: String(await findFreePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: inject('databaseUrl'),
      REDIS_URL: redisUrl!,
      WEB_DIST: inject('webDist'),
      ADMIN_EMAIL: app().adminEmail,
      ADMIN_PASSWORD: app().adminPassword,
    });
    const started = await startAppProcess(env, label);
    processes.push(started);
    return started;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(processes.map((process) => process.stop()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('an event emitted on process A reaches a browser connected to process B', async () => {
    const [a, b] = [await start('server-a'), await start('server-b')];
    const token = await adminToken();
    const email = `redis-${Date.now()}@switchboard.test`;
    const password = 'Redis-employee-1';
    const { data } = await callApi<{ data: { id: number } }>(token, 'POST', '/api/user', {
      name: 'Rae Redis',
      email,
      password,
      type: 'user',
    });
    await callApi(token, 'PUT', `/api/users/employee/permissions/${data.id}`, {
      id: data.id,
      permissions: ['view calendar'],
    });

    const page = await newPage(browser, b.baseURL);
    await loginWithToken(page, email, password);
    await page.goto('/dashboard');
    const sidebar = page.locator('nav[aria-label="Main navigation"]');
    await sidebar.getByRole('link', { name: 'Calendar', exact: true }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.realtime === 'connected');

    // The change goes through process A; only Redis can carry its PermissionsUpdated event to B's socket.
    const response = await fetch(`${a.baseURL}/api/users/employee/permissions/${data.id}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: data.id, permissions: [] }),
    });
    if (!response.ok) throw new Error(`process A answered ${response.status}`);
    await sidebar.getByRole('link', { name: 'Calendar', exact: true }).waitFor({ state: 'detached' });
  });
});
