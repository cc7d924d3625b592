import { ticketChannel, type TicketView } from '@switchboard/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { companies } from '../companies/companies.table.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { ticketEvents, tickets } from './tickets.table.ts';

// Issue 15 part 5: saved queue views per user and bulk changes from the queue (decision 0033).
describe('ticket queue views and bulk changes', () => {
  let ctx: TestContext;
  let tech: TestUser;
  let techToken: string;
  let other: TestUser;
  let otherToken: string;
  let client: TestUser;
  let clientToken: string;
  let companyId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    tech = await createUser(ctx.db, { name: 'Tess Tech' });
    // A dispatcher: escalates unassigned tickets (decision 0058).
    other = await createUser(ctx.db, { name: 'Olly Other', permissions: ['edit tech resources'], departments: [1] });
    [{ id: companyId }] = (await ctx.db
      .insert(companies)
      .values({ name: 'Bulk Co' })
      .returning({ id: companies.id })) as [{ id: number }];
    client = await createUser(ctx.db, { type: 'Client', companyId, name: 'Cleo Client' });
    techToken = (await login(ctx.app, tech.email, tech.password)).access_token;
    otherToken = (await login(ctx.app, other.email, other.password)).access_token;
    clientToken = (await login(ctx.app, client.email, client.password)).access_token;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const createTicket = async (overrides: Record<string, unknown> = {}) => {
    const payload = {
      subject: 'Printer offline',
      body: 'The printer is offline.',
      company_id: companyId,
      client_id: client.id,
      location: 1,
      triage_id: 3,
      ...overrides,
    };
    const response = await ctx.app.inject({ method: 'POST', url: '/api/ticket', headers: bearer(techToken), payload });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { id: number } }>().data.id;
  };
  const bulk = (payload: Record<string, unknown>, token = techToken) =>
    ctx.app.inject({ method: 'POST', url: '/api/ticket/bulk', headers: bearer(token), payload });
  const eventsOf = (ids: number[]) => ctx.db.select().from(ticketEvents).where(inArray(ticketEvents.ticketId, ids));
  const statusOf = async (id: number) =>
    (await ctx.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, id)))[0]!.status;

  describe('saved views', () => {
    const views = async (token: string) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/ticket/views', headers: bearer(token) })).json<{
        data: TicketView[];
      }>().data;
    const save = (token: string, payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: '/api/ticket/views', headers: bearer(token), payload });

    it('keeps a view per user: the owner lists it, nobody else sees it', async () => {
      const response = await save(techToken, {
        name: 'My criticals',
        filters: { employee_id: String(tech.id), triage_id: '1', status: 'open' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        message: 'View saved.',
        data: { name: 'My criticals', filters: { employee_id: String(tech.id), triage_id: '1' } },
      });
      expect((await views(techToken)).map((view) => view.name)).toEqual(['My criticals']);
      expect(await views(otherToken)).toEqual([]);
    });

    it('replaces the filters of a view saved again under the same name', async () => {
      await save(otherToken, { name: 'Waiting', filters: { status: '4' } });
      await save(otherToken, { name: 'Waiting', filters: { status: '5' } });
      const mine = await views(otherToken);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.filters).toEqual({ status: '5' });
    });

    it('lets only the owner delete a view', async () => {
      const id = (await save(techToken, { name: 'To delete', filters: {} })).json<{ data: TicketView }>().data.id;
      const byOther = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/ticket/views/${id}`,
        headers: bearer(otherToken),
      });
      expect(byOther.statusCode).toBe(404);
      expect((await views(techToken)).some((view) => view.id === id)).toBe(true);
      const byOwner = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/ticket/views/${id}`,
        headers: bearer(techToken),
      });
      expect(byOwner.json()).toEqual({ message: 'View deleted.' });
      expect((await views(techToken)).some((view) => view.id === id)).toBe(false);
    });

    it('refuses a view without a name, with filters the queue does not take, or unsigned', async () => {
      const blank = await save(techToken, { name: ' ', filters: {} });
      expect(blank.statusCode).toBe(422);
      expect(blank.json().errors.name).toEqual(['Name the view.']);
      const badFilter = await save(techToken, { name: 'Bad', filters: { status: 'sometimes', sort: 'colour' } });
      expect(badFilter.statusCode).toBe(422);
      expect(badFilter.json().errors).toMatchObject({
        'filters.status': ['This filter is not valid.'],
        'filters.sort': ['This filter is not valid.'],
      });
      const unknownKey = await save(techToken, { name: 'Bad', filters: { password: 'x' } });
      expect(unknownKey.statusCode).toBe(422);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/ticket/views' })).statusCode).toBe(401);
      expect((await views(techToken)).some((view) => view.name === 'Bad')).toBe(false);
    });
  });

  describe('bulk changes', () => {
    it('changes the status of every chosen ticket, one event on each, and tells each ticket channel', async () => {
      const ids = [await createTicket(), await createTicket()];
      const socket = await connectSocket(await listenForSockets(ctx.app), otherToken);
      try {
        await subscribe(socket, ticketChannel(ids[1]!));
        const pushed = nextEvent(
          socket,
          'TicketDataUpdated',
          (payload) => (payload as { ticket_id: number }).ticket_id === ids[1],
        );
        const response = await bulk({ ids, action: 'status', value: 3 });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ message: '2 tickets updated.' });
        await pushed;
      } finally {
        socket.close();
      }
      expect(await statusOf(ids[0]!)).toBe(3);
      expect(await statusOf(ids[1]!)).toBe(3);
      const changes = (await eventsOf(ids)).filter((event) => event.change === 'status');
      expect(changes.map((event) => [event.ticketId, event.lingo]).sort()).toEqual(
        ids.map((id) => [id, 'Tess Tech changed the status from Open to In Progress']).sort(),
      );
    });

    it('assigns a technician, who is notified, and closes tickets', async () => {
      const ids = [await createTicket(), await createTicket()];
      expect((await bulk({ ids, action: 'technician', value: other.id })).statusCode).toBe(200);
      const assigned = await ctx.db.select().from(tickets).where(inArray(tickets.id, ids));
      expect(assigned.map((ticket) => ticket.employeeId)).toEqual([other.id, other.id]);
      const notes = await ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, other.id), inArray(notifications.numberDetails, ids.map(String))));
      expect(notes).toHaveLength(2);
      expect((await bulk({ ids, action: 'close' })).statusCode).toBe(200);
      expect([await statusOf(ids[0]!), await statusOf(ids[1]!)]).toEqual([1, 1]);
    });

    it('changes nothing when one ticket cannot be closed, and names it', async () => {
      const closable = await createTicket();
      const withoutAccount = await createTicket({ client_id: '' });
      const before = (await eventsOf([closable, withoutAccount])).length;
      const response = await bulk({ ids: [closable, withoutAccount], action: 'close' });
      expect(response.statusCode).toBe(422);
      const message = `Ticket #${withoutAccount}: A ticket needs a client account before it can be closed.`;
      expect(response.json()).toEqual({ message, errors: { ids: [message] } });
      expect(await statusOf(closable)).toBe(2);
      expect((await eventsOf([closable, withoutAccount])).length).toBe(before);
    });

    it('refuses the batch with 403 when a ticket is escalated to someone else, and names it', async () => {
      const free = await createTicket();
      const escalated = await createTicket();
      await ctx.app.inject({
        method: 'POST',
        url: `/api/ticket/escalate/${escalated}`,
        headers: bearer(otherToken),
        payload: {},
      });
      const response = await bulk({ ids: [free, escalated], action: 'status', value: 4 });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(
        `Ticket #${escalated}: This ticket is escalated; only its escalation technician can work on it.`,
      );
      expect(await statusOf(free)).toBe(2);
    });

    it('names a ticket that does not exist, and refuses client accounts and bad input', async () => {
      const id = await createTicket();
      const missing = await bulk({ ids: [id, 99_999_999], action: 'status', value: 3 });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().message).toBe('Ticket #99999999: This ticket does not exist.');
      expect(await statusOf(id)).toBe(2);
      expect((await bulk({ ids: [id], action: 'close' }, clientToken)).statusCode).toBe(403);
      const noIds = await bulk({ ids: [], action: 'close' });
      expect(noIds.statusCode).toBe(422);
      expect(noIds.json().errors.ids).toEqual(['Choose at least one ticket.']);
      const noStatus = await bulk({ ids: [id], action: 'status' });
      expect(noStatus.json().errors.value).toEqual(['Choose a status.']);
      expect((await bulk({ ids: [id], action: 'delete' })).statusCode).toBe(422);
      expect(await statusOf(id)).toBe(2);
    });
  });
});
