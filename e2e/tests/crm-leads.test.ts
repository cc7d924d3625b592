// CRM leads through the browser (designs/crm-softphone.md §4.1-§4.2): an agent opens /crm, narrows the list by
// campaign and status, opens a lead, adds a note and saves a 'Connected' outcome whose next touch is today + 2
// business days, and sees the list row follow; another agent's lead is neither listed nor opened for them while the
// CRM setting view_all_leads is off. The leads are created through the API by the test, tagged with its run.
import { nextTouchDate } from '@switchboard/shared/crm';
import type { Lead } from '@switchboard/shared/crm-leads';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { app, launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

const password = 'Secret-Pass-123';
const pad = (value: number) => String(value).padStart(2, '0');
const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

async function login(email: string): Promise<string> {
  const response = await fetch(`${app().baseURL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('CRM leads', () => {
  let browser: Browser;
  let admin: string;
  const tag = `Zq${Date.now().toString(36)}`;
  const agent = { id: 0, name: `Avery Agent ${tag}`, email: `avery.${tag.toLowerCase()}@example.test` };
  const other = { id: 0, name: `Olive Other ${tag}`, email: `olive.${tag.toLowerCase()}@example.test` };
  const leads = { dental: 0, law: 0, appointment: 0, others: 0 };

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminToken();
    for (const person of [agent, other]) {
      person.id = (
        await callApi<{ data: { id: number } }>(admin, 'POST', '/api/user', {
          name: person.name,
          email: person.email,
          password,
          type: 'user',
        })
      ).data.id;
      await callApi(admin, 'PUT', `/api/users/employee/permissions/${person.id}`, {
        permissions: ['view crm', 'phone access'],
      });
    }
    // Agents see only their own leads (the default, set again in case another test changed it).
    const settings = (await callApi<{ data: Record<string, unknown> }>(admin, 'GET', '/api/crm/settings')).data;
    await callApi(admin, 'PUT', '/api/crm/settings', { ...settings, view_all_leads: false });
    const create = async (company: string, fields: Record<string, unknown>) =>
      (
        await callApi<{ data: Lead }>(admin, 'POST', '/api/crm/leads', {
          company_name: `${company} ${tag}`,
          first_name: 'Dana',
          last_name: 'Doe',
          phone: '(512) 555-0123',
          state: 'TX',
          city: 'Austin',
          next_touch: '2026-01-05',
          ...fields,
        })
      ).data.id;
    // Campaigns from the reference seed: 1 'Medical & Dental Offices', 2 'Law Firms'.
    leads.dental = await create('Bright Smiles Dental', { campaign_id: 1, status: 1, manager_id: agent.id });
    leads.law = await create('Hale Law Group', { campaign_id: 2, status: 1, manager_id: agent.id });
    leads.appointment = await create('Cedar Clinic', { campaign_id: 1, status: 3, manager_id: agent.id });
    leads.others = await create('Someone Else Dental', { campaign_id: 1, status: 1, manager_id: other.id });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'filters, opens a lead, notes it and saves a Connected outcome the list follows',
    { timeout: 180_000 },
    async () => {
      const page = await newPage(browser);
      await loginWithToken(page, agent.email, password);
      await page.goto(`/crm?q=${tag}`);
      const table = page.getByRole('table', { name: 'Leads' });
      const row = (id: number) => table.locator(`tr[data-lead-id="${id}"]`);
      // The default status is the agent's crm_load_status (Prospect): both Prospect leads of theirs, not the other's.
      await row(leads.dental).waitFor();
      await row(leads.law).waitFor();
      expect(await row(leads.appointment).count()).toBe(0);
      expect(await row(leads.others).count()).toBe(0);
      // The overdue next touch shows red.
      expect(await row(leads.dental).locator('[data-column="next_touch"] [data-overdue="true"]').count()).toBe(1);

      await page.getByRole('combobox', { name: 'Campaign' }).click();
      await page.getByRole('option', { name: 'Medical & Dental Offices', exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('campaign_id')).toBe('1');
      await expect.poll(() => row(leads.law).count()).toBe(0);
      await row(leads.dental).waitFor();

      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Appointment Set', exact: true }).click();
      await row(leads.appointment).waitFor();
      await expect.poll(() => row(leads.dental).count()).toBe(0);
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'All', exact: true }).click();
      await row(leads.dental).waitFor();
      await row(leads.appointment).waitFor();
      // 'All' statuses, every campaign of theirs: still never the other agent's lead.
      expect(await row(leads.others).count()).toBe(0);

      // Open the lead; add a note; it shows in the timeline.
      await row(leads.dental)
        .getByRole('button', { name: `Bright Smiles Dental ${tag}` })
        .click();
      const drawer = page.getByRole('dialog', { name: `Bright Smiles Dental ${tag}` });
      await drawer.getByRole('region', { name: 'Contacts' }).waitFor();
      await expect.poll(() => new URL(page.url()).searchParams.get('lead')).toBe(String(leads.dental));
      await drawer.getByRole('textbox', { name: 'Add a note' }).fill('Asked for a quote on managed backups.');
      await drawer.getByRole('button', { name: 'Add note' }).click();
      await drawer.getByRole('list', { name: 'Timeline' }).getByText('Asked for a quote on managed backups.').waitFor();

      // The outcome: 'Connected' proposes today + 2 business days (no company holidays in the way of the rule).
      const holidays = (
        await callApi<{ data: { date: string; user_id: number | null }[] }>(
          await login(agent.email),
          'GET',
          '/api/employee/holidays',
        )
      ).data
        .filter((holiday) => holiday.user_id === null)
        .map((holiday) => holiday.date);
      const expected = nextTouchDate(localToday(), { next_touch_days: 2, next_touch_label: 'Business Days' }, holidays);
      await drawer.getByRole('button', { name: 'Log outcome' }).click();
      const outcome = drawer.getByRole('region', { name: 'Call outcome' });
      await outcome.getByRole('button', { name: '1 Connected' }).click();
      await expect.poll(() => outcome.getByLabel('Next touch').inputValue()).toBe(expected);
      await outcome.getByRole('button', { name: 'Save outcome' }).click();
      await outcome.waitFor({ state: 'detached' });
      await expect.poll(() => drawer.locator('[data-field="next_touch"]').textContent()).toBe(expected);

      // The list behind the drawer follows: the new next touch, no longer overdue.
      await page.keyboard.press('Escape');
      await expect.poll(() => row(leads.dental).locator('[data-column="next_touch"]').textContent()).toBe(expected);
      expect(await row(leads.dental).locator('[data-overdue="true"]').count()).toBe(0);
    },
  );

  it("does not list or open another agent's lead without view_all_leads", { timeout: 120_000 }, async () => {
    const token = await login(agent.email);
    const page = await newPage(browser);
    await loginWithToken(page, agent.email, password);
    await page.goto(`/crm?status=2&q=${encodeURIComponent('Someone Else')}`);
    await page.getByText('No leads match these filters.').waitFor();
    const direct = await fetch(`${app().baseURL}/api/crm/leads/${leads.others}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(direct.status).toBe(404);
    await page.goto(`/crm?lead=${leads.others}`);
    await page
      .getByRole('dialog', { name: `Lead #${leads.others}` })
      .getByText('This lead does not exist or is not yours to see.')
      .waitFor();
    // The other agent sees it.
    const owner = await login(other.email);
    const theirs = await callApi<{ data: Lead[] }>(owner, 'GET', `/api/crm/leads?status=2&q=${tag}`);
    expect(theirs.data.map((lead) => lead.id)).toEqual([leads.others]);
  });
});
