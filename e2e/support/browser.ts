// Browser fixtures: Debian's Chromium through playwright-core, a fresh context per page, login helpers.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject, onTestFinished } from 'vitest';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import './context.ts';

const resultsDir = fileURLToPath(new URL('../../test-results/', import.meta.url));

/** Where the app under test answers, and its administrator (from global-setup). */
export function app(): { baseURL: string; adminEmail: string; adminPassword: string } {
  return { baseURL: inject('baseURL'), adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };
}

/**
 * The run's shared Chromium (support/browser-server.ts), connected afresh for this file; close() disconnects and closes
 * this file's contexts. Without the shared one (a config that does not start it), a Chromium of the file's own.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = inject('browserWSEndpoint');
  if (endpoint) return chromium.connect(endpoint);
  // playwright gives every launch a fresh temporary --user-data-dir of its own.
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
}

/**
 * A page in a fresh context (empty localStorage and cookies) on the app's base URL (or another app process's). Call it inside a test:
 * when the test fails a screenshot lands in test-results/, then the context is closed.
 */
export async function newPage(browser: Browser, baseURL = app().baseURL): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  // A missing element fails with playwright's own message (which locator, what it saw) well before the test timeout.
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') {
      mkdirSync(resultsDir, { recursive: true });
      const name = `${task.file?.name ?? 'test'} ${task.name}`.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
      const path = join(resultsDir, `${name}.png`);
      await page.screenshot({ path, fullPage: true }).catch(() => undefined);
      console.error(`Screenshot of the failed test: ${path} (page ${page.url()})`);
    }
    await context.close();
  });
  return page;
}

/** Fills the login form as a person would; the page must show it (e.g. after goto('/login')). */
export async function loginThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  token_id: string;
}

/**
 * Signs in through POST /api/login and stores the tokens where the web app keeps them, so a test can skip the
 * form (the form itself is covered by auth.test.ts). Leaves the page on a same-origin non-app URL: goto next.
 */
export async function loginWithToken(
  page: Page,
  email = app().adminEmail,
  password = app().adminPassword,
): Promise<Tokens> {
  const response = await page.request.post('/api/login', { data: { email, password } });
  if (!response.ok()) throw new Error(`POST /api/login answered ${response.status()}: ${await response.text()}`);
  const tokens = (await response.json()) as Tokens;
  if (!tokens.access_token) throw new Error(`POST /api/login gave no access_token: ${JSON.stringify(tokens)}`);
  // localStorage belongs to the origin: open a same-origin URL that runs no app code, then write it.
  await page.goto('/api/health');
  await page.evaluate((values) => {
    localStorage.setItem('access_token', values.access_token);
    localStorage.setItem('refresh_token', values.refresh_token);
    localStorage.setItem('token_id', String(values.token_id));
  }, tokens);
  return tokens;
}
