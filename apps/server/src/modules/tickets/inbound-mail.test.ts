import { eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext, type TestUser } from '../../../test/helpers.ts';
import { startInboundMail } from '../../plugins/inbound-mail.ts';
import { companies } from '../companies/companies.table.ts';
import { heldMail } from './held-mail.table.ts';
import { ticketThreads, tickets } from './tickets.table.ts';

describe('inbound mail (INBOUND_SMTP_PORT)', () => {
  let ctx: TestContext;
  let inbound: { port: number; stop(): Promise<void> };
  let companyId: number;
  let client: TestUser;
  let adminToken: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    inbound = (await startInboundMail(ctx.app, 0, '127.0.0.1'))!;
    [{ id: companyId }] = (await ctx.db.insert(companies).values({ name: 'Mail Co' }).returning({ id: companies.id })) as [{ id: number }];
    client = await createUser(ctx.db, { type: 'Client', companyId, name: 'Mia Mailer', email: 'mia@mailco.example' });
    const admin = await createUser(ctx.db, { role: 'admin' });
    adminToken = (await login(ctx.app, admin.email, admin.password)).access_token;
  });
  afterAll(async () => {
    await inbound?.stop();
    await ctx.close();
  });

  const send = (message: { from: string; to: string; subject: string; text: string; attachments?: { filename: string; content: string }[] }) =>
    createTransport({ host: '127.0.0.1', port: inbound.port, secure: false, ignoreTLS: true }).sendMail(message);

  it('threads a reply onto its ticket by the +ticket address or the subject, keeping attachments', async () => {
    const [{ id }] = (await ctx.db.insert(tickets).values({ subject: 'Printer', body: 'Offline', companyId, location: 1, triageId: 3, status: 2 }).returning({ id: tickets.id })) as [{ id: number }];
    await send({ from: 'mia@mailco.example', to: `no-reply+ticket-${id}@switchboard.local`, subject: 'Re: Printer', text: 'It works now, thanks!', attachments: [{ filename: 'photo.txt', content: 'pic' }] });
    await send({ from: 'stranger@elsewhere.example', to: 'helpdesk@switchboard.local', subject: `Re: Printer [Ticket #${id}]`, text: 'Also seen here.' });
    const threads = await ctx.db.select().from(ticketThreads).where(eq(ticketThreads.ticketId, id));
    expect(threads.map((thread) => [thread.direction, thread.fromEmail, thread.textBody.trim()])).toEqual([
      ['in', 'mia@mailco.example', 'It works now, thanks!'],
      ['in', 'stranger@elsewhere.example', 'Also seen here.'],
    ]);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/ticket/${id}`, headers: bearer(adminToken) });
    expect(detail.json().data.threads[0].attachments).toMatchObject([{ file_name: 'photo.txt' }]);
  });

  it('opens a ticket for a known client account, and holds mail from unknown senders for review', async () => {
    await send({ from: 'mia@mailco.example', to: 'helpdesk@switchboard.local', subject: 'Cannot print invoices', text: 'The printer jams on invoices.' });
    const [opened] = await ctx.db.select().from(tickets).where(eq(tickets.subject, 'Cannot print invoices'));
    expect(opened).toMatchObject({ companyId, clientId: client.id, location: 5, status: 2 });

    await send({ from: 'nobody@unknown.example', to: 'helpdesk@switchboard.local', subject: 'Hello', text: 'Who is this?' });
    const [held] = await ctx.db.select().from(heldMail).where(eq(heldMail.fromEmail, 'nobody@unknown.example'));
    expect(held).toMatchObject({ subject: 'Hello' });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/held-mail', headers: bearer(adminToken) });
    expect(list.json().data[0]).toMatchObject({ from_email: 'nobody@unknown.example', reviewed_at: null });
    const reviewed = await ctx.app.inject({ method: 'POST', url: `/api/admin/held-mail/${held!.id}/reviewed`, headers: bearer(adminToken) });
    expect(reviewed.json().message).toBe('Marked as reviewed.');
  });
});
