import {
  QUEUE_COUNT_CAP,
  TICKET_STATUS_CLOSED,
  ticketRowSchema,
  type CheckIn,
  type TicketDetail,
  type TicketRow,
} from '@switchboard/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSchema } from '../../db/paginate.ts';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent } from '../../../test/realtime.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { companyFlags } from '../flags/flags.table.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { outbox } from '../mail/mail.table.ts';
import { tickets } from './tickets.table.ts';

describe('tickets API (spec 3 §7 Tickets)', () => {
  let ctx: TestContext;
  let tech: TestUser;
  let techToken: string;
  let other: TestUser;
  let otherToken: string;
  let companyId: number;
  let otherCompanyId: number;
  let siteId: number;
  let client: TestUser;
  let clientToken: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    tech = await createUser(ctx.db, { name: 'Tess Tech', permissions: ['edit checkinout times'], departments: [1] });
    techToken = (await login(ctx.app, tech.email, tech.password)).access_token;
    other = await createUser(ctx.db, { name: 'Olly Other', departments: [1] });
    otherToken = (await login(ctx.app, other.email, other.password)).access_token;
    [{ id: companyId }, { id: otherCompanyId }] = await ctx.db
      .insert(companies)
      .values([{ name: 'Ticket Co' }, { name: 'Elsewhere Co' }])
      .returning({ id: companies.id });
    [{ id: siteId }] = (await ctx.db
      .insert(sites)
      .values({ companyId, name: 'HQ', city: 'Austin' })
      .returning({ id: sites.id })) as [{ id: number }];
    client = await createUser(ctx.db, { type: 'Client', companyId, name: 'Cleo Client' });
    clientToken = (await login(ctx.app, client.email, client.password)).access_token;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const form = (overrides: Record<string, unknown> = {}) => ({
    subject: 'Outlook keeps asking for a password',
    body: 'Since this morning Outlook prompts for credentials every few minutes.',
    company_id: companyId,
    site_id: siteId,
    client_id: client.id,
    employee_id: tech.id,
    location: 1,
    triage_id: 3,
    ...overrides,
  });
  const create = async (overrides: Record<string, unknown> = {}, token = otherToken) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: bearer(token),
      payload: form(overrides),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { id: number } }>().data.id;
  };
  const detail = async (id: number, token = techToken) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/ticket/${id}`, headers: bearer(token) })).json<{
      data: TicketDetail;
    }>().data;

  it('creates a ticket, records the event and notifies the assigned technician', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: bearer(otherToken),
      payload: form(),
    });
    expect(response.json().message).toBe('Ticket created.');
    const id = response.json<{ data: { id: number } }>().data.id;
    const ticket = await detail(id);
    expect(ticket).toMatchObject({
      subject: 'Outlook keeps asking for a password',
      status: 2,
      employee_id: tech.id,
      client: { name: 'Cleo Client' },
      escalated: false,
    });
    expect(ticket.ticket_events[0]).toMatchObject({
      lingo: 'Olly Other created the ticket',
      add_by: { name: 'Olly Other' },
    });
    expect(ticket.ticket_events[0]!.created_at).toBe(new Date(ticket.ticket_events[0]!.created_at).toISOString());
    // The company's live flags, in the order they were raised; the newest event first.
    await ctx.db.insert(companyFlags).values([
      { companyId, flag: 'VIP: call before onsite' },
      { companyId, flag: 'Gone', deletedAt: new Date() },
      { companyId, flag: 'Net 15' },
    ]);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/ticket/${id}`,
      headers: bearer(techToken),
      payload: { status: 3 },
    });
    const changed = await detail(id);
    expect(changed.flags.map((flag) => flag.flag)).toEqual(['VIP: call before onsite', 'Net 15']);
    expect(changed.ticket_events.at(-1)!.lingo).toBe('Olly Other created the ticket');
    expect(changed.ticket_events.length).toBeGreaterThan(1);
    const [notification] = await ctx.db.select().from(notifications).where(eq(notifications.userId, tech.id));
    expect(notification).toMatchObject({ type: 'Assigned Ticket', numberDetails: String(id) });
  });

  it('answers 422 under the named fields and creates nothing', async () => {
    const before = await ctx.db.$count(tickets);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: bearer(otherToken),
      payload: form({ subject: '', body: '', company_id: '', location: '' }),
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['body', 'company_id', 'location', 'subject']);
    const wrongSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: bearer(otherToken),
      payload: form({ company_id: otherCompanyId }),
    });
    expect(wrongSite.json().errors).toMatchObject({
      site_id: ['Choose a site of this company.'],
      client_id: ['Choose an account of this company.'],
    });
    expect(await ctx.db.$count(tickets)).toBe(before);
  });

  it('updates the form with one event per change, and refuses Closed without a client', async () => {
    const id = await create({ client_id: '' });
    const closed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/ticket/${id}`,
      headers: bearer(techToken),
      payload: { status: 1 },
    });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().errors.status).toEqual(['A ticket needs a client account before it can be closed.']);
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/ticket/${id}`,
      headers: bearer(techToken),
      payload: { status: 3, triage_id: 1 },
    });
    expect(updated.json().message).toBe('Ticket updated.');
    const lingo = (await detail(id)).ticket_events.map((event) => event.lingo);
    expect(lingo).toContain('Tess Tech changed the status from Open to In Progress');
    expect(lingo).toContain('Tess Tech changed the triage from Medium to Critical');
  });

  it('checks in and out once at a time, and edits times with the permission', async () => {
    const id = await create();
    const checkIn = (direction: string, token = techToken) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/ticket/checkinout',
        headers: bearer(token),
        payload: { direction, ticket_id: id, company_id: companyId },
      });
    expect((await checkIn('in')).statusCode).toBe(200);
    expect((await checkIn('in')).statusCode).toBe(409);
    expect((await detail(id)).my_check_in).toMatchObject({
      ticket_id: id,
      end_time: null,
      billable: 0,
      user: { name: 'Tess Tech' },
    });
    expect((await checkIn('out')).statusCode).toBe(200);
    expect((await checkIn('out')).statusCode).toBe(409);
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/ticket/${id}/checkins?page=1`,
      headers: bearer(techToken),
    });
    const [row] = page.json<{ data: CheckIn[] }>().data;
    expect(row).toMatchObject({ user: { name: 'Tess Tech' }, billable: 0 });
    expect(page.json()).toMatchObject({ total: 1, current_page: 1 });
    const beyond = await ctx.app.inject({
      method: 'GET',
      url: `/api/ticket/${id}/checkins?page=3`,
      headers: bearer(techToken),
    });
    expect(beyond.json()).toMatchObject({ data: [], total: 1, current_page: 3 });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/ticket/999999/checkins?page=1', headers: bearer(techToken) }))
        .statusCode,
    ).toBe(404);

    const start = '2026-11-02T14:00:00Z';
    const edit = {
      check_ins: [{ id: row!.id, start_time: start, end_time: '2026-11-02T15:30:00Z', billable: 1 }],
      company_id: companyId,
    };
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/ticket/checkinout/update',
          headers: bearer(otherToken),
          payload: edit,
        })
      ).statusCode,
    ).toBe(403);
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket/checkinout/update',
      headers: bearer(techToken),
      payload: edit,
    });
    expect(saved.json().message).toBe('Check-ins updated.');
    const [stored] = await ctx.db.select().from(checkIns).where(eq(checkIns.id, row!.id));
    expect(stored).toMatchObject({ billable: 1 });
    expect(stored!.startTime.toISOString()).toBe('2026-11-02T14:00:00.000Z');
    expect((await detail(id)).ticket_events[0]!.lingo).toContain(`changed check-in #${row!.id}`);
    const backwards = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket/checkinout/update',
      headers: bearer(techToken),
      payload: { check_ins: [{ ...edit.check_ins[0], end_time: '2026-11-02T13:00:00Z' }] },
    });
    expect(backwards.statusCode).toBe(422);
  });

  const escalate = (id: number, token: string, payload: Record<string, unknown> = {}) =>
    ctx.app.inject({ method: 'POST', url: `/api/ticket/escalate/${id}`, headers: bearer(token), payload });
  const deescalate = (id: number, token: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/ticket/deescalate/${id}`, headers: bearer(token) });
  const addTodo = (id: number, token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/ticket/todo',
      headers: bearer(token),
      payload: { ticket_id: id, description: 'Call the user' },
    });

  it('escalates once, then only the escalation technician may act', async () => {
    const id = await create();
    // The assigned technician escalates and hands it to a colleague.
    const escalated = await escalate(id, techToken, { esc_tech: other.id });
    expect(escalated.json().message).toBe('Ticket escalated.');
    expect(await detail(id)).toMatchObject({ escalated: true, esc_tech: other.id });
    expect((await escalate(id, techToken)).statusCode).toBe(422);
    const locked = await addTodo(id, techToken);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe('This ticket is escalated; only its escalation technician can work on it.');
    expect((await addTodo(id, otherToken)).statusCode).toBe(200);
  });

  describe('who escalates, to whom, and how an escalation ends (decision 0058)', () => {
    let admin: TestUser;
    let adminToken: string;
    let dispatcherToken: string;
    let salesToken: string;
    beforeAll(async () => {
      admin = await createUser(ctx.db, { name: 'Ada Admin', role: 'admin' });
      adminToken = (await login(ctx.app, admin.email, admin.password)).access_token;
      const dispatcher = await createUser(ctx.db, { name: 'Dee Dispatch', permissions: ['edit tech resources'] });
      dispatcherToken = (await login(ctx.app, dispatcher.email, dispatcher.password)).access_token;
      const sales = await createUser(ctx.db, { name: 'Sam Sales', permissions: ['view crm', 'phone access'] });
      salesToken = (await login(ctx.app, sales.email, sales.password)).access_token;
    });

    it('refuses an employee who is neither its technician, a dispatcher nor an administrator, and changes nothing', async () => {
      const id = await create();
      const before = (await detail(id)).ticket_events.length;
      const refused = await escalate(id, salesToken, { esc_tech: other.id });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        "Only the ticket's technician, a dispatcher or an administrator can escalate this ticket.",
      );
      const after = await detail(id);
      expect(after).toMatchObject({ escalated: false, esc_tech: null });
      expect(after.ticket_events).toHaveLength(before);
      // The assigned technician still works it.
      expect((await addTodo(id, techToken)).statusCode).toBe(200);
    });

    it('lets a dispatcher and an administrator escalate a ticket that is not theirs', async () => {
      const first = await create({ employee_id: null });
      expect((await escalate(first, dispatcherToken, { esc_tech: tech.id })).statusCode).toBe(200);
      expect(await detail(first)).toMatchObject({ escalated: true, esc_tech: tech.id });
      const second = await create({ employee_id: null });
      expect((await escalate(second, adminToken, { esc_tech: tech.id })).statusCode).toBe(200);
    });

    it('answers 422 on esc_tech unless it names an enabled employee', async () => {
      const id = await create();
      const disabled = await createUser(ctx.db, { name: 'Gone Tech', deletedAt: new Date() });
      for (const escTech of [client.id, disabled.id, 999_999]) {
        const refused = await escalate(id, techToken, { esc_tech: escTech });
        expect(refused.statusCode).toBe(422);
        expect(refused.json().errors).toEqual({ esc_tech: ['Choose an escalation technician from the list.'] });
      }
      expect(await detail(id)).toMatchObject({ escalated: false, esc_tech: null });
    });

    it('lets an administrator hand an escalated ticket on or end the escalation; nobody else but its technician', async () => {
      const id = await create();
      expect((await escalate(id, techToken, { esc_tech: other.id })).statusCode).toBe(200);
      // The administrator is locked out of the work like everyone else, but not out of the escalation.
      expect((await addTodo(id, adminToken)).statusCode).toBe(403);
      expect((await escalate(id, dispatcherToken, { esc_tech: tech.id })).statusCode).toBe(422);
      expect((await escalate(id, adminToken, { esc_tech: tech.id })).statusCode).toBe(200);
      expect(await detail(id)).toMatchObject({ escalated: true, esc_tech: tech.id });
      expect((await detail(id)).ticket_events[0]).toMatchObject({
        lingo: 'Ada Admin handed the escalation to Tess Tech',
        previous_data: 'Olly Other',
        new_data: 'Tess Tech',
      });

      const refused = await deescalate(id, otherToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        'Only an administrator or the escalation technician can remove the escalation.',
      );
      const removed = await deescalate(id, adminToken);
      expect(removed.json().message).toBe('Escalation removed.');
      expect(await detail(id)).toMatchObject({ escalated: false, esc_tech: null });
      expect((await detail(id)).ticket_events[0]).toMatchObject({ lingo: 'Ada Admin removed the escalation' });
      expect((await addTodo(id, otherToken)).statusCode).toBe(200);
      const again = await deescalate(id, adminToken);
      expect(again.statusCode).toBe(422);
      expect(again.json().errors).toEqual({ escalated: ['This ticket is not escalated.'] });
    });

    it('frees a ticket escalated to someone since disabled: the administrator ends it', async () => {
      const leaver = await createUser(ctx.db, { name: 'Lee Leaver', departments: [1] });
      const id = await create();
      expect((await escalate(id, techToken, { esc_tech: leaver.id })).statusCode).toBe(200);
      await ctx.db.execute(sql`update users set deleted_at = now() where id = ${leaver.id}`);
      expect((await addTodo(id, techToken)).statusCode).toBe(403);
      expect((await deescalate(id, techToken)).statusCode).toBe(403);
      expect((await deescalate(id, adminToken)).statusCode).toBe(200);
      expect((await addTodo(id, techToken)).statusCode).toBe(200);
    });

    it('lets the escalation technician end their own escalation', async () => {
      const id = await create();
      expect((await escalate(id, techToken)).statusCode).toBe(200);
      expect((await deescalate(id, techToken)).statusCode).toBe(200);
      expect(await detail(id)).toMatchObject({ escalated: false, esc_tech: null });
    });
  });

  it('refuses notes or a resolution longer than 200,000 characters with 422 on the field, and keeps the old text', async () => {
    const id = await create();
    for (const kind of ['notes', 'resolution'] as const) {
      const save = (text: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/ticket/${kind}`,
          headers: bearer(techToken),
          payload: { ticket_id: id, [kind]: text },
        });
      expect((await save('<p>kept</p>')).statusCode).toBe(200);
      const refused = await save(`<p>${'x'.repeat(200_000)}</p>`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ [kind]: ['The text may not be greater than 200000 characters.'] });
      expect((await save('x'.repeat(200_000))).statusCode).toBe(200);
    }
    const [row] = await ctx.db.select().from(tickets).where(eq(tickets.id, id));
    expect([row!.notes, row!.resolution]).toEqual(['x'.repeat(200_000), 'x'.repeat(200_000)]);
  });

  it('adds, completes, edits and soft-deletes to-dos; saves notes with an attachment that toggles deleted', async () => {
    const id = await create();
    const todo = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/ticket/todo',
        headers: bearer(techToken),
        payload: { ticket_id: id, description: 'Reset the MFA token' },
      })
    ).json().data;
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/ticket/todo/${todo.id}`,
      headers: bearer(techToken),
      payload: { todo: { completed: 1 } },
    });
    expect((await detail(id)).todos).toMatchObject([{ id: todo.id, completed: 1 }]);
    await ctx.app.inject({ method: 'DELETE', url: `/api/ticket/todo/${todo.id}`, headers: bearer(techToken) });
    expect((await detail(id)).todos).toEqual([]);

    const form = new FormData();
    form.append('ticket_id', String(id));
    form.append('notes', '<p>Reset the token; user confirmed.</p>');
    form.append('attachment', new Blob(['log line'], { type: 'text/plain' }), 'outlook.log');
    const encoded = new Response(form);
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket/notes',
      headers: { ...bearer(techToken), 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(saved.json().message).toBe('Notes saved.');
    const ticket = await detail(id);
    expect(ticket.notes).toBe('<p>Reset the token; user confirmed.</p>');
    const [attachment] = ticket.all_notes_attachments;
    expect(attachment).toMatchObject({
      file_name: 'outlook.log',
      extension: 'log',
      size: 8,
      deleted_at: null,
      user: { name: 'Tess Tech' },
    });
    expect(attachment!.created_at).toBe(new Date(attachment!.created_at).toISOString());
    const download = await ctx.app.inject({
      method: 'POST',
      url: '/api/download',
      headers: bearer(techToken),
      payload: { file: attachment!.path },
    });
    expect(download.body).toBe('log line');
    const toggled = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/ticket/notes_attachments/${attachment!.id}`,
      headers: bearer(techToken),
    });
    expect(toggled.json()).toMatchObject({ message: 'Attachment deleted.', data: { deleted: true } });
    const restored = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/ticket/notes_attachments/${attachment!.id}`,
      headers: bearer(techToken),
    });
    expect(restored.json()).toMatchObject({ message: 'Attachment restored.', data: { deleted: false } });
    // JSON form (project steps): ticket_id and notes.
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket/notes',
      headers: bearer(techToken),
      payload: { ticket_id: id, notes: 'plain' },
    });
    expect(json.statusCode).toBe(200);
    // A client account never downloads private notes' files.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/download',
          headers: bearer(clientToken),
          payload: { file: attachment!.path },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lists the queue with filters and sorting; a client account sees only its company and no private notes', async () => {
    const mine = await create({ subject: 'Queue test: VPN drops' });
    const elsewhere = await create({
      company_id: otherCompanyId,
      site_id: '',
      client_id: '',
      subject: 'Queue test: elsewhere',
    });
    const list = async (query: string, token = techToken) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/ticket?${query}`, headers: bearer(token) })).json<{
        data: TicketRow[];
        total: number;
      }>();
    // PostgreSQL writes the page: it holds to the schema, no field more, and says what the detail says.
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/ticket?search=VPN', headers: bearer(techToken) });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const strictRow = ticketRowSchema
      .extend({ company: ticketRowSchema.shape.company.strict(), triage: ticketRowSchema.shape.triage.strict() })
      .strict();
    const parsed = pageSchema(strictRow).strict().parse(answer.json());
    expect(parsed).toMatchObject({ total: 1, current_page: 1, per_page: 50, from: 1, to: 1, last_page: 1 });
    const shown = await detail(mine);
    const [row] = parsed.data;
    expect(row).toMatchObject({
      id: mine,
      subject: 'Queue test: VPN drops',
      company: { id: shown.company_id },
      escalated: false,
    });
    expect(row!.created_at).toBe(new Date(row!.created_at).toISOString());
    expect(row!.status.name).not.toBe('');
    expect(row!.triage.color).toMatch(/^#/);
    expect((await list(`company_id=${otherCompanyId}`)).data[0]).toMatchObject({ site: null });
    expect((await list('search=VPN')).data.map((row) => row.id)).toEqual([mine]);
    expect((await list(`company_id=${otherCompanyId}`)).data.map((row) => row.id)).toEqual([elsewhere]);
    expect((await list(`search=${mine}`)).data[0]!.id).toBe(mine);
    const sorted = (await list('sort=id&direction=asc&per_page=500')).data.map((row) => row.id);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    // Sorting by a name another table holds.
    const byCompany = (await list('sort=company&direction=desc&per_page=500')).data.map((row) =>
      row.company.name.toLowerCase(),
    );
    expect(new Set(byCompany).size).toBeGreaterThan(1);
    expect(byCompany).toEqual([...byCompany].sort().reverse());
    // Sorting by status with no status filter (the sort once read as the filter of the same name).
    const byStatus = (await list('sort=status&direction=asc&status=all&per_page=500')).data.map(
      (row) => row.status.name,
    );
    expect(byStatus).toEqual([...byStatus].sort());
    // The same filter shape with other values (one prepared statement) answers for those values.
    expect((await list(`company_id=${companyId}&per_page=500`)).data.map((row) => row.id)).toContain(mine);
    expect((await list(`company_id=${companyId}&per_page=500`)).data.map((row) => row.id)).not.toContain(elsewhere);
    // The total, also on a page past the end; a search without words finds nothing instead of failing.
    const all = await list('per_page=1');
    expect(all.total).toBeGreaterThanOrEqual(2);
    const beyond = await list(`per_page=1&page=${all.total + 5}`);
    expect(beyond).toMatchObject({ data: [], total: all.total });
    expect((await list('search=%21%21%21')).data).toEqual([]);
    expect((await list(`status=${TICKET_STATUS_CLOSED}&company_id=${otherCompanyId}`)).data).toEqual([]);

    const clientIds = (await list('per_page=500', clientToken)).data.map((row) => row.id);
    expect(clientIds).toContain(mine);
    expect(clientIds).not.toContain(elsewhere);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/ticket/${elsewhere}`, headers: bearer(clientToken) }))
        .statusCode,
    ).toBe(404);
    const seen = await detail(mine, clientToken);
    expect(seen.notes).toBe('');
    expect(seen.ticket_events).toEqual([]);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/ticket/${mine}`,
          headers: bearer(clientToken),
          payload: { status: 3 },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('caps the queue total at QUEUE_COUNT_CAP and still pages through a large queue', async () => {
    const [big] = await ctx.db.insert(companies).values({ name: 'Big Queue Co' }).returning({ id: companies.id });
    await ctx.db.execute(sql`insert into tickets (subject, body, company_id, location, triage_id, status)
      select 'Bulk ' || n, 'Body', ${big!.id}, 1, 1, 2 from generate_series(1, ${QUEUE_COUNT_CAP + 20}) n`);
    const list = async (query: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/ticket?company_id=${big!.id}&${query}`,
          headers: bearer(techToken),
        })
      ).json<{ data: TicketRow[]; total: number }>();
    expect(await list('per_page=50')).toMatchObject({ total: QUEUE_COUNT_CAP });
    // The last capped page shows that more follow.
    const last = await list(`per_page=50&page=${QUEUE_COUNT_CAP / 50}`);
    expect(last.data).toHaveLength(50);
    expect(last.total).toBeGreaterThan(QUEUE_COUNT_CAP);
    const after = await list(`per_page=50&page=${QUEUE_COUNT_CAP / 50 + 1}`);
    expect(after.data).toHaveLength(20);
    expect(after.total).toBe(QUEUE_COUNT_CAP + 20);
    // The first ten pages have LIMIT and OFFSET written into their statement, deeper ones pass them: one order.
    const onePage = (await list('per_page=70&sort=id&direction=asc')).data.map((row) => row.id);
    const pages = await Promise.all(
      Array.from({ length: 14 }, (_, index) => list(`per_page=5&sort=id&direction=asc&page=${index + 1}`)),
    );
    expect(pages.flatMap((page) => page.data.map((row) => row.id))).toEqual(onePage);
    expect(new Set(onePage).size).toBe(70);
  });

  it('tells a client account when a ticket of its company is created or changed, and not for other companies', async () => {
    const socket = await connectSocket(await listenForSockets(ctx.app), clientToken);
    try {
      const created = nextEvent<{ id: number }>(socket, 'TicketUpdated');
      const id = await create({ subject: 'Live for the client' });
      expect((await created)[0]).toEqual({ id });
      expect((await created)[1]).toEqual({ channel: `user.${client.id}` });
      const changed = nextEvent<{ id: number }>(
        socket,
        'TicketUpdated',
        (payload) => (payload as { id: number }).id === id,
      );
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/ticket/${id}`,
        headers: bearer(techToken),
        payload: { subject: 'Live for the client, renamed' },
      });
      await changed;
      const heard: number[] = [];
      socket.on('TicketUpdated', (payload: { id: number }) => heard.push(payload.id));
      await create({ company_id: otherCompanyId, site_id: '', client_id: '', subject: 'Not theirs' });
      // A later ticket of the client's company must arrive; one for the other company would have come first.
      const theirs = nextEvent<{ id: number }>(socket, 'TicketUpdated');
      const sentinel = await create({ subject: 'Theirs again' });
      expect((await theirs)[0]).toEqual({ id: sentinel });
      expect(heard).toEqual([sentinel]);
    } finally {
      socket.close();
    }
  });

  it('counts open tickets on the company page', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/company/${companyId}`,
      headers: bearer(techToken),
    });
    expect(response.json().data.open_tickets_count).toBeGreaterThan(0);
  });

  it('sends a response with the ticket number in the subject and a Reply-To back, and keeps it in the thread', async () => {
    const id = await create();
    const form = new FormData();
    form.append('ticket_id', String(id));
    form.append('subject', 'Your Outlook issue');
    form.append('response', 'Hi Cleo,\nplease restart Outlook.\n\nThank you,\nTess');
    form.append('to_id', String(client.id));
    form.append('cc', 'manager@ticket.example');
    form.append('attachments[0]', new Blob(['steps'], { type: 'text/plain' }), 'steps.txt');
    const encoded = new Response(form);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket/createThread',
      headers: { ...bearer(techToken), 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(sent.json().message).toBe('Response sent.');
    const [mail] = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Your Outlook issue [Ticket #${id}]`));
    expect(mail).toMatchObject({ to: client.email, cc: 'manager@ticket.example', attachmentNames: ['steps.txt'] });
    const [thread] = (await detail(id)).threads;
    expect(thread).toMatchObject({
      direction: 'out',
      subject: `Your Outlook issue [Ticket #${id}]`,
      from_user: { original_email: tech.email, user_details: { name: tech.name } },
      to_user: { original_email: client.email, user_details: { name: 'Cleo Client' } },
      cc_user: [{ original_email: 'manager@ticket.example', user_details: null }],
      attachments: [{ file_name: 'steps.txt', extension: 'txt', size: 5, deleted_at: null, user: null }],
      mail_auth: null,
    });
    expect(thread!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(thread!.html_body).toBe('<p>Hi Cleo,<br>please restart Outlook.<br><br>Thank you,<br>Tess</p>');
    // The client sees the thread too.
    expect((await detail(id, clientToken)).threads).toHaveLength(1);

    const noRecipient = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket/createThread',
      headers: bearer(techToken),
      payload: { ticket_id: id, subject: 'x', response: 'y' },
    });
    expect(noRecipient.statusCode).toBe(422);
    expect(noRecipient.json().errors.to).toEqual(['Choose an account or type an e-mail address.']);
  });
});
