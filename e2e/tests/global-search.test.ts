// Issue 15 part 4 through the browser: the top bar's search finds a ticket by its number and by a word of its
// subject, beside companies, grouped by kind; a result opens the spec's route; Escape clears the query.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('global search (issue 15 part 4)', () => {
  let browser: Browser;
  let ticketId: number;
  const stamp = Date.now().toString(36);
  const companyName = `Outlook Harbor ${stamp}`;
  const subject = `Outlook keeps asking for password ${stamp}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    const companyId = await createCompanyViaApi(token, companyName);
    const ticket = { subject, body: 'Since this morning.', company_id: companyId, location: 1, triage_id: 3 };
    ticketId = (await callApi<{ data: { id: number } }>(token, 'POST', '/api/ticket', ticket)).data.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openSearch(page: Page) {
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    return page.getByRole('combobox', { name: 'Search tickets, companies, accounts, devices and employees' });
  }

  it('finds the ticket by its number and opens /ticket/{id}', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/tickets');
    const box = await openSearch(page);
    await box.fill(String(ticketId));
    const results = page.getByRole('listbox', { name: 'Search results' });
    const tickets = results.getByRole('group', { name: 'Tickets' });
    // The exact number comes first.
    await expect.poll(() => tickets.getByRole('option').first().textContent()).toContain(`#${ticketId} ${subject}`);
    await tickets.getByRole('option').first().click();
    await page.waitForURL((url) => url.pathname === `/ticket/${ticketId}`);
    await page.getByText(subject).first().waitFor();
  });

  it('finds it by a word of the subject, grouped by kind with headings, and Escape clears the query', async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/tickets');
    const box = await openSearch(page);
    await box.fill(`outlook ${stamp}`);
    const results = page.getByRole('listbox', { name: 'Search results' });
    await results.getByRole('option', { name: new RegExp(`#${ticketId} ${subject}`) }).waitFor();
    await results.getByRole('group', { name: 'Companies' }).getByRole('option', { name: companyName }).waitFor();
    const groups = await results
      .getByRole('group')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
    expect(groups).toEqual(['Tickets', 'Companies']);
    // The headings are shown, not only named.
    await results.getByText('Tickets', { exact: true }).waitFor();
    await results.getByText('Companies', { exact: true }).waitFor();

    await box.press('Escape');
    expect(await box.inputValue()).toBe('');
    await expect.poll(() => page.getByRole('option').count()).toBe(0);
    await page
      .getByText('Type at least 2 characters to search tickets, companies, accounts, devices and employees.')
      .waitFor();

    await box.fill(`outlook ${stamp}`);
    await results.getByRole('group', { name: 'Companies' }).getByRole('option', { name: companyName }).click();
    await page.waitForURL((url) => /^\/companies\/\d+/.test(url.pathname));
  });
});
