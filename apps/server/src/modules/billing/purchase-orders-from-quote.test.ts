import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { companies } from '../companies/companies.table.ts';
import { projects } from '../projects/projects.table.ts';
import { quoteLines, quotes } from '../quotes/quotes.table.ts';
import { poLines, purchaseOrders, vendors } from './purchase-orders.table.ts';

// "Create purchase orders" from a quote (designs/billing.md §3.5; decision 0109): one draft PO per preferred vendor of
// the quote's product lines at the items' costs, for the quote's company and project; the rest answered back.

let ctx: TestContext;
let token: string;
let plainToken: string;
let clientToken: string;
let companyId: number;
let projectId: number;
let ingram: number;
let synnex: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Acme Dental' }).returning({ id: companies.id });
  [{ id: projectId }] = await ctx.db
    .insert(projects)
    .values({ title: 'Server room', companyId })
    .returning({ id: projects.id });
  [{ id: ingram }, { id: synnex }] = await ctx.db
    .insert(vendors)
    .values([{ name: 'Ingram Micro' }, { name: 'TD Synnex' }])
    .returning({ id: vendors.id });
  const user = await createUser(ctx.db, { permissions: ['view billing'] });
  token = (await login(ctx.app, user.email, user.password)).access_token;
  const plain = await createUser(ctx.db);
  plainToken = (await login(ctx.app, plain.email, plain.password)).access_token;
  const client = await createUser(ctx.db, { type: 'Client', companyId, permissions: ['view billing'] });
  clientToken = (await login(ctx.app, client.email, client.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (url: string, as = token) => ctx.app.inject({ method: 'POST', url, headers: bearer(as) });

async function item(name: string, type: string, cost: string, vendorId: number | null) {
  const [row] = await ctx.db
    .insert(billingItems)
    .values({ name, type, price: 1000, cost, preferredVendorId: vendorId })
    .returning({ id: billingItems.id });
  return row!.id;
}

async function quote(lines: { description: string; itemId: number | null; quantity: string; optional?: boolean }[]) {
  const [row] = await ctx.db
    .insert(quotes)
    .values({ companyId, projectId, title: 'New firewall', quoteDate: '2026-11-01', status: 'accepted', number: null })
    .returning({ id: quotes.id });
  await ctx.db.insert(quoteLines).values(
    lines.map((line, index) => ({
      quoteId: row!.id,
      lineNo: index + 1,
      description: line.description,
      quantity: line.quantity,
      unitPrice: '1',
      amount: line.quantity,
      itemId: line.itemId,
      optional: line.optional ?? false,
      selected: !line.optional,
    })),
  );
  return row!.id;
}

describe('POST /billing/quotes/{id}/purchase-orders', () => {
  it('makes one draft PO per preferred vendor from product lines at item cost and reports the rest', async () => {
    const firewall = await item('FortiGate 60F', 'product', '512.4000', ingram);
    const switchItem = await item('Aruba 1930', 'product', '301.1250', ingram);
    const ups = await item('APC UPS', 'product', '89.9900', synnex);
    const cable = await item('Cable kit', 'product', '4.0000', null);
    const labor = await item('Install labor', 'service', '0', ingram);
    const id = await quote([
      { description: 'Firewall', itemId: firewall, quantity: '1' },
      { description: 'Setup', itemId: labor, quantity: '3' },
      { description: 'Switch', itemId: switchItem, quantity: '2' },
      { description: 'UPS', itemId: ups, quantity: '1' },
      { description: 'Cables', itemId: cable, quantity: '4' },
      { description: 'Spare UPS', itemId: ups, quantity: '1', optional: true },
      { description: 'Freight', itemId: null, quantity: '1' },
    ]);
    const emit = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    const response = await call(`/api/billing/quotes/${id}/purchase-orders`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.message).toBe('2 purchase orders created.');
    expect(answer.data.skipped_lines).toEqual([{ line_no: 5, description: 'Cables' }]);
    expect(
      answer.data.purchase_orders.map((order: { vendor_name: string; lines: number }) => [
        order.vendor_name,
        order.lines,
      ]),
    ).toEqual([
      ['Ingram Micro', 2],
      ['TD Synnex', 1],
    ]);
    const made = answer.data.purchase_orders.map((order: { id: number }) => order.id) as number[];
    expect(emit.mock.calls.filter((call) => call[1] === 'PurchaseOrderUpdated')).toHaveLength(2);
    emit.mockRestore();
    const [first] = await ctx.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, made[0]!));
    expect([first!.status, first!.vendorId, first!.companyId, first!.projectId, first!.total]).toEqual([
      'draft',
      ingram,
      companyId,
      projectId,
      '1114.65',
    ]);
    const lines = await ctx.db.select().from(poLines).where(eq(poLines.poId, made[0]!)).orderBy(asc(poLines.lineNo));
    expect(
      lines.map((line) => [line.itemId, line.description, line.quantity, line.unitCost, line.billableToClient]),
    ).toEqual([
      [firewall, 'Firewall', '1.00', '512.4000', true],
      [switchItem, 'Switch', '2.00', '301.1250', true],
    ]);
  });

  it('refuses a quote none of whose product lines has a preferred vendor, and a declined one', async () => {
    const cable = await item('Patch panel', 'product', '40', null);
    const none = await quote([{ description: 'Panel', itemId: cable, quantity: '1' }]);
    const before = await ctx.db.select({ id: purchaseOrders.id }).from(purchaseOrders);
    const refused = await call(`/api/billing/quotes/${none}/purchase-orders`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      lines: ['None of the quote’s product lines has an item with a preferred vendor.'],
    });
    expect(await ctx.db.select({ id: purchaseOrders.id }).from(purchaseOrders)).toEqual(before);

    const firewall = await item('FortiGate 40F', 'product', '300', ingram);
    const declined = await quote([{ description: 'Firewall', itemId: firewall, quantity: '1' }]);
    await ctx.db.update(quotes).set({ status: 'declined' }).where(eq(quotes.id, declined));
    const closed = await call(`/api/billing/quotes/${declined}/purchase-orders`);
    expect([closed.statusCode, closed.json().message]).toEqual([
      422,
      'A declined or expired quote cannot be ordered from.',
    ]);
  });

  it("needs 'view billing' staff and answers 404 for an unknown quote", async () => {
    expect((await call('/api/billing/quotes/999999/purchase-orders')).statusCode).toBe(404);
    const firewall = await item('FortiGate 30G', 'product', '200', ingram);
    const id = await quote([{ description: 'Firewall', itemId: firewall, quantity: '1' }]);
    expect((await call(`/api/billing/quotes/${id}/purchase-orders`, plainToken)).statusCode).toBe(403);
    expect((await call(`/api/billing/quotes/${id}/purchase-orders`, clientToken)).statusCode).toBe(403);
  });
});
