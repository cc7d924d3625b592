import {
  creditOverInvoiceMessage,
  creditQuantityLeftMessage,
  creditQuantityNotStockMessage,
  creditQuantityOverMessage,
  type InvoiceDetail,
} from '@switchboard/shared/billing/invoices';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { companies } from '../companies/companies.table.ts';
import { billingToday } from './ledger.service.ts';

// A credit note's tracked product lines and stock (issue 28; designs/billing.md §3.8): the return follows the credited
// quantity (the whole line's on a full credit, the quantity given on a partial one) and a money-only credit returns
// none; the return comes back at what the invoice's sale took, so 1200 keeps equal to the stock's value.

let ctx: TestContext;
let approver: string;
let companyId: number;
let firewall: number;
let cable: number; // a product not tracked
let warehouse: number;
let today: string;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(approver), payload });

async function ok(method: Method, url: string, payload?: object) {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function onHand(): Promise<number> {
  const { rows } = await ctx.db.execute<{ on_hand: string }>(sql`
    select coalesce((select on_hand from stock_levels where item_id = ${firewall} and location_id = ${warehouse}), 0)::text
      as on_hand`);
  return Number(rows[0]!.on_hand);
}

async function tie(): Promise<{ stock: string; ledger: string }> {
  const { rows } = await ctx.db.execute<{ stock: string; ledger: string }>(sql`
    select (select coalesce(sum(value), 0) from stock_levels)::text as stock,
      (select coalesce(sum(l.debit - l.credit), 0) from journal_lines l join accounts a on a.id = l.account_id
        where a.number = '1200')::text as ledger`);
  return rows[0]!;
}

async function stockIn(quantity: number, unitCost: number): Promise<void> {
  await ok('POST', '/api/billing/inventory/adjustments', {
    item_id: firewall,
    location_id: warehouse,
    mode: 'delta',
    quantity,
    unit_cost: unitCost,
    reason: 'Count',
    date: today,
  });
}

/** A posted invoice of `quantity` firewalls at $400 and one cable; its detail. */
async function sold(quantity: number): Promise<InvoiceDetail> {
  const lines = [
    { kind: 'item', item_id: firewall, description: 'Firewall', quantity, unit_price: 400, taxable: 0 },
    { kind: 'item', item_id: cable, description: 'Cable', quantity: 3, unit_price: 5, taxable: 0 },
  ];
  const { id } = (await ok('POST', '/api/billing/invoices', { company_id: companyId, lines })).data as { id: number };
  await ok('POST', `/api/billing/invoices/${id}/approve`);
  await ok('POST', `/api/billing/invoices/${id}/post`);
  return (await ok('GET', `/api/billing/invoices/${id}`)).data as InvoiceDetail;
}

/** Drafts, approves and posts a credit note of `invoice`; the note's id. */
async function credited(invoice: InvoiceDetail, lines?: object[]): Promise<number> {
  const note = (await ok('POST', `/api/billing/invoices/${invoice.id}/credit-note`, { reason: 'Returned', lines }))
    .data as { id: number };
  await ok('POST', `/api/billing/invoices/${note.id}/approve`);
  await ok('POST', `/api/billing/invoices/${note.id}/post`);
  return note.id;
}

async function returnMoves(noteId: number) {
  const { rows } = await ctx.db.execute<{ quantity: string; value: string }>(sql`
    select quantity::text, value::text from stock_moves where source_type = 'invoice' and source_id = ${noteId}
    order by id`);
  return rows;
}

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Acme Dental' }).returning({ id: companies.id });
  [{ id: firewall }, { id: cable }] = await ctx.db
    .insert(billingItems)
    .values([
      { name: 'Firewall FX-100', sku: 'FX-100', type: 'product', unit: 'each', inventoryTracked: true, price: 400 },
      { name: 'Patch cable', type: 'product', unit: 'each', inventoryTracked: false, price: 5 },
    ])
    .returning({ id: billingItems.id });
  const a = await createUser(ctx.db, { permissions: ['view billing', 'approve billing', 'manage accounting'] });
  approver = (await login(ctx.app, a.email, a.password)).access_token;
  warehouse = (await ok('POST', '/api/billing/inventory/locations', { name: 'Main warehouse', kind: 'warehouse' })).data
    .id;
  today = await billingToday(ctx.db);
  await stockIn(10, 100);
});
afterAll(async () => {
  await ctx.close();
});

describe('credit note lines and stock', () => {
  it('a full credit returns the whole quantity sold, at what the sale took', async () => {
    const invoice = await sold(2);
    expect(await onHand()).toBe(8);
    // Stock comes in dearer after the sale: the return still comes back at the sale's $100 a unit.
    await stockIn(2, 160);
    const note = await credited(invoice);
    expect(await onHand()).toBe(12);
    expect(await returnMoves(note)).toEqual([{ quantity: '2.00', value: '200.00' }]);
    const detail = (await ok('GET', `/api/billing/invoices/${note}`)).data as InvoiceDetail;
    expect(detail.lines.map((line) => [line.quantity, line.amount])).toEqual([
      [2, -800],
      [1, -15],
    ]);
    const { stock, ledger } = await tie();
    expect(stock).toBe(ledger);
  });

  it('a money-only partial credit returns no stock; one with a quantity returns that many', async () => {
    const invoice = await sold(3);
    const before = await onHand();
    const firewallLine = invoice.lines.find((line) => line.item_id === firewall)!;
    const money = await credited(invoice, [{ invoice_line_id: firewallLine.id, amount: 50 }]);
    expect(await onHand()).toBe(before);
    expect(await returnMoves(money)).toEqual([]);
    const units = await credited(invoice, [{ invoice_line_id: firewallLine.id, amount: 800, quantity: 2 }]);
    expect(await onHand()).toBe(before + 2);
    expect((await returnMoves(units)).map((move) => move.quantity)).toEqual(['2.00']);
    const { stock, ledger } = await tie();
    expect(stock).toBe(ledger);
  });

  it('refuses a quantity over the line sold, and one on a line that is not stock', async () => {
    const invoice = await sold(1);
    const [firewallLine, cableLine] = invoice.lines;
    const response = await call('POST', `/api/billing/invoices/${invoice.id}/credit-note`, {
      reason: 'Returned',
      lines: [
        { invoice_line_id: firewallLine!.id, amount: 400, quantity: 2 },
        { invoice_line_id: cableLine!.id, amount: 5, quantity: 1 },
      ],
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({
      'lines.0.quantity': [creditQuantityOverMessage],
      'lines.1.quantity': [creditQuantityNotStockMessage],
    });
  });

  it('refuses a quantity that with earlier credit notes of the line returns more than was sold', async () => {
    const invoice = await sold(3);
    const firewallLine = invoice.lines.find((line) => line.item_id === firewall)!;
    const before = await onHand();
    await credited(invoice, [{ invoice_line_id: firewallLine.id, amount: 800, quantity: 2 }]);
    const refuse = async (lines: object[], field: string) => {
      const response = await call('POST', `/api/billing/invoices/${invoice.id}/credit-note`, {
        reason: 'Again',
        lines,
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual({ [field]: [creditQuantityLeftMessage] });
    };
    // The money left (400) would allow it: only the one unit left may come back.
    await refuse([{ invoice_line_id: firewallLine.id, amount: 400, quantity: 2 }], 'lines.0.quantity');
    await refuse([{ invoice_line_id: firewallLine.id, amount: 400, quantity: 1.01 }], 'lines.0.quantity');
    // Two lines of one request count together.
    await refuse(
      [
        { invoice_line_id: firewallLine.id, amount: 200, quantity: 1 },
        { invoice_line_id: firewallLine.id, amount: 200, quantity: 1 },
      ],
      'lines.1.quantity',
    );
    // A full credit of the partly credited invoice is more than what is left of it (the rule for amounts).
    const full = await call('POST', `/api/billing/invoices/${invoice.id}/credit-note`, { reason: 'All' });
    expect(full.statusCode, full.body).toBe(422);
    expect(full.json().errors).toEqual({ lines: [creditOverInvoiceMessage] });
    expect(await onHand()).toBe(before + 2);
    await credited(invoice, [{ invoice_line_id: firewallLine.id, amount: 400, quantity: 1 }]);
    expect(await onHand()).toBe(before + 3);
    const { stock, ledger } = await tie();
    expect(stock).toBe(ledger);
  });

  it('a void credit note no longer counts against the line', async () => {
    const invoice = await sold(2);
    const firewallLine = invoice.lines.find((line) => line.item_id === firewall)!;
    const before = await onHand();
    const note = await credited(invoice, [{ invoice_line_id: firewallLine.id, amount: 800, quantity: 2 }]);
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      select id from allocations where source_type = 'credit_note' and source_id = ${note}`);
    for (const row of rows) await ok('POST', `/api/billing/allocations/${row.id}/unapply`, {});
    await ok('POST', `/api/billing/invoices/${note}/void`, { reason: 'Entered in error' });
    expect(await onHand()).toBe(before);
    await credited(invoice, [{ invoice_line_id: firewallLine.id, amount: 800, quantity: 2 }]);
    expect(await onHand()).toBe(before + 2);
  });
});
