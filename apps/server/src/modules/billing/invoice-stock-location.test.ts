import {
  invoiceDetailSchema,
  stockLocationInactiveMessage,
  stockLocationInvalidMessage,
  stockLocationShortMessage,
  stockLocationUntrackedMessage,
  type InvoiceDetail,
} from '@switchboard/shared/billing/invoices';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { companies } from '../companies/companies.table.ts';
import { billingToday } from './ledger.service.ts';

// An invoice line's stock location (issue 28; designs/billing.md §3.4 location_id, §3.8 sales at average cost from a
// location): the contract's stock_location_id, its 422s at save, the draft keeping it, posting selling from it (moves,
// 5000 / 1200 at average cost), the per-line 422 when it holds too little, and the fallback to the fullest location.

let ctx: TestContext;
let viewer: string; // 'view billing': drafts
let approver: string; // + 'approve billing': posts
let plain: string;
let client: string;
let companyId: number;
let firewall: number;
let switchItem: number;
let cable: number; // a product not tracked
let warehouse: number;
let van: number;
let closed: number; // inactive
let today: string;

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object, token = approver) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload });

async function ok(method: Method, url: string, payload?: object, token = approver) {
  const response = await call(method, url, payload, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function errorsOf(method: Method, url: string, payload?: object, token = approver) {
  const response = await call(method, url, payload, token);
  expect(response.statusCode, response.body).toBe(422);
  return response.json().errors as Record<string, string[]>;
}

const line = (overrides: object = {}) => ({
  kind: 'item',
  item_id: firewall,
  description: 'Firewall',
  quantity: 1,
  unit_price: 400,
  taxable: 0,
  ...overrides,
});

const body = (lines: object[]) => ({ company_id: companyId, lines });
const detail = async (id: number): Promise<InvoiceDetail> =>
  expectExactShape(invoiceDetailSchema, (await ok('GET', `/api/billing/invoices/${id}`)).data);

async function draft(lines: object[], token = approver): Promise<InvoiceDetail> {
  return expectExactShape(invoiceDetailSchema, (await ok('POST', '/api/billing/invoices', body(lines), token)).data);
}

async function approved(lines: object[]): Promise<number> {
  const { id } = await draft(lines);
  await ok('POST', `/api/billing/invoices/${id}/approve`);
  return id;
}

async function onHand(item: number, location: number): Promise<number> {
  const { rows } = await ctx.db.execute<{ on_hand: string }>(sql`
    select coalesce((select on_hand from stock_levels where item_id = ${item} and location_id = ${location}), 0)::text
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

async function stockIn(item: number, location: number, quantity: number, unitCost: number): Promise<void> {
  await ok('POST', '/api/billing/inventory/adjustments', {
    item_id: item,
    location_id: location,
    mode: 'delta',
    quantity,
    unit_cost: unitCost,
    reason: 'Opening count',
    date: today,
  });
}

async function unapplyCreditNote(noteId: number): Promise<void> {
  const { rows } = await ctx.db.execute<{ id: number }>(sql`
    select id from allocations where source_type = 'credit_note' and source_id = ${noteId} and unapplied_on is null`);
  for (const row of rows) await ok('POST', `/api/billing/allocations/${row.id}/unapply`, {});
}

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Acme Dental' }).returning({ id: companies.id });
  [{ id: firewall }, { id: switchItem }, { id: cable }] = await ctx.db
    .insert(billingItems)
    .values([
      { name: 'Firewall FX-100', sku: 'FX-100', type: 'product', unit: 'each', inventoryTracked: true, price: 400 },
      { name: 'Switch 24p', sku: 'SW-24', type: 'product', unit: 'each', inventoryTracked: true, price: 90 },
      { name: 'Patch cable', type: 'product', unit: 'each', inventoryTracked: false, price: 5 },
    ])
    .returning({ id: billingItems.id });
  const a = await createUser(ctx.db, {
    permissions: ['view billing', 'approve billing', 'manage accounting'],
    name: 'Ann Approver',
  });
  approver = (await login(ctx.app, a.email, a.password)).access_token;
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const p = await createUser(ctx.db);
  plain = (await login(ctx.app, p.email, p.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', companyId, permissions: ['view billing', 'approve billing'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;
  const location = async (name: string, kind: string) =>
    (await ok('POST', '/api/billing/inventory/locations', { name, kind })).data.id as number;
  warehouse = await location('Main warehouse', 'warehouse');
  van = await location('Van 1', 'vehicle');
  closed = await location('Old shed', 'warehouse');
  await ok('PUT', `/api/billing/inventory/locations/${closed}`, { name: 'Old shed', kind: 'warehouse', active: false });
  today = await billingToday(ctx.db);
  // Firewalls: 5 at $100 in the warehouse, 2 at $130 in the van: average (500 + 260) / 7 = 108.5714.
  await stockIn(firewall, warehouse, 5, 100);
  await stockIn(firewall, van, 2, 130);
  await stockIn(switchItem, van, 1, 50);
});
afterAll(async () => {
  await ctx.close();
});

describe('stock_location_id on invoice lines', () => {
  it('is behind the invoices gate: 403 without view billing and for clients; drafts need view', async () => {
    for (const token of [plain, client]) {
      const response = await call('POST', '/api/billing/invoices', body([line({ stock_location_id: van })]), token);
      expect(response.statusCode).toBe(403);
    }
    const { id } = await draft([line({ stock_location_id: van })], viewer);
    expect((await call('POST', `/api/billing/invoices/${id}/approve`, {}, viewer)).statusCode).toBe(403);
  });

  it('refuses at save an unknown or inactive location, and one on a line not a tracked product', async () => {
    const errors = await errorsOf(
      'POST',
      '/api/billing/invoices',
      body([
        line({ stock_location_id: 999_999 }),
        line({ stock_location_id: closed }),
        line({ item_id: cable, description: 'Patch cable', stock_location_id: warehouse }),
        line({ item_id: null, description: 'Install', stock_location_id: warehouse }),
        line({ stock_location_id: van }),
      ]),
    );
    expect(errors).toEqual({
      'lines.0.stock_location_id': [stockLocationInvalidMessage],
      'lines.1.stock_location_id': [stockLocationInactiveMessage],
      'lines.2.stock_location_id': [stockLocationUntrackedMessage],
      'lines.3.stock_location_id': [stockLocationUntrackedMessage],
    });
    expect(await errorsOf('POST', '/api/billing/invoices', body([line({ stock_location_id: 'van' })]))).toEqual({
      'lines.0.stock_location_id': [stockLocationInvalidMessage],
    });
    const { id } = await draft([line()]);
    expect(await errorsOf('PUT', `/api/billing/invoices/${id}`, body([line({ stock_location_id: closed })]))).toEqual({
      'lines.0.stock_location_id': [stockLocationInactiveMessage],
    });
    expect((await detail(id)).lines.map((row) => row.stock_location_id)).toEqual([null]);
  });

  it('is kept by the draft (create, edit, duplicate) and shown on the drawer', async () => {
    const created = await draft([line({ stock_location_id: van }), line({ item_id: null, description: 'Install' })]);
    expect(created.lines.map((row) => row.stock_location_id)).toEqual([van, null]);
    await ok('PUT', `/api/billing/invoices/${created.id}`, body([line({ stock_location_id: warehouse })]));
    expect((await detail(created.id)).lines.map((row) => row.stock_location_id)).toEqual([warehouse]);
    await ok('PUT', `/api/billing/invoices/${created.id}`, body([line({ stock_location_id: null })]));
    expect((await detail(created.id)).lines.map((row) => row.stock_location_id)).toEqual([null]);
    await ok('PUT', `/api/billing/invoices/${created.id}`, body([line({ stock_location_id: van })]));
    const copy = (await ok('POST', `/api/billing/invoices/${created.id}/duplicate`)).data as { id: number };
    expect((await detail(copy.id)).lines.map((row) => row.stock_location_id)).toEqual([van]);
  });

  it('sells from the chosen location at average cost: the move, 5000 / 1200, stock value = 1200', async () => {
    // The van holds fewer firewalls than the warehouse: today's fallback would have taken the warehouse.
    const id = await approved([line({ quantity: 2, stock_location_id: van })]);
    const posted = expectExactShape(invoiceDetailSchema, (await ok('POST', `/api/billing/invoices/${id}/post`)).data);
    expect(posted.lines[0]!.stock_location_id).toBe(van);
    expect(await onHand(firewall, van)).toBe(0);
    expect(await onHand(firewall, warehouse)).toBe(5);
    const { rows: moves } = await ctx.db.execute<{ location_id: number; quantity: string; value: string }>(sql`
      select location_id, quantity::text, value::text from stock_moves
      where source_type = 'invoice' and source_id = ${id}`);
    expect(moves).toEqual([{ location_id: van, quantity: '-2.00', value: '-217.14' }]);
    const entry = posted.journal_entry!.lines.map((row) => [row.account_number, row.debit, row.credit]);
    expect(entry).toContainEqual(['5000', 217.14, 0]);
    expect(entry).toContainEqual(['1200', 0, 217.14]);
    const { stock, ledger } = await tie();
    expect(stock).toBe(ledger);
  });

  it('refuses to post from a location holding too little: 422 on each short line, nothing moved', async () => {
    // The van has no firewall left and one switch; the warehouse five firewalls.
    const id = await approved([
      line({ quantity: 1, stock_location_id: van }),
      line({ item_id: switchItem, description: 'Switch', quantity: 2, unit_price: 90, stock_location_id: van }),
      line({ quantity: 1, stock_location_id: warehouse }),
    ]);
    const before = await tie();
    expect(await errorsOf('POST', `/api/billing/invoices/${id}/post`)).toEqual({
      'lines.0.stock_location_id': [stockLocationShortMessage('Van 1', '0')],
      'lines.1.stock_location_id': [stockLocationShortMessage('Van 1', '1')],
    });
    expect((await detail(id)).status).toBe('approved');
    expect(await onHand(firewall, warehouse)).toBe(5);
    expect(await onHand(switchItem, van)).toBe(1);
    expect(await tie()).toEqual(before);
    // Choosing the warehouse for the firewall and selling one switch posts it.
    await ok('POST', `/api/billing/invoices/${id}/unapprove`);
    await ok(
      'PUT',
      `/api/billing/invoices/${id}`,
      body([
        line({ quantity: 1, stock_location_id: warehouse }),
        line({ item_id: switchItem, description: 'Switch', quantity: 1, unit_price: 90, stock_location_id: van }),
      ]),
    );
    await ok('POST', `/api/billing/invoices/${id}/approve`);
    await ok('POST', `/api/billing/invoices/${id}/post`);
    expect(await onHand(firewall, warehouse)).toBe(4);
    expect(await onHand(switchItem, van)).toBe(0);
  });

  it('without a location sells from the location holding the most, and the line then names it', async () => {
    await stockIn(firewall, van, 1, 108.5714);
    const id = await approved([line({ quantity: 1 })]);
    const posted = expectExactShape(invoiceDetailSchema, (await ok('POST', `/api/billing/invoices/${id}/post`)).data);
    expect(posted.lines[0]!.stock_location_id).toBe(warehouse);
    expect(await onHand(firewall, warehouse)).toBe(3);
    expect(await onHand(firewall, van)).toBe(1);
    const short = await approved([line({ quantity: 4 })]);
    expect(await errorsOf('POST', `/api/billing/invoices/${short}/post`)).toEqual({
      'lines.0.stock_location_id': [stockLocationShortMessage('Main warehouse', '3')],
    });
    const { stock, ledger } = await tie();
    expect(stock).toBe(ledger);
  });

  it("a credit note's line takes the credited line's location, so a returned product goes back there", async () => {
    const id = await approved([line({ quantity: 1, stock_location_id: van })]);
    await ok('POST', `/api/billing/invoices/${id}/post`);
    const note = (await ok('POST', `/api/billing/invoices/${id}/credit-note`, { reason: 'Returned' })).data as {
      id: number;
    };
    expect((await detail(note.id)).lines.map((row) => row.stock_location_id)).toEqual([van]);
  });

  it('a void puts the sold stock back at what it took, and a credit note void takes its return out again', async () => {
    await stockIn(switchItem, warehouse, 3, 60);
    const before = await onHand(switchItem, warehouse);
    const id = await approved([line({ item_id: switchItem, description: 'Switch', quantity: 2 })]);
    await ok('POST', `/api/billing/invoices/${id}/post`);
    expect(await onHand(switchItem, warehouse)).toBe(before - 2);
    // Stock comes in at another cost between the sale and its void: the void still returns what the sale took.
    await stockIn(switchItem, warehouse, 1, 90);
    await ok('POST', `/api/billing/invoices/${id}/void`, { reason: 'Keyed twice' });
    expect(await onHand(switchItem, warehouse)).toBe(before + 1);
    const { rows } = await ctx.db.execute<{ quantity: string; value: string }>(sql`
      select quantity::text, value::text from stock_moves where source_type = 'invoice' and source_id = ${id}
      order by id`);
    expect(rows.map((row) => Number(row.value))).toEqual([-Number(rows[1]!.value), Number(rows[1]!.value)]);
    expect(rows.map((row) => row.quantity)).toEqual(['-2.00', '2.00']);
    let { stock, ledger } = await tie();
    expect(stock).toBe(ledger);

    // A credit note's return leaves again when the note is voided.
    const sold = await approved([line({ item_id: switchItem, description: 'Switch', quantity: 1 })]);
    await ok('POST', `/api/billing/invoices/${sold}/post`);
    const note = (await ok('POST', `/api/billing/invoices/${sold}/credit-note`, { reason: 'Returned' })).data as {
      id: number;
    };
    await ok('POST', `/api/billing/invoices/${note.id}/approve`);
    await ok('POST', `/api/billing/invoices/${note.id}/post`);
    const afterReturn = await onHand(switchItem, warehouse);
    await unapplyCreditNote(note.id);
    await ok('POST', `/api/billing/invoices/${note.id}/void`, { reason: 'Not returned after all' });
    expect(await onHand(switchItem, warehouse)).toBe(afterReturn - 1);
    ({ stock, ledger } = await tie());
    expect(stock).toBe(ledger);
  });

  it('refuses to void a credit note whose returned stock has left, and changes nothing', async () => {
    const item = (
      await ctx.db
        .insert(billingItems)
        .values({ name: 'Router R1', sku: 'R1', type: 'product', unit: 'each', inventoryTracked: true, price: 200 })
        .returning({ id: billingItems.id })
    )[0]!.id;
    await stockIn(item, van, 1, 80);
    const sold = await approved([line({ item_id: item, description: 'Router', quantity: 1, stock_location_id: van })]);
    await ok('POST', `/api/billing/invoices/${sold}/post`);
    const note = (await ok('POST', `/api/billing/invoices/${sold}/credit-note`, { reason: 'Returned' })).data as {
      id: number;
    };
    await ok('POST', `/api/billing/invoices/${note.id}/approve`);
    await ok('POST', `/api/billing/invoices/${note.id}/post`);
    expect(await onHand(item, van)).toBe(1);
    // The returned router is sold again, so voiding the note cannot take it out a second time.
    const again = await approved([line({ item_id: item, description: 'Router', quantity: 1, stock_location_id: van })]);
    await ok('POST', `/api/billing/invoices/${again}/post`);
    await unapplyCreditNote(note.id);
    const errors = await errorsOf('POST', `/api/billing/invoices/${note.id}/void`, { reason: 'Mistake' });
    expect(errors.status).toEqual(['Not enough stock at Van 1: 0 on hand. The stock must be back to void.']);
    expect((await detail(note.id)).status).toBe('posted');
    expect(await onHand(item, van)).toBe(0);
    const { stock, ledger } = await tie();
    expect(stock).toBe(ledger);
  });
});
