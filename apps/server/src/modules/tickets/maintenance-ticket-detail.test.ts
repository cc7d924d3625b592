import type { TicketDetail } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { devices } from '../devices/devices.table.ts';
import { tickets } from './tickets.table.ts';

// Issue 26: the ticket page offers Closed on a maintenance ticket (one that names its server, decision 0062), so the
// detail carries server_id; a ticket without a server answers null.
describe('GET /api/ticket/{id} carries the server of a maintenance ticket', () => {
  let ctx: TestContext;
  let token: string;
  let serverId: number;
  const ids: Record<'maintenance' | 'plain', number> = { maintenance: 0, plain: 0 };

  beforeAll(async () => {
    ctx = await createTestContext();
    const tech = await createUser(ctx.db, { name: 'Tomas Tech' });
    token = (await login(ctx.app, tech.email, tech.password)).access_token;
    const [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Harbor Clinic' }).returning();
    const [{ id: siteId }] = await ctx.db.insert(sites).values({ companyId, name: 'Dockside' }).returning();
    [{ id: serverId }] = await ctx.db
      .insert(devices)
      .values({ companyId, siteId, type: 'servers', name: 'HC-DC01', scheduledMaintenance: 1 })
      .returning();
    const base = { body: 'Body.', companyId, location: 1, triageId: 3, status: 2 };
    [{ id: ids.maintenance }, { id: ids.plain }] = await ctx.db
      .insert(tickets)
      .values([
        { ...base, subject: 'Scheduled Maintenance 03/2026: HC-DC01', serverId },
        { ...base, subject: 'Printer jams' },
      ])
      .returning({ id: tickets.id });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const detail = async (id: number) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/ticket/${id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: TicketDetail }>().data;
  };

  it('answers server_id for staff, and null on a ticket without a server', async () => {
    expect(await detail(ids.maintenance)).toMatchObject({ client_id: null, server_id: serverId });
    expect((await detail(ids.plain)).server_id).toBeNull();
  });
});
