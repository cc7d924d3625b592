import { TICKET_TYPE_REMOTE, TRIAGE_MEDIUM, ticketChannel } from '@switchboard/shared';
import type { TicketDetail, TicketRow } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, multipartBody } from '../../../test/helpers.ts';
import type { TestContext, TestUser } from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { companyFlags } from '../flags/flags.table.ts';
import { ticketThreads, tickets } from './tickets.table.ts';

// Issue 15 parts 1, 2, 3 and 8: client accounts file and answer tickets, see only what is meant for them; the
// ticket form speaks the product's words; Escalate records its reason.
describe('client accounts on tickets (issue 15)', () => {
  let ctx: TestContext;
  let tech: TestUser;
  let techToken: string;
  let client: TestUser;
  let clientToken: string;
  let outsiderToken: string;
  let companyId: number;
  let otherCompanyId: number;
  let siteId: number;
  let otherSiteId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    // A dispatcher: escalates unassigned tickets (decision 0058).
    tech = await createUser(ctx.db, { name: 'Tess Tech', permissions: ['edit tech resources'], departments: [1] });
    techToken = (await login(ctx.app, tech.email, tech.password)).access_token;
    [{ id: companyId }, { id: otherCompanyId }] = await ctx.db
      .insert(companies)
      .values([{ name: 'Portal Co' }, { name: 'Elsewhere Co' }])
      .returning({ id: companies.id });
    [{ id: siteId }, { id: otherSiteId }] = await ctx.db
      .insert(sites)
      .values([
        { companyId, name: 'HQ', city: 'Austin' },
        { companyId: otherCompanyId, name: 'Far', city: 'Boise' },
      ])
      .returning({ id: sites.id });
    client = await createUser(ctx.db, { type: 'Client', companyId, name: 'Cleo Client' });
    clientToken = (await login(ctx.app, client.email, client.password)).access_token;
    const outsider = await createUser(ctx.db, { type: 'Client', companyId: otherCompanyId, name: 'Otto Outsider' });
    outsiderToken = (await login(ctx.app, outsider.email, outsider.password)).access_token;
    await ctx.db.insert(companyFlags).values({ companyId, flag: 'VIP client: call back within 30 minutes' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = (url: string, token: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const detail = async (id: number, token = techToken) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/ticket/${id}`, headers: bearer(token) });
    return response.json<{ data: TicketDetail }>().data;
  };
  const idOf = (response: { json: <T>() => T }) => response.json<{ data: { id: number } }>().data.id;
  const staffTicket = async (subject: string) => {
    const fields = { body: 'By phone.', company_id: companyId, client_id: client.id, location: 1, triage_id: 3 };
    const response = await post('/api/ticket', techToken, { subject, ...fields });
    expect(response.statusCode).toBe(200);
    return idOf(response);
  };
  const reply = async (token: string, fields: Record<string, string | { blob: Blob; name: string }>) => {
    const { payload, headers } = await multipartBody(fields);
    const url = '/api/ticket/reply';
    return ctx.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...headers }, payload });
  };

  it('files a client’s ticket with no company: its own, as itself, unassigned, Remote, Medium', async () => {
    const filed = await post('/api/ticket', clientToken, { subject: 'Printer jams', body: 'Jams.', site_id: siteId });
    expect(filed.statusCode).toBe(200);
    expect(filed.json().message).toBe('Ticket created.');
    const own = {
      company_id: companyId,
      client_id: client.id,
      employee_id: null,
      location: TICKET_TYPE_REMOTE,
      triage_id: TRIAGE_MEDIUM,
    };
    expect(await detail(idOf(filed))).toMatchObject({ ...own, site_id: siteId });

    // Another company, a technician or a triage sent anyway change nothing: the server files it as its own.
    const sneaky = { company_id: otherCompanyId, employee_id: tech.id, triage_id: 1, location: 2 };
    const forced = await post('/api/ticket', clientToken, { subject: 'Wi-Fi down', body: 'No Wi-Fi.', ...sneaky });
    expect(forced.statusCode).toBe(200);
    expect(await detail(idOf(forced))).toMatchObject(own);
  });

  it('answers the ticket form’s mistakes in the product’s words and creates nothing', async () => {
    const before = await ctx.db.$count(tickets);
    const empty = await post('/api/ticket', clientToken, { subject: ' ', body: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { subject: ['Enter a subject.'], body: ['Describe the problem.'] },
    });
    const jam = { subject: 'Printer jams', body: 'Jams.' };
    const foreignSite = await post('/api/ticket', clientToken, { ...jam, site_id: otherSiteId });
    expect(foreignSite.json().errors).toEqual({ site_id: ['Choose a site of this company.'] });
    const staffWithoutCompany = await post('/api/ticket', techToken, { ...jam, location: '', triage_id: 3 });
    const productWords = { company_id: ['Choose a company.'], location: ['Choose a ticket type.'] };
    expect(staffWithoutCompany.json().errors).toEqual(productWords);
    const staffJam = { ...jam, location: 1, triage_id: 3 };
    const unknownCompany = await post('/api/ticket', techToken, { ...staffJam, company_id: 999_999 });
    expect(unknownCompany.json().errors).toEqual({ company_id: ['Choose a company.'] });
    expect(await ctx.db.$count(tickets)).toBe(before);
  });

  it('keeps a client’s reply on its company’s ticket, with its attachments, and tells staff watching it', async () => {
    const id = await staffTicket('Outlook asks for a password');
    const socket = await connectSocket(await listenForSockets(ctx.app), techToken);
    try {
      expect(await subscribe(socket, ticketChannel(id))).toMatchObject({ ok: true });
      const seen = nextEvent<{ ticket_id: number }>(socket, 'ResponseSent');
      const sent = await reply(clientToken, {
        ticket_id: String(id),
        response: 'It asks again since the update.\nScreenshot attached.',
        'attachments[0]': { blob: new Blob(['png bytes']), name: 'prompt.png' },
      });
      expect(sent.statusCode).toBe(200);
      expect(sent.json().message).toBe('Reply sent.');
      expect((await seen)[0]).toMatchObject({ ticket_id: id, by: client.id });
    } finally {
      socket.close();
    }
    const ticket = await detail(id);
    const [thread] = ticket.threads;
    expect(thread).toMatchObject({
      direction: 'in',
      subject: `Re: Outlook asks for a password [Ticket #${id}]`,
      from_user: { original_email: client.email, user_details: { name: 'Cleo Client' } },
      attachments: [{ file_name: 'prompt.png', extension: 'png', size: 9 }],
    });
    // Into the thread mail replies join: addressed to the ticket's reply address.
    expect(thread!.to_user.original_email).toMatch(new RegExp(`\\+ticket-${id}-[0-9a-f]{24}@`));
    // multipart/form-data writes line breaks as CRLF.
    expect(thread!.text_body).toBe('It asks again since the update.\r\nScreenshot attached.');
    expect(thread!.html_body).toBe('<p>It asks again since the update.<br>Screenshot attached.</p>');
    expect(ticket.ticket_events[0]!.lingo).toBe('Cleo Client replied from the portal');
    // The client reads its own reply and downloads its file.
    expect((await detail(id, clientToken)).threads).toHaveLength(1);
    const download = await post('/api/download', clientToken, { file: thread!.attachments[0]!.path });
    expect(download.body).toBe('png bytes');
  });

  it('refuses a reply on another company’s ticket (404), from staff (403), without text (422)', async () => {
    const id = await staffTicket('Scanner offline');
    const before = await ctx.db.$count(ticketThreads);
    expect((await reply(outsiderToken, { ticket_id: String(id), response: 'Not mine' })).statusCode).toBe(404);
    expect((await reply(clientToken, { ticket_id: '999999', response: 'Nothing there' })).statusCode).toBe(404);
    expect((await reply(techToken, { ticket_id: String(id), response: 'Staff answer by mail' })).statusCode).toBe(403);
    const empty = await reply(clientToken, { ticket_id: String(id), response: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ response: ['Write a reply.'] });
    const payload = { ticket_id: id, response: 'Hi' };
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/ticket/reply', payload });
    expect(anonymous.statusCode).toBe(401);
    expect(await ctx.db.$count(ticketThreads)).toBe(before);
  });

  it('shows a client neither company flags nor escalation, in the detail or the queue; staff see both', async () => {
    const id = await staffTicket('Server room too warm');
    const escalated = await post(`/api/ticket/escalate/${id}`, techToken, { reason: 'VIP, call the AC vendor' });
    expect(escalated.json().message).toBe('Ticket escalated.');

    const staffView = await detail(id);
    expect(staffView).toMatchObject({ escalated: true, esc_tech: tech.id, esc_tech_user: { name: 'Tess Tech' } });
    expect(staffView.flags.map((flag) => flag.flag)).toEqual(['VIP client: call back within 30 minutes']);
    const clientView = await detail(id, clientToken);
    const nothingStaffOnly = { escalated: false, escalatable: false, esc_tech: null, esc_tech_user: null, flags: [] };
    expect(clientView).toMatchObject(nothingStaffOnly);

    const queue = async (query: string, token: string) => {
      const url = `/api/ticket?per_page=500&${query}`;
      const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
      return response.json<{ data: TicketRow[] }>().data;
    };
    expect((await queue('', techToken)).find((row) => row.id === id)).toMatchObject({ escalated: true });
    expect((await queue('', clientToken)).find((row) => row.id === id)).toMatchObject({ escalated: false });
    // Filtering by escalation tells a client nothing either: the filter is not applied to its queue.
    const unescalated = await staffTicket('Mouse broken');
    const clientEscalated = (await queue('escalated=1', clientToken)).map((row) => row.id);
    expect(clientEscalated).toEqual(expect.arrayContaining([id, unescalated]));
    expect((await queue('escalated=1', techToken)).map((row) => row.id)).not.toContain(unescalated);
  });

  it('records the reason of an escalation in its ticket event; an empty reason is refused', async () => {
    const id = await staffTicket('Backups failing');
    const empty = await post(`/api/ticket/escalate/${id}`, techToken, { reason: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ reason: ['Say why the ticket needs escalating.'] });
    expect((await detail(id)).escalated).toBe(false);
    await post(`/api/ticket/escalate/${id}`, techToken, { reason: 'Third night in a row; the NAS may be failing' });
    expect((await detail(id)).ticket_events[0]).toMatchObject({
      lingo: 'Tess Tech escalated the ticket to Tess Tech: Third night in a row; the NAS may be failing',
      change: 'escalated',
      previous_data: 'No',
      new_data: 'Yes',
    });
  });
});
