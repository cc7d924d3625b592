// CRM appointments through the browser (designs/crm-softphone.md §4.2, §4.11): an agent saves the outcome
// 'Appointment Set' on their lead, the appointment dialog opens, refuses an end before the start, and sets it; the
// drawer lists it and the lead is Appointment Set; on /crm/calendar the agent opens it and moves it to the afternoon;
// a manager's calendar filtered to that agent shows it at its new time, and filtered to someone else does not.
import type { Appointment } from '@switchboard/shared/crm-appointments';
import type { Lead } from '@switchboard/shared/crm-leads';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { app, launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

const password = 'Secret-Pass-123';
const pad = (value: number) => String(value).padStart(2, '0');
const now = new Date();
const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
const wallClock = (iso: string) => {
  const date = new Date(iso);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

describe('CRM calendar', () => {
  let browser: Browser;
  let admin: string;
  const tag = `Cal${Date.now().toString(36)}`;
  const agent = { id: 0, name: `Avery Agent ${tag}`, email: `avery.${tag.toLowerCase()}@example.test` };
  const manager = { id: 0, name: `Morgan Manager ${tag}`, email: `morgan.${tag.toLowerCase()}@example.test` };
  const company = `Cedar Dental ${tag}`;
  let leadId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminToken();
    for (const [person, permissions] of [
      [agent, ['view crm']],
      [manager, ['view crm', 'manage crm']],
    ] as const) {
      person.id = (
        await callApi<{ data: { id: number } }>(admin, 'POST', '/api/user', {
          name: person.name,
          email: person.email,
          password,
          type: 'user',
        })
      ).data.id;
      await callApi(admin, 'PUT', `/api/users/employee/permissions/${person.id}`, { permissions });
    }
    const settings = (await callApi<{ data: Record<string, unknown> }>(admin, 'GET', '/api/crm/settings')).data;
    await callApi(admin, 'PUT', '/api/crm/settings', { ...settings, view_all_leads: false });
    leadId = (
      await callApi<{ data: Lead }>(admin, 'POST', '/api/crm/leads', {
        company_name: company,
        first_name: 'Dana',
        last_name: 'Doe',
        phone: '(512) 555-0123',
        state: 'TX',
        campaign_id: 1,
        status: 1,
        manager_id: agent.id,
      })
    ).data.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'sets an appointment from Appointment Set, moves it on the calendar, and a manager filters to it',
    { timeout: 240_000 },
    async () => {
      const page = await newPage(browser);
      await loginWithToken(page, agent.email, password);
      await page.goto(`/crm?lead=${leadId}`);
      const drawer = page.getByRole('dialog', { name: company });
      await drawer.getByRole('region', { name: 'Contacts' }).waitFor();
      await drawer.getByRole('button', { name: 'Log outcome' }).click();
      const outcome = drawer.getByRole('region', { name: 'Call outcome' });
      await outcome.getByRole('button', { name: '5 Appointment Set' }).click();
      await outcome.getByRole('button', { name: 'Save outcome' }).click();

      // The appointment form opens: the dialog's rule refuses an end before the start, then it is set.
      const dialog = page.getByRole('dialog', { name: 'Set appointment' });
      await dialog.getByLabel('Date').fill(today);
      await dialog.getByLabel('Start Time').selectOption('10:00');
      await dialog.getByLabel('End Time').selectOption('09:30');
      await dialog.getByRole('button', { name: 'Set appointment' }).click();
      await dialog.getByText('The end time must be after the start time.').waitFor();
      await dialog.getByLabel('End Time').selectOption('11:00');
      await dialog.getByLabel('Location').fill('12 Oak Ave');
      await dialog.getByRole('button', { name: 'Set appointment' }).click();
      await dialog.waitFor({ state: 'detached' });
      await outcome.waitFor({ state: 'detached' });
      const section = drawer.getByRole('region', { name: 'Appointments' });
      await section.getByText('Scheduled').waitFor();
      await section.getByText(/10:00-11:00/).waitFor();
      await expect.poll(() => drawer.locator('[data-field="next_touch"]').textContent()).toBe(today);

      // The calendar shows it; the agent opens it and moves it to 14:00-15:00.
      await page.goto('/crm/calendar');
      const calendar = page.getByTestId('calendar');
      const event = calendar.getByText(`${company} (${agent.name})`);
      await event.waitFor();
      await event.click();
      const edit = page.getByRole('dialog', { name: `Appointment: ${company}` });
      expect(await edit.getByLabel('Start Time').inputValue()).toBe('10:00');
      await edit.getByLabel('Start Time').selectOption('14:00');
      await edit.getByLabel('End Time').selectOption('15:00');
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.waitFor({ state: 'detached' });
      const token = await login(agent.email);
      await expect
        .poll(async () => {
          const list = await callApi<{ data: Appointment[] }>(token, 'GET', `/api/crm/appointments?lead_id=${leadId}`);
          return list.data.map((row) => `${wallClock(row.starts_at)}-${wallClock(row.ends_at)} ${row.status}`);
        })
        .toEqual(['14:00-15:00 scheduled']);
      // The calendar refetched: the event now reads 14:00 (the month view shows its start).
      const eventText = () => calendar.locator('a', { hasText: company }).first().textContent();
      await expect.poll(eventText, { timeout: 15_000 }).toContain('14:00');

      // A manager's calendar: filtered to the agent it shows the appointment at its new time; to themselves, not.
      const boss = await newPage(browser);
      await loginWithToken(boss, manager.email, password);
      await boss.goto('/crm/calendar');
      await boss.getByRole('combobox', { name: 'Agent' }).fill(agent.name);
      await boss.getByRole('option', { name: agent.name }).click();
      await expect.poll(() => new URL(boss.url()).searchParams.get('agent')).toBe(String(agent.id));
      const theirs = boss.getByTestId('calendar').locator('a', { hasText: company });
      await expect.poll(() => theirs.first().textContent(), { timeout: 15_000 }).toContain('14:00');
      const ownList = boss.waitForResponse(
        (response) =>
          response.url().includes('/api/crm/appointments?') && response.url().includes(`agent=${manager.id}`),
      );
      await boss.goto(`/crm/calendar?agent=${manager.id}`);
      expect((await ownList).status()).toBe(200);
      await boss
        .getByRole('combobox', { name: 'Agent' })
        .and(boss.locator(`[value="${manager.name}"]`))
        .waitFor();
      await expect.poll(() => boss.getByTestId('calendar').locator('a', { hasText: company }).count()).toBe(0);
    },
  );
});

async function login(email: string): Promise<string> {
  const response = await fetch(`${app().baseURL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
