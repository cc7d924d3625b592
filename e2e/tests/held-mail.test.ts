// Issue 7 part 6 (decision 0023) through the browser: mail from an unknown sender is held; an administrator opens
// Settings → Held Mail, makes it a ticket for a company, and finds the message with its attachment in the ticket's thread.
import type { Browser } from 'playwright-core';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

describe('held mail', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('turns mail from an unknown sender into a ticket for a company, with the message in its thread', async () => {
    const token = await adminToken();
    const stamp = Date.now();
    const companyName = `Lakeside Vets ${stamp}`;
    await createCompanyViaApi(token, companyName);
    const subject = `Scanner offline ${stamp}`;

    // The sender is no ticket's and no account's: the app holds the mail before it answers the SMTP client.
    await createTransport({
      host: '127.0.0.1',
      port: inject('inboundSmtpPort'),
      secure: false,
      ignoreTLS: true,
    }).sendMail({
      from: `newcomer.${stamp}@lakeside.example`,
      to: 'helpdesk@switchboard.local',
      subject,
      text: 'Our scanner has been offline since this morning.',
      attachments: [{ filename: 'scanner-log.txt', content: 'E42 paper path blocked' }],
    });
    const held = await callApi<{ data: { id: number; subject: string; ticket_id: number | null }[] }>(
      token,
      'GET',
      '/api/admin/held-mail?per_page=500',
    );
    const row = held.data.find((entry) => entry.subject === subject);
    expect(row).toMatchObject({ ticket_id: null });

    const page = await newPage(browser);
    await loginWithToken(page);
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Admin pages' })
      .getByRole('link', { name: 'Held Mail', exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/held-mail');
    const tableRow = page.locator(`tr[data-held-id="${row!.id}"]`);
    await tableRow.getByText(subject).waitFor();
    // Why it was held, and what the sender checks found (decision 0028).
    await tableRow.getByText('It names no ticket and comes from no client account.').waitFor();
    await tableRow.getByText('Sender not verified').waitFor();
    await tableRow.getByRole('button', { name: 'Create ticket' }).click();

    const dialog = page.getByRole('dialog', { name: 'Create ticket' });
    await dialog.getByLabel(/^Company/).fill(companyName);
    await page.getByRole('option', { name: companyName }).click();
    await dialog.getByRole('button', { name: 'Create ticket' }).click();
    await page.getByText('Ticket created.').waitFor();

    const open = page.getByTestId('held-mail-created').getByRole('link', { name: /^Open ticket #\d+$/ });
    const ticketId = Number((await open.textContent())!.replace(/\D/g, ''));
    // The row now names its ticket instead of offering the actions.
    await tableRow.getByRole('link', { name: `Ticket #${ticketId}` }).waitFor();
    expect(await tableRow.getByRole('button', { name: 'Create ticket' }).count()).toBe(0);

    await open.click();
    await page.waitForURL((url) => url.pathname === `/ticket/${ticketId}`);
    await page.getByRole('heading', { name: `#${ticketId} ${subject}` }).waitFor();
    const thread = page.getByRole('group', { name: 'E-mail Thread' });
    await thread.getByText('Our scanner has been offline since this morning.').waitFor();
    await thread.getByText('scanner-log.txt').waitFor();
    await page.getByText(`Ticket opened from held mail from newcomer.${stamp}@lakeside.example`).waitFor();
  });
});
