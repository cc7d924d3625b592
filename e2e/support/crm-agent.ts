// The softphone's browser tests share one setup: the app in local telephony mode (the double in-process, its control
// API behind a token), agents with the permissions, a line of their own and the Agent tab's SIP settings, and a
// Chromium with fake media devices whose pages open the softphone as that agent (designs/crm-softphone.md §6).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { appEnvironment, findFreePort, startAppProcess, type AppProcess } from './app-process.ts';
import { app, loginWithToken, newPage } from './browser.ts';
import { chromiumArgs, chromiumPath } from './chromium.ts';

/** Fake microphone and speakers, permission granted, loopback ICE (the double sits on 127.0.0.1), sound unclicked. */
export const mediaArgs = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
  '--autoplay-policy=no-user-gesture-required',
];

/** Its own Chromium, not the run's shared one: the media flags are set per launch. */
export const launchMediaBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: chromiumPath(), headless: true, args: [...chromiumArgs, ...mediaArgs] });

/** One leg as the double's control API reports it. */
export interface LegSnapshot {
  callControlId: string;
  direction: 'incoming' | 'outgoing';
  from: string;
  to: string;
  kind: 'sim' | 'rtc';
  state: 'initiated' | 'ringing' | 'answered' | 'hangup';
  rmsIn: number;
  packetsIn: number;
  bridgedWith: string | null;
  conferenceId: string | null;
  sipUsername: string | null;
  playing: string | null;
}

export interface PhoneAgent {
  id: number;
  email: string;
  password: string;
  /** the line's 10 digits */
  lineDigits: string;
  sipUsername: string;
}

export interface PhoneApp {
  baseURL: string;
  controlToken: string;
  db: pg.Client;
  api<T>(method: string, path: string, token: string, body?: unknown): Promise<T>;
  login(email: string, password: string): Promise<string>;
  /** every leg the double knows (ended ones linger a while) */
  legs(): Promise<LegSnapshot[]>;
  /** the double places a call from `from` to `to` (E.164) */
  placeInbound(from: string, to: string): Promise<{ callControlId: string }>;
  createAgent(permissions: string[], name?: string): Promise<PhoneAgent>;
  /** hangs up the live far-end legs to or from these numbers (last digits), so later tests see only their own */
  hangUpFarEnds(digits: string[]): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the app in local telephony mode with its own DATA_DIR on the run's database. */
export async function startPhoneApp(label: string, env: Record<string, string> = {}): Promise<PhoneApp> {
  const controlToken = randomBytes(16).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), `switchboard-e2e-${label}-`));
  let appProcess: AppProcess | undefined;
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  try {
    appProcess = await startAppProcess(
      appEnvironment({
        PORT: String(await findFreePort()),
        DATA_DIR: dataDir,
        DATABASE_URL: inject('databaseUrl'),
        WEB_DIST: inject('webDist'),
        ADMIN_EMAIL: app().adminEmail,
        ADMIN_PASSWORD: app().adminPassword,
        TELEPHONY_PROVIDER: 'local',
        TELEPHONY_CONTROL_TOKEN: controlToken,
        ...env,
      }),
      label,
    );
    await db.connect();
  } catch (error) {
    await appProcess?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const baseURL = appProcess.baseURL;

  async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseURL}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }
  const login = async (email: string, password: string) =>
    (await api<{ access_token: string }>('POST', '/api/login', '', { email, password })).access_token;

  return {
    baseURL,
    controlToken,
    db,
    api,
    login,
    legs: async () => (await api<{ data: LegSnapshot[] }>('GET', '/_telephony/control/legs', controlToken)).data,
    placeInbound: async (from, to) =>
      (
        await api<{ data: { callControlId: string } }>('POST', '/_telephony/control/inbound', controlToken, {
          from,
          to,
        })
      ).data,
    async createAgent(permissions, name) {
      const tag = randomBytes(3).toString('hex');
      const password = `Phone-agent-${tag}`;
      const email = `phone.${tag}@switchboard.test`;
      const admin = await login(app().adminEmail, app().adminPassword);
      const id = (
        await api<{ data: { id: number } }>('POST', '/api/user', admin, {
          name: name ?? `Phone Agent ${tag}`,
          email,
          password,
          type: 'user',
        })
      ).data.id;
      await api('PUT', `/api/users/employee/permissions/${id}`, admin, { id, permissions });
      // A line of the agent's own (not a scripted 555-01XX far end) and the Agent tab's SIP settings.
      const lineDigits = `737${String(2000000 + Math.floor(Math.random() * 7999999)).padStart(7, '0')}`;
      const line = `(${lineDigits.slice(0, 3)}) ${lineDigits.slice(3, 6)}-${lineDigits.slice(6)}`;
      const { rows } = await db.query<{ id: number }>(
        'insert into agent_phone_numbers (phone_number) values ($1) returning id',
        [line],
      );
      const sipUsername = `agent${id}${tag}`;
      await db.query(
        `insert into agent_settings (user_id, phone_number_id, sip_username, telephony_credential_id, connection_id)
         values ($1, $2, $3, $4, $5)`,
        [id, rows[0]!.id, sipUsername, `cred-${id}-${tag}`, `conn-${id}-${tag}`],
      );
      return { id, email, password, lineDigits, sipUsername };
    },
    async hangUpFarEnds(digits) {
      const all = (await api<{ data: LegSnapshot[] }>('GET', '/_telephony/control/legs', controlToken)).data;
      const live = all.filter(
        (leg) =>
          leg.kind === 'sim' &&
          leg.state !== 'hangup' &&
          digits.some((d) => leg.to.endsWith(d) || leg.from.endsWith(d)),
      );
      // Ending one leg may end its bridged partner first: a 422 'already ended' is fine.
      for (const leg of live) {
        await fetch(`${baseURL}/_telephony/control/legs/${encodeURIComponent(leg.callControlId)}/hangup`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${controlToken}` },
        });
      }
    },
    async stop() {
      await db.end().catch(() => undefined);
      await appProcess?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A page logged in as the agent with the softphone panel open and, unless told otherwise, 'Connected'. */
export async function openSoftphone(
  browser: Browser,
  phone: PhoneApp,
  agent: PhoneAgent,
  { waitConnected = true } = {},
): Promise<Page> {
  const page = await newPage(browser, phone.baseURL);
  await loginWithToken(page, agent.email, agent.password);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open the softphone' }).click();
  if (waitConnected) {
    await expect.poll(() => softphoneStatus(page).textContent(), { timeout: 60_000 }).toBe('Connected');
  }
  return page;
}

export const softphonePanel = (page: Page) => page.getByRole('region', { name: 'Softphone' });
export const softphoneStatus = (page: Page) => page.getByTestId('softphone-status');

/** Fills the number and clicks Call, then waits for 'Active'. */
export async function callFromSoftphone(page: Page, number: string): Promise<void> {
  const panel = softphonePanel(page);
  await panel.getByLabel('Number').fill(number);
  const call = panel.getByRole('button', { name: 'Call', exact: true });
  await expect.poll(() => call.isEnabled(), { timeout: 30_000 }).toBe(true);
  await call.click();
  await expect.poll(() => softphoneStatus(page).textContent(), { timeout: 60_000 }).toBe('Active');
}

/**
 * Whether a text has shown anywhere on the page since this was called (a MutationObserver kept by the page), for
 * states that may last less than one poll.
 */
export async function watchForText(page: Page, text: string): Promise<() => Promise<boolean>> {
  const key = `__seen_${randomBytes(4).toString('hex')}`;
  await page.evaluate(
    ({ key, text }) => {
      const store = window as unknown as Record<string, boolean>;
      store[key] = false;
      const read = () => {
        if (!store[key] && document.body.innerText.includes(text)) store[key] = true;
      };
      read();
      new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    { key, text },
  );
  return () => page.evaluate((k) => (window as unknown as Record<string, boolean>)[k] === true, key);
}
