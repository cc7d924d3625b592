import { periodClosedMessage } from '@switchboard/shared/billing/ledger';
import {
  receiptAlreadyVoidMessage,
  receiptBilledMessage,
  receiptDetailSchema,
  receiptOrderClosedMessage,
  receiptPageSchema,
  receiptStockLeftMessage,
  receiptVoidBeforeMessage,
  receiptVoidedMessage,
} from '@switchboard/shared/billing/receipts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { inventoryLocations } from './inventory.table.ts';
import { billingSettings } from './ledger.table.ts';
import { poLines, purchaseOrders, vendors } from './purchase-orders.table.ts';

// Void (return) of a receipt (issue 28; decision "receipt void"): the gates, the reversing entry (2050 back exactly,
// expense lines back, stock out at average cost with the difference to 5900), the order's received quantities and
// status, and the refusals: void already, order closed, a bill matched, stock gone, closed period, date before the
// receipt. After every test: 2050 = live receipts less billed, 1200 = value of stock, no negative stock.

let ctx: TestContext;
let approver: string;
let viewer: string;
let client: string;
let accountant: string;
const account: Record<string, number> = {};
let vendorId: number;
let warehouse: number;
let van: number;
let tracked: number;
let cloud: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.db.execute<{ id: number; number: string }>(sql`select id, number from accounts`);
  for (const row of rows.rows) account[row.number] = row.id;
  const a = await createUser(ctx.db, { permissions: ['view billing', 'approve billing'] });
  approver = (await login(ctx.app, a.email, a.password)).access_token;
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', permissions: ['view billing', 'approve billing'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;
  const m = await createUser(ctx.db, { permissions: ['view billing', 'manage accounting'] });
  accountant = (await login(ctx.app, m.email, m.password)).access_token;
  const [vendor] = await ctx.db.insert(vendors).values({ name: 'Void Supplies' }).returning();
  vendorId = vendor!.id;
  const locations = await ctx.db
    .insert(inventoryLocations)
    .values([
      { name: 'Void warehouse', kind: 'warehouse' },
      { name: 'Void van', kind: 'vehicle' },
    ])
    .returning();
  warehouse = locations[0]!.id;
  van = locations[1]!.id;
  const item = async (values: Partial<typeof billingItems.$inferInsert> & { name: string; type: string }) =>
    (await ctx.db.insert(billingItems).values(values).returning({ id: billingItems.id }))[0]!.id;
  tracked = await item({ name: 'Firewall 60F', type: 'product', unit: 'each', inventoryTracked: true });
  cloud = await item({ name: 'Backup seat', type: 'cloud', unit: 'user' });
});
afterAll(async () => {
  await ctx.close();
});

async function balance(number: string, sign: 1 | -1): Promise<number> {
  const result = await ctx.db.execute<{ balance: string }>(sql`
    select coalesce(sum(debit - credit), 0)::text as balance from journal_lines where account_id = ${account[number]}`);
  return sign * Number(result.rows[0]!.balance);
}
afterEach(async () => {
  const subledger = await ctx.db.execute<{ balance: string }>(sql`
    select (coalesce((select sum(rl.amount) from receipt_lines rl join receipts r on r.id = rl.receipt_id
        where r.voided_on is null), 0)
      - coalesce((select sum(l.credit - l.debit) from journal_lines l join journal_entries e on e.id = l.entry_id
          left join journal_entries o on o.id = e.reverses_id
          where l.account_id = ${account['2050']}
            and (e.source_type = 'bill' or (e.source_type = 'reversal' and o.source_type = 'bill'))), 0)
      )::text as balance`);
  expect(await balance('2050', -1)).toBe(Number(subledger.rows[0]!.balance));
  const stock = await ctx.db.execute<{ value: string; negative: number }>(sql`
    select coalesce(sum(value), 0)::text as value, count(*) filter (where on_hand < 0)::int as negative
    from stock_levels`);
  expect(await balance('1200', 1)).toBe(Number(stock.rows[0]!.value));
  expect(stock.rows[0]!.negative).toBe(0);
});

let poCount = 0;
async function newOrder(lines: { itemId: number; quantity: string; unitCost: string }[]) {
  poCount += 1;
  const [order] = await ctx.db
    .insert(purchaseOrders)
    .values({
      number: `PO-V${String(poCount).padStart(4, '0')}`,
      vendorId,
      status: 'ordered',
      orderDate: '2026-11-01',
      locationId: warehouse,
    })
    .returning();
  const made = await ctx.db
    .insert(poLines)
    .values(
      lines.map((line, index) => ({
        poId: order!.id,
        lineNo: index + 1,
        itemId: line.itemId,
        description: `Line ${index + 1}`,
        quantity: line.quantity,
        unitCost: line.unitCost,
        amount: '0',
      })),
    )
    .returning({ id: poLines.id });
  return { id: order!.id, lines: made.map((row) => row.id) };
}

const postedSchema = z.object({ data: receiptDetailSchema });
const voidedSchema = z.object({ message: z.literal(receiptVoidedMessage), data: receiptDetailSchema });
const errorSchema = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });

async function receive(poId: number, lines: { po_line_id: number; quantity: number }[], extra: object = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/billing/receipts',
    headers: bearer(approver),
    payload: { po_id: poId, received_on: '2026-11-10', location_id: warehouse, lines, ...extra },
  });
  expect(response.statusCode, response.body).toBe(200);
  return postedSchema.parse(response.json()).data;
}
const voidIt = (id: number, payload: object = {}, as = approver) =>
  ctx.app.inject({ method: 'POST', url: `/api/billing/receipts/${id}/void`, headers: bearer(as), payload });

async function orderState(id: number) {
  const order = await ctx.db.execute<{ status: string }>(sql`select status from purchase_orders where id = ${id}`);
  const lines = await ctx.db.execute<{ received_qty: string }>(
    sql`select received_qty::text from po_lines where po_id = ${id} order by id`,
  );
  return { status: order.rows[0]!.status, received: lines.rows.map((row) => Number(row.received_qty)) };
}
async function stockOf(itemId: number) {
  const result = await ctx.db.execute<{ on_hand: string | null; value: string | null }>(sql`
    select sum(on_hand)::text as on_hand, sum(value)::text as value from stock_levels where item_id = ${itemId}`);
  return { onHand: Number(result.rows[0]!.on_hand ?? 0), value: Number(result.rows[0]!.value ?? 0) };
}
async function entryLines(entryId: number) {
  const result = await ctx.db.execute<{ number: string; debit: string; credit: string }>(sql`
    select a.number, l.debit::text, l.credit::text
    from journal_lines l join accounts a on a.id = l.account_id where l.entry_id = ${entryId} order by l.line_no`);
  return result.rows.map((row) => [row.number, Number(row.debit), Number(row.credit)]);
}

describe('gates', () => {
  it('needs approve billing, refuses clients and anonymous calls, 404 for an unknown receipt', async () => {
    const order = await newOrder([{ itemId: cloud, quantity: '2', unitCost: '10' }]);
    const receipt = await receive(order.id, [{ po_line_id: order.lines[0]!, quantity: 2 }]);
    expect((await voidIt(receipt.id, {}, viewer)).statusCode).toBe(403);
    expect((await voidIt(receipt.id, {}, client)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/billing/receipts/${receipt.id}/void`, payload: {} }))
        .statusCode,
    ).toBe(401);
    expect((await voidIt(999_999)).statusCode).toBe(404);
    const bad = await voidIt(receipt.id, { date: 'soon', reason: 'x'.repeat(501) });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorSchema.parse(bad.json()).errors).sort()).toEqual(['date', 'reason']);
    expect(await orderState(order.id)).toEqual({ status: 'received', received: [2] });
  });
});

describe('void', () => {
  it('reverses stocked and expensed lines: entry, stock, received quantities, status, events', async () => {
    const order = await newOrder([
      { itemId: tracked, quantity: '3', unitCost: '100' },
      { itemId: cloud, quantity: '5', unitCost: '12.5' },
    ]);
    const receipt = await receive(order.id, [
      { po_line_id: order.lines[0]!, quantity: 3 },
      { po_line_id: order.lines[1]!, quantity: 4 },
    ]);
    expect(await orderState(order.id)).toEqual({ status: 'partial', received: [3, 4] });
    const before = await stockOf(tracked);
    const emit = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    const response = await voidIt(receipt.id, { date: '2026-11-12', reason: 'Wrong shipment' });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = voidedSchema.parse(response.json());
    expect(data).toMatchObject({ voided_on: '2026-11-12', void_reason: 'Wrong shipment', po_status: 'ordered' });
    expect(await orderState(order.id)).toEqual({ status: 'ordered', received: [0, 0] });
    expect(await stockOf(tracked)).toEqual({ onHand: before.onHand - 3, value: before.value - 300 });
    expect(await entryLines(data.void_journal_entry_id!)).toEqual([
      ['2050', 350, 0],
      ['5100', 0, 50],
      ['1200', 0, 300],
    ]);
    const move = await ctx.db.execute<{ reason: string; quantity: string; journal_entry_id: number }>(sql`
      select reason, quantity::text, journal_entry_id::int from stock_moves where source_type = 'receipt'
        and source_id = ${receipt.id} and reason = 'return'`);
    expect(move.rows).toEqual([{ reason: 'return', quantity: '-3.00', journal_entry_id: data.void_journal_entry_id }]);
    const events = emit.mock.calls.map((call) => call[1]);
    expect(events).toEqual(['ReceiptPosted', 'PurchaseOrderUpdated', 'StockUpdated', 'LedgerPosted']);
    emit.mockRestore();

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/billing/receipts?po_id=${order.id}`,
      headers: bearer(viewer),
    });
    expect(receiptPageSchema.parse(list.json()).data.map((row) => row.voided_on)).toEqual(['2026-11-12']);
    const again = await voidIt(receipt.id);
    expect(again.statusCode).toBe(422);
    expect(errorSchema.parse(again.json()).errors).toEqual({ id: [receiptAlreadyVoidMessage] });

    // The order can be received again, and a bill from it takes the live receipt's cost only.
    await receive(order.id, [{ po_line_id: order.lines[0]!, quantity: 1 }]);
    expect(await orderState(order.id)).toEqual({ status: 'partial', received: [1, 0] });
  });

  it('returns stock at the average cost and puts the difference to the receipt cost in 5900', async () => {
    const first = await newOrder([{ itemId: tracked, quantity: '2', unitCost: '10' }]);
    const second = await newOrder([{ itemId: tracked, quantity: '2', unitCost: '20' }]);
    const start = await stockOf(tracked);
    const cheap = await receive(first.id, [{ po_line_id: first.lines[0]!, quantity: 2 }]);
    await receive(second.id, [{ po_line_id: second.lines[0]!, quantity: 2 }]);
    const average = (start.value + 60) / (start.onHand + 4);
    const response = await voidIt(cheap.id);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = voidedSchema.parse(response.json());
    const out = Math.round(average * 2 * 100) / 100;
    expect(await entryLines(data.void_journal_entry_id!)).toEqual([
      ['2050', 20, 0],
      ['1200', 0, out],
      ['5900', out - 20, 0],
    ]);
    expect(await orderState(first.id)).toEqual({ status: 'ordered', received: [0] });
  });
});

describe('refusals', () => {
  it('refuses when the stock has since left the location, saying where it is, and voids once it is moved back', async () => {
    const order = await newOrder([{ itemId: tracked, quantity: '2', unitCost: '50' }]);
    // The item's stock elsewhere must not count: everything is moved out of the warehouse to the van.
    const receipt = await receive(order.id, [{ po_line_id: order.lines[0]!, quantity: 2 }]);
    const here = await ctx.db.execute<{ on_hand: string }>(sql`select on_hand::text from stock_levels
      where item_id = ${tracked} and location_id = ${warehouse}`);
    const moved = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/inventory/transfers',
      headers: bearer(accountant),
      payload: {
        item_id: tracked,
        from_location_id: warehouse,
        to_location_id: van,
        quantity: Number(here.rows[0]!.on_hand),
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const before = await stockOf(tracked);
    const response = await voidIt(receipt.id);
    expect(response.statusCode).toBe(422);
    const inVan = await ctx.db.execute<{ on_hand: string }>(sql`select on_hand::int::text as on_hand from stock_levels
      where item_id = ${tracked} and location_id = ${van}`);
    expect(errorSchema.parse(response.json()).errors).toEqual({
      id: [
        receiptStockLeftMessage('Firewall 60F', 'Void warehouse', '0', [
          { location: 'Void van', onHand: inVan.rows[0]!.on_hand },
        ]),
      ],
    });
    expect(errorSchema.parse(response.json()).errors.id![0]).toMatch(
      /has 0 on hand\. It is now at Void van \(\d+\): transfer it back to Void warehouse to void the receipt\.$/,
    );
    expect(await stockOf(tracked)).toEqual(before);
    expect(await orderState(order.id)).toEqual({ status: 'received', received: [2] });
    // Moved back within the company, the stock is where the receipt put it: the void goes through.
    const back = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/inventory/transfers',
      headers: bearer(accountant),
      payload: { item_id: tracked, from_location_id: van, to_location_id: warehouse, quantity: 2 },
    });
    expect(back.statusCode, back.body).toBe(200);
    const voided = await voidIt(receipt.id);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await orderState(order.id)).toEqual({ status: 'ordered', received: [0] });
  });

  it('refuses while a bill is matched, and voids once the bill is voided', async () => {
    const order = await newOrder([{ itemId: cloud, quantity: '4', unitCost: '10' }]);
    const receipt = await receive(order.id, [{ po_line_id: order.lines[0]!, quantity: 4 }], {
      bill: { vendor_ref: 'VOID-1', bill_date: '2026-11-11' },
    });
    const refused = await voidIt(receipt.id);
    expect(refused.statusCode).toBe(422);
    expect(errorSchema.parse(refused.json()).errors).toEqual({ id: [receiptBilledMessage] });
    const bill = await ctx.app.inject({
      method: 'POST',
      url: `/api/billing/bills/${receipt.bill_id}/void`,
      headers: bearer(approver),
      payload: { date: '2026-11-12' },
    });
    expect(bill.statusCode, bill.body).toBe(200);
    expect((await voidIt(receipt.id, { date: '2026-11-12' })).statusCode).toBe(200);
    expect(await orderState(order.id)).toEqual({ status: 'ordered', received: [0] });
  });

  it('refuses when other bills of the lines would exceed what stays received', async () => {
    const order = await newOrder([{ itemId: cloud, quantity: '4', unitCost: '10' }]);
    const first = await receive(order.id, [{ po_line_id: order.lines[0]!, quantity: 2 }]);
    await receive(order.id, [{ po_line_id: order.lines[0]!, quantity: 2 }]);
    await ctx.db.execute(sql`update po_lines set billed_qty = 3 where id = ${order.lines[0]!}`);
    const refused = await voidIt(first.id);
    expect(errorSchema.parse(refused.json()).errors).toEqual({ id: [receiptBilledMessage] });
    await ctx.db.execute(sql`update po_lines set billed_qty = 0 where id = ${order.lines[0]!}`);
  });

  it('refuses on a closed order, in a closed period and before the receipt date', async () => {
    const order = await newOrder([{ itemId: cloud, quantity: '1', unitCost: '10' }]);
    const receipt = await receive(order.id, [{ po_line_id: order.lines[0]!, quantity: 1 }]);
    const early = await voidIt(receipt.id, { date: '2026-11-09' });
    expect(errorSchema.parse(early.json()).errors).toEqual({ date: [receiptVoidBeforeMessage] });
    await ctx.db.update(billingSettings).set({ lockDate: '2026-11-15' });
    try {
      const locked = await voidIt(receipt.id, { date: '2026-11-15' });
      expect(errorSchema.parse(locked.json()).errors).toEqual({ date: [periodClosedMessage] });
    } finally {
      await ctx.db.update(billingSettings).set({ lockDate: null });
    }
    await ctx.db.execute(sql`update purchase_orders set status = 'closed' where id = ${order.id}`);
    const closed = await voidIt(receipt.id);
    expect(errorSchema.parse(closed.json()).errors).toEqual({ id: [receiptOrderClosedMessage] });
    expect(await orderState(order.id)).toEqual({ status: 'closed', received: [1] });
  });
});
