import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, login, type TestContext, type TestUser } from '../../test/helpers.ts';
import { createTestProject } from '../../test/projects.ts';
import { watchQueryOverlap } from '../../test/query-overlap.ts';
import { presentSessionUser } from '../modules/auth/session-user.ts';
import { quotes } from '../modules/quotes/quotes.table.ts';
import { companies, sites } from '../modules/companies/companies.table.ts';
import { devices, serverDrives } from '../modules/devices/devices.table.ts';
import { listRecentNotifications } from '../modules/notifications/notifications.service.ts';
import { assertQuotesCompleted, saveProductRequirements } from '../modules/projects/steps/product-requirements.ts';
import { strategiesPickingDevice } from '../modules/strategies/strategy-references.ts';
import { serverSoftware } from '../modules/strategies/strategies.table.ts';
import { seedDemoTickets } from '../modules/tickets/tickets.demo.ts';
import { assertTicketReferences } from '../modules/tickets/tickets.service.ts';
import { tickets } from '../modules/tickets/tickets.table.ts';
import { users } from '../modules/users/users.table.ts';
import type { Transaction } from './client.ts';

// Issue 25 item 5: one pg client runs one query at a time, so the queries of a transaction are sent one after the other,
// never through Promise.all (pg queues them with a warning today and refuses them in its next major). Each service
// that runs inside a transaction is called here with one, while every query sent on a busy client is recorded.

let ctx: TestContext;
let staff: TestUser;
let token: string;
let companyId: number;
let siteId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createUser(ctx.db, { name: 'Quinn Queries' });
  token = (await login(ctx.app, staff.email, staff.password)).access_token;
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'One Query Co' }).returning();
  [{ id: siteId }] = await ctx.db.insert(sites).values({ companyId, name: 'Main' }).returning({ id: sites.id });
});
afterAll(async () => {
  await ctx.close();
});

/** The queries sent while another of the same client was running, during `work` (in a transaction unless told). */
async function overlapsDuring(work: (tx: Transaction) => Promise<unknown>): Promise<string[]> {
  const watch = watchQueryOverlap(ctx.pool);
  try {
    await ctx.db.transaction(async (tx) => {
      await work(tx);
    });
  } finally {
    watch.stop();
  }
  return watch.overlaps;
}

describe('queries of one transaction run one at a time', () => {
  it('the watcher sees queries sent at once on a transaction', async () => {
    const overlaps = await overlapsDuring((tx) => Promise.all([tx.select().from(companies), tx.select().from(sites)]));
    expect(overlaps).toHaveLength(1);
  });

  it('finding the backup strategies that pick a device, its drives or its software', async () => {
    const [device] = await ctx.db
      .insert(devices)
      .values({ companyId, siteId, type: 'servers', name: 'FS01' })
      .returning({ id: devices.id });
    await ctx.db.insert(serverDrives).values({ deviceId: device!.id, letter: 'C', size: 500 });
    await ctx.db.insert(serverSoftware).values({ deviceId: device!.id, name: 'Veeam' });
    expect(await overlapsDuring((tx) => strategiesPickingDevice(tx, companyId, device!.id))).toEqual([]);
  });

  it('checking the quotes before the Labor Quote Approval step closes, and saving product requirements', async () => {
    const projectId = await createTestProject(ctx.app, token, { title: 'Quoted', company_id: companyId });
    const [labor] = await ctx.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.projectId, projectId), eq(tickets.projectOrder, 6)));
    expect(await overlapsDuring((tx) => assertQuotesCompleted(tx, { id: labor!.id }))).toEqual([]);

    const [quote] = await ctx.db
      .insert(quotes)
      .values({ companyId, projectId, title: 'Switches', quoteDate: '2026-11-27' })
      .returning({ id: quotes.id });
    const watch = watchQueryOverlap(ctx.pool);
    try {
      await saveProductRequirements(
        ctx.db,
        { project_id: projectId, products: [{ id: null, option: 1, product: 'Switch', quote_id: quote!.id }] },
        { id: staff.id, type: 'Employee', name: staff.name },
      );
    } finally {
      watch.stop();
    }
    expect(watch.overlaps).toEqual([]);
  });

  it('answering a sign-in inside its transaction (two-factor, shadowing): the user and the notifications', async () => {
    const [{ passwordHash: _hash, ...user }] = await ctx.db.select().from(users).where(eq(users.id, staff.id));
    expect(
      await overlapsDuring(async (tx) => {
        await presentSessionUser(tx, user);
        await listRecentNotifications(tx, staff.id);
      }),
    ).toEqual([]);
  });

  it('checking a ticket’s references inside a transaction (held mail filed on a ticket), and seeding demo tickets', async () => {
    const values = { companyId, siteId, clientId: null, employeeId: staff.id, location: 1, triageId: 1, status: 2 };
    expect(await overlapsDuring((tx) => assertTicketReferences(tx, values))).toEqual([]);
    expect(await overlapsDuring((tx) => seedDemoTickets(tx, companyId, 0, [staff.id]))).toEqual([]);
  });
});
