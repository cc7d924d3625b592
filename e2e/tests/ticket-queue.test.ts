// Issue 15 parts 5 and 6 through the browser: a queue for a day's work at 1440x900 (25 one-line rows, whole badges),
// filters in the URL, My tickets, saved views, bulk status with its events, keyboard navigation, a row click; and the
// company page's Tickets tab opened by the Open Tickets counter, with its tabs on one line.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('ticket queue', () => {
  let browser: Browser;
  let companyId: number;
  let companyName: string;
  const ticketIds: number[] = [];
  const tech = {
    name: 'Quinn Queue',
    email: `quinn.${Date.now()}@switchboard.test`,
    password: 'Quinn-password-1',
    id: 0,
  };
  const longSubject =
    'The accounting laptop in the back office loses its Wi-Fi connection every time it wakes from sleep';

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    companyName = `Queue Works ${Date.now()}`;
    companyId = await createCompanyViaApi(token, companyName);
    tech.id = (
      await callApi<{ data: { id: number } }>(token, 'POST', '/api/user', {
        name: tech.name,
        email: tech.email,
        password: tech.password,
        type: 'user',
      })
    ).data.id;
    // 40 tickets of every triage level, three of them the technician's.
    for (let index = 0; index < 40; index += 1) {
      const body = {
        subject: index % 3 === 0 ? `${longSubject} (${index})` : `Printer jam ${index}`,
        body: 'Found during the morning check.',
        company_id: companyId,
        employee_id: index < 3 ? tech.id : '',
        location: 1,
        triage_id: (index % 4) + 1,
      };
      ticketIds.push((await callApi<{ data: { id: number } }>(token, 'POST', '/api/ticket', body)).data.id);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function queuePage(path: string): Promise<Page> {
    const page = await newPage(browser);
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginWithToken(page, tech.email, tech.password);
    await page.goto(path);
    await page.locator('tr[data-ticket-id]').first().waitFor();
    return page;
  }
  const rowIds = (page: Page) =>
    page
      .locator('tr[data-ticket-id]')
      .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-ticket-id'))));

  it('shows 25 one-line rows at 1440x900 with whole badges and the full subject on hover', async () => {
    const page = await queuePage(`/tickets?company_id=${companyId}`);
    const layout = await page.locator('tr[data-ticket-id]').evaluateAll((rows) => ({
      visible: rows.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length,
      heights: rows.map((row) => row.getBoundingClientRect().height),
    }));
    expect(layout.visible).toBeGreaterThanOrEqual(25);
    // One line each: every row as tall as the shortest, and no taller than one line of text with its padding.
    expect(Math.max(...layout.heights) - Math.min(...layout.heights)).toBeLessThan(1);
    expect(Math.max(...layout.heights)).toBeLessThanOrEqual(27);
    const badges = await page
      .locator('tr[data-ticket-id] .mantine-Badge-label')
      .evaluateAll((labels) =>
        labels.map((label) => ({ text: label.textContent, fits: label.scrollWidth <= label.clientWidth })),
      );
    expect(badges.length).toBeGreaterThanOrEqual(40);
    expect(badges.filter((badge) => !badge.fits)).toEqual([]);
    const longRow = page.locator(`tr[data-ticket-id="${ticketIds[39]}"]`);
    await expect.poll(() => longRow.locator('td[title]').first().getAttribute('title')).toBe(`${longSubject} (39)`);
    // The filters stand on one row.
    const filterTops = await page
      .getByRole('group', { name: 'Ticket filters' })
      .locator('input:not([type="hidden"])')
      .evaluateAll((inputs) => new Set(inputs.map((input) => Math.round(input.getBoundingClientRect().top))).size);
    expect(filterTops).toBe(1);
  });

  it('reads a row without hovering at 1440 px: company, site, technician and ages whole, the subject given the room', async () => {
    // Issue 26 §2 item 7 (decision 0064): before, nearly every column was cut at 1440 px.
    const token = await adminToken();
    const company = 'Harborview Dental, LLC';
    const id = await createCompanyViaApi(token, company);
    const { data } = await callApi<{ data: { regions: { id: number }[] } }>(token, 'GET', '/api/misc/staticdata');
    const site = { name: 'North Campus', region_id: data.regions[0]!.id, city: 'Erie' };
    await callApi(token, 'PUT', `/api/companies/sites/${id}`, { sites: [site] });
    const sites = await callApi<{ data: { id: number }[] }>(token, 'GET', `/api/companies/sites.list.${id}`);
    const subject = 'Front desk label printer prints every label twice';
    for (const triage of [1, 3]) {
      const ticket = { subject, body: 'Seen at check-in.', company_id: id, site_id: sites.data[0]!.id, location: 1 };
      await callApi(token, 'POST', '/api/ticket', { ...ticket, triage_id: triage });
    }
    const page = await queuePage(`/tickets?company_id=${id}`);
    const cells = await page.locator('tr[data-ticket-id]').evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('td')).map((cell) => {
          const inner = cell.querySelector<HTMLElement>('a, time, div, span') ?? cell;
          const cut = (element: Element) => element.scrollWidth > element.clientWidth + 1;
          return { text: cell.textContent, width: cell.clientWidth, cut: cut(cell) || cut(inner) };
        }),
      ),
    );
    expect(cells).toHaveLength(2);
    for (const row of cells) {
      // checkbox, #, subject, company, site, technician, status, triage, age, last update
      // The triage badge is checked whole by the test above (its label may reach into the cell's padding).
      expect(row.filter((cell, index) => cell.cut && index !== 7)).toEqual([]);
      expect(row[2]!.text).toBe(subject);
      expect(row[3]!.text).toBe('Harborview Dental');
      expect(row[4]!.text).toBe('North Campus');
      expect(row[5]!.text).toBe('Unassigned');
      expect(row[8]!.text).toMatch(/^(now|\d+(m|h|d|mo|y))$/);
      expect(row[9]!.text).toMatch(/^(now|\d+(m|h|d|mo|y))$/);
      expect(row[2]!.width).toBeGreaterThan(340);
    }
  });

  it('keeps its filters in the URL through a reload, offers My tickets and saves a view to apply again', async () => {
    const page = await queuePage(`/tickets?company_id=${companyId}`);
    await page.locator('input[aria-label="Triage"]').click();
    await page.getByRole('option', { name: 'Critical' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('triage_id') === '1' && url.searchParams.get('company_id') === String(companyId),
    );
    await page.reload();
    await page.locator('tr[data-ticket-id]').first().waitFor();
    await expect.poll(() => page.locator('input[aria-label="Triage"]').inputValue()).toBe('Critical');
    const triages = await page.locator('tr[data-ticket-id] .mantine-Badge-label').allTextContents();
    expect(triages.length).toBe(10);
    expect(new Set(triages)).toEqual(new Set(['Critical']));

    // Save this as a view, leave it, and come back to it in one click.
    await page.getByRole('button', { name: 'Saved views' }).click();
    await page.getByRole('menuitem', { name: 'Save current view…' }).click();
    await page.getByRole('dialog', { name: 'Save view' }).getByLabel('Name').fill('Critical at Queue Works');
    await page.getByRole('dialog', { name: 'Save view' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('View saved.').waitFor();
    await page.getByRole('button', { name: 'My tickets' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('employee_id') === String(tech.id) && !url.searchParams.has('triage_id'),
    );
    await expect.poll(async () => (await rowIds(page)).sort()).toEqual(ticketIds.slice(0, 3).sort());
    await page.getByRole('button', { name: 'Saved views' }).click();
    await page.getByRole('menuitem', { name: 'Critical at Queue Works' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('triage_id') === '1' && url.searchParams.get('company_id') === String(companyId),
    );
    await page.getByRole('button', { name: 'Critical at Queue Works', exact: true }).waitFor();
    await expect.poll(async () => (await rowIds(page)).length).toBe(10);
  });

  it('changes the status of selected tickets at once, each with its event', async () => {
    const page = await queuePage(`/tickets?company_id=${companyId}&sort=id&direction=asc`);
    const [first, second] = ticketIds;
    await page.getByRole('checkbox', { name: `Select ticket ${first}`, exact: true }).check();
    await page.getByRole('checkbox', { name: `Select ticket ${second}`, exact: true }).check();
    await page.getByText('2 selected').waitFor();
    await page.locator('input[aria-label="Set status"]').click();
    await page.getByRole('option', { name: 'In Progress' }).click();
    await page.getByText('2 tickets updated.').waitFor();
    await expect.poll(() => page.locator(`tr[data-ticket-id="${second}"] td[title="In Progress"]`).count()).toBe(1);
    await page.goto(`/ticket/${second}`);
    await page.getByText(`${tech.name} changed the status from Open to In Progress`).waitFor();
  });

  it('moves with j and k, opens with Enter, searches with /, lists its keys with ?, and opens a clicked row', async () => {
    const page = await queuePage(`/tickets?company_id=${companyId}&sort=id&direction=asc`);
    const ids = await rowIds(page);
    const active = () => page.locator('tr[data-active="true"]').getAttribute('data-ticket-id');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect.poll(active).toBe(String(ids[1]));
    await page.keyboard.press('k');
    await expect.poll(active).toBe(String(ids[0]));
    await page.keyboard.press('ArrowDown');
    await expect.poll(active).toBe(String(ids[1]));
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByText('Open the ticket').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'hidden' });
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search');
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/ticket/${ids[1]}`);

    await page.goBack();
    await page.locator(`tr[data-ticket-id="${ids[2]}"]`).locator('td').nth(4).click();
    await page.waitForURL((url) => url.pathname === `/ticket/${ids[2]}`);
  });

  it("opens the company's Tickets tab from the Open Tickets counter, with the tabs on one line", async () => {
    const page = await newPage(browser);
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginWithToken(page, tech.email, tech.password);
    await page.goto(`/companies/${companyId}`);
    const tabs = page.getByRole('tab');
    await tabs.first().waitFor();
    const tops = await tabs.evaluateAll(
      (list) => new Set(list.map((tab) => Math.round(tab.getBoundingClientRect().top))).size,
    );
    expect(tops).toBe(1);
    expect(await tabs.count()).toBe(11);
    await page.getByRole('link', { name: /^Open Tickets: \d+$/ }).click();
    await page.waitForURL((url) => url.pathname === `/companies/${companyId}/tickets`);
    await expect.poll(() => page.getByRole('tab', { name: 'Tickets' }).getAttribute('aria-selected')).toBe('true');
    await page.locator('tr[data-ticket-id]').first().waitFor();
    const open = Number(
      (await page.getByRole('link', { name: /^Open Tickets: \d+$/ }).textContent())?.replace(/\D/g, ''),
    );
    expect(open).toBe(40);
    // The company's queue: its own tickets only, without a Company filter or column.
    const shown = await rowIds(page);
    expect(shown.length).toBe(40);
    expect(shown.every((id) => ticketIds.includes(id))).toBe(true);
    expect(await page.locator('input[aria-label="Company"]').count()).toBe(0);
    // Narrow, the tabs still stand on one line and scroll sideways.
    await page.setViewportSize({ width: 900, height: 900 });
    const narrowTops = await tabs.evaluateAll(
      (list) => new Set(list.map((tab) => Math.round(tab.getBoundingClientRect().top))).size,
    );
    expect(narrowTops).toBe(1);
  });
});
