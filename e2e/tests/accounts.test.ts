// Issue 5 part 6 through the browser: the client accounts list and form, the empty state, the form's own and the
// server's field errors, phone formatting, the 'Add Account' gate, and an account created through the UI that then
// shows in its company's Accounts tab.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

async function createEmployee(
  page: Page,
  accessToken: string,
  name: string,
  email: string,
  password: string,
): Promise<number> {
  const response = await page.request.post('/api/user', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { name, email, password, type: 'user' },
  });
  if (!response.ok()) throw new Error(`POST /api/user answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

describe('client accounts', () => {
  let browser: Browser;
  let companyId: number;
  const companyName = `Brightline Dental ${Date.now()}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    companyId = await createCompanyViaApi(token, companyName);
    const { data } = await callApi<{ data: { regions: { id: number }[] } }>(token, 'GET', '/api/misc/staticdata');
    await callApi(token, 'PUT', `/api/companies/sites/${companyId}`, {
      sites: [{ name: 'Main Office', region_id: data.regions[0]!.id, city: 'Austin' }],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows 'No Accounts Found' with the spec columns and opens the create form from Add Account", async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/accounts');
    await page.getByRole('heading', { name: 'Client Accounts', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Client accounts' });
    await table.locator('tbody tr').first().waitFor();
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Name', 'Email', 'Company', 'Site', 'Title', 'Office Number', 'Cell Number', 'Action']);

    // A company without accounts: the empty state, and no Company column when scoped to one company.
    await page.goto(`/accounts?company_id=${companyId}`);
    await table.getByText('No Accounts Found').waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).not.toContain('Company');

    await page.getByRole('link', { name: 'Add Account' }).click();
    await page.waitForURL((url) => url.pathname === '/accounts/create');
    await page.getByRole('heading', { name: 'Add Account', level: 1 }).waitFor();
  });

  it('shows the field errors of the form and of the server, and formats phone numbers as typed', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/accounts/create');
    const form = page.getByRole('form', { name: 'Add account' });
    await form.waitFor();
    expect(await form.getByLabel(/^Password/).getAttribute('placeholder')).toBe('Min 6 Characters');

    // The shared schema, before any call.
    await form.getByRole('button', { name: 'Create Account' }).click();
    await form.getByText('The name field is required.').waitFor();
    await form.getByText('The email field is required.').waitFor();
    await form.getByText('The password field is required.').waitFor();
    await form.getByText('The company id field is required.').waitFor();

    await form.getByLabel('Cell Number').pressSequentially('5551234567 99');
    expect(await form.getByLabel('Cell Number').inputValue()).toBe('(555) 123-4567 Ext. 99');
    await form.getByLabel('Office Number').pressSequentially('123');
    await form.getByLabel(/^Name/).fill('Cara Client');
    await form.getByLabel(/^Email/).fill('cara@example.test');
    await form.getByLabel(/^Password/).fill('secret1');
    await form.getByLabel(/^Confirm Password/).fill('secret2');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await form.getByText('The password confirmation does not match.').waitFor();
    await form
      .getByText('The phone number must be ten digits, optionally followed by an extension of up to 4 digits.')
      .waitFor();

    // A company the server does not know: its error shows under the Company field.
    await page.goto('/accounts/create?company_id=999999');
    await form.waitFor();
    await form.getByLabel(/^Name/).fill('Cara Client');
    await form.getByLabel(/^Email/).fill('cara@example.test');
    await form.getByLabel(/^Password/).fill('secret1');
    await form.getByLabel(/^Confirm Password/).fill('secret1');
    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/users/client') && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Create Account' }).click();
    expect((await answer).status()).toBe(422);
    await form.getByText('The selected company id is invalid.').waitFor();
    expect(page.url()).toContain('/accounts/create');
  });

  it('shows Add Account to an employee without permissions; the API refuses their delete', async () => {
    const page = await newPage(browser);
    const admin = await loginWithToken(page);
    const tag = Date.now().toString(36);
    const email = `plain.${tag}@example.test`;
    await createEmployee(page, admin.access_token, `Plain ${tag}`, email, 'Plain-Pass-123');
    const tokens = await loginWithToken(page, email, 'Plain-Pass-123');
    await page.goto('/accounts');
    await page.getByRole('table', { name: 'Client accounts' }).waitFor();
    await page.getByRole('link', { name: 'Add Account' }).waitFor();
    // Without 'import client accounts' there is no Import button.
    expect(await page.getByRole('link', { name: 'Import' }).count()).toBe(0);
    const refused = await page.request.delete('/api/users/client/1', {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(refused.status()).toBe(403);
  });

  it('creates an account through the form, lands on its edit page, and lists it in the company Accounts tab', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto(`/accounts/create?company_id=${companyId}`);
    const form = page.getByRole('form', { name: 'Add account' });
    await form.getByLabel(/^Name/).fill('Dana Whitlock');
    const email = `dana.whitlock.${Date.now()}@brightline.example`;
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Password/).fill('secret1');
    await form.getByLabel(/^Confirm Password/).fill('secret1');
    await form.getByLabel('Title').fill('Practice Manager');
    await form.getByLabel('Cell Number').pressSequentially('5125550131');
    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/users/client') && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Create Account' }).click();
    const { data } = (await (await answer).json()) as { data: { id: number } };
    await page.waitForURL((url) => url.pathname === `/accounts/edit/${data.id}`);

    await page.goto(`/companies/${companyId}/accounts`);
    const table = page.getByRole('table', { name: 'Client accounts' });
    const row = table.locator(`tr[data-account-id="${data.id}"]`);
    await row.getByText('Dana Whitlock').waitFor();
    await row.getByText('(512) 555-0131').waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).not.toContain('Company');
    await page.waitForFunction(() => document.querySelector('[aria-label="Accounts"]')?.textContent === 'Accounts1');
  });
});
