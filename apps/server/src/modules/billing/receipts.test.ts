import { periodClosedMessage } from '@switchboard/shared/billing/ledger';
import {
  locationRequiredMessage,
  notReceivableMessage,
  openLinesResponseSchema,
  receiptDetailSchema,
  receiptPageSchema,
  receiptPostedMessage,
  serialCountMessage,
  unknownPoLineMessage,
  wholeQuantityMessage,
} from '@switchboard/shared/billing/receipts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { inventoryLocations } from './inventory.table.ts';
import { billingSettings } from './ledger.table.ts';
import { poLines, purchaseOrders, vendors } from './purchase-orders.table.ts';

// Receiving against purchase orders (issue 28 part 3; designs/billing.md §3.2, §3.7, §6): the gates, the entry of a
// receipt (stocked vs expensed lines, drop ship), over-receipt and the other 422s, the order's status, two receipts of
// the last units at once, the events, and after every test the tie: 2050 = received not yet billed.

let ctx: TestContext;
let viewer: string;
let client: string;
let plain: string;
const account: Record<string, number> = {};
let vendorId: number;
let vendorWithDefault: number;
let locationId: number;
let trackedItem: number; // product, tracked, each
let cloudItem: number; // cloud, not tracked
let serviceItem: number; // service with its own expense account (6500)
let fractionalItem: number; // product, not tracked, unit hour
let siteId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.db.execute<{ id: number; number: string }>(sql`select id, number from accounts`);
  for (const row of rows.rows) account[row.number] = row.id;
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', permissions: ['view billing', 'approve billing'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;
  const p = await createUser(ctx.db, { permissions: ['approve billing'] });
  plain = (await login(ctx.app, p.email, p.password)).access_token;

  const [vendor] = await ctx.db.insert(vendors).values({ name: 'Ingram Receiving' }).returning();
  vendorId = vendor!.id;
  const [other] = await ctx.db
    .insert(vendors)
    .values({ name: 'Pax8 Receiving', defaultExpenseAccountId: account['6500'] })
    .returning();
  vendorWithDefault = other!.id;
  const [location] = await ctx.db
    .insert(inventoryLocations)
    .values({ name: 'Main warehouse', kind: 'warehouse' })
    .returning();
  locationId = location!.id;
  const item = async (values: Partial<typeof billingItems.$inferInsert> & { name: string; type: string }) =>
    (await ctx.db.insert(billingItems).values(values).returning({ id: billingItems.id }))[0]!.id;
  trackedItem = await item({ name: 'Switch 24p', type: 'product', unit: 'each', inventoryTracked: true });
  cloudItem = await item({ name: 'M365 seat', type: 'cloud', unit: 'user' });
  serviceItem = await item({ name: 'Cabling job', type: 'service', unit: 'hour', expenseAccountId: account['6900'] });
  fractionalItem = await item({ name: 'Cable (ft)', type: 'product', unit: 'hour' });
  const [company] = await ctx.db.insert(companies).values({ name: 'Drop Ship Client' }).returning();
  const [site] = await ctx.db.insert(sites).values({ companyId: company!.id, name: 'HQ' }).returning();
  siteId = site!.id;
});
afterAll(async () => {
  await ctx.close();
});

/** The tie of design §3.2: 2050's credit balance equals what was received and not yet billed. */
async function expectReceivedNotBilledTie() {
  const ledger = await ctx.db.execute<{ balance: string }>(sql`
    select coalesce(sum(credit - debit), 0)::text as balance from journal_lines where account_id = ${account['2050']}`);
  const subledger = await ctx.db.execute<{ balance: string }>(sql`
    select (coalesce((select sum(amount) from receipt_lines), 0)
      - coalesce((select sum(round(bl.quantity * pl.unit_cost, 2)) from bill_lines bl
          join bills b on b.id = bl.bill_id and b.status = 'posted'
          join po_lines pl on pl.id = bl.po_line_id), 0))::text as balance`);
  expect(Number(ledger.rows[0]!.balance)).toBe(Number(subledger.rows[0]!.balance));
}
/** And 1200 Inventory equals the value of stock (the moves of stocked lines carry the entry's debits). */
async function expectInventoryTie() {
  const ledger = await ctx.db.execute<{ balance: string }>(sql`
    select coalesce(sum(debit - credit), 0)::text as balance from journal_lines where account_id = ${account['1200']}`);
  const stock = await ctx.db.execute<{ value: string }>(
    sql`select coalesce(sum(value), 0)::text as value from stock_levels`,
  );
  expect(Number(ledger.rows[0]!.balance)).toBe(Number(stock.rows[0]!.value));
}
afterEach(async () => {
  await expectReceivedNotBilledTie();
  await expectInventoryTie();
});

let poCount = 0;
interface LineSpec {
  itemId: number | null;
  quantity: string;
  unitCost: string;
  description?: string;
}
/** An order inserted straight into the tables (the purchase-order routes are being rewritten meanwhile). */
async function newOrder(
  lines: LineSpec[],
  options: { status?: 'draft' | 'ordered' | 'partial'; vendor?: number; dropShip?: boolean } = {},
) {
  poCount += 1;
  const status = options.status ?? 'ordered';
  const [order] = await ctx.db
    .insert(purchaseOrders)
    .values({
      number: status === 'draft' ? null : `PO-R${String(poCount).padStart(4, '0')}`,
      vendorId: options.vendor ?? vendorId,
      status,
      orderDate: '2026-11-01',
      locationId: options.dropShip ? null : locationId,
      shipToSiteId: options.dropShip ? siteId : null,
    })
    .returning();
  const made = await ctx.db
    .insert(poLines)
    .values(
      lines.map((line, index) => ({
        poId: order!.id,
        lineNo: index + 1,
        itemId: line.itemId,
        description: line.description ?? `Line ${index + 1}`,
        quantity: line.quantity,
        unitCost: line.unitCost,
        amount: '0',
      })),
    )
    .returning({ id: poLines.id });
  return { id: order!.id, lines: made.map((row) => row.id) };
}

const post = (payload: object, as = viewer) =>
  ctx.app.inject({ method: 'POST', url: '/api/billing/receipts', headers: bearer(as), payload });
const get = (url: string, as = viewer) =>
  ctx.app.inject({ method: 'GET', url: `/api/billing${url}`, headers: bearer(as) });

async function orderState(id: number) {
  const order = await ctx.db.execute<{ status: string }>(sql`select status from purchase_orders where id = ${id}`);
  const lines = await ctx.db.execute<{ received_qty: string }>(
    sql`select received_qty::text from po_lines where po_id = ${id} order by id`,
  );
  return { status: order.rows[0]!.status, received: lines.rows.map((row) => Number(row.received_qty)) };
}

async function onHand(itemId: number) {
  const result = await ctx.db.execute<{ on_hand: string | null; value: string | null }>(sql`
    select sum(on_hand)::text as on_hand, sum(value)::text as value from stock_levels where item_id = ${itemId}`);
  return { onHand: Number(result.rows[0]!.on_hand ?? 0), value: Number(result.rows[0]!.value ?? 0) };
}

async function entryLines(entryId: number) {
  const result = await ctx.db.execute<{
    number: string;
    debit: string;
    credit: string;
    vendor_id: number | null;
    item_id: number | null;
  }>(sql`
    select a.number, l.debit::text, l.credit::text, l.vendor_id, l.item_id
    from journal_lines l join accounts a on a.id = l.account_id where l.entry_id = ${entryId} order by l.line_no`);
  return result.rows.map((row) => ({
    account: row.number,
    debit: Number(row.debit),
    credit: Number(row.credit),
    vendor_id: row.vendor_id,
    item_id: row.item_id,
  }));
}

const errorSchema = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });
const postedSchema = z.object({ message: z.literal(receiptPostedMessage), data: receiptDetailSchema });

describe('gates', () => {
  it('refuses staff without view billing and client accounts, on every call', async () => {
    const order = await newOrder([{ itemId: cloudItem, quantity: '1', unitCost: '10' }]);
    const body = { po_id: order.id, received_on: '2026-11-20', lines: [{ po_line_id: order.lines[0], quantity: 1 }] };
    for (const token of [plain, client]) {
      expect((await post(body, token)).statusCode).toBe(403);
      expect((await get('/receipts', token)).statusCode).toBe(403);
      expect((await get('/receipts/1', token)).statusCode).toBe(403);
      expect((await get(`/receive/open-lines?vendor_id=${vendorId}`, token)).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/billing/receipts' })).statusCode).toBe(401);
    expect(await orderState(order.id)).toEqual({ status: 'ordered', received: [0] });
  });
});

describe('posting a receipt', () => {
  it('stocks tracked lines at 1200, expenses the rest, credits 2050 with the vendor, numbers it RCV-', async () => {
    const order = await newOrder([
      { itemId: trackedItem, quantity: '5', unitCost: '120.3333' },
      { itemId: cloudItem, quantity: '10', unitCost: '12.5' },
      { itemId: serviceItem, quantity: '2.5', unitCost: '80' },
      { itemId: null, quantity: '1', unitCost: '15', description: 'Shipping' },
    ]);
    const emit = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    const response = await post({
      po_id: order.id,
      received_on: '2026-11-20',
      location_id: locationId,
      memo: 'Dock 2',
      lines: [
        { po_line_id: order.lines[0], quantity: 3, serials: ['SN1', 'SN2', 'SN3'] },
        { po_line_id: order.lines[1], quantity: '10' },
        { po_line_id: order.lines[2], quantity: 2.5 },
        { po_line_id: order.lines[3], quantity: 1 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = postedSchema.parse(response.json());
    expect(data.number).toMatch(/^RCV-\d{6}$/);
    expect(data.location_id).toBe(locationId);
    // 3 × 120.3333 = 360.9999 → 361.00; 10 × 12.5 = 125; 2.5 × 80 = 200; 15.
    expect(data.total).toBe(701);
    expect(data.lines.map((line) => [line.account_number, line.amount, line.stocked])).toEqual([
      ['1200', 361, true],
      ['5100', 125, false],
      ['6900', 200, false],
      ['5000', 15, false],
    ]);
    expect(data.lines[0]!.serials).toEqual(['SN1', 'SN2', 'SN3']);
    expect(await entryLines(data.journal_entry_id!)).toEqual([
      { account: '1200', debit: 361, credit: 0, vendor_id: null, item_id: trackedItem },
      { account: '5100', debit: 125, credit: 0, vendor_id: null, item_id: cloudItem },
      { account: '6900', debit: 200, credit: 0, vendor_id: null, item_id: serviceItem },
      { account: '5000', debit: 15, credit: 0, vendor_id: null, item_id: null },
      { account: '2050', debit: 0, credit: 701, vendor_id: vendorId, item_id: null },
    ]);
    expect(await onHand(trackedItem)).toEqual({ onHand: 3, value: 361 });
    const moves = await ctx.db.execute<{ source_type: string; source_id: number; journal_entry_id: string }>(sql`
      select source_type, source_id, journal_entry_id::text from stock_moves where item_id = ${trackedItem}`);
    expect(moves.rows).toEqual([
      { source_type: 'receipt', source_id: data.id, journal_entry_id: String(data.journal_entry_id) },
    ]);
    expect(await orderState(order.id)).toEqual({ status: 'partial', received: [3, 10, 2.5, 1] });
    expect(data.po_status).toBe('partial');

    const events = emit.mock.calls
      .filter(([channel]) => channel === 'billing')
      .map(([, event, payload]) => [event, payload]);
    emit.mockRestore();
    expect(events).toEqual([
      ['ReceiptPosted', { id: data.id, po_id: order.id, vendor_id: vendorId }],
      ['PurchaseOrderUpdated', { id: order.id, vendor_id: vendorId }],
      ['StockUpdated', { item_ids: [trackedItem], location_id: locationId }],
      [
        'LedgerPosted',
        expect.objectContaining({
          entry_id: data.journal_entry_id,
          accounts: expect.arrayContaining([account['1200'], account['2050'], account['5100']]),
        }),
      ],
    ]);
  });

  it("uses the vendor's default expense account for items without their own", async () => {
    const order = await newOrder([{ itemId: cloudItem, quantity: '4', unitCost: '20' }], { vendor: vendorWithDefault });
    const response = await post({
      po_id: order.id,
      received_on: '2026-11-21',
      lines: [{ po_line_id: order.lines[0], quantity: 4 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = postedSchema.parse(response.json());
    expect(data.location_id).toBeNull();
    expect(await entryLines(data.journal_entry_id!)).toEqual([
      { account: '6500', debit: 80, credit: 0, vendor_id: null, item_id: cloudItem },
      { account: '2050', debit: 0, credit: 80, vendor_id: vendorWithDefault, item_id: null },
    ]);
    expect(await orderState(order.id)).toEqual({ status: 'received', received: [4] });
    expect(data.po_status).toBe('received');
  });

  it('sends drop-shipped tracked items to expense, with no stock and no location', async () => {
    const before = await onHand(trackedItem);
    const order = await newOrder([{ itemId: trackedItem, quantity: '2', unitCost: '100' }], { dropShip: true });
    const response = await post({
      po_id: order.id,
      received_on: '2026-11-21',
      lines: [{ po_line_id: order.lines[0], quantity: 2 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = postedSchema.parse(response.json());
    expect(data.location_id).toBeNull();
    expect(data.lines[0]!.stocked).toBe(false);
    expect((await entryLines(data.journal_entry_id!)).map((line) => [line.account, line.debit, line.credit])).toEqual([
      ['5000', 200, 0],
      ['2050', 0, 200],
    ]);
    expect(await onHand(trackedItem)).toEqual(before);
  });

  it('posts no entry for a receipt of free items, and still raises the quantities', async () => {
    const order = await newOrder([{ itemId: cloudItem, quantity: '3', unitCost: '0' }]);
    const response = await post({
      po_id: order.id,
      received_on: '2026-11-21',
      lines: [{ po_line_id: order.lines[0], quantity: 3 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(postedSchema.parse(response.json()).data.journal_entry_id).toBeNull();
    expect(await orderState(order.id)).toEqual({ status: 'received', received: [3] });
  });
});

describe('what a receipt refuses', () => {
  const expectErrors = async (response: Awaited<ReturnType<typeof post>>, errors: Record<string, string[]>) => {
    expect(response.statusCode, response.body).toBe(422);
    expect(errorSchema.parse(response.json()).errors).toEqual(errors);
  };

  it('over-receipt, keyed by the line, with what is left', async () => {
    const order = await newOrder([
      { itemId: cloudItem, quantity: '5', unitCost: '10' },
      { itemId: fractionalItem, quantity: '2.5', unitCost: '1' },
    ]);
    await expectErrors(
      await post({ po_id: order.id, received_on: '2026-11-20', lines: [{ po_line_id: order.lines[0], quantity: 6 }] }),
      { 'lines.0.quantity': ['Only 5 left to receive on this line.'] },
    );
    expect(
      (await post({ po_id: order.id, received_on: '2026-11-20', lines: [{ po_line_id: order.lines[0], quantity: 3 }] }))
        .statusCode,
    ).toBe(200);
    await expectErrors(
      await post({
        po_id: order.id,
        received_on: '2026-11-20',
        lines: [
          { po_line_id: order.lines[1], quantity: 1 },
          { po_line_id: order.lines[0], quantity: 3 },
        ],
      }),
      { 'lines.1.quantity': ['Only 2 left to receive on this line.'] },
    );
    await expectErrors(
      await post({
        po_id: order.id,
        received_on: '2026-11-20',
        lines: [{ po_line_id: order.lines[1], quantity: 2.75 }],
      }),
      { 'lines.0.quantity': ['Only 2.5 left to receive on this line.'] },
    );
    expect(await orderState(order.id)).toEqual({ status: 'partial', received: [3, 0] });
  });

  it('orders that are not ordered or partial', async () => {
    const draft = await newOrder([{ itemId: cloudItem, quantity: '1', unitCost: '10' }], { status: 'draft' });
    await expectErrors(
      await post({ po_id: draft.id, received_on: '2026-11-20', lines: [{ po_line_id: draft.lines[0], quantity: 1 }] }),
      { po_id: [notReceivableMessage] },
    );
    const done = await newOrder([{ itemId: cloudItem, quantity: '1', unitCost: '10' }]);
    const body = { po_id: done.id, received_on: '2026-11-20', lines: [{ po_line_id: done.lines[0], quantity: 1 }] };
    expect((await post(body)).statusCode).toBe(200);
    await expectErrors(await post(body), { po_id: [notReceivableMessage] });
    expect(await orderState(draft.id)).toEqual({ status: 'draft', received: [0] });
  });

  it('fractions of an item counted each, serials that do not match, a missing location, foreign lines', async () => {
    const order = await newOrder([
      { itemId: trackedItem, quantity: '4', unitCost: '50' },
      { itemId: fractionalItem, quantity: '4', unitCost: '1' },
    ]);
    const other = await newOrder([{ itemId: cloudItem, quantity: '1', unitCost: '1' }]);
    await expectErrors(
      await post({
        po_id: order.id,
        received_on: '2026-11-20',
        location_id: locationId,
        lines: [{ po_line_id: order.lines[0], quantity: 1.5 }],
      }),
      { 'lines.0.quantity': [wholeQuantityMessage] },
    );
    await expectErrors(
      await post({
        po_id: order.id,
        received_on: '2026-11-20',
        location_id: locationId,
        lines: [{ po_line_id: order.lines[0], quantity: 2, serials: ['A1'] }],
      }),
      { 'lines.0.serials': [serialCountMessage] },
    );
    await expectErrors(
      await post({ po_id: order.id, received_on: '2026-11-20', lines: [{ po_line_id: order.lines[0], quantity: 2 }] }),
      { location_id: [locationRequiredMessage] },
    );
    await expectErrors(
      await post({ po_id: order.id, received_on: '2026-11-20', lines: [{ po_line_id: other.lines[0], quantity: 1 }] }),
      { 'lines.0.po_line_id': [unknownPoLineMessage] },
    );
    // Not a tracked item: no location needed, and 1.5 of an hourly item is fine.
    expect(
      (
        await post({
          po_id: order.id,
          received_on: '2026-11-20',
          lines: [{ po_line_id: order.lines[1], quantity: 1.5 }],
        })
      ).statusCode,
    ).toBe(200);
    expect(await orderState(order.id)).toEqual({ status: 'partial', received: [0, 1.5] });
  });

  it('a date on or before the lock date, bad bodies and unknown ids', async () => {
    const order = await newOrder([{ itemId: cloudItem, quantity: '2', unitCost: '10' }]);
    await ctx.db.update(billingSettings).set({ lockDate: '2026-10-31' });
    try {
      await expectErrors(
        await post({
          po_id: order.id,
          received_on: '2026-10-31',
          lines: [{ po_line_id: order.lines[0], quantity: 1 }],
        }),
        { received_on: [periodClosedMessage] },
      );
    } finally {
      await ctx.db.update(billingSettings).set({ lockDate: null });
    }
    for (const payload of [
      {},
      { po_id: 'x', received_on: 'yesterday', lines: 'all' },
      { po_id: order.id, received_on: '2026-11-20', lines: [] },
      { po_id: order.id, received_on: '2026-11-20', lines: [{ po_line_id: order.lines[0], quantity: -1 }] },
      { po_id: order.id, received_on: '2026-11-20', lines: [{ po_line_id: order.lines[0], quantity: '1.001' }] },
      { po_id: 2_000_000_000, received_on: '2026-11-20', lines: [{ po_line_id: order.lines[0], quantity: 1 }] },
    ]) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      errorSchema.parse(response.json());
    }
    expect((await get('/receipts/2000000000')).statusCode).toBe(404);
    expect((await get('/receipts/abc')).statusCode).toBe(404);
    expect((await get('/receive/open-lines')).statusCode).toBe(422);
    expect(await orderState(order.id)).toEqual({ status: 'ordered', received: [0] });
  });
});

describe('status and concurrency', () => {
  it('ordered → partial → received as 3 of 5 then 2 arrive', async () => {
    const order = await newOrder([{ itemId: trackedItem, quantity: '5', unitCost: '10' }]);
    const receive = (quantity: number) =>
      post({
        po_id: order.id,
        received_on: '2026-11-22',
        location_id: locationId,
        lines: [{ po_line_id: order.lines[0], quantity }],
      });
    expect((await receive(3)).statusCode).toBe(200);
    expect(await orderState(order.id)).toEqual({ status: 'partial', received: [3] });
    expect((await receive(2)).statusCode).toBe(200);
    expect(await orderState(order.id)).toEqual({ status: 'received', received: [5] });
  });

  it('two receipts of the last units at once: one posts, one is refused, stock is right', async () => {
    const before = await onHand(trackedItem);
    const order = await newOrder([{ itemId: trackedItem, quantity: '5', unitCost: '7' }]);
    const receive = (quantity: number) =>
      post({
        po_id: order.id,
        received_on: '2026-11-23',
        location_id: locationId,
        lines: [{ po_line_id: order.lines[0], quantity }],
      });
    expect((await receive(3)).statusCode).toBe(200);
    const answers = await Promise.all([receive(2), receive(2)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    const refused = answers.find((answer) => answer.statusCode === 422)!;
    expect(errorSchema.parse(refused.json()).errors).toEqual({ po_id: [notReceivableMessage] });
    expect(await orderState(order.id)).toEqual({ status: 'received', received: [5] });
    expect(await onHand(trackedItem)).toEqual({ onHand: before.onHand + 5, value: before.value + 35 });
    const count = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from receipts where po_id = ${order.id}`,
    );
    expect(count.rows[0]!.n).toBe(2);
  });

  it('two receipts at once on a partial line both over the rest: one posts, one is told what is left', async () => {
    const order = await newOrder([
      { itemId: cloudItem, quantity: '5', unitCost: '1' },
      { itemId: cloudItem, quantity: '1', unitCost: '1' },
    ]);
    const receive = () =>
      post({ po_id: order.id, received_on: '2026-11-23', lines: [{ po_line_id: order.lines[0], quantity: 3 }] });
    const answers = await Promise.all([receive(), receive()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(errorSchema.parse(answers.find((answer) => answer.statusCode === 422)!.json()).errors).toEqual({
      'lines.0.quantity': ['Only 2 left to receive on this line.'],
    });
    expect(await orderState(order.id)).toEqual({ status: 'partial', received: [3, 0] });
  });
});

describe('reads', () => {
  it('open lines of a vendor, one order by id, the history with filters and the detail', async () => {
    const order = await newOrder([
      { itemId: trackedItem, quantity: '5', unitCost: '10' },
      { itemId: cloudItem, quantity: '2', unitCost: '3' },
    ]);
    await newOrder([{ itemId: cloudItem, quantity: '1', unitCost: '1' }], { status: 'draft' });
    const first = await post({
      po_id: order.id,
      received_on: '2026-11-24',
      location_id: locationId,
      lines: [{ po_line_id: order.lines[0], quantity: 3 }],
    });
    expect(first.statusCode).toBe(200);

    const open = openLinesResponseSchema.parse((await get(`/receive/open-lines?vendor_id=${vendorId}`)).json());
    expect(open.data.locations).toEqual([{ id: locationId, name: 'Main warehouse' }]);
    expect(open.data.orders.every((row) => row.status === 'ordered' || row.status === 'partial')).toBe(true);
    const mine = open.data.orders.find((row) => row.id === order.id)!;
    expect(mine.status).toBe('partial');
    expect(mine.location_name).toBe('Main warehouse');
    expect(
      mine.lines.map((line) => [line.ordered, line.received, line.remaining, line.tracked, line.unit_cost]),
    ).toEqual([
      [5, 3, 2, true, 10],
      [2, 0, 2, false, 3],
    ]);
    const one = openLinesResponseSchema.parse((await get(`/receive/open-lines?po_id=${order.id}`)).json());
    expect(one.data.vendor_id).toBe(vendorId);
    expect(one.data.orders.map((row) => row.id)).toEqual([order.id]);
    const none = openLinesResponseSchema.parse(
      (await get(`/receive/open-lines?vendor_id=${vendorWithDefault}`)).json(),
    );
    expect(none.data.orders).toEqual([]);

    const page = receiptPageSchema.parse((await get(`/receipts?po_id=${order.id}`)).json());
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      po_id: order.id,
      vendor_name: 'Ingram Receiving',
      location_name: 'Main warehouse',
      total: 30,
      received_on: '2026-11-24',
    });
    const byVendor = receiptPageSchema.parse((await get(`/receipts?vendor_id=${vendorWithDefault}&per_page=1`)).json());
    expect(byVendor.data.every((row) => row.vendor_id === vendorWithDefault)).toBe(true);
    const ranged = receiptPageSchema.parse((await get('/receipts?from=2026-11-24&to=2026-11-24')).json());
    expect(ranged.data.map((row) => row.received_on)).toEqual(ranged.data.map(() => '2026-11-24'));
    expect(ranged.data.some((row) => row.po_id === order.id)).toBe(true);
    expect((await get('/receipts?from=someday')).statusCode).toBe(422);

    const detail = receiptDetailSchema.parse((await get(`/receipts/${page.data[0]!.id}`)).json().data);
    expect(detail.journal_entry_number).toMatch(/^JE-/);
    expect(detail.lines).toHaveLength(1);
    expect(detail.lines[0]).toMatchObject({ item_name: 'Switch 24p', quantity: 3, unit_cost: 10, amount: 30 });
  });
});
