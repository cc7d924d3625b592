// Issue 7 through the browser: create a ticket and land on it; to-do and a note with an attachment; check in and
// out while a second viewer sees the toast; escalate and see another technician locked out; and (issue 4) the
// assigned technician's bell shows 'Assigned Ticket', marks it read on opening and leads to the ticket.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, callApi, createCompanyViaApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';
import { startMailCatcher } from '../support/mail.ts';

describe('tickets', () => {
  let browser: Browser;
  let dir: string;
  let companyName: string;
  const tech = { name: 'Tina Tech', email: `tina.${Date.now()}@switchboard.test`, password: 'Tina-password-1', id: 0 };
  const escalationTech = 'Eli Escalation';

  beforeAll(async () => {
    browser = await launchBrowser();
    dir = await mkdtemp(join(tmpdir(), 'tickets-e2e-'));
    const token = await adminToken();
    companyName = `Riverbend Law ${Date.now()}`;
    const companyId = await createCompanyViaApi(token, companyName);
    await callApi(token, 'POST', '/api/companies/flags/', {
      id: '',
      flag: 'Call the managing partner before any reboot',
      company_id: companyId,
    });
    // Technicians are employees of department 1 (tech): only they are listed as technicians (decision 0078).
    const hireTechnician = async (name: string, email: string, password: string) =>
      (
        await callApi<{ data: { id: number } }>(token, 'POST', '/api/users/employee', {
          name,
          email,
          password,
          password_confirmation: password,
          title: 'Field Technician',
          active: 0,
          departments: [1],
        })
      ).data.id;
    tech.id = await hireTechnician(tech.name, tech.email, tech.password);
    await hireTechnician(escalationTech, `eli.${Date.now()}@switchboard.test`, 'Eli-password-1');
  });
  afterAll(async () => {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('creates a ticket, works it with a second viewer, and escalates it', async () => {
    const admin = await newPage(browser);
    await loginWithToken(admin);
    await admin.goto('/tickets');
    await admin.getByRole('link', { name: 'Create Ticket' }).click();
    await admin.waitForURL((url) => url.pathname === '/tickets/create');
    const form = admin.getByRole('form', { name: 'Create Ticket' });
    await form.getByRole('button', { name: 'Create Ticket' }).click();
    await form.getByText('Enter a subject.').waitFor();
    await form.getByLabel(/^Subject/).fill('Scanner will not send to e-mail');
    await form.getByLabel(/^Description/).fill('The front desk scanner fails with SMTP error 535 since Monday.');
    await form
      .getByLabel(/^Company/)
      .first()
      .click();
    await admin.getByRole('option', { name: companyName }).click();
    await form.getByLabel('Technician').click();
    await admin.getByRole('option', { name: tech.name }).click();
    await form.getByRole('button', { name: 'Create Ticket' }).click();
    await admin.getByText('Ticket created.').waitFor();
    await admin.waitForURL((url) => /^\/ticket\/\d+$/.test(url.pathname));
    const ticketId = Number(admin.url().split('/').pop());
    await admin.getByRole('heading', { name: `#${ticketId} Scanner will not send to e-mail` }).waitFor();
    await admin
      .getByRole('note', { name: 'Company flags' })
      .getByText('Call the managing partner before any reboot')
      .waitFor();

    // The assigned technician: the bell, marked read on opening, leads to the ticket.
    const techPage = await newPage(browser);
    await loginWithToken(techPage, tech.email, tech.password);
    await techPage.goto('/dashboard');
    await techPage.waitForFunction(() => document.documentElement.dataset.realtime === 'connected');
    const bell = techPage.getByRole('button', { name: 'Notifications' });
    await bell.getByText('1').waitFor();
    const markedRead = techPage.waitForRequest(
      (request) => request.url().endsWith('/api/notifications/read') && request.method() === 'POST',
    );
    await bell.click();
    await markedRead;
    await techPage.locator('[data-notification-id]').first().click();
    await techPage.waitForURL((url) => url.pathname === `/ticket/${ticketId}`);
    await techPage.waitForFunction(() => document.documentElement.dataset.realtime === 'connected');

    // To-do, then a note with an attachment.
    const todos = admin.getByRole('group', { name: 'To-dos' });
    await todos.getByLabel('New to-do').fill('Update the scanner SMTP password');
    await todos.getByRole('button', { name: 'Add' }).click();
    await todos.getByText('Update the scanner SMTP password').waitFor();
    const file = join(dir, 'smtp-error.txt');
    await writeFile(file, '535 5.7.3 Authentication unsuccessful');
    // The technician starts a note: the administrator is warned that someone else edits the same section, and
    // sees the text as it is typed (the private notes are one shared document, decision 0040).
    const notes = admin.getByRole('group', { name: 'Private Notes' });
    const techNotes = techPage.getByRole('group', { name: 'Private Notes' });
    await notes.getByText('Live').waitFor();
    await techNotes.getByText('Live').waitFor();
    await techNotes.getByRole('textbox', { name: 'Private Notes' }).click();
    await techNotes.getByRole('textbox', { name: 'Private Notes' }).pressSequentially('Tech draft');
    await notes.getByText('Tina Tech is also editing this section.').waitFor();
    const editor = notes.getByRole('textbox', { name: 'Private Notes' });
    await editor.getByText('Tech draft').waitFor();
    // The technician moves on: their caret (and its name) leaves the shared text.
    await techPage.getByRole('heading', { level: 1 }).click();
    await editor.locator('.ProseMirror-yjs-cursor').waitFor({ state: 'detached' });
    // The rich-text editor with the timestamp stamp (MM/DD/YYYY hh:mm A and the short name) on a line of its own.
    await editor.fill('Scanner uses the old app password.');
    await notes.getByRole('button', { name: 'Bold' }).click();
    await editor.pressSequentially(' Reset it.');
    await notes.getByRole('button', { name: 'Insert timestamp' }).click();
    await editor.pressSequentially('called the front desk');
    expect(await editor.innerText()).toMatch(
      /^Scanner uses the old app password\. Reset it\.\n+\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM) \S+: called the front desk$/,
    );
    expect(await editor.locator('strong').innerText()).toContain('Reset it.');
    await notes.locator('input[type="file"]').setInputFiles(file);
    await notes.getByRole('button', { name: 'Save Notes' }).click();
    await notes.getByText('Notes saved.').waitFor();
    await notes.getByText('smtp-error.txt').waitFor();
    // The other viewer has the same text already, and gets the attachment live; nothing to restore.
    await techNotes.getByText('smtp-error.txt').waitFor();
    await techNotes.getByText('called the front desk').waitFor();
    expect(await techNotes.locator('strong').innerText()).toContain('Reset it.');
    expect(
      await techNotes
        .getByText('Text in the editor does not match the database. Either save or restore from the database.')
        .count(),
    ).toBe(0);
    // Leaving the section ends the warning.
    await techPage.getByRole('heading', { level: 1 }).click();
    await notes.getByText('Tina Tech is also editing this section.').waitFor({ state: 'detached' });

    // Check in and out: the other viewer sees the toasts and the new check-in.
    await admin.getByRole('button', { name: 'Check In' }).click();
    await techPage.getByText('Administrator checked in to this ticket').waitFor();
    await admin.getByRole('button', { name: 'Check Out' }).click();
    await techPage.getByText('Administrator checked out of this ticket').waitFor();
    await techPage.getByRole('table', { name: 'Check-ins' }).getByText('Administrator').waitFor();

    // Escalate (with its reason) to another technician: the ticket's technician is locked out.
    await admin.getByRole('button', { name: 'Escalate' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Escalate this ticket?' });
    await dialog.getByRole('combobox', { name: 'Escalation Technician' }).click();
    await admin.getByRole('option', { name: escalationTech }).click();
    await dialog.getByLabel(/^Reason/).fill('The scanner vendor must be called');
    await dialog.getByRole('button', { name: 'Escalate' }).click();
    await admin.getByText('Ticket escalated.').waitFor();
    await admin.getByText(`Escalated to ${escalationTech}`).waitFor();
    // The dialog closes and the header offers Escalate no more.
    await expect.poll(() => admin.getByRole('button', { name: 'Escalate' }).count()).toBe(0);
    await techPage.getByText('This ticket is escalated; only its escalation technician can work on it.').waitFor();
    expect(await techPage.getByRole('button', { name: 'Check In' }).isDisabled()).toBe(true);

    // The escalation queue lists it.
    await admin.goto('/escalation');
    await admin.locator(`tr[data-ticket-id="${ticketId}"]`).getByText('Escalated').waitFor();
  });

  it('sends a response that arrives on a real SMTP listener with the ticket number and a Reply-To', async () => {
    const token = await adminToken();
    const companyId = await createCompanyViaApi(token, `Maple Dental ${Date.now()}`);
    const { data } = await callApi<{ data: { id: number } }>(token, 'POST', '/api/ticket', {
      subject: 'Phones drop calls',
      body: 'Calls drop after ten minutes.',
      company_id: companyId,
      location: 1,
      triage_id: 3,
    });
    const catcher = await startMailCatcher();
    try {
      const page = await newPage(browser);
      await loginWithToken(page);
      await page.goto(`/ticket/${data.id}`);
      const contact = page.getByRole('group', { name: 'Contact' });
      // The draft starts with a sign-off in the user's short name.
      expect(await contact.getByLabel('Response', { exact: true }).inputValue()).toMatch(/Thank you,\n\S+/);
      await contact.getByRole('button', { name: 'Send Response' }).click();
      await contact.getByText('Choose an account or type an e-mail address.').waitFor();
      await contact.getByLabel('Or e-mail').fill('office@maple-dental.example');
      await contact
        .getByLabel('Response', { exact: true })
        .fill('Hello,\nwe replaced the phone firmware.\n\nThank you,\nAdmin');
      await contact.getByRole('button', { name: 'Send Response' }).click();
      await page.getByText('Response sent.').waitFor();
      await page
        .getByRole('group', { name: 'E-mail Thread' })
        .getByText(`Phones drop calls [Ticket #${data.id}]`)
        .waitFor();
      const mail = await catcher.waitFor('office@maple-dental.example');
      expect(mail.raw).toContain(`Subject: Phones drop calls [Ticket #${data.id}]`);
      // The reply address is the ticket's signed one (decision 0028): the number and its HMAC.
      const replyTo = new RegExp(`Reply-To: (\\S*\\+ticket-${data.id}-[0-9a-f]{24}@\\S+)`).exec(mail.raw)?.[1];
      expect(replyTo).toBeDefined();

      // The client answers by mail to the Reply-To: the reply lands in the open page's thread without a reload.
      await createTransport({
        host: '127.0.0.1',
        port: inject('inboundSmtpPort'),
        secure: false,
        ignoreTLS: true,
      }).sendMail({
        from: 'office@maple-dental.example',
        to: replyTo!.replace(/[<>]/g, ''),
        subject: `Re: Phones drop calls [Ticket #${data.id}]`,
        text: 'Thanks, the calls stay up now.',
        // The HTML part is shown, sanitised: formatting kept, script and handler dropped.
        html: '<p>Thanks, the calls stay <b>up</b> now.</p><script>window.pwned = 1</script><img src="x" onerror="window.pwned = 2">',
      });
      const thread = page.getByRole('group', { name: 'E-mail Thread' });
      await thread.locator('b', { hasText: 'up' }).waitFor();
      expect(await thread.getByText('Thanks, the calls stay').count()).toBe(1);
      expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
      expect(await thread.locator('script, img').count()).toBe(0);
      // Its sender's domain publishes nothing to check against: the message says so.
      await thread.locator('[data-mail-auth="unverified"]', { hasText: 'Sender not verified' }).waitFor();
    } finally {
      await catcher.close();
    }
  });

  it('shows a client account its company’s tickets live: a new one in the queue, the resolution, never the private notes', async () => {
    const token = await adminToken();
    const companyId = await createCompanyViaApi(token, `Harbor Vet ${Date.now()}`);
    const client = { email: `owner.${Date.now()}@harbor-vet.example`, password: 'Harbor-pass-1' };
    await callApi(token, 'POST', '/api/users/client', {
      name: 'Hana Harbor',
      email: client.email,
      company_id: companyId,
      password: client.password,
      password_confirmation: client.password,
    });
    const page = await newPage(browser);
    await loginWithToken(page, client.email, client.password);
    await page.goto('/tickets');
    await page.waitForFunction(() => document.documentElement.dataset.realtime === 'connected');

    // A ticket opened for the company by staff appears in the client's queue without a reload.
    const { data } = await callApi<{ data: { id: number } }>(token, 'POST', '/api/ticket', {
      subject: 'Kennel camera offline',
      body: 'Camera 3 shows no picture.',
      company_id: companyId,
      location: 1,
      triage_id: 3,
    });
    await callApi(token, 'POST', '/api/ticket/notes', {
      ticket_id: data.id,
      notes: '<p>Internal: the camera PoE port is flaky.</p>',
    });
    await page.locator(`tr[data-ticket-id="${data.id}"]`).getByText('Kennel camera offline').waitFor();
    await page.goto(`/ticket/${data.id}`);
    await page.getByRole('heading', { name: `#${data.id} Kennel camera offline` }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.realtime === 'connected');
    const resolution = page.getByRole('group', { name: 'Resolution' });
    await resolution.getByText('No resolution yet.').waitFor();

    await callApi(token, 'POST', '/api/ticket/resolution', {
      ticket_id: data.id,
      resolution: '<p>Replaced the <strong>PoE injector</strong>.</p>',
    });
    await resolution.locator('strong', { hasText: 'PoE injector' }).waitFor();
    expect(await page.getByText('Internal: the camera PoE port is flaky.').count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Private Notes' }).count()).toBe(0);
  });
});
