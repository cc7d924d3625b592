import type { TicketDetail, TicketRow } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login } from '../../../test/helpers.ts';
import type { TestContext, TestUser } from '../../../test/helpers.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { devices } from '../devices/devices.table.ts';
import { tickets } from './tickets.table.ts';

// Issue 26 §2 items 3 to 5 (decision 0064): a client's My tickets are those it filed or is the contact of; its
// ticket page names the site and the technician; Scheduled Maintenance tickets stay out of everything a client reads.
describe('what a client account sees of its tickets (decision 0064)', () => {
  let ctx: TestContext;
  let tech: TestUser;
  let techToken: string;
  let client: TestUser;
  let clientToken: string;
  let colleague: TestUser;
  let companyId: number;
  let siteId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    tech = await createUser(ctx.db, { name: 'Tomas Tech' });
    techToken = (await login(ctx.app, tech.email, tech.password)).access_token;
    [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Harbor Clinic' }).returning();
    [{ id: siteId }] = await ctx.db.insert(sites).values({ companyId, name: 'Dockside', city: 'Erie' }).returning();
    client = await createUser(ctx.db, { type: 'Client', companyId, name: 'Clara Client' });
    clientToken = (await login(ctx.app, client.email, client.password)).access_token;
    colleague = await createUser(ctx.db, { type: 'Client', companyId, name: 'Colm Colleague' });
    const [server] = await ctx.db
      .insert(devices)
      .values({ companyId, siteId, type: 'servers', name: 'HC-DC01', scheduledMaintenance: 1 })
      .returning();
    const base = { body: 'Body.', companyId, location: 1, triageId: 3, status: 2 };
    const rows = await ctx.db
      .insert(tickets)
      .values([
        // Filed by the client, no contact set.
        { ...base, subject: 'Filed zebra scanner', createdBy: client.id },
        // Filed by staff with the client as its contact, assigned to the technician at a site.
        { ...base, subject: 'Contact zebra printer', clientId: client.id, employeeId: tech.id, siteId },
        // The colleague's ticket: the company's, not the client's own.
        { ...base, subject: 'Colleague zebra phone', clientId: colleague.id, createdBy: colleague.id },
        // Scheduled Maintenance: staff's internal work on a server of the company (assigned to the technician).
        { ...base, subject: 'Scheduled Maintenance zebra HC-DC01', serverId: server!.id, employeeId: tech.id },
      ])
      .returning({ id: tickets.id, subject: tickets.subject });
    for (const row of rows) ids[row.subject.split(' ')[0]!] = row.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const queue = async (token: string, query: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/ticket?${query}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: TicketRow[]; total: number }>();
    return { ids: body.data.map((row) => row.id).sort((a, b) => a - b), total: body.total };
  };
  const sorted = (...list: number[]) => [...list].sort((a, b) => a - b);

  it('My tickets (mine=1) of a client account: those it filed or is the contact of, not a colleague’s', async () => {
    expect(await queue(clientToken, 'mine=1')).toEqual({ ids: sorted(ids.Filed!, ids.Contact!), total: 2 });
    // The technician filter the staff view uses finds none of a client's own tickets (the reported bug).
    expect((await queue(clientToken, `employee_id=${client.id}`)).ids).toEqual([]);
  });

  it('My tickets (mine=1) of a technician: the tickets assigned to them', async () => {
    expect((await queue(techToken, 'mine=1')).ids).toEqual(sorted(ids.Contact!, ids.Scheduled!));
  });

  it('a saved view may hold mine', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket/views',
      headers: bearer(clientToken),
      payload: { name: 'Mine', filters: { mine: '1' } },
    });
    expect(response.statusCode).toBe(200);
  });

  it('keeps Scheduled Maintenance tickets out of a client’s queue, by words or number; staff keep them', async () => {
    const all = await queue(clientToken, 'status=all');
    expect(all).toEqual({ ids: sorted(ids.Filed!, ids.Contact!, ids.Colleague!), total: 3 });
    expect((await queue(clientToken, 'search=zebra')).ids).not.toContain(ids.Scheduled);
    expect((await queue(clientToken, `search=${ids.Scheduled}`)).ids).toEqual([]);
    expect((await queue(techToken, `company_id=${companyId}`)).ids).toContain(ids.Scheduled);
  });

  it('keeps Scheduled Maintenance tickets out of a client’s global search', async () => {
    const search = async (token: string, q: string) => {
      const url = `/api/search?q=${encodeURIComponent(q)}`;
      const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      return response.json<{ data: { tickets: { id: number }[] } }>().data.tickets.map((ticket) => ticket.id);
    };
    expect(await search(clientToken, 'zebra')).toHaveLength(3);
    expect(await search(clientToken, 'zebra')).not.toContain(ids.Scheduled);
    expect(await search(clientToken, String(ids.Scheduled))).not.toContain(ids.Scheduled);
    expect(await search(techToken, 'zebra')).toContain(ids.Scheduled);
  });

  it('keeps Scheduled Maintenance tickets out of the open tickets count a client account reads', async () => {
    const openCount = async (token: string) => {
      const url = `/api/company/${companyId}`;
      const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      return response.json<{ data: { open_tickets_count: number } }>().data.open_tickets_count;
    };
    expect(await openCount(clientToken)).toBe(3);
    expect(await openCount(techToken)).toBe(4);
  });

  it('answers a client account 404 for a Scheduled Maintenance ticket; staff read it', async () => {
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/ticket/${ids.Scheduled}`,
      headers: bearer(clientToken),
    });
    expect(detail.statusCode).toBe(404);
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `/api/ticket/${ids.Scheduled}`,
      headers: bearer(techToken),
    });
    expect(reply.statusCode).toBe(200);
  });

  it('a client’s ticket detail names its site and technician, without notes, events or escalation', async () => {
    await ctx.db
      .update(tickets)
      .set({ notes: '<p>Internal: reset the admin password</p>' })
      .where(eq(tickets.id, ids.Contact!));
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/ticket/${ids.Contact}`,
      headers: bearer(clientToken),
    });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: TicketDetail }>().data;
    expect(data.site).toEqual({ id: siteId, name: 'Dockside' });
    expect(data.technician).toEqual({ id: tech.id, name: 'Tomas Tech' });
    expect(data.status).toBe(2);
    expect(typeof data.created_at).toBe('string');
    expect(data.notes).toBe('');
    expect(data.ticket_events).toEqual([]);
    expect(data.escalated).toBe(false);
    const unassigned = await ctx.app.inject({
      method: 'GET',
      url: `/api/ticket/${ids.Filed}`,
      headers: bearer(clientToken),
    });
    expect(unassigned.json<{ data: TicketDetail }>().data).toMatchObject({ site: null, technician: null });
  });
});
