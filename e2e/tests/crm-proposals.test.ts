// CRM proposals through the browser (designs/crm-softphone.md §4.7): an agent opens their lead, starts New proposal
// from the drawer, fills monthly and one-time lines (totals in USD), saves and sends it; the client opens the mailed
// link in a browser context of its own, never signed in, and accepts with their typed name; the agent sees Accepted
// and sets the lead to Current Client. The link then answers once only.
import type { LeadDetail } from '@switchboard/shared/crm-leads';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';
import { decodeQuotedPrintable, startMailCatcher } from '../support/mail.ts';

const password = 'Secret-Pass-123';

describe('CRM proposals', () => {
  let browser: Browser;
  let admin: string;
  const tag = `Pq${Date.now().toString(36)}`;
  const agent = { id: 0, name: `Parker Agent ${tag}`, email: `parker.${tag.toLowerCase()}@example.test` };
  const clientEmail = `owner.${tag.toLowerCase()}@example.test`;
  let leadId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminToken();
    agent.id = (
      await callApi<{ data: { id: number } }>(admin, 'POST', '/api/user', {
        name: agent.name,
        email: agent.email,
        password,
        type: 'user',
      })
    ).data.id;
    await callApi(admin, 'PUT', `/api/users/employee/permissions/${agent.id}`, { permissions: ['view crm'] });
    leadId = (
      await callApi<{ data: { id: number } }>(admin, 'POST', '/api/crm/leads', {
        company_name: `Harbor Dental ${tag}`,
        first_name: 'Hana',
        last_name: 'Harbor',
        email: clientEmail,
        status: 1,
        manager_id: agent.id,
      })
    ).data.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'creates from the lead, sends, the client accepts by link, the agent sets Current Client',
    { timeout: 240_000 },
    async () => {
      const mail = await startMailCatcher();
      try {
        const page = await newPage(browser);
        await loginWithToken(page, agent.email, password);
        await page.goto(`/crm?lead=${leadId}`);
        await page.getByRole('link', { name: 'New proposal' }).click();
        await page.waitForURL(/\/crm\/proposals\?new=1&lead=\d+/);
        const drawer = page.getByRole('dialog', { name: 'New proposal' });
        await expect.poll(() => drawer.getByPlaceholder('Search leads').inputValue()).toBe(`Harbor Dental ${tag}`);
        await drawer.getByRole('textbox', { name: 'Title' }).fill('Managed IT for Harbor');
        await drawer.getByLabel('Monthly description 1').fill('Managed workstation');
        await drawer.getByLabel('Monthly quantity 1').fill('12');
        await drawer.getByLabel('Monthly unit price 1').fill('45.50');
        await drawer.getByLabel('One-time description 2').fill('Onboarding');
        await drawer.getByLabel('One-time unit price 2').fill('1200');
        await drawer.getByTestId('monthly-total').getByText('$546.00').waitFor();
        await drawer.getByTestId('one_time-total').getByText('$1,200.00').waitFor();
        await drawer.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL(/\/crm\/proposals\?proposal=\d+/);
        const proposalId = Number(new URL(page.url()).searchParams.get('proposal'));
        const editor = page.getByRole('dialog', { name: 'Managed IT for Harbor' });
        await editor.getByTestId('proposal-status').getByText('Draft').waitFor();
        await editor.getByRole('button', { name: 'Send', exact: true }).click();
        await editor.getByRole('button', { name: 'Send proposal' }).click();
        await editor.getByTestId('proposal-status').getByText('Sent').waitFor();

        const message = await mail.waitFor(clientEmail, (received) =>
          decodeQuotedPrintable(received.raw).includes('/proposal/'),
        );
        const link = /https?:\/\/[^\s"<>]+\/proposal\/[A-Za-z0-9_-]+/.exec(decodeQuotedPrintable(message.raw))?.[0];
        expect(link).toBeTruthy();

        // The client: a browser context of its own, never signed in.
        const client = await newPage(browser);
        await client.goto(new URL(link!).pathname);
        await client.getByRole('heading', { name: 'Managed IT for Harbor' }).waitFor();
        await client.getByText('Monthly: $546.00').waitFor();
        await client.getByRole('link', { name: 'Proposal (PDF)' }).waitFor();
        await client.getByLabel('Your name').fill('Hana Harbor');
        await client.getByRole('button', { name: 'Accept' }).click();
        await client.getByText('Thank you: the proposal was accepted.').waitFor();

        // The agent: the proposal reads Accepted, and the lead becomes a Current Client.
        await page.reload();
        const answered = page.getByRole('dialog', { name: 'Managed IT for Harbor' });
        await answered.getByTestId('proposal-status').getByText('Accepted').waitFor();
        await answered.getByText('Accepted by Hana Harbor', { exact: false }).waitFor();
        await answered.getByRole('button', { name: 'Set lead to Current Client' }).click();
        await answered.getByText('The lead is a Current Client.').waitFor();
        const lead = await callApi<{ data: LeadDetail }>(admin, 'GET', `/api/crm/leads/${leadId}`);
        expect(lead.data.status).toBe(5);
        const row = page.getByRole('table', { name: 'Proposals' }).locator(`tr[data-proposal-id="${proposalId}"]`);
        await row.getByText('Accepted').waitFor();

        // The link answers once.
        await client.reload();
        await client.getByText('This proposal has already been answered.').waitFor();
      } finally {
        await mail.close();
      }
    },
  );
});
