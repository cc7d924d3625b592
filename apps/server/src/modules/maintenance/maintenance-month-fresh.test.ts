import { TICKET_STATUS_CLOSED } from '@switchboard/shared';
import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { AppInstance } from '../../app-instance.ts';
import { createDatabase } from '../../db/client.ts';
import { runRawStatement } from '../../db/prepared.ts';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { deviceServerRoles, devices, serverRoles } from '../devices/devices.table.ts';
import { tickets } from '../tickets/tickets.table.ts';
import { maintenanceMonthSites } from './maintenance-month.table.ts';
import { maintenanceMonthSql, maintenanceMonthValues } from './maintenance.service.ts';
import { baselineChecklists, maintenanceTickets } from './maintenance.table.ts';

// Issue 26 §3 (decision 0076): the Scheduled Maintenance month keeps each company's part of a month in the database
// until a write reaches it, instead of an answer kept a second per process. A write through one app instance (or
// any other writer) shows at once on another instance on the same database, and the answer is always the one
// computed from the tables alone.

let ctx: TestContext;
let other: AppInstance;
let otherPool: pg.Pool;
let token: string;
const month = 4;
const year = 2026;
let fixtures = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  // A second app instance with its own pool on the same database: another process, as far as the month knows.
  const second = createDatabase(
    (ctx.pool as unknown as { options: { connectionString: string } }).options.connectionString,
  );
  otherPool = second.pool;
  other = await buildApp({ db: second.db, config: ctx.config, logger: false });
  const tech = await createUser(ctx.db, { name: 'Fresh Tech', permissions: ['view chat'] });
  token = (await login(ctx.app, tech.email, tech.password)).access_token;
}, 60_000);
afterAll(async () => {
  await other?.close();
  if (otherPool && !otherPool.ended) await otherPool.end();
  await ctx.close();
});

interface MonthServer {
  id: number;
  name: string;
  av: number | null;
  roles: { id: number; name: string }[];
  ticket: { id: number; status: number } | null;
  baseline: { id: number; ticket_id: number; status: number } | null;
}
interface MonthCompany {
  id: number;
  name: string;
  sites: { id: number; name: string; servers: MonthServer[] }[];
}

/**
 * The month as an instance answers it: the first page of 50 (kept whole), or with `perPage` 500 one page made from
 * the companies' kept parts (a length the UI does not use is not kept whole). The tests' companies fit either.
 */
async function monthOf(app: AppInstance, when = { month, year }, perPage = 50) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/companies/servers/${when.month}/${when.year}?per_page=${perPage}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: MonthCompany[]; total: number }>();
}

const companyIn = async (app: AppInstance, companyId: number) =>
  (await monthOf(app)).data.find((company) => company.id === companyId);
const serverIn = async (app: AppInstance, companyId: number) => (await companyIn(app, companyId))?.sites[0]?.servers[0];

/** A company with a site and one scheduled server with a role. */
async function scheduledServer() {
  fixtures += 1;
  const [company] = await ctx.db
    .insert(companies)
    .values({ name: `Fresh Co ${fixtures}` })
    .returning();
  const [site] = await ctx.db.insert(sites).values({ companyId: company!.id, name: 'HQ', city: 'Austin' }).returning();
  const [server] = await ctx.db
    .insert(devices)
    .values({ companyId: company!.id, siteId: site!.id, type: 'servers', name: 'DC01', scheduledMaintenance: 1 })
    .returning();
  const [role] = await ctx.db
    .insert(serverRoles)
    .values({ name: `Role ${fixtures}` })
    .returning();
  await ctx.db.insert(deviceServerRoles).values({ deviceId: server!.id, roleId: role!.id, position: 0 });
  return { companyId: company!.id, siteId: site!.id, serverId: server!.id, roleId: role!.id };
}

/** What is kept of the company's month. */
const keptOf = (companyId: number) =>
  ctx.db
    .select({ sites: maintenanceMonthSites.sites })
    .from(maintenanceMonthSites)
    .where(
      and(
        eq(maintenanceMonthSites.companyId, companyId),
        eq(maintenanceMonthSites.year, year),
        eq(maintenanceMonthSites.month, month),
      ),
    );

describe('the Scheduled Maintenance month is always what the database holds, in every instance', () => {
  it("a ticket opened through one instance shows at once on the other, then its state and its record's", async () => {
    const f = await scheduledServer();
    // The other instance reads (and keeps) the month first.
    expect((await serverIn(other, f.companyId))?.ticket).toBeNull();
    expect(await keptOf(f.companyId)).toHaveLength(1);

    const opened = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: bearer(token),
      payload: {
        subject: 'Scheduled Maintenance 04/2026: DC01',
        company: f.companyId,
        site: f.siteId,
        server: f.serverId,
        triage_id: 3,
        location: 1,
        month,
        year,
      },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const [claimed] = await ctx.db
      .select({ ticketId: maintenanceTickets.ticketId })
      .from(maintenanceTickets)
      .where(eq(maintenanceTickets.serverId, f.serverId));
    const ticketId = claimed!.ticketId;
    expect((await serverIn(other, f.companyId))?.ticket).toEqual({ id: ticketId, status: 2 });
    const parts = await monthOf(other, { month, year }, 500);
    expect(parts.data.find((company) => company.id === f.companyId)?.sites[0]?.servers[0]?.ticket).toEqual({
      id: ticketId,
      status: 2,
    });

    // A record of the month, then the ticket closed: both at once.
    const [record] = await ctx.db
      .insert(baselineChecklists)
      .values({ companyId: f.companyId, siteId: f.siteId, serverId: f.serverId, month, year, ticketId })
      .returning({ id: baselineChecklists.id });
    expect((await serverIn(other, f.companyId))?.baseline).toEqual({ id: record!.id, ticket_id: ticketId, status: 2 });
    await ctx.db.update(tickets).set({ status: TICKET_STATUS_CLOSED }).where(eq(tickets.id, ticketId));
    const closed = await serverIn(other, f.companyId);
    expect(closed?.ticket).toEqual({ id: ticketId, status: TICKET_STATUS_CLOSED });
    expect(closed?.baseline).toEqual({ id: record!.id, ticket_id: ticketId, status: TICKET_STATUS_CLOSED });

    // The record removed, the month's ticket removed.
    await ctx.db.delete(baselineChecklists).where(eq(baselineChecklists.id, record!.id));
    expect((await serverIn(other, f.companyId))?.baseline).toBeNull();
    await ctx.db.delete(maintenanceTickets).where(eq(maintenanceTickets.serverId, f.serverId));
    expect((await serverIn(other, f.companyId))?.ticket).toBeNull();
  });

  it('a renamed server, site, role and company, a role removed, a server off the schedule: each at once', async () => {
    const f = await scheduledServer();
    expect((await serverIn(other, f.companyId))?.name).toBe('DC01');

    await ctx.db.update(devices).set({ name: 'DC02', antivirusId: 2 }).where(eq(devices.id, f.serverId));
    expect(await serverIn(other, f.companyId)).toMatchObject({ name: 'DC02', av: 2 });
    await ctx.db.update(sites).set({ name: 'Head Office' }).where(eq(sites.id, f.siteId));
    expect((await companyIn(other, f.companyId))?.sites[0]?.name).toBe('Head Office');
    await ctx.db
      .update(serverRoles)
      .set({ name: `Renamed role ${f.roleId}` })
      .where(eq(serverRoles.id, f.roleId));
    expect((await serverIn(other, f.companyId))?.roles).toEqual([{ id: f.roleId, name: `Renamed role ${f.roleId}` }]);
    await ctx.db.delete(deviceServerRoles).where(eq(deviceServerRoles.deviceId, f.serverId));
    expect((await serverIn(other, f.companyId))?.roles).toEqual([]);
    await ctx.db
      .update(companies)
      .set({ name: `Fresh Co renamed ${f.companyId}` })
      .where(eq(companies.id, f.companyId));
    expect((await companyIn(other, f.companyId))?.name).toBe(`Fresh Co renamed ${f.companyId}`);

    // A second server, then the first taken off the schedule.
    const [second] = await ctx.db
      .insert(devices)
      .values({ companyId: f.companyId, siteId: f.siteId, type: 'servers', name: 'AA01', scheduledMaintenance: 1 })
      .returning({ id: devices.id });
    expect((await companyIn(other, f.companyId))?.sites[0]?.servers.map((s) => s.name)).toEqual(['AA01', 'DC02']);
    await ctx.db.update(devices).set({ scheduledMaintenance: 0 }).where(eq(devices.id, f.serverId));
    expect((await companyIn(other, f.companyId))?.sites[0]?.servers.map((s) => s.id)).toEqual([second!.id]);
    await ctx.db.update(devices).set({ scheduledMaintenance: 0 }).where(eq(devices.id, second!.id));
    expect(await companyIn(other, f.companyId)).toBeUndefined();
  });

  it('the number of companies listed follows a server put on or taken off the schedule at once', async () => {
    const before = (await monthOf(other)).total;
    const f = await scheduledServer();
    expect((await monthOf(other)).total).toBe(before + 1);
    await ctx.db.update(devices).set({ scheduledMaintenance: 0 }).where(eq(devices.id, f.serverId));
    expect((await monthOf(other)).total).toBe(before);
    await ctx.db.delete(devices).where(eq(devices.id, f.serverId));
    expect((await monthOf(other)).total).toBe(before);
  });

  it('answers exactly what the month computed from the tables alone answers, in both instances, months apart', async () => {
    const f = await scheduledServer();
    const [annex] = await ctx.db
      .insert(sites)
      .values({ companyId: f.companyId, name: 'Annex', city: 'Austin' })
      .returning({ id: sites.id });
    await ctx.db
      .insert(devices)
      .values({ companyId: f.companyId, siteId: annex!.id, type: 'servers', name: 'FS01', scheduledMaintenance: 1 });
    for (const when of [
      { month, year },
      { month: 5, year },
    ]) {
      const [computed] = await runRawStatement<{ rows_json: string; total: number }>(
        ctx.db,
        maintenanceMonthSql,
        maintenanceMonthValues(when, { page: 1, per_page: 500 }),
      );
      const expected = JSON.parse(computed!.rows_json) as MonthCompany[];
      for (const app of [other, ctx.app, other])
        for (const perPage of [50, 500]) {
          const answer = await monthOf(app, when, perPage);
          expect(answer.data).toEqual(expected);
          expect(answer.total).toBe(computed!.total);
        }
    }
    const kept = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(maintenanceMonthSites);
    expect(kept[0]!.n).toBeGreaterThan(0);
  });

  it('two writers reaching different months do not wait for each other, and both show once committed', async () => {
    const one = await scheduledServer();
    const two = await scheduledServer();
    const ticketOf = async (f: { companyId: number; siteId: number; serverId: number }, when: number) => {
      const [ticket] = await ctx.db
        .insert(tickets)
        .values({
          subject: 'SM',
          body: '',
          companyId: f.companyId,
          siteId: f.siteId,
          serverId: f.serverId,
          location: 1,
          triageId: 3,
          status: 2,
        })
        .returning({ id: tickets.id });
      await ctx.db.insert(maintenanceTickets).values({ serverId: f.serverId, year, month: when, ticketId: ticket!.id });
      return ticket!.id;
    };
    const ticketOne = await ticketOf(one, 6);
    const ticketTwo = await ticketOf(two, 7);
    await monthOf(other, { month: 6, year });
    await monthOf(other, { month: 7, year });
    const first = await ctx.pool.connect();
    const second = await ctx.pool.connect();
    try {
      await first.query('begin');
      await first.query('update tickets set status = $1 where id = $2', [TICKET_STATUS_CLOSED, ticketOne]);
      await second.query('begin');
      // With the first writer's transaction open, the second goes through at once (it would time out on a lock).
      await second.query(`set local lock_timeout = '2s'`);
      await second.query('update tickets set status = $1 where id = $2', [TICKET_STATUS_CLOSED, ticketTwo]);
      await first.query('commit');
      await second.query('commit');
      for (const [f, ticketId, when] of [
        [one, ticketOne, 6],
        [two, ticketTwo, 7],
      ] as const) {
        const company = (await monthOf(other, { month: when, year })).data.find((row) => row.id === f.companyId);
        expect(company?.sites[0]?.servers[0]?.ticket).toEqual({ id: ticketId, status: TICKET_STATUS_CLOSED });
      }
    } finally {
      await first.query('rollback').catch(() => {});
      await second.query('rollback').catch(() => {});
      first.release();
      second.release();
    }
  });
});
