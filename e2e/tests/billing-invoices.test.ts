// Issue 27 part 4 (designs/billing.md §5 /billing/invoices; decision 0071): a bookkeeper holding 'view billing' and
// 'approve billing' makes a one-off invoice through New invoice, approves and posts it in the drawer (it takes its
// INV- number and reads Open), and voids another posted invoice with a reason; a plain 'view billing' reader is
// offered no Post. New invoice from unbilled check-ins bills them once; a paperless-No invoice waits in the To print
// batch until Mark printed.
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { app, launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

const runId = Date.now().toString(36);
const password = 'Billing-password-1';

async function createEmployee(token: string, name: string, email: string, permissions: string[]): Promise<void> {
  const { data } = await callApi<{ data: { id: number } }>(token, 'POST', '/api/user', {
    name,
    email,
    password,
    type: 'user',
  });
  await callApi(token, 'PUT', `/api/users/employee/permissions/${data.id}`, { permissions });
}

async function login(email: string): Promise<string> {
  const response = await fetch(`${app().baseURL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A one-off draft through the API, approved (and posted) by the approver: set-up for what the UI is tested on. */
async function invoiceViaApi(token: string, companyId: number, description: string, post: boolean): Promise<number> {
  const { data } = await callApi<{ data: { id: number } }>(token, 'POST', '/api/billing/invoices', {
    company_id: companyId,
    type: 'one_off',
    lines: [{ description, quantity: 1, unit_price: 80 }],
  });
  await callApi(token, 'POST', `/api/billing/invoices/${data.id}/approve`, {});
  if (post) await callApi(token, 'POST', `/api/billing/invoices/${data.id}/post`, {});
  return data.id;
}

const drawerOf = (page: Page) => page.getByRole('dialog', { name: /^Invoice / });

describe('billing invoices', () => {
  let browser: Browser;
  let companyName: string;
  let companyId: number;
  const approverEmail = `invoices-approver-${runId}@switchboard.test`;
  const viewerEmail = `invoices-viewer-${runId}@switchboard.test`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    companyName = `Invoice Dental ${runId}`;
    companyId = await createCompanyViaApi(token, companyName);
    await createEmployee(token, 'Bea Bookkeeper', approverEmail, ['view billing', 'approve billing']);
    await createEmployee(token, 'Val Viewer', viewerEmail, ['view billing']);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('makes a one-off invoice, approves and posts it (INV- number, Open), and voids another', async () => {
    const page = await newPage(browser);
    await loginWithToken(page, approverEmail, password);
    await page.goto('/billing/invoices');
    await page.getByRole('button', { name: 'New invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'New invoice' });
    await dialog.getByRole('combobox', { name: 'Company' }).fill(companyName);
    await page.getByRole('option', { name: companyName }).click();
    await dialog.getByRole('textbox', { name: 'Line 1 description' }).fill('Firewall setup');
    await dialog.getByRole('textbox', { name: 'Line 1 quantity' }).fill('2.5');
    await dialog.getByRole('textbox', { name: 'Line 1 unit price' }).fill('120');
    await dialog.getByText('$300.00').waitFor();
    await dialog.getByRole('button', { name: 'Create draft' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const drawer = drawerOf(page);
    await drawer.getByRole('heading', { name: /^Draft \d+$/ }).waitFor();
    expect(await drawer.getByLabel('State').textContent()).toBe('Draft');
    const actions = drawer.getByRole('group', { name: 'Invoice actions' });
    await actions.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => drawer.getByLabel('State').textContent()).toBe('Approved');
    await actions.getByRole('button', { name: 'Post' }).click();
    const number = drawer.getByRole('heading', { name: /^INV-\d{6}$/ });
    await number.waitFor();
    await expect.poll(() => drawer.getByLabel('State').textContent()).toBe('Open');
    const label = (await number.textContent())!;
    expect(await drawer.getByLabel('Total', { exact: true }).textContent()).toBe('$300.00');
    await drawer.getByLabel('Journal entry number').waitFor();

    // The list shows the posted invoice, live, with its number and state.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    const row = page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: label });
    await row.waitFor();
    expect(await row.textContent()).toContain('Open');

    // Void another posted invoice with a reason.
    const approverToken = await login(approverEmail);
    const otherId = await invoiceViaApi(approverToken, companyId, 'Cabling', true);
    await page.goto(`/billing/invoices?id=${otherId}`);
    await drawer.getByRole('heading', { name: /^INV-\d{6}$/ }).waitFor();
    await drawer.getByRole('group', { name: 'Invoice actions' }).getByRole('button', { name: 'Void' }).click();
    const voidDialog = page.getByRole('dialog', { name: /^Void INV-/ });
    await voidDialog.getByRole('button', { name: 'Void invoice' }).click();
    await voidDialog.getByText('The reason field is required.').waitFor();
    await voidDialog.getByLabel('Reason').fill('Billed twice');
    await voidDialog.getByRole('button', { name: 'Void invoice' }).click();
    await voidDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => drawer.getByLabel('State').textContent()).toBe('Void');
    expect(await drawer.getByLabel('Void reason').textContent()).toBe('Billed twice');
    await page.close();
  });

  it('offers a plain view billing reader no Post', async () => {
    const approverToken = await login(approverEmail);
    const approvedId = await invoiceViaApi(approverToken, companyId, 'Switch install', false);
    const page = await newPage(browser);
    await loginWithToken(page, viewerEmail, password);
    await page.goto(`/billing/invoices?id=${approvedId}`);
    const drawer = drawerOf(page);
    await drawer.getByRole('heading', { name: `Draft ${approvedId}`, exact: true }).waitFor();
    expect(await drawer.getByLabel('State').textContent()).toBe('Approved');
    const actions = drawer.getByRole('group', { name: 'Invoice actions' });
    await actions.getByRole('button', { name: 'Duplicate' }).waitFor();
    expect(await actions.getByRole('button', { name: 'Post' }).count()).toBe(0);
    expect(await actions.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // Nor in bulk: selecting the invoice offers Send only.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('checkbox', { name: `Select Draft ${approvedId}` }).check();
    const bulk = page.getByRole('group', { name: 'Bulk actions' });
    await bulk.getByRole('button', { name: 'Send' }).waitFor();
    expect(await bulk.getByRole('button', { name: 'Post' }).count()).toBe(0);
    await page.close();
  });
  it('makes an invoice from unbilled check-ins (billed once), then marks it printed from To print', async () => {
    // Set-up in the database (no screen records check-ins at a chosen past hour): two closed billable check-ins on
    // a ticket, a labor item when the settings have none, and a paperless-No contract the invoice is posted under.
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    let contractId: number;
    try {
      const { rows: users } = await db.query<{ id: number }>('select id from users where email = $1', [approverEmail]);
      const { rows: items } = await db.query<{ id: number }>(
        `insert into billing_items (name, type, price) values ($1, 'service', 95) returning id`,
        [`E2E Labor ${runId}`],
      );
      await db.query(
        `insert into billing_settings (id, labor_item_id) values (1, $1)
         on conflict (id) do update
           set labor_item_id = coalesce(billing_settings.labor_item_id, excluded.labor_item_id)`,
        [items[0]!.id],
      );
      const { rows: tickets } = await db.query<{ id: number }>(
        `insert into tickets (subject, body, company_id, location, triage_id, status)
         values ($1, 'Help', $2, 1, 3, 2) returning id`,
        [`Printer offline ${runId}`, companyId],
      );
      await db.query(
        `insert into check_ins (user_id, company_id, ticket_id, start_time, end_time, billable) values
          ($1, $2, $3, '2026-10-06T15:00:00Z', '2026-10-06T16:30:00Z', 0),
          ($1, $2, $3, '2026-10-07T15:00:00Z', '2026-10-07T15:15:00Z', 0)`,
        [users[0]!.id, companyId, tickets[0]!.id],
      );
      const { rows: contracts } = await db.query<{ id: number }>(
        `insert into contracts (company_id, start_date, end_date, retainer_item, overage_item, late_fee_item, paperless)
         values ($1, '2020-01-01', '2020-12-31', $2, $2, $2, 1) returning id`,
        [companyId, items[0]!.id],
      );
      contractId = contracts[0]!.id;
    } finally {
      await db.end();
    }

    const page = await newPage(browser);
    await loginWithToken(page, approverEmail, password);
    await page.goto('/billing/invoices');
    await page.getByRole('button', { name: 'New invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'New invoice' });
    await dialog.getByRole('combobox', { name: 'Company' }).fill(companyName);
    await page.getByRole('option', { name: companyName }).click();
    await dialog.getByRole('button', { name: 'Unbilled check-ins' }).click();
    const picker = page.getByRole('dialog', { name: 'From unbilled check-ins' });
    await picker.getByRole('table', { name: 'Unbilled check-ins' }).waitFor();
    expect(await picker.getByRole('row').count()).toBe(3);
    await picker.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await picker.getByRole('button', { name: 'Add labor lines' }).click();
    await picker.waitFor({ state: 'hidden' });
    // 1.75 hours on one ticket: one labor line at the labor item's price.
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Line 1 quantity' }).inputValue()).toBe('1.75');
    expect(await dialog.getByRole('textbox', { name: 'Line 2 quantity' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Create draft' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const drawer = drawerOf(page);
    const heading = drawer.getByRole('heading', { name: /^Draft \d+$/ });
    await heading.waitFor();
    const id = Number((await heading.textContent())!.replace('Draft ', ''));

    // The time is billed: a second New invoice finds none of it.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'New invoice' }).click();
    await dialog.getByRole('combobox', { name: 'Company' }).fill(companyName);
    await page.getByRole('option', { name: companyName }).click();
    await dialog.getByRole('button', { name: 'Unbilled check-ins' }).click();
    await picker.getByText('No unbilled billable time for this company.').waitFor();
    await picker.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Posted under the paperless-No contract, it waits in the To print batch until marked printed.
    const db2 = new pg.Client({ connectionString: inject('databaseUrl') });
    await db2.connect();
    await db2.query('update invoices set contract_id = $1 where id = $2', [contractId, id]).finally(() => db2.end());
    const approverToken = await login(approverEmail);
    await callApi(approverToken, 'POST', `/api/billing/invoices/${id}/approve`, {});
    const posted = await callApi<{ data: { number: string } }>(
      approverToken,
      'POST',
      `/api/billing/invoices/${id}/post`,
      {},
    );
    await page.goto(`/billing/invoices?to_print=1&company_id=${companyId}`);
    const row = page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: posted.data.number });
    await row.waitFor();
    await page.getByRole('button', { name: 'Print batch' }).waitFor();
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Mark printed (1 selected)' }).click();
    await page.getByText('Marked 1 invoice printed.').waitFor();
    await row.waitFor({ state: 'detached' });
    await page.close();
  });

  it('fits a phone: the list becomes cards and the drawer takes the screen, with no sideways scrolling', async () => {
    const approverToken = await login(approverEmail);
    const id = await invoiceViaApi(approverToken, companyId, 'Phone check', true);
    const page = await newPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginWithToken(page, approverEmail, password);
    await page.goto('/billing/invoices');
    const cards = page.getByRole('list', { name: 'Invoices' });
    await cards.getByRole('listitem').first().waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.goto(`/billing/invoices?id=${id}`);
    const drawer = drawerOf(page);
    await drawer.getByRole('table', { name: 'Lines' }).waitFor();
    const box = (await drawer.getByRole('table', { name: 'Lines' }).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.close();
  });
});
