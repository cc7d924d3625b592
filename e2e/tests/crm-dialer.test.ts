// The power dialer through the browser (designs/crm-softphone.md §4.4, §6 browser test 5) with the real
// @telnyx/webrtc SDK against the app in local mode (the double in-process, far ends with real WebRTC media): an agent
// with a line sets up a session over three of their leads at scripted 'person' numbers (555-01XX, 00-49 answers),
// Start claims and dials the first, the call goes Active, Hang up, key 1 (Connected), Save outcome, the wrap-up runs
// and the next lead comes. A second agent (who sees every lead) runs a session over the same leads through the API
// meanwhile: it never gets the first agent's claimed lead, and the first agent's next lead skips the one it holds.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginWithToken, newPage } from '../support/browser.ts';
import { launchMediaBrowser, startPhoneApp, type PhoneAgent, type PhoneApp } from '../support/crm-agent.ts';

interface DialItem {
  lead_id: number;
  position: number;
}
interface DialSession {
  id: number;
  status: string;
  current: DialItem | null;
  stats: { dials: number; connects: number };
}

describe('power dialer (real SDK, local telephony)', () => {
  const tag = randomBytes(3).toString('hex');
  const leads: { id: number; company: string; phone: string }[] = [];
  let phone: PhoneApp;
  let first: PhoneAgent & { token: string };
  let second: PhoneAgent & { token: string };
  let browser: Browser;
  let savedHours: { start: number; end: number } | null = null;
  const api = <T>(method: string, path: string, token: string, body?: unknown) =>
    phone.api<T>(method, path, token, body);

  const currentOf = async (token: string) =>
    (await api<{ data: DialSession | null }>('GET', '/api/crm/dialer/sessions/current', token)).data;

  beforeAll(async () => {
    phone = await startPhoneApp('dialer');
    const db = phone.db;
    // The first agent sees their own leads only; the second, with 'manage crm', sees every lead.
    const agentOf = async (permissions: string[], letter: string) => {
      const agent = await phone.createAgent(permissions, `Dialer Agent ${letter} ${tag}`);
      return { ...agent, token: await phone.login(agent.email, agent.password) };
    };
    first = await agentOf(['phone access', 'view crm'], 'A');
    second = await agentOf(['phone access', 'view crm', 'manage crm'], 'B');
    // Calling hours open all day while this file runs (files run one at a time), restored after.
    const { rows } = await db.query<{ start: number; end: number }>(
      'select calling_hours_start as start, calling_hours_end as "end" from crm_settings where id = 1',
    );
    savedHours = rows[0] ?? null;
    await db.query('update crm_settings set calling_hours_start = 0, calling_hours_end = 24 where id = 1');
    // Three due prospects of the first agent at 'person' numbers, oldest touch first so the queue's order is known.
    const touches = ['2026-01-01', '2026-01-02', '2026-01-03'];
    for (const [index, suffix] of ['21', '22', '23'].entries()) {
      const company = `Dialer ${['Alpha', 'Bravo', 'Charlie'][index]} ${tag}`;
      const phone = `(512) 555-01${suffix}`;
      const inserted = await db.query<{ id: number }>(
        `insert into crm_leads (company_name, first_name, last_name, phone, state, status, manager_id, next_touch)
         values ($1, 'Dana', 'Doe', $2, 'TX', 1, $3, $4) returning id`,
        [company, phone, first.id, touches[index]],
      );
      leads.push({ id: inserted.rows[0]!.id, company, phone });
    }
    browser = await launchMediaBrowser();
  }, 240_000);

  afterAll(async () => {
    for (const person of [first, second]) {
      const open = person?.token ? await currentOf(person.token).catch(() => null) : null;
      if (open) await api('POST', `/api/crm/dialer/sessions/${open.id}/stop`, person.token).catch(() => undefined);
    }
    if (savedHours && phone) {
      await phone.db.query('update crm_settings set calling_hours_start = $1, calling_hours_end = $2 where id = 1', [
        savedHours.start,
        savedHours.end,
      ]);
    }
    await browser?.close();
    await phone?.stop();
  });

  const company = (page: Page) => page.getByTestId('dialer-company');
  const callStatus = (page: Page) => page.getByTestId('dialer-call-status');

  it('dials a queue: Active, Hang up, key 1, wrap-up, the next lead; never a lead another agent holds', async () => {
    const page = await newPage(browser, phone.baseURL);
    await loginWithToken(page, first.email, first.password);
    await page.goto('/crm/phoneburner');
    // The phone registers (the panel's status, mounted closed in the shell).
    await expect.poll(() => page.getByTestId('softphone-status').textContent(), { timeout: 60_000 }).toBe('Connected');

    const setup = page.getByRole('region', { name: 'Dial session setup' });
    await setup.getByLabel('Search').fill(tag);
    // A manual call this time (the voicemail drop has its own path): no voicemail.
    const voicemail = setup.getByRole('combobox', { name: 'Voicemail to drop' });
    if (await voicemail.inputValue()) await setup.getByRole('button', { name: 'Clear voicemail' }).click();
    await expect.poll(() => voicemail.inputValue()).toBe('');
    await setup.getByLabel('Wrap-up (seconds)').fill('2');
    await setup.getByRole('button', { name: 'Preview queue' }).click();
    const preview = page.getByRole('region', { name: 'Queue preview' });
    await expect.poll(() => preview.getByTestId('dialer-queue-size').textContent()).toBe('3 leads in the queue');
    const queued = await preview.getByRole('table', { name: 'Queue' }).locator('tbody tr').allTextContents();
    expect(queued.map((row) => row.includes(leads[0]!.company))).toEqual([true, false, false]);

    await preview.getByRole('button', { name: 'Start', exact: true }).click();
    // The first lead is claimed and dialled: the softphone calls its number and the person answers.
    await expect.poll(() => company(page).textContent()).toBe(leads[0]!.company);
    await expect.poll(() => callStatus(page).textContent(), { timeout: 60_000 }).toBe('Active');
    await expect
      .poll(() => page.getByRole('region', { name: 'Softphone' }).getByLabel('Number').inputValue())
      .toBe(leads[0]!.phone);

    // The second agent's session over the same three leads never gets the claimed one: it gets the second lead.
    const other = (
      await api<{ data: DialSession }>('POST', '/api/crm/dialer/sessions', second.token, {
        lead_ids: leads.map((lead) => lead.id),
      })
    ).data;
    await api('POST', `/api/crm/dialer/sessions/${other.id}/start`, second.token);
    const claimed = (
      await api<{ data: { item: DialItem | null } }>('POST', `/api/crm/dialer/sessions/${other.id}/next`, second.token)
    ).data.item;
    expect(claimed?.lead_id).toBe(leads[1]!.id);

    // Hang up from the dialer, key 1 chooses Connected, the outcome is saved.
    await page.getByRole('region', { name: 'Current lead' }).getByRole('button', { name: 'Hang up' }).click();
    await expect.poll(() => callStatus(page).textContent(), { timeout: 30_000 }).toBe('Waiting');
    const outcome = page.getByRole('region', { name: 'Call outcome' });
    // Keys work anywhere but in a field: nothing focused.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('1');
    await expect
      .poll(() => outcome.getByRole('button', { name: '1 Connected' }).getAttribute('aria-pressed'))
      .toBe('true');
    await outcome.getByRole('button', { name: 'Save outcome' }).click();

    // The wrap-up counts down, then the next free lead comes: the third (the second agent holds the second).
    await page.getByRole('status', { name: 'Wrap-up' }).waitFor();
    await expect.poll(() => company(page).textContent(), { timeout: 30_000 }).toBe(leads[2]!.company);
    // The stats read the session's calls: the first call was a dial and a connect.
    const stats = page.getByRole('region', { name: 'Session stats' });
    await expect
      .poll(() => stats.locator('[data-stat="Connects"]').textContent(), { timeout: 30_000 })
      .toBe('Connects1');
    await expect.poll(() => callStatus(page).textContent(), { timeout: 60_000 }).toBe('Active');

    // The dials carry the session; the first lead's disposition was saved; the second agent still holds its lead.
    const mine = await currentOf(first.token);
    const { rows } = await phone.db.query<{
      lead_id: number;
      dial_session_id: number | null;
      disposition: string | null;
    }>('select lead_id, dial_session_id, disposition from crm_calls where user_id = $1 order by id', [first.id]);
    expect(rows.map((row) => [row.lead_id, row.dial_session_id])).toEqual([
      [leads[0]!.id, mine!.id],
      [leads[2]!.id, mine!.id],
    ]);
    expect(rows[0]!.disposition).toBe('connected');
    expect((await currentOf(second.token))?.current?.lead_id).toBe(leads[1]!.id);

    await page.getByRole('region', { name: 'Current lead' }).getByRole('button', { name: 'Hang up' }).click();
    await expect.poll(() => callStatus(page).textContent(), { timeout: 30_000 }).toBe('Waiting');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.getByRole('region', { name: 'Finished session' }).waitFor();
    expect(await currentOf(first.token)).toBeNull();
  }, 240_000);
});
