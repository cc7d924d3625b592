// The leads list live (decision 0146): an agent keeps /crm open while a manager, in another window, changes the
// status of one of the agent's leads and assigns them another agent's lead through the bulk actions; the agent's list
// follows without a reload (the row's status, the new row). Leads are created through the API, tagged with the run.
import type { Lead } from '@switchboard/shared/crm-leads';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

const password = 'Secret-Pass-123';

describe('CRM leads list live', () => {
  let browser: Browser;
  let admin: string;
  const tag = `Lv${Date.now().toString(36)}`;
  const agent = { id: 0, name: `Lena Live ${tag}`, email: `lena.${tag.toLowerCase()}@example.test` };
  const other = { id: 0, name: `Omar Other ${tag}`, email: `omar.${tag.toLowerCase()}@example.test` };
  const leads = { mine: 0, probe: 0, theirs: 0 };

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
      await callApi(admin, 'PUT', `/api/users/employee/permissions/${person.id}`, { permissions: ['view crm'] });
    }
    const settings = (await callApi<{ data: Record<string, unknown> }>(admin, 'GET', '/api/crm/settings')).data;
    await callApi(admin, 'PUT', '/api/crm/settings', { ...settings, view_all_leads: false });
    const create = async (company: string, managerId: number) =>
      (
        await callApi<{ data: Lead }>(admin, 'POST', '/api/crm/leads', {
          company_name: `${company} ${tag}`,
          phone: '(512) 555-0123',
          city: 'Austin',
          campaign_id: 1,
          status: 1,
          manager_id: managerId,
        })
      ).data.id;
    leads.mine = await create('Live Smiles Dental', agent.id);
    leads.probe = await create('Probe Pediatrics', agent.id);
    leads.theirs = await create('Handover Law Group', other.id);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("follows a manager's status change and assignment without a reload", { timeout: 180_000 }, async () => {
    const agentPage = await newPage(browser);
    await loginWithToken(agentPage, agent.email, password);
    await agentPage.goto(`/crm?status=2&q=${tag}`);
    const table = agentPage.getByRole('table', { name: 'Leads' });
    const row = (id: number) => table.locator(`tr[data-lead-id="${id}"]`);
    await row(leads.mine).waitFor();
    await row(leads.probe).waitFor();
    expect(await row(leads.theirs).count()).toBe(0);
    await expect.poll(() => agentPage.evaluate(() => document.documentElement.dataset.realtime)).toBe('connected');
    // The page follows its rows once their subscriptions are answered: a change through the API proves it.
    let round = 0;
    await expect
      .poll(
        async () => {
          round += 1;
          await callApi(admin, 'PUT', `/api/crm/leads/${leads.probe}`, { city: `Probe ${round}` });
          return row(leads.probe).locator('[data-column="city"]').textContent();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toMatch(/^Probe \d+$/);
    const loads = countListLoads(agentPage);

    const manager = await newPage(browser);
    await loginWithToken(manager);
    await manager.goto(`/crm?status=2&q=${tag}`);
    const managerTable = manager.getByRole('table', { name: 'Leads' });
    await managerTable.locator(`tr[data-lead-id="${leads.theirs}"]`).waitFor();

    // Status: the agent's lead becomes Win Back.
    await bulkChange(manager, `Live Smiles Dental ${tag}`, 'Status', 'Win Back');
    await expect
      .poll(() => row(leads.mine).locator('[data-column="status"]').textContent(), { timeout: 15_000 })
      .toBe('Win Back');

    // Assignment: the other agent's lead is handed to this agent and appears in their list.
    await bulkChange(manager, `Handover Law Group ${tag}`, 'Assign to', agent.name);
    await row(leads.theirs).waitFor({ timeout: 15_000 });
    expect(await row(leads.theirs).locator('[data-column="manager"]').textContent()).toBe(agent.name);
    // Never a reload: the page read the list again, it was not opened again.
    expect(loads.documents()).toBe(0);
    expect(loads.lists()).toBeGreaterThan(0);
  });
});

/** Selects one row of the manager's list and applies a bulk change to it. */
async function bulkChange(page: Page, company: string, action: string, value: string): Promise<void> {
  await page.getByRole('checkbox', { name: `Select ${company}` }).check();
  const bulk = page.getByRole('region', { name: 'Bulk actions' });
  await bulk.getByRole('combobox', { name: 'Change' }).click();
  await page.getByRole('option', { name: action, exact: true }).click();
  await bulk.getByRole('combobox', { name: `Bulk ${action}` }).click();
  await page.getByRole('option', { name: value, exact: true }).click();
  await bulk.getByRole('button', { name: 'Apply' }).click();
  await bulk.waitFor({ state: 'detached' });
}

/** Counts the page's document loads and leads-list reads from now on. */
function countListLoads(page: Page) {
  let documents = 0;
  let lists = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1;
    else if (/\/api\/crm\/leads\?/.test(request.url())) lists += 1;
  });
  return { documents: () => documents, lists: () => lists };
}
