import type { TicketDetail } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { devices } from '../devices/devices.table.ts';
import { ticketDevices, tickets } from './tickets.table.ts';

describe("a ticket's devices (spec 3 §3 Ticket devices)", () => {
  let ctx: TestContext;
  let techToken: string;
  let clientToken: string;
  let companyId: number;
  let otherCompanyId: number;
  let laptop: number;
  let server: number;
  let foreignPrinter: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const tech = await createUser(ctx.db, { name: 'Dev Tech' });
    techToken = (await login(ctx.app, tech.email, tech.password)).access_token;
    [{ id: companyId }, { id: otherCompanyId }] = await ctx.db
      .insert(companies)
      .values([{ name: 'Device Co' }, { name: 'Other Co' }])
      .returning({ id: companies.id });
    const [site, otherSite] = await ctx.db
      .insert(sites)
      .values([
        { companyId, name: 'HQ', city: 'Austin' },
        { companyId: otherCompanyId, name: 'Depot', city: 'Waco' },
      ])
      .returning({ id: sites.id });
    [{ id: laptop }, { id: server }, { id: foreignPrinter }] = await ctx.db
      .insert(devices)
      .values([
        { companyId, siteId: site!.id, type: 'workstations', name: 'Reception PC' },
        { companyId, siteId: site!.id, type: 'servers', name: 'DC01' },
        { companyId: otherCompanyId, siteId: otherSite!.id, type: 'printers', name: 'Depot Printer' },
      ])
      .returning({ id: devices.id });
    const client = await createUser(ctx.db, { type: 'Client', companyId, name: 'Cora Client' });
    clientToken = (await login(ctx.app, client.email, client.password)).access_token;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const form = (overrides: Record<string, unknown> = {}) => ({
    subject: 'The server is slow',
    body: 'Logins take a minute.',
    company_id: companyId,
    location: 1,
    triage_id: 3,
    ...overrides,
  });
  const post = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/ticket', headers: bearer(techToken), payload });
  const put = (id: number, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: `/api/ticket/${id}`, headers: bearer(techToken), payload });
  const detail = async (id: number, token = techToken) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/ticket/${id}`, headers: bearer(token) })).json<{
      data: TicketDetail;
    }>().data;
  const linkedIds = async (id: number) =>
    (await ctx.db.select().from(ticketDevices).where(eq(ticketDevices.ticketId, id)))
      .map((link) => link.deviceId)
      .sort();

  it('links devices of the company on creation and answers them with name and type', async () => {
    const created = await post(form({ devices: [laptop, server, laptop] }));
    expect(created.statusCode).toBe(200);
    const id = created.json<{ data: { id: number } }>().data.id;
    expect((await detail(id)).devices).toEqual([
      { id: server, name: 'DC01', type: 'servers' },
      { id: laptop, name: 'Reception PC', type: 'workstations' },
    ]);
    // The company's inventory is staff's; the client account's view of the ticket names none.
    expect((await detail(id, clientToken)).devices).toEqual([]);
  });

  it("refuses another company's device or an unknown one with 422 and creates nothing", async () => {
    const before = await ctx.db.$count(tickets);
    for (const chosen of [[laptop, foreignPrinter], [999_999]]) {
      const refused = await post(form({ devices: chosen }));
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        message: 'The given data was invalid.',
        errors: { devices: ['Choose devices of this company.'] },
      });
    }
    const malformed = await post(form({ devices: 'DC01' }));
    expect(malformed.statusCode).toBe(422);
    expect(await ctx.db.$count(tickets)).toBe(before);
  });

  it('replaces the devices on update with an event, and leaves them when the list is not sent', async () => {
    const id = (await post(form({ devices: [laptop] }))).json<{ data: { id: number } }>().data.id;
    const changed = await put(id, { devices: [server] });
    expect(changed.json().message).toBe('Ticket updated.');
    expect(await linkedIds(id)).toEqual([server]);
    expect((await detail(id)).ticket_events[0]!.lingo).toBe(
      'Dev Tech changed the devices from Reception PC (workstations) to DC01 (servers)',
    );

    expect((await put(id, { triage_id: 1 })).statusCode).toBe(200);
    expect(await linkedIds(id)).toEqual([server]);

    const refused = await put(id, { devices: [server, foreignPrinter], triage_id: 2 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.devices).toEqual(['Choose devices of this company.']);
    expect(await linkedIds(id)).toEqual([server]);
    expect((await detail(id)).triage_id).toBe(1);
  });

  it("drops the former company's devices when the company changes, in the same update", async () => {
    const id = (await post(form({ devices: [laptop, server] }))).json<{ data: { id: number } }>().data.id;
    const moved = await put(id, { company_id: otherCompanyId });
    expect(moved.statusCode).toBe(200);
    expect(await linkedIds(id)).toEqual([]);
    expect((await detail(id)).company_id).toBe(otherCompanyId);

    // With a new list the company and its devices change together; the old company's devices are refused.
    const back = await put(id, { company_id: companyId, devices: [foreignPrinter] });
    expect(back.statusCode).toBe(422);
    const withNewDevices = await put(id, { devices: [foreignPrinter] });
    expect(withNewDevices.statusCode).toBe(200);
    expect(await linkedIds(id)).toEqual([foreignPrinter]);
  });
});
