// Issue 15 through the browser, a client account in one context while staff watch in another: the client files a
// ticket with no company to choose (part 1), replies with an attachment (part 2) and sees no flags, escalation or
// forbidden company link (part 3); staff's toasts keep clear of the header and Escalate asks for a reason (part 8).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

const connected = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.realtime === 'connected');

/** True when a click at the middle of `button` reaches it (nothing, such as a toast, lies over it). */
async function receivesClicks(button: Locator): Promise<boolean> {
  const box = await button.boundingBox();
  if (!box) return false;
  const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  return button.evaluate((element, point) => element.contains(document.elementFromPoint(point.x, point.y)), middle);
}

describe('client accounts on tickets (issue 15)', () => {
  let browser: Browser;
  let dir: string;
  let token: string;
  let companyId: number;
  let companyName: string;
  let clientId: number;
  const client = { name: 'Pia Portal', email: `pia.${Date.now()}@lakeside.example`, password: 'Lakeside-pass-1' };
  const flag = 'VIP client: call back within 30 minutes';
  // The escalation technician is a technician, an employee of department 1 (decision 0078); the administrator is not.
  const escalationTech = { name: 'Esme Escalation', id: 0 };

  beforeAll(async () => {
    browser = await launchBrowser();
    dir = await mkdtemp(join(tmpdir(), 'client-tickets-e2e-'));
    token = await adminToken();
    companyName = `Lakeside Dental ${Date.now()}`;
    companyId = await createCompanyViaApi(token, companyName);
    await callApi(token, 'POST', '/api/companies/flags/', { id: '', flag, company_id: companyId });
    const { name, email, password } = client;
    const account = { name, email, company_id: companyId, password, password_confirmation: password };
    clientId = (await callApi<{ data: { id: number } }>(token, 'POST', '/api/users/client', account)).data.id;
    const techPassword = 'Esme-password-1';
    escalationTech.id = (
      await callApi<{ data: { id: number } }>(token, 'POST', '/api/users/employee', {
        name: escalationTech.name,
        email: `esme.${Date.now()}@switchboard.test`,
        password: techPassword,
        password_confirmation: techPassword,
        title: 'Field Technician',
        active: 0,
        departments: [1],
      })
    ).data.id;
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const staffTicket = async (subject: string) => {
    const ticket = { subject, body: 'Opened by the front desk.', company_id: companyId, location: 1, triage_id: 3 };
    return (await callApi<{ data: { id: number } }>(token, 'POST', '/api/ticket', ticket)).data.id;
  };
  const clientPage = async () => {
    const page = await newPage(browser);
    await loginWithToken(page, client.email, client.password);
    return page;
  };
  const staffPage = async () => {
    const page = await newPage(browser);
    await loginWithToken(page);
    return page;
  };

  it('part 1: the client files a ticket with no company to choose, and staff see it in the queue live', async () => {
    const staff = await staffPage();
    await staff.goto('/tickets');
    await connected(staff);

    const page = await clientPage();
    await page.goto('/tickets');
    await page.getByRole('link', { name: 'Create Ticket' }).click();
    await page.waitForURL((url) => url.pathname === '/tickets/create');
    const form = page.getByRole('form', { name: 'Create Ticket' });
    await form.getByLabel(/^Subject/).waitFor();
    expect(await form.getByLabel(/^Company/).count()).toBe(0);
    // The product's words under the fields, and nothing sent.
    await form.getByRole('button', { name: 'Create Ticket' }).click();
    await form.getByText('Enter a subject.').waitFor();
    await form.getByText('Describe the problem.').waitFor();
    await form.getByLabel(/^Subject/).fill('X-ray sensor not detected');
    await form.getByLabel(/^Description/).fill('Room 2 software says no sensor since this morning.');
    await form.getByRole('button', { name: 'Create Ticket' }).click();
    await page.getByText('Ticket created.').waitFor();
    await page.waitForURL((url) => /^\/ticket\/\d+$/.test(url.pathname));
    const ticketId = Number(page.url().split('/').pop());
    await page.getByRole('heading', { name: `#${ticketId} X-ray sensor not detected` }).waitFor();

    // Staff's open queue shows it without a reload, for the client's company.
    const row = staff.locator(`tr[data-ticket-id="${ticketId}"]`);
    await row.getByText('X-ray sensor not detected').waitFor();
    await row.getByText(companyName).waitFor();
  });

  it('part 2: the client replies with an attachment and staff see the reply in the thread live', async () => {
    const ticketId = await staffTicket('Intraoral camera blurry');
    const staff = await staffPage();
    await staff.goto(`/ticket/${ticketId}`);
    await staff.getByRole('heading', { name: `#${ticketId} Intraoral camera blurry` }).waitFor();
    await connected(staff);

    const page = await clientPage();
    await page.goto(`/ticket/${ticketId}`);
    const reply = page.getByRole('group', { name: 'Reply' });
    await reply.getByRole('button', { name: 'Send Reply' }).click();
    await reply.getByText('Write a reply.').waitFor();
    const file = join(dir, 'camera-photo.txt');
    await writeFile(file, 'blurry picture');
    await reply.getByLabel('Your reply').fill('It is blurry on both chairs; photo attached.');
    await reply.locator('input[type="file"]').setInputFiles(file);
    await reply.getByRole('button', { name: 'Send Reply' }).click();
    await page.getByText('Reply sent.').waitFor();
    const ownThread = page.getByRole('group', { name: 'E-mail Thread' });
    await ownThread.getByText('It is blurry on both chairs; photo attached.').waitFor();
    expect(await reply.getByLabel('Your reply').inputValue()).toBe('');

    const thread = staff.getByRole('group', { name: 'E-mail Thread' });
    await thread.getByText('It is blurry on both chairs; photo attached.').waitFor();
    await thread.getByText('camera-photo.txt').waitFor();
    await thread.getByText(`Re: Intraoral camera blurry [Ticket #${ticketId}]`).waitFor();
    const events = staff.getByRole('group', { name: 'Ticket Events' });
    await events.getByText(`${client.name} replied from the portal`).waitFor();
  });

  it('part 3: the client’s view shows no flags banner, no escalation badge, no link to the company', async () => {
    const ticketId = await staffTicket('Front desk PC slow');
    await callApi(token, 'POST', `/api/ticket/escalate/${ticketId}`, {
      reason: 'Owner is a VIP',
      esc_tech: escalationTech.id,
    });
    const staff = await staffPage();
    await staff.goto(`/ticket/${ticketId}`);
    await staff.getByRole('note', { name: 'Company flags' }).getByText(flag).waitFor();
    await staff.getByText('Escalated to').waitFor();
    await staff.getByRole('link', { name: companyName }).waitFor();

    const page = await clientPage();
    await page.goto(`/ticket/${ticketId}`);
    await page.getByRole('heading', { name: `#${ticketId} Front desk PC slow` }).waitFor();
    await page.getByText(companyName).first().waitFor();
    expect(await page.getByRole('link', { name: companyName }).count()).toBe(0);
    expect(await page.getByRole('note', { name: 'Company flags' }).count()).toBe(0);
    expect(await page.getByText(flag).count()).toBe(0);
    expect(await page.getByText('Escalated').count()).toBe(0);
    // Nor does the client's queue say it is escalated.
    await page.goto('/tickets');
    const row = page.locator(`tr[data-ticket-id="${ticketId}"]`);
    await row.getByText('Front desk PC slow').waitFor();
    expect(await row.getByText('Escalated').count()).toBe(0);
  });

  it('part 8: toasts leave the header’s buttons clickable; Escalate asks for a reason the events show', async () => {
    const ticketId = await staffTicket('Label printer offline');
    const staff = await staffPage();
    await staff.goto(`/ticket/${ticketId}`);
    // Three quick saves stack three toasts (they last 3 s); at the top right they reached over the header's buttons.
    await staff.getByRole('button', { name: 'Check In' }).click();
    await staff.getByText('Checked in.').waitFor();
    await staff.getByRole('button', { name: 'Check Out' }).click();
    await staff.getByText('Checked out.').waitFor();
    await staff.getByRole('button', { name: 'Check In' }).click();
    await expect.poll(() => staff.getByText('Checked in.').count()).toBe(2);
    // While the toasts show, the header's buttons still take the click.
    expect(await receivesClicks(staff.getByRole('button', { name: 'Check Out' }))).toBe(true);
    expect(await receivesClicks(staff.getByRole('button', { name: 'Escalate' }))).toBe(true);

    await staff.getByRole('button', { name: 'Escalate' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Escalate this ticket?' });
    await dialog.getByRole('button', { name: 'Escalate' }).click();
    await dialog.getByText('Say why the ticket needs escalating.').waitFor();
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await staff.getByText('Escalated to').count()).toBe(0);

    await staff.getByRole('button', { name: 'Escalate' }).click();
    await dialog.getByRole('combobox', { name: 'Escalation Technician' }).click();
    await staff.getByRole('option', { name: escalationTech.name }).click();
    await dialog.getByLabel(/^Reason/).fill('Vendor contract needs a manager');
    await dialog.getByRole('button', { name: 'Escalate' }).click();
    await staff.getByText('Ticket escalated.').waitFor();
    await staff.getByText(`Escalated to ${escalationTech.name}`).waitFor();
    const events = staff.getByRole('group', { name: 'Ticket Events' });
    const lingo = `Administrator escalated the ticket to ${escalationTech.name}: Vendor contract needs a manager`;
    await events.getByText(lingo).waitFor();
  });

  it('issue 26 §2 items 3, 4: My tickets lists the client’s own tickets; its ticket page says where it stands', async () => {
    const stamp = Date.now().toString(36);
    const tech = { name: 'Theo Tech', email: `theo.${stamp}@example.com`, password: 'Theo-pass-1' };
    const techId = (await callApi<{ data: { id: number } }>(token, 'POST', '/api/user', { ...tech, type: 'user' })).data
      .id;
    const { data } = await callApi<{ data: { regions: { id: number }[] } }>(token, 'GET', '/api/misc/staticdata');
    const site = { name: `Dockside ${stamp}`, region_id: data.regions[0]!.id, city: 'Erie' };
    await callApi(token, 'PUT', `/api/companies/sites/${companyId}`, { sites: [site] });
    const sites = await callApi<{ data: { id: number; name: string }[] }>(
      token,
      'GET',
      `/api/companies/sites.list.${companyId}`,
    );
    const siteId = sites.data.find((entry) => entry.name === site.name)!.id;
    const fields = { body: 'Called in.', company_id: companyId, location: 1, triage_id: 3 };
    const own = {
      ...fields,
      subject: `Own scanner ${stamp}`,
      client_id: clientId,
      employee_id: techId,
      site_id: siteId,
    };
    const ownId = (await callApi<{ data: { id: number } }>(token, 'POST', '/api/ticket', own)).data.id;
    const otherId = await staffTicket(`Someone else’s phone ${stamp}`);

    const page = await clientPage();
    await page.goto('/tickets');
    await page.getByRole('button', { name: 'My tickets' }).click();
    await page.waitForURL((url) => url.searchParams.get('mine') === '1');
    // All open's list stays on screen until My tickets' answer replaces it: wait for the list that has the client's
    // own ticket and not the colleague's.
    const rowCounts = () =>
      Promise.all([ownId, otherId].map((id) => page.locator(`tr[data-ticket-id="${id}"]`).count()));
    await expect.poll(rowCounts).toEqual([1, 0]);

    await page.locator(`tr[data-ticket-id="${ownId}"]`).getByRole('link', { name: own.subject }).click();
    const details = page.getByRole('group', { name: 'Ticket Details' });
    await details.waitFor();
    const value = (label: string) =>
      details.locator('div', { has: page.locator('dt', { hasText: label }) }).locator('dd');
    // The status is named from the boot lists, which may arrive after the card: wait for each value.
    await expect.poll(() => value('Status').textContent()).toBe('Open');
    await expect.poll(() => value('Technician').textContent()).toBe('Theo Tech');
    await expect.poll(() => value('Site').textContent()).toBe(site.name);
    await expect.poll(() => value('Created').textContent()).toMatch(/\d{4}/);
    await expect.poll(() => value('Last update').textContent()).toMatch(/ago|just now/);
  });
});
