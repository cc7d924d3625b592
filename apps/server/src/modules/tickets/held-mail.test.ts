import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { heldMailAlreadyTicketMessage } from '@switchboard/shared';
import { count, eq, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { readUpload, removeUpload } from '../../plugins/storage.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { heldMail } from './held-mail.table.ts';
import { receiveInboundMail } from './inbound-mail.service.ts';
import { ticketAttachments, ticketEvents, ticketThreads, tickets } from './tickets.table.ts';

/** A raw RFC 822 message as a mail server would hand it over, built by nodemailer without sending it. */
async function rawMessage(message: {
  from: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: string }[];
}): Promise<Buffer> {
  const info = await createTransport({ streamTransport: true, buffer: true }).sendMail({
    to: 'helpdesk@switchboard.local',
    messageId: `<${Math.random().toString(36).slice(2)}@mail.example>`,
    ...message,
  });
  return info.message as Buffer;
}

describe('held mail becomes a ticket (POST /api/admin/held-mail/{id}/ticket and /attach)', () => {
  let ctx: TestContext;
  let adminToken: string;
  let userToken: string;
  let admin: TestUser;
  let companyId: number;
  let otherCompanyId: number;
  let siteId: number;
  let otherSiteId: number;
  let client: TestUser;
  let otherClient: TestUser;
  let deletedClient: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    [{ id: companyId }, { id: otherCompanyId }] = (await ctx.db
      .insert(companies)
      .values([{ name: 'Harbor Clinic' }, { name: 'Other Co' }])
      .returning({ id: companies.id })) as [{ id: number }, { id: number }];
    [{ id: siteId }, { id: otherSiteId }] = (await ctx.db
      .insert(sites)
      .values([
        { companyId, name: 'Main Office' },
        { companyId: otherCompanyId, name: 'Elsewhere' },
      ])
      .returning({ id: sites.id })) as [{ id: number }, { id: number }];
    client = await createUser(ctx.db, { type: 'Client', companyId, name: 'Carla Client' });
    otherClient = await createUser(ctx.db, { type: 'Client', companyId: otherCompanyId });
    deletedClient = await createUser(ctx.db, { type: 'Client', companyId, deletedAt: new Date() });
    admin = await createUser(ctx.db, { role: 'admin' });
    adminToken = (await login(ctx.app, admin.email, admin.password)).access_token;
    const user = await createUser(ctx.db, { permissions: ['view dashboard'] });
    userToken = (await login(ctx.app, user.email, user.password)).access_token;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const newcomerVerdict = {
    spf: 'none',
    dkim: 'none',
    dmarc: 'none',
    verified: false,
    summary: 'Not verified: no SPF or DKIM pass for newcomer.example',
  };

  /** Receives a message from an unknown sender (so it is held) and answers the held row's id. */
  async function holdMail(
    subject = `Question ${Math.random().toString(36).slice(2, 8)}`,
    withAttachment = false,
  ): Promise<number> {
    const raw = await rawMessage({
      from: 'Nina Newcomer <nina@newcomer.example>',
      subject,
      text: 'Our scanner stopped working this morning.',
      html: '<p>Our scanner <b>stopped</b> working this morning.</p>',
      attachments: withAttachment ? [{ filename: 'scanner-error.txt', content: 'E42: paper path blocked' }] : [],
    });
    const result = await receiveInboundMail(ctx.db, ctx.config.dataDir, raw, { auth: newcomerVerdict });
    if (result.kind !== 'held') throw new Error(`expected the mail to be held, got ${result.kind}`);
    return result.heldId;
  }

  const post = (url: string, payload: unknown, token = adminToken) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/held-mail/${url}`,
      headers: bearer(token),
      payload: payload as object,
    });
  const heldRow = async (id: number) => (await ctx.db.select().from(heldMail).where(eq(heldMail.id, id)))[0]!;
  const ticketFiles = async () =>
    readdir(join(ctx.config.dataDir, 'uploads', 'ticket-files')).catch(() => [] as string[]);
  /** Rows and files that any conversion writes: a refused call must leave every one of them as it was. */
  async function snapshot() {
    const [[t], [th], [a], [e]] = await Promise.all([
      ctx.db.select({ n: count() }).from(tickets),
      ctx.db.select({ n: count() }).from(ticketThreads),
      ctx.db.select({ n: count() }).from(ticketAttachments),
      ctx.db.select({ n: count() }).from(ticketEvents),
    ]);
    return { tickets: t!.n, threads: th!.n, attachments: a!.n, events: e!.n, files: (await ticketFiles()).sort() };
  }

  it('creates an open Email ticket for the company with the message, its html and its attachment in the thread, and marks the mail reviewed', async () => {
    const heldId = await holdMail('Scanner broken', true);
    // Held mail keeps only the raw message: no ticket file is written until it becomes a ticket.
    expect(await ticketFiles()).toEqual([]);

    const response = await post(`${heldId}/ticket`, { company_id: companyId, client_id: client.id, site_id: siteId });
    expect(response.statusCode).toBe(200);
    const id = response.json<{ data: { id: number } }>().data.id;
    expect(response.json()).toEqual({ message: 'Ticket created.', data: { id } });

    const [ticket] = await ctx.db.select().from(tickets).where(eq(tickets.id, id));
    expect(ticket).toMatchObject({
      subject: 'Scanner broken',
      companyId,
      clientId: client.id,
      siteId,
      location: 5,
      triageId: 3,
      status: 2,
      createdBy: admin.id,
    });
    expect(ticket!.body.trim()).toBe('Our scanner stopped working this morning.');

    const threads = await ctx.db.select().from(ticketThreads).where(eq(ticketThreads.ticketId, id));
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({
      direction: 'in',
      fromEmail: 'nina@newcomer.example',
      fromUserId: null,
      toEmail: 'helpdesk@switchboard.local',
      subject: 'Scanner broken',
    });
    expect(threads[0]!.htmlBody).toContain('<b>stopped</b>');
    expect(threads[0]!.messageId).toMatch(/@mail\.example>$/);
    // The verdict taken when the mail arrived stays with the message it became.
    expect(threads[0]!.mailAuth).toEqual(newcomerVerdict);

    const files = await ctx.db.select().from(ticketAttachments).where(eq(ticketAttachments.ticketId, id));
    expect(files).toMatchObject([
      { kind: 'thread', threadId: threads[0]!.id, fileName: 'scanner-error.txt', extension: 'txt', size: 23 },
    ]);
    expect((await readUpload(ctx.config.dataDir, files[0]!.path))?.toString()).toBe('E42: paper path blocked');

    const events = await ctx.db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, id));
    expect(events.map((event) => [event.lingo, event.addBy])).toEqual([
      ['Ticket opened from held mail from nina@newcomer.example', admin.id],
    ]);

    const held = await heldRow(heldId);
    expect(held.ticketId).toBe(id);
    expect(held.reviewedAt).not.toBeNull();
    expect(held.reviewedBy).toBe(admin.id);

    // The ticket page shows the message with its attachment; the held-mail list names the ticket.
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/ticket/${id}`, headers: bearer(adminToken) });
    expect(detail.json().data.threads[0]).toMatchObject({
      direction: 'in',
      attachments: [{ file_name: 'scanner-error.txt' }],
    });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/held-mail', headers: bearer(adminToken) });
    expect(list.json().data.find((row: { id: number }) => row.id === heldId)).toMatchObject({
      ticket_id: id,
      reviewed_at: expect.any(String),
      held_reason: 'It names no ticket and comes from no client account.',
      mail_auth: newcomerVerdict,
    });
  });

  it('needs only the company: client and site stay empty, and form strings are accepted', async () => {
    const heldId = await holdMail();
    const response = await post(`${heldId}/ticket`, { company_id: String(companyId), client_id: '', site_id: null });
    expect(response.statusCode).toBe(200);
    const [ticket] = await ctx.db.select().from(tickets).where(eq(tickets.id, response.json().data.id));
    expect(ticket).toMatchObject({ companyId, clientId: null, siteId: null });
    expect(await heldRow(heldId)).toMatchObject({ ticketId: ticket!.id });
  });

  it('answers 403 to a user who is not an administrator, and 401 without a token; nothing changes', async () => {
    const heldId = await holdMail();
    const before = await snapshot();
    expect((await post(`${heldId}/ticket`, { company_id: companyId }, userToken)).statusCode).toBe(403);
    expect((await post(`${heldId}/attach`, { ticket_id: 1 }, userToken)).statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/admin/held-mail/${heldId}/ticket`,
          payload: { company_id: companyId },
        })
      ).statusCode,
    ).toBe(401);
    expect(await snapshot()).toEqual(before);
    expect(await heldRow(heldId)).toMatchObject({ ticketId: null, reviewedAt: null });
  });

  it('answers 404 for held mail that does not exist', async () => {
    for (const id of ['999999', 'abc', '0']) {
      const ticket = await post(`${id}/ticket`, { company_id: companyId });
      expect(ticket.statusCode).toBe(404);
      expect((await post(`${id}/attach`, { ticket_id: 1 })).statusCode).toBe(404);
    }
  });

  it('answers 422 with field errors for a missing or unknown company, a client that is not an enabled account of it, and a site of another company; nothing is written', async () => {
    const heldId = await holdMail('Refused', true);
    const before = await snapshot();
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { company_id: ['Choose a company.'] }],
      [{ company_id: 'abc' }, { company_id: ['Choose a company.'] }],
      [{ company_id: 999_999 }, { company_id: ['Choose a company.'] }],
      [{ company_id: companyId, client_id: otherClient.id }, { client_id: ['Choose an account of this company.'] }],
      [{ company_id: companyId, client_id: deletedClient.id }, { client_id: ['Choose an account of this company.'] }],
      [{ company_id: companyId, client_id: admin.id }, { client_id: ['Choose an account of this company.'] }],
      [{ company_id: companyId, site_id: otherSiteId }, { site_id: ['Choose a site of this company.'] }],
      [
        { company_id: otherCompanyId, client_id: client.id, site_id: siteId },
        { client_id: ['Choose an account of this company.'], site_id: ['Choose a site of this company.'] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await post(`${heldId}/ticket`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json()).toEqual({ message: 'The given data was invalid.', errors });
    }
    expect(await snapshot()).toEqual(before);
    expect(await heldRow(heldId)).toMatchObject({ ticketId: null, reviewedAt: null });
  });

  it("answers 409 'This mail is already a ticket.' the second time, for a new ticket and for an attach alike", async () => {
    const heldId = await holdMail();
    const first = await post(`${heldId}/ticket`, { company_id: companyId });
    expect(first.statusCode).toBe(200);
    const before = await snapshot();
    const again = await post(`${heldId}/ticket`, { company_id: companyId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: heldMailAlreadyTicketMessage });
    const attach = await post(`${heldId}/attach`, { ticket_id: first.json().data.id });
    expect(attach.statusCode).toBe(409);
    expect(attach.json()).toEqual({ message: heldMailAlreadyTicketMessage });
    expect(await snapshot()).toEqual(before);
  });

  it('makes one ticket when two administrators convert the same mail at once', async () => {
    const heldId = await holdMail();
    const before = await snapshot();
    const answers = await Promise.all([
      post(`${heldId}/ticket`, { company_id: companyId }),
      post(`${heldId}/ticket`, { company_id: companyId }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await snapshot()).tickets).toBe(before.tickets + 1);
  });

  it('attaches the message with its attachment to an existing ticket, records the event and marks the mail reviewed', async () => {
    const [{ id: ticketId }] = (await ctx.db
      .insert(tickets)
      .values({
        subject: 'Scanner',
        body: 'Old ticket',
        companyId,
        location: 1,
        triageId: 3,
        status: 2,
        updatedAt: new Date('2026-01-01T00:00:00Z'),
      })
      .returning({ id: tickets.id })) as [{ id: number }];
    const heldId = await holdMail('More about the scanner', true);
    const response = await post(`${heldId}/attach`, { ticket_id: ticketId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Mail attached to the ticket.', data: { id: ticketId } });

    const threads = await ctx.db.select().from(ticketThreads).where(eq(ticketThreads.ticketId, ticketId));
    expect(threads).toMatchObject([
      { direction: 'in', fromEmail: 'nina@newcomer.example', subject: 'More about the scanner' },
    ]);
    const files = await ctx.db.select().from(ticketAttachments).where(eq(ticketAttachments.ticketId, ticketId));
    expect(files).toMatchObject([{ kind: 'thread', threadId: threads[0]!.id, fileName: 'scanner-error.txt' }]);
    expect((await readUpload(ctx.config.dataDir, files[0]!.path))?.toString()).toBe('E42: paper path blocked');
    const events = await ctx.db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, ticketId));
    expect(events.map((event) => [event.lingo, event.addBy])).toEqual([
      ['E-mail from nina@newcomer.example attached from held mail', admin.id],
    ]);
    const [ticket] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket!.updatedAt.getTime()).toBeGreaterThan(new Date('2026-01-01T00:00:00Z').getTime());
    expect(await heldRow(heldId)).toMatchObject({ ticketId, reviewedBy: admin.id, reviewedAt: expect.any(Date) });
  });

  it('answers 422 for a missing or unknown ticket number on attach; nothing is written', async () => {
    const heldId = await holdMail('Unattached', true);
    const before = await snapshot();
    for (const [payload, message] of [
      [{}, 'The ticket number field is required.'],
      [{ ticket_id: 'x' }, 'The selected ticket number is invalid.'],
      [{ ticket_id: 999_999 }, 'The selected ticket number is invalid.'],
    ] as const) {
      const response = await post(`${heldId}/attach`, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: 'The given data was invalid.', errors: { ticket_id: [message] } });
    }
    expect(await snapshot()).toEqual(before);
    expect(await heldRow(heldId)).toMatchObject({ ticketId: null, reviewedAt: null });
  });

  it('writes nothing, and removes the attachment files it saved, when a later step of the transaction fails', async () => {
    const heldId = await holdMail('Half-way failure', true);
    const before = await snapshot();
    // The last write before the held row is updated is the event: make the database refuse it.
    await ctx.db.execute(
      sql`create function held_mail_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`,
    );
    await ctx.db.execute(
      sql`create trigger held_mail_test_refuse before insert on ticket_events for each row when (new.lingo like '%held mail%') execute function held_mail_test_refuse()`,
    );
    try {
      const response = await post(`${heldId}/ticket`, { company_id: companyId, client_id: client.id });
      expect(response.statusCode).toBe(500);
      const [{ id: ticketId }] = (await ctx.db
        .insert(tickets)
        .values({ subject: 'Target', body: 'x', companyId, location: 1, triageId: 3, status: 2 })
        .returning({ id: tickets.id })) as [{ id: number }];
      const attach = await post(`${heldId}/attach`, { ticket_id: ticketId });
      expect(attach.statusCode).toBe(500);
      const after = await snapshot();
      expect(after).toEqual({ ...before, tickets: before.tickets + 1 });
      expect(await ctx.db.select().from(ticketThreads).where(eq(ticketThreads.ticketId, ticketId))).toEqual([]);
    } finally {
      await ctx.db.execute(sql`drop trigger held_mail_test_refuse on ticket_events`);
      await ctx.db.execute(sql`drop function held_mail_test_refuse()`);
    }
    expect(await heldRow(heldId)).toMatchObject({ ticketId: null, reviewedAt: null });
    // Once the database accepts it again, the same mail still becomes a ticket.
    expect((await post(`${heldId}/ticket`, { company_id: companyId })).statusCode).toBe(200);
  });

  it('refuses with a clear 409 when the kept raw message is gone, rather than open a ticket without its attachments', async () => {
    const heldId = await holdMail();
    await removeUpload(ctx.config.dataDir, (await heldRow(heldId)).rawPath);
    const before = await snapshot();
    const response = await post(`${heldId}/ticket`, { company_id: companyId });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'The original message of this mail could not be read.' });
    expect(await snapshot()).toEqual(before);
    expect(await heldRow(heldId)).toMatchObject({ ticketId: null, reviewedAt: null });
  });

  it('keeps ticket_id null on the list until the mail becomes a ticket, and sets it back to null when the ticket is deleted', async () => {
    const heldId = await holdMail();
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/held-mail?per_page=500',
      headers: bearer(adminToken),
    });
    expect(list.json().data.find((row: { id: number }) => row.id === heldId)).toMatchObject({
      ticket_id: null,
      reviewed_at: null,
    });
    const id = (await post(`${heldId}/ticket`, { company_id: companyId })).json().data.id as number;
    await ctx.db.delete(tickets).where(eq(tickets.id, id));
    expect((await heldRow(heldId)).ticketId).toBeNull();
  });
});
