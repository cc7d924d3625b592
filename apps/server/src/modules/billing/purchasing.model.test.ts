import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { stockLocationShortMessage } from '@switchboard/shared/billing/invoices';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { inventoryLocations } from './inventory.table.ts';
import { HttpError } from '../../plugins/errors.ts';
import { companies } from '../companies/companies.table.ts';
import { approveInvoice, writeDraftInvoice } from './invoice-drafts.ts';
import { postInvoice } from './invoice-posting.ts';
import { poLines, purchaseOrders, vendors } from './purchase-orders.table.ts';

// Model-based run of purchasing and stock (designs/billing.md §7; issue 28 "Tests"; fast-check commands on
// PostgreSQL): random sequences of receipts against POs (some with their bill), receipt voids, bill payments, bill
// voids, stock adjustments in and out (through the API) and sales of tracked stock on posted invoices (the invoice
// services, half of them naming the stock location). A command may be refused (a 4xx: over-receipt, stock gone, bill
// matched...), never a 500. The model keeps each item's on hand: an adjustment down or a sale is refused exactly when
// it wants more than the model holds, and the database's on hand equals the model's. After every command: the trial
// balance is 0, AP (2000) equals the open bills, inventory (1200) equals the value of stock, 2050 equals what live
// receipts put in less what bills cleared, and no stock is negative.

let ctx: TestContext;
let token: string;
let actorId: number;
let companyId: number;
const account: Record<string, number> = {};
let vendorId: number;
let locationId: number;
const items: number[] = [];
const orders: { id: number; lines: number[] }[] = [];
/** Receipts and bills made so far (the database is shared by the runs, so later runs pick from earlier ones too). */
const receipts: { id: number; item: number; stock: number }[] = [];
const bills: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.db.execute<{ id: number; number: string }>(sql`select id, number from accounts`);
  for (const row of rows.rows) account[row.number] = row.id;
  const user = await createUser(ctx.db, {
    permissions: ['view billing', 'approve billing', 'manage accounting'],
  });
  token = (await login(ctx.app, user.email, user.password)).access_token;
  actorId = user.id;
  companyId = (await ctx.db.insert(companies).values({ name: 'Model buyer' }).returning())[0]!.id;
  vendorId = (await ctx.db.insert(vendors).values({ name: 'Model Vendor' }).returning())[0]!.id;
  locationId = (
    await ctx.db.insert(inventoryLocations).values({ name: 'Model warehouse', kind: 'warehouse' }).returning()
  )[0]!.id;
  for (const name of ['Model switch', 'Model firewall'])
    items.push(
      (
        await ctx.db
          .insert(billingItems)
          .values({ name, type: 'product', unit: 'each', inventoryTracked: true })
          .returning({ id: billingItems.id })
      )[0]!.id,
    );
  const expense = (
    await ctx.db.insert(billingItems).values({ name: 'Model seat', type: 'cloud', unit: 'user' }).returning()
  )[0]!.id;
  // Four orders, large enough never to run out; costs with 4 decimals so rounding is exercised.
  const costs = [
    ['10.3333', '7.125'],
    ['12.5', '3.3333'],
    ['9.9999', '1'],
    ['11.0001', '0.5'],
  ];
  for (const [index, [stockCost, seatCost]] of costs.entries()) {
    const [order] = await ctx.db
      .insert(purchaseOrders)
      .values({ number: `PO-M${index}`, vendorId, status: 'ordered', orderDate: '2026-11-01', locationId })
      .returning();
    const lines = await ctx.db
      .insert(poLines)
      .values([
        {
          poId: order!.id,
          lineNo: 1,
          itemId: items[index % 2]!,
          description: 'Stock',
          quantity: '500',
          unitCost: stockCost!,
          amount: '0',
        },
        {
          poId: order!.id,
          lineNo: 2,
          itemId: expense,
          description: 'Seats',
          quantity: '500',
          unitCost: seatCost!,
          amount: '0',
        },
      ])
      .returning({ id: poLines.id });
    orders.push({ id: order!.id, lines: lines.map((line) => line.id) });
  }
});
afterAll(async () => {
  await ctx.close();
});

interface Model {
  /** Units on hand at the location, per item (index into items). */
  onHand: number[];
}
type Real = Record<string, never>;

let refs = 0;
const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/billing${url}`, headers: bearer(token), payload });
const pick = <T>(list: T[], index: number) => (list.length === 0 ? undefined : list[index % list.length]);

async function onHandInDb(): Promise<number[]> {
  const { rows } = await ctx.db.execute<{ item_id: number; on_hand: string }>(sql`
    select item_id, on_hand::text from stock_levels where location_id = ${locationId}`);
  return items.map((item) => Number(rows.find((row) => Number(row.item_id) === item)?.on_hand ?? 0));
}

/** The run's invariants and the model's on hand, after a command that answered `status`. */
async function checkAfter(command: fc.AsyncCommand<Model, Real>, model: Model, status: number): Promise<void> {
  expect([200, 404, 409, 422], `${command.toString()} answered ${status}`).toContain(status);
  await expectInvariants(command.toString());
  expect(await onHandInDb(), `${command.toString()}: on hand = model`).toEqual(model.onHand);
}

class Receive implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly order: number,
    readonly stock: number,
    readonly seats: number,
    readonly bill: boolean,
  ) {}
  check = () => this.stock + this.seats > 0;
  async run(model: Model): Promise<void> {
    const order = orders[this.order]!;
    const lines = [
      ...(this.stock > 0 ? [{ po_line_id: order.lines[0]!, quantity: this.stock }] : []),
      ...(this.seats > 0 ? [{ po_line_id: order.lines[1]!, quantity: this.seats }] : []),
    ];
    refs += 1;
    const response = await post('/receipts', {
      po_id: order.id,
      received_on: '2026-11-10',
      location_id: locationId,
      lines: this.bill ? lines.map((line) => ({ ...line, bill_unit_cost: 9.87 })) : lines,
      bill: this.bill ? { vendor_ref: `M-${refs}`, bill_date: '2026-11-11' } : null,
    });
    if (response.statusCode === 200) {
      const data = response.json().data as { id: number; bill_id: number | null };
      // Orders alternate the two items on their stock line.
      receipts.push({ id: data.id, item: this.order % 2, stock: this.stock });
      model.onHand[this.order % 2]! += this.stock;
      if (data.bill_id !== null) bills.push(data.bill_id);
    }
    await checkAfter(this, model, response.statusCode);
  }
  toString = () => `receive PO-M${this.order} stock ${this.stock} seats ${this.seats}${this.bill ? ' with bill' : ''}`;
}

class VoidReceipt implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = () => receipts.length > 0;
  async run(model: Model): Promise<void> {
    const receipt = pick(receipts, this.pick)!;
    const status = (await post(`/receipts/${receipt.id}/void`, { date: '2026-11-12' })).statusCode;
    // Its stock must still be there: with less on hand the void is refused.
    if (model.onHand[receipt.item]! < receipt.stock) expect(status, this.toString()).toBe(422);
    if (status === 200) model.onHand[receipt.item]! -= receipt.stock;
    await checkAfter(this, model, status);
  }
  toString = () => `void receipt #${this.pick}`;
}

class PayBill implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly cents: number,
  ) {}
  check = () => bills.length > 0;
  async run(model: Model): Promise<void> {
    const id = pick(bills, this.pick)!;
    const open = await ctx.db.execute<{ balance: string }>(
      sql`select balance::text from bills where id = ${id} and status = 'posted'`,
    );
    const balance = Math.round(Number(open.rows[0]?.balance ?? 0) * 100);
    const cents = Math.min(this.cents, Math.max(balance, 1));
    const response = await post('/payments/made', {
      vendor_id: vendorId,
      payment_date: '2026-11-13',
      amount: cents / 100,
      allocations: [{ bill_id: id, amount: cents / 100 }],
    });
    await checkAfter(this, model, response.statusCode);
  }
  toString = () => `pay bill #${this.pick} ${this.cents}c`;
}

class VoidBill implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = () => bills.length > 0;
  async run(model: Model): Promise<void> {
    const id = pick(bills, this.pick)!;
    await checkAfter(this, model, (await post(`/bills/${id}/void`, { date: '2026-11-14' })).statusCode);
  }
  toString = () => `void bill #${this.pick}`;
}

class Adjust implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly item: number,
    readonly delta: number,
    readonly cost: number | null,
  ) {}
  check = () => true;
  async run(model: Model): Promise<void> {
    const response = await post('/inventory/adjustments', {
      item_id: items[this.item]!,
      location_id: locationId,
      mode: 'delta',
      quantity: this.delta,
      unit_cost: this.delta > 0 ? this.cost : null,
      reason: 'Model run',
      date: '2026-11-12',
    });
    // Refused exactly when it would take the stock below 0.
    const fits = model.onHand[this.item]! + this.delta >= 0;
    expect(response.statusCode, `${this.toString()}: ${response.body}`).toBe(fits ? 200 : 422);
    if (fits) model.onHand[this.item]! += this.delta;
    await checkAfter(this, model, response.statusCode);
  }
  toString = () => `adjust item ${this.item} by ${this.delta}${this.cost === null ? '' : ` at ${this.cost}`}`;
}

class Sell implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly item: number,
    readonly quantity: number,
    readonly chosen: boolean,
  ) {}
  check = () => true;
  async run(model: Model): Promise<void> {
    // A posted invoice's tracked line leaves stock at average cost (5000 / 1200; inventory-sales.ts), from the line's
    // stock location or, without one, the fullest (the only one here).
    let status = 200;
    let errors: Record<string, string[]> | undefined;
    try {
      await ctx.db.transaction(async (tx) => {
        const id = await writeDraftInvoice(
          tx,
          {
            companyId,
            type: 'one_off',
            invoiceDate: '2026-11-15',
            paymentTerms: 30,
            lines: [
              {
                kind: 'item',
                itemId: items[this.item]!,
                accountId: account['4300']!,
                description: 'Stock sold',
                quantity: String(this.quantity),
                unitPrice: '50.0000',
                taxable: 0,
                locationId: this.chosen ? locationId : null,
              },
            ],
          },
          actorId,
        );
        await approveInvoice(tx, id, actorId);
        await postInvoice(tx, id, actorId, '2026-11-15');
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      status = error.statusCode;
      errors = error.errors;
    }
    const held = model.onHand[this.item]!;
    if (this.quantity > held) {
      expect(status, this.toString()).toBe(422);
      expect(errors).toEqual({
        'lines.0.stock_location_id': [stockLocationShortMessage('Model warehouse', String(held))],
      });
    } else {
      expect(status, `${this.toString()}: ${JSON.stringify(errors)}`).toBe(200);
      model.onHand[this.item]! -= this.quantity;
    }
    await checkAfter(this, model, status);
  }
  toString = () => `sell ${this.quantity} of item ${this.item}${this.chosen ? ' from the chosen location' : ''}`;
}

const commands = [
  fc
    .tuple(fc.nat(3), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), fc.boolean())
    .map(([order, stock, seats, bill]) => new Receive(order, stock, seats, bill)),
  fc.nat(9).map((index) => new VoidReceipt(index)),
  fc.tuple(fc.nat(9), fc.integer({ min: 1, max: 20_000 })).map(([index, cents]) => new PayBill(index, cents)),
  fc.nat(9).map((index) => new VoidBill(index)),
  fc
    .tuple(
      fc.nat(1),
      fc.integer({ min: -4, max: 4 }).filter((n) => n !== 0),
      fc.option(fc.integer({ min: 100, max: 2_000_000 }).map((n) => n / 10_000)),
    )
    .map(([item, delta, cost]) => new Adjust(item, delta, cost)),
  fc
    .tuple(fc.nat(1), fc.integer({ min: 1, max: 5 }), fc.boolean())
    .map(([item, quantity, chosen]) => new Sell(item, quantity, chosen)),
];

async function expectInvariants(context: string) {
  const result = await ctx.db.execute<{
    trial: string;
    ap: string;
    open_bills: string;
    inventory: string;
    stock: string;
    negative: number;
    rnb: string;
    received: string;
    cleared: string;
  }>(sql`select
      (select coalesce(sum(debit - credit), 0) from journal_lines)::text as trial,
      (select coalesce(sum(credit - debit), 0) from journal_lines where account_id = ${account['2000']})::text as ap,
      (select coalesce(sum(balance), 0) from bills where status = 'posted')::text as open_bills,
      (select coalesce(sum(debit - credit), 0) from journal_lines where account_id = ${account['1200']})::text
        as inventory,
      (select coalesce(sum(value), 0) from stock_levels)::text as stock,
      (select count(*)::int from stock_levels where on_hand < 0) as negative,
      (select coalesce(sum(credit - debit), 0) from journal_lines where account_id = ${account['2050']})::text as rnb,
      (select coalesce(sum(rl.amount), 0) from receipt_lines rl join receipts r on r.id = rl.receipt_id
        where r.voided_on is null)::text as received,
      (select coalesce(sum(l.debit - l.credit), 0) from journal_lines l join journal_entries e on e.id = l.entry_id
        left join journal_entries o on o.id = e.reverses_id
        where l.account_id = ${account['2050']}
          and (e.source_type = 'bill' or (e.source_type = 'reversal' and o.source_type = 'bill')))::text as cleared`);
  const row = result.rows[0]!;
  const cents = (text: string) => Math.round(Number(text) * 100);
  expect(cents(row.trial), `${context}: trial balance`).toBe(0);
  expect(cents(row.ap), `${context}: AP = open bills`).toBe(cents(row.open_bills));
  expect(cents(row.inventory), `${context}: 1200 = stock value`).toBe(cents(row.stock));
  expect(row.negative, `${context}: negative stock`).toBe(0);
  expect(cents(row.rnb), `${context}: 2050 = live receipts - cleared`).toBe(cents(row.received) - cents(row.cleared));
}

it('keeps the books tied through random purchasing and stock sequences', { timeout: 600_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 14, size: 'max' }), async (sequence) => {
      // The database carries over from run to run: each run's model starts from what is on hand now.
      const onHand = await onHandInDb();
      await fc.asyncModelRun(() => ({ model: { onHand }, real: {} }), sequence);
    }),
    { numRuns: 20, seed: Number(process.env.MODEL_SEED ?? 20261128) },
  );
  // The run did something of each kind (else it proves little).
  const done = await ctx.db.execute<{
    receipts: number;
    voided: number;
    paid: number;
    adjusted: number;
    sold: number;
  }>(sql`select
      (select count(*)::int from receipts) as receipts,
      (select count(*)::int from receipts where voided_on is not null) as voided,
      (select count(*)::int from payments where direction = 'out') as paid,
      (select count(*)::int from stock_moves where reason = 'adjustment') as adjusted,
      (select count(*)::int from stock_moves where reason = 'sale') as sold`);
  expect(done.rows[0]!.receipts).toBeGreaterThan(5);
  expect(done.rows[0]!.voided).toBeGreaterThan(0);
  expect(done.rows[0]!.paid).toBeGreaterThan(0);
  expect(done.rows[0]!.adjusted).toBeGreaterThan(0);
  expect(done.rows[0]!.sold).toBeGreaterThan(0);
});
