import { vendorRefTakenMessage } from '@switchboard/shared/billing/bills';
import { periodClosedMessage } from '@switchboard/shared/billing/ledger';
import {
  billVendorRefRequiredMessage,
  receiptDetailSchema,
  receiptWithBillPostedMessage,
} from '@switchboard/shared/billing/receipts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { inventoryLocations } from './inventory.table.ts';
import { billingSettings } from './ledger.table.ts';
import { poLines, purchaseOrders, vendors } from './purchase-orders.table.ts';

// "Bill received with items" (designs/billing.md §5 /billing/receive; issue 28 part 3): the receipt and a bill for
// exactly the received lines post in one transaction; 2050 goes back to 0 for those lines at the receipt's cost, the
// difference to 5900; a taken vendor reference, a closed bill date or a failing receipt write neither document; the
// bill part needs 'approve billing'.

let ctx: TestContext;
let viewer: string; // view billing only
let approver: string; // view billing + approve billing
const account: Record<string, number> = {};
let vendorId: number;
let locationId: number;
let trackedItem: number;
let cloudItem: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.db.execute<{ id: number; number: string }>(sql`select id, number from accounts`);
  for (const row of rows.rows) account[row.number] = row.id;
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const a = await createUser(ctx.db, { permissions: ['view billing', 'approve billing'] });
  approver = (await login(ctx.app, a.email, a.password)).access_token;
  const [vendor] = await ctx.db.insert(vendors).values({ name: 'Ingram With Bill' }).returning();
  vendorId = vendor!.id;
  const [location] = await ctx.db.insert(inventoryLocations).values({ name: 'Main', kind: 'warehouse' }).returning();
  locationId = location!.id;
  const item = async (values: Partial<typeof billingItems.$inferInsert> & { name: string; type: string }) =>
    (await ctx.db.insert(billingItems).values(values).returning({ id: billingItems.id }))[0]!.id;
  trackedItem = await item({ name: 'Firewall', type: 'product', unit: 'each', inventoryTracked: true });
  cloudItem = await item({ name: 'Backup seat', type: 'cloud', unit: 'user' });
});
afterAll(async () => {
  await ctx.close();
});

/** Design §3.2's tie: 2050's credit balance equals what was received and not yet billed (at the receipt's cost). */
afterEach(async () => {
  await ctx.db.update(billingSettings).set({ lockDate: null });
  const ledger = await ctx.db.execute<{ balance: string }>(sql`
    select coalesce(sum(credit - debit), 0)::text as balance from journal_lines where account_id = ${account['2050']}`);
  const open = await ctx.db.execute<{ balance: string }>(sql`
    select coalesce(sum(greatest(pl.received_qty - pl.billed_qty, 0) * pl.unit_cost), 0)::text as balance
    from po_lines pl`);
  expect(Number(ledger.rows[0]!.balance)).toBe(Number(open.rows[0]!.balance));
});

let poCount = 0;
async function newOrder(lines: { itemId: number; quantity: string; unitCost: string }[]) {
  poCount += 1;
  const [order] = await ctx.db
    .insert(purchaseOrders)
    .values({
      number: `PO-WB${String(poCount).padStart(3, '0')}`,
      vendorId,
      status: 'ordered',
      orderDate: '2026-11-01',
      locationId,
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

const post = (payload: object, as = approver) =>
  ctx.app.inject({ method: 'POST', url: '/api/billing/receipts', headers: bearer(as), payload });

async function written(poId: number) {
  const result = await ctx.db.execute<{ receipts: number; bills: number; received: string; billed: string }>(sql`
    select (select count(*)::int from receipts where po_id = ${poId}) as receipts,
      (select count(*)::int from bills where po_id = ${poId}) as bills,
      (select sum(received_qty)::text from po_lines where po_id = ${poId}) as received,
      (select sum(billed_qty)::text from po_lines where po_id = ${poId}) as billed`);
  const row = result.rows[0]!;
  return { receipts: row.receipts, bills: row.bills, received: Number(row.received), billed: Number(row.billed) };
}

async function entryLines(entryId: number) {
  const result = await ctx.db.execute<{ number: string; debit: string; credit: string; vendor_id: number | null }>(
    sql`select a.number, l.debit::text, l.credit::text, l.vendor_id
      from journal_lines l join accounts a on a.id = l.account_id where l.entry_id = ${entryId} order by l.line_no`,
  );
  return result.rows.map((row) => ({
    account: row.number,
    debit: Number(row.debit),
    credit: Number(row.credit),
    vendor_id: row.vendor_id,
  }));
}

/** The fields of GET /billing/bills/{id} this test reads (the shared contract has no schema of the answer). */
const billDetailSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  vendor_id: z.number().int(),
  vendor_ref: z.string(),
  po_id: z.number().int().nullable(),
  bill_date: z.string(),
  total: z.number(),
  balance: z.number(),
  journal_entry_id: z.number().int().nullable(),
  lines: z.array(
    z.object({
      po_line_id: z.number().int().nullable(),
      quantity: z.number(),
      unit_cost: z.number(),
      amount: z.number(),
    }),
  ),
});
const postedSchema = z.object({ message: z.literal(receiptWithBillPostedMessage), data: receiptDetailSchema });
const errorSchema = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });

describe('bill received with items', () => {
  it('posts the receipt and a bill of exactly the received lines: 2050 back to 0, the difference to 5900', async () => {
    const order = await newOrder([
      { itemId: trackedItem, quantity: '5', unitCost: '100' },
      { itemId: cloudItem, quantity: '10', unitCost: '12.5' },
    ]);
    const emit = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    const response = await post({
      po_id: order.id,
      received_on: '2026-11-20',
      location_id: locationId,
      lines: [
        { po_line_id: order.lines[0], quantity: 2, bill_unit_cost: 104.5 },
        { po_line_id: order.lines[1], quantity: '4' },
      ],
      bill: { vendor_ref: 'INV-7781', bill_date: '2026-11-21' },
    });
    expect(response.statusCode).toBe(200);
    const { data } = postedSchema.parse(response.json());
    expect(data.bill_vendor_ref).toBe('INV-7781');
    expect(data.total).toBe(250);

    const billResponse = await ctx.app.inject({
      method: 'GET',
      url: `/api/billing/bills/${data.bill_id}`,
      headers: bearer(approver),
    });
    const bill = z.object({ data: billDetailSchema }).parse(billResponse.json()).data;
    expect(bill).toMatchObject({ status: 'posted', vendor_id: vendorId, po_id: order.id, bill_date: '2026-11-21' });
    expect(bill.total).toBe(259);
    expect(bill.balance).toBe(259);
    expect(bill.lines.map((line) => [line.po_line_id, line.quantity, line.unit_cost, line.amount])).toEqual([
      [order.lines[0], 2, 104.5, 209],
      [order.lines[1], 4, 12.5, 50],
    ]);
    const receiptOf = await ctx.db.execute<{ receipt_id: number }>(
      sql`select receipt_id from bills where id = ${data.bill_id}`,
    );
    expect(receiptOf.rows[0]!.receipt_id).toBe(data.id);

    expect(await entryLines(data.journal_entry_id!)).toEqual([
      { account: '1200', debit: 200, credit: 0, vendor_id: null },
      { account: '5100', debit: 50, credit: 0, vendor_id: null },
      { account: '2050', debit: 0, credit: 250, vendor_id: vendorId },
    ]);
    expect(await entryLines(bill.journal_entry_id!)).toEqual([
      { account: '2050', debit: 200, credit: 0, vendor_id: null },
      { account: '5900', debit: 9, credit: 0, vendor_id: null },
      { account: '2050', debit: 50, credit: 0, vendor_id: null },
      { account: '2000', debit: 0, credit: 259, vendor_id: vendorId },
    ]);
    // 2050 back to 0 for these lines: the receipt's credit and the bill's debits.
    const net = await ctx.db.execute<{ net: string }>(sql`
      select sum(credit - debit)::text as net from journal_lines
      where account_id = ${account['2050']} and entry_id in (${data.journal_entry_id}, ${bill.journal_entry_id})`);
    expect(Number(net.rows[0]!.net)).toBe(0);
    expect(await written(order.id)).toEqual({ receipts: 1, bills: 1, received: 6, billed: 6 });

    const events = emit.mock.calls.map((call) => call[1]);
    expect(events).toEqual(
      expect.arrayContaining(['ReceiptPosted', 'PurchaseOrderUpdated', 'StockUpdated', 'BillUpdated', 'LedgerPosted']),
    );
    expect(events.filter((name) => name === 'LedgerPosted')).toHaveLength(2);
    emit.mockRestore();
  });

  it("refuses a vendor reference the vendor's other bill has (422) and writes neither document", async () => {
    const first = await newOrder([{ itemId: cloudItem, quantity: '2', unitCost: '10' }]);
    const ok = await post({
      po_id: first.id,
      received_on: '2026-11-20',
      lines: [{ po_line_id: first.lines[0], quantity: 1 }],
      bill: { vendor_ref: 'DUP-1', bill_date: '2026-11-20' },
    });
    expect(ok.statusCode).toBe(200);
    const order = await newOrder([{ itemId: cloudItem, quantity: '2', unitCost: '10' }]);
    const response = await post({
      po_id: order.id,
      received_on: '2026-11-20',
      lines: [{ po_line_id: order.lines[0], quantity: 2 }],
      bill: { vendor_ref: 'dup-1', bill_date: '2026-11-20' },
    });
    expect(response.statusCode).toBe(422);
    expect(errorSchema.parse(response.json()).errors['bill.vendor_ref']).toEqual([vendorRefTakenMessage]);
    expect(await written(order.id)).toEqual({ receipts: 0, bills: 0, received: 0, billed: 0 });
    const status = await ctx.db.execute<{ status: string }>(
      sql`select status from purchase_orders where id = ${order.id}`,
    );
    expect(status.rows[0]!.status).toBe('ordered');
  });

  it('rolls back both when the bill fails (closed bill date) or the receipt fails (over-receipt)', async () => {
    const order = await newOrder([{ itemId: trackedItem, quantity: '3', unitCost: '50' }]);
    const before = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from journal_entries`);
    await ctx.db.update(billingSettings).set({ lockDate: '2026-10-31' });
    const closed = await post({
      po_id: order.id,
      received_on: '2026-11-20',
      location_id: locationId,
      lines: [{ po_line_id: order.lines[0], quantity: 3 }],
      bill: { vendor_ref: 'LATE-1', bill_date: '2026-10-30' },
    });
    expect(closed.statusCode).toBe(422);
    expect(errorSchema.parse(closed.json()).errors['bill.bill_date']).toEqual([periodClosedMessage]);
    expect(await written(order.id)).toEqual({ receipts: 0, bills: 0, received: 0, billed: 0 });
    const stock = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from stock_moves where item_id = ${trackedItem} and source_type = 'receipt'
        and memo like 'RCV-%' and occurred_on = '2026-11-20' and quantity = 3`,
    );
    expect(stock.rows[0]!.n).toBe(0);

    const over = await post({
      po_id: order.id,
      received_on: '2026-11-20',
      location_id: locationId,
      lines: [{ po_line_id: order.lines[0], quantity: 4 }],
      bill: { vendor_ref: 'OVER-1', bill_date: '2026-11-20' },
    });
    expect(over.statusCode).toBe(422);
    expect(await written(order.id)).toEqual({ receipts: 0, bills: 0, received: 0, billed: 0 });
    const vendorRef = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from bills where vendor_ref in ('LATE-1', 'OVER-1')`,
    );
    expect(vendorRef.rows[0]!.n).toBe(0);
    const after = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from journal_entries`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it("needs the vendor's invoice number", async () => {
    const order = await newOrder([{ itemId: cloudItem, quantity: '1', unitCost: '10' }]);
    const response = await post({
      po_id: order.id,
      received_on: '2026-11-20',
      lines: [{ po_line_id: order.lines[0], quantity: 1 }],
      bill: { vendor_ref: '  ', bill_date: '2026-11-20' },
    });
    expect(response.statusCode).toBe(422);
    expect(errorSchema.parse(response.json()).errors['bill.vendor_ref']).toEqual([billVendorRefRequiredMessage]);
    expect(await written(order.id)).toEqual({ receipts: 0, bills: 0, received: 0, billed: 0 });
  });

  it("needs 'approve billing' for the bill part (403, nothing written); the receipt alone needs only view", async () => {
    const order = await newOrder([{ itemId: cloudItem, quantity: '2', unitCost: '10' }]);
    const body = { po_id: order.id, received_on: '2026-11-20', lines: [{ po_line_id: order.lines[0], quantity: 1 }] };
    const refused = await post({ ...body, bill: { vendor_ref: 'PERM-1', bill_date: '2026-11-20' } }, viewer);
    expect(refused.statusCode).toBe(403);
    expect(await written(order.id)).toEqual({ receipts: 0, bills: 0, received: 0, billed: 0 });
    const plain = await post(body, viewer);
    expect(plain.statusCode).toBe(200);
    expect(receiptDetailSchema.parse(plain.json().data).bill_id).toBeNull();
    expect(await written(order.id)).toEqual({ receipts: 1, bills: 0, received: 1, billed: 0 });
  });
});
