import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, login, type TestContext } from '../../../test/helpers.ts';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/demo.ts';
import { seedBillingDemo } from './billing.demo.ts';
import { billingToday } from './ledger.service.ts';
import { seedPurchasingDemo } from './purchasing.demo.ts';

// Issue 28 part 8: the purchasing demo, through the services: orders in every state, receipts partial then full,
// bills paid by check and open (one at a price over the order's), stock moved every way and sold on an invoice, with
// 1200 Inventory tied to the stock's value and 2000 Accounts Payable to the open bills. The bookkeeper (olivia.park@,
// 'view billing') reads it through the API.

const bookkeeper = 'olivia.park@switchboard.example';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  // The documents demo (with its Ingram Micro order) first, as the seed CLI runs it; the billing demo is run here
  // with the data directory, which seedDemo does not pass on yet.
  await seedDemo(ctx.db, { dataDir: ctx.config.dataDir, billing: false });
  await ctx.db.transaction((tx) => seedBillingDemo(tx, [bookkeeper], ctx.config.dataDir));
  token = (await login(ctx.app, bookkeeper, DEMO_PASSWORD)).access_token;
}, 300_000);
afterAll(async () => {
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await ctx.db.execute<T>(query)).rows;

const counts = async () =>
  (
    await rows<Record<string, number>>(sql`
      select (select count(*)::int from vendors) as vendors, (select count(*)::int from purchase_orders) as orders,
        (select count(*)::int from po_lines) as po_lines, (select count(*)::int from receipts) as receipts,
        (select count(*)::int from bills) as bills, (select count(*)::int from payments) as payments,
        (select count(*)::int from stock_moves) as moves, (select count(*)::int from inventory_locations) as locations,
        (select count(*)::int from billing_items) as items, (select count(*)::int from journal_entries) as entries,
        (select count(*)::int from invoices) as invoices`)
  )[0]!;

const accountSchema = z.object({ number: z.string(), balance: z.number() });
const balanceOf = async (number: string) => {
  const response = await get('/api/billing/accounts');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().trial_balance_difference).toBe(0);
  const accounts = z.array(accountSchema).parse(response.json().data);
  return accounts.find((row) => row.number === number)?.balance ?? 0;
};

describe('purchasing demo', { timeout: 180_000 }, () => {
  it('has purchase orders in every state, the firewalls received partly then in full', async () => {
    const states = await rows<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from purchase_orders group by 1 order by 1`,
    );
    const byStatus = Object.fromEntries(states.map((row) => [row.status, row.n]));
    expect(byStatus).toEqual({
      cancelled: 1,
      closed: 1,
      draft: 1,
      // The documents demo's order to Ingram Micro is the other one.
      ordered: 2,
      partial: 1,
      received: 1,
    });
    const receipts = await rows<{ memo: string; quantity: string; status: string }>(sql`
      select r.memo, rl.quantity::text as quantity, po.status from receipts r
      join receipt_lines rl on rl.receipt_id = r.id join purchase_orders po on po.id = r.po_id
      where po.status = 'received' order by r.id`);
    expect(receipts.map((row) => Number(row.quantity))).toEqual([2, 4]);
    const vendors = await rows<{ name: string }>(sql`select name from vendors order by name`);
    expect(vendors.map((row) => row.name)).toEqual(['Ingram Micro', 'TD SYNNEX']);
    const list = await get('/api/billing/purchaseorders?per_page=100');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.length).toBe(7);
  });

  it('has a bill paid by check at a price over the order (PPV to 5900) and one open', async () => {
    const bills = await rows<{ vendor_ref: string; status: string; total: string; balance: string }>(sql`
      select vendor_ref, status, total::text as total, balance::text as balance from bills order by id`);
    expect(bills.map((row) => [row.vendor_ref, row.status, row.total, row.balance])).toEqual([
      ['INV-7719203', 'posted', '3119.40', '0.00'],
      ['TDS-5531870', 'posted', '945.00', '945.00'],
    ]);
    const [payment] = await rows<{ method: string; reference: string; amount: string; direction: string }>(sql`
      select method, reference, amount::text as amount, direction from payments where vendor_id is not null`);
    expect(payment).toEqual({ method: 'check', reference: '10452', amount: '3119.40', direction: 'out' });
    // 6 firewalls billed $7.50 a unit over the $512.40 received.
    expect(await balanceOf('5900')).toBe(45);
    // Two switches received on the closed order wait for their bill.
    expect(await balanceOf('2050')).toBe(378);
  });

  it('ties 2000 Accounts Payable to the open bills and 1200 Inventory to the stock’s value', async () => {
    const [open] = await rows<{ total: string }>(sql`
      select coalesce(sum(case when kind = 'credit' then -balance else balance end), 0)::text as total
      from bills where status = 'posted'`);
    expect(await balanceOf('2000')).toBe(Number(open!.total));
    expect(Number(open!.total)).toBe(945);
    const aging = await get('/api/billing/reports/agedpayables');
    expect(aging.statusCode, aging.body).toBe(200);
    expect(aging.json().tie.difference).toBe(0);

    const [stock] = await rows<{ value: string }>(sql`select coalesce(sum(value), 0)::text as value from stock_levels`);
    expect(Number(stock!.value)).toBeGreaterThan(0);
    expect(await balanceOf('1200')).toBe(Number(stock!.value));
  });

  it('moves stock every way: received, to the van, adjusted, issued to a ticket, sold on an invoice', async () => {
    const moves = await rows<{ reason: string; n: number }>(
      sql`select reason, count(*)::int as n from stock_moves group by 1 order by 1`,
    );
    expect(Object.fromEntries(moves.map((row) => [row.reason, row.n]))).toEqual({
      adjustment: 1,
      issue: 1,
      receipt: 4,
      sale: 1,
      transfer_in: 1,
      transfer_out: 1,
    });
    const levels = await rows<{ item: string; location: string; on_hand: string }>(sql`
      select i.name as item, l.name as location, s.on_hand::text as on_hand from stock_levels s
      join billing_items i on i.id = s.item_id join inventory_locations l on l.id = s.location_id
      where s.on_hand <> 0 order by 1, 2`);
    expect(levels.map((row) => [row.item, row.location, Number(row.on_hand)])).toEqual([
      ['Aruba CX 6100 24-port Switch (stocked)', 'Main Warehouse', 5],
      ['FortiGate 60F Firewall (stocked)', 'Main Warehouse', 3],
      ['FortiGate 60F Firewall (stocked)', 'Service Van 1', 2],
    ]);
    const [sold] = await rows<{ status: string; n: number }>(sql`
      select i.status, count(*)::int as n from invoices i join invoice_lines l on l.invoice_id = i.id
      join billing_items b on b.id = l.item_id where b.inventory_tracked group by 1`);
    expect(sold).toEqual({ status: 'posted', n: 1 });
    const [issued] = await rows<{ ticket: boolean }>(
      sql`select source_type = 'ticket' and source_id is not null as ticket from stock_moves where reason = 'issue'`,
    );
    expect(issued!.ticket).toBe(true);
  });

  it('lists the switch, not the firewall, below its reorder point, each with its preferred vendor', async () => {
    const reorder = await get('/api/billing/inventory/below-reorder');
    expect(reorder.statusCode, reorder.body).toBe(200);
    const data = z
      .array(z.object({ item_name: z.string(), on_hand: z.number(), preferred_vendor_name: z.string().nullable() }))
      .parse(reorder.json().data);
    expect(data.map((row) => [row.item_name, row.on_hand, row.preferred_vendor_name])).toEqual([
      ['Aruba CX 6100 24-port Switch (stocked)', 5, 'TD SYNNEX'],
    ]);
    const [firewall] = await rows<{ vendor: string }>(sql`
      select v.name as vendor from billing_items i join vendors v on v.id = i.preferred_vendor_id
      where i.name = 'FortiGate 60F Firewall (stocked)'`);
    expect(firewall!.vendor).toBe('Ingram Micro');
  });

  it('adds nothing when seeded again', async () => {
    const before = await counts();
    await seedDemo(ctx.db, { dataDir: ctx.config.dataDir });
    await ctx.db.transaction((tx) => seedBillingDemo(tx, [bookkeeper], ctx.config.dataDir));
    const users = await rows<{ id: number }>(sql`select id from users where lower(email) = ${bookkeeper}`);
    const today = await billingToday(ctx.db);
    await ctx.db.transaction((tx) =>
      seedPurchasingDemo(tx, { dataDir: ctx.config.dataDir, actorId: Number(users[0]!.id), today }),
    );
    expect(await counts()).toEqual(before);
  });
});
